//! `judge golf score`, `judge golf losses`, `judge golf html` and `judge
//! golf run`: thin front ends over the golf rules, the loss report and the
//! look-ahead audit.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::audit::{answers, check_cuts, cut_points, stream};
use super::losses::{losses, report};
use super::replay::{record, scorer_name};
use super::rules::{score_game, Mode, Score};
use crate::cli::{
    exit, opt, read_file, switch, write_file, Args, Command, Failure, Spec, Verdict,
    SUBMISSION_COMMAND,
};
use crate::process::{with_submission, Limits};

pub const DEFAULT_INPUT: &str = "testdata/golf/input.bin";

pub const COMMANDS: &[Command] = &[
    Command {
        spec: &SCORE,
        run: score,
    },
    Command {
        spec: &LOSSES,
        run: show_losses,
    },
    Command {
        spec: &HTML,
        run: html,
    },
    Command {
        spec: &RUN,
        run: run_audit,
    },
];

pub static SCORE: Spec = Spec {
    command: "golf score",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Score a code-golf game by the rules as written or a published scorer's quirks\n\
            (exit 3: the output is rejected).",
    options: &[opt(
        "--as",
        "SCORER",
        "rules, python, c or all (default rules)",
    )],
};

pub static LOSSES: Spec = Spec {
    command: "golf losses",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Where a golf game's points went (rules as written): clears of fewer than four\n\
            rows sorted by the piece that made them, holes made, resets (exit 3: rejected).",
    options: &[opt(
        "--well",
        "COLUMN",
        "the column the strategy keeps for I pieces, 0..9 (default 9)",
    )],
};

pub static HTML: Spec = Spec {
    command: "golf html",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "A golf game as a self-contained replay page (exit 3: the output is rejected).",
    options: &[
        opt("-o", "REPLAY.html", "the page to write"),
        opt("--as", "SCORER", "rules, python or c (default rules)"),
        opt("--title", "TEXT", "the page's title"),
    ],
};

pub static RUN: Spec = Spec {
    command: "golf run",
    positional: "[SOURCE.rs]",
    min_positional: 0,
    max_positional: 1,
    about: "Run a golf submission: full run, determinism, look-ahead cuts, optionally a\n\
            streamed run; prints game points - source bytes (exit 3: a rule was broken).",
    options: &[
        SUBMISSION_COMMAND,
        opt(
            "--source",
            "FILE",
            "with --cmd: the source whose bytes count",
        ),
        opt(
            "--input",
            "FILE",
            "the input (default testdata/golf/input.bin)",
        ),
        opt("--cuts", "K", "cut runs (default 32)"),
        opt("--seed", "S", "seed of the cut points (default 156007)"),
        switch("--stream", "also feed the input one byte at a time"),
        opt(
            "--stall",
            "SECONDS",
            "streamed run: longest wait for an answer (default 5)",
        ),
        opt("--time-limit", "SECONDS", "per run (default 60)"),
    ],
};

fn describe(score: &Score) -> String {
    format!(
        "clears of 1/2/3/4 rows: {}/{}/{}/{}, resets {}",
        score.clears[0], score.clears[1], score.clears[2], score.clears[3], score.resets
    )
}

const MODES: [(&str, Mode); 3] = [
    ("rules", Mode::Rules),
    ("c", Mode::C),
    ("python", Mode::Python),
];

fn mode(args: &Args) -> Result<Option<Mode>, Failure> {
    let wanted = args.value("--as")?.unwrap_or("rules");
    match MODES.iter().find(|(name, _)| *name == wanted) {
        Some((_, mode)) => Ok(Some(*mode)),
        None if wanted == "all" => Ok(None),
        None => Err(args
            .usage_error(format!(
                "--as: unknown scorer '{wanted}' (rules, python, c, all)"
            ))
            .into()),
    }
}

fn input_and_output(args: &Args) -> Result<(Vec<u8>, Vec<u8>), Failure> {
    Ok((
        read_file(args.positional[0].as_ref())?,
        read_file(args.positional[1].as_ref())?,
    ))
}

fn score(args: Args) -> Result<i32, Failure> {
    let (input, output) = input_and_output(&args)?;
    let wanted = mode(&args)?;
    let mut last = 0;
    for (_, mode) in MODES {
        if wanted.is_some_and(|w| w != mode) {
            continue;
        }
        match score_game(&input, &output, mode) {
            Ok(s) => {
                crate::say!(
                    "game score {} by {}; {}",
                    s.points,
                    scorer_name(mode),
                    describe(&s)
                );
                last = s.points;
            }
            Err(e) => {
                crate::say!("rejected: {e}");
                return Ok(exit::REJECTED);
            }
        }
    }
    crate::say!("Score = {last}");
    Ok(exit::OK)
}

fn show_losses(args: Args) -> Result<i32, Failure> {
    let well = args.number_in("--well", 9, 0..=9)? as usize;
    let (input, output) = input_and_output(&args)?;
    match losses(&input, &output, well) {
        Ok(found) => {
            for line in report(&found, well) {
                crate::say!("{line}");
            }
            Ok(exit::OK)
        }
        Err(e) => {
            crate::say!("rejected: {e}");
            Ok(exit::REJECTED)
        }
    }
}

fn html(args: Args) -> Result<i32, Failure> {
    let target = args.required_path("-o")?;
    let mode = mode(&args)?.ok_or_else(|| args.usage_error("--as all: choose one scorer"))?;
    let (input, output) = input_and_output(&args)?;
    let title = match args.value("--title")? {
        Some(t) => t.to_string(),
        None => format!(
            "{} / {}",
            args.positional[0].to_string_lossy(),
            args.positional[1].to_string_lossy()
        ),
    };
    match record(&title, &input, &output, mode) {
        Ok(replay) => {
            write_file(&target, replay.page())?;
            crate::say!("wrote {}: {}", target.display(), replay.end);
            Ok(exit::OK)
        }
        Err(e) => {
            crate::say!("rejected: {e}");
            Ok(exit::REJECTED)
        }
    }
}

fn run_audit(args: Args) -> Result<i32, Failure> {
    let source: PathBuf = match (args.positional_path(0), args.path("--source")) {
        (Some(s), None) => s.to_path_buf(),
        (None, Some(s)) => s,
        _ => {
            return Err(args
                .usage_error("give SOURCE.rs, or --cmd with --source")
                .into())
        }
    };
    let source_bytes = std::fs::metadata(&source)
        .map_err(|e| Failure::io(&source, e))?
        .len();
    let input_path = args
        .path("--input")
        .unwrap_or_else(|| PathBuf::from(DEFAULT_INPUT));
    let input = read_file(&input_path)?;
    let cuts = args.number_in("--cuts", 32, 0..=1_000_000)? as usize;
    let seed: u64 = args.parsed_or("--seed", 156_007)?;
    let limits = Limits::tool(args.seconds("--time-limit", 60.0)?);
    let stall = args.seconds("--stall", 5.0)?;
    let stream_stall = args.switch("--stream").then_some(stall);
    let compiled = args
        .positional_path(0)
        .filter(|_| args.path("--source").is_none());
    let verdict = with_submission(compiled, args.value("--cmd")?, |command| {
        Ok(
            match audit(command, &input, cuts, seed, &limits, stream_stall) {
                Ok(scores) => Verdict::Accepted(scores),
                Err(problem) => Verdict::Rejected(problem),
            },
        )
    })?;
    let scores = match verdict {
        Verdict::Accepted(scores) => scores,
        Verdict::Rejected(problem) => {
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
        .map(|&(_, mode)| score_game(input, &full, mode).map_err(|e| e.to_string()))
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
