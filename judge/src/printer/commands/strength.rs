//! `judge printer strength`: runs a printer on every test picture (and random
//! ones), checks each drop list with the referee, and prints pieces per
//! pixel and the median time of several runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cli::{
    exit, opt, read_file, Args, Command, Failure, Opt, Progress, Spec, SUBMISSION_COMMAND,
};
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
    positional: "[SOURCE] [PICTURE...]",
    min_positional: 0,
    max_positional: usize::MAX,
    about: "Run a printer on every test picture and N random ones, check each with the referee:\n\
            pieces per pixel, median time (exit 3: a picture not printed exactly).",
    options: &[SUBMISSION_COMMAND, RUNS, RANDOM, MIXED, SEED],
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

/// What one picture gave.
struct Measured {
    pieces: usize,
    median: Duration,
    /// None if printed exactly, else why not.
    problem: Option<String>,
}

fn main(args: Args) -> Result<i32, Failure> {
    let runs = args.number_in(&RUNS, 3, 1..=1000)? as usize;
    let random = args.number_in(&RANDOM, 20, 0..=100_000)?;
    let mixed = args.number_in(&MIXED, 0, 0..=100_000)?;
    let seed: u64 = args.parsed_or(&SEED, 1)?;
    let cmd = args.value(&SUBMISSION_COMMAND)?;
    let skip = usize::from(cmd.is_none());
    let mut cases = pictures(&args.positional[skip.min(args.positional.len())..])?;
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
    let printer = args.positional_path(0).filter(|_| cmd.is_none());
    let submission = crate::cli::submission(printer, cmd).map_err(|why| args.usage_error(why))?;
    let results = with_submission(&submission, |command| measure_all(command, &cases, runs))?;
    report(&cases, &results, runs);
    let exact = results.iter().all(|m| m.problem.is_none());
    Ok(if exact { exit::OK } else { exit::REJECTED })
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

fn measure_all(command: &[String], cases: &[Case], runs: usize) -> Result<Vec<Measured>, Failure> {
    let progress = Progress::new();
    let mut results = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        progress.show(&format!("picture {}/{}: {}", i + 1, cases.len(), case.name));
        results.push(measure(command, case, runs)?);
    }
    progress.done();
    Ok(results)
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

fn report(cases: &[Case], results: &[Measured], runs: usize) {
    crate::say!(
        "{:<26} {:>6} {:>6} {:>7} {:>9} {:>9}  result",
        "picture",
        "size",
        "pixels",
        "pieces",
        "per pixel",
        format!("ms (x{runs})")
    );
    let mut sprite_pieces = 0;
    let mut sprite_pixels = 0;
    for (case, m) in cases.iter().zip(results) {
        let pixels = case.picture.pixel_count();
        let per_pixel = m.pieces as f64 / pixels.max(1) as f64;
        let verdict = m.problem.as_deref().unwrap_or("exact");
        crate::say!(
            "{:<26} {:>6} {:>6} {:>7} {:>9.2} {:>9.0}  {verdict}",
            case.name,
            format!("{}x{}", case.picture.width, case.picture.height),
            pixels,
            m.pieces,
            per_pixel,
            m.median.as_secs_f64() * 1000.0
        );
        let generated = [RANDOM_NAME, MIXED_NAME]
            .iter()
            .any(|family| case.name.starts_with(family));
        let sprite = (case.picture.width, case.picture.height) == (16, 32) && !generated;
        if sprite && m.problem.is_none() {
            sprite_pieces += m.pieces;
            sprite_pixels += pixels;
        }
    }
    let exact = results.iter().filter(|m| m.problem.is_none()).count();
    let slowest = results.iter().map(|m| m.median).max().unwrap_or_default();
    crate::say!(
        "exact: {exact}/{} pictures; 16x32 sprites: {:.2} pieces per pixel; slowest median {:.0} ms",
        cases.len(),
        sprite_pieces as f64 / sprite_pixels.max(1) as f64,
        slowest.as_secs_f64() * 1000.0
    );
    for family in [RANDOM_NAME, MIXED_NAME] {
        summarize(family, cases, results);
    }
}

/// Mean pieces per pixel and the median and largest of the pictures'
/// median times, over the pictures whose names start with `family`.
fn summarize(family: &str, cases: &[Case], results: &[Measured]) {
    let members: Vec<(&Case, &Measured)> = cases
        .iter()
        .zip(results)
        .filter(|(c, _)| c.name.starts_with(family))
        .collect();
    if members.is_empty() {
        return;
    }
    let per_pixel: f64 = members
        .iter()
        .map(|(c, m)| m.pieces as f64 / c.picture.pixel_count().max(1) as f64)
        .sum::<f64>()
        / members.len() as f64;
    let mut times: Vec<Duration> = members.iter().map(|(_, m)| m.median).collect();
    times.sort();
    let exact = members.iter().filter(|(_, m)| m.problem.is_none()).count();
    crate::say!(
        "{family}: {exact}/{} exact, mean {per_pixel:.2} pieces per pixel, time median {:.0} ms, max {:.0} ms",
        members.len(),
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[times.len() - 1].as_secs_f64() * 1000.0
    );
}
