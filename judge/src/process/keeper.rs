//! Starting a program so that nothing it starts can outlive its run: the
//! shape isolate and DOMjudge's runguard use, within the standard library.
//!
//! The grader's child is a *keeper* that never runs contestant code. It
//! sets the kernel limits, enters a new PID namespace where the kernel
//! allows one (plain, else together with a user namespace), else becomes a
//! child subreaper, and forks the *warden*: the namespace's init (pid 1).
//! The warden forks the program, reports its wait status on a report pipe
//! the moment it ends, and exits; the kernel then kills every process left
//! in the namespace, whatever session or group it moved to. Without a
//! namespace the keeper, as subreaper, inherits every orphan and kills them
//! all before it exits. The grader never signals a pid it has not still
//! got a claim on: it asks the keeper, through a control pipe, to stop the
//! warden (the keeper alone reaps the warden, so that pid cannot have been
//! reused), and it reaps the keeper itself.
//!
//! The keeper and the warden run between fork and exec of a multithreaded
//! process, so they call only async-signal-safe system calls: no
//! allocation, no locks.

use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::io::FromRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::sweep::kill_every_child;
use super::sys::*;
use super::Containment;

/// What the keeper applies before the program starts.
#[derive(Clone, Copy, Debug)]
pub struct KernelLimits {
    pub address_space: Option<u64>,
    /// Per process, a backstop: the grader counts CPU over the whole tree.
    pub cpu_seconds: Option<u64>,
    /// Processes and threads of the program, enforced by the kernel where
    /// it can count them apart from the grader's (in a user namespace).
    pub tasks: Option<u64>,
    /// Skip the namespaces (tests of the fallback; organisers' choice).
    pub subreaper_only: bool,
}

/// Messages on the report pipe: the keeper's `K mode pid`, the warden's
/// `S status`, and `F errno` from either when a fork fails (the machine's
/// doing, never the program's).
const KEEPER: u8 = b'K';
const STATUS: u8 = b'S';
const FORK_FAILED: u8 = b'F';

/// What the report pipe said, in order.
#[derive(Debug)]
pub enum Report {
    Warden { containment: Containment, pid: i32 },
    Ended { wait_status: i32 },
    ForkFailed { errno: i32 },
}

/// A program started under a keeper.
pub struct Kept {
    pub child: Child,
    control: Option<File>,
    pub reports: mpsc::Receiver<Report>,
}

fn pipe() -> std::io::Result<(File, File)> {
    let mut fds = [0i32; 2];
    // SAFETY: `fds` is a live array of two ints, as pipe2 requires.
    if unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned here alone.
    Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
}

/// Starts `command` (its stdio already set) under a keeper.
pub fn spawn(mut command: Command, limits: KernelLimits) -> std::io::Result<Kept> {
    use std::os::unix::io::AsRawFd;
    let (report_read, report_write) = pipe()?;
    let (control_read, control_write) = pipe()?;
    let report_fd = report_write.as_raw_fd();
    let control_fd = control_read.as_raw_fd();
    // SAFETY: the closure runs in the child between fork and exec and calls
    // only async-signal-safe system calls on its own stack.
    unsafe {
        let grader = std::process::id() as i32;
        command.pre_exec(move || {
            keeper(limits, grader, report_fd, control_fd);
            Ok(())
        });
    }
    let child = command.spawn()?;
    drop(report_write);
    drop(control_read);
    let (sender, reports) = mpsc::channel();
    thread::spawn(move || read_reports(report_read, sender));
    Ok(Kept {
        child,
        control: Some(control_write),
        reports,
    })
}

fn read_reports(mut pipe: File, sender: mpsc::Sender<Report>) {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 64];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        }
        loop {
            let word = |at: usize| {
                bytes
                    .get(at..at + 4)
                    .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            };
            let (report, used) = match bytes.first() {
                Some(&KEEPER) if bytes.len() >= 6 => {
                    let containment = match bytes[1] {
                        0 => Containment::PidNamespace,
                        1 => Containment::UserAndPidNamespace,
                        _ => Containment::Subreaper,
                    };
                    let pid = word(2).unwrap_or(0);
                    (Report::Warden { containment, pid }, 6)
                }
                Some(&STATUS) if bytes.len() >= 5 => (
                    Report::Ended {
                        wait_status: word(1).unwrap_or(0),
                    },
                    5,
                ),
                Some(&FORK_FAILED) if bytes.len() >= 5 => (
                    Report::ForkFailed {
                        errno: word(1).unwrap_or(0),
                    },
                    5,
                ),
                _ => break,
            };
            bytes.drain(..used);
            if sender.send(report).is_err() {
                return;
            }
        }
    }
}

impl Kept {
    /// Asks the keeper to kill the warden and with it every process of
    /// the program. Harmless when they are gone already.
    pub fn stop(&mut self) {
        if let Some(mut control) = self.control.take() {
            let _ = control.write_all(b"x");
        }
    }

    /// Stops the program, then reaps the keeper: how long that may take is
    /// bounded, after which the keeper is killed too.
    pub fn finish(&mut self) -> ResourceUsage {
        self.stop();
        let give_up = Instant::now() + Duration::from_secs(5);
        let pid = self.child.id() as i32;
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
        loop {
            // SAFETY: live, correctly laid out locals; our own unreaped child.
            let done = unsafe { wait4(pid, &mut status, WNOHANG, &mut usage) };
            if done != 0 {
                return usage;
            }
            if Instant::now() >= give_up {
                // SAFETY: the keeper is our child and not yet reaped.
                unsafe { kill(pid, SIGKILL) };
            }
            thread::sleep(Duration::from_micros(200));
        }
    }
}

