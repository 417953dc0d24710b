//! Problem A2 "Tetris" (statement: `docs/problems/olympiad-a2.md`). Its
//! rules, formats, scoring core and contest-system front ends are the
//! `tetris-core` crate (what contest systems compile), re-exported here
//! under the names every problem uses; beside them test generation, the
//! replay, a game played by a program (`play`), a reference player, the
//! one-file checker generator, the built-in tests (`tests_data`) and the
//! `judge` subcommands.

pub use tetris_core::{board, format, frontends, judge, rules};

pub mod baseline;
pub mod checker_source;
pub mod commands;
pub mod cpp_source;
pub mod gen;
pub mod play;
pub mod replay;
pub mod statement;
pub mod tests_data;

pub use tetris_core::board::{Board, Step, WELL_HEIGHT, WELL_WIDTH};
pub use tetris_core::rules::{
    play, play_from, points, End, Game, Move, Outcome, ToppingPiece, Unwatched, Watcher,
};
pub use tetris_core::tetromino::Piece;
