//! `judge`: finds the subcommand named by the first words and runs it.

use std::ffi::OsString;

use judge::cli::{finish, Failure, UsageError};

fn main() {
    judge::cli::init_process();
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let word = |i: usize| args.get(i).and_then(|w| w.to_str()).unwrap_or("");
    let result = match word(0) {
        "help" | "--help" | "-h" => Err(Failure::Help(judge::help())),
        "" => Err(Failure::Usage(UsageError(judge::help()))),
        first => {
            let one = first.to_string();
            let two = format!("{first} {}", word(1));
            match judge::commands().find(|c| c.spec.command == two || c.spec.command == one) {
                Some(command) => {
                    let taken = command.spec.command.split(' ').count();
                    let rest = args.into_iter().skip(taken);
                    command.spec.parse(rest).and_then(command.run)
                }
                None => {
                    let group: Vec<String> = judge::commands()
                        .filter(|c| c.spec.command.starts_with(&format!("{first} ")))
                        .map(|c| format!("usage: {}", c.spec.usage()))
                        .collect();
                    Err(Failure::Usage(UsageError(match group.is_empty() {
                        true => format!("unknown command '{first}'; run 'judge help'"),
                        false => group.join("\n"),
                    })))
                }
            }
        }
    };
    finish(result)
}
