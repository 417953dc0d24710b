//! `judge printer html`: a drop list as a self-contained replay page.

use std::path::Path;

use super::{load_picture, transparent, TRANSPARENT};
use crate::cli::{exit, read_file, required, write_file, Args, Command, Failure, Opt, Spec};
use crate::printer::replay::record;

const OUTPUT_FILE: Opt = required("-o", "PAGE.html", "the page to write");

pub static SPEC: Spec = Spec {
    command: "printer html",
    positional: "PICTURE DROPS",
    min_positional: 2,
    max_positional: 2,
    about: "The drops as a self-contained replay page, step by step (needs -o).",
    options: &[OUTPUT_FILE, TRANSPARENT],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: html,
};

/// The drops as a replay page, step by step.
fn html(args: Args) -> Result<i32, Failure> {
    let target = args.required_path(&OUTPUT_FILE)?;
    let picture = load_picture(args.positional[0].as_ref(), transparent(&args)?)?;
    let path = Path::new(&args.positional[1]);
    let title = format!(
        "{} printed by {}",
        args.positional[0].to_string_lossy(),
        path.display()
    );
    let recorded = record(&title, &picture, read_file(path)?)
        .map_err(|why| format!("{}: {why}", path.display()));
    let replay = match recorded {
        Ok(replay) => replay,
        Err(why) => {
            crate::say!("rejected: {why}");
            return Ok(exit::REJECTED);
        }
    };
    write_file(&target, replay.page())?;
    crate::say!("{}; wrote {}", replay.end, target.display());
    Ok(exit::OK)
}
