//! The statements contestants read: the committed figures are what the
//! judge draws now, both languages say the same things with the same
//! figures and numbers, the sample is the committed one, and nothing meant
//! for the project's own people reaches a contestant.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{judge, root, scratch};
use judge::olympiad::statement::{self, Section, LANGUAGES, SECTIONS};

fn files_in(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

#[test]
fn the_committed_figures_are_what_the_command_writes() {
    let dir = scratch("figures");
    let ran = judge(&["statement", "figures", dir.path().to_str().unwrap()]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let written = files_in(dir.path());
    let committed = files_in(&root().join("docs/problems/figures"));
    assert_eq!(
        written.keys().collect::<Vec<_>>(),
        committed.keys().collect::<Vec<_>>(),
        "docs/problems/figures has other files than `judge statement figures` writes"
    );
    for (name, bytes) in &written {
        assert!(
            committed[name] == *bytes,
            "docs/problems/figures/{name} is stale: run `judge statement figures docs/problems/figures`"
        );
    }
}

/// The images a Markdown text shows, in order.
fn images(markdown: &str) -> Vec<&str> {
    markdown
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("![")?
                .split_once("](")?
                .1
                .strip_suffix(')')
        })
        .collect()
}

/// The contents of the fenced code blocks, in order.
fn code_blocks(markdown: &str) -> Vec<String> {
    markdown
        .split("```\n")
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Every run of digits, in order: the numbers a statement states.
fn numbers(markdown: &str) -> Vec<u64> {
    markdown
        .split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .map(|run| run.parse().unwrap())
        .collect()
}

#[test]
fn both_languages_have_the_same_sections_figures_sample_and_numbers() {
    let [english, bulgarian] = LANGUAGES;
    for language in LANGUAGES {
        let (_, sections) = statement::sections(language.markdown);
        let roles: Vec<Section> = sections
            .iter()
            .map(|(role, _)| *role)
            .filter(|r| *r != Section::Explanation)
            .collect();
        assert_eq!(roles, SECTIONS, "{}: the sections", language.code);
        assert!(
            sections
                .last()
                .is_some_and(|(r, _)| *r == Section::Explanation),
            "{}: the sample's explanation",
            language.code
        );
        for image in images(language.markdown) {
            assert!(
                root().join("docs/problems").join(image).is_file(),
                "{}: {image} is not committed",
                language.code
            );
        }
        assert_eq!(
            code_blocks(language.markdown),
            [
                statement::figures::SAMPLE_INPUT,
                statement::figures::SAMPLE_OUTPUT
            ],
            "{}: the sample must be testdata/olympiad/sample",
            language.code
        );
    }
    assert_eq!(images(english.markdown), images(bulgarian.markdown));
    assert_eq!(images(english.markdown).len(), 3);
    assert_eq!(numbers(english.markdown), numbers(bulgarian.markdown));
}

/// Words that belong to the project, not to a contestant's statement.
const PROJECT_WORDS: [&str; 9] = [
    "project",
    "judge ",
    "--count",
    "decision",
    "visualizer",
    "checker",
    "testdata",
    "docs/",
    "../",
];

fn assert_for_contestants(what: &str, text: &str) {
    let lower = text.to_lowercase();
    for word in PROJECT_WORDS {
        assert!(!lower.contains(word), "{what} says '{word}'");
    }
}

#[test]
fn no_contestant_statement_speaks_of_the_project() {
    for language in LANGUAGES {
        assert_for_contestants(language.code, language.markdown);
        assert_for_contestants(
            &format!("problem.{}.tex", language.code),
            &statement::kattis_tex(language),
        );
        assert_for_contestants(
            &format!("the {} document", language.code),
            &statement::document(language),
        );
    }
    for (name, bytes) in statement::polygon_files() {
        if name.ends_with(".tex") {
            assert_for_contestants(&name, &String::from_utf8(bytes).unwrap());
        }
    }
}

#[test]
fn the_sample_is_left_to_the_systems_that_show_it_themselves() {
    let sample_line = statement::figures::SAMPLE_INPUT.lines().nth(1).unwrap();
    for language in LANGUAGES {
        // Kattis shows data/sample after the statement; the PDF is whole.
        assert!(!statement::kattis_tex(language).contains(sample_line));
        assert_eq!(
            statement::document(language).matches(sample_line).count(),
            1
        );
        // The scoring rule is typeset, not written out in words.
        assert!(statement::kattis_tex(language)
            .contains("\\left\\lfloor \\frac{20X + N}{2N} \\right\\rfloor"));
    }
    let polygon: BTreeMap<String, Vec<u8>> = statement::polygon_files().into_iter().collect();
    for language in ["english", "bulgarian"] {
        let section = |name: &str| {
            String::from_utf8(polygon[&format!("statement-sections/{language}/{name}")].clone())
                .unwrap()
        };
        for part in [
            "legend.tex",
            "input.tex",
            "output.tex",
            "scoring.tex",
            "notes.tex",
        ] {
            assert!(!section(part).contains(sample_line), "{language}/{part}");
            assert!(!section(part).trim().is_empty(), "{language}/{part}");
        }
        assert_eq!(section("example.01"), statement::figures::SAMPLE_INPUT);
        assert!(
            section("notes.tex").contains("cascade"),
            "the notes show the cascade"
        );
        assert!(
            section("legend.tex").contains("rotations"),
            "the legend shows the rotations"
        );
    }
}

/// The math of a Markdown text: what lies between `$` signs outside code.
fn math(markdown: &str) -> Vec<String> {
    let prose: String = markdown.split("```").step_by(2).collect();
    // A displayed formula, between `$$` lines, is one formula too.
    prose
        .replace("$$", "$")
        .split('$')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .filter(|m| !m.trim().is_empty())
        .collect()
}

#[test]
fn the_formulas_survive_a_code_hosts_markdown() {
    // GitHub renders $...$ with MathJax only after its Markdown has run, so
    // a backslash before punctuation (`\,`, `\{`) or an underscore or star
    // pair in a formula would be eaten or turned into emphasis first.
    for language in LANGUAGES {
        let formulas = math(language.markdown);
        assert!(
            formulas.iter().any(|m| m.contains("\\lfloor")),
            "{}",
            language.code
        );
        for formula in formulas {
            let escaped = formula
                .as_bytes()
                .windows(2)
                .any(|w| w[0] == b'\\' && w[1].is_ascii_punctuation());
            assert!(!escaped, "{}: {formula}", language.code);
            assert!(
                !formula.contains(['_', '*']),
                "{}: {formula}",
                language.code
            );
        }
    }
}

/// Checks a PNG with Python's zlib (an inflater the project did not
/// write): its image data inflates, the Adler-32 checksum holds, every row
/// is there with its filter, and every pixel names a colour of the palette.
const PNG_CHECK: &str = r#"
import struct, sys, zlib
png = open(sys.argv[1], 'rb').read()
assert png[:8] == b'\x89PNG\r\n\x1a\n'
at, data = 8, b''
while at < len(png):
    length, = struct.unpack('>I', png[at:at + 4])
    kind, body = png[at + 4:at + 8], png[at + 8:at + 8 + length]
    assert zlib.crc32(kind + body) == struct.unpack('>I', png[at + 8 + length:at + 12 + length])[0]
    if kind == b'IHDR': width, height = struct.unpack('>II', body[:8])
    if kind == b'PLTE': colours = length // 3
    if kind == b'IDAT': data += body
    at += 12 + length
raw = zlib.decompress(data)
assert len(raw) == (width + 1) * height, (len(raw), width, height)
rows = [bytearray(raw[y * (width + 1) + 1:(y + 1) * (width + 1)]) for y in range(height)]
for y in range(1, height):
    assert raw[y * (width + 1)] == 2
    for x in range(width):
        rows[y][x] = (rows[y][x] + rows[y - 1][x]) % 256
assert all(p < colours for row in rows for p in row)
print(width, height)
"#;

#[test]
fn the_png_figures_inflate_into_their_pixels() {
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success());
    if common::external_tool(
        "statement: the PNG figures (Python's zlib)",
        "python3",
        "Debian: python3",
        python,
    )
    .is_none()
    {
        return;
    }
    let figures = root().join("docs/problems/figures");
    let mut checked = 0;
    for (name, _) in files_in(&figures) {
        if !name.ends_with(".png") {
            continue;
        }
        let out = std::process::Command::new("python3")
            .args(["-c", PNG_CHECK])
            .arg(figures.join(&name))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        checked += 1;
    }
    assert_eq!(checked, 3);
}
