//! A problem package in Polygon's own format (what Polygon exports and
//! Codeforces gyms, p2d, rbx-cp and polygon-convert read): `problem.xml`
//! naming the tests (10 points each), the testlib checker and validator in
//! C++ (the C++ referee), both players, the limits and the statement's
//! sections in English and Bulgarian.

use std::path::Path;

use super::{file, test_files, write_all, Problem, ACCEPTED, PARTIAL, POINTS_PER_TEST, SHORT_NAME};
use crate::cli::Failure;
use crate::olympiad::cpp_source::{cpp_source, CppProgram};
use crate::olympiad::statement::{self, Language, LANGUAGES};

/// Polygon's name for the language of the sources it compiles.
const CPP: &str = "cpp.g++17";
const RUST: &str = "rust.2021";

/// Where the statement of `language` goes as a PDF.
fn pdf_path(language: &Language) -> String {
    format!("statements/.pdf/{}/problem.pdf", language.polygon)
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
    let names: String = LANGUAGES
        .iter()
        .map(|l| {
            format!(
                "        <name language=\"{}\" value=\"{}\"/>\n",
                l.polygon, l.title
            )
        })
        .collect();
    let statement: String = match pdf {
        true => LANGUAGES
            .iter()
            .map(|l| {
                format!(
                    "        <statement language=\"{}\" path=\"{}\" type=\"application/pdf\"/>\n",
                    l.polygon,
                    pdf_path(l)
                )
            })
            .collect(),
        false => String::new(),
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
<problem revision=\"1\" short-name=\"{SHORT_NAME}\">\n\
    <names>\n{names}    </names>\n\
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
- `statement-sections/english/`, `statement-sections/bulgarian/`: the
  statement cut into Polygon's sections (name, legend, input, output, scoring,
  notes) in LaTeX, the sample as `example.01` and `example.01.a`, the figures
  as PDF and PNG; `statements/.pdf/LANGUAGE/problem.pdf` where TeX was
  installed to typeset them.

In Polygon: create the problem, turn on points in its general info, upload
the tests with their points, the checker, the validator and the solutions,
and paste the sections into the statement. Codeforces gyms take the package
Polygon builds from it.
";

/// The Polygon package.
pub(super) fn write(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let checker = cpp_source(CppProgram::TestlibChecker);
    let pdfs = statement::pdf_files(|language, _| pdf_path(language));
    let mut files = vec![
        file("problem.xml", problem_xml(problem, pdfs.is_ok())),
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
    files.extend(statement::polygon_files());
    match pdfs {
        Ok(pdfs) => files.extend(pdfs),
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
