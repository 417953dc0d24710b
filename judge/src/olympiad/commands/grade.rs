//! `judge grade`: run a submission on every test of a folder, as a contest
//! system would, and print a table with the total out of 100. How programs
//! are contained and limited is `crate::process`'s business.

use std::path::{Path, PathBuf};

use crate::cli::{
    exit, opt, write_file, Args, Command, Failure, Opt, Progress, Spec, UsageError, Verdict,
    SUBMISSION_COMMAND,
};
use crate::olympiad::judge::{load_tests, Judgement};
use crate::olympiad::play::judge_run;
use crate::olympiad::replay::Recorder;
use crate::process::{
    run, with_submission, Containment, Limits, Run, Sandbox, Sandboxed, DEFAULT_FILE_SIZE_LIMIT_MB,
    DEFAULT_MEMORY_LIMIT_MB, DEFAULT_OUTPUT_LIMIT_MB, DEFAULT_PROCESS_LIMIT, DEFAULT_SANDBOX_USER,
    DEFAULT_SCRATCH_LIMIT_MB, DEFAULT_TIME_LIMIT_SECONDS,
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
const FILE_SIZE_LIMIT: Opt = opt(
    "--file-size-limit",
    "MB",
    "largest file the program may write (default 64)",
);
const SCRATCH_LIMIT: Opt = opt(
    "--scratch-limit",
    "MB",
    "its working folder, /tmp and /dev/shm together (default 64)",
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

pub static SPEC: Spec = Spec {
    command: "grade",
    positional: "[SUBMISSION.rs]",
    min_positional: 0,
    max_positional: 1,
    about: "Compile the submission as a contest system does (rustc -O --edition 2021), run it\n\
            on every DIR/*.in in a sandbox (its own root, PID namespace, no network, an\n\
            unprivileged user) under the limits, and print a table with the total out of\n\
            100 and a 'Score = N' line.",
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
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// The limits of a command line, defaults as documented; the program never
/// sees the folders `private`.
pub fn limits(args: &Args, private: Vec<PathBuf>) -> Result<Limits, UsageError> {
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
    let tests_dir = args
        .path(&TESTS)
        .unwrap_or_else(|| PathBuf::from("testdata/olympiad/official"));
    let html = args.path(&HTML);
    let limits = limits(
        &args,
        [Some(tests_dir.clone()), html.clone()]
            .into_iter()
            .flatten()
            .collect(),
    )?;
    let results = with_submission(&args.submission()?, |command| {
        grade_folder(command, &tests_dir, &limits, html.as_deref())
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

/// Grades every test of `dir`; with `html`, writes a replay page per test
/// whose program ended normally, recorded while the output is judged.
pub fn grade_folder(
    command: &[String],
    dir: &Path,
    limits: &Limits,
    html: Option<&Path>,
) -> Result<Vec<TestResult>, Failure> {
    let tests = load_tests(dir)?;
    if let Some(html_dir) = html {
        std::fs::create_dir_all(html_dir).map_err(|e| Failure::io(html_dir, e))?;
    }
    let progress = Progress::new();
    let mut results = Vec::new();
    for (i, test) in tests.iter().enumerate() {
        progress.show(&format!(
            "grading {}/{}: {} (N = {})",
            i + 1,
            tests.len(),
            test.name,
            test.pieces.len()
        ));
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
        results.push(TestResult {
            name: test.name.clone(),
            pieces: test.pieces.len(),
            verdict,
            run,
        });
    }
    progress.done();
    Ok(results)
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
        let sandbox = results.iter().find_map(|r| r.run.sandbox.as_ref());
        crate::say!("{}", containment_line(containment, sandbox));
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

/// Which of the kernel's means held the program's processes together, and
/// what its sandbox gave and lacked.
pub fn containment_line(containment: Containment, sandbox: Option<&Sandboxed>) -> String {
    let sandbox = sandbox.map_or(String::new(), |s| format!(" in a sandbox ({s})"));
    format!("contained by {containment}{sandbox}: no process the program started outlived its test")
}
