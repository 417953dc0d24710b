//! Running a contestant's program as a contest grader does: in a process
//! group of its own, standard input fed, standard output captured up to a
//! limit, the last bytes of standard error kept, the address space limited
//! by the kernel, and the whole group killed at the time limit and as soon
//! as the program ends, so nothing it started outlives it or holds the
//! grader. Crashes and limits are results, not errors.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use crate::cli::Failure;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Exited(i32),
    Signaled(i32),
    TimedOut,
}

#[derive(Debug)]
pub struct Run {
    pub termination: Termination,
    pub stdout: Vec<u8>,
    /// The program wrote more than the output limit (and was killed).
    pub output_limit_exceeded: bool,
    /// The program ran out of its memory limit and ended abnormally.
    pub memory_limit_exceeded: bool,
    /// The last bytes of its standard error, for crash reports.
    pub stderr_tail: String,
    pub wall: Duration,
    /// Peak resident memory in KiB, where the platform tells it.
    pub max_rss_kib: Option<u64>,
}

impl Run {
    /// Whether the program ended normally within every limit.
    pub fn succeeded(&self) -> bool {
        self.termination == Termination::Exited(0)
            && !self.output_limit_exceeded
            && !self.memory_limit_exceeded
    }
}

/// What `judge grade` enforces by default; the README and the statement
/// say the same.
pub const DEFAULT_TIME_LIMIT_SECONDS: f64 = 1.0;
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 256;
pub const DEFAULT_OUTPUT_LIMIT_MB: u64 = 16;
/// Standard error kept for reports; the rest is read and thrown away.
pub const STDERR_TAIL_BYTES: usize = 2000;

#[derive(Clone, Debug)]
pub struct Limits {
    pub time: Duration,
    pub output_bytes: usize,
    /// The address space of the program (and of each process it starts).
    pub memory_bytes: Option<u64>,
}

impl Limits {
    /// A generous limit for tools (benchmarks, audits) that are not grading.
    pub fn tool(time: Duration) -> Limits {
        Limits {
            time,
            output_bytes: (DEFAULT_OUTPUT_LIMIT_MB as usize) << 20,
            memory_bytes: None,
        }
    }
}

/// After the program ended, how long its output pipes may stay open (held
/// by a process that left the group) before the grader stops reading.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// Runs `command` (a program and its arguments) on `input`. Err only when the
/// program cannot be started at all.
pub fn run(command: &[String], input: &[u8], limits: &Limits) -> Result<Run, String> {
    let mut child = spawn_contained(command, Stdio::piped(), limits.memory_bytes)?;
    let start = Instant::now();
    let mut stdin = child.stdin.take().ok_or("stdin is not piped")?;
    let input = input.to_vec();
    // A program may exit without reading its input: a broken pipe is fine.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let exceeded = Arc::new(AtomicBool::new(false));
    let stdout = child.stdout.take().ok_or("stdout is not piped")?;
    let limit = limits.output_bytes;
    let flag = Arc::clone(&exceeded);
    let collected = reader(stdout, move |kept: &mut Vec<u8>, chunk: &[u8]| {
        let room = limit.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if chunk.len() > room {
            flag.store(true, Ordering::SeqCst);
            return false;
        }
        true
    });
    let stderr = child.stderr.take().ok_or("stderr is not piped")?;
    let errors = reader(stderr, |kept: &mut Vec<u8>, chunk: &[u8]| {
        kept.extend_from_slice(chunk);
        if kept.len() > 2 * STDERR_TAIL_BYTES {
            kept.drain(..kept.len() - STDERR_TAIL_BYTES);
        }
        true
    });
    let deadline = start + limits.time;
    let sample_memory = limits.memory_bytes.is_some();
    let (termination, max_rss_kib, peak_vm) = watch(&mut child, deadline, &exceeded, sample_memory);
    let wall = start.elapsed();
    sandbox::kill_group(&child);
    let grace = Instant::now() + PIPE_GRACE;
    let stdout = collected.recv_deadline(grace);
    let stderr = errors.recv_deadline(grace);
    let stderr_tail =
        String::from_utf8_lossy(&stderr[stderr.len().saturating_sub(STDERR_TAIL_BYTES)..])
            .into_owned();
    let output_limit_exceeded = exceeded.load(Ordering::SeqCst);
    let abnormal = !matches!(termination, Termination::Exited(0) | Termination::TimedOut);
    let memory_limit_exceeded = limits.memory_bytes.is_some_and(|bytes| {
        abnormal && (allocation_failed(&stderr_tail) || peak_vm * 10 >= bytes * 9)
    });
    Ok(Run {
        termination,
        stdout,
        output_limit_exceeded,
        memory_limit_exceeded,
        stderr_tail,
        wall,
        max_rss_kib,
    })
}

