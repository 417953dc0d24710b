//! CMS comparator ("checker" manager):
//! `checker <input> <correct-output> <contestant-output>`.
//! The outcome, a fraction in [0, 1], goes to stdout; the message for the
//! contestant is the first line of stderr. Exit 0 whenever the contestant
//! was judged; any other exit code makes CMS report an evaluation failure,
//! which is what a broken test must do.

use super::{fraction, judge_path, open_output, Report};

pub const USAGE: &str = "judge-cms <input> <correct-output> <contestant-output>";

pub fn run(args: &[String]) -> Report {
    if args.len() != 3 {
        return failure(&format!("usage: {USAGE}"));
    }
    // The correct output (args[1]) carries nothing: the score is absolute.
    match open_output(&args[2]).and_then(|out| judge_path(&args[0], out)) {
        Err(f) => failure(&f.0),
        Ok(j) => Report {
            exit_code: 0,
            stdout: format!("{}\n", fraction(j.points())),
            stderr: format!("{}\n", j.summary()),
        },
    }
}

fn failure(message: &str) -> Report {
    Report {
        exit_code: 1,
        stdout: String::new(),
        stderr: format!("judge failure: {message}\n"),
    }
}
