//! `judge strength`: the strength benchmark of an olympiad player. It plays
//! the ten official sizes for many seeds and 10000-piece stress streams,
//! and prints the points distribution, survival, the highest stack, time
//! per test and peak memory, optionally beside Dellacherie's baseline.
//! Games run side by side (`--jobs`), in shares on several machines
//! (`--partition`, `--save`) and merge into one report (`--merge`).

mod report;

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
use crate::olympiad::{play, Piece, ToppingPiece, Unwatched};
use crate::process::{with_submission, Limits};
use crate::rng::Rng;
use report::{strength_page, Report};

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
    positional: "[SOURCE | --merge FILE...]",
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
    let (work, games, played, jobs) = match &batch.merge {
        Some(files) => {
            let (merged, (work, games)) = batch::merge(SPEC.command, files, |json| {
                let work = Work::from_json(json)?;
                let games = work.games()?;
                let count = games.len();
                Ok(((work, games), count))
            })?;
            let played = merged.results(&games, read_game)?;
            (work, games, played, merged.jobs)
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
            (work, games, played, vec![batch.jobs])
        }
    };
    let report = Report {
        work: &work,
        games: &games,
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
pub struct Work {
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
pub struct Game {
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
pub struct Played {
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
}
