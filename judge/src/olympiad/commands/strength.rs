//! `judge strength`: the strength benchmark of an olympiad player. It plays
//! the ten official sizes for many seeds and 10000-piece stress streams,
//! and prints the points distribution, survival, the highest stack, time
//! per test and peak memory, optionally beside Dellacherie's baseline.

use std::time::Duration;

use super::play_program;
use crate::cli::{
    exit, opt, switch, Args, Command, Failure, Opt, Progress, Spec, SUBMISSION_COMMAND,
};
use crate::olympiad::baseline;
use crate::olympiad::format::MAX_PIECES;
use crate::olympiad::gen::{generate, Distribution, OFFICIAL_SIZES};
use crate::olympiad::{play, Outcome, Piece, ToppingPiece, Unwatched};
use crate::process::{with_submission, Limits};
use crate::rng::Rng;

const SEEDS: Opt = opt("--seeds", "K", "seeds of the official sizes (default 100)");
const STRESS_SEEDS: Opt = opt(
    "--stress-seeds",
    "K",
    "seeds of each stress stream (default 20)",
);
const STRESS_SIZE: Opt = opt(
    "--stress-size",
    "N",
    "pieces of a stress stream (default 10000)",
);
const BASELINE: Opt = switch(
    "--baseline",
    "also play Dellacherie's baseline on the stress streams",
);

pub static SPEC: Spec = Spec {
    command: "strength",
    positional: "[SUBMISSION.rs]",
    min_positional: 0,
    max_positional: 1,
    about: "The strength benchmark: the ten official sizes over many seeds and 10000-piece\n\
            stress streams (S/Z-heavy, no I, S/Z only): points, survival, stack height, time, memory.",
    options: &[
        SUBMISSION_COMMAND,
        SEEDS,
        STRESS_SEEDS,
        STRESS_SIZE,
        BASELINE,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let seeds = args.number_in(&SEEDS, 100, 0..=100_000)?;
    let stress_seeds = args.number_in(&STRESS_SEEDS, 20, 0..=100_000)?;
    let stress_size = args.number_in(&STRESS_SIZE, 10_000, 1..=MAX_PIECES as u64)? as usize;
    with_submission(&args.submission()?, |command| {
        official_sizes(command, seeds)?;
        stress(command, stress_seeds, stress_size, args.switch(&BASELINE))
    })?;
    Ok(exit::OK)
}

/// What one game of the player gave.
struct Game {
    outcome: Outcome,
    wall: Duration,
    max_rss_kib: Option<u64>,
}

fn play_once(command: &[String], pieces: &[Piece]) -> Result<Game, Failure> {
    let (outcome, ran) = play_program(command, pieces, &Limits::tool(Duration::from_secs(20)))
        .map_err(Failure::Judge)?;
    Ok(Game {
        outcome,
        wall: ran.wall,
        max_rss_kib: ran.max_rss_kib,
    })
}

fn official_sizes(command: &[String], seeds: u64) -> Result<(), Failure> {
    let progress = Progress::new();
    let mut totals = Vec::new();
    let (mut placed, mut pieces, mut highest, mut rss) = (0usize, 0usize, 0usize, 0u64);
    let mut big_times = Vec::new();
    for seed in 1..=seeds {
        progress.show(&format!("official sizes: seed {seed}/{seeds}"));
        let mut total = 0;
        for (i, &n) in OFFICIAL_SIZES.iter().enumerate() {
            let test = generate(n, Distribution::Uniform, &mut Rng::derived(seed, i as u64));
            let game = play_once(command, &test)?;
            total += game.outcome.points();
            placed += game.outcome.placed;
            pieces += n;
            highest = highest.max(game.outcome.max_height);
            rss = rss.max(game.max_rss_kib.unwrap_or(0));
            if n == 10_000 {
                big_times.push(game.wall);
            }
        }
        totals.push(total);
    }
    progress.done();
    if totals.is_empty() {
        return Ok(());
    }
    totals.sort_unstable();
    big_times.sort();
    let perfect = totals.iter().filter(|&&t| t == 100).count();
    crate::say!(
        "uniform pieces, the ten official sizes, seeds 1..{seeds} ({} games, {pieces} pieces)",
        totals.len() * 10
    );
    crate::say!(
        "  points per seed: min {}, median {}, max {}; 100/100 on {perfect} of {} seeds",
        totals[0],
        totals[totals.len() / 2],
        totals[totals.len() - 1],
        totals.len()
    );
    crate::say!(
        "  survival {:.3}%; highest stack {highest} rows of 20",
        100.0 * placed as f64 / pieces as f64
    );
    crate::say!(
        "  time per 10000-piece test: median {} ms, max {} ms; peak memory {:.1} MiB",
        big_times[big_times.len() / 2].as_millis(),
        big_times[big_times.len() - 1].as_millis(),
        rss as f64 / 1024.0
    );
    Ok(())
}

fn stress(command: &[String], seeds: u64, size: usize, with_baseline: bool) -> Result<(), Failure> {
    if seeds == 0 {
        return Ok(());
    }
    let progress = Progress::new();
    crate::say!("stress streams of {size} pieces, seeds 1..{seeds}");
    let header = "  stream     complete  survival   placed min / median / max   time median / max";
    crate::say!(
        "{header}{}",
        if with_baseline {
            "   | baseline: complete  survival   placed min / median / max"
        } else {
            ""
        }
    );
    for distribution in [
        Distribution::SzHeavy,
        Distribution::NoI,
        Distribution::SzOnly,
    ] {
        let mut mine = Vec::new();
        let mut times = Vec::new();
        let mut theirs = Vec::new();
        for seed in 1..=seeds {
            progress.show(&format!(
                "stress {}: seed {seed}/{seeds}",
                distribution.name()
            ));
            let test = generate(
                size,
                distribution,
                &mut Rng::derived(seed, 1000 + distribution as u64),
            );
            let game = play_once(command, &test)?;
            mine.push(game.outcome.placed);
            times.push(game.wall);
            if with_baseline {
                let moves = baseline::choose_moves(&test);
                let outcome = play(
                    &test,
                    &mut moves.into_iter(),
                    ToppingPiece::NotCounted,
                    &mut Unwatched,
                );
                theirs.push(outcome.placed);
            }
        }
        progress.done();
        times.sort();
        let mut line = format!(
            "  {:<10} {}   {:>6} / {:>4} ms",
            distribution.name(),
            placed_summary(&mut mine, size),
            times[times.len() / 2].as_millis(),
            times[times.len() - 1].as_millis()
        );
        if with_baseline {
            line += &format!("   | baseline: {}", placed_summary(&mut theirs, size));
        }
        crate::say!("{line}");
    }
    Ok(())
}

fn placed_summary(placed: &mut [usize], size: usize) -> String {
    placed.sort_unstable();
    let complete = placed.iter().filter(|&&p| p == size).count();
    let survival = 100.0 * placed.iter().sum::<usize>() as f64 / (size * placed.len()) as f64;
    format!(
        "{complete:>3}/{:<3}   {survival:>7.2}%   {:>6} / {:>6} / {:>6}",
        placed.len(),
        placed[0],
        placed[placed.len() / 2],
        placed[placed.len() - 1]
    )
}
