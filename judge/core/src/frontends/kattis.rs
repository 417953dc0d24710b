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
/// Used only by the input validator: the test input is malformed.
pub const REJECTED: i32 = 43;
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

/// The input validator of a package: a test on stdin is valid (42) when it
/// is UTF-8 text in the statement's format, read exactly as every grader
/// reads tests, and in its exact layout; otherwise 43 with the reason on
/// stderr.
pub fn validate_input(_args: &[OsString], test: &mut dyn Read) -> Report {
    let mut bytes = Vec::new();
    let checked = match test.read_to_end(&mut bytes) {
        Err(e) => Err(format!("cannot read the test: {}", e)),
        Ok(_) => match std::str::from_utf8(&bytes) {
            Err(e) => Err(format!(
                "not text (invalid UTF-8 at byte {})",
                e.valid_up_to()
            )),
            Ok(text) => crate::format::parse_input(text)
                .map_err(|e| e.to_string())
                .and_then(|pieces| exact_layout(text, &pieces).map(|_| pieces.len())),
        },
    };
    match checked {
        Ok(n) => Report {
            exit_code: ACCEPTED,
            stdout: String::new(),
            stderr: format!("valid: {} pieces\n", n),
        },
        Err(why) => Report {
            exit_code: REJECTED,
            stdout: String::new(),
            stderr: format!("invalid test: {}\n", why),
        },
    }
}

/// Whether a readable test is laid out exactly as the statement promises:
/// N, a line feed, the pieces separated by single spaces, a line feed;
/// that is, as `format_input` writes its pieces. Err says where it is not.
fn exact_layout(text: &str, pieces: &[crate::tetromino::Piece]) -> Result<(), String> {
    let exact = crate::format::format_input(pieces);
    if exact == text {
        return Ok(());
    }
    let at = exact
        .bytes()
        .zip(text.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let before = &text.as_bytes()[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    Err(format!(
        "line {}, column {}: not the statement's layout (N, a line feed, the pieces \
         separated by single spaces, a line feed, nothing else)",
        line, column
    ))
}
