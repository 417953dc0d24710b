//! The golf variant's answer format: one byte per piece, rotation in the
//! high nibble and column in the low one; what makes a byte invalid.

use std::fmt;

use super::rules::{width, GolfPiece, WIDTH};

/// A byte of the output that is not a valid move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Length {
        input: usize,
        output: usize,
    },
    Invalid {
        offset: usize,
        byte: u8,
        piece: char,
        reason: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Length { input, output } => write!(
                f,
                "the output has {output} bytes but the input has {input}: one answer byte per piece is required{}",
                if output < input { format!(" (the first missing answer is at byte offset {output})") } else { format!(" (the first extra byte is at byte offset {input})") }
            ),
            MoveError::Invalid { offset, byte, piece, reason } => {
                write!(f, "byte offset {offset}: answer 0x{byte:02x} for piece {piece}: {reason}")
            }
        }
    }
}

/// Checks a move byte for a piece byte.
pub fn decode_move(
    offset: usize,
    input: u8,
    answer: u8,
) -> Result<(GolfPiece, usize, usize), MoveError> {
    let piece = GolfPiece::from_byte(input);
    let (rotation, x) = (usize::from(answer >> 4), usize::from(answer & 15));
    let invalid = |reason: String| MoveError::Invalid {
        offset,
        byte: answer,
        piece: piece.letter(),
        reason,
    };
    if rotation > 3 {
        return Err(invalid(format!("rotation {rotation} is not 0..3")));
    }
    let w = width(piece, rotation);
    if x > WIDTH - w {
        return Err(invalid(format!(
            "column {x} with width {w} does not fit (at most {})",
            WIDTH - w
        )));
    }
    Ok((piece, rotation, x))
}
