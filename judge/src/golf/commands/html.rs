//! `judge golf html`: a game as a self-contained replay page.

use super::{input_and_output, mode};
use crate::cli::{exit, opt, required, write_file, Args, Command, Failure, Opt, Spec};
use crate::golf::replay::record;

const OUTPUT_FILE: Opt = required("-o", "REPLAY.html", "the page to write");
const TITLE: Opt = opt("--title", "TEXT", "the page's title");

pub static SPEC: Spec = Spec {
    command: "golf html",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "A golf game as a self-contained replay page (exit 3: the output is rejected).",
    options: &[OUTPUT_FILE, super::SCORER, TITLE],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: html,
};

fn html(args: Args) -> Result<i32, Failure> {
    let target = args.required_path(&OUTPUT_FILE)?;
    let mode = mode(&args)?.ok_or_else(|| args.usage_error("--as all: choose one scorer"))?;
    let (input, output) = input_and_output(&args)?;
    let title = match args.value(&TITLE)? {
        Some(t) => t.to_string(),
        None => format!(
            "{} / {}",
            args.positional[0].to_string_lossy(),
            args.positional[1].to_string_lossy()
        ),
    };
    match record(&title, &input, &output, mode) {
        Ok(replay) => {
            write_file(&target, replay.page())?;
            crate::say!("wrote {}: {}", target.display(), replay.end);
            Ok(exit::OK)
        }
        Err(e) => {
            crate::say!("rejected: {e}");
            Ok(exit::REJECTED)
        }
    }
}
