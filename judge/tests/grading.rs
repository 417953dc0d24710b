//! `judge grade`: crash, timeout, output and memory limits are verdicts
//! worth nothing; a normal run is judged; the table adds up; the program
//! and everything it starts are contained and never hold the grader; bad
//! limits are a bad command line.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{judge, root, scratch, write, Ran};

/// A folder with two tests and the shell scripts the tests grade.
fn setup(dir: &Path) {
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    write(dir, "tests/a.in", "2\n4 4\n");
    write(dir, "tests/b.in", "4\n4 4 4 4\n");
    let good = "printf '0 0\\n0 2\\n0 4\\n0 6\\n'";
    let scripts = [
        ("good.sh", format!("cat > /dev/null; {good}")),
        (
            "half.sh",
            "cat > /dev/null; printf '0 0\\n0 0\\n0 9\\n'".into(),
        ),
        ("crash.sh", "exit 3".into()),
        ("slow.sh", "sleep 5".into()),
        ("flood.sh", "yes 0".into()),
        // Leaves a child waiting on the group: the grader must not wait too.
        ("waits.sh", "sleep 30 &\nwait\n".into()),
        // Answers, then exits leaving a background child holding stdout.
        ("leaves-child.sh", format!("{good}\nsleep 42 &\n")),
        (
            "stderr-flood.sh",
            "dd if=/dev/zero of=/dev/stderr bs=1M 2>/dev/null".into(),
        ),
    ];
    for (name, body) in scripts {
        write(dir, name, body);
    }
}

fn grade(dir: &Path, script: &str, extra: &[&str]) -> Ran {
    let cmd = format!("sh {}", dir.join(script).display());
    let tests = dir.join("tests");
    let mut args = vec!["grade", "--cmd", &cmd, "--tests", tests.to_str().unwrap()];
    args.extend(["--time-limit", "0.5", "--output-limit-mb", "1"]);
    args.extend(extra);
    judge(&args)
}

#[test]
fn verdicts_per_test_and_the_total() {
    let dir = scratch("grading-verdicts");
    setup(dir.path());
    let ran = grade(dir.path(), "good.sh", &[]);
    assert_eq!(ran.code, 0);
    assert!(
        ran.stdout
            .contains("total: 20 of 20 points; placed 6 of 6 pieces (survival 100.00%)"),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.ends_with("Score = 20\n"));

    let table = grade(dir.path(), "half.sh", &[]).stdout;
    // a.in: both placed (10); b.in: two of four placed (5).
    assert!(
        table.contains("total: 15 of 20 points; placed 4 of 6 pieces"),
        "{table}"
    );

    for (script, verdict) in [
        ("crash.sh", "runtime error (exit code 3)"),
        ("slow.sh", "time limit exceeded"),
        ("flood.sh", "output limit exceeded"),
    ] {
        let ran = grade(dir.path(), script, &[]);
        assert_eq!(ran.code, 0, "{script}");
        assert_eq!(
            ran.stdout.matches(verdict).count(),
            2,
            "{script}: {}",
            ran.stdout
        );
        assert!(ran.stdout.contains("Score = 0"), "{script}: {}", ran.stdout);
    }
}

