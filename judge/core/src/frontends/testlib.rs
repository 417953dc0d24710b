//! testlib (Codeforces Polygon and systems built on it):
//! `checker [--testset T] [--group G] <input> <output> <answer> [<result-file> [-appes]]`.
//! Exit codes: 0 ok, 1 wrong answer, 2 presentation error (no output file),
//! 3 fail, 7 points; the verdict goes to stderr as "ok ...", "wrong answer
//! ...", "points P ...", "FAIL ...", and to the result file (as XML with
//! `-appes`, in either case, as testlib reads it).

use std::ffi::OsString;
use std::io::Read;

use super::{judge_path, open_output, Report, Unopened};

pub const OK: i32 = 0;
pub const WRONG_ANSWER: i32 = 1;
pub const PRESENTATION_ERROR: i32 = 2;
pub const FAIL: i32 = 3;
pub const POINTS: i32 = 7;

pub const USAGE: &str =
    "judge-testlib [--testset T] [--group G] <input> <output> <answer> [<result-file> [-appes]]";

/// How testlib reports a verdict: its exit code, message prefix and XML name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Accepted,
    WrongAnswer,
    PresentationError,
    Points(u32),
    Fail,
}

impl Status {
    fn exit_code(self) -> i32 {
        match self {
            Status::Accepted => OK,
            Status::WrongAnswer => WRONG_ANSWER,
            Status::PresentationError => PRESENTATION_ERROR,
            Status::Points(_) => POINTS,
            Status::Fail => FAIL,
        }
    }

    fn prefix(self) -> String {
        match self {
            Status::Accepted => "ok".to_string(),
            Status::WrongAnswer => "wrong answer".to_string(),
            Status::PresentationError => "wrong output format".to_string(),
            Status::Points(p) => format!("points {}", p),
            Status::Fail => "FAIL".to_string(),
        }
    }

    /// The `outcome` attribute of testlib's XML result.
    fn xml_name(self) -> &'static str {
        match self {
            Status::Accepted => "accepted",
            Status::WrongAnswer => "wrong-answer",
            Status::PresentationError => "presentation-error",
            Status::Points(_) => "points",
            Status::Fail => "fail",
        }
    }
}

/// The arguments without the options a system may put before them.
fn without_system_options(args: &[OsString]) -> Option<Vec<&OsString>> {
    let mut kept = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--testset" || args[i] == "--group" {
            args.get(i + 1)?;
            i += 2;
        } else {
            kept.push(&args[i]);
            i += 1;
        }
    }
    Some(kept)
}

pub fn run(all_args: &[OsString], _stdin: &mut dyn Read) -> Report {
    let args = match without_system_options(all_args) {
        Some(args) => args,
        None => return verdict(Status::Fail, &format!("usage: {}", USAGE), None, false),
    };
    let appes = args.len() == 5
        && matches!(args[4].to_str(), Some(flag) if flag.eq_ignore_ascii_case("-appes"));
    if args.len() < 3 || args.len() > 5 || (args.len() == 5 && !appes) {
        return verdict(Status::Fail, &format!("usage: {}", USAGE), None, false);
    }
    // The answer file (args[2]) carries nothing: the score is absolute.
    let result_file = args.get(3).copied();
    let output = match open_output(args[1]) {
        Ok(output) => output,
        Err(Unopened::Missing(why)) => {
            return verdict(Status::PresentationError, &why, result_file, appes)
        }
        Err(Unopened::Failure(f)) => return verdict(Status::Fail, &f.0, result_file, appes),
    };
    match judge_path(args[0], output) {
        Err(failure) => verdict(Status::Fail, &failure.0, result_file, appes),
        Ok(j) => {
            let o = &j.outcome;
            let outcome = if o.placed == o.pieces {
                Status::Accepted
            } else if j.points() == 0 {
                Status::WrongAnswer
            } else {
                Status::Points(j.points())
            };
            verdict(outcome, &j.summary(), result_file, appes)
        }
    }
}

fn verdict(outcome: Status, message: &str, result_file: Option<&OsString>, appes: bool) -> Report {
    let line = format!("{} {}\n", outcome.prefix(), message);
    let mut report = Report {
        exit_code: outcome.exit_code(),
        stdout: String::new(),
        stderr: line.clone(),
    };
    if let Some(path) = result_file {
        let body = if appes {
            let points = match outcome {
                Status::Points(p) => format!(" points=\"{}\"", p),
                _ => String::new(),
            };
            format!(
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome=\"{}\"{}>{}</result>\n",
                outcome.xml_name(),
                points,
                xml_text(message)
            )
        } else {
            line
        };
        if let Err(e) = std::fs::write(path, body) {
            report.exit_code = FAIL;
            report.stderr = format!(
                "FAIL cannot write the result file {}: {}\n",
                std::path::Path::new(path).display(),
                e
            );
        }
    }
    report
}

fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
