//! The sandbox applied between fork and exec: the warden builds the
//! program's file system from a plan made beforehand, and the program's
//! own process takes a user namespace of its own (its ids written by the
//! warden, which alone may map them), drops to its user and group, its
//! capabilities and any way to gain new ones. Everything here runs in a
//! forked copy of a multithreaded process: system calls on strings
//! prepared before the fork, no allocation, no locks.

use std::ffi::CString;

use super::sys::*;

/// One step of building the program's root; every path was made, as a C
/// string, before the fork.
#[derive(Debug)]
pub enum Step {
    /// A folder (an existing one is fine).
    Dir {
        path: CString,
        mode: u32,
    },
    /// An empty file to mount a file on.
    File {
        path: CString,
    },
    Link {
        target: CString,
        path: CString,
    },
    Mount {
        source: CString,
        path: CString,
        fstype: Option<CString>,
        flags: u64,
        data: Option<CString>,
    },
    Own {
        path: CString,
        uid: u32,
        gid: u32,
    },
    /// A mode set past the umask.
    Mode {
        path: CString,
        mode: u32,
    },
    /// Unmounted once nothing depends on its path (binds of it live on).
    Detach {
        path: CString,
    },
    RemoveDir {
        path: CString,
    },
    /// The built root becomes `/` (see `enter_root`) and the warden moves
    /// to `work`.
    EnterRoot {
        path: CString,
        work: CString,
    },
}

/// Why a build stopped.
#[derive(Debug)]
pub struct Refusal {
    pub step: usize,
    pub errno: i32,
    /// The process was left half inside the new root: nothing may run.
    pub broken: bool,
}

/// Runs the steps in order, up to the first refusal.
pub fn build(steps: &[Step]) -> Result<(), Refusal> {
    // The root's folders are entered by the sandbox's user whatever the
    // caller's umask (077 would shut it out); the program gets 022.
    // SAFETY: sets this process's mask only.
    unsafe { umask(0o022) };
    for (at, step) in steps.iter().enumerate() {
        let done = match step {
            Step::EnterRoot { path, work } => enter_root(path, work),
            _ => apply(step).then_some(()).ok_or(false),
        };
        if let Err(broken) = done {
            return Err(Refusal {
                step: at,
                errno: errno(),
                broken,
            });
        }
    }
    Ok(())
}

/// `path` becomes `/` and the machine's root is detached from this mount
/// namespace (pivot_root), or where the kernel refuses that (a root that
/// cannot be pivoted, such as an initramfs) it is left behind a chroot
/// the program has no capability to leave. Err(true) past the point of
/// no return.
fn enter_root(path: &CString, work: &CString) -> Result<(), bool> {
    let dot = c".".as_ptr();
    // SAFETY: system calls on C strings that outlive them.
    unsafe {
        if chdir(path.as_ptr()) != 0 {
            return Err(false);
        }
        if syscall(SYS_PIVOT_ROOT, dot, dot) == 0 {
            if umount2(dot, MNT_DETACH) != 0 {
                return Err(true);
            }
        } else if chroot(dot) != 0 {
            return Err(false);
        }
        if chdir(work.as_ptr()) != 0 {
            return Err(true);
        }
    }
    Ok(())
}

fn apply(step: &Step) -> bool {
    let optional = |text: &Option<CString>| text.as_ref().map_or(std::ptr::null(), |t| t.as_ptr());
    // SAFETY (every arm): system calls on C strings that live in `step`.
    unsafe {
        match step {
            Step::Dir { path, mode } => mkdir(path.as_ptr(), *mode) == 0 || errno() == EEXIST,
            Step::File { path } => {
                let fd = open(path.as_ptr(), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644);
                fd >= 0 && close(fd) == 0
            }
            Step::Link { target, path } => {
                symlink(target.as_ptr(), path.as_ptr()) == 0 || errno() == EEXIST
            }
            Step::Mount {
                source,
                path,
                fstype,
                flags,
                data,
            } => {
                mount(
                    source.as_ptr(),
                    path.as_ptr(),
                    optional(fstype),
                    *flags,
                    optional(data).cast(),
                ) == 0
            }
            Step::Own { path, uid, gid } => chown(path.as_ptr(), *uid, *gid) == 0,
            Step::Mode { path, mode } => chmod(path.as_ptr(), *mode) == 0,
            Step::Detach { path } => umount2(path.as_ptr(), MNT_DETACH) == 0,
            Step::RemoveDir { path } => rmdir(path.as_ptr()) == 0,
            Step::EnterRoot { .. } => false,
        }
    }
}

