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
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use super::confine;
use super::report::*;
use super::sandbox::Plan;
use super::submission::ScratchDir;
use super::sweep::kill_every_child;
use super::sys::*;
use super::warden::warden_then_program;

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

/// A program started under a keeper.
pub struct Kept {
    pub child: Child,
    control: Option<File>,
    pub reports: mpsc::Receiver<Report>,
    /// The sandbox's folder on the machine, removed once the run is over.
    _folder: Option<ScratchDir>,
}

/// Starts `command` (its stdio already set) under a keeper, in the
/// sandbox of `plan` if there is one.
pub fn spawn(
    mut command: Command,
    limits: KernelLimits,
    sandbox: Option<(ScratchDir, Plan)>,
) -> std::io::Result<Kept> {
    use std::os::unix::io::AsRawFd;
    let (report_read, report_write) = pipe()?;
    let (control_read, control_write) = pipe()?;
    let report_fd = report_write.as_raw_fd();
    let control_fd = control_read.as_raw_fd();
    // SAFETY: the closure runs in the child between fork and exec and calls
    // only async-signal-safe system calls on its own stack.
    let (folder, plan) = match sandbox {
        Some((folder, plan)) => (Some(folder), Some(Arc::new(plan))),
        None => (None, None),
    };
    unsafe {
        let grader = std::process::id() as i32;
        command.pre_exec(move || {
            keeper(limits, plan.as_deref(), grader, report_fd, control_fd);
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
        _folder: folder,
    })
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
fn keeper(limits: KernelLimits, plan: Option<&Plan>, grader: i32, report: i32, control: i32) {
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
        // The warden builds the sandbox with this namespace's capabilities,
        // which need the grader's ids mapped.
        if let Some(plan) = plan {
            confine::map_own(plan.uid, plan.gid);
        }
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
    if plan.is_some() {
        // Neither the keeper nor the warden can be traced or have its
        // memory opened by the program, of the same user or not (once the
        // keeper's own maps are written: its /proc files become root's).
        unsafe { prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) };
    }
    let warden = unsafe { fork() };
    if warden == 0 {
        let sandbox = plan.map(|plan| (plan, containment != 2));
        return warden_then_program(report, sandbox, limits.tasks);
    }
    if warden < 0 {
        report_fork_failure(report);
        unsafe { _exit(1) };
    }
    close_all_but(&[report, control]);
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
