//! `judge printer check` and `judge printer render`.

use std::path::Path;

use super::gen::random_picture;
use super::picture::{Picture, DEFAULT_TRANSPARENT, MAX_HEIGHT, MAX_WIDTH};
use super::{mismatches, replay_drops, Field, COLOUR_PIECES, FIELD_HEIGHT, FIELD_WIDTH};
use crate::cli::{exit, Args, Failure, UsageError};
use crate::olympiad::io::read_file;

/// Exit code when the drops do not print the picture.
pub const REJECTED: i32 = 3;

pub const USAGE: &str = "\
judge printer check PICTURE DROPS [--transparent RRGGBB]
judge printer render DROPS -o OUT.ppm [--picture PICTURE] [--scale N] [--transparent RRGGBB]
judge printer html PICTURE DROPS -o PAGE.html [--transparent RRGGBB]
judge printer gen [--seed S] [--size WxH] [--percent P]
judge printer bench (PRINTER.rs | --cmd 'COMMAND') [PICTURE...] [--runs K] [--random N] [--seed S]";

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let mut rest = rest.into_iter();
    match rest.next().as_deref() {
        Some("check") => check(rest.collect()),
        Some("render") => render(rest.collect()),
        Some("html") => html(rest.collect()),
        Some("gen") => gen(rest.collect()),
        Some("bench") => super::bench::main(rest.collect()),
        _ => Err(UsageError(format!("usage:\n{USAGE}")).into()),
    }
}

fn transparent(args: &Args) -> Result<[u8; 3], UsageError> {
    match args.value("--transparent") {
        None => Ok(DEFAULT_TRANSPARENT),
        Some(hex) => {
            let value = u32::from_str_radix(hex.trim_start_matches('#'), 16)
                .ok()
                .filter(|_| hex.trim_start_matches('#').len() == 6)
                .ok_or_else(|| UsageError(format!("--transparent: '{hex}' is not RRGGBB")))?;
            Ok([(value >> 16) as u8, (value >> 8) as u8, value as u8])
        }
    }
}

fn load_picture(path: &str, transparent: [u8; 3]) -> Result<Picture, Failure> {
    let bytes = read_file(Path::new(path)).map_err(Failure::Judge)?;
    Picture::parse(&bytes, transparent).map_err(|e| Failure::Judge(format!("{path}: {e}")))
}

/// Replays a drop list file; Err(message) names the line that cannot be played.
fn replay(path: &str) -> Result<Result<(Field, usize), String>, Failure> {
    let bytes = read_file(Path::new(path)).map_err(Failure::Judge)?;
    Ok(replay_drops(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("{path}: {e}")))
}

fn check(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["--transparent"], &[])?;
    args.expect_positional(2, 2, USAGE)?;
    let picture = load_picture(&args.positional[0], transparent(&args)?)?;
    let pixels = picture.pixel_count();
    let (field, pieces) = match replay(&args.positional[1])? {
        Ok(done) => done,
        Err(why) => {
            crate::say!("rejected: {why}");
            return Ok(REJECTED);
        }
    };
    crate::say!(
        "pieces {pieces}, pixels {pixels}, pieces per pixel {:.2}",
        pieces as f64 / pixels.max(1) as f64
    );
    let wrong = mismatches(&picture, &field);
    if wrong.is_empty() {
        crate::say!("printed exactly");
        return Ok(exit::OK);
    }
    crate::say!("rejected: {} cells differ from the picture", wrong.len());
    for line in wrong.iter().take(20) {
        crate::say!("  {line}");
    }
    if let Err(e) = picture.printable() {
        crate::say!("note: {e}");
    }
    Ok(REJECTED)
}

/// The drops as a replay page, step by step.
fn html(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["-o", "--transparent"], &[])?;
    args.expect_positional(2, 2, USAGE)?;
    let target = args
        .value("-o")
        .ok_or_else(|| UsageError(format!("usage:\n{USAGE}")))?;
    let picture = load_picture(&args.positional[0], transparent(&args)?)?;
    let path = &args.positional[1];
    let drops = read_file(Path::new(path)).map_err(Failure::Judge)?;
    let title = format!("{} printed by {path}", args.positional[0]);
    let replay = match super::replay::record(&title, &picture, &String::from_utf8_lossy(&drops)) {
        Ok(replay) => replay,
        Err(why) => {
            crate::say!("rejected: {path}: {why}");
            return Ok(REJECTED);
        }
    };
    std::fs::write(target, crate::html::page(&replay))
        .map_err(|e| Failure::Judge(format!("{target}: {e}")))?;
    crate::say!("{}; wrote {target}", replay.end);
    Ok(exit::OK)
}

fn render(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["-o", "--picture", "--scale", "--transparent"], &[])?;
    args.expect_positional(1, 1, USAGE)?;
    let target = args
        .value("-o")
        .ok_or_else(|| UsageError(format!("usage:\n{USAGE}")))?;
    let scale: usize = args.parsed_or("--scale", 8)?.clamp(1, 64);
    let palette = match args.value("--picture") {
        Some(p) => load_picture(p, transparent(&args)?)?.palette,
        None => Vec::new(),
    };
    let (field, _) = match replay(&args.positional[0])? {
        Ok(done) => done,
        Err(why) => {
            crate::say!("rejected: {why}");
            return Ok(REJECTED);
        }
    };
    let colour = |k: u8| -> [u8; 3] {
        if k == 0 {
            return [255, 255, 255];
        }
        let letter = crate::olympiad::Piece::ALL[usize::from(k) - 1].letter();
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
    std::fs::write(target, ppm).map_err(|e| Failure::Judge(format!("{target}: {e}")))?;
    crate::say!("wrote {target}");
    Ok(exit::OK)
}

fn gen(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["--seed", "--size", "--percent"], &[])?;
    args.expect_positional(0, 0, USAGE)?;
    let size = args.value("--size").unwrap_or("17x32");
    let parsed = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    let (width, height): (usize, usize) = parsed
        .filter(|&(w, h)| (1..=MAX_WIDTH).contains(&w) && (1..=MAX_HEIGHT).contains(&h))
        .ok_or_else(|| {
            UsageError(format!(
                "--size: '{size}' is not WxH within {MAX_WIDTH}x{MAX_HEIGHT}"
            ))
        })?;
    let percent: u64 = args.parsed_or("--percent", 50)?;
    let picture = random_picture(
        args.parsed_or("--seed", 1)?,
        width,
        height,
        percent.min(100),
    );
    print!("{}", picture.to_text());
    Ok(exit::OK)
}
