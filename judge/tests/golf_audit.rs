//! `judge golf run`: the look-ahead audit catches a program that peeks two
//! pieces ahead, a streaming run catches one that waits for more input, a
//! second run catches non-determinism; an honest program gets its total.

mod common;

use std::path::{Path, PathBuf};

use common::{judge, scratch, write};
use judge::process::ScratchDir;

const HONEST_STREAMING: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut input = std::io::stdin();
    let mut out = std::io::stdout();
    let mut read = || { let mut b = [0u8]; if input.read(&mut b).unwrap_or(0) == 1 { Some(b[0]) } else { None } };
    let mut current = read();
    while let Some(_) = current {
        let next = read();
        out.write_all(&[next.map_or(0, |n| n % 3)]).unwrap();
        out.flush().unwrap();
        current = next;
    }
}"#;

const READS_ALL_HONEST: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut all = Vec::new();
    std::io::stdin().read_to_end(&mut all).unwrap();
    let answers: Vec<u8> = (0..all.len()).map(|i| all.get(i + 1).map_or(0, |n| n % 3)).collect();
    std::io::stdout().write_all(&answers).unwrap();
}"#;

const PEEKS_TWO_AHEAD: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut all = Vec::new();
    std::io::stdin().read_to_end(&mut all).unwrap();
    let answers: Vec<u8> = (0..all.len()).map(|i| all.get(i + 2).map_or(0, |n| n % 3)).collect();
    std::io::stdout().write_all(&answers).unwrap();
}"#;

const NOT_DETERMINISTIC: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut all = Vec::new();
    std::io::stdin().read_to_end(&mut all).unwrap();
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as usize
        ^ std::process::id() as usize;
    let answers: Vec<u8> = (0..all.len()).map(|i| ((seed >> (i % 16)) % 3) as u8).collect();
    std::io::stdout().write_all(&answers).unwrap();
}"#;

/// A scratch folder with the program's source and a 400-byte input.
fn setup(name: &str, source: &str) -> (ScratchDir, PathBuf, PathBuf) {
    let dir = scratch(&format!("golf-audit-{name}"));
    let path = write(dir.path(), &format!("{name}.rs"), source);
    let bytes: Vec<u8> = (0..400u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let input = write(dir.path(), "input.bin", bytes);
    (dir, path, input)
}

fn golf_run(source: &Path, input: &Path, extra: &[&str]) -> (i32, String) {
    let mut args = vec![
        "golf",
        "run",
        source.to_str().unwrap(),
        "--input",
        input.to_str().unwrap(),
    ];
    args.extend(["--cuts", "30"]);
    args.extend(extra);
    let ran = judge(&args);
    (ran.code, ran.stdout)
}

#[test]
fn an_honest_streaming_program_passes_every_check_and_gets_game_minus_bytes() {
    let (_dir, source, input) = setup("honest", HONEST_STREAMING);
    let (code, report) = golf_run(&source, &input, &["--stream", "--stall", "2"]);
    assert_eq!(code, 0, "{report}");
    assert!(
        report.contains("look-ahead: 30 cut runs (input cut after piece k+1, k from 0 to 398)"),
        "{report}"
    );
    assert!(
        report.contains("stream: fed one byte at a time"),
        "{report}"
    );
    assert!(
        report.contains(&format!("source bytes {}", HONEST_STREAMING.len())),
        "{report}"
    );
    let game: i64 = report
        .lines()
        .find_map(|l| l.strip_prefix("game score "))
        .and_then(|l| l.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        report.contains(&format!("Score = {}", game - HONEST_STREAMING.len() as i64)),
        "{report}"
    );
}

#[test]
fn peeking_two_pieces_ahead_is_a_look_ahead_violation() {
    let (_dir, source, input) = setup("peek", PEEKS_TWO_AHEAD);
    let (code, report) = golf_run(&source, &input, &[]);
    assert_eq!(code, 3, "{report}");
    assert!(report.contains("rejected: look-ahead violation: the answer to piece 0 changed when the input was cut after piece 1"), "{report}");
}

#[test]
fn a_program_that_reads_all_input_passes_the_cuts_but_stalls_when_streamed() {
    let (_dir, source, input) = setup("readall", READS_ALL_HONEST);
    let (code, report) = golf_run(&source, &input, &[]);
    assert_eq!(code, 0, "{report}");
    let (code, report) = golf_run(&source, &input, &["--stream", "--stall", "1"]);
    assert_eq!(code, 3, "{report}");
    assert!(
        report.contains("rejected: stalled: no answer to piece 0 within 1.0 s"),
        "{report}"
    );
}

#[test]
fn a_program_that_answers_differently_twice_is_rejected() {
    let (_dir, source, input) = setup("random", NOT_DETERMINISTIC);
    let (code, report) = golf_run(&source, &input, &[]);
    assert_eq!(code, 3, "{report}");
    assert!(report.contains("rejected: not deterministic"), "{report}");
}

#[test]
fn golf_score_reports_each_scorer_and_rejects_bad_outputs() {
    let (dir, _, input) = setup("score", "");
    let good = write(dir.path(), "good.out", vec![0u8; 400]);
    let short = write(dir.path(), "short.out", vec![0u8; 10]);
    let (input, good, short) = (
        input.to_str().unwrap(),
        good.to_str().unwrap(),
        short.to_str().unwrap(),
    );
    let all = judge(&["golf", "score", input, good, "--as", "all"]);
    assert_eq!(all.code, 0);
    for scorer in [
        "by the rules as written",
        "by the challenge's C scorer",
        "by the challenge's Python scorer",
    ] {
        assert!(all.stdout.contains(scorer), "{}", all.stdout);
    }
    let rejected = judge(&["golf", "score", input, short]);
    assert_eq!(rejected.code, 3);
    assert!(rejected
        .stdout
        .contains("first missing answer is at byte offset 10"));
    let bad_mode = judge(&["golf", "score", input, good, "--as", "java"]);
    assert_eq!(bad_mode.code, 2);
}
