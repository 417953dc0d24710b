//! `judge printer gen`: random pictures for tests and benchmarks.

use crate::cli::{exit, opt, Args, Command, Failure, Opt, Spec};
use crate::printer::format::picture::{MAX_HEIGHT, MAX_WIDTH};
use crate::printer::gen::random_picture;

const SEED: Opt = opt("--seed", "S", "the generator's seed (default 1)");
const SIZE: Opt = opt("--size", "WxH", "the picture's size (default 17x32)");
const PERCENT: Opt = opt("--percent", "P", "opaque pixels in percent (default 50)");

pub static SPEC: Spec = Spec {
    command: "printer gen",
    positional: "",
    min_positional: 0,
    max_positional: 0,
    about: "A random printable picture, as a text grid on stdout.",
    options: &[SEED, SIZE, PERCENT],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: gen,
};

fn gen(args: Args) -> Result<i32, Failure> {
    let size = args.value(&SIZE)?.unwrap_or("17x32");
    let parsed = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    let (width, height): (usize, usize) = parsed
        .filter(|&(w, h)| (1..=MAX_WIDTH).contains(&w) && (1..=MAX_HEIGHT).contains(&h))
        .ok_or_else(|| {
            args.usage_error(format!(
                "--size: '{size}' is not WxH within {MAX_WIDTH}x{MAX_HEIGHT}"
            ))
        })?;
    let percent = args.number_in(&PERCENT, 50, 0..=100)?;
    let picture = random_picture(args.parsed_or(&SEED, 1)?, width, height, percent);
    crate::cli::say_text(&picture.to_text());
    Ok(exit::OK)
}
