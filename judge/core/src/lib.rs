//! The core of problem A2 "Tetris" that contest systems compile: the seven
//! tetrominoes (shared by every problem of the workspace), the well and its
//! cascades, the game, the file formats, the scoring core and the
//! contest-system front ends. `judge package` pastes these files, as they
//! are, into one std-only source per checker, so this crate uses std only
//! and Rust 1.56 (its `rust-version`), and knows nothing of the rest of the
//! judge.

pub mod board;
pub mod format;
pub mod frontends;
pub mod judge;
pub mod rules;
pub mod tetromino;
pub mod verdict;

pub use board::{Board, Step, WELL_HEIGHT, WELL_WIDTH};
pub use rules::{
    play, play_from, points, End, Game, Move, Outcome, ToppingPiece, Unwatched, Watcher,
};
pub use tetromino::Piece;
