//! The judge of the Tetris workspace: rules, file formats, scoring,
//! generation and visualization, with thin command-line front ends on top.

pub mod bench;
pub mod cli;
pub mod frontends;
pub mod golf;
pub mod grade;
pub mod html;
pub mod olympiad;
pub mod printer;
pub mod process;
pub mod replay;
pub mod rng;
pub mod show;
pub mod strength;
pub mod tune;
