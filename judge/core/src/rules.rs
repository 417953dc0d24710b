//! A whole game: pieces in order, the contestant's moves, the end of the game
//! and the points.

use std::fmt;

use crate::board::{Board, Step, WELL_WIDTH};
use crate::tetromino::{Piece, ROTATIONS};

/// A move as written by the contestant; checked against the rules by `play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub rotation: i64,
    pub column: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovePart {
    Rotation,
    Column,
}

impl fmt::Display for MovePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MovePart::Rotation => "rotation",
            MovePart::Column => "column",
        })
    }
}

/// What is wrong with the contestant's output where a move was expected.
/// Offsets are 0-based byte offsets into the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputProblem {
    Missing {
        field: MovePart,
        offset: u64,
    },
    NotInteger {
        field: MovePart,
        token: String,
        offset: u64,
    },
    OutOfRange {
        field: MovePart,
        token: String,
        offset: u64,
    },
    /// The output could not be read at all: the judge's fault, not the
    /// contestant's.
    Unreadable(String),
}

impl fmt::Display for OutputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputProblem::Missing { field, offset } => {
                write!(
                    f,
                    "the output ends (byte {offset}) where its {field} was expected",
                    offset = offset,
                    field = field
                )
            }
            OutputProblem::NotInteger {
                field,
                token,
                offset,
            } => {
                write!(
                    f,
                    "{field} token '{token}' at byte {offset} is not an integer",
                    field = field,
                    token = token,
                    offset = offset
                )
            }
            OutputProblem::OutOfRange {
                field,
                token,
                offset,
            } => {
                write!(
                    f,
                    "{field} token '{token}' at byte {offset} is out of range",
                    field = field,
                    token = token,
                    offset = offset
                )
            }
            OutputProblem::Unreadable(why) => {
                write!(f, "the output cannot be read: {why}", why = why)
            }
        }
    }
}

/// Where moves come from: a contestant's output, or a player's choices.
pub trait MoveSource {
    fn next_move(&mut self) -> Result<Move, OutputProblem>;
}

impl MoveSource for std::vec::IntoIter<Move> {
    fn next_move(&mut self) -> Result<Move, OutputProblem> {
        self.next().ok_or(OutputProblem::Missing {
            field: MovePart::Rotation,
            offset: 0,
        })
    }
}

/// Why a game ended. The numbers of pieces are 1-based, as people count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    AllPlaced,
    /// After the piece and everything it set off, a block stayed above row 20.
    ToppedOut {
        piece: usize,
    },
    /// The move is well-formed but breaks the rules.
    InvalidMove {
        piece: usize,
        mv: Move,
        reason: String,
    },
    /// The output ran out, or a token is not an integer.
    BadOutput {
        piece: usize,
        problem: OutputProblem,
    },
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::AllPlaced => write!(f, "all pieces placed"),
            End::ToppedOut { piece } => write!(
                f,
                "piece {piece}: a block is above the well after all deletions and falls",
                piece = piece
            ),
            End::InvalidMove { piece, mv, reason } => write!(
                f,
                "piece {piece}: rotation {}, column {}: {reason}",
                mv.rotation,
                mv.column,
                piece = piece,
                reason = reason
            ),
            End::BadOutput { piece, problem } => write!(
                f,
                "piece {piece}: {problem}",
                piece = piece,
                problem = problem
            ),
        }
    }
}

/// How to count the piece that tops out (see the spec's open points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToppingPiece {
    /// The project's reading of the 2012 statement: it is not placed.
    NotCounted,
    /// The author's 2018 browser game: it is counted.
    Counted,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub pieces: usize,
    pub placed: usize,
    pub end: End,
    /// The highest stack seen after a piece settled (rows, up to 20).
    pub max_height: usize,
}

impl Outcome {
    pub fn points(&self) -> u32 {
        points(self.placed, self.pieces)
    }

    /// "placed X of N pieces, P points; why the game ended".
    pub fn summary(&self) -> String {
        let points = self.points();
        format!(
            "placed {} of {} pieces, {} point{}; {}",
            self.placed,
            self.pieces,
            points,
            if points == 1 { "" } else { "s" },
            self.end
        )
    }
}

/// round(placed * 10 / pieces), halves rounded up, in exact integer
/// arithmetic: floor((20 placed + pieces) / (2 pieces)).
pub fn points(placed: usize, pieces: usize) -> u32 {
    if pieces == 0 {
        return 0;
    }
    ((20 * placed as u64 + pieces as u64) / (2 * pieces as u64)) as u32
}

