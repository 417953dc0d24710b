//! `judge grade`: run a submission on every test of a folder, as a contest
//! system would, and print a table with the total out of 100. How programs
//! are contained and limited is `crate::process`'s business.

use std::path::{Path, PathBuf};

use crate::batch::try_map;
use crate::cli::{
    exit, opt, write_file, Args, Command, Failure, Opt, Spec, UsageError, Verdict,
    SUBMISSION_COMMAND,
};
use crate::olympiad::judge::{load_tests, Judgement};
use crate::olympiad::play::judge_run;
use crate::olympiad::replay::Recorder;
use crate::process::{
    run, with_submission, Containment, Limits, Run, DEFAULT_MEMORY_LIMIT_MB,
    DEFAULT_OUTPUT_LIMIT_MB, DEFAULT_PROCESS_LIMIT, DEFAULT_TIME_LIMIT_SECONDS,
};

const TESTS: Opt = opt(
    "--tests",
    "DIR",
    "the tests (default testdata/olympiad/official)",
);
const TIME_LIMIT: Opt = opt("--time-limit", "SECONDS", "wall time per test (default 1)");
const CPU_TIME_LIMIT: Opt = opt(
    "--cpu-time-limit",
    "SECONDS",
    "CPU time per test over all threads and processes (default: the wall limit)",
);
const MEMORY_LIMIT: Opt = opt(
    "--memory-limit",
    "MB",
    "address space per process (default 256)",
);
const PROCESS_LIMIT: Opt = opt(
    "--process-limit",
    "N",
    "processes and threads alive at once (default 64)",
);
const OUTPUT_LIMIT_MB: Opt = opt(
    "--output-limit-mb",
    "MB",
    "standard output per test (default 16)",
);
const HTML: Opt = opt(
    "--html",
    "DIR",
    "also write a replay page per test into DIR",
);
/// One test at a time unless asked: the limits are what a contest system
/// enforces, and tests side by side share the machine.
const JOBS: Opt = opt("--jobs", "N", "tests run at once (default 1)");

pub static SPEC: Spec = Spec {
    command: "grade",
    positional: "[SUBMISSION.rs]",
    min_positional: 0,
    max_positional: 1,
    about: "Compile the submission as a contest system does (rustc -O --edition 2021), run it\n\
            on every DIR/*.in contained (a PID namespace) under the limits, and print a\n\
            table with the total out of 100 and a 'Score = N' line.",
    options: &[
        SUBMISSION_COMMAND,
        TESTS,
        TIME_LIMIT,
        CPU_TIME_LIMIT,
        MEMORY_LIMIT,
        PROCESS_LIMIT,
        OUTPUT_LIMIT_MB,
        HTML,
        JOBS,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// The limits of a command line, defaults as documented.
pub fn limits(args: &Args) -> Result<Limits, UsageError> {
    let time = args.seconds(&TIME_LIMIT, DEFAULT_TIME_LIMIT_SECONDS)?;
    Ok(Limits {
        time,
        cpu_time: Some(args.seconds(&CPU_TIME_LIMIT, time.as_secs_f64())?),
        output_bytes: (args.number_in(&OUTPUT_LIMIT_MB, DEFAULT_OUTPUT_LIMIT_MB, 1..=1 << 16)?
            << 20) as usize,
        memory_bytes: Some(
            args.number_in(&MEMORY_LIMIT, DEFAULT_MEMORY_LIMIT_MB, 16..=1 << 20)? << 20,
        ),
        processes: Some(args.number_in(&PROCESS_LIMIT, DEFAULT_PROCESS_LIMIT, 1..=4096)?),
    })
}

fn main(args: Args) -> Result<i32, Failure> {
    let tests_dir = args
        .path(&TESTS)
        .unwrap_or_else(|| PathBuf::from("testdata/olympiad/official"));
    let limits = limits(&args)?;
    let html = args.path(&HTML);
    let jobs = args.number_in(&JOBS, 1, 1..=1024)? as usize;
    let results = with_submission(&args.submission()?, |command| {
        grade_folder(command, &tests_dir, &limits, html.as_deref(), jobs)
    })?;
    print_table(&results);
    if let Some(dir) = html {
        crate::say!("replays: {}/*.html", dir.display());
    }
    Ok(exit::OK)
}

/// What one test earned.
#[derive(Debug)]
pub struct TestResult {
    pub name: String,
    pub pieces: usize,
    pub verdict: Verdict<Judgement>,
    pub run: Run,
}

impl TestResult {
    pub fn placed(&self) -> usize {
        match &self.verdict {
            Verdict::Accepted(judged) => judged.outcome.placed,
            _ => 0,
        }
    }

    /// Only a program that ended normally within its limits earns points,
    /// as in a contest.
    pub fn points(&self) -> u32 {
        match &self.verdict {
            Verdict::Accepted(judged) => judged.points(),
            _ => 0,
        }
    }

    /// The verdict in the table's words: how the game ended, or the limit.
    pub fn verdict_text(&self) -> String {
        match &self.verdict {
            Verdict::Accepted(judged) => judged.outcome.end.to_string(),
            Verdict::Rejected(why) => why.clone(),
            Verdict::Failed(failure) => failure.to_string(),
        }
    }
}

/// Grades every test of `dir`, `jobs` at once; with `html`, writes a
/// replay page per test whose program ended normally, recorded while the
/// output is judged.
pub fn grade_folder(
    command: &[String],
    dir: &Path,
    limits: &Limits,
    html: Option<&Path>,
    jobs: usize,
) -> Result<Vec<TestResult>, Failure> {
    let tests = load_tests(dir)?;
    if let Some(html_dir) = html {
        std::fs::create_dir_all(html_dir).map_err(|e| Failure::io(html_dir, e))?;
    }
    try_map(&tests, jobs, "grading", |_, test| {
        let run = run(command, &test.bytes, limits).map_err(Failure::Judge)?;
        let mut recorder = html.map(|_| Recorder::default());
        let verdict = judge_run(&test.pieces, &run, &mut recorder)?;
        if let (Some(html_dir), Some(recorder), Verdict::Accepted(judged)) =
            (html, recorder, &verdict)
        {
            let page = recorder.into_replay(&test.name, &test.pieces, &judged.outcome);
            write_file(
                &html_dir.join(format!("{}.html", test.name.trim_end_matches(".in"))),
                page.page(),
            )?;
        }
        Ok(TestResult {
            name: test.name.clone(),
            pieces: test.pieces.len(),
            verdict,
            run,
        })
    })
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
            r.placed(),
            r.points(),
            r.run.wall.as_millis(),
            memory,
            r.verdict_text()
        );
    }
    if let Some(containment) = results.iter().find_map(|r| r.run.containment) {
        crate::say!("{}", containment_line(containment));
    }
    let pieces: usize = results.iter().map(|r| r.pieces).sum();
    let placed: usize = results.iter().map(TestResult::placed).sum();
    let points: u32 = results.iter().map(TestResult::points).sum();
    let max_points = 10 * results.len();
    crate::say!(
        "total: {points} of {max_points} points; placed {placed} of {pieces} pieces (survival {:.2}%)",
        100.0 * placed as f64 / pieces.max(1) as f64
    );
    crate::say!("Score = {points}");
}

/// Which of the kernel's means held the program's processes together.
pub fn containment_line(containment: Containment) -> String {
    format!("contained by {containment}: no process the program started outlived its test")
}
