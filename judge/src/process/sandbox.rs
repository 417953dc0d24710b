//! The sandbox `judge grade` runs a program in, after isolate's: a root of
//! its own made of read-only bind mounts of the system's folders (/usr,
//! /bin, /lib, /etc, …) and of the files its command names, one writable
//! scratch tmpfs of a set size holding its working folder `/box`, `/tmp`
//! and `/dev/shm`, a `/proc` of its own PID namespace, no network, its own
//! IPC; as root an unprivileged user and group; in every case no new
//! privileges, a file-size limit, and a user namespace of its own so that
//! the kernel holds the process limit. `root` plans the steps that build
//! that root.
//!
//! The root is built from an allow-list rather than by hiding parts of the
//! machine's: what is not listed (the tests, the grader's folder, `$HOME`,
//! the rest of `/tmp`, other processes' `/proc`) is simply not there, and
//! no mount forgotten on some machine can leak it. Everything is planned
//! here, before the fork, as C strings; `confine` applies the plan.

use std::ffi::CString;
use std::path::{Component, Path, PathBuf};

use super::confine::Step;
use super::root::{c_path, steps};
use super::submission::{ScratchDir, SubmissionError};
use super::sys::*;

/// What `judge grade` promises by default; the README and docs/judge.md
/// say the same.
pub const DEFAULT_FILE_SIZE_LIMIT_MB: u64 = 64;
pub const DEFAULT_SCRATCH_LIMIT_MB: u64 = 64;
/// nobody: the user and group a root grader runs programs as.
pub const DEFAULT_SANDBOX_USER: u32 = 65534;
/// The program's working folder inside its root.
pub const WORK: &str = "/box";

/// The machine's folders every program may read (the run-time, the shell,
/// interpreters and their configuration), as isolate binds them.
pub const SYSTEM: [&str; 8] = [
    "bin", "sbin", "usr", "lib", "lib32", "lib64", "libx32", "etc",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// The uid and gid a root grader runs the program as.
    pub user: u32,
    /// The largest file the program may write (RLIMIT_FSIZE).
    pub file_bytes: u64,
    /// The scratch tmpfs: the working folder, /tmp and /dev/shm together.
    pub scratch_bytes: u64,
    /// Folders the program must never see, not even inside a folder its
    /// command names (the tests, the replays). The grader's working folder
    /// and `$HOME` are shown only where the command names them: a
    /// contestant's `cd ~/sol && java Main` must find its classes.
    pub private: Vec<PathBuf>,
}

/// The layers that held, as the warden and the program reported them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layers(pub u8);

impl Layers {
    /// A mount namespace with the root of the plan and its own /proc.
    pub const FILES: u8 = 1;
    pub const NETWORK: u8 = 2;
    /// IPC and host name.
    pub const IPC: u8 = 4;
    /// A user namespace of the program's own: the kernel holds the
    /// process limit, counted apart from every other process.
    pub const USER_NAMESPACE: u8 = 8;
    /// As root: the program runs as the sandbox's user and group.
    pub const OWN_IDS: u8 = 16;

    pub fn has(self, layer: u8) -> bool {
        self.0 & layer != 0
    }
}

/// What a run's sandbox gave, for the table's `contained by …` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandboxed {
    pub layers: Layers,
    /// Whether the grader ran as root (and so changed the program's ids).
    pub as_root: bool,
    pub user: u32,
    pub file_bytes: u64,
    pub scratch_bytes: u64,
    /// The step of its root the kernel refused (counted from 0), and why.
    pub refused: Option<(u16, i32)>,
    /// The namespaces were not asked for (`JUDGE_CONTAINMENT=subreaper`).
    pub skipped: bool,
}

