//! A submission as a contest system takes it: one source file compiled (or
//! interpreted) by the toolchain of its language, or a command line run by
//! `/bin/sh -c`; and the scratch folders the compiled programs live in.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use super::toolchain::{toolchain_of, toolchain_table, Problem};

/// The shell that runs `--cmd` command lines, as contestants' tools do.
pub const SHELL: &str = "/bin/sh";

/// Compiles a single-file submission as `judge grade` does (by its
/// extension; `.rs` with `rustc -O --edition 2021`). Returns the
/// executable's path, or why not.
pub fn compile_submission(source: &Path, work_dir: &Path) -> Result<PathBuf, String> {
    let command = prepare_source(source, work_dir).map_err(|e| e.to_string())?;
    Ok(PathBuf::from(&command[0]))
}

/// The command that runs `source`, compiled into `work_dir` if its
/// language is compiled.
fn prepare_source(source: &Path, work_dir: &Path) -> Result<Vec<String>, SubmissionError> {
    let metadata = std::fs::metadata(source).map_err(|e| SubmissionError::Unreadable {
        source: source.to_path_buf(),
        why: e.to_string(),
    })?;
    if metadata.is_dir() {
        return Err(SubmissionError::Unreadable {
            source: source.to_path_buf(),
            why: "a folder, not a source file".into(),
        });
    }
    let toolchain = toolchain_of(source).ok_or_else(|| SubmissionError::Language {
        source: source.to_path_buf(),
    })?;
    toolchain
        .prepare(source, work_dir)
        .map_err(|problem| match problem {
            Problem::MissingTool {
                tool,
                install,
                searched,
            } => SubmissionError::MissingTool {
                source: source.to_path_buf(),
                tool,
                install,
                searched,
            },
            Problem::Compile { command, messages } => SubmissionError::Compile {
                source: source.to_path_buf(),
                command,
                messages,
            },
            Problem::Machine(why) => SubmissionError::Scratch(why),
        })
}

/// A folder of the system's temporary folder, removed with everything in
/// it when dropped. Its name is new: a root grader's folders live in a
/// `/tmp` anyone may write, where a name made in advance (a symlink to
/// somewhere else) must not be taken for it.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// A new folder of the caller's umask.
    pub fn new(label: &str) -> Result<ScratchDir, SubmissionError> {
        Self::with_mode(label, 0o777)
    }

    /// A new folder its owner alone may enter (mode 0700).
    pub fn private(label: &str) -> Result<ScratchDir, SubmissionError> {
        Self::with_mode(label, 0o700)
    }

    fn with_mode(label: &str, mode: u32) -> Result<ScratchDir, SubmissionError> {
        use std::sync::atomic::AtomicUsize;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let parent = std::env::temp_dir();
        let names = (0..64).map(|_| {
            let n = NEXT.fetch_add(1, Ordering::SeqCst);
            let clock = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            format!("tetris-{label}-{}-{n}-{clock:08x}", std::process::id())
        });
        create_new_in(&parent, names, mode)
            .map(ScratchDir)
            .map_err(|e| SubmissionError::Scratch(format!("{}: {e}", parent.display())))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

/// The first of `names` in `parent` where a new folder could be made:
/// anything already there (a folder, a file, a symlink) is passed over,
/// never entered or followed.
fn create_new_in(
    parent: &Path,
    names: impl Iterator<Item = String>,
    mode: u32,
) -> std::io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    let mut last = std::io::Error::new(std::io::ErrorKind::AlreadyExists, "no free name");
    for name in names {
        let path = parent.join(name);
        match std::fs::DirBuilder::new().mode(mode).create(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A program to judge, as a contest system takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submission {
    /// A single source file, compiled or interpreted by its extension.
    Source(PathBuf),
    /// A command line, run by `/bin/sh -c` (pipelines, quotes, `cd DIR &&`).
    Shell(String),
}

/// Why a submission could not be made ready to run.
#[derive(Debug)]
pub enum SubmissionError {
    /// The judge's side: no scratch folder, a compiler that cannot start.
    Scratch(String),
    /// The source file cannot be read (missing, a folder...).
    Unreadable { source: PathBuf, why: String },
    /// No toolchain for the file's extension.
    Language { source: PathBuf },
    /// The compiler or interpreter is not installed.
    MissingTool {
        source: PathBuf,
        tool: String,
        install: &'static str,
        /// Where it was looked for.
        searched: String,
    },
    /// The compiler refused the source: the contestant's result.
    Compile {
        source: PathBuf,
        command: String,
        messages: String,
    },
}

impl std::fmt::Display for SubmissionError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            SubmissionError::Scratch(why) => write!(f, "cannot prepare the submission: {why}"),
            SubmissionError::Unreadable { source, why } => {
                write!(f, "cannot read the submission {}: {why}", source.display())
            }
            SubmissionError::Language { source } => write!(
                f,
                "no toolchain for {} (by its extension):\n{}run any other language with --cmd 'COMMAND', \
                 e.g. --cmd 'java Main' or --cmd './a.out'",
                source.display(),
                toolchain_table()
            ),
            SubmissionError::MissingTool {
                source,
                tool,
                install,
                searched,
            } => write!(
                f,
                "{tool} is not installed ({searched}); it is needed for {}: install {install}, \
                 or run the program with --cmd 'COMMAND' naming it by its path",
                source.display()
            ),
            SubmissionError::Compile {
                source,
                command,
                messages,
            } => write!(
                f,
                "compilation error in {} ({command}):\n{messages}",
                source.display()
            ),
        }
    }
}

