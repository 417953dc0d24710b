//! The project's Markdown statements as LaTeX, for contest systems that
//! typeset statements with TeX (the Kattis problem format). Only what the
//! statements use: headings, paragraphs, lists, tables, code blocks,
//! `code`, **bold**, *emphasis*, links (their text), images, and math
//! between `$` (inline) or on lines between `$$` (displayed), which
//! Markdown hosts render with MathJax and LaTeX takes as it is.

/// Where a Markdown image is for LaTeX: the graphics file (found beside
/// the .tex file) and its width as a fraction of the text's width; None
/// for an image the document does not have.
pub type Images<'a> = &'a dyn Fn(&str) -> Option<(String, f64)>;

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

/// Inline Markdown: `code`, **bold**, *emphasis*, [text](address), $math$.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(['`', '*', '[', '$']) {
        out.push_str(&escape(&rest[..at]));
        let tail = &rest[at..];
        let (marker, close) = match tail.as_bytes()[0] {
            b'`' => ("`", "`"),
            b'*' if tail.starts_with("**") => ("**", "**"),
            b'*' if tail[1..].starts_with(|c: char| !c.is_whitespace()) => ("*", "*"),
            b'[' => ("[", "]("),
            b'$' => ("$", "$"),
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
            "*" => out.push_str(&format!("\\emph{{{}}}", inline(body))),
            "$" => out.push_str(&format!("${body}$")),
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

/// The LaTeX list a line starts an item of: `- ` itemize, `1. ` enumerate.
fn list_item(line: &str) -> Option<&'static str> {
    if line.starts_with("- ") {
        return Some("itemize");
    }
    let (number, _) = line.split_once(". ")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some("enumerate")
}

/// An image on a line of its own, `![text](path)`, centred at the width
/// `images` gives it; an image `images` does not know is its text.
fn image(line: &str, images: Images) -> Option<String> {
    let (text, path) = line
        .strip_prefix("![")?
        .strip_suffix(')')?
        .split_once("](")?;
    Some(match images(path) {
        Some((file, width)) => format!(
            "\\begin{{center}}\\includegraphics[width={width:.2}\\textwidth]{{{file}}}\\end{{center}}\n\n"
        ),
        None => format!("[{}]\n\n", inline(text)),
    })
}

