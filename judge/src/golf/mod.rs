//! The code-golf variant "Tetris strategy" (statement: `docs/problems/golf.md`):
//! ordinary gravity, 3 hidden rows, the grid cleared when a piece has no
//! room, 2^n - 1 points, one byte in and one byte out per piece.

pub mod audit;
pub mod commands;
pub mod format;
pub mod gen;
pub mod judge;
pub mod losses;
pub mod replay;
pub mod rules;
