//! Contest-system front ends over the one scoring core
//! (`olympiad::judging`). Each honours its system's argument order, exit
//! codes and message channels; all report the official per-test points
//! (round(10 X / N)), so a contest reproduces the olympiad's scores exactly.
//!
//! A front end is a function from arguments (and, for Kattis, the
//! contestant's output on stdin) to a `Report`, so tests can check every
//! channel; the binaries only print it and exit.

pub mod cms;
pub mod kattis;
pub mod testlib;

use std::io::Read;
use std::path::Path;

use crate::olympiad::judging::{judge_files, JudgeFailure, Judgement};
use crate::olympiad::ToppingPiece;

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
        crate::cli::say_text(&self.stdout);
        eprint!("{}", self.stderr);
        use std::io::Write;
        let _ = std::io::stdout().flush();
        std::process::exit(self.exit_code)
    }
}

fn judge_path(input: &str, output: impl Read) -> Result<Judgement, JudgeFailure> {
    judge_files(Path::new(input), output, ToppingPiece::NotCounted)
}

fn open_output(path: &str) -> Result<std::fs::File, JudgeFailure> {
    std::fs::File::open(path)
        .map_err(|e| JudgeFailure(format!("cannot open the contestant's output {path}: {e}")))
}

/// The fraction of the test's 10 points, as a decimal without float noise.
pub fn fraction(points: u32) -> String {
    match points {
        10 => "1.0".to_string(),
        p => format!("0.{p}"),
    }
}
