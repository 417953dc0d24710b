//! Each contest-system front end, run as the executable the system would
//! run: argument order, exit codes, and every message channel.

mod common;

use std::path::PathBuf;

use common::{execute, root, scratch, write, Ran};
use judge::process::ScratchDir;

const SAMPLE_IN: &str = "testdata/olympiad/sample/Tetris.in";
const SAMPLE_OUT: &str = "testdata/olympiad/sample/Tetris.out";

/// A test of four O pieces and outputs that place 4, 2 and 0 of them.
struct Case {
    dir: ScratchDir,
    input: String,
    all: String,
    half: String,
    none: String,
    broken_input: String,
}

fn case(name: &str) -> Case {
    let dir = scratch(&format!("frontends-{name}"));
    let file = |name: &str, content: &str| {
        write(dir.path(), name, content)
            .to_string_lossy()
            .into_owned()
    };
    Case {
        input: file("t.in", "4\n4 4 4 4\n"),
        all: file("all.out", "0 0\n0 2\n0 4\n0 6\n"),
        half: file("half.out", "0 0\n0 0\n0 9\n"),
        none: file("none.out", "7 7\n"),
        broken_input: file("broken.in", "4\n4 4 9 4\n"),
        dir,
    }
}

fn run(exe: &str, args: &[&str], stdin: Option<&str>) -> Ran {
    execute(exe, args, stdin.unwrap_or("").as_bytes())
}

const TESTLIB: &str = env!("CARGO_BIN_EXE_judge-testlib");
const CMS: &str = env!("CARGO_BIN_EXE_judge-cms");
const KATTIS: &str = env!("CARGO_BIN_EXE_judge-kattis");
const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

#[test]
fn testlib_verdicts_exit_codes_and_result_file() {
    let c = case("testlib");
    let answer = write(c.dir.path(), "t.ans", "")
        .to_string_lossy()
        .into_owned();
    let ok = run(TESTLIB, &[&c.input, &c.all, &answer], None);
    assert_eq!(ok.code, 0);
    assert!(ok.stderr.starts_with("ok placed 4 of 4 pieces, 10 points"));

    let sample = run(TESTLIB, &[SAMPLE_IN, SAMPLE_OUT, &answer], None);
    assert_eq!(sample.code, 7);
    assert!(
        sample.stderr.starts_with("points 7 placed 13 of 20 pieces"),
        "{}",
        sample.stderr
    );

    let wa = run(TESTLIB, &[&c.input, &c.none, &answer], None);
    assert_eq!(wa.code, 1);
    assert!(wa.stderr.starts_with("wrong answer placed 0 of 4"));

    let fail = run(TESTLIB, &[&c.broken_input, &c.all, &answer], None);
    assert_eq!(fail.code, 3);
    assert!(fail.stderr.starts_with("FAIL test input"));
    assert!(fail.stderr.contains("line 2, column 5"));

    let result = c.dir.path().join("result.xml");
    let appes = run(
        TESTLIB,
        &[
            SAMPLE_IN,
            SAMPLE_OUT,
            &answer,
            result.to_str().unwrap(),
            "-appes",
        ],
        None,
    );
    assert_eq!(appes.code, 7);
    let xml = std::fs::read_to_string(&result).unwrap();
    assert!(
        xml.contains("<result outcome=\"points\" points=\"7\">placed 13 of 20"),
        "{xml}"
    );

    assert_eq!(run(TESTLIB, &[&c.input], None).code, 3);
}

#[test]
fn cms_writes_the_fraction_to_stdout_and_the_message_to_stderr() {
    let c = case("cms");
    let sample = run(CMS, &[SAMPLE_IN, "/nonexistent-is-fine", SAMPLE_OUT], None);
    assert_eq!(sample.code, 0);
    assert_eq!(sample.stdout, "0.7\n");
    assert!(sample
        .stderr
        .starts_with("placed 13 of 20 pieces, 7 points; piece 14:"));
    let all = run(CMS, &[&c.input, &c.input, &c.all], None);
    assert_eq!(all.stdout, "1.0\n");
    let none = run(CMS, &[&c.input, &c.input, &c.none], None);
    assert_eq!((none.code, none.stdout.as_str()), (0, "0.0\n"));
    let broken = run(CMS, &[&c.broken_input, &c.input, &c.all], None);
    assert_eq!(broken.code, 1);
    assert!(broken.stdout.is_empty());
    assert!(broken.stderr.starts_with("judge failure: test input"));
}

