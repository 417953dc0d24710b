//! The printer's `judge` subcommands, one file each; what they share: the
//! transparent colour, reading pictures and judging drop list files.

pub mod check;
pub mod gen;
pub mod html;
pub mod render;
pub mod strength;

use std::path::Path;

use super::format::picture::{Picture, DEFAULT_TRANSPARENT};
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

/// A drop list file judged by `judge` (the printer's judge, or its replay
/// alone): a rejection is the judge's reason, naming the file.
pub fn judge_file<T>(
    path: &Path,
    judge: impl FnOnce(&[u8]) -> Verdict<T>,
) -> Result<Verdict<T>, Failure> {
    let bytes = read_file(path)?;
    Ok(match judge(&bytes) {
        Verdict::Rejected(why) => Verdict::Rejected(format!("{}: {why}", path.display())),
        judged => judged,
    })
}
