//! `judge golf score`: a game scored by the rules as written or a published
//! scorer's quirks.

use super::{describe, input_and_output, mode, MODES};
use crate::cli::{exit, Args, Command, Failure, Spec};
use crate::golf::judge::judge_output;
use crate::golf::replay::scorer_name;
use tetris_core::rules::Unwatched;

pub static SPEC: Spec = Spec {
    command: "golf score",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Score a code-golf game by the rules as written or a published scorer's quirks\n\
            (exit 3: the output is rejected).",
    options: &[super::SCORER],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: score,
};

fn score(args: Args) -> Result<i32, Failure> {
    let (input, output) = input_and_output(&args)?;
    let wanted = mode(&args)?;
    let mut last = 0;
    for (_, mode) in MODES {
        if wanted.is_some_and(|w| w != mode) {
            continue;
        }
        match judge_output(&input, &output, mode, &mut Unwatched).accepted() {
            Ok(s) => {
                crate::say!(
                    "game score {} by {}; {}",
                    s.points,
                    scorer_name(mode),
                    describe(&s)
                );
                last = s.points;
            }
            Err(e) => {
                crate::say!("rejected: {e}");
                return Ok(exit::REJECTED);
            }
        }
    }
    crate::say!("Score = {last}");
    Ok(exit::OK)
}
