//! testlib (Codeforces Polygon and systems built on it):
//! `checker <input> <output> <answer> [<result-file> [-appes]]`.
//! Exit codes: 0 ok, 1 wrong answer, 3 fail, 7 points; the verdict goes to
//! stderr as "ok ...", "wrong answer ...", "points P ...", "FAIL ...".

use super::{judge_path, open_output, Report};

pub const OK: i32 = 0;
pub const WRONG_ANSWER: i32 = 1;
pub const FAIL: i32 = 3;
pub const POINTS: i32 = 7;

pub const USAGE: &str = "judge-testlib <input> <output> <answer> [<result-file> [-appes]]";

pub fn run(args: &[String]) -> Report {
    if args.len() < 3 || args.len() > 5 || (args.len() == 5 && args[4] != "-appes") {
        return verdict(FAIL, "fail", None, &format!("usage: {USAGE}"), None, false);
    }
    // The answer file (args[2]) carries nothing: the score is absolute.
    let result_file = args.get(3).map(String::as_str);
    let appes = args.len() == 5;
    let judged = open_output(&args[1]).and_then(|out| judge_path(&args[0], out));
    match judged {
        Err(failure) => verdict(FAIL, "fail", None, &failure.0, result_file, appes),
        Ok(j) => {
            let o = &j.outcome;
            if o.placed == o.pieces {
                verdict(OK, "accepted", None, &j.summary(), result_file, appes)
            } else if j.points() == 0 {
                verdict(
                    WRONG_ANSWER,
                    "wrong-answer",
                    None,
                    &j.summary(),
                    result_file,
                    appes,
                )
            } else {
                let points = j.points();
                verdict(
                    POINTS,
                    "points",
                    Some(points),
                    &j.summary(),
                    result_file,
                    appes,
                )
            }
        }
    }
}

fn verdict(
    code: i32,
    outcome: &str,
    points: Option<u32>,
    message: &str,
    result_file: Option<&str>,
    appes: bool,
) -> Report {
    let prefix = match code {
        OK => "ok".to_string(),
        WRONG_ANSWER => "wrong answer".to_string(),
        POINTS => format!("points {}", points.unwrap_or(0)),
        _ => "FAIL".to_string(),
    };
    let line = format!("{prefix} {message}\n");
    let mut report = Report {
        exit_code: code,
        stdout: String::new(),
        stderr: line.clone(),
    };
    if let Some(path) = result_file {
        let body = if appes {
            let points = points
                .map(|p| format!(" points=\"{p}\""))
                .unwrap_or_default();
            format!(
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome=\"{outcome}\"{points}>{}</result>\n",
                xml_text(message)
            )
        } else {
            line
        };
        if let Err(e) = std::fs::write(path, body) {
            report.exit_code = FAIL;
            report.stderr = format!("FAIL cannot write the result file {path}: {e}\n");
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
