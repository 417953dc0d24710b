//! `judge golf score` and `judge golf run`: thin front ends over the golf
//! rules and the look-ahead audit.

use std::path::Path;
use std::time::{Duration, Instant};

use super::audit::{answers, check_cuts, cut_points, limits, stream};
use super::rules::{score_game, Mode, Score};
use crate::cli::{exit, Args, Failure, UsageError};
use crate::olympiad::io::read_file;
use crate::process::with_submission;

/// Exit code when the contestant's output is rejected or breaks the rules.
pub const REJECTED: i32 = 3;

pub const USAGE: &str = "\
judge golf score INPUT OUTPUT [--as rules|python|c|all]
judge golf html INPUT OUTPUT -o REPLAY.html [--as rules|python|c] [--title TEXT]
judge golf run (SOURCE.rs | --cmd 'COMMAND' --source FILE) [--input FILE] [--cuts K] [--seed S]
               [--stream] [--stall SECONDS] [--time-limit SECONDS]";

pub const DEFAULT_INPUT: &str = "testdata/golf/input.bin";

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let mut rest = rest.into_iter();
    match rest.next().as_deref() {
        Some("score") => score(rest.collect()),
        Some("run") => run_audit(rest.collect()),
        Some("html") => html(rest.collect()),
        _ => Err(UsageError(format!("usage:\n{USAGE}")).into()),
    }
}

fn describe(score: &Score) -> String {
    format!(
        "clears of 1/2/3/4 rows: {}/{}/{}/{}, resets {}",
        score.clears[0], score.clears[1], score.clears[2], score.clears[3], score.resets
    )
}

const MODES: [(&str, Mode, &str); 3] = [
    ("rules", Mode::Rules, "the rules as written"),
    ("c", Mode::C, "the challenge's C scorer"),
    ("python", Mode::Python, "the challenge's Python scorer"),
];

fn score(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["--as"], &[])?;
    args.expect_positional(2, 2, USAGE)?;
    let input = read_file(Path::new(&args.positional[0])).map_err(Failure::Judge)?;
    let output = read_file(Path::new(&args.positional[1])).map_err(Failure::Judge)?;
    let wanted = args.value("--as").unwrap_or("rules");
    if wanted != "all" && Mode::from_name(wanted).is_none() {
        return Err(UsageError(format!(
            "--as: unknown scorer '{wanted}' (rules, python, c, all)"
        ))
        .into());
    }
    let mut last = 0;
    for (name, mode, title) in MODES {
        if wanted != "all" && wanted != name {
            continue;
        }
        match score_game(&input, &output, mode) {
            Ok(s) => {
                crate::say!("game score {} by {title}; {}", s.points, describe(&s));
                last = s.points;
            }
            Err(e) => {
                crate::say!("rejected: {e}");
                return Ok(REJECTED);
            }
        }
    }
    crate::say!("Score = {last}");
    Ok(exit::OK)
}

fn html(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["-o", "--as", "--title"], &[])?;
    args.expect_positional(2, 2, USAGE)?;
    let target = args
        .value("-o")
        .ok_or_else(|| UsageError(format!("usage:\n{USAGE}")))?;
    let name = args.value("--as").unwrap_or("rules");
    let mode = Mode::from_name(name)
        .ok_or_else(|| UsageError(format!("--as: unknown scorer '{name}'")))?;
    let (input_path, output_path) = (&args.positional[0], &args.positional[1]);
    let input = read_file(Path::new(input_path)).map_err(Failure::Judge)?;
    let output = read_file(Path::new(output_path)).map_err(Failure::Judge)?;
    let title = args
        .value("--title")
        .map_or_else(|| format!("{input_path} / {output_path}"), str::to_string);
    match super::replay::record(&title, &input, &output, mode) {
        Ok(replay) => {
            std::fs::write(target, crate::html::page(&replay))
                .map_err(|e| Failure::Judge(format!("{target}: {e}")))?;
            crate::say!("wrote {target}: {}", replay.end);
            Ok(exit::OK)
        }
        Err(e) => {
            crate::say!("rejected: {e}");
            Ok(REJECTED)
        }
    }
}

