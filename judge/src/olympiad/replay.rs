//! An olympiad game replayed for people: the well painted with the kind of
//! piece each block came from (what `judge show` and the page draw), and a
//! `Watcher` that turns each step of the rules into the replay page's events.

use super::board::{Board, Step, ROWS};
use super::judge::{judge_output, JudgeFailure, Judgement};
use super::rules::{points, Move, Outcome, ToppingPiece, Watcher};
use super::{Piece, WELL_HEIGHT, WELL_WIDTH};
use crate::viewer::{keyframe, Event, PieceRecord, Replay, RuleSet, KEYFRAME_EVERY};

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

/// Records a game as it is played.
#[derive(Default)]
pub struct Recorder {
    pub pieces: Vec<PieceRecord>,
    /// Painted wells before pieces 0, KEYFRAME_EVERY, 2 KEYFRAME_EVERY, ...
    pub keyframes: Vec<String>,
    painted: PaintedBoard,
    previous: Board,
}

impl Watcher for Recorder {
    fn piece_started(&mut self, _number: usize, kind: Piece, mv: Move) {
        if self.pieces.len() % KEYFRAME_EVERY == 0 {
            self.keyframes.push(keyframe(&self.painted.cells));
        }
        self.pieces.push(PieceRecord {
            kind: kind.number(),
            rotation: mv.rotation,
            column: mv.column,
            events: Vec::new(),
        });
    }

    fn step(&mut self, _number: usize, step: Step, board: &Board) {
        let record = self.pieces.last_mut().expect("a step belongs to a piece");
        let event = match step {
            Step::Dropped { .. } => {
                let mut cells = Vec::new();
                for r in 0..ROWS {
                    let new = board.rows()[r] & !self.previous.rows()[r];
                    cells.extend(
                        (0..WELL_WIDTH)
                            .filter(|c| new >> c & 1 == 1)
                            .map(|c| r * WELL_WIDTH + c),
                    );
                }
                Event::Appear(cells)
            }
            Step::RowsDeleted { rows } => Event::Vanish(u64::from(rows)),
            Step::Fell { moved } => Event::Fall(
                moved
                    .iter()
                    .enumerate()
                    .filter(|(_, &mask)| mask != 0)
                    .map(|(r, &mask)| (r, u32::from(mask)))
                    .collect(),
            ),
        };
        record.events.push(event);
        self.painted
            .follow(Piece::ALL[record.kind as usize - 1], step, board);
        self.previous = *board;
    }
}

/// For each of points 1..=10, the fewest placed pieces that earn it (so the
/// page shows points as the judge counts them, without the formula).
fn point_thresholds(pieces: usize) -> Vec<usize> {
    (1..=10)
        .filter_map(|p| (0..=pieces).find(|&x| points(x, pieces) >= p))
        .collect()
}

impl Recorder {
    /// The recorded game with the judge's verdict.
    pub fn into_replay(self, title: &str, pieces: &[Piece], outcome: &Outcome) -> Replay {
        Replay {
            title: title.to_string(),
            rules: RuleSet::Olympiad,
            width: WELL_WIDTH,
            height: WELL_HEIGHT,
            rows: ROWS,
            pieces: outcome.pieces,
            placed: outcome.placed,
            points: u64::from(outcome.points()),
            points_label: "of 10",
            placed_label: "placed",
            end: outcome.end.to_string(),
            kinds: pieces
                .iter()
                .map(|p| char::from(b'0' + p.number()))
                .collect(),
            shapes: Piece::ALL.iter().map(|p| p.shape(0).picture()).collect(),
            point_thresholds: point_thresholds(outcome.pieces),
            scores: Vec::new(),
            keyframes: self.keyframes,
            moves: self.pieces,
            stderr: String::new(),
        }
    }
}

/// Judges the output (through the scoring core) and returns the replay
/// page with the judgement.
pub fn replay_page(
    title: &str,
    pieces: &[Piece],
    output: &[u8],
) -> Result<(String, Judgement), JudgeFailure> {
    let mut recorder = Recorder::default();
    let judged = judge_output(pieces, output, ToppingPiece::NotCounted, &mut recorder)?
        .accepted()
        .map_err(JudgeFailure)?;
    let page = recorder.into_replay(title, pieces, &judged.outcome).page();
    Ok((page, judged))
}
