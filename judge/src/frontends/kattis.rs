//! Kattis / DOMjudge output validator:
//! `validator <input> <answer> <feedback-dir> [flags...] < contestant-output`.
//! Exit 42 accepts (with the test's points in `score.txt`), 43 rejects (no
//! piece worth a point); any other code is a judge error. Messages go to
//! `judgemessage.txt` and `teammessage.txt` in the feedback directory.

use std::io::Read;
use std::path::Path;

use super::{judge_path, Report};

pub const ACCEPTED: i32 = 42;
pub const REJECTED: i32 = 43;
pub const JUDGE_ERROR: i32 = 1;

pub const USAGE: &str =
    "judge-kattis <input> <answer> <feedback-dir> [flags...] < contestant-output";

pub fn run(args: &[String], contestant_output: impl Read) -> Report {
    if args.len() < 3 {
        return judge_error(None, &format!("usage: {USAGE}"));
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
    for (name, body) in files {
        if let Err(e) = std::fs::write(feedback.join(name), body) {
            return judge_error(None, &format!("cannot write {name}: {e}"));
        }
    }
    Report {
        exit_code: if judged.points() > 0 {
            ACCEPTED
        } else {
            REJECTED
        },
        ..Report::default()
    }
}

fn judge_error(feedback: Option<&Path>, message: &str) -> Report {
    if let Some(dir) = feedback {
        let _ = std::fs::write(dir.join("judgeerror.txt"), format!("{message}\n"));
    }
    Report {
        exit_code: JUDGE_ERROR,
        stdout: String::new(),
        stderr: format!("judge error: {message}\n"),
    }
}
