//! What a running program's processes use, read from /proc: CPU time over
//! every thread and every child (live ones by their own counters, reaped
//! ones through their parents'), the number of tasks, and the largest
//! address space and resident memory any of them reached. The kernel sets the per-process
//! limits; these sums are what only the grader can see.

use std::collections::HashMap;
use std::sync::OnceLock;
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
    let mut ticks = stat_of(warden).map_or(0, |w| w.reaped_ticks);
    let mut tasks = 0;
    let mut peak_address_space = 0;
    let mut peak_rss_kib = 0;
    for (pid, process) in below(warden) {
        ticks += process.ticks;
        tasks += process.threads;
        let (address_space, rss_kib) = peaks_of(pid).unwrap_or((0, 0));
        peak_address_space = peak_address_space.max(address_space);
        peak_rss_kib = peak_rss_kib.max(rss_kib);
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

/// Every process below `root`, with its counters. The kernel lists each
/// task's children (/proc/PID/task/TID/children), so only the program's
/// own processes are read; a kernel without those lists gets every
/// process of the machine read, as before, which costs far more at every
/// sample.
fn below(root: i32) -> Vec<(i32, Process)> {
    static LISTS_CHILDREN: OnceLock<bool> = OnceLock::new();
    let lists = *LISTS_CHILDREN.get_or_init(|| {
        let me = std::process::id();
        std::path::Path::new(&format!("/proc/{me}/task/{me}/children")).exists()
    });
    if !lists {
        return below_by_scan(root);
    }
    let mut found = Vec::new();
    let mut stack = children_of(root);
    while let Some(pid) = stack.pop() {
        stack.extend(children_of(pid));
        if let Some(process) = stat_of(pid) {
            found.push((pid, process));
        }
    }
    found
}

/// The children of every task of `pid` (none if it is gone).
fn children_of(pid: i32) -> Vec<i32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|pid| pid.parse().ok())
                .collect::<Vec<i32>>()
        })
        .collect()
}

fn stat_of(pid: i32) -> Option<Process> {
    parse_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// `below` from a scan of every process of the machine.
fn below_by_scan(root: i32) -> Vec<(i32, Process)> {
    let mut processes = all_processes();
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    for (&pid, process) in &processes {
        children.entry(process.parent).or_default().push(pid);
    }
    let mut found = Vec::new();
    let mut stack = children.get(&root).cloned().unwrap_or_default();
    while let Some(pid) = stack.pop() {
        if let Some(grandchildren) = children.get(&pid) {
            stack.extend(grandchildren);
        }
        if let Some(process) = processes.remove(&pid) {
            found.push((pid, process));
        }
    }
    found
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
    fn the_childrens_lists_and_the_scan_see_the_same_processes() {
        let mut child = std::process::Command::new("/bin/sh")
            .args(["-c", "sleep 5 & sleep 5 & wait"])
            .spawn()
            .expect("sh starts");
        std::thread::sleep(std::time::Duration::from_millis(200));
        let sh = child.id() as i32;
        let pids = |found: Vec<(i32, Process)>| -> Vec<i32> {
            let mut pids: Vec<i32> = found.into_iter().map(|(pid, _)| pid).collect();
            pids.sort_unstable();
            pids
        };
        let listed = pids(below(sh));
        let scanned = pids(below_by_scan(sh));
        let _ = std::process::Command::new("pkill")
            .args(["-P", &child.id().to_string()])
            .status();
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(listed.len(), 2, "the two sleeps below sh: {listed:?}");
        assert_eq!(listed, scanned);
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
