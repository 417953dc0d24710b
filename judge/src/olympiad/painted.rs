//! The well with the kind of piece each block came from, kept in step with a
//! game by following its steps; what visualizers draw.

use super::board::{Board, Step, ROWS};
use super::pieces::{Piece, WELL_WIDTH};

/// Each cell: 0 empty, otherwise the piece number 1..7 it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaintedBoard {
    pub cells: [[u8; WELL_WIDTH]; ROWS],
    previous: Board,
}

impl Default for PaintedBoard {
    fn default() -> Self {
        PaintedBoard {
            cells: [[0; WELL_WIDTH]; ROWS],
            previous: Board::default(),
        }
    }
}

impl PaintedBoard {
    /// Follows one step of a game whose current piece is `piece`.
    pub fn follow(&mut self, piece: Piece, step: Step, board: &Board) {
        match step {
            Step::Dropped { .. } => {
                for r in 0..ROWS {
                    let new = board.rows()[r] & !self.previous.rows()[r];
                    for c in 0..WELL_WIDTH {
                        if new >> c & 1 == 1 {
                            self.cells[r][c] = piece.number();
                        }
                    }
                }
            }
            Step::RowsDeleted { rows } => {
                for (r, row) in self.cells.iter_mut().enumerate() {
                    if rows >> r & 1 == 1 {
                        *row = [0; WELL_WIDTH];
                    }
                }
            }
            Step::Fell { moved } => {
                for (r, bits) in moved.iter().enumerate() {
                    for c in 0..WELL_WIDTH {
                        if bits >> c & 1 == 1 {
                            self.cells[r - 1][c] = self.cells[r][c];
                            self.cells[r][c] = 0;
                        }
                    }
                }
            }
        }
        self.previous = *board;
        debug_assert!(self.matches(board));
    }

    /// Whether the painted cells are exactly the board's blocks.
    pub fn matches(&self, board: &Board) -> bool {
        (0..ROWS).all(|r| (0..WELL_WIDTH).all(|c| (self.cells[r][c] != 0) == board.is_filled(r, c)))
    }
}