#[test]
fn kattis_exit_codes_score_and_feedback_files() {
    let c = case("kattis");
    let feedback = c.dir.path().join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let fb = feedback.to_str().unwrap();
    let sample_output = std::fs::read_to_string(root().join(SAMPLE_OUT)).unwrap();
    let accepted = run(
        KATTIS,
        &[SAMPLE_IN, "answer-unused", fb, "extra-flag"],
        Some(&sample_output),
    );
    assert_eq!(accepted.code, 42);
    assert_eq!(
        std::fs::read_to_string(feedback.join("score.txt")).unwrap(),
        "7\n"
    );
    assert!(std::fs::read_to_string(feedback.join("judgemessage.txt"))
        .unwrap()
        .starts_with("placed 13 of 20"));
    assert!(std::fs::read_to_string(feedback.join("teammessage.txt"))
        .unwrap()
        .starts_with("placed 13 of 20"));

    // A game worth nothing is judged (42, score 0), not rejected: a
    // scoring problem must go on to the later tests.
    let nothing = run(KATTIS, &[&c.input, "x", fb], Some("7 7\n"));
    assert_eq!(nothing.code, 42);
    assert_eq!(
        std::fs::read_to_string(feedback.join("score.txt")).unwrap(),
        "0\n"
    );

    let error = run(KATTIS, &[&c.broken_input, "x", fb], Some("0 0"));
    assert_eq!(error.code, 1);
    assert!(std::fs::read_to_string(feedback.join("judgeerror.txt"))
        .unwrap()
        .contains("test input"));
    let no_dir = run(
        KATTIS,
        &[&c.input, "x", "/nonexistent/feedback"],
        Some("0 0"),
    );
    assert_eq!(no_dir.code, 1);
}

#[test]
fn judge_check_prints_the_verdict_and_keeps_failures_apart() {
    let c = case("check");
    let sample = run(JUDGE, &["check", SAMPLE_IN, SAMPLE_OUT], None);
    assert_eq!(sample.code, 0);
    assert_eq!(
        sample.stdout,
        "placed 13 of 20\npoints 7 of 10\nend: piece 14: rotation 1, column 8: width 4 does not fit in the well\nScore = 7\n"
    );
    let half = run(JUDGE, &["check", &c.input, &c.half], None);
    assert!(
        half.stdout.starts_with("placed 2 of 4\npoints 5 of 10\n"),
        "{}",
        half.stdout
    );
    let broken = run(JUDGE, &["check", &c.broken_input, &c.all], None);
    assert_eq!(broken.code, 1);
    assert!(broken.stderr.starts_with("judge failure: test input"));
    assert!(!broken.stderr.contains("panicked"));
    let missing = run(JUDGE, &["check", &c.input, "/nonexistent.out"], None);
    assert_eq!(missing.code, 1);
    assert_eq!(run(JUDGE, &["check", &c.input], None).code, 2);
    assert_eq!(run(JUDGE, &["frobnicate"], None).code, 2);
    assert_eq!(run(JUDGE, &["check", "--nope", "a", "b"], None).code, 2);
}

#[test]
fn judge_gen_is_deterministic_and_matches_the_committed_tests() {
    let scratch_dir = scratch("gen");
    let dir = scratch_dir.path();
    let out = run(
        JUDGE,
        &["gen", "--official", "--dir", dir.to_str().unwrap()],
        None,
    );
    assert_eq!(out.code, 0);
    for i in 1..=10 {
        let name = format!("{i:02}.in");
        let made = std::fs::read(dir.join(&name)).unwrap();
        let committed =
            std::fs::read(root().join("testdata/olympiad/official").join(&name)).unwrap();
        assert!(made == committed, "{name} differs from the committed test");
    }
    let a = run(
        JUDGE,
        &["gen", "--n", "50", "--dist", "sz-only", "--seed", "9"],
        None,
    );
    let b = run(
        JUDGE,
        &["gen", "--n", "50", "--dist", "sz-only", "--seed", "9"],
        None,
    );
    assert_eq!(a.stdout, b.stdout);
    let pieces = &a.stdout;
    assert!(pieces.starts_with("50\n"));
    assert!(pieces
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .all(|p| p == "5" || p == "7"));
    assert_eq!(run(JUDGE, &["gen", "--dist", "nope"], None).code, 2);
}

