//! `judge printer gen`: random pictures for tests and benchmarks.

use crate::cli::{exit, opt, Args, Command, Failure, Spec};
use crate::printer::format::picture::{MAX_HEIGHT, MAX_WIDTH};
use crate::printer::gen::random_picture;

pub static SPEC: Spec = Spec {
    command: "printer gen",
    positional: "",
    min_positional: 0,
    max_positional: 0,
    about: "A random printable picture, as a text grid on stdout.",
    options: &[
        opt("--seed", "S", "the generator's seed (default 1)"),
        opt("--size", "WxH", "the picture's size (default 17x32)"),
        opt("--percent", "P", "opaque pixels in percent (default 50)"),
    ],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: gen,
};

fn gen(args: Args) -> Result<i32, Failure> {
    let size = args.value("--size")?.unwrap_or("17x32");
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
    let percent = args.number_in("--percent", 50, 0..=100)?;
    let picture = random_picture(args.parsed_or("--seed", 1)?, width, height, percent);
    crate::cli::say_text(&picture.to_text());
    Ok(exit::OK)
}
