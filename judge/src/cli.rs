//! Command-line plumbing shared by the binaries: a small argument parser and
//! the exit-code convention of the `judge` tool.

use std::fmt;
use std::str::FromStr;

/// Exit codes of `judge` subcommands (contest-system front ends use their
/// system's codes instead).
pub mod exit {
    /// The work was done (a game was judged, whatever its score).
    pub const OK: i32 = 0;
    /// The judge could not do its work: a bad test file, an I/O error, a
    /// submission that does not compile.
    pub const FAILURE: i32 = 1;
    /// The command line is wrong.
    pub const USAGE: i32 = 2;
}

#[derive(Debug)]
pub struct UsageError(pub String);

/// Why a subcommand stopped: the user's command line, or the judge itself.
#[derive(Debug)]
pub enum Failure {
    Usage(UsageError),
    Judge(String),
}

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Failure {
        Failure::Usage(e)
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Positional arguments plus `--name value`, `--name=value` and switches.
#[derive(Debug, Default)]
pub struct Args {
    pub positional: Vec<String>,
    options: Vec<(String, Option<String>)>,
}

impl Args {
    /// `valued` names the options that take a value; `switches` those that
    /// do not. Anything else starting with `--` is an error.
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        valued: &[&str],
        switches: &[&str],
    ) -> Result<Args, UsageError> {
        let mut parsed = Args::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            if arg == "--" {
                parsed.positional.extend(args.by_ref());
                break;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
                _ => (arg.clone(), None),
            };
            let known = valued.contains(&name.as_str()) || switches.contains(&name.as_str());
            if !known && (!arg.starts_with("--") || arg.len() == 2) {
                parsed.positional.push(arg);
                continue;
            }
            if valued.contains(&name.as_str()) {
                let value = match inline {
                    Some(v) => v,
                    None => args
                        .next()
                        .ok_or_else(|| UsageError(format!("{name} needs a value")))?,
                };
                parsed.options.push((name, Some(value)));
            } else if switches.contains(&name.as_str()) && inline.is_none() {
                parsed.options.push((name, None));
            } else {
                return Err(UsageError(format!("unknown option {arg}")));
            }
        }
        Ok(parsed)
    }

    pub fn switch(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    /// The last value given for the option.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    pub fn parsed_or<T: FromStr>(&self, name: &str, default: T) -> Result<T, UsageError> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| UsageError(format!("{name}: '{v}' is not a valid value"))),
        }
    }

    /// Exactly `min..=max` positional arguments.
    pub fn expect_positional(&self, min: usize, max: usize, usage: &str) -> Result<(), UsageError> {
        let n = self.positional.len();
        if n < min || n > max {
            return Err(UsageError(format!("usage: {usage}")));
        }
        Ok(())
    }
}

/// Whether standard error is a terminal, so progress lines are wanted.
pub fn stderr_is_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal()
}

/// A one-line counter on a terminal; silent otherwise.
pub struct Progress {
    active: bool,
}

impl Progress {
    pub fn new() -> Progress {
        Progress {
            active: stderr_is_terminal(),
        }
    }

    pub fn show(&self, line: &str) {
        if self.active {
            eprint!("\r\x1b[2K{line}");
        }
    }

    pub fn done(&self) {
        if self.active {
            eprint!("\r\x1b[2K");
        }
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

/// Writes text to stdout. A closed pipe (`judge ... | head`) ends the
/// process quietly, as it does C tools, instead of panicking.
pub fn say_text(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("judge failure: cannot write to stdout: {e}");
        std::process::exit(exit::FAILURE);
    }
}

/// `println!` for the judge's reports: see `say_text`.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say_text(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Prepares a binary's process: an internal error, should there be one,
/// prints one line rather than a backtrace and exits with 101, which no
/// contest system mistakes for a verdict. (SIGPIPE stays ignored: the judge
/// writes to programs that may exit without reading.)
pub fn init_process() {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("judge failure: internal error (a bug in the judge): {info}");
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, UsageError> {
        Args::parse(
            args.iter().map(|s| s.to_string()),
            &["--delay"],
            &["--quiet"],
        )
    }

    #[test]
    fn options_values_and_positionals() {
        let a = parse(&["in", "--delay", "5", "out", "--quiet", "--delay=7"]).unwrap();
        assert_eq!(a.positional, ["in", "out"]);
        assert_eq!(a.value("--delay"), Some("7"));
        assert!(a.switch("--quiet"));
        assert_eq!(a.parsed_or("--delay", 0u64).unwrap(), 7);
    }

    #[test]
    fn unknown_options_and_missing_values_are_usage_errors() {
        assert!(parse(&["--nope"]).is_err());
        assert!(parse(&["--delay"]).is_err());
        assert!(parse(&["--quiet=1"]).is_err());
        assert!(parse(&["--delay", "x"])
            .unwrap()
            .parsed_or("--delay", 0u64)
            .is_err());
    }
}
