//! A submission as a contest system takes it: a single `.rs` file compiled
//! with `rustc -O --edition 2021`, or a command run as it is; and the
//! scratch folders the compiled programs live in.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::Ordering;

use crate::cli::{Failure, UsageError};

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
    pub fn new(label: &str) -> Result<ScratchDir, Failure> {
        use std::sync::atomic::AtomicUsize;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!("tetris-{label}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).map_err(|e| Failure::io(&path, e))?;
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

/// Runs `body` with the command of a submission: a `.rs` file compiled as a
/// contest system does (the program removed afterwards), or `--cmd`'s
/// words run as they are.
pub fn with_submission<T>(
    source: Option<&Path>,
    cmd: Option<&str>,
    body: impl FnOnce(&[String]) -> Result<T, Failure>,
) -> Result<T, Failure> {
    match (source, cmd) {
        (Some(path), None) => {
            let work = ScratchDir::new("judge")?;
            let binary = compile_submission(path, work.path()).map_err(|e| {
                Failure::judge(format!("compilation error in {}:\n{e}", path.display()))
            })?;
            body(&[binary.to_string_lossy().into_owned()])
        }
        (None, Some(cmd)) => {
            let words: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
            if words.is_empty() {
                return Err(UsageError("--cmd is empty".into()).into());
            }
            body(&words)
        }
        _ => {
            Err(UsageError("give a submission .rs file or --cmd 'COMMAND', not both".into()).into())
        }
    }
}
