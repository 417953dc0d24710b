//! The C++ referee (judge/referee-cpp/, the source of every C++ checker and
//! validator `judge package` writes) against the Rust judge on seeded
//! cases: valid games with cascades and top-outs, random and malformed
//! tokens, long (up to 10000 pieces, or one 300 KB token), empty and binary
//! outputs, and bad or badly laid out tests.
//! Every case goes through the C++ rules in one batch process; the packaged
//! front ends themselves (pasted into one file each, as packages hold
//! them) run on every tenth case. They must agree with the judge on the
//! pieces placed, the points, the verdict class and the test's validity.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{compile_cpp, root, scratch};
use judge::olympiad::checker_source::{source, Program};
use judge::olympiad::cpp_source::{cpp_source, CppProgram};
use judge::olympiad::format::{format_input, parse_input, STATEMENT_MAX_PIECES};
use judge::olympiad::judge::judge_output;
use judge::olympiad::{baseline, Move, Piece, ToppingPiece, Unwatched};
use judge::rng::Rng;

const CASES: u64 = 12_000;
/// The packaged front ends run on one case in this many.
const FRONT_END_SHARE: u64 = 10;

struct Case {
    test: Vec<u8>,
    output: Vec<u8>,
}

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

fn random_pieces(rng: &mut Rng) -> Vec<Piece> {
    let n = match rng.below(50) {
        0 => 1 + rng.below(1000),
        // The statement's limit and one more: the judges read both, the
        // input validators accept only the first.
        1 if rng.below(4) == 0 => STATEMENT_MAX_PIECES as u64 + rng.below(2),
        _ => 1 + rng.below(80),
    };
    (0..n)
        .map(|_| Piece::new(1 + rng.below(7) as i64).unwrap())
        .collect()
}

/// A legal move for `piece`, at random.
fn random_move(rng: &mut Rng, piece: Piece) -> Move {
    let rotation = rng.below(4) as usize;
    let width = piece.shape(rotation).width as u64;
    Move {
        rotation: rotation as i64,
        column: rng.below(11 - width) as i64,
    }
}

/// The moves of a game: the baseline player's (long games, many rows
/// deleted and cascades), random legal ones (top-outs), or the baseline's
/// for a while and random ones after.
fn moves(rng: &mut Rng, pieces: &[Piece]) -> Vec<Move> {
    let good = baseline::choose_moves(pieces);
    let switch = match rng.below(3) {
        0 => pieces.len(),
        1 => 0,
        _ => rng.below(pieces.len() as u64 + 1) as usize,
    };
    let mut moves: Vec<Move> = good[..switch].to_vec();
    moves.extend(pieces[switch..].iter().map(|&p| random_move(rng, p)));
    moves
}

/// A number as a contestant might write it: mostly plain, sometimes with a
/// sign, leading zeros, or not an integer at all.
fn spell(rng: &mut Rng, value: i64) -> Vec<u8> {
    let text = match rng.below(40) {
        0 => format!("+{value}"),
        1 => format!("00{value}"),
        2 if value == 0 => "-0".to_string(),
        3 => format!("{value}.0"),
        4 => pick(
            rng,
            &["x", "1e3", "0x1", "+", "-", "--1", "+-2", "١", "\u{feff}0"],
        )
        .to_string(),
        5 => pick(
            rng,
            &[
                "9223372036854775807",
                "9223372036854775808",
                "-9223372036854775808",
                "-9223372036854775809",
                "99999999999999999999999",
                "-4",
                "10",
                "4",
            ],
        )
        .to_string(),
        6 => format!("{}{value}", "0".repeat(30)),
        _ => value.to_string(),
    };
    text.into_bytes()
}

fn separator(rng: &mut Rng) -> &'static [u8] {
    match rng.below(30) {
        0 => b"\t",
        1 => b"\r\n",
        2 => b"\x0c",
        3 => b"  \n ",
        4 => b"\x0b", // not a separator: it joins two tokens
        5 => b"\0",
        6 => b"\n",
        _ => b" ",
    }
}