/// The rotation's shape if the move is legal.
pub fn check_move(piece: Piece, mv: Move) -> Result<(usize, usize), String> {
    if !(0..ROTATIONS as i64).contains(&mv.rotation) {
        return Err("rotation must be 0, 1, 2 or 3".into());
    }
    let rotation = mv.rotation as usize;
    let width = piece.shape(rotation).width;
    if mv.column < 0 {
        return Err("column must not be negative".into());
    }
    if mv.column > (WELL_WIDTH - width) as i64 {
        return Err(format!(
            "width {width} does not fit in the well",
            width = width
        ));
    }
    Ok((rotation, mv.column as usize))
}

/// What the rules of a problem show the watchers of its games: its pieces,
/// moves, steps and boards, as the tuple of those four types. Every
/// problem of the workspace (problem A2 here, the golf variant and the
/// printer in the judge) names its own, so that one `Watcher` trait
/// watches the games of all three.
pub trait Game {
    type Piece;
    type Move;
    type Step;
    type Board;
}

impl<P, M, S, B> Game for (P, M, S, B) {
    type Piece = P;
    type Move = M;
    type Step = S;
    type Board = B;
}

/// Problem A2's game: a piece's move, then the steps of its cascade.
pub type Olympiad = (Piece, Move, Step, Board);

/// Something that watches a game (problem A2's unless told): each piece
/// (numbered from 1) with its move, then each step and the board after it.
/// The replays, the pages, `judge show` and the reports are watchers.
pub trait Watcher<G: Game = Olympiad> {
    fn piece_started(&mut self, _piece: usize, _kind: G::Piece, _mv: G::Move) {}
    fn step(&mut self, _piece: usize, _step: G::Step, _board: &G::Board) {}
}

/// Watches nothing; the replay compiles to the bare rules.
pub struct Unwatched;
impl<G: Game> Watcher<G> for Unwatched {}

/// A watcher that may be absent (a replay recorded only when asked for).
impl<G: Game, W: Watcher<G>> Watcher<G> for Option<W> {
    fn piece_started(&mut self, piece: usize, kind: G::Piece, mv: G::Move) {
        if let Some(watcher) = self {
            watcher.piece_started(piece, kind, mv);
        }
    }

    fn step(&mut self, piece: usize, step: G::Step, board: &G::Board) {
        if let Some(watcher) = self {
            watcher.step(piece, step, board);
        }
    }
}

/// Replays a game from the first piece on an empty well.
pub fn play(
    pieces: &[Piece],
    moves: &mut impl MoveSource,
    topping: ToppingPiece,
    watcher: &mut impl Watcher,
) -> Outcome {
    play_from(Board::default(), pieces, moves, topping, watcher)
}

/// Replays a game that starts on a given well (for hand-made positions).
pub fn play_from(
    mut board: Board,
    pieces: &[Piece],
    moves: &mut impl MoveSource,
    topping: ToppingPiece,
    watcher: &mut impl Watcher,
) -> Outcome {
    let mut max_height = 0;
    let finish = |placed: usize, end: End, max_height: usize| Outcome {
        pieces: pieces.len(),
        placed,
        end,
        max_height,
    };
    for (i, &piece) in pieces.iter().enumerate() {
        let number = i + 1;
        let mv = match moves.next_move() {
            Ok(mv) => mv,
            Err(problem) => {
                return finish(
                    i,
                    End::BadOutput {
                        piece: number,
                        problem,
                    },
                    max_height,
                );
            }
        };
        let (rotation, column) = match check_move(piece, mv) {
            Ok(placement) => placement,
            Err(reason) => {
                let end = End::InvalidMove {
                    piece: number,
                    mv,
                    reason,
                };
                return finish(i, end, max_height);
            }
        };
        watcher.piece_started(number, piece, mv);
        let row = board.drop_shape(piece.shape(rotation), column);
        watcher.step(number, Step::Dropped { row }, &board);
        board.settle(&mut |step, b: &Board| watcher.step(number, step, b));
        if board.overflows() {
            let placed = match topping {
                ToppingPiece::NotCounted => i,
                ToppingPiece::Counted => i + 1,
            };
            return finish(placed, End::ToppedOut { piece: number }, max_height);
        }
        max_height = max_height.max(board.stack_height());
    }
    finish(pieces.len(), End::AllPlaced, max_height)
}
