//! Command-line plumbing shared by the binaries: each command's options are
//! declared once in a `Spec`, from which the parser, the usage line and
//! `judge help` all come; the exit-code table; typed verdicts.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use crate::process::Submission;

/// Exit codes of `judge` subcommands (contest-system front ends use their
/// system's codes instead).
pub mod exit {
    /// The work was done (a game was judged, whatever its score; `judge
    /// grade` of a submission that does not compile: Score = 0).
    pub const OK: i32 = 0;
    /// The judge could not do its work: a bad test file, an I/O error, a
    /// missing submission file, compiler or interpreter; for the tools that
    /// measure a program (strength, attack, tune, printer strength), a
    /// submission that does not compile.
    pub const FAILURE: i32 = 1;
    /// The command line is wrong.
    pub const USAGE: i32 = 2;
    /// The contestant's output was rejected (golf, printer): a verdict.
    pub const REJECTED: i32 = 3;
    /// An internal error of the judge (a panic), which no system mistakes
    /// for a verdict.
    pub const INTERNAL: i32 = 101;
}

/// The one verdict type (what a contestant's work earned), shared with the
/// front ends: failures of the judge itself are `Failure`s, never verdicts.
pub use tetris_core::verdict::{JudgeFailure, RunFailure, Verdict};

#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a subcommand stopped without doing its work.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong (exit 2).
    Usage(UsageError),
    /// The judge, the jury's files or the machine failed (exit 1).
    Judge(String),
    /// The submission cannot be run: its file or its compiler is missing,
    /// or (for a tool that measures it) it does not compile (exit 1).
    Submission(String),
    /// `--help` was asked for: the text goes to stdout, exit 0.
    Help(String),
}

impl Failure {
    pub fn judge(message: impl Into<String>) -> Failure {
        Failure::Judge(message.into())
    }

    /// An I/O error on a file, naming the file.
    pub fn io(path: &Path, error: impl fmt::Display) -> Failure {
        Failure::Judge(format!("{}: {error}", path.display()))
    }
}

impl From<JudgeFailure> for Failure {
    fn from(e: JudgeFailure) -> Failure {
        Failure::Judge(e.0)
    }
}

impl From<crate::process::SubmissionError> for Failure {
    fn from(e: crate::process::SubmissionError) -> Failure {
        use crate::process::SubmissionError as E;
        match e {
            E::Scratch(_) => Failure::Judge(e.to_string()),
            // A file of an unknown language is a command line to change.
            E::Language { .. } => Failure::Usage(UsageError(format!("judge: {e}"))),
            E::Unreadable { .. } | E::MissingTool { .. } | E::Compile { .. } => {
                Failure::Submission(e.to_string())
            }
        }
    }
}

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Failure {
        Failure::Usage(e)
    }
}

/// A whole file, or a failure that names it.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::io(path, e))
}

pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::io(path, e))
}

/// One option of a command: its name, the placeholder of its value (None
/// for a switch), one line of help, and whether the command needs it.
pub struct Opt {
    pub name: &'static str,
    pub value: Option<&'static str>,
    pub help: &'static str,
    pub required: bool,
}

/// Shorthand for option tables.
pub const fn opt(name: &'static str, value: &'static str, help: &'static str) -> Opt {
    Opt {
        name,
        value: Some(value),
        help,
        required: false,
    }
}

/// An option the command cannot do without (shown without brackets).
pub const fn required(name: &'static str, value: &'static str, help: &'static str) -> Opt {
    Opt {
        required: true,
        ..opt(name, value, help)
    }
}

pub const fn switch(name: &'static str, help: &'static str) -> Opt {
    Opt {
        name,
        value: None,
        help,
        required: false,
    }
}

/// The option of every command that runs a submission: a command line,
/// run by `/bin/sh -c`, instead of a source file.
pub const SUBMISSION_COMMAND: Opt = opt(
    "--cmd",
    "'COMMAND'",
    "run this command line with /bin/sh -c instead of a source file",
);

/// A submission from a source path or a command line, exactly one; Err
/// says what is wrong with the command line.
pub fn submission(source: Option<&Path>, cmd: Option<&str>) -> Result<Submission, String> {
    match (source, cmd) {
        (Some(path), None) => Ok(Submission::Source(path.to_path_buf())),
        (None, Some(cmd)) if cmd.trim().is_empty() => Err("--cmd is empty".into()),
        (None, Some(cmd)) => Ok(Submission::Shell(cmd.to_string())),
        (None, None) => {
            Err("give the program to run: a source file (e.g. my.cpp) or --cmd 'COMMAND'".into())
        }
        (Some(_), Some(_)) => Err("give a source file or --cmd 'COMMAND', not both".into()),
    }
}

