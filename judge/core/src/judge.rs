//! The scoring core, the one judging path of the olympiad: `judge check`,
//! `judge grade`, the pages, the benchmarks and every contest-system front
//! end and package judge an output here, through `judge_output`. Tests are read and loaded here too; the
//! judge's own failures are kept apart from the contestant's mistakes.

use std::io::Read;
use std::path::Path;

use crate::board::{Board, Step};
use crate::format::{parse_input, OutputReader};
use crate::rules::{play, End, Move, Outcome, OutputProblem, ToppingPiece, Unwatched, Watcher};
use crate::tetromino::Piece;
pub use crate::verdict::JudgeFailure;
use crate::verdict::Verdict;

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

/// A test: its file name, its bytes (fed to a program) and its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    pub name: String,
    pub bytes: Vec<u8>,
    pub pieces: Vec<Piece>,
}

/// The tests of a folder: every `*.in`, in name order, read strictly.
pub fn load_tests(dir: &Path) -> Result<Vec<Test>, JudgeFailure> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| JudgeFailure(format!("{}: {}", dir.display(), e)))?;
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map_or(false, |x| x == "in"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(JudgeFailure(format!("no *.in tests in {}", dir.display())));
    }
    paths
        .iter()
        .map(|path| {
            let (bytes, pieces) = read_test(path)?;
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            Ok(Test {
                name,
                bytes,
                pieces,
            })
        })
        .collect()
}

/// Judges a contestant's output against a test input read from `input_path`.
pub fn judge_files(
    input_path: &Path,
    output: impl Read,
    topping: ToppingPiece,
) -> Result<Judgement, JudgeFailure> {
    let pieces = read_test(input_path)?.1;
    judge_output(&pieces, output, topping, &mut Unwatched)?
        .accepted()
        .map_err(JudgeFailure)
}

/// Judges a contestant's output on `pieces`, showing every step to
/// `watcher` (a replay recorder, or `Unwatched`): the olympiad's face, the
/// same as the golf variant's and the printer's. An olympiad output is
/// always accepted as a game worth its points (a bad token only ends it);
/// only an output that cannot be read at all is the judge's failure.
pub fn judge_output(
    pieces: &[Piece],
    output: impl Read,
    topping: ToppingPiece,
    watcher: &mut impl Watcher,
) -> Result<Verdict<Judgement>, JudgeFailure> {
    let mut reader = OutputReader::new(output);
    let mut last = LastBoard {
        board: Board::default(),
        inner: watcher,
    };
    let outcome = play(pieces, &mut reader, topping, &mut last);
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
    Ok(Verdict::Accepted(Judgement {
        outcome,
        trailing,
        final_board: last.board,
    }))
}

/// Keeps the last board for the judgement and passes every step on.
struct LastBoard<'a, W: Watcher> {
    board: Board,
    inner: &'a mut W,
}

impl<'a, W: Watcher> Watcher for LastBoard<'a, W> {
    fn piece_started(&mut self, number: usize, kind: Piece, mv: Move) {
        self.inner.piece_started(number, kind, mv);
    }

    fn step(&mut self, piece: usize, step: Step, board: &Board) {
        self.board = *board;
        self.inner.step(piece, step, board);
    }
}