fn output(rng: &mut Rng, pieces: &[Piece]) -> Vec<u8> {
    match rng.below(20) {
        0 => Vec::new(),
        1 => (0..rng.below(200)).map(|_| rng.below(256) as u8).collect(),
        2 => b" \n\t\r\x0c".repeat(rng.below(5) as usize),
        // A token far longer than any buffer: the reader streams it.
        3 if rng.below(10) == 0 => {
            let mut out = vec![b'0'; 100_000 + rng.below(200_000) as usize];
            out.extend(format!("{}", rng.below(12)).bytes());
            out.extend(b" 0 1 2");
            out
        }
        _ => {
            let mut out = Vec::new();
            if rng.below(40) == 0 {
                out.extend_from_slice("\u{feff}".as_bytes());
            }
            let mut moves = moves(rng, pieces);
            if rng.below(4) == 0 {
                moves.truncate(rng.below(moves.len() as u64 + 1) as usize);
            }
            let plain = rng.below(3) == 0;
            for m in moves {
                for value in [m.rotation, m.column] {
                    if plain {
                        out.extend(value.to_string().bytes());
                        out.push(b' ');
                    } else {
                        out.extend(spell(rng, value));
                        out.extend_from_slice(separator(rng));
                    }
                }
            }
            if rng.below(5) == 0 {
                let extra = rng.below(5) as i64;
                out.extend(spell(rng, extra));
            }
            out
        }
    }
}

/// A test: mostly in the exact layout; else laid out otherwise (still
/// readable), or broken.
fn test(rng: &mut Rng, pieces: &[Piece]) -> Vec<u8> {
    let exact = format_input(pieces);
    let text = match rng.below(12) {
        0 => match rng.below(8) {
            0 => exact.replacen(' ', "  ", 1),
            1 => exact.replace('\n', "\r\n"),
            2 => exact.trim_end().to_string(),
            3 => format!(" {exact}"),
            4 => format!("{exact} "),
            5 => exact.replace(' ', "\n"),
            6 => format!("{exact}\n"),
            _ => exact.replacen(' ', "\t", 1),
        },
        1 => {
            let n = pieces.len();
            let numbers = exact.split_once('\n').unwrap().1;
            match rng.below(12) {
                0 => format!("{}\n{numbers}", n + 1),
                1 if n > 1 => format!("{}\n{numbers}", n - 1),
                2 => format!("0{n}\n{numbers}"),
                3 => format!("+{n}\n{numbers}"),
                4 => exact.replacen(' ', " 0 ", 1),
                5 => exact.replacen(' ', " 8 ", 1),
                6 => String::new(),
                7 => "0\n\n".to_string(),
                8 => format!("1000001\n{numbers}"),
                9 => format!("{exact}7\n"),
                10 => exact.replacen(' ', "\x0b", 1),
                _ => format!("\u{feff}{exact}"),
            }
        }
        2 if rng.below(4) == 0 => {
            let mut bytes = exact.into_bytes();
            let at = rng.below(bytes.len() as u64) as usize;
            bytes[at] = rng.below(256) as u8;
            return bytes;
        }
        _ => exact,
    };
    text.into_bytes()
}

fn case(seed: u64) -> Case {
    let mut rng = Rng::derived(0x7e7_c0de, seed);
    let pieces = random_pieces(&mut rng);
    Case {
        test: test(&mut rng, &pieces),
        output: output(&mut rng, &pieces),
    }
}

