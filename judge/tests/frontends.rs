//! Each contest-system front end, run as the executable the system would
//! run: argument order, exit codes, and every message channel.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SAMPLE_IN: &str = "../testdata/olympiad/sample/Tetris.in";
const SAMPLE_OUT: &str = "../testdata/olympiad/sample/Tetris.out";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-frontends-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, content: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

fn run(exe: &str, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = stdin.unwrap_or("").to_string();
    let mut pipe = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = pipe.write_all(input.as_bytes());
    });
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A test of four O pieces and outputs that place 4, 2 and 0 of them.
struct Case {
    dir: PathBuf,
    input: String,
    all: String,
    half: String,
    none: String,
    broken_input: String,
}

fn case(name: &str) -> Case {
    let dir = scratch(name);
    Case {
        input: write(&dir, "t.in", "4\n4 4 4 4\n"),
        all: write(&dir, "all.out", "0 0\n0 2\n0 4\n0 6\n"),
        half: write(&dir, "half.out", "0 0\n0 0\n0 9\n"),
        none: write(&dir, "none.out", "7 7\n"),
        broken_input: write(&dir, "broken.in", "4\n4 4 9 4\n"),
        dir,
    }
}

const TESTLIB: &str = env!("CARGO_BIN_EXE_judge-testlib");
const CMS: &str = env!("CARGO_BIN_EXE_judge-cms");
const KATTIS: &str = env!("CARGO_BIN_EXE_judge-kattis");
const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

#[test]
fn testlib_verdicts_exit_codes_and_result_file() {
    let c = case("testlib");
    let answer = write(&c.dir, "t.ans", "");
    let ok = run(TESTLIB, &[&c.input, &c.all, &answer], None);
    assert_eq!(ok.status.code(), Some(0));
    assert!(text(&ok.stderr).starts_with("ok placed 4 of 4 pieces, 10 points"));

    let sample = run(TESTLIB, &[SAMPLE_IN, SAMPLE_OUT, &answer], None);
    assert_eq!(sample.status.code(), Some(7));
    assert!(
        text(&sample.stderr).starts_with("points 7 placed 13 of 20 pieces"),
        "{}",
        text(&sample.stderr)
    );

    let wa = run(TESTLIB, &[&c.input, &c.none, &answer], None);
    assert_eq!(wa.status.code(), Some(1));
    assert!(text(&wa.stderr).starts_with("wrong answer placed 0 of 4"));

    let fail = run(TESTLIB, &[&c.broken_input, &c.all, &answer], None);
    assert_eq!(fail.status.code(), Some(3));
    assert!(text(&fail.stderr).starts_with("FAIL test input"));
    assert!(text(&fail.stderr).contains("line 2, column 5"));

    let result = c.dir.join("result.xml");
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
    assert_eq!(appes.status.code(), Some(7));
    let xml = std::fs::read_to_string(&result).unwrap();
    assert!(
        xml.contains("<result outcome=\"points\" points=\"7\">placed 13 of 20"),
        "{xml}"
    );

    assert_eq!(run(TESTLIB, &[&c.input], None).status.code(), Some(3));
}

#[test]
fn cms_writes_the_fraction_to_stdout_and_the_message_to_stderr() {
    let c = case("cms");
    let sample = run(CMS, &[SAMPLE_IN, "/nonexistent-is-fine", SAMPLE_OUT], None);
    assert_eq!(sample.status.code(), Some(0));
    assert_eq!(text(&sample.stdout), "0.7\n");
    assert!(text(&sample.stderr).starts_with("placed 13 of 20 pieces, 7 points; piece 14:"));
    let all = run(CMS, &[&c.input, &c.input, &c.all], None);
    assert_eq!(text(&all.stdout), "1.0\n");
    let none = run(CMS, &[&c.input, &c.input, &c.none], None);
    assert_eq!(
        (none.status.code(), text(&none.stdout)),
        (Some(0), "0.0\n".to_string())
    );
    let broken = run(CMS, &[&c.broken_input, &c.input, &c.all], None);
    assert_eq!(broken.status.code(), Some(1));
    assert!(text(&broken.stdout).is_empty());
    assert!(text(&broken.stderr).starts_with("judge failure: test input"));
}

