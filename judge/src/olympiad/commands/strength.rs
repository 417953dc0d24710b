//! `judge strength`: the strength benchmark of an olympiad player. It plays
//! the ten official sizes for many seeds and 10000-piece stress streams,
//! and prints the points distribution, survival, the highest stack, time
//! per test and peak memory, optionally beside Dellacherie's baseline.
//! Games run side by side (`--jobs`), in shares on several machines
//! (`--partition`, `--save`) and merge into one report (`--merge`).

use std::time::Duration;

use crate::batch::json::{object, Value};
use crate::batch::{self, at_once, Batch, Header, Record};
use crate::cli::{
    exit, opt, switch, write_file, Args, Command, Failure, Opt, Spec, SUBMISSION_COMMAND,
};
use crate::olympiad::baseline;
use crate::olympiad::format::MAX_PIECES;
use crate::olympiad::gen::{generate, Distribution, OFFICIAL_SIZES};
use crate::olympiad::play::play_program;
use crate::olympiad::{play, points, Piece, ToppingPiece, Unwatched};
use crate::process::{with_submission, Limits};
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
    positional: "[SUBMISSION.rs | --merge FILE...]",
    min_positional: 0,
    max_positional: usize::MAX,
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
        batch::JOBS,
        batch::PARTITION,
        batch::SAVE,
        batch::MERGE,
        batch::NO_TIMES,
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let batch = Batch::from_args(
        &args,
        &[&SEEDS, &STRESS_SEEDS, &STRESS_SIZE, &FAMILIES, &BASELINE],
    )?;
    let html = args.path(&HTML);
    let (work, played, jobs) = match &batch.merge {
        Some(files) => {
            let merged = batch::merge(SPEC.command, files)?;
            let work = Work::from_json(&merged.work).map_err(|why| merged.bad_work(why))?;
            let games = work.games().map_err(|why| merged.bad_work(why))?;
            let played = merged.results(&games, read_game)?;
            (work, played, merged.jobs)
        }
        None => {
            if args.positional.len() > 1 {
                return Err(args
                    .usage_error("one SUBMISSION.rs (or --merge FILE...)")
                    .into());
            }
            let work = Work::from_args(&args)?;
            let games = work.games().map_err(|why| args.usage_error(why))?;
            let submission = args.submission()?;
            let header = Header {
                command: SPEC.command,
                work: work.to_json(),
                submission: &submission,
            };
            let played = with_submission(&submission, |command| {
                batch::play(
                    &batch,
                    &header,
                    &games,
                    "strength",
                    |game| play_game(command, game),
                    saved_game,
                )
            })?;
            let Some(played) = played else {
                return Ok(exit::OK);
            };
            (work, played, vec![batch.jobs])
        }
    };
    let report = Report {
        work: &work,
        games: &work.games().map_err(Failure::judge)?,
        played: &played,
        times: (!batch.no_times).then(|| at_once(&jobs, "game")),
    };
    let summary = report.official_sizes();
    let results = report.stress();
    if let Some(path) = html {
        write_file(
            &path,
            strength_page(&summary, &results, work.stress_size, report.times.is_some()),
        )?;
        crate::say!("wrote {}", path.display());
    }
    Ok(exit::OK)
}

/// Everything that decides a run's games (what a saved share records, so
/// shares of other work are not merged).
struct Work {
    seeds: u64,
    stress_seeds: u64,
    stress_size: usize,
    families: String,
    baseline: bool,
}

impl Work {
    fn from_args(args: &Args) -> Result<Work, Failure> {
        Ok(Work {
            seeds: args.number_in(&SEEDS, 100, 0..=100_000)?,
            stress_seeds: args.number_in(&STRESS_SEEDS, 20, 0..=100_000)?,
            stress_size: args.number_in(&STRESS_SIZE, 10_000, 1..=MAX_PIECES as u64)? as usize,
            families: args.value(&FAMILIES)?.unwrap_or("stress").to_string(),
            baseline: args.switch(&BASELINE),
        })
    }

    fn to_json(&self) -> Value {
        object(vec![
            ("seeds", Value::Number(self.seeds)),
            ("stress_seeds", Value::Number(self.stress_seeds)),
            ("stress_size", Value::Number(self.stress_size as u64)),
            ("families", Value::String(self.families.clone())),
            ("baseline", Value::Bool(self.baseline)),
        ])
    }

    fn from_json(work: &Value) -> Result<Work, String> {
        let number = |key: &str, most: u64| match work.get(key) {
            Some(Value::Number(n)) if *n <= most => Ok(*n),
            _ => Err(format!("the work's \"{key}\" is not a number up to {most}")),
        };
        Ok(Work {
            seeds: number("seeds", 100_000)?,
            stress_seeds: number("stress_seeds", 100_000)?,
            stress_size: number("stress_size", MAX_PIECES as u64)?.max(1) as usize,
            families: match work.get("families") {
                Some(Value::String(s)) => s.clone(),
                _ => return Err("the work's \"families\" is not a string".into()),
            },
            baseline: matches!(work.get("baseline"), Some(Value::Bool(true))),
        })
    }