/// What the Rust judge says, in the driver's words (see
/// judge/referee-cpp/differential_driver.cpp), and its message.
fn expected(case: &Case) -> (String, Option<String>) {
    let pieces = std::str::from_utf8(&case.test)
        .ok()
        .and_then(|t| parse_input(t).ok());
    let layout = match &pieces {
        Some(p) if p.len() <= STATEMENT_MAX_PIECES && format_input(p).as_bytes() == case.test => {
            "valid"
        }
        _ => "invalid",
    };
    let Some(pieces) = pieces else {
        return (format!("{layout} fail"), None);
    };
    let judged = judge_output(
        &pieces,
        &case.output[..],
        ToppingPiece::NotCounted,
        &mut Unwatched,
    )
    .unwrap()
    .accepted()
    .expect("an olympiad output is always a game");
    let o = &judged.outcome;
    let class = if o.placed == o.pieces {
        "all"
    } else if judged.points() == 0 {
        "none"
    } else {
        "some"
    };
    (
        format!("{layout} {} {} {class}", o.placed, judged.points()),
        Some(judged.summary()),
    )
}

/// The programs under test, built from the packaged single-file sources.
struct Built {
    driver: PathBuf,
    output_validator: PathBuf,
    pass_fail: PathBuf,
    input_validator: PathBuf,
    /// The Rust input validator of `--validators rust`, held to the same
    /// layout.
    rust_input_validator: PathBuf,
    /// Action's checker, compiled as Action compiles it (C++20).
    action: PathBuf,
    testlib: Option<(PathBuf, PathBuf)>,
}

/// Compiles them all at once (testlib.h alone takes seconds).
fn build(dir: &Path, testlib: Option<&Path>) -> Built {
    let packaged_with =
        |program: CppProgram, name: &str, include: Option<&Path>, extra: &[&str]| {
            let source = common::write(dir, &format!("{name}.cpp"), cpp_source(program));
            let binary = dir.join(name);
            compile_cpp(&source, &binary, include, extra);
            binary
        };
    let packaged = |program, name: &str, include| packaged_with(program, name, include, &[]);
    std::thread::scope(|s| {
        let driver = s.spawn(|| {
            let driver = dir.join("driver");
            let source = root().join("judge/referee-cpp/differential_driver.cpp");
            compile_cpp(&source, &driver, None, &[]);
            driver
        });
        let output = s.spawn(|| packaged(CppProgram::KattisOutputValidator, "output", None));
        let pass_fail =
            s.spawn(|| packaged(CppProgram::PassFailOutputValidator, "pass_fail", None));
        let input = s.spawn(|| packaged(CppProgram::KattisInputValidator, "input", None));
        let action =
            s.spawn(|| packaged_with(CppProgram::ActionChecker, "action", None, &["-std=c++20"]));
        let rust_input = s.spawn(|| {
            let source = common::write(dir, "input.rs", source(Program::KattisInputValidator));
            let binary = dir.join("rust-input");
            common::compile_rs(&source, &binary);
            binary
        });
        let checker = testlib
            .map(|t| s.spawn(move || packaged(CppProgram::TestlibChecker, "checker", Some(t))));
        let validator = testlib
            .map(|t| s.spawn(move || packaged(CppProgram::TestlibValidator, "validator", Some(t))));
        Built {
            driver: driver.join().unwrap(),
            output_validator: output.join().unwrap(),
            pass_fail: pass_fail.join().unwrap(),
            input_validator: input.join().unwrap(),
            rust_input_validator: rust_input.join().unwrap(),
            action: action.join().unwrap(),
            testlib: checker
                .zip(validator)
                .map(|(c, v)| (c.join().unwrap(), v.join().unwrap())),
        }
    })
}

/// The cases in the driver's format: sizes, then the bytes.
fn batch_file(dir: &Path, cases: &[Case]) -> PathBuf {
    let mut all = Vec::new();
    for case in cases {
        all.extend(format!("{} {}\n", case.test.len(), case.output.len()).bytes());
        all.extend(&case.test);
        all.extend(&case.output);
    }
    common::write(dir, "cases", all)
}

