//! `judge package SYSTEM DIR`: a ready-to-upload package of problem A2 for
//! Kattis (problemtools), DOMjudge, CMS or Polygon, from the committed tests,
//! the statement and the submissions. Every checker goes in as one Rust
//! source generated from the judge's own rules (`olympiad::standalone`),
//! which the contest system compiles itself.

use std::path::{Path, PathBuf};

use crate::cli::{exit, opt, write_file, Args, Command, Failure, Opt, Spec};
use crate::olympiad::baseline;
use crate::olympiad::checker_source::{source, Program};
use crate::olympiad::format::format_moves;
use crate::olympiad::judge::Test;
use crate::olympiad::statement;
use crate::olympiad::tests_data::{package_tests, PackageTests};
use crate::process::ScratchDir;

const TESTS: Opt = opt(
    "--tests",
    "DIR",
    "the secret tests (default: the official tests built into judge)",
);
const SAMPLE: Opt = opt(
    "--sample",
    "DIR",
    "Tetris.in and Tetris.out (default: the sample built into judge)",
);

pub static SPEC: Spec = Spec {
    command: "package",
    positional: "SYSTEM DIR",
    min_positional: 2,
    max_positional: 2,
    about: "Write a ready-to-upload package of problem A2 into DIR/tetris for SYSTEM:\n\
            kattis (problemtools), domjudge (also DIR/tetris.zip), cms (italy_yaml task folder)\n\
            or polygon (tests, testlib-style checker, instructions). See docs/contest-systems.md.",
    options: &[TESTS, SAMPLE],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// The short name of the problem in every package.
pub const SHORT_NAME: &str = "tetris";

const STATEMENT: &str = include_str!("../../../../docs/problems/olympiad-a2.md");
const ACCEPTED: &str = include_str!("../../../../solutions/olympiad/src/main.rs");
const PARTIAL: &str = include_str!("../../../../solutions/olympiad-weak/src/main.rs");

/// Points of each secret test.
const POINTS_PER_TEST: u32 = 10;

/// What every package is made of.
struct Problem {
    sample: Test,
    /// The sample's output, a valid answer shown to contestants.
    sample_answer: Vec<u8>,
    secret: Vec<Test>,
}

/// A reference answer for a test: the baseline player's moves. Validators
/// ignore answer files (the score is absolute); they are for reading.
fn reference_answer(test: &Test) -> String {
    format_moves(&baseline::choose_moves(&test.pieces))
}

fn main(args: Args) -> Result<i32, Failure> {
    let system = args.positional[0].to_str().unwrap_or("");
    let target = PathBuf::from(&args.positional[1]).join(SHORT_NAME);
    let writer: fn(&Path, &Problem) -> Result<(), Failure> = match system {
        "kattis" => |dir, p| kattis(dir, p, false),
        "domjudge" => |dir, p| kattis(dir, p, true),
        "cms" => cms,
        "polygon" => polygon,
        other => {
            return Err(args
                .usage_error(format!(
                    "unknown system '{other}' (kattis, domjudge, cms, polygon)"
                ))
                .into())
        }
    };
    if std::fs::read_dir(&target).is_ok_and(|mut entries| entries.next().is_some()) {
        return Err(Failure::judge(format!(
            "{} exists and is not empty; choose another DIR",
            target.display()
        )));
    }
    let PackageTests {
        sample,
        sample_answer,
        secret,
    } = package_tests(args.path(&TESTS).as_deref(), args.path(&SAMPLE).as_deref())?;
    let problem = Problem {
        sample,
        sample_answer,
        secret,
    };
    writer(&target, &problem)?;
    if system == "domjudge" {
        let zip = target.with_extension("zip");
        crate::zip::zip_folder(&target, &zip).map_err(|e| Failure::io(&zip, e))?;
        crate::say!("wrote {}", zip.display());
    }
    crate::say!(
        "wrote {} ({system}: {} secret tests, {} points)",
        target.display(),
        problem.secret.len(),
        POINTS_PER_TEST as usize * problem.secret.len()
    );
    Ok(exit::OK)
}

/// Writes `files` (path relative to `dir`, contents) under `dir`.
fn write_all(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), Failure> {
    for (name, body) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Failure::io(parent, e))?;
        }
        write_file(&path, body)?;
    }
    Ok(())
}

fn file(name: impl Into<String>, body: impl Into<Vec<u8>>) -> (String, Vec<u8>) {
    (name.into(), body.into())
}

/// The statement as `statement` and both players in the folder `players`.
fn statement_and_players(statement: &str, players: &str) -> [(String, Vec<u8>); 3] {
    [
        file(statement, STATEMENT),
        file(format!("{players}/olympiad.rs"), ACCEPTED),
        file(format!("{players}/weak.rs"), PARTIAL),
    ]
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| Failure::io(path, e))
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> Result<(), Failure> {
    Ok(())
}

