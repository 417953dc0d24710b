//! `judge grade`: run a submission on every test, as a contest system
//! would, and print a table with the total out of 100. How sources are
//! compiled and programs contained and limited is `crate::process`'s
//! business.

use std::path::{Path, PathBuf};

use crate::batch::try_map;
use crate::cli::{
    exit, opt, write_file, Args, Command, Failure, Opt, Spec, UsageError, Verdict,
    SUBMISSION_COMMAND,
};
use crate::olympiad::judge::{judge_output, Judgement, Test};
use crate::olympiad::play::judge_run;
use crate::olympiad::replay::Recorder;
use crate::olympiad::tests_data::official_tests;
use crate::olympiad::{ToppingPiece, Unwatched};
use crate::process::{
    escaped, prepare, run, Containment, Limits, Run, Sandbox, Sandboxed, SubmissionError,
    DEFAULT_FILE_SIZE_LIMIT_MB, DEFAULT_MEMORY_LIMIT_MB, DEFAULT_OUTPUT_LIMIT_MB,
    DEFAULT_PROCESS_LIMIT, DEFAULT_SANDBOX_USER, DEFAULT_SCRATCH_LIMIT_MB,
    DEFAULT_TIME_LIMIT_SECONDS, STDERR_TAIL_BYTES,
};
use crate::viewer::Replay;