    /// Every game of the run, in the order of the report: the official
    /// sizes seed by seed, then each family's streams.
    fn games(&self) -> Result<Vec<Game>, String> {
        let mut games = Vec::new();
        for seed in 1..=self.seeds {
            for (i, &n) in OFFICIAL_SIZES.iter().enumerate() {
                games.push(Game {
                    what: format!("uniform seed {seed} test {}", i + 1),
                    pieces: n,
                    distribution: Distribution::Uniform,
                    rng: (seed, i as u64),
                    family: None,
                    baseline: false,
                });
            }
        }
        for (f, family) in families(&self.families)?.iter().enumerate() {
            for seed in 1..=self.stress_seeds {
                games.push(Game {
                    what: format!("{} seed {seed}", family.name),
                    pieces: self.stress_size,
                    distribution: family.distribution,
                    rng: (seed, family.stream),
                    family: Some(f),
                    baseline: self.baseline,
                });
            }
        }
        Ok(games)
    }
}

/// One game of a run: its stream (drawn where it is played, from its own
/// seed, so no game's stream depends on another's) and its place.
struct Game {
    what: String,
    pieces: usize,
    distribution: Distribution,
    /// The seed and member of `Rng::derived` that draw the stream.
    rng: (u64, u64),
    /// The stress family (its index in the run), None at an official size.
    family: Option<usize>,
    /// Whether Dellacherie's baseline plays the stream too.
    baseline: bool,
}

/// What one game of the player gave.
struct Played {
    placed: usize,
    max_height: usize,
    /// The program's own wall and CPU time, whatever ran beside it.
    wall: Duration,
    cpu: Duration,
    max_rss_kib: Option<u64>,
    baseline: Option<usize>,
}

fn play_game(command: &[String], game: &Game) -> Result<Played, Failure> {
    let pieces = generate(
        game.pieces,
        game.distribution,
        &mut Rng::derived(game.rng.0, game.rng.1),
    );
    let (outcome, ran) = play_program(command, &pieces, &Limits::tool(Duration::from_secs(20)))
        .map_err(|why| Failure::judge(format!("{}: {why}", game.what)))?;
    let baseline = game.baseline.then(|| {
        let moves = baseline::choose_moves(&pieces);
        play(
            &pieces,
            &mut moves.into_iter(),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        )
        .placed
    });
    Ok(Played {
        placed: outcome.placed,
        max_height: outcome.max_height,
        wall: ran.wall,
        cpu: ran.cpu,
        max_rss_kib: ran.max_rss_kib,
        baseline,
    })
}

fn saved_game(game: &Game, played: &Played) -> Value {
    let optional = |n: Option<u64>| n.map_or(Value::Null, Value::Number);
    object(vec![
        ("what", Value::String(game.what.clone())),
        ("placed", Value::Number(played.placed as u64)),
        ("max_height", Value::Number(played.max_height as u64)),
        ("wall_us", Value::Number(played.wall.as_micros() as u64)),
        ("cpu_us", Value::Number(played.cpu.as_micros() as u64)),
        ("max_rss_kib", optional(played.max_rss_kib)),
        ("baseline", optional(played.baseline.map(|b| b as u64))),
    ])
}

fn read_game(game: &Game, record: &Record) -> Result<Played, Failure> {
    record.expect("what", &game.what)?;
    let placed = record.number("placed")? as usize;
    let baseline = record.optional_number("baseline")?.map(|b| b as usize);
    if placed > game.pieces || baseline.is_some_and(|b| b > game.pieces) {
        return Err(record.bad(format!(
            "more placed than the game's {} pieces",
            game.pieces
        )));
    }
    if baseline.is_some() != game.baseline {
        return Err(record.bad("the baseline was played where the work says otherwise"));
    }
    Ok(Played {
        placed,
        max_height: record.number("max_height")? as usize,
        wall: Duration::from_micros(record.number("wall_us")?),
        cpu: Duration::from_micros(record.number("cpu_us")?),
        max_rss_kib: record.optional_number("max_rss_kib")?,
        baseline,
    })
}

/// A whole run's games and what they gave, to be reported.
struct Report<'a> {
    work: &'a Work,
    games: &'a [Game],
    played: &'a [Played],
    /// How many games ran at once, unless the times are left out.
    times: Option<String>,
}