/// Starts a program in a process group of its own, with piped stdin and
/// stdout, no core dumps and an optional address-space limit.
pub fn spawn_contained(
    command: &[String],
    stderr: Stdio,
    memory_bytes: Option<u64>,
) -> Result<Child, String> {
    let (program, arguments) = command.split_first().ok_or("empty command")?;
    let mut builder = Command::new(program);
    builder
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr);
    sandbox::contain(&mut builder, memory_bytes);
    builder
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))
}

/// Kills a program started by `spawn_contained` with its whole group, and
/// reaps it.
pub fn kill_contained(child: &mut Child) {
    sandbox::kill_group(child);
    let _ = sandbox::reap(child);
}

/// What a program's runtime prints when an allocation is refused.
fn allocation_failed(stderr: &str) -> bool {
    const SIGNS: [&str; 6] = [
        "memory allocation of",
        "bad_alloc",
        "MemoryError",
        "OutOfMemoryError",
        "Cannot allocate memory",
        "out of memory",
    ];
    SIGNS.iter().any(|s| stderr.contains(s))
}

/// A pipe read to its end on a thread of its own; `keep` stores each chunk
/// and says whether to go on. The receiver gets what was kept.
fn reader(
    mut pipe: impl Read + Send + 'static,
    mut keep: impl FnMut(&mut Vec<u8>, &[u8]) -> bool + Send + 'static,
) -> Collected {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) if keep(&mut kept, &buf[..n]) => {}
                Ok(_) => break,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = sender.send(kept);
    });
    Collected(receiver)
}

struct Collected(mpsc::Receiver<Vec<u8>>);

impl Collected {
    /// What the reader kept, once the pipe closed; empty if it is still held
    /// open at `deadline` by a process outside the group (never waited on).
    fn recv_deadline(self, deadline: Instant) -> Vec<u8> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.0.recv_timeout(left).unwrap_or_default()
    }
}

/// Waits for the program to end, for the deadline, or for the output limit.
/// Returns how it ended, its peak resident memory and (when
/// `sample_memory`, i.e. a memory limit is set) the peak address space seen
/// while sampling.
fn watch(
    child: &mut Child,
    deadline: Instant,
    output_exceeded: &AtomicBool,
    sample_memory: bool,
) -> (Termination, Option<u64>, u64) {
    let mut pause = Duration::from_micros(100);
    let mut peak_vm = 0;
    loop {
        if let Some((termination, rss)) = sandbox::try_reap(child) {
            return (termination, rss, peak_vm);
        }
        if sample_memory {
            peak_vm = peak_vm.max(sandbox::address_space(child).unwrap_or(0));
        }
        let over = output_exceeded.load(Ordering::SeqCst);
        if over || Instant::now() >= deadline {
            sandbox::kill_group(child);
            let (termination, rss) = sandbox::reap(child);
            let termination = if over {
                termination
            } else {
                Termination::TimedOut
            };
            return (termination, rss, peak_vm);
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(2));
    }
}