fn run_driver(driver: &Path, batch: &Path) -> Vec<String> {
    let out = Command::new(driver).arg(batch).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Runs `program args < stdin`: its exit code and standard error.
fn run(program: &Path, args: &[&Path], stdin: &Path) -> (i32, String) {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::from(File::open(stdin).unwrap()))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The packaged front ends on one case, as their systems call them.
fn check_front_ends(built: &Built, dir: &Path, case: &Case, verdict: &str, message: Option<&str>) {
    let test = common::write(dir, "test.in", &case.test);
    let output = common::write(dir, "team.out", &case.output);
    let answer = common::write(dir, "test.ans", "");
    let feedback = dir.join("feedback");
    let _ = std::fs::remove_dir_all(&feedback);
    std::fs::create_dir(&feedback).unwrap();
    let words: Vec<&str> = verdict.split(' ').collect();
    let valid = words[0] == "valid";
    let what = format!(
        "{verdict} on test {:?}",
        String::from_utf8_lossy(&case.test)
    );

    let (code, _) = run(&built.input_validator, &[], &test);
    assert_eq!(code, if valid { 42 } else { 43 }, "input validator: {what}");
    let (code, _) = run(&built.rust_input_validator, &[], &test);
    assert_eq!(
        code,
        if valid { 42 } else { 43 },
        "Rust input validator: {what}"
    );

    let args = [test.as_path(), answer.as_path(), feedback.as_path()];
    let (code, stderr) = run(&built.output_validator, &args, &output);
    match message {
        None => {
            assert_eq!(code, 1, "output validator: {what}: {stderr}");
            assert!(feedback.join("judgeerror.txt").exists(), "{what}");
        }
        Some(message) => {
            assert_eq!(code, 42, "output validator: {what}: {stderr}");
            let read = |name: &str| std::fs::read_to_string(feedback.join(name)).unwrap();
            assert_eq!(read("score.txt").trim(), words[2], "{what}");
            // The same message as the Rust judge's, word for word.
            assert_eq!(read("judgemessage.txt").trim_end(), message, "{what}");
        }
    }
    let (code, stderr) = run(&built.pass_fail, &args, &output);
    let expected = match words[1] {
        "fail" => 1,
        _ if words[3] == "all" => 42,
        _ => 43,
    };
    assert_eq!(code, expected, "pass-fail validator: {what}: {stderr}");

    // Action: verdict, score (a fraction of the test's points), message.
    let args = [test.as_path(), output.as_path(), answer.as_path()];
    let (code, stderr) = run(&built.action, &args, &output);
    assert_eq!(code, 0, "Action checker: {what}: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    match words[1] {
        "fail" => assert_eq!(lines[0], "IE", "{what}: {stderr}"),
        _ => {
            let verdict = if words[2] == "0" { "WA" } else { "OK" };
            assert_eq!(lines[0], verdict, "{what}: {stderr}");
            let score: f64 = lines[1].parse().unwrap();
            assert_eq!((score * 10.0).round().to_string(), words[2], "{what}");
            assert_eq!(Some(lines[2]), message, "{what}");
        }
    }

    if let Some((checker, validator)) = &built.testlib {
        let args = [test.as_path(), output.as_path(), answer.as_path()];
        let (code, stderr) = run(checker, &args, &output);
        let (expected, start) = match words[1] {
            "fail" => (3, "FAIL".to_string()),
            _ => match words[3] {
                "all" => (0, "ok".to_string()),
                "none" => (1, "wrong answer".to_string()),
                _ => (7, format!("points {} placed", words[2])),
            },
        };
        assert_eq!(code, expected, "testlib checker: {what}: {stderr}");
        assert!(stderr.starts_with(&start), "{what}: {stderr}");
        let (code, stderr) = run(validator, &[], &test);
        assert_eq!(
            code,
            if valid { 0 } else { 3 },
            "testlib validator: {what}: {stderr}"
        );
    }
}

#[test]
fn the_cpp_referee_agrees_with_the_judge_on_every_seeded_case() {
    let Some(()) = common::gxx("referee_cpp: the C++ referee") else {
        return;
    };
    let testlib = common::testlib_dir("referee_cpp: the testlib checker and validator");
    let dir = scratch("referee-cpp");
    let built = build(dir.path(), testlib.as_deref());
    let cases: Vec<Case> = (0..CASES).map(case).collect();
    let batch = batch_file(dir.path(), &cases);
    let said = run_driver(&built.driver, &batch);
    assert_eq!(said.len(), cases.len());
    let mut kinds = std::collections::BTreeMap::new();
    let mut at_limit = std::collections::BTreeMap::new();
    let mut sampled = Vec::new();
    for (i, (case, said)) in cases.iter().zip(&said).enumerate() {
        let (verdict, message) = expected(case);
        assert_eq!(
            said,
            &verdict,
            "case {i}: test {:?}, output {:?}",
            String::from_utf8_lossy(&case.test),
            String::from_utf8_lossy(&case.output[..case.output.len().min(300)])
        );
        let words: Vec<&str> = verdict.split(' ').collect();
        let kind = (words[0].to_string(), words.last().unwrap().to_string());
        *kinds.entry(kind).or_insert(0) += 1;
        // Tests in the exact layout at the statement's limit and one above.
        let n = case.test.split(|&b| b == b'\n').next().unwrap_or(b"");
        let exact = parse_input(std::str::from_utf8(&case.test).unwrap_or(""))
            .is_ok_and(|p| format_input(&p).as_bytes() == case.test);
        if exact && (n == b"10000" || n == b"10001") {
            *at_limit
                .entry((n.to_vec(), words[0].to_string()))
                .or_insert(0) += 1;
        }
        if i as u64 % FRONT_END_SHARE == 0 {
            sampled.push((case, verdict, message));
        }
    }
    // The front ends, two runs at a time (one process each).
    std::thread::scope(|s| {
        for half in 0..2 {
            let (built, sampled) = (&built, &sampled);
            let folder = dir.path().join(format!("front-ends-{half}"));
            std::fs::create_dir(&folder).unwrap();
            s.spawn(move || {
                for (case, verdict, message) in sampled.iter().skip(half).step_by(2) {
                    check_front_ends(built, &folder, case, verdict, message.as_deref());
                }
            });
        }
    });
    // Every kind of case is well represented.
    for kind in [
        ("valid", "all"),
        ("valid", "some"),
        ("valid", "none"),
        ("invalid", "fail"),
        ("invalid", "all"),
    ] {
        let key = (kind.0.to_string(), kind.1.to_string());
        let count = kinds.get(&key).copied().unwrap_or(0);
        assert!(count >= 100, "{kind:?}: {count} cases of {kinds:?}");
    }
    // Both sides of the statement's limit, laid out exactly: N = 10000
    // valid, N = 10001 invalid (and nothing else), each many times.
    for (n, validity) in [("10000", "valid"), ("10001", "invalid")] {
        let count = at_limit
            .get(&(n.as_bytes().to_vec(), validity.to_string()))
            .copied()
            .unwrap_or(0);
        assert!(
            count >= 10,
            "N = {n} {validity}: {count} cases of {at_limit:?}"
        );
    }
    assert_eq!(at_limit.len(), 2, "{at_limit:?}");
}

#[test]
fn the_cpp_referee_is_clean_under_address_and_undefined_behaviour_sanitizers() {
    let Some(()) = common::gxx("referee_cpp: sanitizers") else {
        return;
    };
    let dir = scratch("referee-cpp-sanitized");
    let driver = dir.path().join("driver");
    compile_cpp(
        &root().join("judge/referee-cpp/differential_driver.cpp"),
        &driver,
        None,
        &[
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-g",
        ],
    );
    let cases: Vec<Case> = (0..CASES).map(case).collect();
    let batch = batch_file(dir.path(), &cases);
    let said = run_driver(&driver, &batch);
    for (i, (case, said)) in cases.iter().zip(&said).enumerate() {
        assert_eq!(said, &expected(case).0, "case {i}");
    }
}
