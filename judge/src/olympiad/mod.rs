//! Problem A2 "Tetris": rules, formats, games and test generation.

pub mod baseline;
pub mod board;
pub mod game;
pub mod gen;
pub mod io;
pub mod judging;
pub mod painted;
pub mod pieces;

pub use board::{Board, Step};
pub use game::{play, play_from, points, End, Move, Outcome, ToppingPiece, Unwatched, Watcher};
pub use pieces::{Piece, WELL_HEIGHT, WELL_WIDTH};
