//! `judge tune`: re-derives the olympiad submission's evaluation weights.
//! Coordinate descent: each weight in turn is scaled up and down, and a
//! change is kept when the player survives longer on a fixed set of hard
//! seeded streams (uniform streams are too easy to tell weights apart).
//! The player takes `--weights a,b,...` on its command line. An
//! evaluation's games run side by side (`--jobs`); their sum does not
//! depend on which finishes first.

use std::time::Duration;

use super::gen::{chosen_distribution, DIST, WEIGHTS};
use crate::batch::{self, try_map};
use crate::cli::{exit, opt, required, Args, Command, Failure, Opt, Spec, SUBMISSION_COMMAND};
use crate::olympiad::format::MAX_PIECES;
use crate::olympiad::gen::generate;
use crate::olympiad::play::play_program;
use crate::olympiad::Piece;
use crate::process::{with_arguments, with_submission, Limits};
use crate::rng::Rng;

const START: Opt = required("--start", "a,b,...", "the starting weights");
const ROUNDS: Opt = opt("--rounds", "R", "rounds over all weights (default 2)");
const GAMES: Opt = opt("--games", "G", "streams per evaluation (default 16)");
const SIZE: Opt = opt("--size", "N", "pieces per stream (default 10000)");

pub static SPEC: Spec = Spec {
    command: "tune",
    positional: "[SOURCE]",
    min_positional: 0,
    max_positional: 1,
    about: "Re-derive the submission's evaluation weights by coordinate descent on seeded\n\
            streams (--dist, default sz-only, or --weights of the pieces); the player is\n\
            given its evaluation weights as --weights a,b,... on its command line.",
    options: &[
        SUBMISSION_COMMAND,
        START,
        ROUNDS,
        GAMES,
        SIZE,
        DIST,
        WEIGHTS,
        batch::JOBS,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let start: Vec<i64> = args
        .value(&START)?
        .ok_or_else(|| args.usage_error("--start a,b,... is needed"))?
        .split(',')
        .map(|w| {
            w.trim()
                .parse()
                .map_err(|_| args.usage_error(format!("--start: '{w}' is not an integer")))
        })
        .collect::<Result<_, _>>()?;
    let rounds = args.number_in(&ROUNDS, 2, 0..=1000)? as usize;
    let games = args.number_in(&GAMES, 16, 1..=100_000)?;
    let size = args.number_in(&SIZE, 10_000, 1..=MAX_PIECES as u64)? as usize;
    let dist = chosen_distribution(&args, "sz-only")?;
    let streams: Vec<Vec<Piece>> = (1..=games)
        .map(|seed| generate(size, dist, &mut Rng::derived(seed, 7_000)))
        .collect();
    let jobs = batch::jobs(&args)?;
    with_submission(&args.submission()?, |command| {
        descend(command, start, rounds, &streams, jobs)
    })?;
    Ok(exit::OK)
}

/// Pieces placed in all streams with these weights, `jobs` games at once.
fn fitness(
    command: &[String],
    weights: &[i64],
    streams: &[Vec<Piece>],
    jobs: usize,
    label: &str,
) -> Result<usize, Failure> {
    let weights: Vec<String> = weights.iter().map(i64::to_string).collect();
    let full = with_arguments(command, &["--weights".into(), weights.join(",")]);
    let limits = Limits::tool(Duration::from_secs(60));
    let placed = try_map(streams, jobs, label, |_, pieces| {
        let (outcome, _) = play_program(&full, pieces, &limits).map_err(Failure::Judge)?;
        Ok::<_, Failure>(outcome.placed)
    })?;
    Ok(placed.iter().sum())
}

fn descend(
    command: &[String],
    mut weights: Vec<i64>,
    rounds: usize,
    streams: &[Vec<Piece>],
    jobs: usize,
) -> Result<(), Failure> {
    let mut best = fitness(command, &weights, streams, jobs, "tune: the start")?;
    crate::say!("start {:?}: {best} pieces placed", weights);
    for round in 1..=rounds {
        for i in 0..weights.len() {
            for factor in [1.25, 0.8] {
                let mut trial = weights.clone();
                let scaled = (trial[i] as f64 * factor).round() as i64;
                trial[i] = if scaled == trial[i] {
                    trial[i] + if factor > 1.0 { 1 } else { -1 }
                } else {
                    scaled
                };
                let label = format!("round {round}/{rounds}: weight {} -> {}", i + 1, trial[i]);
                let f = fitness(command, &trial, streams, jobs, &label)?;
                if f > best {
                    best = f;
                    weights = trial;
                    crate::say!(
                        "round {round}: weight {} -> {}: {best} pieces placed",
                        i + 1,
                        weights[i]
                    );
                    break;
                }
            }
        }
    }
    crate::say!(
        "best weights: {} ({best} pieces placed in {} streams)",
        weights
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(","),
        streams.len()
    );
    Ok(())
}
