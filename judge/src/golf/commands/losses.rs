//! `judge golf losses`: where a game's points went.

use super::input_and_output;
use crate::cli::{exit, opt, Args, Command, Failure, Opt, Spec};
use crate::golf::losses::{losses, report};

const WELL: Opt = opt(
    "--well",
    "COLUMN",
    "the column the strategy keeps for I pieces, 0..9 (default 9)",
);

pub static SPEC: Spec = Spec {
    command: "golf losses",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Where a golf game's points went (rules as written): clears of fewer than four\n\
            rows sorted by the piece that made them, holes made, resets (exit 3: rejected).",
    options: &[WELL],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: show_losses,
};

fn show_losses(args: Args) -> Result<i32, Failure> {
    let well = args.number_in(&WELL, 9, 0..=9)? as usize;
    let (input, output) = input_and_output(&args)?;
    match losses(&input, &output, well) {
        Ok(found) => {
            for line in report(&found, well) {
                crate::say!("{line}");
            }
            Ok(exit::OK)
        }
        Err(e) => {
            crate::say!("rejected: {e}");
            Ok(exit::REJECTED)
        }
    }
}
