//! `judge html`: a replay as ONE self-contained HTML file (inline CSS and
//! JavaScript, no network). The judge records the game and embeds it with
//! its verdict; the page only replays recorded steps, so it cannot disagree
//! with the judge.

use std::path::Path;

use crate::cli::{exit, Args, Failure};
use crate::olympiad::io::{parse_input, read_file, OutputReader};
use crate::olympiad::{play, Outcome, Piece, ToppingPiece};
use crate::replay::Recorder;

pub const USAGE: &str = "judge html INPUT OUTPUT -o REPLAY.html [--title TEXT]";

const TEMPLATE: &str = include_str!("html/replay.html");

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["-o", "--title"], &[])?;
    args.expect_positional(2, 2, USAGE)?;
    let target = args
        .value("-o")
        .ok_or_else(|| crate::cli::UsageError(format!("usage: {USAGE}")))?;
    let (input, output) = (&args.positional[0], &args.positional[1]);
    let text = read_file(Path::new(input)).map_err(Failure::Judge)?;
    let pieces = parse_input(&String::from_utf8_lossy(&text))
        .map_err(|e| Failure::Judge(format!("{input}: {e}")))?;
    let moves = read_file(Path::new(output)).map_err(Failure::Judge)?;
    let title = args
        .value("--title")
        .map_or_else(|| format!("{input} / {output}"), str::to_string);
    let (page, outcome) = replay_page(&title, &pieces, &moves);
    std::fs::write(target, page).map_err(|e| Failure::Judge(format!("{target}: {e}")))?;
    crate::say!(
        "wrote {target}: placed {} of {}, {} points; {}",
        outcome.placed,
        outcome.pieces,
        outcome.points(),
        outcome.end
    );
    Ok(exit::OK)
}

/// Judges the output and returns the replay page with the outcome.
pub fn replay_page(title: &str, pieces: &[Piece], output: &[u8]) -> (String, Outcome) {
    let mut recorder = Recorder::default();
    let outcome = play(
        pieces,
        &mut OutputReader::new(output),
        ToppingPiece::NotCounted,
        &mut recorder,
    );
    let page = page(&recorder.into_replay(title, pieces, &outcome));
    (page, outcome)
}

/// The self-contained page of a replay.
pub fn page(replay: &crate::replay::Replay) -> String {
    TEMPLATE.replace("/*GAME*/", &replay.to_json())
}
