//! What a running program's processes use, read from /proc: CPU time over
//! every thread and every child (live ones by their own counters, reaped
//! ones through their parents'), the number of tasks, and the largest
//! address space and resident memory any of them reached. The kernel sets the per-process
//! limits; these sums are what only the grader can see.

use std::collections::HashMap;
use std::time::Duration;

extern "C" {
    fn sysconf(name: i32) -> i64;
}

const SC_CLK_TCK: i32 = 2;

/// The program's processes at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    pub cpu: Duration,
    /// Processes and threads.
    pub tasks: u64,
    pub peak_address_space: u64,
    /// The largest peak resident memory (VmHWM) of one process, in KiB:
    /// what `wait4` cannot tell of a program killed at a limit.
    pub peak_rss_kib: u64,
}

struct Process {
    parent: i32,
    /// utime + stime + cutime + cstime, in clock ticks.
    ticks: u64,
    /// cutime + cstime: children reaped by this process.
    reaped_ticks: u64,
    threads: u64,
}

/// Everything below `warden` (the warden's own work is the grader's, but
/// what it reaped was the program's).
pub fn sample(warden: i32) -> Sample {
    let processes = all_processes();
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    for (&pid, process) in &processes {
        children.entry(process.parent).or_default().push(pid);
    }
    let mut ticks = processes.get(&warden).map_or(0, |w| w.reaped_ticks);
    let mut tasks = 0;
    let mut peak_address_space = 0;
    let mut peak_rss_kib = 0;
    let mut stack = children.get(&warden).cloned().unwrap_or_default();
    while let Some(pid) = stack.pop() {
        if let Some(process) = processes.get(&pid) {
            ticks += process.ticks;
            tasks += process.threads;
            let (address_space, rss_kib) = peaks_of(pid).unwrap_or((0, 0));
            peak_address_space = peak_address_space.max(address_space);
            peak_rss_kib = peak_rss_kib.max(rss_kib);
        }
        if let Some(grandchildren) = children.get(&pid) {
            stack.extend(grandchildren);
        }
    }
    // SAFETY: sysconf reads a constant of the system.
    let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
    Sample {
        cpu: Duration::from_micros(ticks * 1_000_000 / per_second),
        tasks,
        peak_address_space,
        peak_rss_kib,
    }
}

fn all_processes() -> HashMap<i32, Process> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return HashMap::new();
    };
    entries
        .filter_map(|entry| {
            let pid: i32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            Some((pid, parse_stat(&stat)?))
        })
        .collect()
}

/// The fields of /proc/PID/stat after the command name (which may hold
/// spaces and parentheses, so it ends at the last ')').
fn parse_stat(stat: &str) -> Option<Process> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // fields[0] is the state (field 3 of the stat line).
    let field = |n: usize| -> Option<u64> { fields.get(n - 3)?.parse().ok() };
    let parent = fields.get(1)?.parse().ok()?;
    let own = field(14)? + field(15)?;
    let reaped = field(16)? + field(17)?;
    Some(Process {
        parent,
        ticks: own + reaped,
        reaped_ticks: reaped,
        threads: field(20)?,
    })
}

/// VmPeak, the most address space the process has had, in bytes, and
/// VmHWM, its peak resident memory, in KiB.
fn peaks_of(pid: i32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = |field: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(field))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    Some((kib("VmPeak:")? * 1024, kib("VmHWM:").unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_with_odd_command_names_are_read_by_field() {
        let line = "4242 (a) b (c)) S 17 4242 4242 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 5 0 \
                    123 4096 100 18446744073709551615";
        let process = parse_stat(line).unwrap();
        assert_eq!(process.parent, 17);
        assert_eq!(process.ticks, 7 + 3 + 2 + 1);
        assert_eq!(process.reaped_ticks, 3);
        assert_eq!(process.threads, 5);
        assert!(parse_stat("12 (cut").is_none());
    }

    #[test]
    fn this_process_is_seen_below_its_parent() {
        let parent = std::os::unix::process::parent_id() as i32;
        let seen = sample(parent);
        assert!(seen.tasks >= 1, "{seen:?}");
        assert!(seen.peak_address_space > 0, "{seen:?}");
        assert!(seen.peak_rss_kib > 0, "{seen:?}");
    }
}
