//! The warden: the init of the program's PID namespace, forked by the
//! keeper. It enters the sandbox's namespaces and builds its root, forks
//! the program, maps the program's user namespace, and reports the
//! program's end; the program's own process confines itself last, just
//! before exec. Between fork and exec: system calls only.

use super::confine;
use super::report::*;
use super::sandbox::{Layers, Plan};
use super::sweep::tasks_at_the_end;
use super::sys::*;

/// The warden: a group of its own (so the grader's stop reaches the whole
/// group), the sandbox's namespaces and root if asked (`sandbox`: the plan
/// and whether namespaces may be tried), then the program; it reports the
/// program's end and exits, which in a PID namespace ends every process
/// left in it.
pub fn warden_then_program(report: i32, sandbox: Option<(&Plan, bool)>, tasks: Option<u64>) {
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
    let mut own_user = matches!(sandbox, Some((_, true)));
    let program = loop {
        // Two pipes for the program's user namespace: its pid one way, the
        // warden's answer the other.
        let mut ask = [-1i32; 2];
        let mut answer = [-1i32; 2];
        if own_user {
            unsafe {
                pipe2(ask.as_mut_ptr(), O_CLOEXEC);
                pipe2(answer.as_mut_ptr(), O_CLOEXEC);
            }
        }
        let program = unsafe { fork() };
        if program == 0 {
            if let Some((plan, _)) = sandbox {
                unsafe {
                    close(ask[0]);
                    close(answer[1]);
                }
                let own_user = own_user && ask[1] >= 0 && answer[0] >= 0;
                confine_program(plan, layers, own_user, (ask[1], answer[0]), tasks, report);
            }
            return;
        }
        if program < 0 {
            report_fork_failure(report);
            unsafe { _exit(1) };
        }
        close_all_but(&[report, ask[0], answer[1]]);
        let mapped = match sandbox {
            Some((plan, _)) if own_user => {
                confine::map_program(ask[0], answer[1], plan.uid, plan.gid, !plan.as_root)
            }
            _ => true,
        };
        unsafe {
            close(ask[0]);
            close(answer[1]);
        }
        if mapped {
            break program;
        }
        // The kernel gave the program a user namespace it would not map
        // (an LSM's doing): that process ends; the next goes without.
        let mut status = 0;
        unsafe { waitpid(program, &mut status, 0) };
        own_user = false;
    };
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
                Err(refusal) if refusal.broken => {
                    report_failure(report, SANDBOX_FAILED);
                    _exit(1);
                }
                // Whatever was mounted goes: the program works in the
                // plain folder.
                Err(confine::Refusal {
                    step: at, errno, ..
                }) => {
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
    if plan.as_root {
        confine::hand_pipes_to(plan.uid, plan.gid);
    }
    if own_user {
        match confine::own_user_namespace(handshake.0, handshake.1) {
            Some(true) => held |= Layers::USER_NAMESPACE,
            // Unmapped: the warden starts the program again without one.
            Some(false) => unsafe { _exit(1) },
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
