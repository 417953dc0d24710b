//! The project's Markdown statements as LaTeX, for contest systems that
//! typeset statements with TeX (the Kattis problem format). Only what the
//! statements use: headings, paragraphs, lists, tables, code blocks,
//! `code`, **bold** and links (their text).

/// TeX's special characters escaped, and the mathematical signs the
/// statements use set in math mode (text fonts may lack them).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(ch);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '×' => out.push_str("$\\times$"),
            '−' => out.push_str("$-$"),
            c => out.push(c),
        }
    }
    out
}

/// Inline Markdown: `code`, **bold**, [text](address).
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(['`', '*', '[']) {
        out.push_str(&escape(&rest[..at]));
        let tail = &rest[at..];
        let (marker, close) = match tail.as_bytes()[0] {
            b'`' => ("`", "`"),
            b'*' if tail.starts_with("**") => ("**", "**"),
            b'[' => ("[", "]("),
            _ => ("", ""),
        };
        let body_end = match marker {
            "" => None,
            _ => tail[marker.len()..].find(close),
        };
        let Some(end) = body_end else {
            out.push_str(&escape(&tail[..1]));
            rest = &tail[1..];
            continue;
        };
        let body = &tail[marker.len()..marker.len() + end];
        let mut after = &tail[marker.len() + end + close.len()..];
        match marker {
            "`" => out.push_str(&format!("\\texttt{{{}}}", escape(body))),
            "**" => out.push_str(&format!("\\textbf{{{}}}", inline(body))),
            _ => {
                out.push_str(&inline(body));
                after = after.split_once(')').map_or("", |(_, a)| a);
            }
        }
        rest = after;
    }
    out.push_str(&escape(rest));
    out
}

fn table(rows: &[&str]) -> String {
    let cells = |row: &str| -> Vec<String> {
        row.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| inline(c.trim()))
            .collect()
    };
    let header = cells(rows[0]);
    let mut out = format!(
        "\\begin{{center}}\\begin{{tabular}}{{|{}|}}\n\\hline\n",
        vec!["l"; header.len()].join("|")
    );
    out.push_str(&format!("{} \\\\ \\hline\n", header.join(" & ")));
    for row in rows.iter().skip(2) {
        out.push_str(&format!("{} \\\\ \\hline\n", cells(row).join(" & ")));
    }
    out.push_str("\\end{tabular}\\end{center}\n\n");
    out
}

/// The statement as a Kattis LaTeX statement named `name`: the first-level
/// heading becomes `\problemname`, the others unnumbered sections.
pub fn statement(markdown: &str, name: &str) -> String {
    let mut out = format!("\\problemname{{{}}}\n\n", escape(name));
    let lines: Vec<&str> = markdown.lines().collect();
    let mut i = 0;
    let mut paragraph: Vec<String> = Vec::new();
    let flush = |paragraph: &mut Vec<String>, out: &mut String| {
        if !paragraph.is_empty() {
            out.push_str(&inline(&paragraph.join(" ")));
            out.push_str("\n\n");
            paragraph.clear();
        }
    };
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("```") {
            flush(&mut paragraph, &mut out);
            out.push_str("\\begin{verbatim}\n");
            i += 1;
            while i < lines.len() && !lines[i].starts_with("```") {
                out.push_str(lines[i]);
                out.push('\n');
                i += 1;
            }
            out.push_str("\\end{verbatim}\n\n");
        } else if let Some(title) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut out);
            out.push_str(&format!("\\section*{{{}}}\n\n", inline(title)));
        } else if line.starts_with("# ") {
            flush(&mut paragraph, &mut out);
        } else if line.starts_with('|') {
            flush(&mut paragraph, &mut out);
            let start = i;
            while i < lines.len() && lines[i].starts_with('|') {
                i += 1;
            }
            out.push_str(&table(&lines[start..i]));
            continue;
        } else if line.starts_with("- ") {
            flush(&mut paragraph, &mut out);
            out.push_str("\\begin{itemize}\n");
            while i < lines.len() && lines[i].starts_with("- ") {
                let mut item = lines[i][2..].to_string();
                i += 1;
                while i < lines.len() && lines[i].starts_with("  ") {
                    item.push(' ');
                    item.push_str(lines[i].trim());
                    i += 1;
                }
                out.push_str(&format!("\\item {}\n", inline(&item)));
            }
            out.push_str("\\end{itemize}\n\n");
            continue;
        } else if line.trim().is_empty() {
            flush(&mut paragraph, &mut out);
        } else {
            paragraph.push(line.trim().to_string());
        }
        i += 1;
    }
    flush(&mut paragraph, &mut out);
    out
}

