//! A problem package in Polygon's own format (what Polygon exports and
//! Codeforces gyms, p2d, rbx-cp and polygon-convert read): `problem.xml`
//! naming the tests (10 points each), the testlib checker and validator in
//! C++ (the C++ referee), both players, the limits and the statement's
//! English sections.

use std::path::Path;

use super::{
    file, statement_pdf, test_files, write_all, Problem, ACCEPTED, PARTIAL, POINTS_PER_TEST,
    SHORT_NAME, STATEMENT,
};
use crate::cli::Failure;
use crate::olympiad::cpp_source::{cpp_source, CppProgram};

/// Polygon's name for the language of the sources it compiles.
const CPP: &str = "cpp.g++17";
const RUST: &str = "rust.2021";

/// The statement's sections, as Polygon splits a statement: which of the
/// Markdown's `##` sections go into each.
const SECTIONS: [(&str, &[&str]); 4] = [
    ("input", &["Input"]),
    ("output", &["Output"]),
    ("scoring", &["Scoring", "Limits"]),
    ("notes", &["Sample", "The visualizer"]),
];

/// The Markdown's `##` sections by title, and what precedes the first.
fn markdown_sections(markdown: &str) -> (String, Vec<(String, String)>) {
    let mut head = String::new();
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in markdown.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            sections.push((title.to_string(), String::new()));
        } else if line.starts_with("# ") {
            // The title: Polygon has its own (name.tex).
        } else if let Some((_, body)) = sections.last_mut() {
            body.push_str(line);
            body.push('\n');
        } else {
            head.push_str(line);
            head.push('\n');
        }
    }
    (head, sections)
}

/// LaTeX of some Markdown, without the problem's name line.
fn latex(markdown: &str) -> String {
    let tex = crate::latex::statement(markdown, "");
    tex.split_once('\n')
        .map_or(tex.clone(), |(_, rest)| rest.trim_start().to_string())
}

/// `statement-sections/english/`: name, legend (everything before Input),
/// input, output, scoring, notes, and the sample as example.01.
fn statement_sections(problem: &Problem) -> Vec<(String, Vec<u8>)> {
    let (head, sections) = markdown_sections(STATEMENT);
    let mut legend = head;
    for (title, body) in sections.iter().take_while(|(t, _)| t != "Input") {
        legend.push_str(&format!("## {title}\n{body}"));
    }
    let dir = "statement-sections/english";
    let mut files = vec![
        file(format!("{dir}/name.tex"), "Tetris\n"),
        file(format!("{dir}/legend.tex"), latex(&legend)),
        file(format!("{dir}/example.01"), problem.sample.bytes.clone()),
        file(format!("{dir}/example.01.a"), problem.sample_answer.clone()),
    ];
    for (name, titles) in SECTIONS {
        let mut text = String::new();
        for (title, body) in &sections {
            if titles.contains(&title.as_str()) {
                if titles.len() > 1 {
                    text.push_str(&format!("## {title}\n"));
                }
                text.push_str(body);
            }
        }
        files.push(file(format!("{dir}/{name}.tex"), latex(&text)));
    }
    files
}

