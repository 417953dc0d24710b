//! Watching a running program: the keeper's and the warden's reports,
//! and the program's processes sampled through /proc for the limits the
//! kernel cannot hold on the whole tree (CPU time over every process, the
//! number of tasks); the grader stops it at the first limit it breaks.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::keeper::Kept;
use super::sandbox::Layers;
use super::{report, tree, Containment, Limits};

/// How often the program's processes are counted through /proc.
const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// Why the grader stopped the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    Wall,
    Cpu,
    Processes,
    Output,
}

/// What was seen while the program ran.
pub(super) struct Watched {
    /// The warden's pid, once the keeper has reported it.
    pub(super) warden: Option<i32>,
    /// The keeper or the warden could not fork: the machine's failure.
    pub(super) fork_failed: Option<std::io::Error>,
    /// The sandbox could not be finished: the machine's failure.
    pub(super) sandbox_failed: Option<std::io::Error>,
    /// The sandbox's layers that held, as reported.
    pub(super) layers: Layers,
    /// The step of the program's root the kernel refused, and its errno.
    pub(super) refused: Option<(u16, i32)>,
    /// The program's wait status, if it ended by itself.
    pub(super) wait_status: Option<i32>,
    pub(super) stop: Option<Stop>,
    /// The largest CPU time, task count and address space sampled.
    pub(super) peak: tree::Sample,
    pub(super) containment: Option<Containment>,
}

impl Watched {
    /// Samples the program's processes and keeps the peaks.
    fn sample(&mut self, warden: i32) -> tree::Sample {
        let seen = tree::sample(warden);
        let peak = &mut self.peak;
        peak.cpu = peak.cpu.max(seen.cpu);
        peak.tasks = peak.tasks.max(seen.tasks);
        peak.peak_address_space = peak.peak_address_space.max(seen.peak_address_space);
        peak.peak_rss_kib = peak.peak_rss_kib.max(seen.peak_rss_kib);
        seen
    }

    /// Takes in one report of the keeper or the warden; whether the
    /// program is over (ended, or never started).
    pub(super) fn take(&mut self, report: report::Report) -> bool {
        match report {
            report::Report::Warden { containment, pid } => {
                self.containment = Some(containment);
                self.warden = Some(pid);
                false
            }
            report::Report::Ended { wait_status } => {
                self.wait_status = self.wait_status.or(Some(wait_status));
                true
            }
            report::Report::Layers(held) => {
                self.layers = Layers(self.layers.0 | held.0);
                false
            }
            report::Report::TasksAtEnd(tasks) => {
                self.peak.tasks = self.peak.tasks.max(tasks.into());
                false
            }
            report::Report::Refused { step, errno } => {
                self.refused = Some((step, errno));
                false
            }
            report::Report::ForkFailed { errno } => {
                self.fork_failed = Some(std::io::Error::from_raw_os_error(errno));
                true
            }
            report::Report::SandboxFailed { errno } => {
                self.sandbox_failed = Some(std::io::Error::from_raw_os_error(errno));
                true
            }
        }
    }
}

/// Waits for the program to end or for a limit. The keeper reports the
/// program's end the moment it happens; the program's processes are
/// sampled every `SAMPLE_EVERY` for the limits the kernel cannot hold on
/// the whole tree.
pub(super) fn watch(
    kept: &mut Kept,
    start: Instant,
    limits: &Limits,
    output_exceeded: &AtomicBool,
) -> Watched {
    let mut watched = Watched {
        warden: None,
        fork_failed: None,
        sandbox_failed: None,
        layers: Layers::default(),
        refused: None,
        wait_status: None,
        stop: None,
        peak: tree::Sample::default(),
        containment: None,
    };
    let deadline = start + limits.time;
    let mut next_sample = start;
    let mut pause = Duration::from_micros(100);
    loop {
        match kept.reports.recv_timeout(pause) {
            Ok(report) => {
                if watched.take(report) {
                    return watched;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return watched,
        }
        let now = Instant::now();
        let stop = if output_exceeded.load(Ordering::SeqCst) {
            Some(Stop::Output)
        } else if now >= deadline {
            Some(Stop::Wall)
        } else {
            None
        };
        if let (Some(pid), None, true) = (watched.warden, stop, now >= next_sample) {
            let seen = watched.sample(pid);
            next_sample = now + SAMPLE_EVERY;
            if limits.cpu_time.is_some_and(|most| seen.cpu > most) {
                watched.stop = Some(Stop::Cpu);
            } else if limits.processes.is_some_and(|most| seen.tasks > most) {
                watched.stop = Some(Stop::Processes);
            }
        } else {
            watched.stop = stop;
            // The memory it had reached when it is killed, for the report
            // only: the verdict stays with what the limits saw.
            if let (Some(pid), Some(_)) = (watched.warden, stop) {
                let rss = tree::sample(pid).peak_rss_kib;
                watched.peak.peak_rss_kib = watched.peak.peak_rss_kib.max(rss);
            }
        }
        if watched.stop.is_some() {
            kept.stop();
            return watched;
        }
        pause = (pause * 2).min(Duration::from_millis(2));
    }
}
