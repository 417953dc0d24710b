//! Kattis (problemtools) and DOMjudge output validator:
//! `validator <input> <answer> <feedback-dir> [flags...] < contestant-output`.
//! A judged game is always accepted (exit 42) with its points, 0 to 10, in
//! `score.txt`: the olympiad gives points for the pieces placed before any
//! mistake, so a test worth 0 points is judged, not rejected, and never
//! stops the later tests of a group. Exit 43 (reject) is not used; any
//! other code is a judge error, with the reason in `judgeerror.txt`.
//! Messages go to `judgemessage.txt` and `teammessage.txt`.

use std::ffi::OsString;
use std::io::Read;
use std::path::Path;

use super::{judge_path, Report};

pub const ACCEPTED: i32 = 42;
pub const JUDGE_ERROR: i32 = 1;

pub const USAGE: &str =
    "judge-kattis <input> <answer> <feedback-dir> [flags...] < contestant-output";

pub fn run(args: &[OsString], contestant_output: &mut dyn Read) -> Report {
    if args.len() < 3 {
        return judge_error(None, &format!("usage: {}", USAGE));
    }
    let feedback = Path::new(&args[2]);
    if !feedback.is_dir() {
        return judge_error(
            None,
            &format!("feedback directory {} does not exist", feedback.display()),
        );
    }
    let judged = match judge_path(&args[0], contestant_output) {
        Ok(j) => j,
        Err(f) => return judge_error(Some(feedback), &f.0),
    };
    let summary = format!("{}\n", judged.summary());
    let files = [
        ("score.txt", format!("{}\n", judged.points())),
        ("judgemessage.txt", summary.clone()),
        ("teammessage.txt", summary),
    ];
    for (name, body) in files.iter() {
        if let Err(e) = std::fs::write(feedback.join(name), body) {
            return judge_error(None, &format!("cannot write {}: {}", name, e));
        }
    }
    Report {
        exit_code: ACCEPTED,
        ..Report::default()
    }
}

fn judge_error(feedback: Option<&Path>, message: &str) -> Report {
    if let Some(dir) = feedback {
        let _ = std::fs::write(dir.join("judgeerror.txt"), format!("{}\n", message));
    }
    Report {
        exit_code: JUDGE_ERROR,
        stdout: String::new(),
        stderr: format!("judge error: {}\n", message),
    }
}
