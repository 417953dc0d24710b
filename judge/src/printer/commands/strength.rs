//! `judge printer strength`: runs a printer on every test picture (and random
//! ones), checks each drop list with the referee, and prints pieces per
//! pixel and the median time of several runs. Pictures run side by side
//! (`--jobs`), in shares on several machines (`--partition`, `--save`) and
//! merge into one report (`--merge`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::batch::json::{object, Value};
use crate::batch::{self, at_once, fnv1a, Batch, Header, Record};
use crate::cli::{exit, opt, read_file, Args, Command, Failure, Opt, Spec, SUBMISSION_COMMAND};
use crate::printer::format::picture::{Picture, DEFAULT_TRANSPARENT};
use crate::printer::gen::random_picture;
use crate::printer::judge::judge_output;
use crate::process::{run_ok, with_submission, Limits};
use crate::rng::Rng;
use tetris_core::rules::Unwatched;

const RUNS: Opt = opt("--runs", "K", "runs per picture (default 3)");
const RANDOM: Opt = opt("--random", "N", "random 17x32 pictures (default 20)");
const SEED: Opt = opt("--seed", "S", "the first random picture's seed (default 1)");
const MIXED: Opt = opt(
    "--mixed",
    "N",
    "random pictures of seeded sizes 1x10 to 17x32, 8-97 % opaque (default 0)",
);

/// Name prefixes of the two random families, for the summary lines.
const RANDOM_NAME: &str = "random 17x32";
const MIXED_NAME: &str = "mixed";