/// The statement as a Kattis LaTeX statement named `name`: the first-level
/// heading becomes `\problemname`, the others unnumbered sections.
pub fn statement(markdown: &str, name: &str, images: Images) -> String {
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
        } else if line.trim() == "$$" {
            flush(&mut paragraph, &mut out);
            out.push_str("\\[\n");
            i += 1;
            while i < lines.len() && lines[i].trim() != "$$" {
                out.push_str(lines[i].trim());
                out.push('\n');
                i += 1;
            }
            out.push_str("\\]\n\n");
        } else if let Some(figure) = image(line.trim(), images) {
            flush(&mut paragraph, &mut out);
            out.push_str(&figure);
        } else if let Some(title) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut out);
            out.push_str(&format!("\\section*{{{}}}\n\n", inline(title)));
        } else if let Some(title) = line.strip_prefix("### ") {
            flush(&mut paragraph, &mut out);
            out.push_str(&format!("\\subsection*{{{}}}\n\n", inline(title)));
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
        } else if let Some(kind) = list_item(line) {
            flush(&mut paragraph, &mut out);
            out.push_str(&format!("\\begin{{{kind}}}\n"));
            while let Some(text) = lines
                .get(i)
                .and_then(|l| list_item(l).filter(|k| *k == kind).map(|_| l))
            {
                let mut item = text.split_once(' ').map_or("", |(_, t)| t).to_string();
                i += 1;
                while i < lines.len() && lines[i].starts_with("  ") {
                    item.push(' ');
                    item.push_str(lines[i].trim());
                    i += 1;
                }
                out.push_str(&format!("\\item {}\n", inline(&item)));
            }
            out.push_str(&format!("\\end{{{kind}}}\n\n"));
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

/// A statement body (from `statement`) as a whole LaTeX document for
/// LuaLaTeX, for systems that take a PDF (CMS, DOMjudge): A4 with the
/// standard classes, the same bytes on every run (see `typeset_pdf`).
/// The fonts are Computer Modern Unicode where installed (what
/// problemtools' class uses), else DejaVu: both have Cyrillic, and a
/// character missing from the font stops TeX rather than vanishing.
pub fn document(body: &str) -> String {
    format!(
        "\\documentclass[11pt,a4paper]{{article}}\n\\usepackage{{fontspec}}\n\\usepackage{{amsmath}}\n\
         \\usepackage{{graphicx}}\n\\tracinglostchars=3\n\
         \\IfFontExistsTF{{CMU Serif}}{{\\setmainfont{{CMU Serif}}\\setsansfont{{CMU Sans Serif}}\
         \\setmonofont{{CMU Typewriter Text}}}}{{\\setmainfont{{DejaVu Serif}}\\setsansfont{{DejaVu Sans}}\
         \\setmonofont{{DejaVu Sans Mono}}}}\n\
         \\pdfvariable trailerid {{[<{PDF_ID}> <{PDF_ID}>]}}\n\
         \\usepackage[margin=2.3cm]{{geometry}}\n\\usepackage{{parskip}}\n\
         \\newcommand{{\\problemname}}[1]{{\\begin{{center}}\\LARGE\\bfseries #1\\end{{center}}}}\n\
         \\begin{{document}}\n{body}\\end{{document}}\n"
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
            inline("**[bold]** `x_1` is ≤ 10% of [the docs](a.md) & #"),
            "\\textbf{[bold]} \\texttt{x\\_1} is $\\le$ 10\\% of the docs \\& \\#"
        );
        assert_eq!(inline("a * b and ` alone"), "a * b and ` alone");
        assert_eq!(
            inline("*components*: $x + w \\le 10$, 5 $"),
            "\\emph{components}: $x + w \\le 10$, 5 \\$"
        );
    }

    #[test]
    fn blocks_become_sections_lists_tables_and_verbatim() {
        let md = "# Title\n\nSome\ntext.\n\n## Input\n\n- one\n  more\n- two\n\n| a | b |\n| --- | --- |\n| 1 | `2` |\n\n```\n|44  A|\n```\n";
        let tex = statement(md, "Tetris", &|_| None);
        assert_eq!(
            tex,
            "\\problemname{Tetris}\n\nSome text.\n\n\\section*{Input}\n\n\\begin{itemize}\n\\item one more\n\\item two\n\\end{itemize}\n\n\
             \\begin{center}\\begin{tabular}{|l|l|}\n\\hline\na & b \\\\ \\hline\n1 & \\texttt{2} \\\\ \\hline\n\\end{tabular}\\end{center}\n\n\
             \\begin{verbatim}\n|44  A|\n\\end{verbatim}\n\n"
        );
    }

    #[test]
    fn numbered_lists_displayed_math_subsections_and_figures() {
        let md = "## A\n\n1. one\n   more\n2. two\n\n$$\n\\frac{1}{2}\n$$\n\n### B\n\n![Known](f/known.svg)\n\n![Unknown *one*](f/x.svg)\n";
        let images = |path: &str| (path == "f/known.svg").then(|| ("known".to_string(), 0.5));
        assert_eq!(
            statement(md, "T", &images),
            "\\problemname{T}\n\n\\section*{A}\n\n\\begin{enumerate}\n\\item one more\n\\item two\n\\end{enumerate}\n\n\
             \\[\n\\frac{1}{2}\n\\]\n\n\\subsection*{B}\n\n\
             \\begin{center}\\includegraphics[width=0.50\\textwidth]{known}\\end{center}\n\n\
             [Unknown \\emph{one}]\n\n"
        );
    }
}
