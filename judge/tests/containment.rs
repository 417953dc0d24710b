//! `judge grade` against hostile programs: whatever a program does (leave
//! its group or session, double fork, hold the output pipe, kill its
//! parent, busy threads, many processes), no process it started is alive
//! when the grader moves on, a complete answer keeps its points, and the
//! CPU-time and process limits are verdicts. Every case runs under the
//! containment the kernel allows here and under the subreaper fallback.
//! Processes are checked through /proc by a marker in their command line.

mod common;

use std::time::{Duration, Instant};

use common::{assert_none_left, grade_script as grade, scratch, sleeper};

use common::TWO_O_ANSWER as ANSWER;

/// The containments to try: the default, and the fallback forced.
const MODES: [Option<&str>; 2] = [None, Some("subreaper")];

/// A marker no other test of this run uses.
fn marker(case: u32, mode: Option<&str>) -> u32 {
    (std::process::id() % 1000) * 1000 + case * 2 + u32::from(mode.is_some())
}

#[test]
fn processes_that_leave_the_group_or_session_do_not_outlive_the_test() {
    let cases = [
        // A plain background child, silent, in the program's group.
        "{answer}\n{sleep} >/dev/null 2>&1 &\n",
        // setsid: a session of its own, so the group kill misses it.
        "setsid {sleep} </dev/null >/dev/null 2>&1 &\nsleep 0.1\n{answer}\n",
        // A double fork: the grandchild is re-parented away from the program.
        "sh -c '{sleep} >/dev/null 2>&1 &' &\n{answer}\n",
        // A daemon that also leaves the session and keeps nothing open.
        "(setsid sh -c '{sleep} </dev/null >/dev/null 2>&1 &' &)\n{answer}\nsleep 0.1\n",
    ];
    let dir = scratch("containment-escape");
    for (case, body) in cases.iter().enumerate() {
        for mode in MODES {
            let marked = marker(case as u32, mode);
            let script = body
                .replace("{sleep}", &sleeper(50, marked))
                .replace("{answer}", ANSWER);
            let ran = grade(dir.path(), &script, mode, &[]);
            assert_eq!(ran.code, 0, "{script}: {}", ran.stderr);
            assert!(
                ran.stdout.contains("Score = 10"),
                "{mode:?} {script}: {}",
                ran.stdout
            );
            assert_none_left(50, marked, &format!("{mode:?} {script}"));
        }
    }
}

#[test]
fn a_complete_answer_keeps_its_points_when_a_grandchild_holds_the_pipe() {
    let dir = scratch("containment-pipe");
    for mode in MODES {
        let marked = marker(10, mode);
        // The answer, then a grandchild in a session of its own holding
        // standard output, then the program exits.
        let script = format!("{ANSWER}\n(setsid {} &)\nsleep 0.1\n", sleeper(51, marked));
        let started = Instant::now();
        let ran = grade(dir.path(), &script, mode, &[]);
        assert!(
            ran.stdout.contains("Score = 10"),
            "{mode:?}: {}",
            ran.stdout
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        assert_none_left(51, marked, &format!("{mode:?}"));
    }
}

#[test]
fn a_program_that_kills_its_parent_does_not_end_the_grader() {
    let dir = scratch("containment-parent");
    for mode in MODES {
        let script = format!("kill -9 $PPID\nsleep 0.1\n{ANSWER}\n");
        let ran = grade(dir.path(), &script, mode, &[]);
        assert_eq!(ran.code, 0, "{mode:?}: {}", ran.stderr);
        assert!(ran.stdout.contains("Score = "), "{mode:?}: {}", ran.stdout);
        if mode.is_none() && !ran.stdout.contains("subreaper") {
            // In a PID namespace the parent is its init: the kill is ignored.
            assert!(ran.stdout.contains("Score = 10"), "{}", ran.stdout);
        }
    }
}

#[test]
fn cpu_time_is_counted_over_every_process_and_thread() {
    let dir = scratch("containment-cpu");
    // Eight busy processes on however many cores: CPU time runs faster
    // than the wall clock, so the CPU limit ends the run first.
    let script = "for i in 1 2 3 4 5 6 7 8; do (while :; do :; done) & done\nwait\n";
    for mode in MODES {
        let started = Instant::now();
        let ran = grade(
            dir.path(),
            script,
            mode,
            &["--time-limit", "3", "--cpu-time-limit", "0.5"],
        );
        assert!(
            ran.stdout.contains("CPU time limit exceeded"),
            "{mode:?}: {}",
            ran.stdout
        );
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
    }
    // Within the CPU limit, a sleeping program is only timed by the wall.
    let ran = grade(dir.path(), "sleep 5", None, &["--time-limit", "0.3"]);
    assert!(ran.stdout.contains("time limit exceeded"), "{}", ran.stdout);
    assert!(!ran.stdout.contains("CPU"), "{}", ran.stdout);
}

#[test]
fn the_process_limit_is_a_verdict_and_nothing_is_left() {
    let dir = scratch("containment-processes");
    for mode in MODES {
        let marked = marker(20, mode);
        let script = format!(
            "i=0\nwhile [ $i -lt 40 ]; do {} & i=$((i+1)); done\nwait\n",
            sleeper(52, marked)
        );
        let ran = grade(
            dir.path(),
            &script,
            mode,
            &["--process-limit", "16", "--time-limit", "3"],
        );
        assert!(
            ran.stdout.contains("process limit exceeded"),
            "{mode:?}: {}",
            ran.stdout
        );
        assert_none_left(52, marked, &format!("{mode:?}"));
    }
    // Below the limit, the same program is only a slow one.
    let ran = grade(
        dir.path(),
        "sleep 1 & sleep 1 & wait",
        None,
        &["--time-limit", "0.3"],
    );
    assert!(ran.stdout.contains("time limit exceeded"), "{}", ran.stdout);
}

#[test]
fn the_containment_used_is_named() {
    let dir = scratch("containment-named");
    let ran = grade(dir.path(), ANSWER, None, &[]);
    assert!(ran.stdout.contains("contained by a "), "{}", ran.stdout);
    let ran = grade(dir.path(), ANSWER, Some("subreaper"), &[]);
    assert!(
        ran.stdout.contains("contained by a child subreaper"),
        "{}",
        ran.stdout
    );
    for bad in [["--cpu-time-limit", "0"], ["--process-limit", "0"]] {
        let ran = grade(dir.path(), ANSWER, None, &bad);
        assert_eq!(ran.code, 2, "{bad:?}: {}", ran.stderr);
    }
}
