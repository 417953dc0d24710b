//! Which compiler or interpreter a source file needs, chosen by its
//! extension as contestants' own tools choose it (online-judge-tools,
//! cf-tool, Competitive Programming Helper), and the one table `judge
//! grade --help` and the manual print. Any other language runs through
//! `--cmd`.

use std::path::{Path, PathBuf};
use tetris_core::verdict::RunFailure;

use super::submission::SHELL;
use super::{run, Limits, SANDBOX_PATH};

/// How sources of one language are compiled (if they are) and run.
/// `{source}` and `{binary}` stand for the source file and the program
/// compiled from it.
pub struct Toolchain {
    pub extensions: &'static [&'static str],
    pub compile: Option<&'static [&'static str]>,
    pub run: &'static [&'static str],
    /// What to install when the tool is missing.
    pub install: &'static str,
}

/// Every language `judge grade FILE` knows, in the order the help lists them.
pub const TOOLCHAINS: &[Toolchain] = &[
    Toolchain {
        extensions: &["rs"],
        compile: Some(&[
            "rustc",
            "-O",
            "--edition",
            "2021",
            "-o",
            "{binary}",
            "{source}",
        ]),
        run: &["{binary}"],
        install: "Rust (https://rustup.rs)",
    },
    Toolchain {
        extensions: &["cpp", "cc"],
        compile: Some(&["g++", "-O2", "-std=c++17", "-o", "{binary}", "{source}"]),
        run: &["{binary}"],
        install: "g++ (Debian and Ubuntu: apt install g++)",
    },
    Toolchain {
        extensions: &["c"],
        compile: Some(&["gcc", "-O2", "-o", "{binary}", "{source}", "-lm"]),
        run: &["{binary}"],
        install: "gcc (Debian and Ubuntu: apt install gcc)",
    },
    Toolchain {
        extensions: &["py"],
        compile: None,
        run: &["python3", "{source}"],
        install: "Python 3 (Debian and Ubuntu: apt install python3)",
    },
];

/// The toolchain of a source file, by its extension.
pub fn toolchain_of(source: &Path) -> Option<&'static Toolchain> {
    let extension = source.extension()?.to_str()?;
    TOOLCHAINS
        .iter()
        .find(|t| t.extensions.contains(&extension))
}

/// One line per language, for `judge grade --help` and error messages.
pub fn toolchain_table() -> String {
    TOOLCHAINS
        .iter()
        .map(|t| {
            let names: Vec<String> = t.extensions.iter().map(|e| format!(".{e}")).collect();
            let words: Vec<String> = t
                .compile
                .unwrap_or(t.run)
                .iter()
                .map(|w| {
                    w.replace("{source}", "SOURCE")
                        .replace("{binary}", "BINARY")
                })
                .collect();
            let how = words.join(" ");
            format!("  {:<11} {how}\n", names.join(" "))
        })
        .collect()
}