/// A command: its words after `judge`, its positional arguments as shown in
/// the usage line, how many it takes, what it does, and its options.
pub struct Spec {
    pub command: &'static str,
    pub positional: &'static str,
    pub min_positional: usize,
    pub max_positional: usize,
    pub about: &'static str,
    pub options: &'static [Opt],
}

impl Spec {
    /// `judge COMMAND POSITIONAL [--option VALUE]...`, wrapped for a terminal.
    pub fn usage(&self) -> String {
        let mut words: Vec<String> = Vec::new();
        if !self.positional.is_empty() {
            words.push(self.positional.to_string());
        }
        for o in self.options {
            words.push(match (o.value, o.required) {
                (Some(v), true) => format!("{} {v}", o.name),
                (Some(v), false) => format!("[{} {v}]", o.name),
                (None, _) => format!("[{}]", o.name),
            });
        }
        let mut text = format!("judge {}", self.command);
        let mut line_length = text.len();
        for word in words {
            if line_length + word.len() + 1 > 78 {
                text.push_str("\n       ");
                line_length = 7;
            } else {
                text.push(' ');
                line_length += 1;
            }
            line_length += word.len();
            text.push_str(&word);
        }
        text
    }

    /// The usage line, what the command does and one line per option.
    pub fn help(&self) -> String {
        let mut text = format!("usage: {}\n\n{}\n", self.usage(), self.about);
        for o in self.options {
            let name = match o.value {
                Some(v) => format!("{} {v}", o.name),
                None => o.name.to_string(),
            };
            text.push_str(&format!("  {name:<24} {}\n", o.help));
        }
        text
    }

    fn option(&self, name: &str) -> Option<&Opt> {
        self.options.iter().find(|o| o.name == name)
    }

    /// Positional arguments, `--name value`, `--name=value` and switches.
    /// `--help` anywhere asks for the command's help.
    pub fn parse(&'static self, args: impl IntoIterator<Item = OsString>) -> Result<Args, Failure> {
        let mut parsed = Args {
            spec: self,
            positional: Vec::new(),
            options: Vec::new(),
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let Some(text) = arg.to_str() else {
                parsed.positional.push(arg);
                continue;
            };
            if text == "--" {
                parsed.positional.extend(args.by_ref());
                break;
            }
            if text == "--help" || text == "-h" {
                return Err(Failure::Help(self.help()));
            }
            let (name, inline) = match text.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(OsString::from(v))),
                _ => (text, None),
            };
            let Some(option) = self.option(name) else {
                if text.starts_with('-') && text.len() > 1 && text.parse::<f64>().is_err() {
                    return Err(self.usage_error(format!("unknown option {text}")).into());
                }
                parsed.positional.push(arg);
                continue;
            };
            let value = match (option.value, inline) {
                (None, None) => None,
                (None, Some(_)) => {
                    return Err(self.usage_error(format!("{name} takes no value")).into())
                }
                (Some(_), Some(v)) => Some(v),
                (Some(placeholder), None) => Some(args.next().ok_or_else(|| {
                    self.usage_error(format!("{name} needs a value ({placeholder})"))
                })?),
            };
            parsed.options.push((option.name, value));
        }
        let n = parsed.positional.len();
        let given = match n {
            0 => "none was given".to_string(),
            1 => "1 was given".to_string(),
            n => format!("{n} were given"),
        };
        if n < self.min_positional {
            let what = self.positional;
            return Err(self.usage_error(format!("{what} expected; {given}")).into());
        }
        if n > self.max_positional {
            let extra = parsed.positional[self.max_positional].to_string_lossy();
            let at_most = match self.max_positional {
                0 => "no arguments".to_string(),
                1 => "1 argument".to_string(),
                m => format!("at most {m} arguments"),
            };
            return Err(self
                .usage_error(format!("takes {at_most}; {given} (from '{extra}')"))
                .into());
        }
        Ok(parsed)
    }

    /// A usage error: the message, then the usage line.
    pub fn usage_error(&self, message: String) -> UsageError {
        let usage = format!("usage: {}", self.usage());
        if message.is_empty() {
            UsageError(usage)
        } else {
            UsageError(format!("judge {}: {message}\n{usage}", self.command))
        }
    }
}

/// A subcommand of `judge`: its spec and what runs it.
pub struct Command {
    pub spec: &'static Spec,
    pub run: fn(Args) -> Result<i32, Failure>,
}

