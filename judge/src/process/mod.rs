//! Running a contestant's program as a contest grader does: standard input
//! fed, standard output captured up to a limit, the last bytes of standard
//! error kept; wall time, CPU time over every thread and child, address
//! space and the number of processes limited; and, when it ends or hits a
//! limit, every process it started killed, so nothing outlives its run or
//! holds the grader. Crashes and limits are results, not errors.
//!
//! `keeper`: how a program is started and contained (PID namespace or
//! subreaper, kernel limits); `sandbox`: what a program of `judge grade`
//! may see and do (its own root, no network, an unprivileged user); `root`:
//! the steps that build its root, and `confine`: how they and the rest are
//! applied before exec; `warden`: the namespace's init, which builds the
//! sandbox and reports the program's end through `report`'s pipe; `watch`:
//! the grader's side of those reports and its own limits; `pipe`: the
//! program's output read whole; `sweep`: the subreaper's kill of orphans;
//! `sys`: the system calls std does not wrap; `tree`: what the program's
//! processes use, from /proc; `submission`: a source file compiled or
//! interpreted by the `toolchain` of its language, or a shell command line.

mod confine;
mod keeper;
mod pipe;
mod report;
mod root;
mod sandbox;
mod submission;
mod sweep;
mod sys;
mod toolchain;
mod tree;
mod warden;
mod watch;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

pub use keeper::Kept;
use pipe::reader;
pub use sandbox::{
    Layers, Sandbox, Sandboxed, DEFAULT_FILE_SIZE_LIMIT_MB, DEFAULT_SANDBOX_USER,
    DEFAULT_SCRATCH_LIMIT_MB,
};
pub use submission::{
    compile_submission, prepare, with_arguments, with_submission, Prepared, ScratchDir, Submission,
    SubmissionError, SHELL,
};
use tetris_core::verdict::RunFailure;
pub use toolchain::{toolchain_table, TOOLCHAINS};
use watch::{watch, Stop};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Exited(i32),
    Signaled(i32),
    /// Past the wall-time limit.
    TimedOut,
    /// Past the CPU-time limit, counted over all its threads and children.
    CpuTimeExceeded,
}

/// How the program's processes were held together, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Containment {
    /// A PID namespace: when the program ends, the kernel ends every
    /// process it started, and the program cannot see or signal the grader.
    PidNamespace,
    /// The same inside a new user namespace (a grader that is not root),
    /// where the kernel also enforces the process limit.
    UserAndPidNamespace,
    /// No namespace allowed: a child subreaper inherits every orphan and
    /// kills them all when the program ends.
    Subreaper,
}

impl std::fmt::Display for Containment {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Containment::PidNamespace => "a PID namespace",
            Containment::UserAndPidNamespace => "a user and PID namespace",
            Containment::Subreaper => "a child subreaper (no namespace allowed)",
        })
    }
}

#[derive(Debug)]
pub struct Run {
    pub termination: Termination,
    pub stdout: Vec<u8>,
    /// The program wrote more than the output limit (and was killed).
    pub output_limit_exceeded: bool,
    /// The program ran out of its memory limit and ended abnormally.
    pub memory_limit_exceeded: bool,
    /// The program's processes and threads reached the limit and it did
    /// not end normally.
    pub process_limit_exceeded: bool,
    /// The last bytes of its standard error, for crash reports, escaped
    /// (control characters and invalid UTF-8 as \xNN).
    pub stderr_tail: String,
    /// Earlier standard error was dropped to keep only the tail.
    pub stderr_cut: bool,
    pub wall: Duration,
    /// CPU time of every thread and process of the program.
    pub cpu: Duration,
    /// Peak resident memory in KiB of its largest process, from `wait4` and
    /// /proc samples (a process killed at a limit is reaped by no one who
    /// reports it).
    pub max_rss_kib: Option<u64>,
    pub containment: Option<Containment>,
    /// What the sandbox gave, for a run asked to be sandboxed.
    pub sandbox: Option<Sandboxed>,
}

impl Run {
    /// Whether the program ended normally within every limit.
    pub fn succeeded(&self) -> bool {
        self.failure().is_none()
    }

