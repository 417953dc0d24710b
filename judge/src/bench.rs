//! `judge bench`: how long the judge takes to replay a game, the median of
//! several runs (parsing the output included, as `judge check` does).

use std::path::Path;
use std::time::{Duration, Instant};

use crate::cli::{exit, Args, Failure};
use crate::olympiad::io::{parse_input, read_file, OutputReader};
use crate::olympiad::{play, ToppingPiece, Unwatched};

pub const USAGE: &str = "judge bench INPUT OUTPUT [--runs K]";

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["--runs"], &[])?;
    args.expect_positional(2, 2, USAGE)?;
    let runs: usize = args.parsed_or("--runs", 21)?.max(1);
    let input = read_file(Path::new(&args.positional[0])).map_err(Failure::Judge)?;
    let output = read_file(Path::new(&args.positional[1])).map_err(Failure::Judge)?;
    let mut times = Vec::with_capacity(runs);
    let mut placed = 0;
    let mut pieces = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let parsed = parse_input(&String::from_utf8_lossy(&input))
            .map_err(|e| Failure::Judge(format!("{}: {e}", args.positional[0])))?;
        let outcome = play(
            &parsed,
            &mut OutputReader::new(&output[..]),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        );
        times.push(start.elapsed());
        placed = outcome.placed;
        pieces = outcome.pieces;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    crate::say!(
        "replay of {pieces} pieces ({placed} placed): median {:.2} ms, min {:.2} ms, max {:.2} ms over {runs} runs",
        ms(times[runs / 2]),
        ms(times[0]),
        ms(times[runs - 1])
    );
    Ok(exit::OK)
}
