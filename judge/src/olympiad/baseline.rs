//! A reference player for comparison: Pierre Dellacherie's one-piece greedy
//! evaluation (landing height -1, eroded piece cells +1, row transitions -1,
//! column transitions -1, holes -4, cumulative wells -1), playing under this
//! problem's rules (cascades included) through the judge's own board.

use super::board::{Board, Step};
use super::Move;
use super::{WELL_HEIGHT, WELL_WIDTH};
use tetris_core::tetromino::{Piece, ROTATIONS};

/// A move for every piece; after a top-out the rest are arbitrary legal moves.
pub fn choose_moves(pieces: &[Piece]) -> Vec<Move> {
    let mut board = Board::default();
    pieces
        .iter()
        .map(|&piece| {
            if board.overflows() {
                // The game is over; the judge reads no further.
                return Move {
                    rotation: 0,
                    column: 0,
                };
            }
            let (mv, next) = best_move(&board, piece);
            board = next;
            mv
        })
        .collect()
}

fn best_move(board: &Board, piece: Piece) -> (Move, Board) {
    let mut best: Option<(f64, Move, Board)> = None;
    for rotation in 0..ROTATIONS {
        let shape = piece.shape(rotation);
        for column in 0..=WELL_WIDTH - shape.width {
            let mut after = *board;
            let row = after.drop_shape(shape, column);
            let mut first_deletion = 0u32;
            after.settle(&mut |step, _: &Board| {
                if let Step::RowsDeleted { rows } = step {
                    if first_deletion == 0 {
                        first_deletion = rows;
                    }
                }
            });
            let score = if after.overflows() {
                f64::NEG_INFINITY
            } else {
                let piece_cells: u32 = (0..shape.height)
                    .filter(|i| first_deletion >> (row + i) & 1 == 1)
                    .map(|i| shape.rows[i].count_ones())
                    .sum();
                let eroded = f64::from(first_deletion.count_ones() * piece_cells);
                let landing = row as f64 + (shape.height as f64 - 1.0) / 2.0;
                -landing + eroded - f64::from(features(&after))
            };
            if best.as_ref().map_or(true, |(s, _, _)| score > *s) {
                let mv = Move {
                    rotation: rotation as i64,
                    column: column as i64,
                };
                best = Some((score, mv, after));
            }
        }
    }
    let (_, mv, after) = best.expect("every piece has a legal move");
    (mv, after)
}

/// Row transitions + column transitions + 4 holes + cumulative wells.
fn features(board: &Board) -> u32 {
    let rows = &board.rows()[..WELL_HEIGHT];
    let walls = 1 | 1 << (WELL_WIDTH + 1);
    let mut row_transitions = 0;
    let mut column_transitions = 0;
    let mut holes = 0;
    let mut covered = 0u16;
    for r in (0..WELL_HEIGHT).rev() {
        let line = u32::from(rows[r]) << 1 | walls;
        row_transitions += (line ^ (line >> 1)).count_ones() - 1;
        holes += (covered & !rows[r]).count_ones();
        covered |= rows[r];
        let below = if r == 0 { 0x3FF } else { rows[r - 1] };
        column_transitions += (rows[r] ^ below).count_ones();
    }
    let mut wells = 0;
    for c in 0..WELL_WIDTH {
        let mut depth = 0;
        for r in (0..WELL_HEIGHT).rev() {
            let filled = |col: isize| {
                col < 0 || col >= WELL_WIDTH as isize || board.is_filled(r, col as usize)
            };
            let c = c as isize;
            if !filled(c) && filled(c - 1) && filled(c + 1) {
                depth += 1;
                wells += depth;
            } else {
                depth = 0;
            }
        }
    }
    row_transitions + column_transitions + 4 * holes + wells
}
