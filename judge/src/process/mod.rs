//! Running a contestant's program as a contest grader does: standard input
//! fed, standard output captured up to a limit, the last bytes of standard
//! error kept; wall time, CPU time over every thread and child, address
//! space and the number of processes limited; and, when it ends or hits a
//! limit, every process it started killed, so nothing outlives its run or
//! holds the grader. Crashes and limits are results, not errors.
//!
//! `keeper`: how a program is started and contained (PID namespace or
//! subreaper, kernel limits); `sandbox`: what a program of `judge grade`
//! may see and do (its own root, no network, an unprivileged user), `root`:
//! the steps that build its root, and `confine`: how they and the rest are
//! applied before exec; `warden`: the namespace's
//! init, which builds the sandbox and reports the program's end, through
//! `report`'s pipe; `sweep`: the subreaper's kill of orphans; `sys`: the system calls std does not wrap; `tree`:
//! what the program's processes use, from /proc; `submission`: a source file
//! compiled or interpreted by the `toolchain` of its language, or a shell
//! command line.

mod confine;
mod keeper;
mod report;
mod root;
mod sandbox;
mod submission;
mod sweep;
mod sys;
mod toolchain;
mod tree;
mod warden;

use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub use keeper::Kept;
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
/// How often the program's processes are counted through /proc.
const SAMPLE_EVERY: Duration = Duration::from_millis(10);

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

/// Why the grader stopped the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Wall,
    Cpu,
    Processes,
    Output,
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

/// What was seen while the program ran.
struct Watched {
    /// The warden's pid, once the keeper has reported it.
    warden: Option<i32>,
    /// The keeper or the warden could not fork: the machine's failure.
    fork_failed: Option<std::io::Error>,
    /// The sandbox could not be finished: the machine's failure.
    sandbox_failed: Option<std::io::Error>,
    /// The sandbox's layers that held, as reported.
    layers: Layers,
    /// The step of the program's root the kernel refused, and its errno.
    refused: Option<(u16, i32)>,
    /// The program's wait status, if it ended by itself.
    wait_status: Option<i32>,
    stop: Option<Stop>,
    /// The largest CPU time, task count and address space sampled.
    peak: tree::Sample,
    containment: Option<Containment>,
}

impl Watched {
    /// Samples the program's processes and keeps the peaks.
    fn sample(&mut self, warden: i32) -> tree::Sample {
        let seen = tree::sample(warden);
        let peak = &mut self.peak;
        peak.cpu = peak.cpu.max(seen.cpu);
        peak.tasks = peak.tasks.max(seen.tasks);
        peak.peak_address_space = peak.peak_address_space.max(seen.peak_address_space);
        peak.peak_rss_kib = peak.peak_rss_kib.max(seen.peak_rss_kib);
        seen
    }

    /// Takes in one report of the keeper or the warden; whether the
    /// program is over (ended, or never started).
    fn take(&mut self, report: report::Report) -> bool {
        match report {
            report::Report::Warden { containment, pid } => {
                self.containment = Some(containment);
                self.warden = Some(pid);
                false
            }
            report::Report::Ended { wait_status } => {
                self.wait_status = self.wait_status.or(Some(wait_status));
                true
            }
            report::Report::Layers(held) => {
                self.layers = Layers(self.layers.0 | held.0);
                false
            }
            report::Report::TasksAtEnd(tasks) => {
                self.peak.tasks = self.peak.tasks.max(tasks.into());
                false
            }
            report::Report::Refused { step, errno } => {
                self.refused = Some((step, errno));
                false
            }
            report::Report::ForkFailed { errno } => {
                self.fork_failed = Some(std::io::Error::from_raw_os_error(errno));
                true
            }
            report::Report::SandboxFailed { errno } => {
                self.sandbox_failed = Some(std::io::Error::from_raw_os_error(errno));
                true
            }
        }
    }
}

