//! `judge printer check`, `render`, `html`, `gen` and `bench`.

pub mod bench;

use std::path::Path;

use super::gen::random_picture;
use super::picture::{Picture, DEFAULT_TRANSPARENT, MAX_HEIGHT, MAX_WIDTH};
use super::{mismatches, replay_drops, Playfield, COLOUR_PIECES, FIELD_HEIGHT, FIELD_WIDTH};
use crate::cli::{
    exit, opt, read_file, write_file, Args, Command, Failure, Spec, UsageError, Verdict,
};

pub const COMMANDS: &[Command] = &[
    Command {
        spec: &CHECK,
        run: check,
    },
    Command {
        spec: &RENDER,
        run: render,
    },
    Command {
        spec: &HTML,
        run: html,
    },
    Command {
        spec: &GEN,
        run: gen,
    },
    bench::COMMAND,
];

const TRANSPARENT: crate::cli::Opt = opt(
    "--transparent",
    "RRGGBB",
    "the PPM colour that is not printed (default ff00ff)",
);

pub static CHECK: Spec = Spec {
    command: "printer check",
    positional: "PICTURE DROPS",
    min_positional: 2,
    max_positional: 2,
    about: "Replay a printer's drop list on the 21 x 42 field and compare it with the picture\n\
            (exit 3: not printed exactly).",
    options: &[TRANSPARENT],
};

pub static RENDER: Spec = Spec {
    command: "printer render",
    positional: "DROPS",
    min_positional: 1,
    max_positional: 1,
    about: "The field a drop list leaves, as a PPM image (needs -o).",
    options: &[
        opt("-o", "OUT.ppm", "the image to write"),
        opt("--picture", "PICTURE", "take the colours from this picture"),
        opt("--scale", "N", "pixels per cell (default 8)"),
        TRANSPARENT,
    ],
};

pub static HTML: Spec = Spec {
    command: "printer html",
    positional: "PICTURE DROPS",
    min_positional: 2,
    max_positional: 2,
    about: "The drops as a self-contained replay page, step by step (needs -o).",
    options: &[opt("-o", "PAGE.html", "the page to write"), TRANSPARENT],
};

pub static GEN: Spec = Spec {
    command: "printer gen",
    positional: "",
    min_positional: 0,
    max_positional: 0,
    about: "A random printable picture, as a text grid on stdout.",
    options: &[
        opt("--seed", "S", "the generator's seed (default 1)"),
        opt("--size", "WxH", "the picture's size (default 17x32)"),
        opt("--percent", "P", "opaque pixels in percent (default 50)"),
    ],
};

fn transparent(args: &Args) -> Result<[u8; 3], UsageError> {
    match args.value("--transparent")? {
        None => Ok(DEFAULT_TRANSPARENT),
        Some(hex) => {
            let digits = hex.trim_start_matches('#');
            let value = u32::from_str_radix(digits, 16)
                .ok()
                .filter(|_| digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
                .ok_or_else(|| args.usage_error(format!("--transparent: '{hex}' is not RRGGBB")))?;
            Ok([(value >> 16) as u8, (value >> 8) as u8, value as u8])
        }
    }
}

fn load_picture(path: &Path, transparent: [u8; 3]) -> Result<Picture, Failure> {
    let bytes = read_file(path)?;
    Picture::parse(&bytes, transparent).map_err(|e| Failure::io(path, e))
}

/// A drop list as text: it is the contestant's, so bytes that are not
/// UTF-8 are a rejection naming the byte, not a judge failure.
fn drops_text(path: &Path) -> Result<Verdict<String>, Failure> {
    let bytes = read_file(path)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Verdict::Accepted(text),
        Err(e) => Verdict::Rejected(format!(
            "{}: not text (invalid UTF-8 at byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )),
    })
}

/// Replays a drop list file, or says which line cannot be read or played.
fn replay(path: &Path) -> Result<Verdict<(Playfield, usize)>, Failure> {
    Ok(match drops_text(path)? {
        Verdict::Accepted(text) => match replay_drops(&text) {
            Ok(done) => Verdict::Accepted(done),
            Err(e) => Verdict::Rejected(format!("{}: {e}", path.display())),
        },
        Verdict::Rejected(why) => Verdict::Rejected(why),
    })
}

fn check(args: Args) -> Result<i32, Failure> {
    let picture = load_picture(args.positional[0].as_ref(), transparent(&args)?)?;
    let pixels = picture.pixel_count();
    let (field, pieces) = match replay(args.positional[1].as_ref())? {
        Verdict::Accepted(done) => done,
        Verdict::Rejected(why) => {
            crate::say!("rejected: {why}");
            return Ok(exit::REJECTED);
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
    Ok(exit::REJECTED)
}

/// The drops as a replay page, step by step.
fn html(args: Args) -> Result<i32, Failure> {
    let target = args.required_path("-o")?;
    let picture = load_picture(args.positional[0].as_ref(), transparent(&args)?)?;
    let path = Path::new(&args.positional[1]);
    let title = format!(
        "{} printed by {}",
        args.positional[0].to_string_lossy(),
        path.display()
    );
    let recorded = match drops_text(path)? {
        Verdict::Accepted(drops) => super::replay::record(&title, &picture, &drops)
            .map_err(|why| format!("{}: {why}", path.display())),
        Verdict::Rejected(why) => Err(why),
    };
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

fn render(args: Args) -> Result<i32, Failure> {
    let target = args.required_path("-o")?;
    let scale = args.number_in("--scale", 8, 1..=64)? as usize;
    let palette = match args.path("--picture") {
        Some(p) => load_picture(&p, transparent(&args)?)?.palette,
        None => Vec::new(),
    };
    let (field, _) = match replay(args.positional[0].as_ref())? {
        Verdict::Accepted(done) => done,
        Verdict::Rejected(why) => {
            crate::say!("rejected: {why}");
            return Ok(exit::REJECTED);
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
    write_file(&target, ppm)?;
    crate::say!("wrote {}", target.display());
    Ok(exit::OK)
}

fn gen(args: Args) -> Result<i32, Failure> {
    let size = args.value("--size")?.unwrap_or("17x32");
    let parsed = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    let (width, height): (usize, usize) = parsed
        .filter(|&(w, h)| (1..=MAX_WIDTH).contains(&w) && (1..=MAX_HEIGHT).contains(&h))
        .ok_or_else(|| {
            args.usage_error(format!(
                "--size: '{size}' is not WxH within {MAX_WIDTH}x{MAX_HEIGHT}"
            ))
        })?;
    let percent = args.number_in("--percent", 50, 0..=100)?;
    let picture = random_picture(args.parsed_or("--seed", 1)?, width, height, percent);
    crate::cli::say_text(&picture.to_text());
    Ok(exit::OK)
}