pub static SPEC: Spec = Spec {
    command: "printer strength",
    positional: "[SOURCE] [PICTURE...] | --merge FILE...",
    min_positional: 0,
    max_positional: usize::MAX,
    about: "Run a printer on every test picture and N random ones, check each with the referee:\n\
            pieces per pixel, median time (exit 3: a picture not printed exactly).",
    options: &[
        SUBMISSION_COMMAND,
        RUNS,
        RANDOM,
        MIXED,
        SEED,
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

/// Where the default pictures are, from the workspace root.
const TEST_PICTURES: &str = "testdata/printer";

struct Case {
    name: String,
    bytes: Vec<u8>,
    picture: Picture,
}

/// A picture of the run as the report shows it.
struct Row {
    name: String,
    width: usize,
    height: usize,
    pixels: usize,
}

/// What one picture gave.
struct Measured {
    pieces: usize,
    /// The median of the runs' own wall times.
    median: Duration,
    /// None if printed exactly, else why not.
    problem: Option<String>,
}

fn main(args: Args) -> Result<i32, Failure> {
    let batch = Batch::from_args(&args, &[&RUNS, &RANDOM, &MIXED, &SEED])?;
    let (runs, rows, results, jobs) = match &batch.merge {
        Some(files) => {
            let (merged, (runs, names)) = batch::merge(SPEC.command, files, |json| {
                let (runs, names) = read_work(json)?;
                let count = names.len();
                Ok(((runs, names), count))
            })?;
            let rows = merged.results(&names, |name, record| read_row(name, record))?;
            let results = merged.results(&names, |_, record| read_measured(record))?;
            (runs, rows, results, merged.jobs)
        }
        None => {
            let runs = args.number_in(&RUNS, 3, 1..=1000)? as usize;
            let cmd = args.value(&SUBMISSION_COMMAND)?;
            let skip = usize::from(cmd.is_none());
            let cases = cases(&args, &args.positional[skip.min(args.positional.len())..])?;
            let printer = args.positional_path(0).filter(|_| cmd.is_none());
            let submission =
                crate::cli::submission(printer, cmd).map_err(|why| args.usage_error(why))?;
            let header = Header {
                command: SPEC.command,
                work: work(runs, &cases),
                submission: &submission,
            };
            let results = with_submission(&submission, |command| {
                batch::play(
                    &batch,
                    &header,
                    &cases,
                    "printer strength",
                    |case| measure(command, case, runs),
                    saved,
                )
            })?;
            let Some(results) = results else {
                return Ok(exit::OK);
            };
            let rows = cases.iter().map(row).collect();
            (runs, rows, results, vec![batch.jobs])
        }
    };
    let times = (!batch.no_times).then(|| at_once(&jobs, "picture"));
    report(&rows, &results, runs, times.as_deref());
    let exact = results.iter().all(|m| m.problem.is_none());
    Ok(if exact { exit::OK } else { exit::REJECTED })
}

/// The named pictures (every file of `testdata/printer` if none is), then
/// the random ones.
fn cases(args: &Args, named: &[std::ffi::OsString]) -> Result<Vec<Case>, Failure> {
    let random = args.number_in(&RANDOM, 20, 0..=100_000)?;
    let mixed = args.number_in(&MIXED, 0, 0..=100_000)?;
    let seed: u64 = args.parsed_or(&SEED, 1)?;
    let mut cases = pictures(named)?;
    for s in seed..seed + random {
        let picture = random_picture(s, 17, 32, 50);
        cases.push(Case {
            name: format!("{RANDOM_NAME} seed {s}"),
            bytes: picture.to_text().into_bytes(),
            picture,
        });
    }
    for s in seed..seed + mixed {
        let mut rng = Rng::new(s);
        let (width, height) = (1 + rng.below(17) as usize, 10 + rng.below(23) as usize);
        let percent = 8 + rng.below(90);
        let picture = random_picture(s, width, height, percent);
        cases.push(Case {
            name: format!("{MIXED_NAME} seed {s} {percent}%"),
            bytes: picture.to_text().into_bytes(),
            picture,
        });
    }
    Ok(cases)
}

/// What decides the run's results: the runs per picture and every
/// picture, by name and by a hash of its bytes (shares made from other
/// pictures of the same names are not merged).
fn work(runs: usize, cases: &[Case]) -> Value {
    let pictures = cases
        .iter()
        .map(|c| Value::String(format!("{} {:016x}", c.name, fnv1a(&c.bytes))))
        .collect();
    object(vec![
        ("runs", Value::Number(runs as u64)),
        ("pictures", Value::Array(pictures)),
    ])
}

/// The runs per picture and the pictures' names, from a saved work.
fn read_work(work: &Value) -> Result<(usize, Vec<String>), String> {
    let runs = match work.get("runs") {
        Some(Value::Number(n)) if (1..=1000).contains(n) => *n as usize,
        _ => return Err("the work's \"runs\" is not a number from 1 to 1000".into()),
    };
    let Some(Value::Array(pictures)) = work.get("pictures") else {
        return Err("the work's \"pictures\" is not a list".into());
    };
    let names = pictures
        .iter()
        .map(|p| match p {
            Value::String(s) => Ok(s
                .rsplit_once(' ')
                .map_or(s.as_str(), |(n, _)| n)
                .to_string()),
            _ => Err("a picture of the work is not a string".to_string()),
        })
        .collect::<Result<_, _>>()?;
    Ok((runs, names))
}

fn row(case: &Case) -> Row {
    Row {
        name: case.name.clone(),
        width: case.picture.width,
        height: case.picture.height,
        pixels: case.picture.pixel_count(),
    }
}

fn saved(case: &Case, measured: &Measured) -> Value {
    let row = row(case);
    object(vec![
        ("picture", Value::String(row.name)),
        ("width", Value::Number(row.width as u64)),
        ("height", Value::Number(row.height as u64)),
        ("pixels", Value::Number(row.pixels as u64)),
        ("pieces", Value::Number(measured.pieces as u64)),
        (
            "median_us",
            Value::Number(measured.median.as_micros() as u64),
        ),
        (
            "problem",
            measured.problem.clone().map_or(Value::Null, Value::String),
        ),
    ])
}

fn read_row(name: &str, record: &Record) -> Result<Row, Failure> {
    record.expect("picture", name)?;
    Ok(Row {
        name: name.to_string(),
        width: record.number("width")? as usize,
        height: record.number("height")? as usize,
        pixels: record.number("pixels")? as usize,
    })
}

fn read_measured(record: &Record) -> Result<Measured, Failure> {
    Ok(Measured {
        pieces: record.number("pieces")? as usize,
        median: Duration::from_micros(record.number("median_us")?),
        problem: record.optional_text("problem")?.map(str::to_string),
    })
}

/// The named pictures, or every file of `testdata/printer`.
fn pictures(named: &[std::ffi::OsString]) -> Result<Vec<Case>, Failure> {
    let mut paths: Vec<PathBuf> = named.iter().map(PathBuf::from).collect();
    if paths.is_empty() {
        let dir = Path::new(TEST_PICTURES);
        let entries = std::fs::read_dir(dir).map_err(|e| {
            Failure::judge(format!(
                "the test pictures {TEST_PICTURES}: {e} (read from the repository's root): \
                 name PICTURE files instead"
            ))
        })?;
        paths = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
    }
    paths
        .iter()
        .map(|path| {
            let bytes = read_file(path)?;
            let picture =
                Picture::parse(&bytes, DEFAULT_TRANSPARENT).map_err(|e| Failure::io(path, e))?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            Ok(Case {
                name,
                bytes,
                picture,
            })
        })
        .collect()
}

fn measure(command: &[String], case: &Case, runs: usize) -> Result<Measured, Failure> {
    let limits = Limits::tool(Duration::from_secs(60));
    let mut times = Vec::with_capacity(runs);
    let mut output = Vec::new();
    for _ in 0..runs {
        let ran = match run_ok(command, &case.bytes, &limits) {
            Ok(ran) => ran,
            Err(problem) => {
                return Ok(Measured {
                    pieces: 0,
                    median: Duration::ZERO,
                    problem: Some(problem),
                })
            }
        };
        times.push(ran.wall);
        output = ran.stdout;
    }
    times.sort();
    let (pieces, problem) = match judge_output(&case.picture, &output, &mut Unwatched).accepted() {
        Err(why) => (0, Some(why)),
        Ok(printed) => {
            let problem = printed
                .shortfall()
                .map(|shortfall| format!("{shortfall}, first {}", printed.wrong[0]));
            (printed.pieces, problem)
        }
    };
    Ok(Measured {
        pieces,
        median: times[times.len() / 2],
        problem,
    })
}

/// The table, a line over all pictures and one per random family; with
/// `times` (how many pictures ran at once), the measured times too.
fn report(rows: &[Row], results: &[Measured], runs: usize, times: Option<&str>) {
    let ms = |d: Duration| format!("{:>9.0}", d.as_secs_f64() * 1000.0);
    crate::say!(
        "{:<26} {:>6} {:>6} {:>7} {:>9} {}  result",
        "picture",
        "size",
        "pixels",
        "pieces",
        "per pixel",
        times.map_or(String::new(), |_| format!("{:>9}", format!("ms (x{runs})")))
    );
    let mut sprite_pieces = 0;
    let mut sprite_pixels = 0;
    for (row, m) in rows.iter().zip(results) {
        let per_pixel = m.pieces as f64 / row.pixels.max(1) as f64;
        let verdict = m.problem.as_deref().unwrap_or("exact");
        crate::say!(
            "{:<26} {:>6} {:>6} {:>7} {:>9.2} {}  {verdict}",
            row.name,
            format!("{}x{}", row.width, row.height),
            row.pixels,
            m.pieces,
            per_pixel,
            times.map_or(String::new(), |_| ms(m.median))
        );
        let generated = [RANDOM_NAME, MIXED_NAME]
            .iter()
            .any(|family| row.name.starts_with(family));
        let sprite = (row.width, row.height) == (16, 32) && !generated;
        if sprite && m.problem.is_none() {
            sprite_pieces += m.pieces;
            sprite_pixels += row.pixels;
        }
    }
    let exact = results.iter().filter(|m| m.problem.is_none()).count();
    let slowest = results.iter().map(|m| m.median).max().unwrap_or_default();
    crate::say!(
        "exact: {exact}/{} pictures; 16x32 sprites: {:.2} pieces per pixel{}",
        rows.len(),
        sprite_pieces as f64 / sprite_pixels.max(1) as f64,
        times.map_or(String::new(), |at_once| format!(
            "; slowest median {:.0} ms (each run's own wall time; {at_once})",
            slowest.as_secs_f64() * 1000.0
        ))
    );
    for family in [RANDOM_NAME, MIXED_NAME] {
        summarize(family, rows, results, times.is_some());
    }
}

/// Mean pieces per pixel and the median and largest of the pictures'
/// median times, over the pictures whose names start with `family`.
fn summarize(family: &str, rows: &[Row], results: &[Measured], timed: bool) {
    let members: Vec<(&Row, &Measured)> = rows
        .iter()
        .zip(results)
        .filter(|(r, _)| r.name.starts_with(family))
        .collect();
    if members.is_empty() {
        return;
    }
    let per_pixel: f64 = members
        .iter()
        .map(|(r, m)| m.pieces as f64 / r.pixels.max(1) as f64)
        .sum::<f64>()
        / members.len() as f64;
    let mut times: Vec<Duration> = members.iter().map(|(_, m)| m.median).collect();
    times.sort();
    let exact = members.iter().filter(|(_, m)| m.problem.is_none()).count();
    let time = if timed {
        format!(
            ", time median {:.0} ms, max {:.0} ms",
            times[times.len() / 2].as_secs_f64() * 1000.0,
            times[times.len() - 1].as_secs_f64() * 1000.0
        )
    } else {
        String::new()
    };
    crate::say!(
        "{family}: {exact}/{} exact, mean {per_pixel:.2} pieces per pixel{time}",
        members.len(),
    );
}
