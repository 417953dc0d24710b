//! The Tetris printer (statement: `docs/problems/printer.md`): pieces chosen and
//! dropped so that the blocks left on a 21 x 42 field draw a picture, with
//! ordinary gravity (deleted rows shift everything above down). J, T and L
//! carry the picture's colours 1, 2 and 3; every other block must be gone.

pub mod commands;
pub mod format;
pub mod gen;
pub mod judge;
pub mod replay;
pub mod rules;
