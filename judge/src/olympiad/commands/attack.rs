//! `judge attack`: a tool for problem setters that hunts the piece streams
//! that end a player early. A seeded hill climb over streams of N pieces:
//! it starts from streams of many families (uniform, the 127 piece subsets,
//! S/Z floods with rare other pieces), then mutates the best one found
//! (single pieces, runs of one or two kinds, copied segments, swaps, a rare
//! piece dropped into a run), keeping a mutant that ends the player no
//! later; a run that crashes or breaks a limit is the worst there is, and
//! ends the search. Every run of the player counts against the budget; the
//! search itself reads no clock, so the same seed tries the same streams.
//! Candidates are tried in rounds of a fixed size, side by side (`--jobs`),
//! each drawn from its own seed and weighed in its round's order, so the
//! search is the same whatever the number of jobs.

use std::time::Duration;

use crate::batch::{self, try_map};
use crate::cli::{
    exit, opt, write_file, Args, Command, Failure, Opt, Spec, Verdict, SUBMISSION_COMMAND,
};
use crate::olympiad::format::{format_input, MAX_PIECES};
use crate::olympiad::gen::{generate, Distribution};
use crate::olympiad::play::run_game;
use crate::olympiad::Piece;
use crate::process::{with_submission, Limits, DEFAULT_TIME_LIMIT_SECONDS};
use crate::rng::Rng;

const N: Opt = opt("--n", "N", "pieces of a stream (default 10000)");
const BUDGET: Opt = opt("--budget", "RUNS", "runs of the player (default 200)");
const SEED: Opt = opt("--seed", "S", "the search's seed (default 1)");
const TIME_LIMIT: Opt = opt(
    "--time-limit",
    "SECONDS",
    "per run, as judge grade (default 1); a run past it counts as placing nothing",
);
const OUTPUT_FILE: Opt = opt("-o", "FILE", "write the worst stream found as a test");

