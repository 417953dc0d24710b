//! `judge strength`: the strength benchmark of an olympiad player. It plays
//! the ten official sizes for many seeds and 10000-piece stress streams,
//! and prints the points distribution, survival, the highest stack, time
//! per test and peak memory, optionally beside Dellacherie's baseline.

use std::time::Duration;

use crate::cli::{
    exit, opt, switch, write_file, Args, Command, Failure, Opt, Progress, Spec, SUBMISSION_COMMAND,
};
use crate::olympiad::baseline;
use crate::olympiad::format::MAX_PIECES;
use crate::olympiad::gen::{generate, Distribution, OFFICIAL_SIZES};
use crate::olympiad::play::play_program;
use crate::olympiad::{play, Outcome, Piece, ToppingPiece, Unwatched};
use crate::process::{with_submission, Limits, DEFAULT_TIME_LIMIT_SECONDS};
use crate::rng::Rng;
use crate::viewer::bars::{page, Chart, Section};

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
const FAMILIES: Opt = opt(
    "--families",
    "LIST",
    "stress (S/Z-heavy, no I, S/Z only), subsets (all 127), mixes (S/Z with rare others); comma-separated (default stress)",
);
const HTML: Opt = opt(
    "--html",
    "FILE",
    "also write the families as a self-contained page with bar charts",
);
const BASELINE: Opt = switch(
    "--baseline",
    "also play Dellacherie's baseline on the stress streams",
);

pub static SPEC: Spec = Spec {
    command: "strength",
    positional: "[SOURCE]",
    min_positional: 0,
    max_positional: 1,
    about: "The strength benchmark: the ten official sizes over many seeds and families of\n\
            10000-piece stress streams: points, survival, stack height, time, memory.",
    options: &[
        SUBMISSION_COMMAND,
        SEEDS,
        STRESS_SEEDS,
        STRESS_SIZE,
        FAMILIES,
        BASELINE,
        HTML,
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
    let families = families(args.value(&FAMILIES)?.unwrap_or("stress"))
        .map_err(|why| args.usage_error(why))?;
    let html = args.path(&HTML);
    let (summary, results) = with_submission(&args.submission()?, |command| {
        let summary = official_sizes(command, seeds)?;
        let results = stress(
            command,
            &families,
            stress_seeds,
            stress_size,
            args.switch(&BASELINE),
        )?;
        Ok::<_, Failure>((summary, results))
    })?;
    if let Some(path) = html {
        write_file(&path, strength_page(&summary, &results, stress_size))?;
        crate::say!("wrote {}", path.display());
    }
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

/// The ten official sizes over `seeds` seeds; the summary, also printed.
fn official_sizes(command: &[String], seeds: u64) -> Result<String, Failure> {
    let progress = Progress::new();
    let mut totals = Vec::new();
    let (mut placed, mut pieces, mut highest, mut rss) = (0usize, 0usize, 0usize, 0u64);
    let mut big_times = Vec::new();
    // Games past the contest's time limit, which a contest scores 0, and
    // the seeds whose ten games all end within it.
    let (mut over_limit, mut over_limit_seeds) = (0usize, 0usize);
    let contest_limit = Duration::from_secs_f64(DEFAULT_TIME_LIMIT_SECONDS);
    for seed in 1..=seeds {
        progress.show(&format!("official sizes: seed {seed}/{seeds}"));
        let mut total = 0;
        let over_before = over_limit;
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
            if game.wall > contest_limit {
                over_limit += 1;
            }
        }
        if over_limit > over_before {
            over_limit_seeds += 1;
        }
        totals.push(total);
    }
    progress.done();
    if totals.is_empty() {
        return Ok(String::new());
    }
    totals.sort_unstable();
    big_times.sort();
    let mut lines = Vec::new();
    let perfect = totals.iter().filter(|&&t| t == 100).count();
    let limit = DEFAULT_TIME_LIMIT_SECONDS;
    lines.push(format!(
        "uniform pieces, the ten official sizes, seeds 1..{seeds} ({} games, {pieces} pieces)",
        totals.len() * 10
    ));
    lines.push(format!(
        "  points per seed: min {}, median {}, max {}; 100/100 on {perfect} of {} seeds",
        totals[0],
        totals[totals.len() / 2],
        totals[totals.len() - 1],
        totals.len()
    ));
    lines.push(match over_limit {
        0 => format!("  every game within the contest's {limit} s limit"),
        _ => format!(
            "  over the contest's {limit} s limit: {over_limit} of {} games, on {over_limit_seeds} \
             of {} seeds (a contest scores them 0; the points above count them as played)",
            totals.len() * 10,
            totals.len()
        ),
    });
    lines.push(format!(
        "  survival {:.3}%; highest stack {highest} rows of 20",
        100.0 * placed as f64 / pieces as f64
    ));
    lines.push(format!(
        "  time per 10000-piece test: median {} ms, max {} ms; peak memory {:.1} MiB",
        big_times[big_times.len() / 2].as_millis(),
        big_times[big_times.len() - 1].as_millis(),
        rss as f64 / 1024.0
    ));
    let summary = lines.join("\n");
    crate::say!("{summary}");
    Ok(summary)
}

/// A family of stress streams: a distribution and the member number that
/// derives its seeds (kept for the original three, so their streams stay
/// the ones measured before).
struct Family {
    name: String,
    distribution: Distribution,
    stream: u64,
}

/// S and Z dominant, other pieces rare: the streams that starve a player of
/// everything but S and Z.
const MIXES: [[u64; 7]; 8] = [
    [1, 1, 1, 1, 60, 1, 60],
    [1, 1, 1, 1, 20, 1, 20],
    [1, 0, 0, 0, 60, 0, 60],
    [0, 1, 0, 0, 60, 0, 60],
    [0, 0, 1, 0, 60, 0, 60],
    [0, 0, 0, 1, 60, 0, 60],
    [0, 0, 0, 0, 60, 1, 60],
    [0, 0, 0, 1, 3, 0, 3],
];

/// The families of a `--families` list: `stress`, `subsets`, `mixes`, or
/// several separated by commas.
fn families(list: &str) -> Result<Vec<Family>, String> {
    let mut all = Vec::new();
    for name in list.split(',').map(str::trim) {
        match name {
            "stress" => {
                for (distribution, member) in [
                    (Distribution::SzHeavy, 1),
                    (Distribution::NoI, 3),
                    (Distribution::SzOnly, 2),
                ] {
                    all.push(Family {
                        name: distribution.name(),
                        distribution,
                        stream: 1000 + member,
                    });
                }
            }
            "subsets" => {
                for mask in 1..=127u8 {
                    let letters: Vec<String> = (0..7)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| Piece::ALL[i].letter().to_string())
                        .collect();
                    all.push(Family {
                        name: format!("{{{}}}", letters.join(",")),
                        distribution: Distribution::subset(mask),
                        stream: 2000 + u64::from(mask),
                    });
                }
            }
            "mixes" => {
                for (i, weights) in MIXES.iter().enumerate() {
                    let distribution = Distribution::Weighted(*weights);
                    all.push(Family {
                        name: distribution.name(),
                        distribution,
                        stream: 3000 + i as u64,
                    });
                }
            }
            other => return Err(format!("unknown family '{other}' (stress, subsets, mixes)")),
        }
    }
    Ok(all)
}

