//! Problem A2's statement as contestants read it, in English and
//! Bulgarian: the Markdown sources under `docs/problems/`, their figures,
//! and the files each contest system's package takes: LaTeX for Kattis
//! (problemtools) and Polygon, whole PDFs for CMS and DOMjudge.
//!
//! Both sources have the same sections in the same order (`SECTIONS`), so
//! the packages can leave out the sample where the system shows it itself
//! and cut the statement into Polygon's parts, in either language.

pub mod figures;

use crate::latex;
use crate::picture::PDF_POINTS_PER_UNIT;

/// One language of the statement.
pub struct Language {
    /// ISO 639-1 code, as problemtools and CMS name languages.
    pub code: &'static str,
    /// Polygon's name of the language.
    pub polygon: &'static str,
    /// The problem's name in the language.
    pub title: &'static str,
    /// The Markdown source.
    pub markdown: &'static str,
    /// What problemtools' class calls "Sample Input" and "Sample Output"
    /// (it knows only a few languages; for the others the statement says).
    pub sample_names: Option<(&'static str, &'static str)>,
    /// Whether its script is Cyrillic, which the Latin Modern fonts that
    /// LuaLaTeX falls back on lack.
    pub cyrillic: bool,
}

pub const ENGLISH: Language = Language {
    code: "en",
    polygon: "english",
    title: "Tetris",
    markdown: include_str!("../../../../docs/problems/olympiad-a2.md"),
    sample_names: None,
    cyrillic: false,
};

pub const BULGARIAN: Language = Language {
    code: "bg",
    polygon: "bulgarian",
    title: "Тетрис",
    markdown: include_str!("../../../../docs/problems/olympiad-a2.bg.md"),
    sample_names: Some(("Примерен вход", "Примерен изход")),
    cyrillic: true,
};

/// For a Cyrillic statement under problemtools' class: it sets Computer
/// Modern Unicode as the main font when installed (Debian: fonts-cmu) but
/// keeps Latin Modern for headings; both get a font with Cyrillic here
/// (DejaVu where CMU is missing), and a character still missing stops TeX
/// instead of vanishing from the page. plasTeX (the HTML) has no fonts.
const CYRILLIC_FONTS: &str = "\\ifplastex\\else\n\\tracinglostchars=3\n\
\\IfFontExistsTF{CMU Serif}{\\setmainfont{CMU Serif}\\setsansfont{CMU Sans Serif}}\
{\\setmainfont{DejaVu Serif}\\setsansfont{DejaVu Sans}}\n\\fi\n";

/// Every language, the primary one (English) first.
pub const LANGUAGES: [&Language; 2] = [&ENGLISH, &BULGARIAN];

/// What each `## ` section of a statement is, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// The story and the rules: Polygon's legend.
    Legend,
    Input,
    Output,
    Scoring,
    Limits,
    /// The sample's input and output, which Kattis and Polygon show from
    /// their own files.
    Sample,
    /// The sample explained: Polygon's notes.
    Explanation,
}

/// The sections of both statements, in order.
pub const SECTIONS: [Section; 12] = [
    Section::Legend, // the well
    Section::Legend, // the pieces
    Section::Legend, // rotations
    Section::Legend, // a move
    Section::Legend, // the fall
    Section::Legend, // full rows and cascades
    Section::Legend, // the end of the game
    Section::Input,
    Section::Output,
    Section::Scoring,
    Section::Limits,
    Section::Sample,
];

/// A statement cut at its `## ` headings: the text before the first one,
/// then each section with its heading line. The explanation of the sample
/// is the `### ` part inside the sample section.
pub fn sections(markdown: &str) -> (String, Vec<(Section, String)>) {
    let mut parts = markdown.split("\n## ");
    let head = parts.next().unwrap_or("").to_string() + "\n";
    let mut cut = Vec::new();
    for (i, part) in parts.enumerate() {
        let role = SECTIONS.get(i).copied().unwrap_or(Section::Legend);
        let text = format!("## {part}\n");
        match (role, text.split_once("\n### ")) {
            (Section::Sample, Some((sample, explanation))) => {
                cut.push((Section::Sample, sample.to_string() + "\n"));
                cut.push((Section::Explanation, format!("## {explanation}")));
            }
            _ => cut.push((role, text)),
        }
    }
    (head, cut)
}

/// The statement without its sample's input and output, for systems that
/// show the sample from their own files.
fn without_sample(markdown: &str) -> String {
    let (head, sections) = sections(markdown);
    sections
        .into_iter()
        .filter(|(role, _)| *role != Section::Sample)
        .fold(head, |text, (_, section)| text + &section)
}

/// Where the figures are for LaTeX: `figures/NAME.svg` in the Markdown is
/// `NAME.pdf` beside the .tex file, at its natural size where it fits.
fn figure_for_latex(path: &str) -> Option<(String, f64)> {
    let name = path.strip_prefix("figures/")?.strip_suffix(".svg")?;
    let figure = figures::all().into_iter().find(|f| f.name == name)?;
    /// The narrowest text width of the layouts used (problemtools' A4).
    const TEXT_WIDTH_POINTS: f64 = 450.0;
    let width = f64::from(figure.picture.width) * PDF_POINTS_PER_UNIT / TEXT_WIDTH_POINTS;
    Some((name.to_string(), width.min(1.0)))
}