/// A parsed command line.
pub struct Args {
    spec: &'static Spec,
    pub positional: Vec<OsString>,
    options: Vec<(&'static str, Option<OsString>)>,
}

/// Options are read through their declarations (`&Opt`), never by a
/// string, so a misspelt name does not compile; reading an option the
/// command does not declare is a bug, stopped at on first use (an internal
/// error, exit 101).
impl Args {
    fn declared(&self, option: &Opt) -> &'static str {
        assert!(
            self.spec.option(option.name).is_some(),
            "judge {} reads {}, which it does not declare",
            self.spec.command,
            option.name
        );
        option.name
    }

    pub fn switch(&self, option: &Opt) -> bool {
        let name = self.declared(option);
        self.options.iter().any(|(n, _)| *n == name)
    }

    fn raw(&self, option: &Opt) -> Option<&OsStr> {
        let name = self.declared(option);
        self.options
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// The last value given for the option, as a path (any bytes).
    pub fn path(&self, option: &Opt) -> Option<PathBuf> {
        self.raw(option).map(PathBuf::from)
    }

    /// An option the command cannot do without, as a path.
    pub fn required_path(&self, option: &Opt) -> Result<PathBuf, UsageError> {
        debug_assert!(option.required, "{} is declared optional", option.name);
        let placeholder = option.value.unwrap_or("VALUE");
        self.path(option)
            .ok_or_else(|| self.usage_error(format!("{} {placeholder} is needed", option.name)))
    }

    /// The last value given for the option, as text.
    pub fn value(&self, option: &Opt) -> Result<Option<&str>, UsageError> {
        let name = option.name;
        match self.raw(option) {
            None => Ok(None),
            Some(v) => v
                .to_str()
                .map(Some)
                .ok_or_else(|| self.bad(name, &v.to_string_lossy(), "is not UTF-8 text")),
        }
    }

    /// The program a command judges: a source file (the first positional
    /// argument) or `--cmd 'COMMAND'`, exactly one of them.
    pub fn submission(&self) -> Result<Submission, UsageError> {
        submission(self.positional_path(0), self.value(&SUBMISSION_COMMAND)?)
            .map_err(|why| self.usage_error(why))
    }

    /// The positional argument `i` as a path.
    pub fn positional_path(&self, i: usize) -> Option<&Path> {
        self.positional.get(i).map(Path::new)
    }

    pub fn parsed_or<T: FromStr>(&self, option: &Opt, default: T) -> Result<T, UsageError> {
        let name = option.name;
        match self.value(option)? {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| self.bad(name, v, "is not valid here")),
        }
    }

    /// A whole number within `range` (so nothing wraps or overflows later).
    pub fn number_in(
        &self,
        option: &Opt,
        default: u64,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, UsageError> {
        let name = option.name;
        let value = self.parsed_or(option, default)?;
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(self.bad(
                name,
                &value.to_string(),
                &format!("is out of range ({} to {})", range.start(), range.end()),
            ))
        }
    }

    /// A duration in seconds: a finite number above 0 and at most a day.
    pub fn seconds(&self, option: &Opt, default: f64) -> Result<Duration, UsageError> {
        let name = option.name;
        let text = self.value(option)?;
        let seconds = match text {
            None => default,
            Some(v) => v
                .trim()
                .parse::<f64>()
                .map_err(|_| self.bad(name, v, "is not a number of seconds"))?,
        };
        if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
            let shown = text.map_or_else(|| seconds.to_string(), str::to_string);
            return Err(self.bad(name, &shown, "must be above 0 and at most 86400 seconds"));
        }
        Ok(Duration::from_secs_f64(seconds))
    }

    fn bad(&self, name: &str, value: &str, why: &str) -> UsageError {
        self.spec.usage_error(format!("{name}: '{value}' {why}"))
    }

    /// A usage error for this command, with its usage line.
    pub fn usage_error(&self, message: impl Into<String>) -> UsageError {
        self.spec.usage_error(message.into())
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
            tell(&format!("\r\x1b[2K{line}"));
        }
    }

    pub fn done(&self) {
        if self.active {
            tell("\r\x1b[2K");
        }
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

/// Writes text to stdout: see `say_bytes`.
pub fn say_text(text: &str) {
    say_bytes(text.as_bytes())
}

/// Writes bytes to stdout, where every report of the judge goes. A closed
/// pipe (`judge ... | head`) ends the process quietly, as it does C tools,
/// instead of panicking.
pub fn say_bytes(bytes: &[u8]) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(bytes).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(exit::OK);
        }
        tell(&format!("judge failure: cannot write to stdout: {e}\n"));
        std::process::exit(exit::FAILURE);
    }
}

