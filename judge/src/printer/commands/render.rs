//! `judge printer render`: a picture, or the field a drop list leaves, as text.

use super::{judge_file, load_picture, transparent, TRANSPARENT};
use crate::cli::{exit, opt, required, write_file, Args, Command, Failure, Opt, Spec};
use crate::printer::judge::play;
use crate::printer::rules::{COLOUR_PIECES, FIELD_HEIGHT, FIELD_WIDTH};
use tetris_core::rules::Unwatched;

const OUTPUT_FILE: Opt = required("-o", "OUT.ppm", "the image to write");
const PICTURE: Opt = opt("--picture", "PICTURE", "take the colours from this picture");
const SCALE: Opt = opt("--scale", "N", "pixels per cell (default 8)");

pub static SPEC: Spec = Spec {
    command: "printer render",
    positional: "DROPS",
    min_positional: 1,
    max_positional: 1,
    about: "The field a drop list leaves, as a PPM image (needs -o).",
    options: &[OUTPUT_FILE, PICTURE, SCALE, TRANSPARENT],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: render,
};

fn render(args: Args) -> Result<i32, Failure> {
    let target = args.required_path(&OUTPUT_FILE)?;
    let scale = args.number_in(&SCALE, 8, 1..=64)? as usize;
    let palette = match args.path(&PICTURE) {
        Some(p) => load_picture(&p, transparent(&args)?)?.palette,
        None => Vec::new(),
    };
    let replayed = judge_file(args.positional[0].as_ref(), |drops| {
        play(drops, &mut Unwatched)
    })?;
    let (field, _) = match replayed.accepted() {
        Ok(done) => done,
        Err(why) => {
            crate::say!("rejected: {why}");
            return Ok(exit::REJECTED);
        }
    };
    let colour = |k: u8| -> [u8; 3] {
        if k == 0 {
            return [255, 255, 255];
        }
        let letter = crate::tetromino::Piece::ALL[usize::from(k) - 1].letter();
        match COLOUR_PIECES.iter().position(|&l| l == letter) {
            Some(i) => palette
                .get(i)
                .copied()
                .unwrap_or([[0, 114, 178], [213, 94, 0], [0, 158, 115]][i]),
            None => [160, 160, 160],
        }
    };
    let (w, h) = (FIELD_WIDTH * scale, FIELD_HEIGHT * scale);
    let mut ppm = format!("P6\n{w} {h}\n255\n").into_bytes();
    for y in 0..h {
        let row = FIELD_HEIGHT - 1 - y / scale;
        for x in 0..w {
            ppm.extend_from_slice(&colour(field.cells[row][x / scale]));
        }
    }
    write_file(&target, ppm)?;
    crate::say!("wrote {}", target.display());
    Ok(exit::OK)
}