impl std::fmt::Display for Sandboxed {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let has = |layer| self.layers.has(layer);
        let mb = |bytes: u64| bytes >> 20;
        let mut held = Vec::new();
        let mut missing = Vec::new();
        if has(Layers::FILES) {
            held.push(format!(
                "a read-only root of its own with /proc of its own and a {} MB scratch \
                 (working folder, /tmp, /dev/shm)",
                mb(self.scratch_bytes)
            ));
        } else {
            let why = self.refused.map_or(String::new(), |(step, errno)| {
                let error = std::io::Error::from_raw_os_error(errno);
                format!(" at step {step} of its root: {error}")
            });
            missing.push(format!(
                "a file system of its own{why} (it sees the machine's, from a fresh working folder)"
            ));
        }
        let mut place = |layer, yes: &'static str, no: &'static str| {
            if has(layer) {
                held.push(yes.to_string());
            } else {
                missing.push(no.to_string());
            }
        };
        place(Layers::NETWORK, "no network", "a network namespace");
        place(Layers::IPC, "its own IPC", "an IPC namespace");
        place(
            Layers::USER_NAMESPACE,
            "the process limit held by the kernel",
            "a user namespace (the grader counts processes every 10 ms)",
        );
        if self.as_root && has(Layers::OWN_IDS) {
            held.push(format!("user and group {}", self.user));
        } else if !self.as_root {
            held.push("the grader's user".to_string());
        }
        held.push(format!(
            "no new privileges, files up to {} MB",
            mb(self.file_bytes)
        ));
        write!(f, "{}", held.join(", "))?;
        if !missing.is_empty() {
            let why = match self.skipped {
                true => "skipped (JUDGE_CONTAINMENT=subreaper)",
                false => "refused by the kernel",
            };
            write!(f, "; {why}: {}", missing.join(", "))?;
        }
        Ok(())
    }
}

/// A run's sandbox, ready before the fork.
#[derive(Debug)]
pub struct Plan {
    /// The run's folder on the machine (a `ScratchDir` the caller keeps
    /// and removes after the run): where the root is built, or, when the
    /// kernel refuses a mount namespace, the working folder itself.
    pub folder: CString,
    pub steps: Vec<Step>,
    pub work: CString,
    pub as_root: bool,
    /// The program's ids: the sandbox's user as root, else the grader's.
    pub uid: u32,
    pub gid: u32,
    pub file_bytes: u64,
}

/// Plans the sandbox of one run of `command`, in a fresh folder.
pub fn plan(sandbox: &Sandbox, command: &[String]) -> Result<(ScratchDir, Plan), String> {
    let folder = ScratchDir::private("box").map_err(|e| e.to_string())?;
    // SAFETY: plain id queries.
    let as_root = unsafe { geteuid() } == 0;
    let (uid, gid) = if as_root {
        (sandbox.user, sandbox.user)
    } else {
        // SAFETY: as above.
        unsafe { (geteuid(), getegid()) }
    };
    let scratch_error = |e: std::io::Error| {
        SubmissionError::Scratch(format!("{}: {e}", folder.path().display())).to_string()
    };
    if as_root {
        // Handed over through the folder made, never through a symlink
        // put in its place.
        use std::os::unix::fs::OpenOptionsExt;
        let made = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(O_NOFOLLOW | O_DIRECTORY)
            .open(folder.path())
            .map_err(scratch_error)?;
        std::os::unix::fs::fchown(&made, Some(uid), Some(gid)).map_err(scratch_error)?;
    }
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let private: Vec<PathBuf> = sandbox
        .private
        .iter()
        .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()))
        .collect();
    let named = named_paths(command, &cwd, &private);
    if as_root {
        for n in &named {
            unreadable(&n.source, n.folder, uid, gid)?;
        }
    }
    let steps = steps(folder.path(), sandbox.scratch_bytes, (uid, gid), &named)?;
    let plan = Plan {
        folder: c_path(folder.path())?,
        steps,
        work: c_path(Path::new(WORK))?,
        as_root,
        uid,
        gid,
        file_bytes: sandbox.file_bytes,
    };
    Ok((folder, plan))
}

/// A file or folder the command names, shown read-only in the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub source: PathBuf,
    /// Where the program finds it: the same absolute path, or for a
    /// relative one the same path in its working folder.
    pub inside: PathBuf,
    pub folder: bool,
    /// The private folders inside a named folder, where the program finds
    /// them: each is covered by an empty read-only folder, as isolate
    /// shows only what it is told to.
    pub hidden: Vec<PathBuf>,
}