    /// Why the run gave no output to judge, as a contest system says it;
    /// None when it ended normally within every limit.
    pub fn failure(&self) -> Option<RunFailure> {
        if self.output_limit_exceeded {
            return Some(RunFailure::OutputLimit);
        }
        if self.memory_limit_exceeded {
            return Some(RunFailure::MemoryLimit);
        }
        if self.process_limit_exceeded {
            return Some(RunFailure::ProcessLimit);
        }
        match self.termination {
            Termination::Exited(0) => None,
            Termination::TimedOut => Some(RunFailure::TimeLimit),
            Termination::CpuTimeExceeded => Some(RunFailure::CpuTimeLimit),
            Termination::Signaled(s) => Some(RunFailure::RuntimeError(format!("signal {s}"))),
            Termination::Exited(c) => Some(RunFailure::RuntimeError(format!("exit code {c}"))),
        }
    }
}

/// What `judge grade` enforces by default; the README and the statement
/// say the same.
pub const DEFAULT_TIME_LIMIT_SECONDS: f64 = 1.0;
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 256;
pub const DEFAULT_OUTPUT_LIMIT_MB: u64 = 16;
pub const DEFAULT_PROCESS_LIMIT: u64 = 64;
/// Standard error kept for reports; the rest is read and thrown away.
pub const STDERR_TAIL_BYTES: usize = 2000;

#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall time.
    pub time: Duration,
    /// CPU time over every thread and process.
    pub cpu_time: Option<Duration>,
    pub output_bytes: usize,
    /// The address space of the program (and of each process it starts).
    pub memory_bytes: Option<u64>,
    /// Processes and threads alive at once.
    pub processes: Option<u64>,
    /// Run in a sandbox (a root of its own, no network, …): `judge grade`.
    pub sandbox: Option<Sandbox>,
}

impl Limits {
    /// A generous limit for tools (benchmarks, audits) that are not grading.
    pub fn tool(time: Duration) -> Limits {
        Limits {
            time,
            cpu_time: None,
            output_bytes: (DEFAULT_OUTPUT_LIMIT_MB as usize) << 20,
            memory_bytes: None,
            processes: None,
            sandbox: None,
        }
    }
}

/// After the program ended, how long its output pipes may stay open before
/// the grader judges what it has read so far.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// The only environment a sandboxed program gets, as under isolate; its
/// interpreter is looked up there too (`toolchain`).
pub const SANDBOX_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// Starts a program under a keeper with piped stdin and stdout and the
/// kernel's share of `limits`, in its sandbox if it has one. The
/// environment variable `JUDGE_CONTAINMENT=subreaper` skips the namespaces.
pub fn spawn_contained(command: &[String], stderr: Stdio, limits: &Limits) -> Result<Kept, String> {
    let (program, arguments) = command.split_first().ok_or("empty command")?;
    let mut builder = Command::new(program);
    builder
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr);
    let plan = match &limits.sandbox {
        Some(sandbox) => {
            builder.env_clear().env("PATH", SANDBOX_PATH);
            Some(
                sandbox::plan(sandbox, command)
                    .map_err(|e| format!("cannot start {program}: {e}"))?,
            )
        }
        None => None,
    };
    let kernel = keeper::KernelLimits {
        address_space: limits.memory_bytes,
        cpu_seconds: limits.cpu_time.map(|t| t.as_secs() + 2),
        tasks: limits.processes,
        subreaper_only: subreaper_forced(),
    };
    keeper::spawn(builder, kernel, plan).map_err(|e| format!("cannot start {program}: {e}"))
}

/// Whether `JUDGE_CONTAINMENT=subreaper` asks for no namespace at all.
fn subreaper_forced() -> bool {
    std::env::var_os("JUDGE_CONTAINMENT").is_some_and(|v| v == "subreaper")
}

/// Kills a program started by `spawn_contained` with every process it
/// started, and reaps it.
pub fn kill_contained(kept: &mut Kept) {
    kept.finish();
}

