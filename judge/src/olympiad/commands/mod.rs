//! The olympiad's subcommands of `judge`: each module declares its options
//! once (`SPEC`) and runs on parsed arguments; the rules, the judging and
//! the running of programs stay in the parent module.

pub mod attack;
pub mod baseline;
pub mod bench;
pub mod check;
pub mod gen;
pub mod grade;
pub mod html;
pub mod package;
pub mod show;
pub mod statement;
pub mod strength;
pub mod tune;

use crate::cli::Command;

pub const COMMANDS: &[Command] = &[
    check::COMMAND,
    gen::COMMAND,
    grade::COMMAND,
    show::COMMAND,
    html::COMMAND,
    bench::COMMAND,
    strength::COMMAND,
    attack::COMMAND,
    tune::COMMAND,
    baseline::COMMAND,
    package::COMMAND,
    statement::FIGURES,
];
