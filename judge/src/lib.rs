//! The judge of the Tetris workspace: rules, file formats, scoring,
//! generation and visualization, with thin command-line front ends on top.

pub mod cli;
pub mod frontends;
pub mod olympiad;
pub mod rng;
pub mod bench;
pub mod grade;
pub mod process;
pub mod show;
pub mod strength;