/// The warden's half of giving the program a user namespace: waits for
/// the program's word (its pid as /proc shows it, or nothing when the
/// kernel refused the namespace), writes its maps (`ids` to `ids`: the
/// program's user and group are the same numbers inside and out), and
/// answers whether that worked. False when the program is left in a
/// namespace it cannot use (it then ends, and is started again without).
pub fn map_program(ask: i32, answer: i32, uid: u32, gid: u32, deny_setgroups: bool) -> bool {
    let mut pid = [0u8; 16];
    // SAFETY: a read into a live local buffer.
    let n = unsafe { read(ask, pid.as_mut_ptr(), pid.len()) };
    if n <= 0 {
        return true;
    }
    let pid = &pid[..n as usize];
    let mut done = true;
    if deny_setgroups {
        done &= write_proc(pid, b"setgroups\0", b"deny");
    }
    let (users, users_len) = map_line(uid);
    let (groups, groups_len) = map_line(gid);
    done = done
        && write_proc(pid, b"uid_map\0", &users[..users_len])
        && write_proc(pid, b"gid_map\0", &groups[..groups_len]);
    send(answer, if done { b"y" } else { b"n" });
    done
}

/// The program's half: a user namespace of its own, mapped by the warden.
/// None when the kernel refused one (the program goes on without), else
/// whether it was mapped (it must not go on unmapped).
pub fn own_user_namespace(ask: i32, answer: i32) -> Option<bool> {
    // SAFETY: unshare of the calling process alone.
    if unsafe { unshare(CLONE_NEWUSER) } != 0 {
        return None;
    }
    // /proc/self names this process as the warden's /proc shows it.
    let mut pid = [0u8; 16];
    // SAFETY: readlink into a live local buffer.
    let n = unsafe { readlink(c"/proc/self".as_ptr(), pid.as_mut_ptr(), pid.len()) };
    if n <= 0 {
        return Some(false);
    }
    send(ask, &pid[..n as usize]);
    let mut word = [0u8; 1];
    // SAFETY: a read into a live local buffer.
    Some(unsafe { read(answer, word.as_mut_ptr(), 1) } == 1 && word[0] == b'y')
}

/// The keeper's own maps in the user namespace it made as an ordinary
/// user: its one uid and gid, the same numbers inside, no setgroups (the
/// kernel's condition for an unprivileged gid map).
pub fn map_own(uid: u32, gid: u32) -> bool {
    let (users, users_len) = map_line(uid);
    let (groups, groups_len) = map_line(gid);
    write_proc(b"self", b"setgroups\0", b"deny")
        && write_proc(b"self", b"uid_map\0", &users[..users_len])
        && write_proc(b"self", b"gid_map\0", &groups[..groups_len])
}

/// Overwrites this process's command line (the grader's, with its
/// `--tests` folder) with zeros, so that the warden, the pid 1 the program
/// sees, shows it none in /proc/1/cmdline. The memory is this forked
/// copy's own.
pub fn forget_command_line() {
    let mut stat = [0u8; 1024];
    // SAFETY: open and read into a live local buffer; the descriptor is ours.
    let n = unsafe {
        let fd = open(c"/proc/self/stat".as_ptr(), O_RDONLY | O_CLOEXEC);
        if fd < 0 {
            return;
        }
        let n = read(fd, stat.as_mut_ptr(), stat.len());
        close(fd);
        n
    };
    let text = &stat[..n.max(0) as usize];
    let Some(close_paren) = text.iter().rposition(|&b| b == b')') else {
        return;
    };
    // Fields 48 and 49 of the line: where the arguments start and end.
    let mut fields = text[close_paren + 1..]
        .split(|&b| b == b' ' || b == b'\n')
        .filter(|f| !f.is_empty())
        .skip(45)
        .map(|f| {
            f.iter().try_fold(0usize, |v, &d| {
                d.is_ascii_digit()
                    .then(|| v.checked_mul(10)?.checked_add((d - b'0') as usize))?
            })
        });
    if let (Some(Some(start)), Some(Some(end))) = (fields.next(), fields.next()) {
        if start < end && end - start < 1 << 20 {
            // SAFETY: the kernel's bounds of this process's own argument
            // area, mapped and writable.
            unsafe { std::ptr::write_bytes(start as *mut u8, 0, end - start) };
        }
    }
}

