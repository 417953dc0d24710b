//! Judging a drop list: replayed on an empty field, then compared cell by
//! cell with the field the picture asks for. `judge_output` is the
//! printer's one face, used by every command, the page and the benchmark.

use super::format::parse_drops;
use super::format::picture::Picture;
use super::rules::{Board, Drop, COLOUR_PIECES, FIELD_WIDTH};
use crate::tetromino::Piece;
use tetris_core::rules::{Unwatched, Watcher};
use tetris_core::verdict::Verdict;

/// The printer's game, for watchers: each drop, then what it did.
pub type Printer = (Piece, Drop, PrintStep, Board);

/// What a drop did to the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrintStep {
    /// The piece came to rest on these cells (row, column).
    Placed { cells: Vec<(usize, usize)> },
    /// Full rows went: row i took the old row `map[i]` (None: a new empty
    /// row).
    RowsDeleted { map: Vec<Option<usize>> },
}

/// What a drop list printed: its score is the number of pieces when the
/// picture is printed exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub field: Board,
    pub pieces: usize,
    /// Every cell where the field differs from the picture (`mismatches`).
    pub wrong: Vec<String>,
}

impl Printed {
    /// Why the picture is not printed exactly, if it is not, in the words
    /// of every printer command.
    pub fn shortfall(&self) -> Option<String> {
        match self.wrong.len() {
            0 => None,
            n => Some(format!("{n} cells differ from the picture")),
        }
    }
}

/// Judges a drop list (the bytes a printer wrote) against its picture,
/// showing every drop to `watcher`: the printer's one face. A list that is
/// not text, cannot be read or drops a piece off the field is rejected
/// with the same reason by every command; any other is accepted with
/// what it printed (exact or not).
pub fn judge_output(
    picture: &Picture,
    output: &[u8],
    watcher: &mut impl Watcher<Printer>,
) -> Verdict<Printed> {
    play(output, watcher).and_then(|(field, pieces)| {
        Verdict::Accepted(Printed {
            wrong: mismatches(picture, &field),
            field,
            pieces,
        })
    })
}

/// Replays a drop list's bytes on an empty field, showing every drop to
/// `watcher`: the field and the number of pieces, or why the list is
/// rejected (`judge_output` without a picture, for `printer render`).
pub fn play(output: &[u8], watcher: &mut impl Watcher<Printer>) -> Verdict<(Board, usize)> {
    let text = match std::str::from_utf8(output) {
        Ok(text) => text,
        Err(e) => {
            return Verdict::Rejected(format!(
                "not text (invalid UTF-8 at byte {})",
                e.valid_up_to()
            ))
        }
    };
    let drops = match parse_drops(text) {
        Ok(drops) => drops,
        Err(e) => return Verdict::Rejected(e.to_string()),
    };
    let mut field = Board::default();
    for (i, (line, drop)) in drops.iter().enumerate() {
        let number = i + 1;
        watcher.piece_started(number, drop.piece, *drop);
        let cells = match field.place(*drop) {
            Ok(cells) => cells,
            Err(why) => {
                return Verdict::Rejected(format!(
                    "line {line}: {} {} {}: {why}",
                    drop.piece.letter(),
                    drop.rotation,
                    drop.column
                ))
            }
        };
        watcher.step(number, PrintStep::Placed { cells }, &field);
        let (map, deleted) = field.delete_full_rows();
        if deleted > 0 {
            watcher.step(number, PrintStep::RowsDeleted { map }, &field);
        }
    }
    Verdict::Accepted((field, drops.len()))
}

/// Replays a drop list on an empty field: the field and the number of
/// pieces, or why the list is rejected.
pub fn replay_drops(text: &str) -> Result<(Board, usize), String> {
    play(text.as_bytes(), &mut Unwatched).accepted()
}

/// Where a picture goes: centred (columns offset by (21 - width) / 2), its
/// lowest row with pixels on row 0 (transparent rows under it are margin,
/// as around a sprite, not part of the drawing).
pub fn picture_offset(picture: &Picture) -> usize {
    (FIELD_WIDTH - picture.width) / 2
}

/// The field the picture asks for: each cell empty (0) or the number of
/// the piece that carries the pixel's colour.
pub fn target(picture: &Picture) -> Board {
    let mut field = Board::default();
    let offset = picture_offset(picture);
    let margin = picture.bottom_margin();
    let rows = picture.pixels.iter().rev().skip(margin);
    for (row, pixels) in field.cells.iter_mut().zip(rows) {
        for (cell, &colour) in row[offset..].iter_mut().zip(pixels) {
            if colour != 0 {
                let letter = COLOUR_PIECES[usize::from(colour) - 1];
                *cell = Piece::ALL
                    .iter()
                    .find(|p| p.letter() == letter)
                    .map_or(0, |p| p.number());
            }
        }
    }
    field
}

/// Every cell where the field differs from the picture, as messages.
pub fn mismatches(picture: &Picture, field: &Board) -> Vec<String> {
    let name = |k: u8| match k {
        0 => "empty".to_string(),
        k => {
            let letter = Piece::ALL[usize::from(k) - 1].letter();
            match COLOUR_PIECES.iter().position(|&l| l == letter) {
                Some(colour) => format!("{letter} (colour {})", colour + 1),
                None => format!("{letter} (scaffolding)"),
            }
        }
    };
    let target = target(picture);
    let mut found = Vec::new();
    for (r, row) in field.cells.iter().enumerate() {
        for (c, &k) in row.iter().enumerate() {
            let want = target.cells[r][c];
            if want != k {
                found.push(format!(
                    "row {r}, column {c}: expected {}, found {}",
                    name(want),
                    name(k)
                ));
            }
        }
    }
    found
}
