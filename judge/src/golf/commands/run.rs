//! `judge golf run`: a submission run as the challenge runs it (full run,
//! determinism, look-ahead cuts, a streamed run), scored as points less
//! source bytes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{describe, DEFAULT_INPUT, MODES};
use crate::cli::{
    exit, opt, read_file, switch, Args, Command, Failure, Opt, Spec, SUBMISSION_COMMAND,
};
use crate::golf::audit::{answers, check_cuts, cut_points, stream};
use crate::golf::judge::{judge_output, Score};
use crate::golf::replay::scorer_name;
use crate::process::{prepare, Limits, SubmissionError};
use tetris_core::rules::Unwatched;

const SOURCE: Opt = opt(
    "--source",
    "FILE",
    "with --cmd: the source whose bytes count",
);
const INPUT: Opt = opt(
    "--input",
    "FILE",
    "the input (default testdata/golf/input.bin)",
);
const CUTS: Opt = opt("--cuts", "K", "cut runs (default 32)");
const SEED: Opt = opt("--seed", "S", "seed of the cut points (default 156007)");
const STREAM: Opt = switch("--stream", "also feed the input one byte at a time");
const STALL: Opt = opt(
    "--stall",
    "SECONDS",
    "streamed run: longest wait for an answer (default 5)",
);
const TIME_LIMIT: Opt = opt("--time-limit", "SECONDS", "per run (default 60)");

pub static SPEC: Spec = Spec {
    command: "golf run",
    positional: "[SOURCE]",
    min_positional: 0,
    max_positional: 1,
    about: "Run a golf submission: full run, determinism, look-ahead cuts, optionally a\n\
            streamed run; prints game points - source bytes (exit 3: a rule was broken).",
    options: &[
        SUBMISSION_COMMAND,
        SOURCE,
        INPUT,
        CUTS,
        SEED,
        STREAM,
        STALL,
        TIME_LIMIT,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: run_audit,
};

fn run_audit(args: Args) -> Result<i32, Failure> {
    let source: PathBuf = match (args.positional_path(0), args.path(&SOURCE)) {
        (Some(s), None) => s.to_path_buf(),
        (None, Some(s)) => s,
        _ => {
            return Err(args
                .usage_error("give SOURCE, or --cmd with --source")
                .into())
        }
    };
    let source_bytes = std::fs::metadata(&source)
        .map_err(|e| Failure::io(&source, e))?
        .len();
    let input = match args.path(&INPUT) {
        Some(path) => read_file(&path)?,
        None => read_file(Path::new(DEFAULT_INPUT)).map_err(|_| {
            Failure::judge(format!(
                "the default input {DEFAULT_INPUT} is missing (it is read from the \
                 repository's root): give --input FILE"
            ))
        })?,
    };
    let cuts = args.number_in(&CUTS, 32, 0..=1_000_000)? as usize;
    let seed: u64 = args.parsed_or(&SEED, 156_007)?;
    let limits = Limits::tool(args.seconds(&TIME_LIMIT, 60.0)?);
    let stall = args.seconds(&STALL, 5.0)?;
    let stream_stall = args.switch(&STREAM).then_some(stall);
    let compiled = args
        .positional_path(0)
        .filter(|_| args.path(&SOURCE).is_none());
    let submission = crate::cli::submission(compiled, args.value(&SUBMISSION_COMMAND)?)
        .map_err(|why| args.usage_error(why))?;
    let audited = match prepare(&submission) {
        Ok(prepared) => audit(&prepared.command, &input, cuts, seed, &limits, stream_stall),
        // Not compiling is the contestant's result, as breaking a rule is.
        Err(e @ SubmissionError::Compile { .. }) => Err(e.to_string()),
        Err(e) => return Err(e.into()),
    };
    let scores = match audited {
        Ok(scores) => scores,
        Err(problem) => {
            crate::say!("rejected: {problem}");
            return Ok(exit::REJECTED);
        }
    };
    for ((_, mode), s) in MODES.iter().zip(&scores) {
        crate::say!(
            "game score {} by {}; {}",
            s.points,
            scorer_name(*mode),
            describe(s)
        );
    }
    let game = scores[0].points as i64;
    let total = game - source_bytes as i64;
    crate::say!("source bytes {source_bytes} ({})", source.display());
    crate::say!("total = {game} - {source_bytes} = {total}");
    crate::say!("Score = {total}");
    Ok(exit::OK)
}

/// Runs every check; the scores by each mode, or what rule was broken.
fn audit(
    command: &[String],
    input: &[u8],
    cuts: usize,
    seed: u64,
    limits: &Limits,
    stream_stall: Option<Duration>,
) -> Result<Vec<Score>, String> {
    let started = Instant::now();
    let full = answers(command, input, limits)?;
    crate::say!(
        "full run: {} answers to {} pieces in {:.2} s",
        full.len(),
        input.len(),
        started.elapsed().as_secs_f64()
    );
    let scores = MODES
        .iter()
        .map(|&(_, mode)| judge_output(input, &full, mode, &mut Unwatched).accepted())
        .collect::<Result<Vec<Score>, String>>()?;
    if answers(command, input, limits)? != full {
        return Err("not deterministic: a second run on the same input gave other answers".into());
    }
    crate::say!("determinism: a second run gave the same answers");
    let points = cut_points(input.len(), cuts, seed);
    check_cuts(command, input, &full, &points, limits)?;
    crate::say!(
        "look-ahead: {} cut runs (input cut after piece k+1, k from {} to {}) answered pieces 0..=k as the full run",
        points.len(),
        points.first().copied().unwrap_or(0),
        points.last().copied().unwrap_or(0)
    );
    if let Some(stall) = stream_stall {
        if stream(command, input, stall)? != full {
            return Err("look-ahead violation: streamed answers differ from the full run".into());
        }
        crate::say!("stream: fed one byte at a time (piece i+2 after answer i), same answers");
    }
    Ok(scores)
}