/// What the command names: every argument, every word of it as the shell
/// reads it (quotes kept together, so `cd '/my sol'` names `/my sol`), and
/// every piece of it split at white space and shell punctuation (so
/// `sh -c 'python3 my.py'` names `my.py`), that is a file or folder outside
/// the system's folders. A private path inside a named folder is hidden
/// there; a private path itself, or anything in it, is never shown.
pub fn named_paths(command: &[String], cwd: &Path, private: &[PathBuf]) -> Vec<Named> {
    let splits = |c: char| c.is_whitespace() || "'\";|&<>()`=,:".contains(c);
    let words: Vec<String> = command
        .iter()
        .cloned()
        .chain(command.iter().flat_map(|arg| shell_words(arg)))
        .chain(
            command
                .iter()
                .flat_map(|arg| arg.split(splits).map(str::to_string)),
        )
        .collect();
    let mut named: Vec<Named> = Vec::new();
    for word in words.iter().filter(|w| !w.is_empty()) {
        let given = Path::new(word);
        let Some(inside) = normal(&Path::new(WORK).join(given)) else {
            continue;
        };
        let source = cwd.join(given);
        let Ok(meta) = std::fs::metadata(&source) else {
            continue;
        };
        if !(meta.is_file() || meta.is_dir()) || !may_show(&inside) {
            continue;
        }
        let real = std::fs::canonicalize(&source).unwrap_or_else(|_| source.clone());
        if private.iter().any(|p| real.starts_with(p)) {
            continue;
        }
        let hidden = match meta.is_dir() {
            true => private
                .iter()
                .filter(|p| p.is_dir())
                .filter_map(|p| p.strip_prefix(&real).ok())
                .map(|inner| inside.join(inner))
                .collect(),
            false => Vec::new(),
        };
        if named.iter().all(|n| n.inside != inside) {
            named.push(Named {
                source,
                inside,
                folder: meta.is_dir(),
                hidden,
            });
        }
    }
    named
}

/// Err says how to fix a named file or folder the sandbox's user cannot
/// read (a bind mount keeps modes: a `chmod 600 sol.py` would otherwise be
/// the contestant's runtime error).
fn unreadable(source: &Path, folder: bool, uid: u32, gid: u32) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(source) else {
        return Ok(());
    };
    let bits = match (meta.uid() == uid, meta.gid() == gid) {
        (true, _) => meta.mode() >> 6,
        (false, true) => meta.mode() >> 3,
        _ => meta.mode(),
    } & 0o7;
    let (needs, fix) = match folder {
        true => (0o5, "a+rx"),
        false => (0o4, "a+r"),
    };
    if bits & needs == needs {
        return Ok(());
    }
    Err(format!(
        "the command names {}, which the program's user {uid} cannot read (mode {:o}): \
         make it readable (chmod {fix} '{}') or name a user who can (--sandbox-user)",
        source.display(),
        meta.mode() & 0o7777,
        source.display()
    ))
}

/// The words of a shell command line as `sh` splits them: quotes ('...'
/// and "...") and backslashes keep characters together, white space and
/// the operators `;|&<>()` end a word. Expansions are left as written: a
/// path made by `$VAR` is named by its expanded form or not at all.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => word.extend(chars.by_ref().take_while(|&q| q != '\'')),
            '"' => {
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        other => word.push(other),
                    }
                }
            }
            '\\' => word.extend(chars.next()),
            c if c.is_whitespace() || ";|&<>()".contains(c) => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            other => word.push(other),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The path with `.` and `..` worked out by its text; None if it climbs
/// above the root.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::from("/");
    for part in path.components() {
        match part {
            Component::Normal(name) => out.push(name),
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::RootDir => out = PathBuf::from("/"),
            Component::CurDir | Component::Prefix(_) => {}
        }
    }
    Some(out)
}

