//! Problem A2 "Tetris" (statement: `docs/problems/olympiad-a2.md`): the
//! rules, the file formats, the scoring core, test generation, a reference
//! player; the `judge` subcommands and the contest-system front ends of the
//! problem live in `commands/` and `frontends/`.

pub mod baseline;
pub mod board;
pub mod commands;
pub mod frontends;
pub mod game;
pub mod gen;
pub mod io;
pub mod judging;
pub mod painted;
pub mod pieces;
pub mod recorder;
pub mod standalone;

pub use board::{Board, Step};
pub use game::{play, play_from, points, End, Move, Outcome, ToppingPiece, Unwatched, Watcher};
pub use pieces::{Piece, WELL_HEIGHT, WELL_WIDTH};
