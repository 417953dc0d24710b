//! A printer's drop list recorded for the replay page (`judge printer
//! html`): the olympiad's page, fed with the printer field's steps; the
//! score after each piece is the number of picture cells already right.

use super::format::picture::Picture;
use super::judge::{judge_output, target, PrintStep, Printer};
use super::rules::{Board, Drop, FIELD_HEIGHT, FIELD_WIDTH};
use crate::tetromino::Piece;
use crate::viewer::{keyframe, Event, PieceRecord, Replay, RuleSet, KEYFRAME_EVERY};
use tetris_core::rules::Watcher;

/// Cells of the field that already hold what the picture wants there
/// (pixels and the empty cells around them).
fn cells_right(target: &Board, field: &Board) -> u64 {
    let pairs = target
        .cells
        .iter()
        .flatten()
        .zip(field.cells.iter().flatten());
    pairs.filter(|(want, have)| want == have).count() as u64
}

/// Follows the drops for the page: each piece's events and keyframes, and
/// the cells right after each piece.
struct Recorder {
    target: Board,
    /// The field after the last step (the keyframes show it).
    last: Board,
    moves: Vec<PieceRecord>,
    keyframes: Vec<String>,
    scores: Vec<u64>,
}

impl Watcher<Printer> for Recorder {
    fn piece_started(&mut self, piece: usize, kind: Piece, drop: Drop) {
        if (piece - 1) % KEYFRAME_EVERY == 0 {
            self.keyframes.push(keyframe(&self.last.cells));
        }
        self.moves.push(PieceRecord {
            kind: kind.number(),
            rotation: drop.rotation as i64,
            column: drop.column as i64,
            events: Vec::new(),
        });
        self.scores.push(cells_right(&self.target, &self.last));
    }

    fn step(&mut self, _piece: usize, step: PrintStep, field: &Board) {
        let event = match step {
            PrintStep::Placed { cells } => {
                Event::Appear(cells.iter().map(|(r, c)| r * FIELD_WIDTH + c).collect())
            }
            PrintStep::RowsDeleted { map } => Event::Remap(map),
        };
        if let (Some(record), Some(score)) = (self.moves.last_mut(), self.scores.last_mut()) {
            record.events.push(event);
            *score = cells_right(&self.target, field);
        }
        self.last.clone_from(field);
    }
}

/// Records the drops; Err is the reason every printer command gives for a
/// drop list it rejects.
pub fn record(title: &str, picture: &Picture, drops: impl AsRef<[u8]>) -> Result<Replay, String> {
    let mut recorder = Recorder {
        target: target(picture),
        last: Board::default(),
        moves: Vec::new(),
        keyframes: Vec::new(),
        scores: Vec::new(),
    };
    let printed = judge_output(picture, drops.as_ref(), &mut recorder).accepted()?;
    let Recorder {
        moves,
        keyframes,
        scores,
        ..
    } = recorder;
    let total = (FIELD_WIDTH * FIELD_HEIGHT) as u64;
    let right = total - printed.wrong.len() as u64;
    let pieces = printed.pieces;
    let end = match printed.shortfall() {
        None => format!("{pieces} pieces: the picture is printed exactly"),
        Some(shortfall) => format!("{pieces} pieces: {shortfall}"),
    };
    Ok(Replay {
        title: title.to_string(),
        rules: RuleSet::Printer,
        width: FIELD_WIDTH,
        height: FIELD_HEIGHT,
        rows: FIELD_HEIGHT,
        pieces,
        placed: pieces,
        points: right,
        points_label: "cells right",
        placed_label: "dropped",
        end,
        kinds: moves.iter().map(|m| char::from(b'0' + m.kind)).collect(),
        shapes: Piece::ALL.iter().map(|p| p.shape(0).picture()).collect(),
        point_thresholds: Vec::new(),
        scores,
        keyframes,
        moves,
        stderr: String::new(),
    })
}