#[cfg(target_os = "linux")]
mod sandbox {
    //! The few system calls std does not wrap: a resource limit set in the
    //! child before exec, the group kill, and `wait4` for resource usage.
    //! The C library that std links already has them.
    use super::Termination;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};

    #[repr(C)]
    struct TimeVal {
        seconds: i64,
        microseconds: i64,
    }

    #[repr(C)]
    struct ResourceUsage {
        user: TimeVal,
        system: TimeVal,
        max_rss_kib: i64,
        other: [i64; 13],
    }

    #[repr(C)]
    struct ResourceLimit {
        current: u64,
        maximum: u64,
    }

    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut ResourceUsage) -> i32;
        fn setrlimit(resource: i32, limit: *const ResourceLimit) -> i32;
        fn kill(pid: i32, signal: i32) -> i32;
        fn waitid(id_type: i32, id: u32, info: *mut [u64; 16], options: i32) -> i32;
    }

    const WNOHANG: i32 = 1;
    const P_PID: i32 = 1;
    const WEXITED: i32 = 4;
    const WNOWAIT: i32 = 0x0100_0000;
    const RLIMIT_CORE: i32 = 4;
    const RLIMIT_AS: i32 = 9;
    const SIGKILL: i32 = 9;

    /// A process group of its own (so the group can be killed whole), no
    /// core dumps, and the address-space limit.
    pub fn contain(command: &mut Command, memory_bytes: Option<u64>) {
        command.process_group(0);
        // SAFETY: the closure runs in the child between fork and exec and
        // only calls setrlimit, which is async-signal-safe.
        unsafe {
            command.pre_exec(move || {
                let no_core = ResourceLimit {
                    current: 0,
                    maximum: 0,
                };
                setrlimit(RLIMIT_CORE, &no_core);
                if let Some(bytes) = memory_bytes {
                    let limit = ResourceLimit {
                        current: bytes,
                        maximum: bytes,
                    };
                    if setrlimit(RLIMIT_AS, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
    }

    /// Kills every process of the program's group (the group id is the
    /// program's pid). Harmless when the group is already gone.
    pub fn kill_group(child: &Child) {
        // SAFETY: plain system call on a process group we created.
        unsafe {
            kill(-(child.id() as i32), SIGKILL);
        }
    }

    /// The program's current address space in bytes (VmSize), if readable.
    pub fn address_space(child: &Child) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmPeak:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    fn wait(child: &Child, options: i32) -> Option<(Termination, Option<u64>)> {
        let mut status = 0;
        let mut usage = ResourceUsage {
            user: TimeVal {
                seconds: 0,
                microseconds: 0,
            },
            system: TimeVal {
                seconds: 0,
                microseconds: 0,
            },
            max_rss_kib: 0,
            other: [0; 13],
        };
        // SAFETY: both pointers are to live, correctly laid out locals.
        let pid = unsafe { wait4(child.id() as i32, &mut status, options, &mut usage) };
        if pid <= 0 {
            return None;
        }
        let termination = if status & 0x7f == 0 {
            Termination::Exited((status >> 8) & 0xff)
        } else {
            Termination::Signaled(status & 0x7f)
        };
        Some((termination, Some(usage.max_rss_kib as u64)))
    }

    /// Once the program has ended: its group is killed while the program's
    /// zombie still holds the group id (so the id cannot have been reused),
    /// then the program is reaped.
    pub fn try_reap(child: &mut Child) -> Option<(Termination, Option<u64>)> {
        let mut info = [0u64; 16];
        // SAFETY: `info` is a zeroed buffer as large as siginfo_t.
        let done = unsafe { waitid(P_PID, child.id(), &mut info, WEXITED | WNOHANG | WNOWAIT) };
        // si_signo, the first int, is set only when the program has ended.
        if done != 0 || info[0] as u32 == 0 {
            return None;
        }
        kill_group(child);
        wait(child, 0)
    }

    pub fn reap(child: &mut Child) -> (Termination, Option<u64>) {
        wait(child, 0).unwrap_or((Termination::Signaled(SIGKILL), None))
    }
}

#[cfg(not(target_os = "linux"))]
mod sandbox {
    //! Elsewhere: only the direct child is killed and no memory limit is set.
    use super::Termination;
    use std::process::{Child, Command};

    pub fn contain(_command: &mut Command, _memory_bytes: Option<u64>) {}

    pub fn kill_group(_child: &Child) {}

    pub fn address_space(_child: &Child) -> Option<u64> {
        None
    }

    fn termination(status: std::process::ExitStatus) -> Termination {
        status
            .code()
            .map_or(Termination::Signaled(0), Termination::Exited)
    }

    pub fn try_reap(child: &mut Child) -> Option<(Termination, Option<u64>)> {
        child
            .try_wait()
            .ok()
            .flatten()
            .map(|s| (termination(s), None))
    }

    pub fn reap(child: &mut Child) -> (Termination, Option<u64>) {
        let _ = child.kill();
        (
            child.wait().map_or(Termination::Signaled(0), termination),
            None,
        )
    }
}

/// Runs the program and requires that it ends normally within the limits;
/// Err describes what went wrong.
pub fn run_ok(command: &[String], input: &[u8], limits: &Limits) -> Result<Run, String> {
    let ran = run(command, input, limits)?;
    if ran.succeeded() {
        return Ok(ran);
    }
    Err(format!(
        "the program failed on {} input bytes ({:?}{}{}): {}",
        input.len(),
        ran.termination,
        if ran.output_limit_exceeded {
            ", output limit exceeded"
        } else {
            ""
        },
        if ran.memory_limit_exceeded {
            ", memory limit exceeded"
        } else {
            ""
        },
        ran.stderr_tail.trim()
    ))
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
    use crate::cli::UsageError;
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
