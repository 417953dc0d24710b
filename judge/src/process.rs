//! Running a contestant's program: standard input in, standard output
//! captured up to a limit, killed at the time limit, with its wall time and
//! peak memory. Crashes, timeouts and output limits are results, not errors.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

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
    /// The last bytes of its standard error, for crash reports.
    pub stderr_tail: String,
    pub wall: Duration,
    /// Peak resident memory in KiB, where the platform tells it.
    pub max_rss_kib: Option<u64>,
}

pub struct Limits {
    pub time: Duration,
    pub output_bytes: usize,
}

/// Runs `command` (a program and its arguments) on `input`. Err only when the
/// program cannot be started at all.
pub fn run(command: &[String], input: &[u8], limits: &Limits) -> Result<Run, String> {
    let (program, arguments) = command.split_first().ok_or("empty command")?;
    let mut child = Command::new(program)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let start = Instant::now();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A program may exit without reading its input: a broken pipe is fine.
    let feeder = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let limit = limits.output_bytes;
    let collector = thread::spawn(move || {
        let mut kept = Vec::new();
        let mut exceeded = false;
        let mut buf = [0u8; 1 << 16];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            let room = limit.saturating_sub(kept.len());
            kept.extend_from_slice(&buf[..n.min(room)]);
            if n > room {
                // Stop reading: the program blocks on its full pipe until
                // the time limit kills it.
                exceeded = true;
                break;
            }
        }
        (kept, exceeded)
    });
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let errors = thread::spawn(move || {
        let mut all = Vec::new();
        let _ = stderr.read_to_end(&mut all);
        let tail = &all[all.len().saturating_sub(2000)..];
        String::from_utf8_lossy(tail).into_owned()
    });
    let (termination, max_rss_kib) = wait_with_deadline(&mut child, start + limits.time);
    let wall = start.elapsed();
    let _ = feeder.join();
    let (stdout, output_limit_exceeded) = collector.join().unwrap_or_default();
    let stderr_tail = errors.join().unwrap_or_default();
    Ok(Run {
        termination,
        stdout,
        output_limit_exceeded,
        stderr_tail,
        wall,
        max_rss_kib,
    })
}

fn wait_with_deadline(child: &mut Child, deadline: Instant) -> (Termination, Option<u64>) {
    let mut pause = Duration::from_micros(100);
    loop {
        if let Some(done) = reap::try_reap(child) {
            return done;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let (_, rss) = reap::reap(child);
            return (Termination::TimedOut, rss);
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(2));
    }
}

#[cfg(target_os = "linux")]
mod reap {
    //! std's `Child::wait` does not report resource usage; `wait4` does, and
    //! the C library that std links already has it.
    use super::Termination;
    use std::process::Child;

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

    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut ResourceUsage) -> i32;
    }

    const WNOHANG: i32 = 1;

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

    pub fn try_reap(child: &mut Child) -> Option<(Termination, Option<u64>)> {
        wait(child, WNOHANG)
    }

    pub fn reap(child: &mut Child) -> (Termination, Option<u64>) {
        wait(child, 0).unwrap_or((Termination::Signaled(9), None))
    }
}

#[cfg(not(target_os = "linux"))]
mod reap {
    use super::Termination;
    use std::process::Child;

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
        (
            child.wait().map_or(Termination::Signaled(0), termination),
            None,
        )
    }
}

/// Compiles a single-file submission exactly as a contest system does:
/// `rustc -O --edition 2021`. Returns the executable's path, or rustc's
/// messages.
pub fn compile_submission(
    source: &std::path::Path,
    work_dir: &std::path::Path,
) -> Result<std::path::PathBuf, String> {
    std::fs::create_dir_all(work_dir).map_err(|e| format!("{}: {e}", work_dir.display()))?;
    let stem = source
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("submission");
    let binary = work_dir.join(format!("{stem}-submission"));
    let output = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
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

/// Runs `body` with the command of the submission named on the command line
/// (the first positional argument, a `.rs` file compiled as a contest system
/// does, or `--cmd 'COMMAND'`), and removes the compiled program afterwards.
pub fn with_submission<T>(
    args: &crate::cli::Args,
    body: impl FnOnce(&[String]) -> Result<T, crate::cli::Failure>,
) -> Result<T, crate::cli::Failure> {
    let work = std::env::temp_dir().join(format!("tetris-judge-{}", std::process::id()));
    let command = submission_command(
        args.positional.first().map(String::as_str),
        args.value("--cmd"),
        &work,
    );
    let result = command.and_then(|command| body(&command));
    let _ = std::fs::remove_dir_all(&work);
    result
}

/// The command that runs a submission: a `.rs` file is compiled first into
/// `work_dir`; anything else is split on spaces and run as it is.
fn submission_command(
    source: Option<&str>,
    cmd: Option<&str>,
    work_dir: &std::path::Path,
) -> Result<Vec<String>, crate::cli::Failure> {
    use crate::cli::{Failure, UsageError};
    match (source, cmd) {
        (Some(path), None) => {
            let binary = compile_submission(std::path::Path::new(path), work_dir)
                .map_err(|e| Failure::Judge(format!("compilation error in {path}:\n{e}")))?;
            Ok(vec![binary.to_string_lossy().into_owned()])
        }
        (None, Some(cmd)) => {
            let words: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
            if words.is_empty() {
                return Err(UsageError("--cmd is empty".into()).into());
            }
            Ok(words)
        }
        _ => {
            Err(UsageError("give a submission .rs file or --cmd 'COMMAND', not both".into()).into())
        }
    }
}
