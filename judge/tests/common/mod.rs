//! Helpers shared by the integration tests: the repository's folders,
//! scratch folders removed on drop, submissions compiled once per test
//! binary, and running the `judge` executables.

// Each test binary uses only some of these.
#![allow(dead_code)]

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use judge::process::{compile_submission, run, Limits, Run, ScratchDir};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the judge crate lies in the repository")
        .to_path_buf()
}

/// A scratch folder, removed with everything in it when dropped.
pub fn scratch(label: &str) -> ScratchDir {
    ScratchDir::new(label).expect("a scratch folder can be made")
}

/// Writes `content` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, content).expect("scratch files can be written");
    path
}

/// The command running `solutions/NAME/src/main.rs`, compiled alone with
/// `rustc -O --edition 2021` once per test binary, as a contest system does.
pub fn submission(name: &str) -> Vec<String> {
    static COMPILED: OnceLock<Mutex<HashMap<String, (ScratchDir, PathBuf)>>> = OnceLock::new();
    let mut compiled = COMPILED
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let (_, binary) = compiled.entry(name.to_string()).or_insert_with(|| {
        let dir = scratch(&format!("compiled-{name}"));
        let source = root().join("solutions").join(name).join("src/main.rs");
        let binary = compile_submission(&source, dir.path())
            .unwrap_or_else(|e| panic!("{name} compiles alone: {e}"));
        (dir, binary)
    });
    vec![binary.to_string_lossy().into_owned()]
}

/// Runs a program with generous limits; it must end normally.
pub fn run_ok(command: &[String], input: &[u8], seconds: u64) -> Run {
    let ran = run(command, input, &Limits::tool(Duration::from_secs(seconds)))
        .expect("the program starts");
    assert!(
        ran.succeeded(),
        "{:?}: {}",
        ran.termination,
        ran.stderr_tail
    );
    ran
}

/// What an executable did: exit code, stdout and stderr as text.
pub struct Ran {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Ran {
    fn from(out: Output) -> Ran {
        Ran {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Runs an executable from the repository root with `stdin` as input.
pub fn execute<S: AsRef<OsStr>>(exe: &str, args: &[S], stdin: &[u8]) -> Ran {
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the executable starts");
    let input = stdin.to_vec();
    let mut pipe = child.stdin.take().expect("stdin is piped");
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = pipe.write_all(&input);
    });
    child
        .wait_with_output()
        .expect("the executable ends")
        .into()
}

/// Runs `judge` with these arguments from the repository root.
pub fn judge<S: AsRef<OsStr>>(args: &[S]) -> Ran {
    execute(env!("CARGO_BIN_EXE_judge"), args, b"")
}
