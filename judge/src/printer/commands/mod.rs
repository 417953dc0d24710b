//! The printer's `judge` subcommands, one file each; what they share: the
//! transparent colour, reading pictures and drop lists.

pub mod check;
pub mod gen;
pub mod html;
pub mod render;
pub mod strength;

use std::path::Path;

use super::format::picture::{Picture, DEFAULT_TRANSPARENT};
use super::judge::replay_drops;
use super::rules::Board;
use crate::cli::{opt, read_file, Args, Command, Failure, UsageError, Verdict};

pub const COMMANDS: &[Command] = &[
    check::COMMAND,
    render::COMMAND,
    html::COMMAND,
    gen::COMMAND,
    strength::COMMAND,
];

pub const TRANSPARENT: crate::cli::Opt = opt(
    "--transparent",
    "RRGGBB",
    "the PPM colour that is not printed (default ff00ff)",
);

pub fn transparent(args: &Args) -> Result<[u8; 3], UsageError> {
    match args.value(&TRANSPARENT)? {
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

pub fn load_picture(path: &Path, transparent: [u8; 3]) -> Result<Picture, Failure> {
    let bytes = read_file(path)?;
    Picture::parse(&bytes, transparent).map_err(|e| Failure::io(path, e))
}

/// A drop list as text: it is the contestant's, so bytes that are not
/// UTF-8 are a rejection naming the byte, not a judge failure.
pub fn drops_text(path: &Path) -> Result<Verdict<String>, Failure> {
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
pub fn replay(path: &Path) -> Result<Verdict<(Board, usize)>, Failure> {
    Ok(
        drops_text(path)?.and_then(|text| match replay_drops(&text) {
            Ok(done) => Verdict::Accepted(done),
            Err(e) => Verdict::Rejected(format!("{}: {e}", path.display())),
        }),
    )
}