/// "ID ID 1": the same number inside and outside.
fn map_line(id: u32) -> ([u8; 32], usize) {
    let mut line = [0u8; 32];
    let mut len = 0;
    for _ in 0..2 {
        len += write_decimal(id as u64, &mut line[len..]);
        line[len] = b' ';
        len += 1;
    }
    line[len] = b'1';
    (line, len + 1)
}

/// Writes `text` to /proc/PID/`file` (`file` NUL-terminated).
fn write_proc(pid: &[u8], file: &[u8], text: &[u8]) -> bool {
    let mut path = [0u8; 64];
    let mut len = 0;
    for part in [&b"/proc/"[..], pid, b"/", file] {
        if len + part.len() > path.len() {
            return false;
        }
        path[len..len + part.len()].copy_from_slice(part);
        len += part.len();
    }
    // SAFETY: a NUL-terminated path in a live buffer; the descriptor is ours.
    unsafe {
        let fd = open(path.as_ptr().cast(), O_WRONLY | O_CLOEXEC);
        if fd < 0 {
            return false;
        }
        let written = write(fd, text.as_ptr(), text.len()) == text.len() as isize;
        close(fd);
        written
    }
}

/// Writes `value` in decimal at the start of `out`; how many bytes.
pub fn write_decimal(value: u64, out: &mut [u8]) -> usize {
    let mut digits = [0u8; 20];
    let mut count = 0;
    let mut rest = value;
    loop {
        digits[count] = b'0' + (rest % 10) as u8;
        count += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for (at, &digit) in digits[..count].iter().rev().enumerate() {
        out[at] = digit;
    }
    count
}

/// As root, before the program's own user namespace: the grader's pipes
/// of standard input, output and error handed to `uid` and `gid`. A program
/// that opens `/dev/stdin` reopens its pipe through /proc, which checks the
/// pipe's owner; a file given as stdio keeps its owner.
pub fn hand_pipes_to(uid: u32, gid: u32) {
    const STDIO: [(i32, &[u8]); 3] = [
        (0, b"/proc/self/fd/0\0"),
        (1, b"/proc/self/fd/1\0"),
        (2, b"/proc/self/fd/2\0"),
    ];
    for (fd, link) in STDIO {
        let mut target = [0u8; 8];
        // SAFETY: a NUL-terminated path and a buffer of the length given.
        let read = unsafe { readlink(link.as_ptr().cast(), target.as_mut_ptr(), target.len()) };
        if read >= 5 && target.starts_with(b"pipe:") {
            // SAFETY: an owner change of an open descriptor.
            unsafe { fchown(fd, uid, gid) };
        }
    }
}

/// As root: no supplementary groups, then `gid` and `uid` for every id.
/// Whether all of it held (the program must not start otherwise).
pub fn become_user(uid: u32, gid: u32) -> bool {
    // SAFETY: id system calls of the calling process.
    unsafe {
        setgroups(0, std::ptr::null()) == 0
            && setresgid(gid, gid, gid) == 0
            && setresuid(uid, uid, uid) == 0
    }
}

/// No capabilities now or after exec, and no way to gain any (set-user-id
/// files and file capabilities are ignored from here on).
pub fn drop_privileges() -> bool {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    let header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let none = [
        Data {
            effective: 0,
            permitted: 0,
            inheritable: 0,
        },
        Data {
            effective: 0,
            permitted: 0,
            inheritable: 0,
        },
    ];
    // SAFETY: prctl and capset on live, correctly laid out locals.
    unsafe {
        for capability in 0..64u64 {
            prctl(PR_CAPBSET_DROP, capability, 0, 0, 0);
        }
        syscall(SYS_CAPSET, &header as *const Header, none.as_ptr());
        prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_maps_name_one_id_the_same_inside_and_out() {
        let (line, len) = map_line(65534);
        assert_eq!(&line[..len], b"65534 65534 1");
        let (line, len) = map_line(0);
        assert_eq!(&line[..len], b"0 0 1");
        let mut out = [0u8; 20];
        let n = write_decimal(u64::MAX, &mut out);
        assert_eq!(&out[..n], b"18446744073709551615");
    }
}
