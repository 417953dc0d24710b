//! What the commands print around their work: a wrong command line says
//! why, required options show as required, no ANSI codes where stdout is
//! not a terminal, no panic on a closed pipe, the benchmarks flag what a
//! contest would not accept, and every command that runs a program takes
//! the same shell `--cmd`.

mod common;

use std::process::{Command, Stdio};

use common::{judge, root, scratch, write};

#[test]
fn a_wrong_number_of_arguments_says_why_before_the_usage() {
    let ran = judge(&["check", "testdata/olympiad/sample/Tetris.in"]);
    assert_eq!(ran.code, 2);
    assert_eq!(
        ran.stderr,
        "judge check: INPUT OUTPUT expected; 1 was given\n\
         usage: judge check INPUT OUTPUT [--count-topping-piece] [--board]\n"
    );
    let ran = judge(&["show", "a", "b", "c"]);
    assert_eq!(ran.code, 2);
    assert!(
        ran.stderr
            .starts_with("judge show: takes at most 2 arguments; 3 were given (from 'c')\n"),
        "{}",
        ran.stderr
    );
}

#[test]
fn required_options_show_without_brackets() {
    for (words, usage) in [
        (
            &["html"][..],
            "usage: judge html INPUT OUTPUT -o REPLAY.html [--title TEXT]",
        ),
        (
            &["golf", "gen"],
            "usage: judge golf gen [--seed S] [--n BYTES] -o FILE",
        ),
    ] {
        let mut args = words.to_vec();
        args.push("--help");
        let help = judge(&args).stdout;
        assert!(help.starts_with(usage), "{help}");
    }
    let ran = judge(&[
        "html",
        "testdata/olympiad/sample/Tetris.in",
        "testdata/olympiad/sample/Tetris.out",
    ]);
    assert_eq!(ran.code, 2);
    assert!(ran
        .stderr
        .starts_with("judge html: -o REPLAY.html is needed\n"));
}

#[test]
fn show_writes_no_ansi_codes_into_a_file_or_pipe() {
    let ran = judge(&[
        "show",
        "testdata/olympiad/sample/Tetris.in",
        "testdata/olympiad/sample/Tetris.out",
        "--delay",
        "1000",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(!ran.stdout.contains('\x1b'), "{}", ran.stdout);
    // Every frame is there, plain: the first drop (a J, piece 2), and the
    // judge's summary at the end; no pause (20 frames of a second each).
    assert!(ran
        .stdout
        .contains("piece 1: 2 (J), rotation 2, column 1\ndropped onto row 0\n"));
    assert!(
        ran.stdout.contains("|  2222              |\n"),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.ends_with(
        "+--------------------+\nplaced 13 of 20 pieces, 7 points; \
         piece 14: rotation 1, column 8: width 4 does not fit in the well\n"
    ));
}

/// Runs an executable from the repository root with its stdout and stderr
/// pipes closed before it writes; its exit code (None: killed by a signal).
fn with_closed_pipes(exe: &str, args: &[&str]) -> Option<i32> {
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().unwrap().code()
}

#[test]
fn a_closed_pipe_ends_the_judge_without_a_panic() {
    let judge = env!("CARGO_BIN_EXE_judge");
    // Usage on stderr (exit 2), help and a large test on stdout (exit 0).
    assert_eq!(with_closed_pipes(judge, &[]), Some(2));
    assert_eq!(with_closed_pipes(judge, &["help"]), Some(0));
    assert_eq!(with_closed_pipes(judge, &["gen", "--n", "200000"]), Some(0));
    assert_eq!(with_closed_pipes(judge, &["grade", "nope.rs"]), Some(1));
    let kattis = env!("CARGO_BIN_EXE_judge-kattis");
    let code = with_closed_pipes(kattis, &[]);
    assert!(matches!(code, Some(c) if c != 101 && c != 134), "{code:?}");
}

#[test]
fn strength_flags_games_over_the_time_limit() {
    let dir = scratch("strength-slow");
    let judge_exe = env!("CARGO_BIN_EXE_judge");
    // The baseline player, a second slower on the two 10000-piece tests.
    let slow = write(
        dir.path(),
        "slow.sh",
        format!(
            "input=$(cat); n=${{input%%[!0-9]*}}\n[ \"$n\" -ge 10000 ] && sleep 1.1\n\
             printf '%s\\n' \"$input\" | {judge_exe} baseline\n"
        ),
    );
    let cmd = format!("sh {}", slow.display());
    let strength = |cmd: &str| {
        let args = ["--cmd", cmd, "--seeds", "1", "--stress-seeds", "0"];
        judge(&[&["strength"][..], &args].concat())
    };
    let ran = strength(&cmd);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(
        ran.stdout.contains(
            "  over the contest's 1 s limit: 2 of 10 games, on 1 of 1 seeds (a contest scores them 0"
        ),
        "{}",
        ran.stdout
    );
    let ran = strength(&format!("{judge_exe} baseline"));
    assert!(
        ran.stdout
            .contains("  every game within the contest's 1 s limit\n"),
        "{}",
        ran.stdout
    );
}

#[test]
fn attack_says_a_run_timed_out() {
    let ran = judge(&[
        "attack",
        "--cmd",
        "sleep 5",
        "--time-limit",
        "0.2",
        "--budget",
        "2",
        "--n",
        "50",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(
        ran.stdout.starts_with(
            "run     1/2: placed      0 of 50, time limit exceeded (family uniform)\n"
        ),
        "{}",
        ran.stdout
    );
}

#[test]
fn tune_appends_its_weights_to_a_shell_command_line() {
    let dir = scratch("tune-shell");
    let judge_exe = env!("CARGO_BIN_EXE_judge");
    let seen = dir.path().join("arguments");
    let player = write(
        dir.path(),
        "my player.sh",
        format!(
            "printf '%s|' \"$@\" >> '{}'\nexec {judge_exe} baseline\n",
            seen.display()
        ),
    );
    let cmd = format!(
        "cd '{}' && sh '{}' first",
        dir.path().display(),
        player.display()
    );
    let ran = judge(&[
        "tune", "--cmd", &cmd, "--start", "3,4", "--rounds", "0", "--games", "1", "--size", "20",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        std::fs::read_to_string(&seen).unwrap(),
        "first|--weights|3,4|"
    );
}

#[test]
fn show_without_files_says_where_it_looked() {
    let dir = scratch("show-empty");
    let ran = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("show")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(
        stderr.starts_with("judge failure: cannot read the test input Tetris.in: ")
            && stderr.ends_with(
                "(with no INPUT OUTPUT, judge show reads Tetris.in and Tetris.out from the current folder)\n"
            ),
        "{stderr}"
    );
}