fn problem_xml(problem: &Problem, pdf: bool) -> String {
    let tests: String = problem
        .secret
        .iter()
        .map(|t| {
            format!(
                "                <test method=\"manual\" points=\"{POINTS_PER_TEST}.0\" \
                 description=\"{}: {} pieces\"/>\n",
                t.name,
                t.pieces.len()
            )
        })
        .collect();
    let statement = match pdf {
        true => {
            "        <statement language=\"english\" path=\"statements/.pdf/english/problem.pdf\" \
                 type=\"application/pdf\"/>\n"
        }
        false => "",
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
<problem revision=\"1\" short-name=\"{SHORT_NAME}\">\n\
    <names>\n\
        <name language=\"english\" value=\"Tetris\"/>\n\
    </names>\n\
    <statements>\n{statement}    </statements>\n\
    <judging input-file=\"\" output-file=\"\" run-count=\"1\">\n\
        <testset name=\"tests\">\n\
            <time-limit>1000</time-limit>\n\
            <memory-limit>268435456</memory-limit>\n\
            <test-count>{count}</test-count>\n\
            <input-path-pattern>tests/%02d</input-path-pattern>\n\
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>\n\
            <tests>\n{tests}            </tests>\n\
        </testset>\n\
    </judging>\n\
    <files>\n\
        <resources/>\n\
        <executables>\n\
            <executable>\n\
                <source path=\"files/validator.cpp\" type=\"{CPP}\"/>\n\
            </executable>\n\
        </executables>\n\
    </files>\n\
    <assets>\n\
        <checker type=\"testlib\">\n\
            <source path=\"files/check.cpp\" type=\"{CPP}\"/>\n\
            <copy path=\"check.cpp\"/>\n\
        </checker>\n\
        <validators>\n\
            <validator>\n\
                <source path=\"files/validator.cpp\" type=\"{CPP}\"/>\n\
            </validator>\n\
        </validators>\n\
        <solutions>\n\
            <solution tag=\"main\">\n\
                <source path=\"solutions/olympiad.rs\" type=\"{RUST}\"/>\n\
            </solution>\n\
            <solution tag=\"rejected\">\n\
                <source path=\"solutions/weak.rs\" type=\"{RUST}\"/>\n\
            </solution>\n\
        </solutions>\n\
    </assets>\n\
</problem>\n",
        count = problem.secret.len(),
    )
}

const README: &str = "\
# Tetris: a Polygon package

Polygon's own package format, as Polygon exports it and Codeforces gyms, p2d
(Polygon to DOMjudge), rbx-cp and polygon-convert (Polygon to CMS) read it:

- `problem.xml`: the tests `tests/01` .. `tests/10` (10 points each, 1 second,
  256 MB), the checker, the validator and the solutions.
- `files/check.cpp` (and its copy `check.cpp`): the testlib checker; every piece
  placed: ok; some points: `quitp` (exit 7, `points P`); none: wrong answer; a
  bad test: FAIL.
- `files/validator.cpp`: the testlib validator (the test's exact layout).
- Both compile with `g++ -std=c++17` beside testlib.h, which Polygon provides
  (elsewhere put testlib.h 0.9.44 or newer beside them).
- `solutions/olympiad.rs` (main, 100 points) and `solutions/weak.rs` (22).
- `statement-sections/english/`: the statement's sections in LaTeX and the
  sample as `example.01`; `statements/.pdf/english/problem.pdf` where TeX was
  installed to typeset it.

In Polygon: create the problem, turn on points in its general info, upload
the tests with their points, the checker, the validator and the solutions,
and paste the sections into the statement. Codeforces gyms take the package
Polygon builds from it.
";

/// The Polygon package.
pub(super) fn write(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let checker = cpp_source(CppProgram::TestlibChecker);
    let pdf = statement_pdf();
    let mut files = vec![
        file("problem.xml", problem_xml(problem, pdf.is_ok())),
        file("README.md", README),
        file("files/check.cpp", checker.clone()),
        file("check.cpp", checker),
        file(
            "files/validator.cpp",
            cpp_source(CppProgram::TestlibValidator),
        ),
        file("solutions/olympiad.rs", ACCEPTED),
        file("solutions/weak.rs", PARTIAL),
    ];
    files.extend(statement_sections(problem));
    match pdf {
        Ok(pdf) => files.push(file("statements/.pdf/english/problem.pdf", pdf)),
        Err(why) => crate::say!("note: no statement PDF ({why}); problem.xml names none"),
    }
    files.extend(test_files(problem, |i| {
        (
            format!("tests/{:02}", i + 1),
            format!("tests/{:02}.a", i + 1),
        )
    }));
    write_all(dir, &files)
}
