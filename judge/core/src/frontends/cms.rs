//! CMS comparator ("checker" manager):
//! `checker <input> <correct-output> <contestant-output> [batch|outputonly]`
//! (the fourth argument is passed by newer task types and carries nothing
//! here). The outcome, a fraction in [0, 1], goes to stdout; the message
//! for the contestant is the first line of stderr. Exit 0 whenever the
//! contestant was judged; any other exit code makes CMS report an
//! evaluation failure, which is what a broken test must do.

use std::ffi::OsString;
use std::io::Read;

use super::{fraction, judge_path, open_output, Report, Unopened};

pub const USAGE: &str = "judge-cms <input> <correct-output> <contestant-output> [batch|outputonly]";

pub fn run(args: &[OsString], _stdin: &mut dyn Read) -> Report {
    let mode_ok = match args.get(3) {
        None => true,
        Some(mode) => mode == "batch" || mode == "outputonly",
    };
    if args.len() < 3 || args.len() > 4 || !mode_ok {
        return failure(&format!("usage: {}", USAGE));
    }
    // The correct output (args[1]) carries nothing: the score is absolute.
    let output = match open_output(&args[2]) {
        Ok(output) => output,
        Err(Unopened::Missing(why)) => return judged(0, &why),
        Err(Unopened::Failure(f)) => return failure(&f.0),
    };
    match judge_path(&args[0], output) {
        Err(f) => failure(&f.0),
        Ok(j) => judged(j.points(), &j.summary()),
    }
}

fn judged(points: u32, message: &str) -> Report {
    Report {
        exit_code: 0,
        stdout: format!("{}\n", fraction(points)),
        stderr: format!("{}\n", message),
    }
}

fn failure(message: &str) -> Report {
    Report {
        exit_code: 1,
        stdout: String::new(),
        stderr: format!("judge failure: {}\n", message),
    }
}
