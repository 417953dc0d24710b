//! The subreaper's sweep, for kernels that allow no PID namespace: every
//! orphan of the program is re-parented to the keeper, which kills its
//! children until none is left. It runs between fork and exec, so it finds
//! them by reading /proc with getdents64 into stack buffers: no allocation.

use super::sys::*;

/// The subreaper's sweep: kills every child (orphans come to it), reaps,
/// and looks again until none is left. Children are found by reading
/// /proc with getdents64 into stack buffers.
pub fn kill_every_child() {
    let me = unsafe { getpid() };
    for _ in 0..10_000 {
        let found = for_each_child(me, |pid| unsafe {
            kill(pid, SIGKILL);
        });
        let mut status = 0;
        let left = loop {
            let reaped = unsafe { waitpid(-1, &mut status, WNOHANG) };
            if reaped <= 0 {
                break reaped == 0;
            }
        };
        if !found && !left {
            return;
        }
        let mut nothing = PollFd {
            fd: -1,
            events: 0,
            revents: 0,
        };
        unsafe { poll(&mut nothing, 0, 1) };
    }
}

/// Calls `visit` with the pid of every process whose parent is `parent`;
/// whether there was one.
fn for_each_child(parent: i32, mut visit: impl FnMut(i32)) -> bool {
    let mut found = false;
    for_each_process(|pid| {
        if stat_field(pid, 1) == Some(parent) {
            visit(pid);
            found = true;
        }
    });
    found
}

/// The processes and threads this /proc shows but the caller, plus one:
/// read by the warden when the program has just ended and been reaped, in
/// its PID namespace's own /proc, it is how many tasks the program had at
/// its end (which a fork refused by the kernel's limit leaves at the
/// limit).
pub fn tasks_at_the_end() -> u64 {
    let me = unsafe { getpid() };
    let mut tasks = 1u64;
    for_each_process(|pid| {
        if pid != me {
            tasks += stat_field(pid, 17).map_or(1, |threads| threads.max(1) as u64);
        }
    });
    tasks
}

/// Calls `visit` with every pid in /proc, read with getdents64 into a
/// stack buffer.
fn for_each_process(mut visit: impl FnMut(i32)) {
    let proc_dir = unsafe { open(c"/proc".as_ptr(), O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
    if proc_dir < 0 {
        return;
    }
    let mut entries = [0u8; 4096];
    loop {
        let n = unsafe { getdents64(proc_dir, entries.as_mut_ptr(), entries.len()) };
        if n <= 0 {
            break;
        }
        let mut at = 0usize;
        while at + 19 < n as usize {
            let length = u16::from_le_bytes([entries[at + 16], entries[at + 17]]) as usize;
            if let Some(pid) = decimal(&entries[at + 19..(at + length).min(n as usize)]) {
                visit(pid);
            }
            at += length.max(1);
        }
    }
    unsafe { close(proc_dir) };
}

/// A NUL-terminated decimal name, as a pid.
fn decimal(name: &[u8]) -> Option<i32> {
    let mut value: i32 = 0;
    let mut digits = 0;
    for &b in name {
        match b {
            b'0'..=b'9' => {
                value = value.checked_mul(10)?.checked_add((b - b'0') as i32)?;
                digits += 1;
            }
            0 => break,
            _ => return None,
        }
    }
    (digits > 0).then_some(value)
}

/// Field `index` of /proc/PID/stat counted from the state (0) after the
/// last ')' (the command name may hold anything): 1 is the parent, 17 the
/// number of threads.
fn stat_field(pid: i32, index: usize) -> Option<i32> {
    let mut path = [0u8; 32];
    let mut len = 0;
    for &b in b"/proc/" {
        path[len] = b;
        len += 1;
    }
    len += super::confine::write_decimal(pid as u64, &mut path[len..]);
    for &b in b"/stat\0" {
        path[len] = b;
        len += 1;
    }
    let fd = unsafe { open(path.as_ptr().cast(), O_RDONLY | O_CLOEXEC) };
    if fd < 0 {
        return None;
    }
    let mut stat = [0u8; 1024];
    let n = unsafe { read(fd, stat.as_mut_ptr(), stat.len()) };
    unsafe { close(fd) };
    let text = &stat[..n.max(0) as usize];
    let close_paren = text.iter().rposition(|&b| b == b')')?;
    let mut fields = text[close_paren + 1..]
        .split(|&b| b == b' ')
        .filter(|f| !f.is_empty());
    decimal(fields.nth(index)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_of_this_process_is_read_from_proc() {
        let me = unsafe { getpid() };
        assert_eq!(stat_field(me, 1), Some(unsafe { getppid() }));
        assert!(stat_field(me, 17).is_some_and(|threads| threads >= 1));
        assert_eq!(decimal(b"123\0abc"), Some(123));
        assert_eq!(decimal(b"self\0"), None);
    }
}