#[test]
fn kattis_exit_codes_score_and_feedback_files() {
    let c = case("kattis");
    let feedback = c.dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let fb = feedback.to_str().unwrap();
    let sample_output =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(SAMPLE_OUT)).unwrap();
    let accepted = run(
        KATTIS,
        &[SAMPLE_IN, "answer-unused", fb, "extra-flag"],
        Some(&sample_output),
    );
    assert_eq!(accepted.status.code(), Some(42));
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

    let rejected = run(KATTIS, &[&c.input, "x", fb], Some("7 7\n"));
    assert_eq!(rejected.status.code(), Some(43));
    assert_eq!(
        std::fs::read_to_string(feedback.join("score.txt")).unwrap(),
        "0\n"
    );

    let error = run(KATTIS, &[&c.broken_input, "x", fb], Some("0 0"));
    assert_eq!(error.status.code(), Some(1));
    assert!(std::fs::read_to_string(feedback.join("judgeerror.txt"))
        .unwrap()
        .contains("test input"));
    let no_dir = run(
        KATTIS,
        &[&c.input, "x", "/nonexistent/feedback"],
        Some("0 0"),
    );
    assert_eq!(no_dir.status.code(), Some(1));
}

#[test]
fn judge_check_prints_the_verdict_and_keeps_failures_apart() {
    let c = case("check");
    let sample = run(JUDGE, &["check", SAMPLE_IN, SAMPLE_OUT], None);
    assert_eq!(sample.status.code(), Some(0));
    assert_eq!(
        text(&sample.stdout),
        "placed 13 of 20\npoints 7 of 10\nend: piece 14: rotation 1, column 8: width 4 does not fit in the well\nScore = 7\n"
    );
    let half = run(JUDGE, &["check", &c.input, &c.half], None);
    assert!(
        text(&half.stdout).starts_with("placed 2 of 4\npoints 5 of 10\n"),
        "{}",
        text(&half.stdout)
    );
    let broken = run(JUDGE, &["check", &c.broken_input, &c.all], None);
    assert_eq!(broken.status.code(), Some(1));
    assert!(text(&broken.stderr).starts_with("judge failure: test input"));
    assert!(!text(&broken.stderr).contains("panicked"));
    let missing = run(JUDGE, &["check", &c.input, "/nonexistent.out"], None);
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(
        run(JUDGE, &["check", &c.input], None).status.code(),
        Some(2)
    );
    assert_eq!(run(JUDGE, &["frobnicate"], None).status.code(), Some(2));
    assert_eq!(
        run(JUDGE, &["check", "--nope", "a", "b"], None)
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn judge_gen_is_deterministic_and_matches_the_committed_tests() {
    let dir = scratch("gen");
    let out = run(
        JUDGE,
        &["gen", "--official", "--dir", dir.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    for i in 1..=10 {
        let name = format!("{i:02}.in");
        let made = std::fs::read(dir.join(&name)).unwrap();
        let committed = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../testdata/olympiad/official")
                .join(&name),
        )
        .unwrap();
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
    let pieces = text(&a.stdout);
    assert!(pieces.starts_with("50\n"));
    assert!(pieces
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .all(|p| p == "5" || p == "7"));
    assert_eq!(
        run(JUDGE, &["gen", "--dist", "nope"], None).status.code(),
        Some(2)
    );
}

#[test]
fn judge_show_replays_tetris_in_and_out_from_the_current_directory() {
    let sample_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/olympiad/sample");
    let out = Command::new(JUDGE)
        .args(["show", "--delay", "0"])
        .current_dir(&sample_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "placed 13 of 20 pieces, 7 points; piece 14: rotation 1, column 8: width 4 does not fit in the well\n"
    );
    let animated = Command::new(JUDGE)
        .args(["show", "--delay", "1"])
        .current_dir(&sample_dir)
        .output()
        .unwrap();
    let frames = text(&animated.stdout);
    assert!(frames.contains("piece 11: 3 (L), rotation 2, column 3"));
    assert!(frames.contains("deleted 1 full row(s)") && frames.contains("components fall one row"));
}
