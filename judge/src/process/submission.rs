//! A submission as a contest system takes it: a single `.rs` file compiled
//! with `rustc -O --edition 2021`, or a command run as it is; and the
//! scratch folders the compiled programs live in.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::Ordering;

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

/// Compiles a single-file submission exactly as a contest system does:
/// `rustc -O --edition 2021`. Returns the executable's path, or rustc's
/// messages.
pub fn compile_submission(source: &Path, work_dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(work_dir).map_err(|e| format!("{}: {e}", work_dir.display()))?;
    let binary = work_dir.join(binary_name(source));
    let output = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&binary)
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(binary)
}

/// A folder of the system's temporary folder, removed with everything in
/// it when dropped.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    pub fn new(label: &str) -> Result<ScratchDir, SubmissionError> {
        use std::sync::atomic::AtomicUsize;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!("tetris-{label}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .map_err(|e| SubmissionError::Scratch(format!("{}: {e}", path.display())))?;
        Ok(ScratchDir(path))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A program to judge, as a contest system takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submission {
    /// A single-file `.rs` source, compiled with `rustc -O --edition 2021`.
    Source(PathBuf),
    /// A command run as it is: the program and its arguments.
    Command(Vec<String>),
}

/// Why a submission could not be made ready to run: the judge's side
/// (no scratch folder) or the compiler's messages.
#[derive(Debug)]
pub enum SubmissionError {
    Scratch(String),
    Compile { source: PathBuf, messages: String },
}

impl std::fmt::Display for SubmissionError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            SubmissionError::Scratch(why) => write!(f, "cannot make a scratch folder: {why}"),
            SubmissionError::Compile { source, messages } => {
                write!(f, "compilation error in {}:\n{messages}", source.display())
            }
        }
    }
}

/// Runs `body` with the command of a submission: a source compiled as a
/// contest system does (the program removed afterwards), or a command run
/// as it is.
pub fn with_submission<T, E: From<SubmissionError>>(
    submission: &Submission,
    body: impl FnOnce(&[String]) -> Result<T, E>,
) -> Result<T, E> {
    match submission {
        Submission::Source(path) => {
            let work = ScratchDir::new("judge")?;
            let binary = compile_submission(path, work.path()).map_err(|messages| {
                SubmissionError::Compile {
                    source: path.clone(),
                    messages,
                }
            })?;
            body(&[binary.to_string_lossy().into_owned()])
        }
        Submission::Command(words) => body(words),
    }
}
