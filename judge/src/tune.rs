//! `judge tune`: re-derives the olympiad submission's evaluation weights.
//! Coordinate descent: each weight in turn is scaled up and down, and a
//! change is kept when the player survives longer on a fixed set of hard
//! seeded streams (uniform streams are too easy to tell weights apart).
//! The player takes `--weights a,b,...` on its command line.

use std::time::Duration;

use crate::cli::{exit, Args, Failure, Progress};
use crate::olympiad::gen::{generate, Distribution};
use crate::olympiad::io::{format_input, OutputReader};
use crate::olympiad::{play, Piece, ToppingPiece, Unwatched};
use crate::process::{run, with_submission, Limits, Termination};
use crate::rng::Rng;

pub const USAGE: &str = "judge tune (SUBMISSION.rs | --cmd 'COMMAND') --start a,b,... [--rounds R] [--games G] [--size N] [--dist D]";

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(
        rest,
        &[
            "--cmd", "--start", "--rounds", "--games", "--size", "--dist",
        ],
        &[],
    )?;
    args.expect_positional(0, 1, USAGE)?;
    let start: Vec<i64> = args
        .value("--start")
        .ok_or_else(|| crate::cli::UsageError(format!("usage: {USAGE}")))?
        .split(',')
        .map(|w| {
            w.trim()
                .parse()
                .map_err(|_| crate::cli::UsageError(format!("--start: '{w}' is not an integer")))
        })
        .collect::<Result<_, _>>()?;
    let rounds: usize = args.parsed_or("--rounds", 2)?;
    let games: u64 = args.parsed_or("--games", 16)?;
    let size: usize = args.parsed_or("--size", 10_000)?;
    let dist_name = args.value("--dist").unwrap_or("sz-only");
    let dist = Distribution::from_name(dist_name)
        .ok_or_else(|| crate::cli::UsageError(format!("unknown distribution '{dist_name}'")))?;
    let streams: Vec<Vec<Piece>> = (1..=games)
        .map(|seed| generate(size, dist, &mut Rng::derived(seed, 7_000)))
        .collect();
    with_submission(&args, |command| descend(command, start, rounds, &streams))?;
    Ok(exit::OK)
}

/// Pieces placed in all streams with these weights.
fn fitness(command: &[String], weights: &[i64], streams: &[Vec<Piece>]) -> Result<usize, Failure> {
    let mut full = command.to_vec();
    full.push("--weights".into());
    full.push(
        weights
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(","),
    );
    let limits = Limits {
        time: Duration::from_secs(60),
        output_bytes: 16 << 20,
    };
    // Two games at a time: the machine has two cores and time is not measured.
    let results: Vec<Result<usize, Failure>> = std::thread::scope(|scope| {
        let handles: Vec<_> = streams
            .chunks(streams.len().div_ceil(2).max(1))
            .map(|chunk| {
                let full = &full;
                let limits = &limits;
                scope.spawn(move || -> Result<usize, Failure> {
                    let mut placed = 0;
                    for pieces in chunk {
                        let ran = run(full, format_input(pieces).as_bytes(), limits)
                            .map_err(Failure::Judge)?;
                        if ran.termination != Termination::Exited(0) {
                            return Err(Failure::Judge(format!(
                                "the player failed: {}",
                                ran.stderr_tail
                            )));
                        }
                        let o = play(
                            pieces,
                            &mut OutputReader::new(&ran.stdout[..]),
                            ToppingPiece::NotCounted,
                            &mut Unwatched,
                        );
                        placed += o.placed;
                    }
                    Ok(placed)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Failure::Judge("worker panicked".into())))
            })
            .collect()
    });
    results.into_iter().sum()
}

fn descend(
    command: &[String],
    mut weights: Vec<i64>,
    rounds: usize,
    streams: &[Vec<Piece>],
) -> Result<(), Failure> {
    let progress = Progress::new();
    let mut best = fitness(command, &weights, streams)?;
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
                progress.show(&format!(
                    "round {round}/{rounds}: weight {} -> {}",
                    i + 1,
                    trial[i]
                ));
                let f = fitness(command, &trial, streams)?;
                if f > best {
                    best = f;
                    weights = trial;
                    progress.done();
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
    progress.done();
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
