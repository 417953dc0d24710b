//! `judge package SYSTEM DIR`: a ready-to-upload package of problem A2 for
//! Kattis (problemtools), DOMjudge, CMS, Polygon or Action, from the committed tests,
//! the statement and the submissions, one file per system. Checkers and
//! validators go in as one source each for the contest system to compile:
//! C++ from the C++ referee (`olympiad::cpp_source`: Kattis, DOMjudge,
//! Polygon, Action) or Rust from the judge's own crate (`olympiad::checker_source`:
//! CMS, and `--validators rust`).

use std::path::{Path, PathBuf};

mod action;
mod cms;
mod kattis;
mod polygon;

use crate::cli::{exit, opt, switch, write_file, Args, Command, Failure, Opt, Spec};
use crate::olympiad::baseline;
use crate::olympiad::format::format_moves;
use crate::olympiad::judge::Test;
use crate::olympiad::statement;
use crate::olympiad::tests_data::{package_tests, PackageTests};

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
const VALIDATORS: Opt = opt(
    "--validators",
    "LANG",
    "kattis, domjudge: cpp (default; what hosted Kattis compiles) or rust",
);
const PASS_FAIL: Opt = switch(
    "--pass-fail",
    "domjudge: a pass-fail problem (accepted = every piece placed), for DOMjudge 9.0.0 and older",
);

pub static SPEC: Spec = Spec {
    command: "package",
    positional: "SYSTEM DIR",
    min_positional: 2,
    max_positional: 2,
    about: "Write a ready-to-upload package of problem A2 into DIR/tetris for SYSTEM:\n\
            kattis (problemtools), domjudge (also DIR/tetris.zip), cms (italy_yaml task folder)\n\
            polygon (Polygon's package format, testlib checker and validator in C++)\n\
            or action (espr1t/action's problem folder with its C++ checker).\n\
            See docs/contest-systems.md.",
    options: &[TESTS, SAMPLE, VALIDATORS, PASS_FAIL],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// The short name of the problem in every package.
pub const SHORT_NAME: &str = "tetris";

const STATEMENT: &str = statement::ENGLISH.markdown;
const ACCEPTED: &str = include_str!("../../../../../solutions/olympiad/src/main.rs");
const PARTIAL: &str = include_str!("../../../../../solutions/olympiad-weak/src/main.rs");

/// Points of each secret test.
const POINTS_PER_TEST: u32 = 10;

/// What every package is made of.
struct Problem {
    sample: Test,
    /// The sample's output, a valid answer shown to contestants.
    sample_answer: Vec<u8>,
    secret: Vec<Test>,
    /// The validators' language (Kattis, DOMjudge).
    validators: Validators,
    /// A pass-fail problem instead of a scoring one (DOMjudge).
    pass_fail: bool,
}

/// The language of a Kattis or DOMjudge package's validators.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Validators {
    /// The C++ referee (judge/referee-cpp), which hosted Kattis compiles.
    Cpp,
    /// The judge's own Rust, pasted into one file.
    Rust,
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
        "kattis" => |dir, p| kattis::write(dir, p, false),
        "domjudge" => |dir, p| kattis::write(dir, p, true),
        "cms" => cms::write,
        "polygon" => polygon::write,
        "action" => action::write,
        other => {
            return Err(args
                .usage_error(format!(
                    "unknown system '{other}' (kattis, domjudge, cms, polygon, action)"
                ))
                .into())
        }
    };
    let (validators, pass_fail) = choices(&args, system)?;
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
        validators,
        pass_fail,
    };
    writer(&target, &problem)?;
    if system == "domjudge" && !pass_fail {
        crate::say!("{}", kattis::DOMJUDGE_SCORING);
    }
    if system == "domjudge" {
        let zip = target.with_extension("zip");
        crate::zip::zip_folder(&target, &zip).map_err(|e| Failure::io(&zip, e))?;
        crate::say!("wrote {}", zip.display());
    }
    let scoring = match pass_fail {
        true => "pass-fail".to_string(),
        false => format!("{} points", POINTS_PER_TEST as usize * problem.secret.len()),
    };
    crate::say!(
        "wrote {} ({system}: {} secret tests, {scoring})",
        target.display(),
        problem.secret.len(),
    );
    Ok(exit::OK)
}

/// The validators' language and whether the problem is pass-fail, checked
/// against the system.
fn choices(args: &Args, system: &str) -> Result<(Validators, bool), Failure> {
    let kattis_format = system == "kattis" || system == "domjudge";
    let refuse = |why: &str| Err(args.usage_error(why.to_string()).into());
    let validators = match args.value(&VALIDATORS)? {
        Some(_) if !kattis_format => return refuse("--validators is for kattis and domjudge only"),
        None | Some("cpp") => Validators::Cpp,
        Some("rust") => Validators::Rust,
        Some(other) => return refuse(&format!("--validators: '{other}' is neither cpp nor rust")),
    };
    let pass_fail = args.switch(&PASS_FAIL);
    if pass_fail && system != "domjudge" {
        return refuse("--pass-fail is for domjudge only");
    }
    // The Rust validator accepts every judged game: pass-fail, it would
    // accept every output.
    if pass_fail && validators == Validators::Rust {
        return refuse("--pass-fail needs the C++ validators (--validators cpp)");
    }
    Ok((validators, pass_fail))
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

/// The statement in Markdown in every language with its figures
/// (`statement::markdown_files`) and both players in the folder `players`.
fn statement_and_players(players: &str) -> Vec<(String, Vec<u8>)> {
    let mut files = statement::markdown_files();
    files.push(file(format!("{players}/olympiad.rs"), ACCEPTED));
    files.push(file(format!("{players}/weak.rs"), PARTIAL));
    files
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
