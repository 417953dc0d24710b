//! Judging a golf game: every answer byte replayed on the rules, every turn
//! shown to an observer (the replay page, the loss report), and the score.

use super::format::{decode_move, MoveError};
use super::rules::{Board, GolfPiece, Landing, Mode};

/// The result of a whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub points: u64,
    /// Deletions of 1, 2, 3 and 4 rows (and more, in the Python mode never).
    pub clears: [u64; 5],
    pub resets: u64,
}

/// One turn of a game, as an observer of `play_game` sees it.
pub struct Turn<'a> {
    pub offset: usize,
    pub piece: GolfPiece,
    pub rotation: usize,
    pub x: usize,
    pub landing: Landing,
    /// The grid before the drop, and after it (deletions done).
    pub before: &'a Board,
    pub after: &'a Board,
    /// The score after the drop.
    pub score: &'a Score,
}

/// Replays a whole game, showing every turn to `observe`; any invalid byte
/// rejects the output.
pub fn play_game(
    input: &[u8],
    output: &[u8],
    mode: Mode,
    mut observe: impl FnMut(Turn),
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
        observe(Turn {
            offset,
            piece,
            rotation,
            x,
            landing,
            before: &before,
            after: &grid,
            score: &score,
        });
    }
    Ok(score)
}

/// The score of a whole game.
pub fn score_game(input: &[u8], output: &[u8], mode: Mode) -> Result<Score, MoveError> {
    play_game(input, output, mode, |_| {})
}
