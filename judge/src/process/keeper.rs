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
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use super::confine;
use super::sandbox::{Layers, Plan};
use super::submission::ScratchDir;
use super::sweep::{kill_every_child, tasks_at_the_end};
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
/// `S status`, `L layers` from the warden and the program's process (the
/// sandbox's layers that held), `R step errno` from the warden when the
/// kernel refused a step of the program's root, `T tasks` from the warden
/// with its own /proc (how many the program had at its end), and `F errno` from any of them when a
/// fork fails or `X errno` when the sandbox cannot be finished (the
/// machine's doing, never the program's).
const KEEPER: u8 = b'K';
const STATUS: u8 = b'S';
const LAYERS: u8 = b'L';
const REFUSED: u8 = b'R';
const TASKS: u8 = b'T';
const FORK_FAILED: u8 = b'F';
const SANDBOX_FAILED: u8 = b'X';

/// What the report pipe said, in order.
#[derive(Debug)]
pub enum Report {
    Warden { containment: Containment, pid: i32 },
    Ended { wait_status: i32 },
    Layers(Layers),
    Refused { step: u16, errno: i32 },
    TasksAtEnd(u32),
    ForkFailed { errno: i32 },
    SandboxFailed { errno: i32 },
}

/// A program started under a keeper.
pub struct Kept {
    pub child: Child,
    control: Option<File>,
    pub reports: mpsc::Receiver<Report>,
    /// The sandbox's folder on the machine, removed once the run is over.
    _folder: Option<ScratchDir>,
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
                Some(&LAYERS) if bytes.len() >= 2 => (Report::Layers(Layers(bytes[1])), 2),
                Some(&TASKS) if bytes.len() >= 5 => {
                    (Report::TasksAtEnd(word(1).unwrap_or(0) as u32), 5)
                }
                Some(&REFUSED) if bytes.len() >= 7 => (
                    Report::Refused {
                        step: u16::from_le_bytes([bytes[1], bytes[2]]),
                        errno: word(3).unwrap_or(0),
                    },
                    7,
                ),
                Some(&FORK_FAILED) if bytes.len() >= 5 => (
                    Report::ForkFailed {
                        errno: word(1).unwrap_or(0),
                    },
                    5,
                ),
                Some(&SANDBOX_FAILED) if bytes.len() >= 5 => (
                    Report::SandboxFailed {
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

fn report_fork_failure(report: i32) {
    report_failure(report, FORK_FAILED);
}

fn report_failure(report: i32, kind: u8) {
    let e = errno().to_le_bytes();
    send(report, &[kind, e[0], e[1], e[2], e[3]]);
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
/// group), the sandbox's namespaces and root if asked (`sandbox`: the plan
/// and whether namespaces may be tried), then the program; it reports the
/// program's end and exits, which in a PID namespace ends every process
/// left in it.
fn warden_then_program(report: i32, sandbox: Option<(&Plan, bool)>, tasks: Option<u64>) {
    unsafe {
        prctl(PR_SET_PDEATHSIG, SIGKILL as u64, 0, 0, 0);
        setpgid(0, 0);
    }
    if sandbox.is_some() {
        confine::forget_command_line();
    }
    let layers = match sandbox {
        Some((plan, true)) => enter_namespaces(plan, report),
        _ => 0,
    };
    // Two pipes for the program's user namespace: its pid one way, the
    // warden's answer the other.
    let mut ask = [-1i32; 2];
    let mut answer = [-1i32; 2];
    if sandbox.is_some() {
        unsafe {
            pipe2(ask.as_mut_ptr(), O_CLOEXEC);
            pipe2(answer.as_mut_ptr(), O_CLOEXEC);
        }
    }
    let program = unsafe { fork() };
    if program == 0 {
        if let Some((plan, namespaces)) = sandbox {
            unsafe {
                close(ask[0]);
                close(answer[1]);
            }
            let own_user = namespaces && ask[1] >= 0 && answer[0] >= 0;
            confine_program(plan, layers, own_user, (ask[1], answer[0]), tasks, report);
        }
        return;
    }
    if program < 0 {
        report_fork_failure(report);
        unsafe { _exit(1) };
    }
    close_all_but(&[report, ask[0], answer[1]]);
    if let Some((plan, true)) = sandbox {
        confine::map_program(ask[0], answer[1], plan.uid, plan.gid, !plan.as_root);
    }
    unsafe {
        close(ask[0]);
        close(answer[1]);
    }
    let mut status = 0;
    loop {
        let reaped = unsafe { waitpid(-1, &mut status, 0) };
        if reaped == program {
            // What the grader's sampling may have missed: a program that
            // met the kernel's process limit and ended at once.
            if layers & Layers::FILES != 0 {
                let t = (tasks_at_the_end().min(u32::MAX as u64) as u32).to_le_bytes();
                send(report, &[TASKS, t[0], t[1], t[2], t[3]]);
            }
            let s = status.to_le_bytes();
            send(report, &[STATUS, s[0], s[1], s[2], s[3]]);
            unsafe { _exit(0) };
        }
        if reaped < 0 && errno() != EINTR {
            unsafe { _exit(0) };
        }
    }
}

/// The warden's namespaces, each where the kernel allows it, and the
/// program's root; reports and returns the layers that held. A root
/// half-entered is the machine's failure: the warden reports it and ends.
fn enter_namespaces(plan: &Plan, report: i32) -> u8 {
    let mut layers = 0;
    unsafe {
        if unshare(CLONE_NEWNET) == 0 {
            layers |= Layers::NETWORK;
        }
        if unshare(CLONE_NEWIPC | CLONE_NEWUTS) == 0 {
            layers |= Layers::IPC;
        }
        if unshare(CLONE_NEWNS) == 0 {
            match confine::build(&plan.steps) {
                Ok(()) => layers |= Layers::FILES,
                Err((at, _)) if at + 1 == plan.steps.len() => {
                    report_failure(report, SANDBOX_FAILED);
                    _exit(1);
                }
                // Whatever was mounted goes: the program works in the
                // plain folder.
                Err((at, errno)) => {
                    umount2(plan.folder.as_ptr(), MNT_DETACH);
                    let (at, e) = ((at as u16).to_le_bytes(), errno.to_le_bytes());
                    send(report, &[REFUSED, at[0], at[1], e[0], e[1], e[2], e[3]]);
                }
            }
        }
    }
    send(report, &[LAYERS, layers]);
    layers
}

/// The program's own process, just before exec: its working folder, its
/// user namespace (`own_user`: to be tried, through the pipes `handshake`),
/// its ids as root, no privileges, and the file-size and process limits.
/// Reports the layers that held; ends (reporting it) where something that
/// must hold did not.
fn confine_program(
    plan: &Plan,
    layers: u8,
    own_user: bool,
    handshake: (i32, i32),
    tasks: Option<u64>,
    report: i32,
) {
    let fail = || unsafe {
        report_failure(report, SANDBOX_FAILED);
        _exit(1)
    };
    // The warden writes this process's maps through its /proc files, which
    // a process that cannot be dumped keeps from it; exec sets it anew.
    unsafe { prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) };
    let work = if layers & Layers::FILES != 0 {
        &plan.work
    } else {
        &plan.folder
    };
    if unsafe { chdir(work.as_ptr()) } != 0 {
        fail();
    }
    let mut held = 0;
    if own_user {
        match confine::own_user_namespace(handshake.0, handshake.1) {
            Some(true) => held |= Layers::USER_NAMESPACE,
            Some(false) => fail(),
            None => {}
        }
    }
    unsafe {
        close(handshake.0);
        close(handshake.1);
    }
    if plan.as_root {
        if !confine::become_user(plan.uid, plan.gid) {
            fail();
        }
        held |= Layers::OWN_IDS;
    }
    if !confine::drop_privileges() || !set_limit(RLIMIT_FSIZE, plan.file_bytes) {
        fail();
    }
    if let (Some(tasks), true) = (tasks, held & Layers::USER_NAMESPACE != 0) {
        if !set_limit(RLIMIT_NPROC, tasks) {
            fail();
        }
    }
    send(report, &[LAYERS, held]);
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
