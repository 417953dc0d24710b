//! The golf variant's `judge` subcommands, one file each: thin front ends
//! over the rules, the loss report, the replay and the look-ahead audit.
//! What they share: the scorers by name and the input and output files.

use super::judge::Score;
use super::rules::Mode;
use crate::cli::{opt, read_file, Args, Command, Failure, Opt};

/// `--as`: which scorer's rules (`golf score` also takes `all`).
pub const SCORER: Opt = opt(
    "--as",
    "SCORER",
    "rules, python or c; golf score also all (default rules)",
);

pub const DEFAULT_INPUT: &str = "testdata/golf/input.bin";

pub mod gen;
pub mod html;
pub mod losses;
pub mod run;
pub mod score;

pub const COMMANDS: &[Command] = &[
    score::COMMAND,
    losses::COMMAND,
    html::COMMAND,
    run::COMMAND,
    gen::COMMAND,
];

pub fn describe(score: &Score) -> String {
    format!(
        "clears of 1/2/3/4 rows: {}/{}/{}/{}, resets {}",
        score.clears[0], score.clears[1], score.clears[2], score.clears[3], score.resets
    )
}

pub const MODES: [(&str, Mode); 3] = [
    ("rules", Mode::Rules),
    ("c", Mode::C),
    ("python", Mode::Python),
];

pub fn mode(args: &Args) -> Result<Option<Mode>, Failure> {
    let wanted = args.value(&SCORER)?.unwrap_or("rules");
    match MODES.iter().find(|(name, _)| *name == wanted) {
        Some((_, mode)) => Ok(Some(*mode)),
        None if wanted == "all" => Ok(None),
        None => Err(args
            .usage_error(format!(
                "--as: unknown scorer '{wanted}' (rules, python, c, all)"
            ))
            .into()),
    }
}

pub fn input_and_output(args: &Args) -> Result<(Vec<u8>, Vec<u8>), Failure> {
    Ok((
        read_file(args.positional[0].as_ref())?,
        read_file(args.positional[1].as_ref())?,
    ))
}