/// What one family's games gave.
struct FamilyResult {
    name: String,
    placed: Vec<usize>,
    times: Vec<Duration>,
    baseline: Vec<usize>,
}

fn stress(
    command: &[String],
    families: &[Family],
    seeds: u64,
    size: usize,
    with_baseline: bool,
) -> Result<Vec<FamilyResult>, Failure> {
    let mut results = Vec::new();
    if seeds == 0 || families.is_empty() {
        return Ok(results);
    }
    let progress = Progress::new();
    crate::say!("stress streams of {size} pieces, seeds 1..{seeds}");
    let header = "  family                       complete  survival   placed min / median / max   time median / max  over 1 s";
    crate::say!(
        "{header}{}",
        if with_baseline {
            "   | baseline: complete  survival   placed min / median / max"
        } else {
            ""
        }
    );
    let games = families.len() as u64 * seeds;
    for (f, family) in families.iter().enumerate() {
        let mut result = FamilyResult {
            name: family.name.clone(),
            placed: Vec::new(),
            times: Vec::new(),
            baseline: Vec::new(),
        };
        for seed in 1..=seeds {
            progress.show(&format!(
                "stress game {}/{games}: {} seed {seed}",
                f as u64 * seeds + seed,
                family.name
            ));
            let test = generate(
                size,
                family.distribution,
                &mut Rng::derived(seed, family.stream),
            );
            let game = play_once(command, &test)?;
            result.placed.push(game.outcome.placed);
            result.times.push(game.wall);
            if with_baseline {
                let moves = baseline::choose_moves(&test);
                let outcome = play(
                    &test,
                    &mut moves.into_iter(),
                    ToppingPiece::NotCounted,
                    &mut Unwatched,
                );
                result.baseline.push(outcome.placed);
            }
        }
        progress.done();
        result.placed.sort_unstable();
        result.baseline.sort_unstable();
        result.times.sort();
        let mut line = format!(
            "  {:<28} {}   {:>6} / {:>4} ms  {:>8}",
            result.name,
            placed_summary(&result.placed, size),
            result.times[result.times.len() / 2].as_millis(),
            result.times[result.times.len() - 1].as_millis(),
            over_the_limit(&result.times)
        );
        if with_baseline {
            line += &format!("   | baseline: {}", placed_summary(&result.baseline, size));
        }
        crate::say!("{line}");
        results.push(result);
    }
    progress.done();
    let complete: usize = results
        .iter()
        .map(|r| r.placed.iter().filter(|&&p| p == size).count())
        .sum();
    let late: usize = results.iter().map(|r| over_the_limit(&r.times)).sum();
    let slowest = results
        .iter()
        .filter_map(|r| r.times.last().map(|t| (t, &r.name)))
        .max();
    if let Some((time, name)) = slowest {
        crate::say!(
            "  all families: {complete} of {games} games complete; {late} over judge grade's 1 s limit \
             (a time-limit verdict there); slowest game {} ms ({name})",
            time.as_millis()
        );
    }
    Ok(results)
}