/// Runs `command` (a program and its arguments) on `input`. Err only when the
/// program cannot be started at all.
pub fn run(command: &[String], input: &[u8], limits: &Limits) -> Result<Run, String> {
    let mut kept = spawn_contained(command, Stdio::piped(), limits)?;
    let start = Instant::now();
    let mut stdin = kept.child.stdin.take().ok_or("stdin is not piped")?;
    let input = input.to_vec();
    // A program may exit without reading its input: a broken pipe is fine.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let exceeded = Arc::new(AtomicBool::new(false));
    let stdout = kept.child.stdout.take().ok_or("stdout is not piped")?;
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
    let stderr = kept.child.stderr.take().ok_or("stderr is not piped")?;
    let dropped = Arc::new(AtomicBool::new(false));
    let dropping = Arc::clone(&dropped);
    let errors = reader(stderr, move |kept: &mut Vec<u8>, chunk: &[u8]| {
        kept.extend_from_slice(chunk);
        if kept.len() > 2 * STDERR_TAIL_BYTES {
            kept.drain(..kept.len() - STDERR_TAIL_BYTES);
            dropping.store(true, Ordering::SeqCst);
        }
        true
    });
    let mut watched = watch(&mut kept, start, limits, &exceeded);
    let wall = start.elapsed();
    let usage = kept.finish();
    // The keeper's report may come after the program's end: read the rest.
    let give_up = Instant::now() + PIPE_GRACE;
    while let Ok(report) = kept
        .reports
        .recv_timeout(give_up.saturating_duration_since(Instant::now()))
    {
        watched.take(report);
    }
    // A program that never started is the machine's failure, never a
    // verdict on the program.
    if let Some(e) = &watched.fork_failed {
        return Err(format!("cannot start {}: fork failed: {e}", command[0]));
    }
    if let Some(e) = &watched.sandbox_failed {
        return Err(format!(
            "cannot start {}: its sandbox could not be set up: {e}",
            command[0]
        ));
    }
    if watched.containment.is_none() && watched.wait_status.is_none() {
        return Err(format!(
            "cannot start {}: the keeper ended without a report",
            command[0]
        ));
    }
    let grace = Instant::now() + PIPE_GRACE;
    let stdout = collected.take(grace);
    let stderr = errors.take(grace);
    let stderr_cut = stderr.len() > STDERR_TAIL_BYTES || dropped.load(Ordering::SeqCst);
    let stderr_tail = escaped(&stderr[stderr.len().saturating_sub(STDERR_TAIL_BYTES)..]);
    let cpu = usage.cpu().max(watched.peak.cpu);
    let mut termination = match (watched.stop, watched.wait_status) {
        (Some(Stop::Wall), _) => Termination::TimedOut,
        (Some(Stop::Cpu), _) => Termination::CpuTimeExceeded,
        (_, Some(status)) if status & 0x7f == 0 => Termination::Exited((status >> 8) & 0xff),
        (_, Some(status)) => Termination::Signaled(status & 0x7f),
        // Killed by the grader, or the keeper lost: the program did not end.
        (_, None) => Termination::Signaled(9),
    };
    if limits.cpu_time.is_some_and(|most| cpu > most) && termination != Termination::TimedOut {
        termination = Termination::CpuTimeExceeded;
    }
    let abnormal = !matches!(termination, Termination::Exited(0) | Termination::TimedOut);
    let memory_limit_exceeded = limits.memory_bytes.is_some_and(|bytes| {
        abnormal
            && (allocation_failed(&stderr_tail)
                || watched.peak.peak_address_space * 10 >= bytes * 9)
    });
    let process_limit_exceeded = watched.stop == Some(Stop::Processes)
        || (termination != Termination::Exited(0)
            && limits
                .processes
                .is_some_and(|most| watched.peak.tasks >= most));
    Ok(Run {
        termination,
        stdout,
        output_limit_exceeded: exceeded.load(Ordering::SeqCst),
        memory_limit_exceeded,
        process_limit_exceeded,
        stderr_tail,
        stderr_cut,
        wall,
        cpu,
        max_rss_kib: Some(usage.max_rss_kib().max(watched.peak.peak_rss_kib)),
        containment: watched.containment,
        sandbox: limits.sandbox.as_ref().map(|asked| Sandboxed {
            layers: watched.layers,
            // SAFETY: a plain id query.
            as_root: unsafe { sys::geteuid() } == 0,
            user: asked.user,
            file_bytes: asked.file_bytes,
            scratch_bytes: asked.scratch_bytes,
            refused: watched.refused,
            skipped: subreaper_forced(),
        }),
    })
}

/// Text safe to print on a terminal or a page: valid UTF-8 kept with its
/// line breaks and tabs, other control characters and invalid bytes as
/// \xNN.
pub fn escaped(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() && c != '\n' && c != '\t' {
                for b in c.to_string().bytes() {
                    out.push_str(&format!("\\x{b:02x}"));
                }
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
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

/// Runs the program and requires that it ends normally within the limits;
/// Err describes what went wrong.
pub fn run_ok(command: &[String], input: &[u8], limits: &Limits) -> Result<Run, String> {
    let ran = run(command, input, limits)?;
    match ran.failure() {
        None => Ok(ran),
        Some(failure) => Err(format!(
            "the program failed on {} input bytes ({failure}): {}",
            input.len(),
            ran.stderr_tail.trim()
        )),
    }
}