impl ResourceUsage {
    pub fn cpu(&self) -> Duration {
        let micros =
            |t: &TimeVal| t.seconds.max(0) as u64 * 1_000_000 + t.microseconds.max(0) as u64;
        Duration::from_micros(micros(&self.user) + micros(&self.system))
    }

    pub fn max_rss_kib(&self) -> u64 {
        self.max_rss_kib.max(0) as u64
    }
}

/// The grader's child. Returns only in the program's process, which std
/// then executes.
fn keeper(limits: KernelLimits, grader: i32, report: i32, control: i32) {
    // SAFETY (whole function): async-signal-safe system calls on locals.
    unsafe {
        prctl(PR_SET_PDEATHSIG, SIGKILL as u64, 0, 0, 0);
        if getppid() != grader {
            _exit(1);
        }
    }
    set_limit(RLIMIT_CORE, 0);
    if let Some(bytes) = limits.address_space {
        set_limit(RLIMIT_AS, bytes);
    }
    if let Some(seconds) = limits.cpu_seconds {
        set_limit(RLIMIT_CPU, seconds);
    }
    let containment = if limits.subreaper_only {
        2
    } else if unsafe { unshare(CLONE_NEWPID) } == 0 {
        0
    } else if unsafe { unshare(CLONE_NEWUSER | CLONE_NEWPID) } == 0 {
        // A fresh user namespace counts its tasks apart from the user's
        // other processes, so the kernel can hold the program to the limit
        // (the keeper and the warden are two of them).
        if let Some(tasks) = limits.tasks {
            set_limit(RLIMIT_NPROC, tasks + 2);
        }
        1
    } else {
        2
    };
    if containment == 2 {
        unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    }
    let warden = unsafe { fork() };
    if warden == 0 {
        return warden_then_program(report);
    }
    if warden < 0 {
        report_fork_failure(report);
        unsafe { _exit(1) };
    }
    close_all_but([report, control]);
    let pid = warden.to_le_bytes();
    send(
        report,
        &[KEEPER, containment, pid[0], pid[1], pid[2], pid[3]],
    );
    keep(warden, control);
    if containment == 2 {
        kill_every_child();
    }
    unsafe { _exit(0) }
}

fn report_fork_failure(report: i32) {
    let e = errno().to_le_bytes();
    send(report, &[FORK_FAILED, e[0], e[1], e[2], e[3]]);
}

/// Reaps children until the warden is gone; on a word from the grader (or
/// its end), kills the warden's group and the warden.
fn keep(warden: i32, control: i32) {
    let mut status = 0;
    loop {
        loop {
            let reaped = unsafe { waitpid(-1, &mut status, WNOHANG) };
            if reaped == warden {
                return;
            }
            if reaped <= 0 {
                break;
            }
        }
        let mut ask = PollFd {
            fd: control,
            events: POLLIN,
            revents: 0,
        };
        if unsafe { poll(&mut ask, 1, 2) } > 0 {
            // A byte or the end of the pipe: either way, stop.
            unsafe {
                kill(-warden, SIGKILL);
                kill(warden, SIGKILL);
            }
            loop {
                let reaped = unsafe { waitpid(-1, &mut status, 0) };
                if reaped == warden || (reaped < 0 && errno() != EINTR) {
                    return;
                }
            }
        }
    }
}

/// The warden: a group of its own (so the grader's stop reaches the whole
/// group), then the program; it reports the program's end and exits, which
/// in a PID namespace ends every process left in it.
fn warden_then_program(report: i32) {
    unsafe {
        prctl(PR_SET_PDEATHSIG, SIGKILL as u64, 0, 0, 0);
        setpgid(0, 0);
    }
    let program = unsafe { fork() };
    if program == 0 {
        return;
    }
    if program < 0 {
        report_fork_failure(report);
        unsafe { _exit(1) };
    }
    close_all_but([report, report]);
    let mut status = 0;
    loop {
        let reaped = unsafe { waitpid(-1, &mut status, 0) };
        if reaped == program {
            let s = status.to_le_bytes();
            send(report, &[STATUS, s[0], s[1], s[2], s[3]]);
            unsafe { _exit(0) };
        }
        if reaped < 0 && errno() != EINTR {
            unsafe { _exit(0) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_read_in_any_order_and_split_anywhere() {
        let (read_end, mut write_end) = pipe().unwrap();
        let (sender, receiver) = mpsc::channel();
        let reader = thread::spawn(move || read_reports(read_end, sender));
        let mut bytes = vec![STATUS, 7, 0, 0, 0, KEEPER, 1];
        bytes.extend_from_slice(&4242i32.to_le_bytes());
        bytes.extend_from_slice(&[FORK_FAILED, 11, 0, 0, 0]);
        for chunk in bytes.chunks(3) {
            write_end.write_all(chunk).unwrap();
        }
        drop(write_end);
        reader.join().unwrap();
        let reports: Vec<String> = receiver.iter().map(|r| format!("{r:?}")).collect();
        assert_eq!(
            reports,
            [
                "Ended { wait_status: 7 }",
                "Warden { containment: UserAndPidNamespace, pid: 4242 }",
                "ForkFailed { errno: 11 }",
            ]
        );
    }
}
