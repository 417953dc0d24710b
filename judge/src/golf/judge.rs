//! Judging a golf game: every answer byte replayed on the rules, every turn
//! shown to a watcher (the replay page, the loss report), and the score.
//! `judge_output` is the golf variant's one face, used by every command.

use super::format::{decode_move, MoveError};
use super::rules::{Board, GolfPiece, Landing, Mode};
use tetris_core::rules::{Unwatched, Watcher};
use tetris_core::verdict::Verdict;

/// The result of a whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub points: u64,
    /// Deletions of 1, 2, 3 and 4 rows (and more, in the Python mode never).
    pub clears: [u64; 5],
    pub resets: u64,
}

/// A move of the golf variant: the spec's rotation and the leftmost column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GolfMove {
    pub rotation: usize,
    pub x: usize,
}

/// One turn of a game, as a watcher's step sees it (with the grid after
/// the drop as the step's board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub piece: GolfPiece,
    pub rotation: usize,
    pub x: usize,
    pub landing: Landing,
    /// The grid before the drop.
    pub before: Board,
    /// The score after the drop.
    pub score: Score,
}

/// The golf variant's game, for watchers: one step (the turn) per piece.
pub type Golf = (GolfPiece, GolfMove, Turn, Board);

/// Judges an output on an input by the scorer `mode`, showing every turn
/// to `watcher`: the game's score, or why the output is rejected (the
/// first invalid byte, or the wrong length).
pub fn judge_output(
    input: &[u8],
    output: &[u8],
    mode: Mode,
    watcher: &mut impl Watcher<Golf>,
) -> Verdict<Score> {
    match play(input, output, mode, watcher) {
        Ok(score) => Verdict::Accepted(score),
        Err(e) => Verdict::Rejected(e.to_string()),
    }
}

/// Replays a whole game on the rules; any invalid byte stops it.
fn play(
    input: &[u8],
    output: &[u8],
    mode: Mode,
    watcher: &mut impl Watcher<Golf>,
) -> Result<Score, MoveError> {
    if input.len() != output.len() {
        return Err(MoveError::Length {
            input: input.len(),
            output: output.len(),
        });
    }
    let mut grid = Board::default();
    let mut score = Score::default();
    for (offset, (&byte, &answer)) in input.iter().zip(output).enumerate() {
        let (piece, rotation, x) = decode_move(offset, byte, answer)?;
        let number = offset + 1;
        watcher.piece_started(number, piece, GolfMove { rotation, x });
        let before = grid.clone();
        let landing = grid.drop_piece(piece, rotation, x, mode);
        match landing {
            Landing::Reset => score.resets += 1,
            Landing::Landed { lines, .. } => {
                if lines > 0 {
                    score.points += (1u64 << lines) - 1;
                    score.clears[(lines as usize - 1).min(4)] += 1;
                }
            }
        }
        let turn = Turn {
            piece,
            rotation,
            x,
            landing,
            before,
            score: score.clone(),
        };
        watcher.step(number, turn, &grid);
    }
    Ok(score)
}

/// The score of a whole game, or the first invalid byte (for the tests
/// that check where an output goes wrong).
pub fn score_game(input: &[u8], output: &[u8], mode: Mode) -> Result<Score, MoveError> {
    play(input, output, mode, &mut Unwatched)
}