/// A submission made ready to run: the command that runs it, and the
/// scratch folder of its compiled program (removed when dropped).
pub struct Prepared {
    pub command: Vec<String>,
    _work: Option<ScratchDir>,
}

/// Compiles a source file (or finds its interpreter), or wraps a command
/// line in the shell.
pub fn prepare(submission: &Submission) -> Result<Prepared, SubmissionError> {
    match submission {
        Submission::Source(path) => {
            let work = ScratchDir::private("judge")?;
            // Entered by the sandbox's user where no mount namespace shows
            // the program alone (the subreaper fallback).
            std::fs::set_permissions(
                work.path(),
                std::os::unix::fs::PermissionsExt::from_mode(0o755),
            )
            .map_err(|e| SubmissionError::Scratch(format!("{}: {e}", work.path().display())))?;
            let command = prepare_source(path, work.path())?;
            Ok(Prepared {
                command,
                _work: Some(work),
            })
        }
        Submission::Shell(line) => Ok(Prepared {
            command: vec![SHELL.into(), "-c".into(), shell_line(line)],
            _work: None,
        }),
    }
}

/// A command line for the shell: a simple command (a program, its
/// arguments, quotes and redirections) replaces the shell (`exec`), as
/// bash does by itself, so the program's own exit or signal is its verdict
/// and its parent is the grader's; anything else (`&&`, `;`, pipelines, a
/// builtin or keyword first) runs as written.
fn shell_line(line: &str) -> String {
    const NOT_PROGRAMS: [&str; 24] = [
        "cd", "exec", "export", "set", "unset", "alias", "eval", ".", "source", "ulimit", "umask",
        "trap", "readonly", "shift", "wait", "time", "if", "for", "while", "until", "case", "{",
        "!", "[[",
    ];
    let compound = line.contains("$(")
        || line
            .chars()
            .any(|c| matches!(c, ';' | '&' | '|' | '(' | ')' | '`' | '\n'));
    let first = line.split_whitespace().next().unwrap_or("");
    let simple = !compound && !first.contains('=') && !NOT_PROGRAMS.contains(&first);
    match simple {
        true => format!("exec {line}"),
        false => line.to_string(),
    }
}

