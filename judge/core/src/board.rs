//! The well and the rules that change it: the drop from above, the deletion
//! of full rows (with no shifting) and the cascading falls of 4-connected
//! components, step by step so that visualizers can watch each one.

use crate::tetromino::Shape;

/// Columns of the well.
pub const WELL_WIDTH: usize = 10;
/// Rows of the well; a block above them after settling ends the game.
pub const WELL_HEIGHT: usize = 20;

/// Rows kept: the well plus room for the tallest piece landing on a column
/// that is already 20 high. Nothing ever rises higher: blocks only fall.
pub const ROWS: usize = WELL_HEIGHT + 4;
pub const FULL_ROW: u16 = (1 << WELL_WIDTH) - 1;

/// One observable change of the well.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The piece came to rest with the bottom of its box on `row`.
    Dropped { row: usize },
    /// These rows (bit r = row r) were full and became empty.
    RowsDeleted { rows: u32 },
    /// Unsupported components moved down by one row together; `moved` holds
    /// their cells as they were before the step.
    Fell { moved: [u16; ROWS] },
}

/// Cells of the well, row 0 at the bottom, bit c = column c.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    rows: [u16; ROWS],
}

/// A set of cells with the board's layout (a component, or any mask).
type Cells = [u16; ROWS];

impl Board {
    pub fn from_rows(rows: [u16; ROWS]) -> Board {
        Board {
            rows: rows.map(|r| r & FULL_ROW),
        }
    }

    /// Parses a picture drawn top row first with `#` for a block; the last
    /// line is row 0. Used by tests and tools to write boards by hand.
    pub fn from_picture(picture: &str) -> Board {
        let lines: Vec<&str> = picture
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let mut rows = [0; ROWS];
        for (r, line) in lines.iter().rev().enumerate() {
            for (c, b) in line.bytes().enumerate() {
                if b != b'.' && b != b' ' {
                    rows[r] |= 1 << c;
                }
            }
        }
        Board::from_rows(rows)
    }

    pub fn rows(&self) -> &[u16; ROWS] {
        &self.rows
    }

    pub fn is_filled(&self, row: usize, column: usize) -> bool {
        self.rows[row] >> column & 1 == 1
    }

    /// One more than the highest filled row (0 for an empty well).
    pub fn stack_height(&self) -> usize {
        self.rows.iter().rposition(|&r| r != 0).map_or(0, |r| r + 1)
    }

    fn column_height(&self, column: usize) -> usize {
        self.rows
            .iter()
            .rposition(|&r| r >> column & 1 == 1)
            .map_or(0, |r| r + 1)
    }

    /// Whether any block is above the well.
    pub fn overflows(&self) -> bool {
        self.rows[WELL_HEIGHT..].iter().any(|&r| r != 0)
    }

    /// The row the bottom of the shape's box rests on when it falls straight
    /// down from above in column `x`: it stops on the highest block of any of
    /// its columns, whatever lies below that block.
    pub fn landing_row(&self, shape: &Shape, x: usize) -> usize {
        (0..shape.width)
            .map(|c| self.column_height(x + c).saturating_sub(shape.bottom[c]))
            .max()
            .unwrap_or(0)
    }

    /// Puts the shape in place (no deletions yet) and returns its row.
    /// The caller has checked that `x + width <= WELL_WIDTH`.
    pub fn drop_shape(&mut self, shape: &Shape, x: usize) -> usize {
        let row = self.landing_row(shape, x);
        for (i, &bits) in shape.rows[..shape.height].iter().enumerate() {
            self.rows[row + i] |= bits << x;
        }
        row
    }

    fn full_rows(&self) -> u32 {
        (0..ROWS)
            .filter(|&r| self.rows[r] == FULL_ROW)
            .fold(0, |mask, r| mask | 1 << r)
    }

    /// Deletes full rows and lets components fall, round after round, until
    /// nothing moves and no row is full. Reports every step.
    pub fn settle(&mut self, observe: &mut impl FnMut(Step, &Board)) {
        loop {
            let full = self.full_rows();
            if full == 0 {
                return;
            }
            for r in 0..ROWS {
                if full >> r & 1 == 1 {
                    self.rows[r] = 0;
                }
            }
            observe(Step::RowsDeleted { rows: full }, self);
            self.fall(observe);
        }
    }

    /// One phase of falls: components are computed once, every unsupported
    /// one moves down a row at a time, all together; one that cannot move
    /// has stopped for the rest of the phase.
    fn fall(&mut self, observe: &mut impl FnMut(Step, &Board)) {
        let mut falling = self.components();
        loop {
            falling.retain(|c| self.can_move_down(c));
            if falling.is_empty() {
                return;
            }
            // Two falling components never touch vertically (they started
            // apart and move in step), so moving them one by one is the same
            // as moving them at once.
            let mut moved = [0u16; ROWS];
            for component in &mut falling {
                for ((row, moved), &bits) in
                    self.rows.iter_mut().zip(&mut moved).zip(component.iter())
                {
                    *moved |= bits;
                    *row &= !bits;
                }
                component.copy_within(1.., 0);
                component[ROWS - 1] = 0;
                for (row, &bits) in self.rows.iter_mut().zip(component.iter()) {
                    *row |= bits;
                }
            }
            observe(Step::Fell { moved }, self);
        }
    }

    fn can_move_down(&self, component: &Cells) -> bool {
        component[0] == 0
            && (1..ROWS).all(|r| component[r] & self.rows[r - 1] & !component[r - 1] == 0)
    }

    /// The 4-connected components of the blocks, each as a cell mask.
    pub fn components(&self) -> Vec<Cells> {
        let mut left = self.rows;
        let mut found = Vec::new();
        while let Some(start) = left.iter().position(|&r| r != 0) {
            let mut component = [0u16; ROWS];
            component[start] = left[start] & left[start].wrapping_neg();
            loop {
                let mut grown = component;
                for r in 0..ROWS {
                    let mut reach = component[r] | component[r] << 1 | component[r] >> 1;
                    if r > 0 {
                        reach |= component[r - 1];
                    }
                    if r + 1 < ROWS {
                        reach |= component[r + 1];
                    }
                    grown[r] = reach & left[r];
                }
                if grown == component {
                    break;
                }
                component = grown;
            }
            for r in 0..ROWS {
                left[r] &= !component[r];
            }
            found.push(component);
        }
        found
    }

    /// The well drawn top row first with `#` for blocks, `height` rows.
    pub fn picture(&self, height: usize) -> String {
        (0..height)
            .rev()
            .map(|r| {
                (0..WELL_WIDTH)
                    .map(|c| if self.is_filled(r, c) { '#' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }
}
