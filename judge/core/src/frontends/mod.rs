//! Contest-system front ends over the one scoring core (`judging`). Each
//! honours its system's argument order, exit codes and message channels;
//! all report the official per-test points (round(10 X / N)), so a contest
//! reproduces the olympiad's scores exactly.
//!
//! A front end is a function from arguments (and, for Kattis, the
//! contestant's output on stdin) to a `Report`, so tests can check every
//! channel; the binaries only print it and exit. These files, with the
//! rules, are also what `judge package` pastes into the one-file checker a
//! contest system compiles itself, so they use std only and Rust 1.56.

pub mod cms;
pub mod kattis;
pub mod testlib;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::Path;

use crate::judge::{judge_files, JudgeFailure, Judgement};
use crate::rules::ToppingPiece;

/// What a front end tells its contest system.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub exit_code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Report {
    /// Prints the report and ends the process with its exit code.
    pub fn deliver(self) -> ! {
        let mut out = std::io::stdout();
        let _ = out
            .write_all(self.stdout.as_bytes())
            .and_then(|_| out.flush());
        // A closed stderr must not turn a verdict into a panic.
        let _ = std::io::stderr().write_all(self.stderr.as_bytes());
        std::process::exit(self.exit_code)
    }
}

/// Runs a front end as a program: an internal error prints one line and
/// exits 101, which no contest system takes for a verdict.
pub fn main(front_end: fn(&[OsString], &mut dyn Read) -> Report) -> ! {
    std::panic::set_hook(Box::new(|info| {
        let line = format!(
            "judge failure: internal error (a bug in the judge): {}\n",
            info
        );
        let _ = std::io::stderr().write_all(line.as_bytes());
    }));
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    front_end(&args, &mut input).deliver()
}

fn judge_path(input: &OsString, output: impl Read) -> Result<Judgement, JudgeFailure> {
    judge_files(Path::new(input), output, ToppingPiece::NotCounted)
}

/// Why the contestant's output file cannot be judged.
enum Unopened {
    /// It does not exist: the contestant's doing (no output written).
    Missing(String),
    /// Anything else: the judge's or the machine's.
    Failure(JudgeFailure),
}

fn open_output(path: &OsString) -> Result<std::fs::File, Unopened> {
    std::fs::File::open(path).map_err(|e| {
        let message = format!(
            "cannot open the contestant's output {}: {}",
            Path::new(path).display(),
            e
        );
        match e.kind() {
            std::io::ErrorKind::NotFound => Unopened::Missing(message),
            _ => Unopened::Failure(JudgeFailure(message)),
        }
    })
}

/// The fraction of the test's 10 points, as a decimal without float noise.
pub fn fraction(points: u32) -> String {
    match points {
        10 => "1.0".to_string(),
        p => format!("0.{}", p),
    }
}