/// Runs `body` with the command of a submission (see `prepare`); a
/// compiled program is removed afterwards.
pub fn with_submission<T, E: From<SubmissionError>>(
    submission: &Submission,
    body: impl FnOnce(&[String]) -> Result<T, E>,
) -> Result<T, E> {
    let prepared = prepare(submission)?;
    body(&prepared.command)
}

/// `command` with more arguments after its own: for a command line run by
/// the shell they are quoted onto the end of the line.
pub fn with_arguments(command: &[String], extra: &[String]) -> Vec<String> {
    match command {
        [shell, c, line] if shell == SHELL && c == "-c" => {
            let mut line = line.clone();
            for word in extra {
                line.push_str(&format!(" '{}'", word.replace('\'', r"'\''")));
            }
            vec![shell.clone(), c.clone(), line]
        }
        _ => command.iter().chain(extra).cloned().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simple_command_replaces_the_shell_and_a_compound_one_runs_as_written() {
        for (line, run) in [
            ("./a.out", "exec ./a.out"),
            (
                "python3 'my player.py' < /dev/null",
                "exec python3 'my player.py' < /dev/null",
            ),
            ("cd dir && ./a.out", "cd dir && ./a.out"),
            ("./a.out | cat", "./a.out | cat"),
            ("X=1 ./a.out", "X=1 ./a.out"),
            ("cd dir", "cd dir"),
            ("python3 \"$HOME/p.py\"", "exec python3 \"$HOME/p.py\""),
            ("python3 $(cat which)", "python3 $(cat which)"),
        ] {
            let prepared = prepare(&Submission::Shell(line.into())).unwrap();
            assert_eq!(prepared.command, [SHELL, "-c", run], "{line}");
        }
    }

    #[test]
    fn arguments_are_quoted_onto_a_shell_line() {
        let shell = prepare(&Submission::Shell("python3 'my player.py'".into())).unwrap();
        let extra = ["--weights".to_string(), "1,2 it's".to_string()];
        assert_eq!(
            with_arguments(&shell.command, &extra),
            [
                SHELL,
                "-c",
                r"exec python3 'my player.py' '--weights' '1,2 it'\''s'"
            ]
        );
        assert_eq!(
            with_arguments(&["./a".to_string()], &extra),
            ["./a", "--weights", "1,2 it's"]
        );
    }

    #[test]
    fn a_name_taken_by_a_planted_symlink_is_passed_over_not_followed() {
        let dir = ScratchDir::new("planted").unwrap();
        let target = dir.path().join("target");
        std::fs::create_dir(&target).unwrap();
        std::os::unix::fs::symlink(&target, dir.path().join("a")).unwrap();
        std::fs::write(dir.path().join("b"), "").unwrap();
        let names = ["a", "b", "c"].map(str::to_string).into_iter();
        let made = create_new_in(dir.path(), names, 0o700).unwrap();
        assert_eq!(made, dir.path().join("c"));
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::symlink_metadata(&made)
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o7777, 0o700);
        assert!(std::fs::symlink_metadata(dir.path().join("a"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0);
        let taken = ["a", "b"].map(str::to_string).into_iter();
        assert!(create_new_in(dir.path(), taken, 0o700).is_err());
    }

    #[test]
    fn a_missing_file_and_an_unknown_language_are_said_as_such() {
        let missing = prepare(&Submission::Source("no/such/file.cpp".into())).err();
        let text = missing.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            text.starts_with("cannot read the submission no/such/file.cpp: "),
            "{text}"
        );
        let dir = ScratchDir::new("language").unwrap();
        let java = dir.path().join("Main.java");
        std::fs::write(&java, "class Main {}").unwrap();
        let text = prepare(&Submission::Source(java))
            .err()
            .unwrap()
            .to_string();
        assert!(
            text.contains("no toolchain for") && text.contains("--cmd"),
            "{text}"
        );
    }
}
