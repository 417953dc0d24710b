//! The report pipe from the keeper, the warden and the program's process
//! (before exec) to the grader: fixed little messages, a kind byte then
//! little-endian numbers, written with single `write`s between fork and
//! exec and read back in order on a thread of the grader's.

use std::fs::File;
use std::io::Read;
use std::os::unix::io::FromRawFd;
use std::sync::mpsc;

use super::sandbox::Layers;
use super::sys::*;
use super::Containment;

/// Messages on the report pipe: the keeper's `K mode pid`, the warden's
/// `S status`, `L layers` from the warden and the program's process (the
/// sandbox's layers that held), `R step errno` from the warden when the
/// kernel refused a step of the program's root, `T tasks` from the warden
/// with its own /proc (how many the program had at its end), and `F errno`
/// from any of them when a fork fails or `X errno` when the sandbox cannot
/// be finished (the machine's doing, never the program's).
pub const KEEPER: u8 = b'K';
pub const STATUS: u8 = b'S';
pub const LAYERS: u8 = b'L';
pub const REFUSED: u8 = b'R';
pub const TASKS: u8 = b'T';
pub const FORK_FAILED: u8 = b'F';
pub const SANDBOX_FAILED: u8 = b'X';

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

pub fn pipe() -> std::io::Result<(File, File)> {
    let mut fds = [0i32; 2];
    // SAFETY: `fds` is a live array of two ints, as pipe2 requires.
    if unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned here alone.
    Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
}

pub fn read_reports(mut pipe: File, sender: mpsc::Sender<Report>) {
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

pub fn report_fork_failure(report: i32) {
    report_failure(report, FORK_FAILED);
}

pub fn report_failure(report: i32, kind: u8) {
    let e = errno().to_le_bytes();
    send(report, &[kind, e[0], e[1], e[2], e[3]]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::thread;

    #[test]
    fn reports_are_read_in_any_order_and_split_anywhere() {
        let (read_end, mut write_end) = pipe().unwrap();
        let (sender, receiver) = mpsc::channel();
        let reader = thread::spawn(move || read_reports(read_end, sender));
        let mut bytes = vec![STATUS, 7, 0, 0, 0, KEEPER, 1];
        bytes.extend_from_slice(&4242i32.to_le_bytes());
        bytes.extend_from_slice(&[FORK_FAILED, 11, 0, 0, 0, LAYERS, 9, TASKS, 16, 0, 0, 0]);
        bytes.extend_from_slice(&[REFUSED, 3, 0, 1, 0, 0, 0, SANDBOX_FAILED, 2, 0, 0, 0]);
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
                "Layers(Layers(9))",
                "TasksAtEnd(16)",
                "Refused { step: 3, errno: 1 }",
                "SandboxFailed { errno: 2 }",
            ]
        );
    }
}
