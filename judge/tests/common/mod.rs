//! Helpers shared by the integration tests: the repository's folders,
//! scratch folders removed on drop, submissions compiled once per test
//! binary (under target/, so nothing is left in the temporary folder), and
//! running the `judge` executables.

// Each test binary uses only some of these.
#![allow(dead_code)]

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

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
/// The program lives in `target/test-submissions/`, not in the temporary
/// folder: a `static` is never dropped, so nothing would remove it there.
/// Each binary compiles under a name of its own and renames it into place,
/// so test binaries running at once never see a half-written program (a
/// running program keeps its file when another replaces the name).
pub fn submission(name: &str) -> Vec<String> {
    static COMPILED: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let mut compiled = COMPILED
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let binary = compiled.entry(name.to_string()).or_insert_with(|| {
        let dir = root().join("target/test-submissions");
        let building = dir.join(format!("{}-{name}", std::process::id()));
        let source = root().join("solutions").join(name).join("src/main.rs");
        std::fs::create_dir_all(&building).expect("target/ can hold the compiled programs");
        let built = compile_submission(&source, &building)
            .unwrap_or_else(|e| panic!("{name} compiles alone: {e}"));
        let binary = dir.join(name);
        std::fs::rename(&built, &binary).expect("the compiled program can be moved into place");
        let _ = std::fs::remove_dir_all(&building);
        binary
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

/// The answer to the test "2\n4 4\n" that `grade_script` grades: both O
/// pieces placed.
pub const TWO_O_ANSWER: &str = "printf '0 0\\n0 2\\n'";

/// `judge grade` of the shell script `script` on the test "2\n4 4\n",
/// under the containment `JUDGE_CONTAINMENT=mode` (None: the default).
pub fn grade_script(dir: &Path, script: &str, mode: Option<&str>, extra: &[&str]) -> Ran {
    let path = write(dir, "program.sh", script);
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    write(&tests, "a.in", "2\n4 4\n");
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .current_dir(root())
        .args(["grade", "--cmd", &format!("sh {}", path.display())])
        .arg("--tests")
        .arg(&tests)
        .args(extra);
    if let Some(mode) = mode {
        command.env("JUDGE_CONTAINMENT", mode);
    }
    command.output().expect("the judge starts").into()
}

/// A `sleep` that names itself by `marker`: GNU sleep takes fractions.
pub fn sleeper(seconds: u32, marker: u32) -> String {
    format!("sleep {seconds}.{marker:06}")
}

/// Processes whose command line holds `needle`, zombies and dead ones
/// left out (killed, not yet reaped by whoever inherited them).
pub fn alive_with(needle: &str) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let line = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let line = String::from_utf8_lossy(&line).replace('\0', " ");
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            let running = status.lines().any(|l| {
                l.starts_with("State:") && !l.contains("Z (zombie)") && !l.contains("X (dead)")
            });
            running && line.contains(needle)
        })
        .collect()
}

/// No process with the marker is alive (a SIGKILL lands when the process
/// is next scheduled, which on a loaded machine can take a moment).
pub fn assert_none_left(seconds: u32, marker: u32, what: &str) {
    let needle = format!("sleep {seconds}.{marker:06}");
    let deadline = Instant::now() + Duration::from_secs(2);
    while !alive_with(&needle).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left = alive_with(&needle);
    for pid in &left {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(left.is_empty(), "{what}: {left:?} outlived the test");
}

/// Where the tests that need an outside tool (Chromium, problemtools, TeX)
/// record whether they ran it or were skipped; `.ci/run` prints it, since
/// the test harness keeps a passing test's output to itself.
fn external_tools_log() -> PathBuf {
    root().join("target/external-tools.log")
}

fn record_external(line: &str) {
    use std::io::Write;
    let _ = std::fs::create_dir_all(root().join("target"));
    if let Ok(mut log) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(external_tools_log())
    {
        let _ = log.write_all(format!("{line}\n").as_bytes());
    }
}

/// The same rule for every outside tool: where it is found the test (or
/// part) runs and says so; where it is missing it is skipped and says so,
/// with how to install it. Either way the line goes to the log `.ci/run`
/// prints.
pub fn external_tool<T>(test: &str, tool: &str, install: &str, found: Option<T>) -> Option<T> {
    match &found {
        Some(_) => record_external(&format!("ran      {test}: {tool}")),
        None => {
            let line = format!("skipped  {test}: {tool} is not installed ({install})");
            println!("{line}");
            record_external(&line);
        }
    }
    found
}

/// `g++`, where installed (`.ci/run` installs it).
pub fn gxx(test: &str) -> Option<()> {
    let found = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    external_tool(
        test,
        "g++",
        "Debian: g++; .ci/run installs it",
        found.then_some(()),
    )
}

/// The folder holding the standard testlib.h (0.9.44): the copy inside the
/// rbx-cp wheel that `.ci/run` installs in target/polygon-tools-venv. It is
/// fetched, never committed.
pub fn testlib_dir(test: &str) -> Option<PathBuf> {
    let found = site_packages()
        .map(|site| site.join("rbx/resources/predownloaded"))
        .find(|dir| dir.join("testlib.h").is_file());
    external_tool(
        test,
        "testlib.h (from the rbx-cp wheel)",
        ".ci/run installs rbx-cp in target/polygon-tools-venv",
        found,
    )
}

/// The site-packages folders of target/polygon-tools-venv.
pub fn site_packages() -> impl Iterator<Item = PathBuf> {
    let lib = root().join("target/polygon-tools-venv/lib");
    let pythons = std::fs::read_dir(lib).into_iter().flatten().flatten();
    pythons.map(|entry| entry.path().join("site-packages"))
}

/// Compiles one C++17 file as the differential test and the packages'
/// tests do: warnings are errors; `include` is searched for testlib.h.
pub fn compile_cpp(source: &Path, binary: &Path, include: Option<&Path>, extra: &[&str]) {
    let mut command = Command::new("g++");
    command.args(["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"]);
    if let Some(dir) = include {
        command.arg("-I").arg(dir);
    }
    let out = command
        .args(extra)
        .arg("-o")
        .arg(binary)
        .arg(source)
        .output()
        .expect("g++ starts");
    assert!(
        out.status.success(),
        "g++ {}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Compiles one generated Rust source as a contest system does.
pub fn compile_rs(source: &Path, binary: &Path) {
    let out = Command::new("rustc")
        .args(["-O", "--edition", "2021", "-o"])
        .arg(binary)
        .arg(source)
        .output()
        .expect("rustc starts");
    assert!(
        out.status.success(),
        "rustc {}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}
