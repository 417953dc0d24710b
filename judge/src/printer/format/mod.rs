//! The printer's formats: the drop list a solution writes (one `PIECE
//! ROTATION COLUMN` a line) here, pictures in `picture`.

pub mod picture;

use std::fmt;

use super::rules::{Drop, FIELD_WIDTH};
use crate::tetromino::Piece;

/// A defect of a drop list, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Reads "LETTER ROTATION COLUMN" lines; `#` starts a comment.
pub fn parse_drops(text: &str) -> Result<Vec<(usize, Drop)>, DropError> {
    let mut drops = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_number = i + 1;
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let err = |message: String| DropError {
            line: line_number,
            message,
        };
        let fields: Vec<&str> = content.split_whitespace().collect();
        let [letter, rotation, column] = fields[..] else {
            return Err(err(format!(
                "'{content}': expected a piece letter, a rotation and a column"
            )));
        };
        let piece = Piece::ALL
            .into_iter()
            .find(|p| p.letter().to_string() == letter)
            .ok_or_else(|| err(format!("'{letter}' is not a piece (I J L O S T Z)")))?;
        let rotation: usize = rotation
            .parse()
            .ok()
            .filter(|r| *r < 4)
            .ok_or_else(|| err(format!("rotation '{rotation}' is not 0..3")))?;
        let width = piece.shape(rotation).width;
        let column: usize = column
            .parse()
            .ok()
            .filter(|&c: &usize| c.checked_add(width).is_some_and(|end| end <= FIELD_WIDTH))
            .ok_or_else(|| {
                err(format!(
                    "column '{column}': a piece {width} wide fits in columns 0..={}",
                    FIELD_WIDTH - width
                ))
            })?;
        drops.push((
            line_number,
            Drop {
                piece,
                rotation,
                column,
            },
        ));
    }
    Ok(drops)
}