/// Games slower than `judge grade`'s default limit: a time-limit verdict
/// there, whatever they placed here (this benchmark lets games run on).
fn over_the_limit(times: &[Duration]) -> usize {
    let limit = Duration::from_secs_f64(crate::process::DEFAULT_TIME_LIMIT_SECONDS);
    times.iter().filter(|&&t| t > limit).count()
}

fn placed_summary(placed: &[usize], size: usize) -> String {
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

/// The families as a page: survival and time per family as bars, the time
/// limit of `judge grade` and the 400 ms target drawn on the time chart.
fn strength_page(summary: &str, results: &[FamilyResult], size: usize) -> String {
    let survival = |placed: &[usize]| {
        100.0 * placed.iter().sum::<usize>() as f64 / (size * placed.len()) as f64
    };
    let slowest = results
        .iter()
        .filter_map(|r| r.times.last())
        .max()
        .map_or(1.0, |t| t.as_secs_f64() * 1000.0);
    // Weakest and slowest first: what a reader looks for.
    let mut by_survival: Vec<&FamilyResult> = results.iter().collect();
    by_survival.sort_by(|a, b| survival(&a.placed).total_cmp(&survival(&b.placed)));
    let mut by_time: Vec<&FamilyResult> = results.iter().collect();
    by_time.sort_by(|a, b| b.times.last().cmp(&a.times.last()));
    let survival_chart = Chart {
        title: format!(
            "survival per family, weakest first ({size}-piece streams; red: a game was lost)"
        ),
        unit: "%",
        scale: 100.0,
        limit: None,
        bars: by_survival
            .iter()
            .map(|r| {
                let lost = r.placed.iter().any(|&p| p < size);
                (r.name.clone(), survival(&r.placed), lost)
            })
            .collect(),
    };
    let time_chart = Chart {
        title: "slowest game per family, slowest first (dashed: 400 ms)".into(),
        unit: "ms",
        scale: slowest.max(500.0),
        limit: Some(400.0),
        bars: by_time
            .iter()
            .map(|r| {
                let ms = r.times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0);
                (r.name.clone(), ms.round(), false)
            })
            .collect(),
    };
    page(
        "judge strength",
        &[
            Section::Text(summary.to_string()),
            Section::Chart(survival_chart),
            Section::Chart(time_chart),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_named_counted_and_seeded_apart() {
        let all = families("stress,subsets,mixes").unwrap();
        assert_eq!(all.len(), 3 + 127 + MIXES.len());
        let mut streams: Vec<u64> = all.iter().map(|f| f.stream).collect();
        streams.sort_unstable();
        streams.dedup();
        assert_eq!(streams.len(), all.len(), "every family has its own seeds");
        // The original three keep the streams measured before.
        assert_eq!(all[0].name, "sz-heavy");
        assert_eq!(all[0].stream, 1001);
        assert!(all.iter().any(|f| f.name == "{O,S,Z}"));
        assert!(families("subsets,nope").is_err());
    }

    #[test]
    fn the_page_shows_the_weakest_family_first() {
        let result = |name: &str, placed: usize, ms: u64| FamilyResult {
            name: name.into(),
            placed: vec![placed],
            times: vec![Duration::from_millis(ms)],
            baseline: Vec::new(),
        };
        let page = strength_page(
            "summary",
            &[result("{I}", 100, 50), result("{O,S}", 40, 900)],
            100,
        );
        let first = |chart: &str| {
            let at = page.find(chart).unwrap();
            let rest = &page[at..];
            let i = rest.find("{I}").unwrap();
            let os = rest.find("{O,S}").unwrap();
            os < i
        };
        assert!(first("survival per family"));
        assert!(first("slowest game per family"));
        assert!(page.contains("class=\"bar bad\""));
    }
}
