//! The Tetris printer (statement: `docs/problems/printer.md`): pieces chosen and
//! dropped so that the blocks left on a 21 x 42 field draw a picture, with
//! ordinary gravity (deleted rows shift everything above down). J, T and L
//! carry the picture's colours 1, 2 and 3; every other block must be gone.

pub mod commands;
pub mod gen;
pub mod picture;
pub mod replay;

use std::fmt;

use crate::olympiad::Piece;
use picture::Picture;

pub const FIELD_WIDTH: usize = 21;
pub const FIELD_HEIGHT: usize = 42;

/// Piece letters of colours 1, 2, 3.
pub const COLOUR_PIECES: [char; 3] = ['J', 'T', 'L'];

/// One line of a drop list: a piece, its rotation (clockwise quarter turns,
/// as in the olympiad problem) and the column of its leftmost block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    pub piece: Piece,
    pub rotation: usize,
    pub column: usize,
}

/// A defect of a drop list, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Reads "LETTER ROTATION COLUMN" lines; `#` starts a comment.
pub fn parse_drops(text: &str) -> Result<Vec<(usize, Drop)>, DropError> {
    let mut drops = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_number = i + 1;
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let err = |message: String| DropError {
            line: line_number,
            message,
        };
        let fields: Vec<&str> = content.split_whitespace().collect();
        let [letter, rotation, column] = fields[..] else {
            return Err(err(format!(
                "'{content}': expected a piece letter, a rotation and a column"
            )));
        };
        let piece = Piece::ALL
            .into_iter()
            .find(|p| p.letter().to_string() == letter)
            .ok_or_else(|| err(format!("'{letter}' is not a piece (I J L O S T Z)")))?;
        let rotation: usize = rotation
            .parse()
            .ok()
            .filter(|r| *r < 4)
            .ok_or_else(|| err(format!("rotation '{rotation}' is not 0..3")))?;
        let width = piece.shape(rotation).width;
        let column: usize = column
            .parse()
            .ok()
            .filter(|&c: &usize| c.checked_add(width).is_some_and(|end| end <= FIELD_WIDTH))
            .ok_or_else(|| {
                err(format!(
                    "column '{column}': a piece {width} wide fits in columns 0..={}",
                    FIELD_WIDTH - width
                ))
            })?;
        drops.push((
            line_number,
            Drop {
                piece,
                rotation,
                column,
            },
        ));
    }
    Ok(drops)
}

/// The printer's playfield: each cell empty (0) or the number of the piece it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playfield {
    /// Row 0 at the bottom.
    pub cells: Vec<[u8; FIELD_WIDTH]>,
}

impl Default for Playfield {
    fn default() -> Self {
        Playfield {
            cells: vec![[0; FIELD_WIDTH]; FIELD_HEIGHT],
        }
    }
}

impl Playfield {
    /// Drops the piece straight down; deletes full rows and shifts the rest
    /// down. Err if the piece would rest with a block above the field.
    pub fn drop_piece(&mut self, drop: Drop) -> Result<u32, String> {
        self.place(drop)?;
        Ok(self.delete_full_rows().len() as u32)
    }

    /// Puts the piece where it comes to rest, deleting nothing; the cells
    /// it fills.
    pub fn place(&mut self, drop: Drop) -> Result<Vec<(usize, usize)>, String> {
        let shape = drop.piece.shape(drop.rotation);
        let height_of = |c: usize| {
            self.cells
                .iter()
                .rposition(|row| row[c] != 0)
                .map_or(0, |r| r + 1)
        };
        let row = (0..shape.width)
            .map(|c| height_of(drop.column + c).saturating_sub(shape.bottom[c]))
            .max()
            .unwrap_or(0);
        if row + shape.height > FIELD_HEIGHT {
            return Err(format!(
                "it would rest with a block above the {FIELD_HEIGHT} rows of the field"
            ));
        }
        let mut filled = Vec::with_capacity(4);
        for (i, bits) in shape.rows[..shape.height].iter().enumerate() {
            for c in 0..shape.width {
                if bits >> c & 1 == 1 {
                    self.cells[row + i][drop.column + c] = drop.piece.number();
                    filled.push((row + i, drop.column + c));
                }
            }
        }
        Ok(filled)
    }

    /// Deletes the full rows and moves the rest down; the rows deleted.
    pub fn delete_full_rows(&mut self) -> Vec<usize> {
        let full: Vec<usize> = (0..FIELD_HEIGHT)
            .filter(|&r| !self.cells[r].contains(&0))
            .collect();
        self.cells.retain(|r| r.contains(&0));
        self.cells.resize(FIELD_HEIGHT, [0; FIELD_WIDTH]);
        full
    }
}

/// Replays a drop list on an empty field: the field and the number of
/// pieces, or the first line that cannot be read or played.
pub fn replay_drops(text: &str) -> Result<(Playfield, usize), String> {
    let drops = parse_drops(text).map_err(|e| e.to_string())?;
    let mut field = Playfield::default();
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
pub fn target(picture: &Picture) -> Playfield {
    let mut field = Playfield::default();
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
pub fn mismatches(picture: &Picture, field: &Playfield) -> Vec<String> {
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
