//! Judging a drop list: replayed on an empty field, then compared cell by
//! cell with the field the picture asks for.

use super::format::parse_drops;
use super::format::picture::Picture;
use super::rules::{Board, COLOUR_PIECES, FIELD_WIDTH};
use crate::tetromino::Piece;

/// Replays a drop list on an empty field: the field and the number of
/// pieces, or the first line that cannot be read or played.
pub fn replay_drops(text: &str) -> Result<(Board, usize), String> {
    let drops = parse_drops(text).map_err(|e| e.to_string())?;
    let mut field = Board::default();
    for (line, drop) in &drops {
        field.drop_piece(*drop).map_err(|why| {
            format!(
                "line {line}: {} {} {}: {why}",
                drop.piece.letter(),
                drop.rotation,
                drop.column
            )
        })?;
    }
    Ok((field, drops.len()))
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