#[test]
fn judge_show_replays_tetris_in_and_out_from_the_current_directory() {
    let sample_dir = root().join("testdata/olympiad/sample");
    let show = |delay: &str| -> Ran {
        std::process::Command::new(JUDGE)
            .args(["show", "--delay", delay])
            .current_dir(&sample_dir)
            .output()
            .unwrap()
            .into()
    };
    let out = show("0");
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stdout,
        "placed 13 of 20 pieces, 7 points; piece 14: rotation 1, column 8: width 4 does not fit in the well\n"
    );
    let frames = show("1").stdout;
    assert!(frames.contains("piece 11: 3 (L), rotation 2, column 3"));
    assert!(frames.contains("deleted 1 full row(s)") && frames.contains("components fall one row"));
}

#[test]
fn contest_system_conventions_testlib_cms_and_kattis_add() {
    let c = case("conventions");
    let answer = write(c.dir.path(), "t.ans", "")
        .to_string_lossy()
        .into_owned();
    let result = c.dir.path().join("r.xml");
    let result = result.to_str().unwrap();
    // testlib: -APPES in upper case, options a system prepends.
    let upper = run(
        TESTLIB,
        &[SAMPLE_IN, SAMPLE_OUT, &answer, result, "-APPES"],
        None,
    );
    assert_eq!(upper.code, 7, "{}", upper.stderr);
    assert!(std::fs::read_to_string(result)
        .unwrap()
        .contains("outcome=\"points\""));
    let grouped = run(
        TESTLIB,
        &[
            "--testset",
            "tests",
            "--group",
            "1",
            SAMPLE_IN,
            SAMPLE_OUT,
            &answer,
        ],
        None,
    );
    assert_eq!(grouped.code, 7, "{}", grouped.stderr);
    // A missing output file is the contestant's: PE, not FAIL.
    let missing = run(TESTLIB, &[&c.input, "/nonexistent/out", &answer], None);
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(
        missing.stderr.starts_with("wrong output format"),
        "{}",
        missing.stderr
    );
    // CMS: the optional fourth argument of newer task types.
    for mode in ["batch", "outputonly"] {
        let four = run(CMS, &[&c.input, &c.input, &c.all, mode], None);
        assert_eq!((four.code, four.stdout.as_str()), (0, "1.0\n"), "{mode}");
    }
    assert_eq!(
        run(CMS, &[&c.input, &c.input, &c.all, "other"], None).code,
        1
    );
    let no_output = run(CMS, &[&c.input, &c.input, "/nonexistent/out"], None);
    assert_eq!((no_output.code, no_output.stdout.as_str()), (0, "0.0\n"));
}

#[cfg(unix)]
#[test]
fn paths_that_are_not_utf8_are_handled_not_panicked_on() {
    use std::os::unix::ffi::OsStrExt;
    let c = case("bytes");
    let odd = std::ffi::OsStr::from_bytes(b"out\xff.txt");
    let odd_path: PathBuf = c.dir.path().join(odd);
    std::fs::write(&odd_path, "0 0\n0 2\n0 4\n0 6\n").unwrap();
    let fb = c.dir.path().join("fb");
    std::fs::create_dir_all(&fb).unwrap();
    let cases: [(&str, Vec<std::ffi::OsString>, i32); 4] = [
        (
            JUDGE,
            vec![
                "check".into(),
                c.input.clone().into(),
                odd_path.clone().into(),
            ],
            0,
        ),
        (
            TESTLIB,
            vec![
                c.input.clone().into(),
                odd_path.clone().into(),
                c.input.clone().into(),
            ],
            0,
        ),
        (
            CMS,
            vec![
                c.input.clone().into(),
                c.input.clone().into(),
                odd_path.clone().into(),
            ],
            0,
        ),
        (
            KATTIS,
            vec![
                c.input.clone().into(),
                c.input.clone().into(),
                fb.clone().into(),
            ],
            42,
        ),
    ];
    for (exe, args, code) in cases {
        let ran = execute(exe, &args, b"0 0 0 2 0 4 0 6");
        assert_eq!(ran.code, code, "{exe}: {}", ran.stderr);
        assert!(!ran.stderr.contains("panicked"), "{exe}: {}", ran.stderr);
    }
    let missing = c
        .dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"nothing\xfe"));
    let ran = execute(
        JUDGE,
        &[
            std::ffi::OsString::from("check"),
            c.input.clone().into(),
            missing.into(),
        ],
        b"",
    );
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    assert!(ran.stderr.contains("nothing\u{fffd}"), "{}", ran.stderr);
}
