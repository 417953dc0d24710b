//! `judge printer check`: a drop list replayed and compared with its picture.

use super::{judge_file, load_picture, transparent, TRANSPARENT};
use crate::cli::{exit, Args, Command, Failure, Spec};
use crate::printer::judge::judge_output;
use tetris_core::rules::Unwatched;

pub static SPEC: Spec = Spec {
    command: "printer check",
    positional: "PICTURE DROPS",
    min_positional: 2,
    max_positional: 2,
    about: "Replay a printer's drop list on the 21 x 42 field and compare it with the picture\n\
            (exit 3: not printed exactly).",
    options: &[TRANSPARENT],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: check,
};

fn check(args: Args) -> Result<i32, Failure> {
    let picture = load_picture(args.positional[0].as_ref(), transparent(&args)?)?;
    let pixels = picture.pixel_count();
    let judge = |drops: &[u8]| judge_output(&picture, drops, &mut Unwatched);
    let printed = match judge_file(args.positional[1].as_ref(), judge)?.accepted() {
        Ok(printed) => printed,
        Err(why) => {
            crate::say!("rejected: {why}");
            return Ok(exit::REJECTED);
        }
    };
    crate::say!(
        "pieces {}, pixels {pixels}, pieces per pixel {:.2}",
        printed.pieces,
        printed.pieces as f64 / pixels.max(1) as f64
    );
    let Some(shortfall) = printed.shortfall() else {
        crate::say!("printed exactly");
        return Ok(exit::OK);
    };
    crate::say!("rejected: {shortfall}");
    for line in printed.wrong.iter().take(20) {
        crate::say!("  {line}");
    }
    if let Err(e) = picture.printable() {
        crate::say!("note: {e}");
    }
    Ok(exit::REJECTED)
}
