//! The one verdict vocabulary of the workspace, for every problem, command,
//! front end and package: what a contestant's work earned on one test. A
//! failure of the judge or of the jury's files is never a verdict: it is a
//! `JudgeFailure`, and contest systems hear of it through their own
//! "judge error" channel.

use std::fmt;

/// A contestant's result on one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<T> {
    /// The output was judged, and earned `T` (an olympiad game, a golf
    /// score, a printed picture). For the olympiad every output is a game
    /// worth some points: a bad token only ends it.
    Accepted(T),
    /// The output breaks the rules (golf, printer): worth nothing; the
    /// message says where.
    Rejected(String),
    /// The program crashed or broke a limit: its output is not judged.
    Failed(RunFailure),
}

impl<T> Verdict<T> {
    /// What was earned, or why nothing was (the rejection or the run's
    /// failure) in one line.
    pub fn accepted(self) -> Result<T, String> {
        match self {
            Verdict::Accepted(earned) => Ok(earned),
            Verdict::Rejected(why) => Err(why),
            Verdict::Failed(failure) => Err(failure.to_string()),
        }
    }

    /// Judges further what was accepted.
    pub fn and_then<U>(self, judge: impl FnOnce(T) -> Verdict<U>) -> Verdict<U> {
        match self {
            Verdict::Accepted(earned) => judge(earned),
            Verdict::Rejected(why) => Verdict::Rejected(why),
            Verdict::Failed(failure) => Verdict::Failed(failure),
        }
    }
}

/// Why a program's run gave no output to judge, as contest systems say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunFailure {
    TimeLimit,
    CpuTimeLimit,
    MemoryLimit,
    ProcessLimit,
    OutputLimit,
    /// A non-zero exit code or a signal, as "exit code 3" or "signal 11".
    RuntimeError(String),
}

impl fmt::Display for RunFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunFailure::TimeLimit => f.write_str("time limit exceeded"),
            RunFailure::CpuTimeLimit => f.write_str("CPU time limit exceeded"),
            RunFailure::MemoryLimit => f.write_str("memory limit exceeded"),
            RunFailure::ProcessLimit => f.write_str("process limit exceeded"),
            RunFailure::OutputLimit => f.write_str("output limit exceeded"),
            RunFailure::RuntimeError(how) => write!(f, "runtime error ({})", how),
        }
    }
}

/// A failure of the judge or the jury's files: never the contestant's fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeFailure(pub String);

impl fmt::Display for JudgeFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_failures_read_as_contest_systems_say_them() {
        assert_eq!(RunFailure::TimeLimit.to_string(), "time limit exceeded");
        assert_eq!(
            RunFailure::RuntimeError("exit code 3".into()).to_string(),
            "runtime error (exit code 3)"
        );
    }
}