/// Writes to stderr (messages, progress). An error is dropped: there is
/// nowhere left to report it, and `eprint!` would panic on a closed pipe.
pub fn tell(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// `println!` for the judge's reports: see `say_text`.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say_text(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Prepares a binary's process: an internal error, should there be one,
/// prints one line rather than a backtrace and exits with 101. (SIGPIPE
/// stays ignored: the judge writes to programs that may exit without
/// reading.)
pub fn init_process() {
    std::panic::set_hook(Box::new(|info| {
        tell(&format!(
            "judge failure: internal error (a bug in the judge): {info}\n"
        ));
    }));
}

/// Ends the process the way the exit-code table says.
pub fn finish(result: Result<i32, Failure>) -> ! {
    let code = match result {
        Ok(status) => status,
        Err(Failure::Help(text)) => {
            say_text(&text);
            exit::OK
        }
        Err(Failure::Usage(e)) => {
            tell(&format!("{e}\n"));
            exit::USAGE
        }
        Err(Failure::Judge(message)) => {
            tell(&format!("judge failure: {message}\n"));
            exit::FAILURE
        }
        Err(Failure::Submission(message)) => {
            tell(&format!("judge: {message}\n"));
            exit::FAILURE
        }
    };
    std::process::exit(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DELAY: Opt = opt("--delay", "MS", "pause");
    const QUIET: Opt = switch("--quiet", "say less");
    const TIME: Opt = opt("--time", "SECONDS", "limit");

    static SPEC: Spec = Spec {
        command: "demo",
        positional: "IN OUT",
        min_positional: 0,
        max_positional: 2,
        about: "a demo",
        options: &[DELAY, QUIET, TIME],
    };

    fn parse(args: &[&str]) -> Result<Args, Failure> {
        SPEC.parse(args.iter().map(OsString::from))
    }

    #[test]
    fn options_values_and_positionals() {
        let a = parse(&["in", "--delay", "5", "out", "--quiet", "--delay=7"]).unwrap();
        assert_eq!(a.positional, ["in", "out"]);
        assert_eq!(a.value(&DELAY).unwrap(), Some("7"));
        assert!(a.switch(&QUIET));
        assert_eq!(a.parsed_or(&DELAY, 0u64).unwrap(), 7);
    }

    #[test]
    #[should_panic(expected = "reads --other, which it does not declare")]
    fn reading_an_undeclared_option_is_a_bug() {
        const OTHER: Opt = opt("--other", "X", "another command's option");
        let _ = parse(&[]).unwrap().value(&OTHER);
    }

    #[test]
    fn unknown_options_missing_values_and_extra_positionals_are_usage_errors() {
        for bad in [
            &["--nope"][..],
            &["--delay"],
            &["--quiet=1"],
            &["a", "b", "c"],
        ] {
            assert!(matches!(parse(bad), Err(Failure::Usage(_))), "{bad:?}");
        }
        let a = parse(&["--delay", "x"]).unwrap();
        assert!(a.parsed_or(&DELAY, 0u64).is_err());
    }

    #[test]
    fn bad_durations_and_out_of_range_numbers_are_refused() {
        for bad in ["-1", "nan", "inf", "1e30", "-0.5", "0", "x"] {
            let a = parse(&["--time", bad]).unwrap();
            let e = a.seconds(&TIME, 1.0).unwrap_err();
            assert!(e.0.contains("--time"), "{bad}: {e}");
        }
        let a = parse(&["--time", "2.5", "--delay", "17592186044416"]).unwrap();
        assert_eq!(a.seconds(&TIME, 1.0).unwrap(), Duration::from_millis(2500));
        assert!(a.number_in(&DELAY, 1, 1..=1 << 20).is_err());
    }

    #[test]
    fn help_and_usage_come_from_the_spec() {
        match parse(&["--help"]) {
            Err(Failure::Help(text)) => {
                for o in SPEC.options {
                    assert!(text.contains(o.name), "{text}");
                }
            }
            _ => panic!("--help is help"),
        }
        assert!(SPEC.usage().contains("[--delay MS] [--quiet]"));
    }

    #[cfg(unix)]
    #[test]
    fn paths_may_be_any_bytes() {
        use std::os::unix::ffi::OsStringExt;
        let odd = OsString::from_vec(b"out\xff.txt".to_vec());
        let a = SPEC.parse([odd.clone()]).unwrap();
        assert_eq!(a.positional_path(0), Some(Path::new(&odd)));
    }
}
