//! The olympiad's subcommands of `judge`: each module declares its options
//! once (`SPEC`) and runs on parsed arguments; the rules stay in the
//! parent module.

pub mod baseline;
pub mod bench;
pub mod check;
pub mod gen;
pub mod grade;
pub mod html;
pub mod package;
pub mod show;
pub mod strength;
pub mod tune;

use crate::cli::Command;
use crate::olympiad::io::{format_input, OutputReader};
use crate::olympiad::{play, Outcome, Piece, ToppingPiece, Unwatched};
use crate::process::{run_ok, Limits, Run};

pub const COMMANDS: &[Command] = &[
    check::COMMAND,
    gen::COMMAND,
    grade::COMMAND,
    show::COMMAND,
    html::COMMAND,
    bench::COMMAND,
    strength::COMMAND,
    tune::COMMAND,
    baseline::COMMAND,
    package::COMMAND,
];

/// Plays a game with a player program that must end normally; the judge's
/// outcome of its moves and how it ran.
pub fn play_program(
    command: &[String],
    pieces: &[Piece],
    limits: &Limits,
) -> Result<(Outcome, Run), String> {
    let ran = run_ok(command, format_input(pieces).as_bytes(), limits)
        .map_err(|e| format!("{}-piece game: {e}", pieces.len()))?;
    let outcome = play(
        pieces,
        &mut OutputReader::new(&ran.stdout[..]),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    Ok((outcome, ran))
}