impl Toolchain {
    /// The words with the placeholders filled in.
    fn fill(words: &[&str], source: &Path, binary: &Path) -> Vec<String> {
        words
            .iter()
            .map(|w| match *w {
                "{source}" => source.to_string_lossy().into_owned(),
                "{binary}" => binary.to_string_lossy().into_owned(),
                // $RUSTC picks another compiler, as for cargo.
                "rustc" => std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()),
                w => w.to_string(),
            })
            .collect()
    }

    /// The compiler or interpreter this language needs first.
    pub fn tool(&self) -> &'static str {
        self.compile.unwrap_or(self.run)[0]
    }

    /// The compile command, as shown to people (the binary a placeholder).
    pub fn compile_line(&self, source: &Path) -> Option<String> {
        self.compile
            .map(|words| Self::fill(words, source, Path::new("BINARY")).join(" "))
    }

    /// Compiles `source` into `work_dir` if the language is compiled, and
    /// returns the command that runs it.
    pub fn prepare(&self, source: &Path, work_dir: &Path) -> Result<Vec<String>, Problem> {
        let binary = work_dir.join(binary_name(source));
        let missing = |tool: &str, searched: &str| Problem::MissingTool {
            tool: tool.to_string(),
            install: self.install,
            searched: searched.to_string(),
        };
        if let Some(words) = self.compile {
            let line = Self::fill(words, source, &binary);
            let path = std::env::var("PATH").unwrap_or_default();
            if find_program(&line[0], &path).is_none() {
                return Err(missing(&line[0], "not on PATH"));
            }
            let limits = compile_limits()?;
            // Through the shell so the messages come on standard output,
            // kept whole up to the output limit (first lines are shown).
            let mut command = vec![
                SHELL.to_string(),
                "-c".to_string(),
                "exec \"$@\" 2>&1".to_string(),
                "compiler".to_string(),
            ];
            command.extend(line.iter().cloned());
            let ran = run(&command, &[], &limits)
                .map_err(|e| Problem::Machine(format!("cannot run {}: {e}", line[0])))?;
            let mut messages = String::from_utf8_lossy(&ran.stdout).into_owned();
            let broke = match ran.failure() {
                None => None,
                Some(RunFailure::RuntimeError(_)) => Some(String::new()),
                Some(limit) => Some(format!(
                    "compilation {limit} (compile limits: {} s wall and CPU time, {} MB of \
                     memory, {} MB of messages)\n",
                    limits.time.as_secs_f64(),
                    COMPILE_MEMORY_MB,
                    COMPILE_OUTPUT_MB
                )),
            };
            if let Some(why) = broke {
                messages.insert_str(0, &why);
                return Err(Problem::Compile {
                    command: self.compile_line(source).unwrap_or_default(),
                    messages,
                });
            }
        }
        let mut run = Self::fill(self.run, Path::new("{source}"), Path::new("{binary}"));
        if self.compile.is_none() {
            // Looked up where the program will look, and run by that path:
            // the check and the run cannot find two different interpreters.
            let found = find_program(&run[0], SANDBOX_PATH).ok_or_else(|| {
                let folders: Vec<&str> = SANDBOX_PATH.split(':').collect();
                let searched = format!("in {}, the PATH a graded program gets", folders.join(", "));
                missing(&run[0], &searched)
            })?;
            run[0] = found.to_string_lossy().into_owned();
        }
        let ran = readable_copy(source, &binary, work_dir, self.compile.is_some())?;
        // The program may change its working folder: it runs by absolute paths.
        let absolute = std::path::absolute(&ran).unwrap_or(ran);
        for word in &mut run {
            if word == "{source}" || word == "{binary}" {
                *word = absolute.to_string_lossy().into_owned();
            }
        }
        Ok(run)
    }
}

/// The compiler's limits: generous for any honest source (rustc -O of a
/// large solution fits), small enough that `#include "/dev/zero"` or a
/// template that never ends is the contestant's compilation error rather
/// than a grader that hangs. `JUDGE_COMPILE_TIME_LIMIT` (seconds) changes
/// the time.
pub const COMPILE_TIME_LIMIT_SECONDS: f64 = 60.0;
pub const COMPILE_MEMORY_MB: u64 = 2048;
pub const COMPILE_OUTPUT_MB: u64 = 16;

fn compile_limits() -> Result<Limits, Problem> {
    let seconds = match std::env::var("JUDGE_COMPILE_TIME_LIMIT") {
        Err(_) => COMPILE_TIME_LIMIT_SECONDS,
        Ok(text) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|s| *s > 0.0 && *s <= 86400.0)
            .ok_or_else(|| {
                Problem::Machine(format!(
                    "JUDGE_COMPILE_TIME_LIMIT={text}: not a number of seconds above 0, at most 86400"
                ))
            })?,
    };
    let time = std::time::Duration::from_secs_f64(seconds);
    Ok(Limits {
        time,
        cpu_time: Some(time),
        output_bytes: (COMPILE_OUTPUT_MB as usize) << 20,
        memory_bytes: Some(COMPILE_MEMORY_MB << 20),
        processes: None,
        sandbox: None,
    })
}

