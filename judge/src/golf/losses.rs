//! Where a game's points went, for the strategy every strong golf player
//! follows: one column kept as a well for I pieces, rows cleared four at a
//! time. Every row a smaller clear takes pays 1 to 2.33 points instead of
//! the 3.75 of a four-line clear; this sorts those clears by the piece that
//! made them, so that a strategy's author sees which habit costs what.

use super::judge::{judge_output, Golf, Turn};
use super::rules::{shape, Board, Landing, Mode, FULL, ROWS};
use tetris_core::rules::Watcher;

/// A stack this many rows high (or higher) is in an I drought's reach: a
/// burn there is a rescue, not a habit.
pub const HIGH_STACK: usize = 14;

/// Smaller clears (1, 2 or 3 rows) counted by size.
pub type BySize = [u64; 3];

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    pub points: u64,
    pub rows_cleared: u64,
    pub four_line_clears: u64,
    /// By an I dropped upright into the well, which found fewer than four
    /// rows ready.
    pub short_i: BySize,
    /// By another piece with a block in the well column (a burn).
    pub burns: BySize,
    /// Burns made with the stack at `HIGH_STACK` rows or more.
    pub high_burns: u64,
    /// By a piece with no block in the well: the rows' well cells were
    /// filled earlier, by a burn or a short I.
    pub filled_well: BySize,
    /// Placements after which more cells off the well were covered and empty.
    pub holes_made: u64,
    pub resets: u64,
}

impl Losses {
    pub fn smaller_clears(&self) -> BySize {
        std::array::from_fn(|i| self.short_i[i] + self.burns[i] + self.filled_well[i])
    }

    /// What the smaller clears fell short of four-line clears of the same
    /// rows (15 points for 4 rows), in points.
    pub fn points_short(&self) -> f64 {
        self.smaller_clears()
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let rows = (i + 1) as f64;
                n as f64 * (rows * 3.75 - ((1u64 << (i + 1)) - 1) as f64)
            })
            .sum()
    }

    /// The share of cleared rows that went in four-line clears.
    pub fn tetris_rate(&self) -> f64 {
        if self.rows_cleared == 0 {
            return 0.0;
        }
        (4 * self.four_line_clears) as f64 / self.rows_cleared as f64
    }
}

/// Empty cells off the well with a block above them in their column.
fn holes(grid: &Board, well: usize) -> u32 {
    let off_well = FULL & !(1 << well);
    let mut covered = 0u16;
    let mut count = 0;
    for &row in &grid.rows {
        count += (covered & !row & off_well).count_ones();
        covered |= row;
    }
    count
}

/// Rows from the top of the stack to the floor.
fn stack_height(grid: &Board) -> usize {
    ROWS - grid.rows.iter().position(|&r| r != 0).unwrap_or(ROWS)
}

/// Sorts each turn's clears as it is played.
struct Sorter {
    well: usize,
    losses: Losses,
}

impl Watcher<Golf> for Sorter {
    fn step(&mut self, _piece: usize, turn: Turn, after: &Board) {
        let (well, losses) = (self.well, &mut self.losses);
        let Landing::Landed { lines, .. } = turn.landing else {
            return;
        };
        if holes(after, well) > holes(&turn.before, well) {
            losses.holes_made += 1;
        }
        let lines = lines as usize;
        if lines == 0 || lines >= 4 {
            return;
        }
        let rows = shape(turn.piece, turn.rotation);
        let in_well = rows.iter().any(|&r| (r << turn.x) >> well & 1 == 1);
        let upright_i = turn.piece.letter() == 'I' && rows.len() == 4;
        let kind = if upright_i && turn.x == well {
            &mut losses.short_i
        } else if in_well {
            if stack_height(&turn.before) >= HIGH_STACK {
                losses.high_burns += 1;
            }
            &mut losses.burns
        } else {
            &mut losses.filled_well
        };
        kind[lines - 1] += 1;
    }
}

/// Replays a game by the rules as written, with column `well` (0..=9) as
/// the well, and sorts its clears; an invalid output is rejected with the
/// reason every golf command gives.
pub fn losses(input: &[u8], output: &[u8], well: usize) -> Result<Losses, String> {
    let mut sorter = Sorter {
        well,
        losses: Losses::default(),
    };
    let score = judge_output(input, output, Mode::Rules, &mut sorter).accepted()?;
    let mut losses = sorter.losses;
    losses.points = score.points;
    losses.four_line_clears = score.clears[3];
    losses.rows_cleared = (0..4).map(|i| (i as u64 + 1) * score.clears[i]).sum();
    losses.resets = score.resets;
    Ok(losses)
}

fn sizes(counts: &BySize) -> String {
    format!(
        "{} (1/2/3 rows: {}/{}/{})",
        counts.iter().sum::<u64>(),
        counts[0],
        counts[1],
        counts[2]
    )
}

/// The report `judge golf losses` prints.
pub fn report(losses: &Losses, well: usize) -> Vec<String> {
    vec![
        format!(
            "game score {}; rows cleared {}, {} of them in {} four-line clears (tetris rate {:.3})",
            losses.points,
            losses.rows_cleared,
            4 * losses.four_line_clears,
            losses.four_line_clears,
            losses.tetris_rate()
        ),
        format!(
            "smaller clears {}: {:.0} points short of four-line clears of the same rows",
            sizes(&losses.smaller_clears()),
            losses.points_short()
        ),
        format!(
            "  by an upright I in the well (column {well}) with fewer than four rows ready: {}",
            sizes(&losses.short_i)
        ),
        format!(
            "  by another piece with a block in the well (burns): {}; {} with the stack at {} rows or more",
            sizes(&losses.burns),
            losses.high_burns,
            HIGH_STACK
        ),
        format!(
            "  by a piece off the well, on rows whose well cell was already filled: {}",
            sizes(&losses.filled_well)
        ),
        format!("placements that made a hole off the well: {}", losses.holes_made),
        format!("resets {}", losses.resets),
    ]
}