const TESTS: Opt = opt(
    "--tests",
    "DIR",
    "the tests: every DIR/*.in (default: the ten official tests built into judge)",
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
const FILE_SIZE_LIMIT: Opt = opt(
    "--file-size-limit",
    "MB",
    "largest file the program may write (default 64)",
);
const SCRATCH_LIMIT: Opt = opt(
    "--scratch-limit",
    "MB",
    "its working folder, /tmp and /dev/shm together (default 64; 64 files per MB)",
);
const SANDBOX_USER: Opt = opt(
    "--sandbox-user",
    "ID",
    "as root, the uid and gid the program runs as (default 65534)",
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
    positional: "[SOURCE]",
    min_positional: 0,
    max_positional: 1,
    about: "Run a submission on every test in a sandbox (its own root, PID namespace, no\n\
            network, an unprivileged user) under the limits, and print a table with the total\n\
            out of 100 and a 'Score = N' line; a test that is not a complete game shows the\n\
            end of the program's stderr. SOURCE is compiled or run\n\
            by its extension, as contestants' tools do:\n\
           \x20 .rs         rustc -O --edition 2021 -o BINARY SOURCE\n\
           \x20 .cpp .cc    g++ -O2 -std=c++17 -o BINARY SOURCE\n\
           \x20 .c          gcc -O2 -o BINARY SOURCE -lm\n\
           \x20 .py         python3 SOURCE\n\
            any other language with --cmd 'COMMAND' (run by /bin/sh -c, e.g. 'java Main').\n\
            A compile error is graded: Score = 0, exit 0.",
    options: &[
        SUBMISSION_COMMAND,
        TESTS,
        TIME_LIMIT,
        CPU_TIME_LIMIT,
        MEMORY_LIMIT,
        PROCESS_LIMIT,
        OUTPUT_LIMIT_MB,
        FILE_SIZE_LIMIT,
        SCRATCH_LIMIT,
        SANDBOX_USER,
        HTML,
        JOBS,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// The limits of a command line, defaults as documented; the program never
/// sees the folders `private`.
fn limits(args: &Args, private: Vec<PathBuf>) -> Result<Limits, UsageError> {
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
        sandbox: Some(Sandbox {
            user: args.number_in(
                &SANDBOX_USER,
                DEFAULT_SANDBOX_USER.into(),
                1..=u32::MAX as u64 - 1,
            )? as u32,
            file_bytes: args.number_in(
                &FILE_SIZE_LIMIT,
                DEFAULT_FILE_SIZE_LIMIT_MB,
                1..=1 << 16,
            )? << 20,
            scratch_bytes: args.number_in(&SCRATCH_LIMIT, DEFAULT_SCRATCH_LIMIT_MB, 1..=1 << 16)?
                << 20,
            private,
        }),
    })
}

fn main(args: Args) -> Result<i32, Failure> {
    let submission = args.submission()?;
    let tests_dir = args.path(&TESTS);
    let html = args.path(&HTML);
    let limits = limits(
        &args,
        [tests_dir.clone(), html.clone()]
            .into_iter()
            .flatten()
            .collect(),
    )?;
    // Every option is read before anything is compiled: a bad one is a
    // usage error, whatever the source.
    let jobs = args.number_in(&JOBS, 1, 1..=1024)? as usize;
    let tests = official_tests(tests_dir.as_deref(), TESTS.name)?;
    let prepared = match prepare(&submission) {
        Ok(prepared) => prepared,
        // The contestant's result, as a contest system reports it.
        Err(SubmissionError::Compile {
            command, messages, ..
        }) => {
            print_compilation_error(&tests, &command, &messages);
            if html.is_some() {
                crate::say!("no replay pages: the submission does not compile");
            }
            return Ok(exit::OK);
        }
        Err(e) => return Err(e.into()),
    };
    let results = grade_tests(&prepared.command, &tests, &limits, html.as_deref(), jobs)?;
    print_table(&results);
    if let Some(dir) = html {
        crate::say!("replays: {}/*.html (one per test)", dir.display());
    }
    Ok(exit::OK)
}

/// What one test earned.
#[derive(Debug)]
struct TestResult {
    name: String,
    pieces: usize,
    verdict: Verdict<Judgement>,
    run: Run,
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

    /// Whether the program ended normally and placed every piece.
    pub fn complete(&self) -> bool {
        self.placed() == self.pieces && matches!(self.verdict, Verdict::Accepted(_))
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

/// Grades every test, `jobs` at once; with `html`, writes a replay page
/// per test, recorded while the output is judged. A run that failed gets
/// the moves it wrote before replayed, with its verdict and the end of its
/// stderr.
fn grade_tests(
    command: &[String],
    tests: &[Test],
    limits: &Limits,
    html: Option<&Path>,
    jobs: usize,
) -> Result<Vec<TestResult>, Failure> {
    if let Some(html_dir) = html {
        std::fs::create_dir_all(html_dir)
            .map_err(|e| Failure::judge(format!("{} {}: {e}", HTML.name, html_dir.display())))?;
    }
    try_map(tests, jobs, "grading", |_, test| {
        let run = run(command, &test.bytes, limits).map_err(Failure::Judge)?;
        let verdict = judge_run(&test.pieces, &run, &mut Unwatched)?;
        let result = TestResult {
            name: test.name.clone(),
            pieces: test.pieces.len(),
            verdict,
            run,
        };
        if let Some(html_dir) = html {
            let page = replay(test, &result)?;
            write_file(
                &html_dir.join(format!("{}.html", test.name.trim_end_matches(".in"))),
                page.page(),
            )?;
        }
        Ok(result)
    })
}

/// The replay page of a graded test: the moves the program wrote, judged
/// again by the scoring core while recorded, with the test's verdict.
fn replay(test: &Test, result: &TestResult) -> Result<Replay, Failure> {
    let mut recorder = Recorder::default();
    let replayed = judge_output(
        &test.pieces,
        &result.run.stdout[..],
        ToppingPiece::NotCounted,
        &mut recorder,
    )?
    .accepted()
    .map_err(Failure::Judge)?;
    let mut page = recorder.into_replay(&test.name, &test.pieces, &replayed.outcome);
    if !result.complete() {
        page.stderr = result.run.stderr_tail.clone();
    }
    if let Verdict::Failed(failure) = &result.verdict {
        page.end = format!("{failure}; the moves it wrote before are replayed");
        page.points = 0;
    }
    Ok(page)
}

/// The table of a submission that does not compile: one row for all tests,
/// the compiler's first lines, and a score of 0.
fn print_compilation_error(tests: &[Test], command: &str, messages: &str) {
    const SHOWN_LINES: usize = 15;
    print_header();
    let pieces: usize = tests.iter().map(|t| t.pieces.len()).sum();
    crate::say!(
        "{:<10} {:>6} {:>6} {:>6} {:>9} {:>9}  compilation error",
        "(all)",
        pieces,
        0,
        0,
        "-",
        "-"
    );
    let lines: Vec<&str> = messages.lines().collect();
    for line in lines.iter().take(SHOWN_LINES) {
        crate::say!("  compiler: {}", escaped(line.as_bytes()));
    }
    if lines.len() > SHOWN_LINES {
        crate::say!(
            "  compiler: ... ({} more lines: {command})",
            lines.len() - SHOWN_LINES
        );
    }
    print_total(0, pieces, 0, 10 * tests.len());
}

fn print_header() {
    crate::say!(
        "{:<10} {:>6} {:>6} {:>6} {:>9} {:>9}  verdict",
        "test",
        "N",
        "placed",
        "points",
        "time",
        "memory"
    );
}

fn print_total(placed: usize, pieces: usize, points: u32, max_points: usize) {
    crate::say!(
        "total: {points} of {max_points} points; placed {placed} of {pieces} pieces (survival {:.2}%)",
        100.0 * placed as f64 / pieces.max(1) as f64
    );
    crate::say!("Score = {points}");
}

/// One row per test; under each test that is not a complete game, the end
/// of the program's stderr.
fn print_table(results: &[TestResult]) {
    print_header();
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
        let tail = r.run.stderr_tail.trim_end();
        if !r.complete() && !tail.is_empty() {
            if r.run.stderr_cut {
                crate::say!("  stderr: ... (its last {STDERR_TAIL_BYTES} bytes)");
            }
            for line in tail.lines() {
                crate::say!("  stderr: {line}");
            }
        }
    }
    if let Some(containment) = results.iter().find_map(|r| r.run.containment) {
        let sandbox = results.iter().find_map(|r| r.run.sandbox.as_ref());
        crate::say!("{}", containment_line(containment, sandbox));
    }
    let pieces: usize = results.iter().map(|r| r.pieces).sum();
    let placed: usize = results.iter().map(TestResult::placed).sum();
    let points: u32 = results.iter().map(TestResult::points).sum();
    print_total(placed, pieces, points, 10 * results.len());
}

/// Which of the kernel's means held the program's processes together, and
/// what its sandbox gave and lacked.
fn containment_line(containment: Containment, sandbox: Option<&Sandboxed>) -> String {
    let sandbox = sandbox.map_or(String::new(), |s| format!(" in a sandbox ({s})"));
    format!("contained by {containment}{sandbox}: no process the program started outlived its test")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_help_states_every_toolchain_as_it_runs() {
        let table = crate::process::toolchain_table();
        assert!(super::SPEC.about.contains(&table), "{table}");
    }
}
