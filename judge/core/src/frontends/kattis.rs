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
/// reads tests, within the statement's limit on N and in its exact layout;
/// otherwise 43 with the reason on stderr.
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
                .and_then(|pieces| within_statement(&pieces).map(|_| pieces))
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

/// Whether a readable test has no more pieces than the statement allows
/// (the graders read larger ones). Err says by how much it has more.
fn within_statement(pieces: &[crate::tetromino::Piece]) -> Result<(), String> {
    let limit = crate::format::STATEMENT_MAX_PIECES;
    match pieces.len() <= limit {
        true => Ok(()),
        false => Err(format!(
            "line 1, column 1: N is {}, above the statement's limit of {}",
            pieces.len(),
            limit
        )),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn validate(n: usize) -> Report {
        let pieces = vec!["3"; n].join(" ");
        let test = format!("{}\n{}\n", n, pieces);
        validate_input(&[], &mut test.as_bytes())
    }

    /// The statement's limit holds for the validators, not for the judges.
    #[test]
    fn the_input_validator_holds_tests_to_the_statements_limit() {
        assert_eq!(validate(10_000).exit_code, ACCEPTED);
        let above = validate(10_001);
        assert_eq!(above.exit_code, REJECTED);
        assert!(
            above
                .stderr
                .contains("N is 10001, above the statement's limit of 10000"),
            "{}",
            above.stderr
        );
        let test = format!("10001\n{}\n", vec!["3"; 10_001].join(" "));
        assert_eq!(
            crate::format::parse_input(&test).map(|p| p.len()),
            Ok(10_001)
        );
    }
}