#[test]
fn processes_left_behind_are_killed_and_never_waited_on() {
    let dir = scratch("grading-processes");
    setup(dir.path());
    let started = Instant::now();
    let ran = grade(dir.path(), "waits.sh", &[]);
    assert_eq!(
        ran.stdout.matches("time limit exceeded").count(),
        2,
        "{}",
        ran.stdout
    );
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "took {:?}",
        started.elapsed()
    );

    let started = Instant::now();
    let ran = grade(dir.path(), "leaves-child.sh", &[]);
    assert!(ran.stdout.contains("Score = 20"), "{}", ran.stdout);
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn standard_error_is_kept_as_a_bounded_tail() {
    let dir = scratch("grading-stderr");
    setup(dir.path());
    // The judge itself, run and measured like a contestant's program.
    let cmd = format!("sh {}", dir.path().join("stderr-flood.sh").display());
    let judge_command: Vec<String> = [
        env!("CARGO_BIN_EXE_judge"),
        "grade",
        "--cmd",
        &cmd,
        "--tests",
        dir.path().join("tests").to_str().unwrap(),
        "--time-limit",
        "1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let limits = judge::process::Limits::tool(Duration::from_secs(30));
    let ran = judge::process::run(&judge_command, b"", &limits).unwrap();
    assert!(ran.succeeded(), "{}", ran.stderr_tail);
    let table = String::from_utf8_lossy(&ran.stdout);
    assert_eq!(table.matches("time limit exceeded").count(), 2, "{table}");
    let peak_mib = ran.max_rss_kib.unwrap_or(0) / 1024;
    assert!(peak_mib < 64, "the judge peaked at {peak_mib} MiB");
}

#[test]
fn the_memory_limit_is_enforced_and_reported() {
    let dir = scratch("grading-memory");
    setup(dir.path());
    let hungry = write(
        dir.path(),
        "hungry.rs",
        "fn main() { let v = vec![7u8; 4 << 30]; println!(\"{}\", v[v.len() / 2]); }",
    );
    let modest = write(
        dir.path(),
        "modest.rs",
        "use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap();\n\
         let v = vec![1u8; 100 << 20]; let n: usize = s.split_whitespace().next().unwrap().parse().unwrap();\n\
         for i in 0..n { println!(\"0 {}\", (2 * i) % 10 + usize::from(v[i] == 0)); } }",
    );
    let tests = dir.path().join("tests");
    let grade_source = |source: &Path, extra: &[&str]| {
        let mut args = vec![
            "grade",
            source.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
        ];
        args.extend(["--time-limit", "20"]);
        args.extend(extra);
        judge(&args)
    };
    let ran = grade_source(&hungry, &[]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        ran.stdout.matches("memory limit exceeded").count(),
        2,
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.contains("Score = 0"), "{}", ran.stdout);

    let ran = grade_source(&modest, &[]);
    assert!(
        ran.stdout.contains("Score = 20"),
        "100 MB fits 256 MB: {}",
        ran.stdout
    );
    let ran = grade_source(&modest, &["--memory-limit", "64"]);
    assert_eq!(
        ran.stdout.matches("memory limit exceeded").count(),
        2,
        "{}",
        ran.stdout
    );
}

#[test]
fn bad_limits_are_a_bad_command_line() {
    let dir = scratch("grading-limits");
    setup(dir.path());
    for bad in ["-1", "nan", "inf", "1e30", "-0.5", "0", "x"] {
        let ran = grade(dir.path(), "good.sh", &["--time-limit", bad]);
        assert_eq!(ran.code, 2, "--time-limit {bad}: {}", ran.stderr);
        assert!(ran.stderr.contains("--time-limit"), "{}", ran.stderr);
        assert!(!ran.stderr.contains("panicked"), "{}", ran.stderr);
    }
    for (option, bad) in [
        ("--output-limit-mb", "17592186044416"),
        ("--output-limit-mb", "0"),
        ("--memory-limit", "-5"),
        ("--memory-limit", "99999999999"),
    ] {
        let ran = grade(dir.path(), "good.sh", &[option, bad]);
        assert_eq!(ran.code, 2, "{option} {bad}: {}", ran.stderr);
    }
    let input = root().join("testdata/golf/input.bin");
    for (option, bad) in [
        ("--time-limit", "-1"),
        ("--stall", "-1"),
        ("--stall", "nan"),
    ] {
        let ran = judge(&[
            "golf",
            "run",
            "--cmd",
            "cat",
            "--source",
            input.to_str().unwrap(),
            option,
            bad,
        ]);
        assert_eq!(ran.code, 2, "golf run {option} {bad}: {}", ran.stderr);
    }
}

#[test]
fn html_writes_a_replay_page_per_test() {
    let dir = scratch("grading-html");
    setup(dir.path());
    let pages = dir.path().join("pages");
    let ran = grade(dir.path(), "half.sh", &["--html", pages.to_str().unwrap()]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    for name in ["a.html", "b.html"] {
        let page = std::fs::read_to_string(pages.join(name)).unwrap();
        assert!(page.contains("\"rules\":\"olympiad\""), "{name}");
    }
}

#[test]
fn a_submission_that_does_not_compile_is_reported_with_the_compiler_message() {
    let dir = scratch("grading-compile");
    setup(dir.path());
    let source = write(dir.path(), "broken.rs", "fn main() { let x: u8 = \"no\"; }");
    let tests = dir.path().join("tests");
    let ran = judge(&[
        "grade",
        source.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
    ]);
    // The contestant's result, not the judge's failure: exit 0, Score = 0.
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(ran.stderr.is_empty(), "{}", ran.stderr);
    assert!(
        ran.stdout
            .contains("(all)           6      0      0         -         -  compilation error\n"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout
            .contains("  compiler: error[E0308]: mismatched types"),
        "{}",
        ran.stdout
    );
    assert!(ran
        .stdout
        .ends_with("total: 0 of 20 points; placed 0 of 6 pieces (survival 0.00%)\nScore = 0\n"));
}