/// What the sandbox's user runs, readable (and a binary executable) by
/// all whatever the caller's modes, since a bind mount keeps them (`chmod
/// 600 sol.py`, a umask of 077): the binary, or a copy of an interpreted
/// source in the work folder.
fn readable_copy(
    source: &Path,
    binary: &Path,
    work_dir: &Path,
    compiled: bool,
) -> Result<PathBuf, Problem> {
    let machine = |e: std::io::Error| Problem::Machine(format!("{}: {e}", work_dir.display()));
    if compiled {
        set_mode(binary, 0o755).map_err(machine)?;
        return Ok(binary.to_path_buf());
    }
    let copy = work_dir.join(source.file_name().unwrap_or("submission".as_ref()));
    let same = |p: &Path| std::fs::canonicalize(p).ok();
    if same(&copy).is_some() && same(&copy) == same(source) {
        return Ok(copy);
    }
    std::fs::copy(source, &copy).map_err(machine)?;
    set_mode(&copy, 0o644).map_err(machine)?;
    Ok(copy)
}

fn set_mode(path: &Path, mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

/// Why a source could not be made ready to run.
#[derive(Debug)]
pub enum Problem {
    /// The compiler or interpreter is not installed.
    MissingTool {
        tool: String,
        install: &'static str,
        /// Where it was looked for.
        searched: String,
    },
    /// The compiler refused the source: the contestant's result.
    Compile { command: String, messages: String },
    /// The machine failed (the compiler could not be started).
    Machine(String),
}

/// Where `program` is found in the folders of `path` (or the path itself,
/// if it has a `/`).
fn find_program(program: &str, path: &str) -> Option<PathBuf> {
    if program.contains('/') {
        return Some(PathBuf::from(program)).filter(|p| p.is_file());
    }
    std::env::split_paths(path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// The name of a submission's binary: the file's stem, or for a crate's
/// `src/main.rs` the crate folder's name.
fn binary_name(source: &Path) -> String {
    let stem = source.file_stem().map(|s| s.to_string_lossy().into_owned());
    let crate_folder = source
        .parent()
        .filter(|p| p.file_name().is_some_and(|n| n == "src"))
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned());
    match (stem.as_deref(), crate_folder) {
        (Some("main"), Some(folder)) => folder,
        (Some(stem), _) => stem.to_string(),
        (None, _) => "submission".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_chosen_by_extension() {
        let tool = |name: &str| toolchain_of(Path::new(name)).map(Toolchain::tool);
        assert_eq!(tool("a.rs"), Some("rustc"));
        assert_eq!(tool("dir/a.cpp"), Some("g++"));
        assert_eq!(tool("a.cc"), Some("g++"));
        assert_eq!(tool("a.c"), Some("gcc"));
        assert_eq!(tool("a.py"), Some("python3"));
        assert_eq!(tool("a.java"), None);
        assert_eq!(tool("Makefile"), None);
        let table = toolchain_table();
        assert!(table.contains("  .cpp .cc    g++ -O2 -std=c++17 -o BINARY SOURCE\n"));
        assert!(table.contains("  .py         python3 SOURCE\n"));
    }

    /// A language run by the command `run`, compiled by nothing.
    fn interpreted(run: &'static [&'static str]) -> Toolchain {
        Toolchain {
            extensions: &["zz"],
            compile: None,
            run,
            install: "the zz language",
        }
    }

    #[test]
    fn an_interpreter_is_found_and_run_where_the_program_looks() {
        let dir = crate::process::ScratchDir::new("interpreted").unwrap();
        std::fs::write(dir.path().join("a.zz"), "").unwrap();
        let work = dir.path().join("work");
        std::fs::create_dir(&work).unwrap();
        let run = interpreted(&["sh", "{source}"]).prepare(&dir.path().join("a.zz"), &work);
        let run = run.unwrap();
        assert_eq!(run[1], work.join("a.zz").display().to_string());
        assert!(
            ["/usr/local/bin/sh", "/usr/bin/sh", "/bin/sh"].contains(&run[0].as_str()),
            "{run:?}"
        );
    }

    #[test]
    fn a_missing_interpreter_names_what_to_install() {
        let odd = interpreted(&["no-such-interpreter-42", "{source}"]);
        match odd.prepare(Path::new("a.zz"), Path::new("/nonexistent")) {
            Err(Problem::MissingTool {
                tool,
                install,
                searched,
            }) => {
                assert_eq!(tool, "no-such-interpreter-42");
                assert_eq!(install, "the zz language");
                assert_eq!(
                    searched,
                    "in /usr/local/bin, /usr/bin, /bin, the PATH a graded program gets"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