/// The secret tests in the system's layout: `name(i)` gives the paths of
/// test i's input and reference answer.
fn test_files(
    problem: &Problem,
    name: impl Fn(usize) -> (String, String),
) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for (i, test) in problem.secret.iter().enumerate() {
        let (input, answer) = name(i);
        files.push(file(input, test.bytes.clone()));
        files.push(file(answer, reference_answer(test)));
    }
    files
}

/// The Kattis problem package (legacy problemtools format), and with
/// `domjudge` the same tree with the build script DOMjudge's judgehosts run.
fn kattis(dir: &Path, problem: &Problem, domjudge: bool) -> Result<(), Failure> {
    let problem_yaml = "\
name: Tetris
uuid: 5bf44c9d-1203-49b3-9045-48e63f8d3b5b
author: Alexander Georgiev
source: Bulgarian national olympiad in informatics 2012, problem A2
license: permission
rights_owner: the problem's author
# Points per test: the output validator writes round(10 X / N) to score.txt
# and always accepts a judged game, so a test worth 0 is judged, not
# rejected, and the later tests are still run.
type: scoring
validation: custom score
limits:
  memory: 256
";
    // A judged game is accepted with its points: nothing stops a group, and
    // the sample, worth nothing, is left out of the total.
    let root_yaml = format!(
        "on_reject: continue\ngrading: default\ngrader_flags: sum ignore_sample\nrange: 0 {}\n",
        POINTS_PER_TEST as usize * problem.secret.len()
    );
    let secret_yaml = format!(
        "on_reject: continue\ngrading: default\ngrader_flags: sum\nrange: 0 {}\n",
        POINTS_PER_TEST as usize * problem.secret.len()
    );
    let sample_yaml = "on_reject: continue\ngrading: default\ngrader_flags: sum\n";
    let mut files = vec![
        file("problem.yaml", problem_yaml),
        file(".timelimit", "1\n"),
        file("data/testdata.yaml", root_yaml),
        file("data/secret/testdata.yaml", secret_yaml),
        file("data/sample/testdata.yaml", sample_yaml),
        file("data/sample/01.in", problem.sample.bytes.clone()),
        file("data/sample/01.ans", problem.sample_answer.clone()),
        file(
            "input_validators/tetris/validate.rs",
            source(Program::KattisInputValidator),
        ),
        file(
            "output_validators/tetris/validate.rs",
            source(Program::KattisValidator),
        ),
        file("submissions/accepted/olympiad.rs", ACCEPTED),
        file("submissions/partially_accepted/weak.rs", PARTIAL),
    ];
    // The statement in every language, with its figures (olympiad::statement).
    files.extend(statement::kattis_files());
    files.extend(test_files(problem, |i| {
        (
            format!("data/secret/{:02}.in", i + 1),
            format!("data/secret/{:02}.ans", i + 1),
        )
    }));
    if domjudge {
        // DOMjudge shows one statement, problem_statement/problem.pdf; the
        // other languages go in as attachments contestants can download.
        match statement::pdf_files(|language, primary| match primary {
            true => "problem_statement/problem.pdf".to_string(),
            false => format!("attachments/{SHORT_NAME}-{}.pdf", language.code),
        }) {
            Ok(pdfs) => files.extend(pdfs),
            Err(why) => crate::say!(
                "note: no statement PDF ({why}); DOMjudge will show no statement \
                 until one is uploaded (Debian: texlive-luatex texlive-latex-recommended)."
            ),
        }
        files.push(file(
            "output_validators/tetris/build",
            "#!/bin/sh\n# DOMjudge runs this on the judgehost; `run` is the validator.\n\
             exec rustc -O --edition 2021 -o run validate.rs\n",
        ));
        files.push(file(
            "input_validators/tetris/build",
            "#!/bin/sh\nexec rustc -O --edition 2021 -o run validate.rs\n",
        ));
    }
    write_all(dir, &files)?;
    if domjudge {
        make_executable(&dir.join("output_validators/tetris/build"))?;
        make_executable(&dir.join("input_validators/tetris/build"))?;
    }
    Ok(())
}