pub static SPEC: Spec = Spec {
    command: "attack",
    positional: "[SOURCE]",
    min_positional: 0,
    max_positional: 1,
    about: "Search for the piece stream of N pieces on which the player places the fewest\n\
            pieces (seeded hill climbing, a budget of runs); print the progress and the\n\
            worst stream found, and write it as a test with -o FILE.",
    options: &[
        SUBMISSION_COMMAND,
        N,
        BUDGET,
        SEED,
        TIME_LIMIT,
        OUTPUT_FILE,
        batch::JOBS,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// A stream and what the player made of it.
#[derive(Clone)]
struct Tried {
    pieces: Vec<Piece>,
    placed: usize,
    /// Why the run placed nothing, if it crashed or broke a limit.
    failure: Option<String>,
    how: String,
}

fn main(args: Args) -> Result<i32, Failure> {
    let n = args.number_in(&N, 10_000, 1..=MAX_PIECES as u64)? as usize;
    let budget = args.number_in(&BUDGET, 200, 1..=1_000_000)? as usize;
    let seed = args.parsed_or(&SEED, 1u64)?;
    let limits = Limits {
        time: args.seconds(&TIME_LIMIT, DEFAULT_TIME_LIMIT_SECONDS)?,
        ..Limits::tool(Duration::from_secs(1))
    };
    let output = args.path(&OUTPUT_FILE);
    let search = Search {
        n,
        budget,
        seed,
        limits,
        jobs: batch::jobs(&args)?,
    };
    let worst = with_submission(&args.submission()?, |command| search.attack(command))?;
    crate::say!(
        "worst stream: placed {} of {n}{} ({})",
        worst.placed,
        worst
            .failure
            .as_ref()
            .map_or(String::new(), |f| format!(", {f}")),
        worst.how
    );
    crate::say!("  pieces (I J L O S T Z): {}", composition(&worst.pieces));
    if let Some(path) = output {
        write_file(&path, format_input(&worst.pieces))?;
        crate::say!("wrote {}", path.display());
    }
    crate::say!("Placed = {}", worst.placed);
    Ok(exit::OK)
}

fn composition(pieces: &[Piece]) -> String {
    let mut counts = [0usize; 7];
    for p in pieces {
        counts[p.index()] += 1;
    }
    let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
    counts.join(" ")
}

/// The player's result on a stream: pieces placed, and why none were if its
/// run failed.
fn try_stream(
    command: &[String],
    pieces: Vec<Piece>,
    limits: &Limits,
    how: String,
) -> Result<Tried, Failure> {
    let (verdict, _) = run_game(command, &pieces, limits).map_err(Failure::Judge)?;
    let (placed, failure) = match verdict {
        Verdict::Accepted(judged) => (judged.outcome.placed, None),
        Verdict::Failed(failure) => (0, Some(failure.to_string())),
        Verdict::Rejected(why) => (0, Some(why)),
    };
    Ok(Tried {
        pieces,
        placed,
        failure,
        how,
    })
}

/// The families the search starts from, in the order tried.
fn starting_families() -> Vec<(String, Distribution)> {
    let mut families = vec![
        ("uniform".to_string(), Distribution::Uniform),
        ("sz-only".to_string(), Distribution::SzOnly),
        ("sz-heavy".to_string(), Distribution::SzHeavy),
        ("no-i".to_string(), Distribution::NoI),
    ];
    for odd in 0..7 {
        if odd == 4 || odd == 6 {
            continue;
        }
        let mut weights = [0; 7];
        weights[4] = 60;
        weights[6] = 60;
        weights[odd] = 1;
        let d = Distribution::Weighted(weights);
        families.push((d.name(), d));
    }
    for mask in 1..=127u8 {
        let d = Distribution::subset(mask);
        families.push((d.name(), d));
    }
    families
}

/// Candidates tried side by side in one round: fixed, so that what is
/// tried never depends on `--jobs` (and more cores than this go unused).
const ROUND: usize = 8;

/// One search: its stream length, budget, seed, limits and jobs.
struct Search {
    n: usize,
    budget: usize,
    seed: u64,
    limits: Limits,
    jobs: usize,
}

impl Search {
    fn attack(&self, command: &[String]) -> Result<Tried, Failure> {
        let (n, budget, seed) = (self.n, self.budget, self.seed);
        let families = starting_families();
        // A fifth of the budget (at least one run, at most one per family)
        // samples the families; the rest climbs.
        let sampled: Vec<usize> = (0..(budget / 5).clamp(1, families.len())).collect();
        let mut best: Option<Tried> = None;
        let mut runs = 0;
        for round in sampled.chunks(ROUND) {
            if best.as_ref().is_some_and(|b| b.failure.is_some()) {
                break;
            }
            let so_far = best.as_ref().map(|b| b.placed);
            let tried = self.round(command, round, runs, so_far, |i| {
                let (name, distribution) = &families[i];
                let pieces = generate(n, *distribution, &mut Rng::derived(seed, i as u64));
                (pieces, format!("family {name}"))
            })?;
            for tried in tried {
                runs += 1;
                if best.as_ref().map_or(true, |b| tried.placed < b.placed) {
                    best = Some(tried);
                    self.improved(runs, best.as_ref().expect("just found"));
                }
            }
        }
        let mut best = best.expect("at least one family is sampled");
        // A crash or a broken limit is worth nothing in a contest: no stream
        // can do worse, so the search ends there.
        while runs < budget && best.failure.is_none() {
            let numbers: Vec<usize> = (runs..budget.min(runs + ROUND)).collect();
            let parent = best.clone();
            let tried = self.round(command, &numbers, runs, Some(parent.placed), |run| {
                // Each candidate's own seed, from its run number: the same
                // mutants whatever finishes first.
                let mut rng = Rng::derived(seed, (1 << 32) + run as u64);
                mutate(&parent.pieces, parent.placed, &mut rng)
            })?;
            for tried in tried {
                runs += 1;
                if best.failure.is_some() {
                    continue;
                }
                let improved = tried.placed < best.placed;
                // Sideways moves too: a later candidate as bad as the best
                // replaces it.
                if tried.placed <= best.placed {
                    best = tried;
                }
                if improved {
                    self.improved(runs, &best);
                }
            }
        }
        Ok(best)
    }

    /// Tries the candidates `make` draws for `items`, side by side; the
    /// results in the items' order.
    fn round(
        &self,
        command: &[String],
        items: &[usize],
        runs: usize,
        so_far: Option<usize>,
        make: impl Fn(usize) -> (Vec<Piece>, String) + Sync,
    ) -> Result<Vec<Tried>, Failure> {
        let label = format!(
            "attack runs {}-{} of {}, worst so far {}",
            runs + 1,
            runs + items.len(),
            self.budget,
            so_far.map_or("none".to_string(), |placed| format!("{placed} placed"))
        );
        try_map(items, self.jobs, &label, |_, &item| {
            let (pieces, how) = make(item);
            try_stream(command, pieces, &self.limits, how)
        })
    }

    /// A new worst stream; a run that failed (timed out, crashed) says so,
    /// as it ends the search.
    fn improved(&self, runs: usize, best: &Tried) {
        let failed = best
            .failure
            .as_ref()
            .map_or(String::new(), |f| format!(", {f}"));
        crate::say!(
            "run {runs:>5}/{}: placed {:>6} of {}{failed} ({})",
            self.budget,
            best.placed,
            self.n,
            best.how
        );
    }
}

/// A mutant of `pieces`, changed where it matters: up to a little past the
/// piece that ended the game (the player looks ahead, so later pieces count
/// too, but far less).
fn mutate(pieces: &[Piece], placed: usize, rng: &mut Rng) -> (Vec<Piece>, String) {
    let mut mutant = pieces.to_vec();
    let reach = (placed + 64).min(pieces.len());
    let at = rng.below(reach as u64) as usize;
    let kind = |rng: &mut Rng| Piece::ALL[rng.below(7) as usize];
    let how = match rng.below(5) {
        0 => {
            mutant[at] = kind(rng);
            format!("piece {} set to {}", at + 1, mutant[at].letter())
        }
        1 => {
            let (a, b) = (kind(rng), kind(rng));
            let len = 1 + rng.below(40) as usize;
            let end = (at + len).min(reach);
            for piece in &mut mutant[at..end] {
                *piece = if rng.below(2) == 0 { a } else { b };
            }
            format!(
                "pieces {}..{} made of {} and {}",
                at + 1,
                end,
                a.letter(),
                b.letter()
            )
        }
        2 => {
            let len = 1 + rng.below(30) as usize;
            let from = rng.below(reach as u64) as usize;
            let end = (at + len).min(reach);
            for i in at..end {
                mutant[i] = pieces[(from + i - at) % pieces.len()];
            }
            format!("pieces {}..{} copied from {}", at + 1, end, from + 1)
        }
        3 => {
            let other = (at + 1).min(reach - 1);
            mutant.swap(at, other);
            format!("pieces {} and {} swapped", at + 1, other + 1)
        }
        _ => {
            // A rare piece in an S/Z run: what starves a player most.
            let len = 5 + rng.below(60) as usize;
            let end = (at + len).min(reach);
            for piece in &mut mutant[at..end] {
                *piece = Piece::ALL[if rng.below(2) == 0 { 4 } else { 6 }];
            }
            let odd = at + rng.below((end - at) as u64) as usize;
            mutant[odd] = kind(rng);
            format!(
                "pieces {}..{} an S/Z run with {} at {}",
                at + 1,
                end,
                mutant[odd].letter(),
                odd + 1
            )
        }
    };
    (mutant, how)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutants_are_seeded_and_keep_their_length() {
        let pieces = generate(500, Distribution::Uniform, &mut Rng::new(1));
        let a = mutate(&pieces, 100, &mut Rng::new(9));
        let b = mutate(&pieces, 100, &mut Rng::new(9));
        assert_eq!(a, b);
        for seed in 0..200 {
            let (mutant, how) = mutate(&pieces, 100, &mut Rng::new(seed));
            assert_eq!(mutant.len(), pieces.len(), "{how}");
            // Nothing past the reach of the game changes.
            assert_eq!(mutant[200..], pieces[200..], "{how}");
        }
        assert!(starting_families().len() > 127);
    }
}