/// Whether a named path may be mounted at `inside`: not over the
/// sandbox's own folders, nor inside the system's (shown already).
fn may_show(inside: &Path) -> bool {
    let own = ["/", WORK, "/tmp", "/dev", "/dev/shm", "/proc"];
    if own.iter().any(|o| inside == Path::new(o)) {
        return false;
    }
    let below = ["/dev", "/proc", "/sys"].iter().chain(SYSTEM.iter());
    !below
        .map(|top| Path::new("/").join(top.trim_start_matches('/')))
        .any(|top| inside.starts_with(top))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_command_names_its_files_and_a_folder_holding_a_private_one_hides_it() {
        let dir = ScratchDir::new("named").unwrap();
        let base = dir.path();
        std::fs::create_dir_all(base.join("tests")).unwrap();
        std::fs::create_dir_all(base.join("build")).unwrap();
        std::fs::write(base.join("my.py"), "").unwrap();
        std::fs::write(base.join("tests/a.in"), "").unwrap();
        let private = [base.join("tests")];
        let script = base.join("my.py").display().to_string();
        let command = words(&format!(
            "/bin/sh -c python3 my.py;cat {script} build tests/a.in . {}",
            base.display()
        ));
        let named = named_paths(&command, base, &private);
        let mut shown: Vec<(String, bool, PathBuf, Vec<PathBuf>)> = named
            .iter()
            .map(|n| {
                let inside = n.inside.display().to_string();
                (inside, n.folder, n.source.clone(), n.hidden.clone())
            })
            .collect();
        shown.sort();
        let folder = base.display().to_string();
        assert_eq!(
            shown,
            [
                ("/box/build".to_string(), true, base.join("build"), vec![]),
                ("/box/my.py".to_string(), false, base.join("my.py"), vec![]),
                (folder, true, base.to_path_buf(), vec![base.join("tests")]),
                (script.clone(), false, base.join("my.py"), vec![]),
            ]
        );
    }

    #[test]
    fn a_command_line_is_split_into_words_as_the_shell_splits_it() {
        assert_eq!(
            shell_words(r#"cd '/my sol' && sh "a \"b\"" c\ d|cat>out"#),
            ["cd", "/my sol", "sh", "a \"b\"", "c d", "cat", "out"]
        );
        assert_eq!(shell_words("  "), Vec::<String>::new());
        assert_eq!(shell_words("'unclosed"), ["unclosed"]);
    }

    #[test]
    fn the_callers_folder_is_shown_where_the_command_names_it() {
        let dir = ScratchDir::new("named-cwd").unwrap();
        let base = dir.path();
        std::fs::create_dir_all(base.join("my sol")).unwrap();
        let folder = base.join("my sol");
        let command = [
            "/bin/sh".to_string(),
            "-c".to_string(),
            format!("cd '{}' && java Main", folder.display()),
        ];
        let named = named_paths(&command, &folder, &[]);
        assert_eq!(named.len(), 1, "{named:?}");
        assert_eq!(named[0].source, folder);
        assert!(named[0].folder);
    }

    #[test]
    fn paths_are_worked_out_by_their_text() {
        assert_eq!(
            normal(Path::new("/box/a/../b/./c")),
            Some(PathBuf::from("/box/b/c"))
        );
        assert_eq!(normal(Path::new("/box/../../x")), None);
        assert!(!may_show(Path::new("/usr/bin/python3")));
        assert!(!may_show(Path::new("/proc/1/mem")));
        assert!(!may_show(Path::new("/tmp")));
        assert!(may_show(Path::new("/tmp/tetris-judge-1-0/submission")));
        assert!(may_show(Path::new("/home/a/my.py")));
    }

    #[test]
    fn the_sandbox_is_named_with_what_the_kernel_refused() {
        let mut sandboxed = Sandboxed {
            layers: Layers(
                Layers::FILES
                    | Layers::NETWORK
                    | Layers::IPC
                    | Layers::USER_NAMESPACE
                    | Layers::OWN_IDS,
            ),
            as_root: true,
            user: 65534,
            file_bytes: 64 << 20,
            scratch_bytes: 32 << 20,
            refused: None,
            skipped: false,
        };
        let text = sandboxed.to_string();
        assert!(text.contains("a 32 MB scratch"), "{text}");
        assert!(text.contains("user and group 65534"), "{text}");
        assert!(!text.contains("refused"), "{text}");
        sandboxed.layers = Layers(Layers::OWN_IDS);
        sandboxed.refused = Some((7, 1));
        let text = sandboxed.to_string();
        assert!(
            text.contains("refused by the kernel: a file system of its own at step 7 of its root: Operation not permitted"),
            "{text}"
        );
        assert!(
            text.contains("a network namespace, an IPC namespace, a user namespace"),
            "{text}"
        );
        sandboxed.refused = None;
        sandboxed.skipped = true;
        let text = sandboxed.to_string();
        assert!(
            text.contains(
                "; skipped (JUDGE_CONTAINMENT=subreaper): a file system of its own (it sees"
            ),
            "{text}"
        );
        assert!(!text.contains("refused"), "{text}");
    }
}
