//! `judge gen`: olympiad tests (one, or the ten official sizes) from seeded
//! generators.

use crate::cli::{exit, opt, switch, write_file, Args, Command, Failure, Opt, Spec};
use crate::olympiad::format::{format_input, MAX_PIECES};
use crate::olympiad::gen::{generate, official_tests, Distribution, OFFICIAL_SEED};
use crate::rng::Rng;

const SEED: Opt = opt("--seed", "S", "the generator's seed");
const N: Opt = opt("--n", "N", "pieces");
pub const DIST: Opt = opt("--dist", "D", "uniform, sz-heavy, sz-only or no-i");
pub const WEIGHTS: Opt = opt(
    "--weights",
    "I,J,L,O,S,T,Z",
    "relative weights of the seven pieces instead of --dist, e.g. 1,1,1,1,60,1,60",
);
const OUTPUT_FILE: Opt = opt("-o", "FILE", "write to FILE instead of stdout");
const OFFICIAL: Opt = switch("--official", "the ten official-size tests");
const DIR: Opt = opt("--dir", "DIR", "where --official writes");

pub static SPEC: Spec = Spec {
    command: "gen",
    positional: "",
    min_positional: 0,
    max_positional: 0,
    about: "One olympiad test on stdout (or -o FILE); default seed 2012, N 10000, uniform.\n\
            --official: the ten official-size tests 01.in .. 10.in into --dir DIR.",
    options: &[SEED, N, DIST, WEIGHTS, OUTPUT_FILE, OFFICIAL, DIR],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

/// The distribution `--dist` names or `--weights` gives (not both), or
/// `default` without either.
pub fn chosen_distribution(args: &Args, default: &str) -> Result<Distribution, Failure> {
    Ok(match (args.value(&DIST)?, args.value(&WEIGHTS)?) {
        (Some(_), Some(_)) => {
            return Err(args
                .usage_error("give --dist or --weights, not both")
                .into())
        }
        (None, Some(weights)) => Distribution::from_weights(weights)
            .map_err(|why| args.usage_error(format!("--weights: {why}")))?,
        (name, None) => {
            let name = name.unwrap_or(default);
            Distribution::from_name(name)
                .ok_or_else(|| args.usage_error(format!("unknown distribution '{name}'")))?
        }
    })
}

fn main(args: Args) -> Result<i32, Failure> {
    let seed = args.parsed_or(&SEED, OFFICIAL_SEED)?;
    if args.switch(&OFFICIAL) {
        let dir = args
            .path(&DIR)
            .ok_or_else(|| args.usage_error("gen --official needs --dir DIR"))?;
        std::fs::create_dir_all(&dir).map_err(|e| Failure::io(&dir, e))?;
        for (i, test) in official_tests(seed).iter().enumerate() {
            write_file(&dir.join(format!("{:02}.in", i + 1)), format_input(test))?;
        }
        return Ok(exit::OK);
    }
    let n = args.number_in(&N, 10_000, 1..=MAX_PIECES as u64)? as usize;
    let dist = chosen_distribution(&args, "uniform")?;
    let text = format_input(&generate(n, dist, &mut Rng::new(seed)));
    match args.path(&OUTPUT_FILE) {
        Some(path) => write_file(&path, text)?,
        None => crate::cli::say_text(&text),
    }
    Ok(exit::OK)
}
