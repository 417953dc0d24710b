//! A program's output pipes, each read on a thread of its own, and handed
//! over whole when the program ends, even while something it left behind
//! holds a pipe open.

use std::io::Read;
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Instant;

use super::sys;

/// A pipe read on a thread of its own; `keep` stores each chunk and says
/// whether to go on. The reader wakes every `READER_WAKE` to see whether
/// the grader has stopped waiting (`Collected::take`): it then takes
/// everything already in the pipe, so what the program wrote before it
/// ended is never lost, however late this thread is scheduled.
pub(super) fn reader(
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

pub(super) struct Collected {
    kept: Arc<Mutex<Vec<u8>>>,
    stop: Arc<AtomicBool>,
    finished: mpsc::Receiver<()>,
}

impl Collected {
    /// What the reader kept, once the pipe closed or, if it is still held
    /// open at `deadline` (by something the program left behind), what was
    /// in the pipe by then.
    pub(super) fn take(self, deadline: Instant) -> Vec<u8> {
        let left = deadline.saturating_duration_since(Instant::now());
        if self.finished.recv_timeout(left).is_err() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = self.finished.recv();
        }
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        std::mem::take(&mut *kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::Duration;

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
