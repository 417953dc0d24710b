//! The judge of the Tetris workspace. One folder per problem, side by side
//! and never importing each other, each with the same parts: `rules`,
//! `format`, `gen`, `judge`, `replay` and `commands/` (its `judge`
//! subcommands); each `judge` has one face, `judge_output`, and every game
//! is watched through the core's `Watcher`. Below them the shared
//! tetrominoes (from `tetris-core`, the olympiad's checker core), ordinary
//! gravity (golf and the printer), the replay viewer and the infrastructure
//! (command line, running programs, random numbers, LaTeX, pictures, PNG,
//! ZIP). The binaries only dispatch.

/// The seven tetrominoes, shared by the three problems.
pub use tetris_core::tetromino;

pub mod batch;
pub mod cli;
pub mod golf;
pub mod gravity;
pub mod latex;
pub mod olympiad;
pub mod picture;
pub mod png;
pub mod printer;
pub mod process;
pub mod rng;
pub mod viewer;
pub mod zip;

use cli::Command;

/// Every subcommand of `judge`, in the order `judge help` lists them.
pub fn commands() -> impl Iterator<Item = &'static Command> {
    olympiad::commands::COMMANDS
        .iter()
        .chain(golf::commands::COMMANDS)
        .chain(printer::commands::COMMANDS)
}

/// `judge help`: every command's usage and what it does, from the specs.
pub fn help() -> String {
    let mut text = String::from(
        "judge: referee, generator and tools for the Tetris problems\n\
         (olympiad A2, the code-golf variant, the printer)\n\n\
         usage: judge <command> [arguments]   (judge <command> --help for its options)\n\n",
    );
    for command in commands() {
        text.push_str(&format!(
            "  {}\n",
            command.spec.usage().replace('\n', "\n  ")
        ));
        for line in command.spec.about.lines() {
            text.push_str(&format!("        {line}\n"));
        }
    }
    text.push_str(
        "\nExit codes: 0 done (judge grade of a submission that does not compile: Score = 0),\n\
         1 judge failure (bad test file, I/O) or a submission that cannot run (missing\n\
         file, compiler or interpreter; a compile error in strength, attack, tune,\n\
         printer strength), 2 bad command line, 3 the contestant's output is rejected\n\
         (golf, printer; golf run: also a compile error), 101 internal error.\n\
         A contestant's mistakes are verdicts, not failures.\n\
         Contest-system front ends: judge-testlib, judge-cms, judge-kattis.\n",
    );
    text
}
