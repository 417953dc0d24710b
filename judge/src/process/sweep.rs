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
    let proc_dir = unsafe { open(c"/proc".as_ptr(), O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
    if proc_dir < 0 {
        return false;
    }
    let mut found = false;
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
                if parent_of(pid) == Some(parent) {
                    visit(pid);
                    found = true;
                }
            }
            at += length.max(1);
        }
    }
    unsafe { close(proc_dir) };
    found
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

/// The parent pid from /proc/PID/stat (the field after the state, after
/// the last ')': the command name may hold anything).
fn parent_of(pid: i32) -> Option<i32> {
    let mut path = [0u8; 32];
    let mut len = 0;
    for &b in b"/proc/" {
        path[len] = b;
        len += 1;
    }
    let mut digits = [0u8; 12];
    let mut count = 0;
    let mut rest = pid;
    loop {
        digits[count] = b'0' + (rest % 10) as u8;
        count += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &digit in digits[..count].iter().rev() {
        path[len] = digit;
        len += 1;
    }
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
    fields.next()?;
    decimal(fields.next()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_of_this_process_is_read_from_proc() {
        let me = unsafe { getpid() };
        assert_eq!(parent_of(me), Some(unsafe { getppid() }));
        assert_eq!(decimal(b"123\0abc"), Some(123));
        assert_eq!(decimal(b"self\0"), None);
    }
}