/// Compiles a generated checker into a static binary, reproducibly: built
/// from a relative path in a scratch folder with no debug information and
/// no symbols, so no path of this machine is in it and every run gives the
/// same bytes. Err says why it could not be built.
fn compile_static(source: &str) -> Result<Vec<u8>, Failure> {
    let scratch = ScratchDir::new("package")?;
    write_file(&scratch.path().join("checker.rs"), source)?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let built = std::process::Command::new(&rustc)
        .args([
            "-O",
            "--edition",
            "2021",
            "-C",
            "target-feature=+crt-static",
        ])
        .args([
            "-C",
            "debuginfo=0",
            "-C",
            "strip=symbols",
            "-o",
            "checker",
            "checker.rs",
        ])
        .current_dir(scratch.path())
        .stdin(std::process::Stdio::null())
        .output();
    let why = match built {
        Err(e) => format!("cannot run {}: {e}", rustc.to_string_lossy()),
        Ok(out) if !out.status.success() => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let first = stderr
                .lines()
                .find(|l| l.starts_with("error"))
                .unwrap_or("");
            format!("rustc failed: {first}")
        }
        Ok(_) => return crate::cli::read_file(&scratch.path().join("checker")),
    };
    Err(Failure::judge(format!(
        "cannot build the CMS checker ({why}). CMS would judge a task without \
         check/checker by comparing outputs, so no package was written. A static build \
         needs rustc and the C library's static archive (Debian: gcc and libc6-dev)."
    )))
}

/// A CMS task folder for the `italy_yaml` loader: Batch task, comparator
/// `check/checker`, Sum score type with 10 points a test, the statement as
/// a PDF in English; every test public with full feedback, and the best
/// submission's score (docs/contest-systems.md says how to change these).
fn cms(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let checker_source = source(Program::CmsChecker);
    let checker = compile_static(&checker_source)?;
    let task_yaml = format!(
        "name: {SHORT_NAME}\ntitle: Tetris\nprimary_language: en\ntime_limit: 1.0\n\
         memory_limit: 256\nn_input: {}\ninfile: \"\"\noutfile: \"\"\nscore_type: Sum\n\
         score_type_parameters: {POINTS_PER_TEST}\npublic_testcases: all\n\
         feedback_level: full\nscore_mode: max\ntoken_mode: disabled\n",
        problem.secret.len()
    );
    // The loader imports statement/statement.pdf as the primary language's
    // statement and every file in att/ as an attachment.
    let statements = statement::pdf_files(|language, primary| match primary {
        true => "statement/statement.pdf".to_string(),
        false => format!("att/statement-{}.pdf", language.code),
    });
    let mut files = vec![
        file("task.yaml", task_yaml),
        file("check/checker.rs", checker_source),
        file("check/checker", checker),
    ];
    files.extend(statement_and_players("statement.md", "sol"));
    if let Ok(pdfs) = &statements {
        files.extend(pdfs.iter().cloned());
    }
    files.extend(test_files(problem, |i| {
        (
            format!("input/input{i}.txt"),
            format!("output/output{i}.txt"),
        )
    }));
    write_all(dir, &files)?;
    make_executable(&dir.join("check/checker"))?;
    if let Err(why) = statements {
        crate::say!(
            "note: no statement PDF ({why}).\n\
             Import with `cmsImportTask -S -L italy_yaml {}` (-S: no statement) and upload \
             statement.md or a PDF of it in the admin interface; or install TeX \
             (Debian: texlive-luatex texlive-latex-recommended) and package again.",
            dir.display()
        );
    }
    Ok(())
}

/// Tests, the testlib-style checker and instructions for Polygon.
fn polygon(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let instructions = "\
# Tetris for Polygon / Codeforces

- `tests/01` .. `tests/10`: upload as the tests (points: 10 each, group scoring off);
  `tests/01.a` .. are reference answers, which the checker ignores.
- `checker.rs`: the checker, with testlib's conventions (arguments `input output
  answer [result-file [-appes]]`, exit 0 ok, 1 wrong answer, 2 presentation error,
  3 fail, 7 points with `points P` on stderr).
- `solutions/olympiad.rs` (main correct), `solutions/weak.rs` (partial).
- `statement.md`: the statement.
- `statement-sections/english/`, `statement-sections/bulgarian/`: the statement
  cut into Polygon's sections (name, legend, input, output, scoring, notes), the
  sample as `example.01` and `example.01.a`, the figures as PDF and PNG.

Polygon itself cannot take this checker: Polygon compiles checkers in the
languages of its checker list (C++ with testlib.h, and a few others), and Rust
is not among them. The project keeps one copy of the rules, in Rust, on purpose:
a C++ port would be a second, hand-kept referee. Use `checker.rs` on systems that
run a testlib-style checker as any executable (ejudge, PCMS2, Yandex.Contest,
a Codeforces gym with a custom checker binary): compile it with
`rustc -O --edition 2021 checker.rs` (Rust 1.56 or newer).
";
    let mut files = vec![
        file("README.md", instructions),
        file("checker.rs", source(Program::TestlibChecker)),
    ];
    files.extend(statement_and_players("statement.md", "solutions"));
    files.extend(statement::polygon_files());
    files.extend(test_files(problem, |i| {
        (
            format!("tests/{:02}", i + 1),
            format!("tests/{:02}.a", i + 1),
        )
    }));
    write_all(dir, &files)
}