fn run_audit(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(
        rest,
        &[
            "--cmd",
            "--source",
            "--input",
            "--cuts",
            "--seed",
            "--stall",
            "--time-limit",
        ],
        &["--stream"],
    )?;
    args.expect_positional(0, 1, USAGE)?;
    let source = match (args.positional.first(), args.value("--source")) {
        (Some(s), None) => s.clone(),
        (None, Some(s)) => s.to_string(),
        _ => return Err(UsageError(format!("usage:\n{USAGE}")).into()),
    };
    let source_bytes = std::fs::metadata(&source)
        .map_err(|e| Failure::Judge(format!("{source}: {e}")))?
        .len();
    let input_path = args.value("--input").unwrap_or(DEFAULT_INPUT);
    let input = read_file(Path::new(input_path)).map_err(Failure::Judge)?;
    let cuts: usize = args.parsed_or("--cuts", 32)?;
    let seed: u64 = args.parsed_or("--seed", 156_007)?;
    let limits = limits(args.parsed_or("--time-limit", 60.0)?);
    let result = with_submission(&args, |command| {
        let stall = Duration::from_secs_f64(args.parsed_or("--stall", 5.0)?);
        audit(
            command,
            &input,
            cuts,
            seed,
            &limits,
            args.switch("--stream").then_some(stall),
        )
    });
    let (verdict, scores) = result?;
    if let Some(problem) = verdict {
        crate::say!("rejected: {problem}");
        return Ok(REJECTED);
    }
    for ((_, _, title), s) in MODES.iter().zip(&scores) {
        crate::say!("game score {} by {title}; {}", s.points, describe(s));
    }
    let game = scores[0].points as i64;
    crate::say!("source bytes {source_bytes} ({source})");
    crate::say!(
        "total = {game} - {source_bytes} = {}",
        game - source_bytes as i64
    );
    crate::say!("Score = {}", game - source_bytes as i64);
    Ok(exit::OK)
}

/// Runs every check; Ok((Some(problem), _)) when the program broke a rule.
fn audit(
    command: &[String],
    input: &[u8],
    cuts: usize,
    seed: u64,
    limits: &crate::process::Limits,
    stream_stall: Option<Duration>,
) -> Result<(Option<String>, Vec<Score>), Failure> {
    let reject = |problem: String| Ok((Some(problem), Vec::new()));
    let started = Instant::now();
    let full = match answers(command, input, limits) {
        Ok(a) => a,
        Err(e) => return reject(e),
    };
    crate::say!(
        "full run: {} answers to {} pieces in {:.2} s",
        full.len(),
        input.len(),
        started.elapsed().as_secs_f64()
    );
    let mut scores = Vec::new();
    for (_, mode, _) in MODES {
        match score_game(input, &full, mode) {
            Ok(s) => scores.push(s),
            Err(e) => return reject(e.to_string()),
        }
    }
    match answers(command, input, limits) {
        Ok(again) if again == full => {
            crate::say!("determinism: a second run gave the same answers")
        }
        Ok(_) => {
            return reject(
                "not deterministic: a second run on the same input gave other answers".into(),
            )
        }
        Err(e) => return reject(e),
    }
    let points = cut_points(input.len(), cuts, seed);
    if let Err(e) = check_cuts(command, input, &full, &points, limits) {
        return reject(e);
    }
    crate::say!(
        "look-ahead: {} cut runs (input cut after piece k+1, k from {} to {}) answered pieces 0..=k as the full run",
        points.len(),
        points.first().copied().unwrap_or(0),
        points.last().copied().unwrap_or(0)
    );
    if let Some(stall) = stream_stall {
        match stream(command, input, stall) {
            Ok(streamed) if streamed == full => {
                crate::say!(
                    "stream: fed one byte at a time (piece i+2 after answer i), same answers"
                )
            }
            Ok(_) => {
                return reject(
                    "look-ahead violation: streamed answers differ from the full run".into(),
                )
            }
            Err(e) => return reject(e),
        }
    }
    Ok((None, scores))
}
