//! `judge bench`: how long the judge takes to replay a game, the median of
//! several runs (reading the test and parsing the output included, as
//! `judge check` does).

use std::time::{Duration, Instant};

use crate::cli::{exit, opt, read_file, Args, Command, Failure, Opt, Spec};
use crate::olympiad::judge::{judge_output, read_test};
use crate::olympiad::{ToppingPiece, Unwatched};

const RUNS: Opt = opt("--runs", "K", "how many runs (default 21)");

pub static SPEC: Spec = Spec {
    command: "bench",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Time the judge's replay of a game: median, min and max over K runs.",
    options: &[RUNS],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let runs = args.number_in(&RUNS, 21, 1..=100_000)? as usize;
    let input = args.positional[0].as_ref();
    let output = read_file(args.positional[1].as_ref())?;
    let mut times = Vec::with_capacity(runs);
    let mut outcome = None;
    for _ in 0..runs {
        let start = Instant::now();
        let pieces = read_test(input)?.1;
        let judged = judge_output(
            &pieces,
            &output[..],
            ToppingPiece::NotCounted,
            &mut Unwatched,
        )?
        .accepted()
        .map_err(Failure::judge)?;
        outcome = Some(judged.outcome);
        times.push(start.elapsed());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let (placed, pieces) = outcome.map_or((0, 0), |o| (o.placed, o.pieces));
    crate::say!(
        "replay of {pieces} pieces ({placed} placed): median {:.2} ms, min {:.2} ms, max {:.2} ms over {runs} runs",
        ms(times[runs / 2]),
        ms(times[0]),
        ms(times[runs - 1])
    );
    Ok(exit::OK)
}
