//! `judge printer bench`: runs a printer on every test picture (and random
//! ones), checks each drop list with the referee, and prints pieces per
//! pixel and the median time of several runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::command::REJECTED;
use super::gen::random_picture;
use super::picture::{Picture, DEFAULT_TRANSPARENT};
use super::{mismatches, replay_drops};
use crate::cli::{exit, Args, Failure, Progress};
use crate::olympiad::io::read_file;
use crate::process::{run, with_submission, Limits, Termination};

pub const USAGE: &str = "judge printer bench (PRINTER.rs | --cmd 'COMMAND') [PICTURE...] [--runs K] [--random N] [--seed S]";

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

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["--cmd", "--runs", "--random", "--seed"], &[])?;
    let runs: usize = args.parsed_or("--runs", 3)?.max(1);
    let random: u64 = args.parsed_or("--random", 20)?;
    let seed: u64 = args.parsed_or("--seed", 1)?;
    let skip = usize::from(args.value("--cmd").is_none());
    let mut cases = pictures(&args.positional[skip.min(args.positional.len())..])?;
    for s in seed..seed + random {
        let picture = random_picture(s, 17, 32, 50);
        cases.push(Case {
            name: format!("random 17x32 seed {s}"),
            bytes: picture.to_text().into_bytes(),
            picture,
        });
    }
    let results = with_submission(&args, |command| measure_all(command, &cases, runs))?;
    report(&cases, &results, runs);
    let exact = results.iter().all(|m| m.problem.is_none());
    Ok(if exact { exit::OK } else { REJECTED })
}

/// The named pictures, or every file of `testdata/printer`.
fn pictures(named: &[String]) -> Result<Vec<Case>, Failure> {
    let mut paths: Vec<PathBuf> = named.iter().map(PathBuf::from).collect();
    if paths.is_empty() {
        let dir = Path::new(TEST_PICTURES);
        let entries = std::fs::read_dir(dir)
            .map_err(|e| Failure::Judge(format!("{}: {e}", dir.display())))?;
        paths = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
    }
    paths
        .iter()
        .map(|path| {
            let bytes = read_file(path).map_err(Failure::Judge)?;
            let picture = Picture::parse(&bytes, DEFAULT_TRANSPARENT)
                .map_err(|e| Failure::Judge(format!("{}: {e}", path.display())))?;
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
    let limits = Limits {
        time: Duration::from_secs(60),
        output_bytes: 16 << 20,
    };
    let mut times = Vec::with_capacity(runs);
    let mut output = Vec::new();
    for _ in 0..runs {
        let ran = run(command, &case.bytes, &limits).map_err(Failure::Judge)?;
        if ran.termination != Termination::Exited(0) {
            let problem = format!(
                "the printer failed ({:?}): {}",
                ran.termination,
                ran.stderr_tail.trim()
            );
            return Ok(Measured {
                pieces: 0,
                median: ran.wall,
                problem: Some(problem),
            });
        }
        times.push(ran.wall);
        output = ran.stdout;
    }
    times.sort();
    let (pieces, problem) = match replay_drops(&String::from_utf8_lossy(&output)) {
        Err(why) => (0, Some(why)),
        Ok((field, pieces)) => {
            let wrong = mismatches(&case.picture, &field);
            let problem = wrong
                .first()
                .map(|first| format!("{} cells differ, first {first}", wrong.len()));
            (pieces, problem)
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
        if (case.picture.width, case.picture.height) == (16, 32) && m.problem.is_none() {
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
}
