//! `judge grade`: run a submission on every test of a folder, as a contest
//! system would, and print a table with the total out of 100.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cli::{exit, Args, Failure, Progress};
use crate::olympiad::io::{parse_input, OutputReader};
use crate::olympiad::{play, Piece, ToppingPiece, Unwatched};
use crate::process::{run, with_submission, Limits, Run, Termination};

pub const USAGE: &str = "judge grade (SUBMISSION.rs | --cmd 'COMMAND') [--tests DIR] [--time-limit SECONDS] [--output-limit-mb M] [--html DIR]";

/// The verdict of one test.
#[derive(Debug)]
pub struct TestResult {
    pub name: String,
    pub pieces: usize,
    pub placed: usize,
    pub points: u32,
    pub max_height: usize,
    pub verdict: String,
    pub run: Run,
}

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(
        rest,
        &["--cmd", "--tests", "--time-limit", "--output-limit-mb"],
        &[],
    )?;
    args.expect_positional(0, 1, USAGE)?;
    let tests_dir = PathBuf::from(
        args.value("--tests")
            .unwrap_or("testdata/olympiad/official"),
    );
    let limits = Limits {
        time: Duration::from_secs_f64(args.parsed_or("--time-limit", 1.0)?),
        output_bytes: args.parsed_or("--output-limit-mb", 16usize)? << 20,
    };
    let html = args.value("--html").map(PathBuf::from);
    let results = with_submission(&args, |command| {
        grade_folder(command, &tests_dir, &limits, html.as_deref())
    })?;
    print_table(&results);
    if let Some(dir) = html {
        crate::say!("replays: {}/*.html", dir.display());
    }
    Ok(exit::OK)
}

/// A test: its file name, its bytes (fed to the program) and its pieces.
pub type Test = (String, Vec<u8>, Vec<Piece>);

/// The tests of a folder: every `*.in`, in name order, parsed.
pub fn load_tests(dir: &Path) -> Result<Vec<Test>, Failure> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| Failure::Judge(format!("{}: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(Failure::Judge(format!(
            "no *.in tests in {}",
            dir.display()
        )));
    }
    paths
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path)
                .map_err(|e| Failure::Judge(format!("{}: {e}", path.display())))?;
            let text = String::from_utf8_lossy(&bytes);
            let pieces = parse_input(&text)
                .map_err(|e| Failure::Judge(format!("{}: {e}", path.display())))?;
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            Ok((name, bytes, pieces))
        })
        .collect()
}

/// Grades every test of `dir`; with `html`, writes a replay page per test
/// whose program ended normally.
pub fn grade_folder(
    command: &[String],
    dir: &Path,
    limits: &Limits,
    html: Option<&Path>,
) -> Result<Vec<TestResult>, Failure> {
    let tests = load_tests(dir)?;
    if let Some(html_dir) = html {
        std::fs::create_dir_all(html_dir)
            .map_err(|e| Failure::Judge(format!("{}: {e}", html_dir.display())))?;
    }
    let progress = Progress::new();
    let mut results = Vec::new();
    for (i, (name, input, pieces)) in tests.iter().enumerate() {
        progress.show(&format!(
            "grading {}/{}: {name} (N = {})",
            i + 1,
            tests.len(),
            pieces.len()
        ));
        let run = run(command, input, limits).map_err(Failure::Judge)?;
        if let (Some(html_dir), Termination::Exited(0)) = (html, run.termination) {
            let (page, _) = crate::html::replay_page(name, pieces, &run.stdout);
            let path = html_dir.join(format!("{}.html", name.trim_end_matches(".in")));
            std::fs::write(&path, page)
                .map_err(|e| Failure::Judge(format!("{}: {e}", path.display())))?;
        }
        results.push(judge_run(name.clone(), pieces, run));
    }
    progress.done();
    Ok(results)
}

/// Only a program that ended normally within its limits has its output
/// judged; otherwise the test is worth nothing, as in a contest.
pub fn judge_run(name: String, pieces: &[Piece], run: Run) -> TestResult {
    let failed = |verdict: String, run: Run| TestResult {
        name: name.clone(),
        pieces: pieces.len(),
        placed: 0,
        points: 0,
        max_height: 0,
        verdict,
        run,
    };
    if run.output_limit_exceeded {
        return failed("output limit exceeded".into(), run);
    }
    match run.termination {
        Termination::TimedOut => return failed("time limit exceeded".into(), run),
        Termination::Signaled(s) => return failed(format!("runtime error (signal {s})"), run),
        Termination::Exited(c) if c != 0 => {
            return failed(format!("runtime error (exit code {c})"), run)
        }
        Termination::Exited(_) => {}
    }
    let outcome = play(
        pieces,
        &mut OutputReader::new(&run.stdout[..]),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    TestResult {
        name,
        pieces: pieces.len(),
        placed: outcome.placed,
        points: outcome.points(),
        max_height: outcome.max_height,
        verdict: outcome.end.to_string(),
        run,
    }
}

pub fn print_table(results: &[TestResult]) {
    crate::say!(
        "{:<10} {:>6} {:>6} {:>6} {:>9} {:>9}  verdict",
        "test",
        "N",
        "placed",
        "points",
        "time",
        "memory"
    );
    for r in results {
        let memory = r
            .run
            .max_rss_kib
            .map_or("-".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
        crate::say!(
            "{:<10} {:>6} {:>6} {:>6} {:>6} ms {:>9}  {}",
            r.name,
            r.pieces,
            r.placed,
            r.points,
            r.run.wall.as_millis(),
            memory,
            r.verdict
        );
    }
    let pieces: usize = results.iter().map(|r| r.pieces).sum();
    let placed: usize = results.iter().map(|r| r.placed).sum();
    let points: u32 = results.iter().map(|r| r.points).sum();
    let max_points = 10 * results.len();
    crate::say!(
        "total: {points} of {max_points} points; placed {placed} of {pieces} pieces (survival {:.2}%)",
        100.0 * placed as f64 / pieces.max(1) as f64
    );
    crate::say!("Score = {points}");
}