/// The figures as the LaTeX statements include them, `\includegraphics{NAME}`:
/// LuaLaTeX takes `NAME.pdf` (vector), HTML converters such as plasTeX
/// `NAME.png`.
pub fn latex_figures() -> Vec<(String, Vec<u8>)> {
    figures::files()
        .into_iter()
        .filter(|(name, _)| !name.ends_with(".svg"))
        .collect()
}

/// The LaTeX of a Markdown text, without `\problemname`.
fn body(markdown: &str) -> String {
    let tex = latex::statement(markdown, "", &figure_for_latex);
    tex.split_once("\n\n")
        .map_or(tex.clone(), |(_, rest)| rest.to_string())
}

/// The Kattis statement `problem.CODE.tex`, for problemtools' class: no
/// sample (the class shows `data/sample` after the statement), and in a
/// language the class does not know, its names for the sample's headings.
pub fn kattis_tex(language: &Language) -> String {
    let mut tex = match language.cyrillic {
        true => CYRILLIC_FONTS.to_string(),
        false => String::new(),
    };
    tex += &latex::statement(
        &without_sample(language.markdown),
        language.title,
        &figure_for_latex,
    );
    if let Some((input, output)) = language.sample_names {
        tex.push_str(&format!(
            "\\gdef\\sampleinputname{{{input}}}\n\\gdef\\sampleoutputname{{{output}}}\n"
        ));
    }
    tex
}

/// The whole statement, sample included, as a LaTeX document (see
/// `latex::document`).
pub fn document(language: &Language) -> String {
    latex::document(&latex::statement(
        language.markdown,
        language.title,
        &figure_for_latex,
    ))
}

/// The statement typeset as a PDF with its figures, in the scratch folder
/// `work`. Err says why not (no TeX, or TeX's error).
pub fn pdf(language: &Language, work: &std::path::Path) -> Result<Vec<u8>, String> {
    for (name, bytes) in latex_figures() {
        let path = work.join(&name);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    latex::typeset_pdf(&document(language), work)
}

/// Polygon's statement sections for every language, under
/// `statement-sections/LANGUAGE/`: `name.tex`, `legend.tex`, `input.tex`,
/// `output.tex`, `scoring.tex` (with the limits), `notes.tex` (the
/// sample explained), the sample as `example.01` and `example.01.a`, and
/// the figures.
pub fn polygon_files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for language in LANGUAGES {
        let folder = format!("statement-sections/{}", language.polygon);
        let (_, sections) = sections(language.markdown);
        let part = |wanted: &[Section], keep_heading: bool| -> String {
            sections
                .iter()
                .filter(|(role, _)| wanted.contains(role))
                .map(|(_, text)| match keep_heading {
                    true => body(text),
                    // Polygon writes the part's own heading.
                    false => body(text.split_once('\n').map_or("", |(_, rest)| rest)),
                })
                .collect()
        };
        let mut add = |name: &str, text: String| {
            files.push((format!("{folder}/{name}"), text.into_bytes()));
        };
        add("name.tex", format!("{}\n", language.title));
        add("legend.tex", part(&[Section::Legend], true));
        add("input.tex", part(&[Section::Input], false));
        add("output.tex", part(&[Section::Output], false));
        add(
            "scoring.tex",
            part(&[Section::Scoring, Section::Limits], true),
        );
        add("notes.tex", part(&[Section::Explanation], false));
        add("example.01", figures::SAMPLE_INPUT.to_string());
        add("example.01.a", figures::SAMPLE_OUTPUT.to_string());
        for (name, bytes) in latex_figures() {
            files.push((format!("{folder}/{name}"), bytes));
        }
    }
    files
}

/// The Kattis package's statement files: `problem_statement/problem.CODE.tex`
/// for every language and the figures beside them.
pub fn kattis_files() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = LANGUAGES
        .iter()
        .map(|l| {
            (
                format!("problem_statement/problem.{}.tex", l.code),
                kattis_tex(l).into_bytes(),
            )
        })
        .collect();
    for (name, bytes) in latex_figures() {
        files.push((format!("problem_statement/{name}"), bytes));
    }
    files
}

/// The statement as Markdown, as contestants read it on a site that shows
/// Markdown (CMS's and Action's packages): `statement.md` in English,
/// `statement.CODE.md` in the other languages, and the SVG figures they
/// link, `figures/NAME.svg`, beside them as in `docs/problems/`.
pub fn markdown_files() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = LANGUAGES
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let name = match i {
                0 => "statement.md".to_string(),
                _ => format!("statement.{}.md", l.code),
            };
            (name, l.markdown.as_bytes().to_vec())
        })
        .collect();
    for (name, bytes) in figures::files() {
        if name.ends_with(".svg") {
            files.push((format!("figures/{name}"), bytes));
        }
    }
    files
}

/// Every language's statement as a PDF, named by `place` (which is told
/// whether the language is the primary one, English); Err says why they
/// could not be typeset (no TeX, or TeX's error).
pub fn pdf_files(
    place: impl Fn(&Language, bool) -> String,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut typeset = Vec::new();
    for (i, language) in LANGUAGES.into_iter().enumerate() {
        let work = crate::process::ScratchDir::new("statement").map_err(|e| e.to_string())?;
        typeset.push((place(language, i == 0), pdf(language, work.path())?));
    }
    Ok(typeset)
}
