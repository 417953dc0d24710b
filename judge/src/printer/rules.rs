//! The printer's field and what a drop does to it: a piece falls straight
//! down in its column, full rows are deleted and everything above shifts
//! down (ordinary gravity).

use crate::gravity;
use crate::tetromino::Piece;

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

/// The printer's playfield: each cell empty (0) or the number of the piece it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Row 0 at the bottom.
    pub cells: Vec<[u8; FIELD_WIDTH]>,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            cells: vec![[0; FIELD_WIDTH]; FIELD_HEIGHT],
        }
    }
}

impl Board {
    /// Drops the piece straight down; deletes full rows and shifts the rest
    /// down. Err if the piece would rest with a block above the field.
    pub fn drop_piece(&mut self, drop: Drop) -> Result<u32, String> {
        self.place(drop)?;
        Ok(self.delete_full_rows().1 as u32)
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

    /// Deletes the full rows and moves the rest down (ordinary gravity):
    /// where each row came from (row i took the old row `map[i]`, None a
    /// new empty row) and how many rows went.
    pub fn delete_full_rows(&mut self) -> (Vec<Option<usize>>, usize) {
        let (map, deleted) =
            gravity::delete_full_rows(FIELD_HEIGHT, |r| !self.cells[r].contains(&0));
        if deleted > 0 {
            gravity::apply(&mut self.cells, &map, [0; FIELD_WIDTH]);
        }
        (map, deleted)
    }
}
