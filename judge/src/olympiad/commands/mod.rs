//! The olympiad's subcommands of `judge`: each module declares its options
//! once (`SPEC`) and runs on parsed arguments; the rules stay in the
//! parent module.

pub mod attack;
pub mod baseline;
pub mod bench;
pub mod check;
pub mod gen;
pub mod grade;
pub mod html;
pub mod package;
pub mod show;
pub mod statement;
pub mod strength;
pub mod tune;

use crate::cli::{Command, JudgeFailure, Verdict};
use crate::olympiad::format::format_input;
use crate::olympiad::judge::{judge_output, Judgement};
use crate::olympiad::{Outcome, Piece, ToppingPiece, Unwatched, Watcher};
use crate::process::{run, Limits, Run};

pub const COMMANDS: &[Command] = &[
    check::COMMAND,
    gen::COMMAND,
    grade::COMMAND,
    show::COMMAND,
    html::COMMAND,
    bench::COMMAND,
    strength::COMMAND,
    attack::COMMAND,
    tune::COMMAND,
    baseline::COMMAND,
    package::COMMAND,
    statement::FIGURES,
];

/// The one way a program's run is judged, by every command that runs
/// programs: a run that crashed or broke a limit earns its failure, any
/// other is judged by the scoring core (which `judge check`, the front ends
/// and the packages use too), every step shown to `watcher`.
pub fn judge_run(
    pieces: &[Piece],
    run: &Run,
    watcher: &mut impl Watcher,
) -> Result<Verdict<Judgement>, JudgeFailure> {
    if let Some(failure) = run.failure() {
        return Ok(Verdict::Failed(failure));
    }
    judge_output(pieces, &run.stdout[..], ToppingPiece::NotCounted, watcher).map(Verdict::Accepted)
}

/// Runs a player program on `pieces` and judges its run.
pub fn play_game(
    command: &[String],
    pieces: &[Piece],
    limits: &Limits,
) -> Result<(Verdict<Judgement>, Run), String> {
    let ran = run(command, format_input(pieces).as_bytes(), limits)?;
    let verdict = judge_run(pieces, &ran, &mut Unwatched).map_err(|e| e.0)?;
    Ok((verdict, ran))
}

/// Plays a game with a player program that must end normally; the judge's
/// outcome of its moves and how it ran.
pub fn play_program(
    command: &[String],
    pieces: &[Piece],
    limits: &Limits,
) -> Result<(Outcome, Run), String> {
    let (verdict, ran) = play_game(command, pieces, limits)?;
    match verdict {
        Verdict::Accepted(judged) => Ok((judged.outcome, ran)),
        other => Err(format!(
            "{}-piece game: the program failed ({}): {}",
            pieces.len(),
            other.accepted().err().unwrap_or_default(),
            ran.stderr_tail.trim()
        )),
    }
}
