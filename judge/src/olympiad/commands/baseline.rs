//! `judge baseline`: the reference player as a program (statement's input
//! on stdin, moves on stdout), for benchmarks and contest packages.

use std::io::Read;

use crate::cli::{exit, Args, Command, Failure, Spec};
use crate::olympiad::format::{format_moves, parse_input};

pub static SPEC: Spec = Spec {
    command: "baseline",
    positional: "",
    min_positional: 0,
    max_positional: 0,
    about: "Play the test on stdin with Dellacherie's one-piece greedy evaluation (a reference player).",
    options: &[],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(_args: Args) -> Result<i32, Failure> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Failure::judge(format!("stdin: {e}")))?;
    let pieces = parse_input(&text).map_err(|e| Failure::judge(format!("stdin: {e}")))?;
    let moves = crate::olympiad::baseline::choose_moves(&pieces);
    crate::cli::say_text(&format_moves(&moves));
    Ok(exit::OK)
}