/// Waits for the program to end or for a limit. The keeper reports the
/// program's end the moment it happens; the program's processes are
/// sampled every `SAMPLE_EVERY` for the limits the kernel cannot hold on
/// the whole tree.
fn watch(
    kept: &mut Kept,
    start: Instant,
    limits: &Limits,
    output_exceeded: &AtomicBool,
) -> Watched {
    let mut watched = Watched {
        warden: None,
        fork_failed: None,
        sandbox_failed: None,
        layers: Layers::default(),
        refused: None,
        wait_status: None,
        stop: None,
        peak: tree::Sample::default(),
        containment: None,
    };
    let deadline = start + limits.time;
    let mut next_sample = start;
    let mut pause = Duration::from_micros(100);
    loop {
        match kept.reports.recv_timeout(pause) {
            Ok(report) => {
                if watched.take(report) {
                    return watched;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return watched,
        }
        let now = Instant::now();
        let stop = if output_exceeded.load(Ordering::SeqCst) {
            Some(Stop::Output)
        } else if now >= deadline {
            Some(Stop::Wall)
        } else {
            None
        };
        if let (Some(pid), None, true) = (watched.warden, stop, now >= next_sample) {
            let seen = watched.sample(pid);
            next_sample = now + SAMPLE_EVERY;
            if limits.cpu_time.is_some_and(|most| seen.cpu > most) {
                watched.stop = Some(Stop::Cpu);
            } else if limits.processes.is_some_and(|most| seen.tasks > most) {
                watched.stop = Some(Stop::Processes);
            }
        } else {
            watched.stop = stop;
            // The memory it had reached when it is killed, for the report
            // only: the verdict stays with what the limits saw.
            if let (Some(pid), Some(_)) = (watched.warden, stop) {
                let rss = tree::sample(pid).peak_rss_kib;
                watched.peak.peak_rss_kib = watched.peak.peak_rss_kib.max(rss);
            }
        }
        if watched.stop.is_some() {
            kept.stop();
            return watched;
        }
        pause = (pause * 2).min(Duration::from_millis(2));
    }
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

/// A pipe read on a thread of its own; `keep` stores each chunk and says
/// whether to go on. The reader wakes every `READER_WAKE` to see whether
/// the grader has stopped waiting (`Collected::take`): it then takes
/// everything already in the pipe, so what the program wrote before it
/// ended is never lost, however late this thread is scheduled.
fn reader(
    mut pipe: impl Read + AsRawFd + Send + 'static,
    mut keep: impl FnMut(&mut Vec<u8>, &[u8]) -> bool + Send + 'static,
) -> Collected {
    const READER_WAKE_MS: i32 = 20;
    // Past the wait, what the pipe can hold is what the program wrote and
    // nobody read yet (a pipe holds at most 1 MiB unless root enlarges
    // it): more would come from a process still writing, which is not
    // waited for.
    const DRAIN_AT_MOST: usize = 2 << 20;
    let kept = Arc::new(Mutex::new(Vec::new()));
    let shared = Arc::clone(&kept);
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = Arc::clone(&stop);
    let (done, finished) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let fd = pipe.as_raw_fd();
        let mut drained = 0;
        loop {
            let draining = stopping.load(Ordering::SeqCst);
            if draining && drained >= DRAIN_AT_MOST {
                break;
            }
            let mut ready = sys::PollFd {
                fd,
                events: sys::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd for the pipe this thread owns.
            let polled =
                unsafe { sys::poll(&mut ready, 1, if draining { 0 } else { READER_WAKE_MS }) };
            if polled == 0 {
                if draining {
                    break;
                }
                continue;
            }
            if polled < 0 {
                if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                break;
            }
            // Readable or hung up: this read does not block.
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    if draining {
                        drained += n;
                    }
                    let mut kept = shared.lock().unwrap_or_else(|p| p.into_inner());
                    if !keep(&mut kept, &buf[..n]) {
                        break;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = done.send(());
    });
    Collected {
        kept,
        stop,
        finished,
    }
}

struct Collected {
    kept: Arc<Mutex<Vec<u8>>>,
    stop: Arc<AtomicBool>,
    finished: mpsc::Receiver<()>,
}

impl Collected {
    /// What the reader kept, once the pipe closed or, if it is still held
    /// open at `deadline` (by something the program left behind), what was
    /// in the pipe by then.
    fn take(self, deadline: Instant) -> Vec<u8> {
        let left = deadline.saturating_duration_since(Instant::now());
        if self.finished.recv_timeout(left).is_err() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = self.finished.recv();
        }
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        std::mem::take(&mut *kept)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader thread scheduled late (here: held up in `keep` past the
    /// grader's wait) still hands over everything the program wrote, while
    /// the pipe stays open.
    #[test]
    fn a_late_reader_still_takes_what_was_written_before_the_wait_ended() {
        let mut child = Command::new("/bin/sh")
            .args(["-c", "printf first; sleep 0.1; printf second; sleep 3"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh starts");
        let stdout = child.stdout.take().expect("piped");
        let mut first = true;
        let collected = reader(stdout, move |kept: &mut Vec<u8>, chunk: &[u8]| {
            if std::mem::take(&mut first) {
                thread::sleep(Duration::from_millis(400));
            }
            kept.extend_from_slice(chunk);
            true
        });
        thread::sleep(Duration::from_millis(250));
        let taken = collected.take(Instant::now() + Duration::from_millis(50));
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(String::from_utf8_lossy(&taken), "firstsecond");
    }
}