/// The statement as a whole LaTeX document for LuaLaTeX, for systems that
/// take a PDF (CMS): the body of `statement` on A4 with the standard classes,
/// the same bytes on every run (see `typeset_pdf`).
pub fn document(markdown: &str, name: &str) -> String {
    format!(
        "\\documentclass[11pt,a4paper]{{article}}\n\\usepackage{{fontspec}}\n\
         \\pdfvariable trailerid {{[<{PDF_ID}> <{PDF_ID}>]}}\n\
         \\usepackage[margin=2.3cm]{{geometry}}\n\\usepackage{{parskip}}\n\
         \\newcommand{{\\problemname}}[1]{{\\begin{{center}}\\LARGE\\bfseries #1\\end{{center}}}}\n\
         \\begin{{document}}\n{}\\end{{document}}\n",
        statement(markdown, name)
    )
}

/// The PDF's file identifier: LuaTeX would derive it from the time and the
/// path of the output, which differ from run to run.
const PDF_ID: &str = "54455452495320413220323031322E31";

/// A fixed date for the PDF's metadata, so that the same statement gives
/// the same bytes (the olympiad's day).
const SOURCE_DATE_EPOCH: &str = "1339286400";

/// Typesets a LaTeX document with `lualatex` (or the program `LUALATEX`
/// names) into PDF bytes. Err says why,
/// in words an organiser can act on (no TeX, or TeX's own error line).
pub fn typeset_pdf(tex: &str, work: &std::path::Path) -> Result<Vec<u8>, String> {
    let source = work.join("statement.tex");
    std::fs::write(&source, tex).map_err(|e| format!("{}: {e}", source.display()))?;
    let program = std::env::var_os("LUALATEX").unwrap_or_else(|| "lualatex".into());
    let ran = std::process::Command::new(&program)
        .args([
            "-interaction=nonstopmode",
            "-halt-on-error",
            "statement.tex",
        ])
        .current_dir(work)
        .env("SOURCE_DATE_EPOCH", SOURCE_DATE_EPOCH)
        .env("FORCE_SOURCE_DATE", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| {
            let name = program.to_string_lossy();
            format!("cannot run {name} ({e}): no TeX is installed")
        })?;
    if !ran.status.success() {
        let log = String::from_utf8_lossy(&ran.stdout);
        let first_error = log
            .lines()
            .find(|l| l.starts_with('!'))
            .unwrap_or("no error line in its log");
        return Err(format!("lualatex failed: {first_error}"));
    }
    let pdf = work.join("statement.pdf");
    std::fs::read(&pdf).map_err(|e| format!("{}: {e}", pdf.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markup_and_special_characters() {
        assert_eq!(
            inline("**[project decision]** `x_1` is ≤ 10% of [the docs](a.md) & #"),
            "\\textbf{[project decision]} \\texttt{x\\_1} is $\\le$ 10\\% of the docs \\& \\#"
        );
        assert_eq!(inline("a * b and ` alone"), "a * b and ` alone");
    }

    #[test]
    fn blocks_become_sections_lists_tables_and_verbatim() {
        let md = "# Title\n\nSome\ntext.\n\n## Input\n\n- one\n  more\n- two\n\n| a | b |\n| --- | --- |\n| 1 | `2` |\n\n```\n|44  A|\n```\n";
        let tex = statement(md, "Tetris");
        assert_eq!(
            tex,
            "\\problemname{Tetris}\n\nSome text.\n\n\\section*{Input}\n\n\\begin{itemize}\n\\item one more\n\\item two\n\\end{itemize}\n\n\
             \\begin{center}\\begin{tabular}{|l|l|}\n\\hline\na & b \\\\ \\hline\n1 & \\texttt{2} \\\\ \\hline\n\\end{tabular}\\end{center}\n\n\
             \\begin{verbatim}\n|44  A|\n\\end{verbatim}\n\n"
        );
    }
}