impl Report<'_> {
    /// The official sizes' summary, also printed.
    fn official_sizes(&self) -> String {
        let seeds = self.work.seeds;
        let official: Vec<(&Game, &Played)> = self
            .games
            .iter()
            .zip(self.played)
            .filter(|(g, _)| g.family.is_none())
            .collect();
        if official.is_empty() {
            return String::new();
        }
        let mut totals: Vec<u32> = official
            .chunks(OFFICIAL_SIZES.len())
            .map(|seed| seed.iter().map(|(g, p)| points(p.placed, g.pieces)).sum())
            .collect();
        let placed: usize = official.iter().map(|(_, p)| p.placed).sum();
        let pieces: usize = official.iter().map(|(g, _)| g.pieces).sum();
        let highest = official
            .iter()
            .map(|(_, p)| p.max_height)
            .max()
            .unwrap_or(0);
        totals.sort_unstable();
        let mut lines = Vec::new();
        let perfect = totals.iter().filter(|&&t| t == 100).count();
        lines.push(format!(
            "uniform pieces, the ten official sizes, seeds 1..{seeds} ({} games, {pieces} pieces)",
            official.len()
        ));
        lines.push(format!(
            "  points per seed: min {}, median {}, max {}; 100/100 on {perfect} of {} seeds",
            totals[0],
            totals[totals.len() / 2],
            totals[totals.len() - 1],
            totals.len()
        ));
        lines.push(format!(
            "  survival {:.3}%; highest stack {highest} rows of 20",
            100.0 * placed as f64 / pieces as f64
        ));
        if let Some(at_once) = &self.times {
            let big: Vec<&Played> = official
                .iter()
                .filter(|(g, _)| g.pieces == 10_000)
                .map(|(_, p)| *p)
                .collect();
            let mut walls: Vec<Duration> = big.iter().map(|p| p.wall).collect();
            let mut cpus: Vec<Duration> = big.iter().map(|p| p.cpu).collect();
            walls.sort();
            cpus.sort();
            let rss = official
                .iter()
                .filter_map(|(_, p)| p.max_rss_kib)
                .max()
                .unwrap_or(0);
            lines.push(format!(
                "  time per 10000-piece test: median {} ms, max {} ms (CPU median {} ms); \
                 peak memory {:.1} MiB; {at_once}",
                walls[walls.len() / 2].as_millis(),
                walls[walls.len() - 1].as_millis(),
                cpus[cpus.len() / 2].as_millis(),
                rss as f64 / 1024.0
            ));
        }
        let summary = lines.join("\n");
        crate::say!("{summary}");
        summary
    }

    /// The stress families' table, printed; each family's results.
    fn stress(&self) -> Vec<FamilyResult> {
        let mut results: Vec<FamilyResult> = Vec::new();
        for (game, played) in self.games.iter().zip(self.played) {
            let Some(f) = game.family else { continue };
            if results.len() <= f {
                let name = game.what.rsplit_once(" seed ").map_or("", |(n, _)| n);
                results.push(FamilyResult {
                    name: name.to_string(),
                    placed: Vec::new(),
                    times: Vec::new(),
                    baseline: Vec::new(),
                });
            }
            let result = &mut results[f];
            result.placed.push(played.placed);
            result.times.push(played.wall);
            result.baseline.extend(played.baseline);
        }
        if results.is_empty() {
            return results;
        }
        let (size, seeds) = (self.work.stress_size, self.work.stress_seeds);
        let with_baseline = self.work.baseline;
        let timed = self.times.is_some();
        crate::say!(
            "stress streams of {size} pieces, seeds 1..{seeds}{}",
            self.times
                .as_ref()
                .map_or(String::new(), |t| format!(" (times: {t})"))
        );
        crate::say!(
            "  family                       complete  survival   placed min / median / max{}{}",
            if timed {
                "   time median / max  over 1 s"
            } else {
                ""
            },
            if with_baseline {
                "   | baseline: complete  survival   placed min / median / max"
            } else {
                ""
            }
        );
        for result in &mut results {
            result.placed.sort_unstable();
            result.baseline.sort_unstable();
            result.times.sort();
            let mut line = format!(
                "  {:<28} {}",
                result.name,
                placed_summary(&result.placed, size)
            );
            if timed {
                line += &format!(
                    "   {:>6} / {:>4} ms  {:>8}",
                    result.times[result.times.len() / 2].as_millis(),
                    result.times[result.times.len() - 1].as_millis(),
                    over_the_limit(&result.times)
                );
            }
            if with_baseline {
                line += &format!("   | baseline: {}", placed_summary(&result.baseline, size));
            }
            crate::say!("{line}");
        }
        let games: usize = results.iter().map(|r| r.placed.len()).sum();
        let complete: usize = results
            .iter()
            .map(|r| r.placed.iter().filter(|&&p| p == size).count())
            .sum();
        let mut closing = format!("  all families: {complete} of {games} games complete");
        let slowest = results
            .iter()
            .filter_map(|r| r.times.last().map(|t| (t, &r.name)))
            .max();
        if let (true, Some((time, name))) = (timed, slowest) {
            let late: usize = results.iter().map(|r| over_the_limit(&r.times)).sum();
            closing += &format!(
                "; {late} over judge grade's 1 s limit (a time-limit verdict there); \
                 slowest game {} ms ({name})",
                time.as_millis()
            );
        }
        crate::say!("{closing}");
        results
    }
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
fn strength_page(summary: &str, results: &[FamilyResult], size: usize, timed: bool) -> String {
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
    let mut sections = vec![
        Section::Text(summary.to_string()),
        Section::Chart(survival_chart),
    ];
    if timed {
        sections.push(Section::Chart(time_chart));
    }
    page("judge strength", &sections)
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
            true,
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
