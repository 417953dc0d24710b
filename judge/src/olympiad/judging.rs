//! The scoring core shared by `judge check` and every contest-system front
//! end: a test input and a contestant's output in, a verdict out, with the
//! judge's own failures kept apart from the contestant's mistakes.

use std::fmt;
use std::io::Read;
use std::path::Path;

use super::board::{Board, Step};
use super::game::{play, End, Outcome, ToppingPiece, Watcher};
use super::io::{parse_input, OutputProblem, OutputReader};
use super::pieces::Piece;

/// A failure of the judge or the jury's files: never the contestant's fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeFailure(pub String);

impl fmt::Display for JudgeFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub outcome: Outcome,
    /// A token after the last move of a complete game: ignored, like the
    /// official visualizer does, but worth a note.
    pub trailing: Option<(String, u64)>,
    /// The well when the game ended (after the last placed piece, or as the
    /// topping piece left it).
    pub final_board: Board,
}

impl Judgement {
    pub fn points(&self) -> u32 {
        self.outcome.points()
    }

    /// One line for people and contest-system logs.
    pub fn summary(&self) -> String {
        let mut line = self.outcome.summary();
        if let Some((token, offset)) = &self.trailing {
            line += &format!(
                " (output after the last move ignored, from '{token}' at byte {offset})",
                token = token,
                offset = offset
            );
        }
        line
    }
}

/// Reads and checks a test input: its bytes (as fed to a program) and its
/// pieces. Every command and front end reads tests here, strictly: a test
/// that is not UTF-8 text in the statement's format is the jury's mistake.
pub fn read_test(path: &Path) -> Result<(Vec<u8>, Vec<Piece>), JudgeFailure> {
    let bytes = std::fs::read(path).map_err(|e| {
        JudgeFailure(format!(
            "cannot read the test input {}: {e}",
            path.display(),
            e = e
        ))
    })?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        JudgeFailure(format!(
            "test input {}: not text (invalid UTF-8 at byte {})",
            path.display(),
            e.valid_up_to()
        ))
    })?;
    let pieces = parse_input(text)
        .map_err(|e| JudgeFailure(format!("test input {}: {e}", path.display(), e = e)))?;
    Ok((bytes, pieces))
}

/// Judges a contestant's output against a test input read from `input_path`.
pub fn judge_files(
    input_path: &Path,
    output: impl Read,
    topping: ToppingPiece,
) -> Result<Judgement, JudgeFailure> {
    let pieces = read_test(input_path)?.1;
    let mut reader = OutputReader::new(output);
    let mut last = LastBoard::default();
    let outcome = play(&pieces, &mut reader, topping, &mut last);
    if let End::BadOutput {
        problem: OutputProblem::Unreadable(why),
        ..
    } = &outcome.end
    {
        return Err(JudgeFailure(format!(
            "cannot read the contestant's output: {why}",
            why = why
        )));
    }
    let trailing = match outcome.end {
        End::AllPlaced => reader.trailing(),
        _ => None,
    };
    Ok(Judgement {
        outcome,
        trailing,
        final_board: last.0,
    })
}

#[derive(Default)]
struct LastBoard(Board);

impl Watcher for LastBoard {
    fn step(&mut self, _piece: usize, _step: Step, board: &Board) {
        self.0 = *board;
    }
}
