//! Seeded fuzzing of every parser and replay through the library's entry
//! points: random and mutated contestant outputs, jury inputs, golf
//! outputs, pictures and drop lists. Nothing may panic, and where a plain
//! reference model exists (written here from the statements, not from the
//! judge's code) the judge must agree with it.

mod common;

use judge::golf::format::MoveError;
use judge::golf::judge::score_game;
use judge::golf::rules::{GolfPiece, Mode};
use judge::olympiad::baseline;
use judge::olympiad::format::{format_input, format_moves, parse_input, OutputReader};
use judge::olympiad::gen::{generate, Distribution};
use judge::olympiad::rules::OutputProblem;
use judge::olympiad::{play, End, Move, Piece, ToppingPiece, Unwatched};
use judge::printer::format::parse_drops;
use judge::printer::format::picture::Picture;
use judge::printer::judge::replay_drops;
use judge::printer::rules::FIELD_WIDTH;
use judge::rng::Rng;
use std::path::Path;

/// Bytes that make parsers work: digits, signs, white space, letters,
/// NUL, non-ASCII.
const ALPHABET: &[u8] = b"0123456789+- \n\t\r\x0bab#x.P36\x00\xff\xc3";

/// Up to `most` random bytes.
fn random_bytes(rng: &mut Rng, most: u64) -> Vec<u8> {
    let len = rng.below(most) as usize;
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

/// A few random edits: flip, insert, delete, duplicate a stretch, or
/// splice in a long run of digits.
fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() as u64 + 1) as usize;
        match rng.below(6) {
            0 if at < bytes.len() => {
                bytes[at] = ALPHABET[rng.below(ALPHABET.len() as u64) as usize]
            }
            1 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len() as u64) as usize]),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            3 => {
                let end = (at + 1 + rng.below(20) as usize).min(bytes.len());
                let copy = bytes[at.min(end)..end].to_vec();
                bytes.splice(at..at, copy);
            }
            4 => {
                let digit = if rng.below(2) == 0 { b'0' } else { b'9' };
                let run = vec![digit; 15 + rng.below(40) as usize];
                bytes.splice(at..at, run);
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

// ---- contestant outputs of problem A2 -------------------------------------

/// The reference reading of a token: Ok(value), or Err(true) when it is an
/// integer that does not fit, Err(false) when it is not an integer.
fn reference_integer(token: &[u8]) -> Result<i64, bool> {
    let digits = match token.first() {
        Some(b'+') | Some(b'-') => &token[1..],
        _ => token,
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(false);
    }
    let significant: Vec<u8> = digits.iter().copied().skip_while(|&d| d == b'0').collect();
    if significant.len() > 19 {
        return Err(true);
    }
    let magnitude: i128 = std::str::from_utf8(&significant)
        .unwrap()
        .parse()
        .unwrap_or(0);
    let value = if token[0] == b'-' {
        -magnitude
    } else {
        magnitude
    };
    i64::try_from(value).map_err(|_| true)
}

/// The reference verdict: pieces placed, and (for a bad token) whether it
/// was out of range and its byte offset.
fn reference_game(pieces: &[Piece], output: &[u8]) -> (usize, Option<(bool, u64)>) {
    let mut moves = Vec::new();
    let mut numbers = Vec::new();
    let mut bad = None;
    let mut at = 0;
    while at < output.len() && moves.len() < pieces.len() {
        if output[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let start = at;
        while at < output.len() && !output[at].is_ascii_whitespace() {
            at += 1;
        }
        match reference_integer(&output[start..at]) {
            Ok(v) => numbers.push(v),
            Err(out_of_range) => {
                bad = Some((out_of_range, start as u64));
                break;
            }
        }
        if numbers.len() == 2 {
            moves.push(Move {
                rotation: numbers[0],
                column: numbers[1],
            });
            numbers.clear();
        }
    }
    let complete_moves = moves.len();
    let outcome = play(
        pieces,
        &mut moves.into_iter(),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    // The token problem matters only if the game got that far.
    let bad = bad.filter(|_| {
        outcome.placed == complete_moves && matches!(outcome.end, End::BadOutput { .. })
    });
    (outcome.placed, bad)
}

fn judged_problem(end: &End) -> Option<(bool, u64)> {
    match end {
        End::BadOutput {
            problem: OutputProblem::OutOfRange { offset, .. },
            ..
        } => Some((true, *offset)),
        End::BadOutput {
            problem: OutputProblem::NotInteger { offset, .. },
            ..
        } => Some((false, *offset)),
        _ => None,
    }
}

#[test]
fn contestant_outputs_agree_with_a_plain_reading() {
    let mut rng = Rng::new(2012);
    let mut disagreements = Vec::new();
    for case in 0..3000 {
        let pieces = generate(1 + rng.below(60) as usize, Distribution::Uniform, &mut rng);
        let valid = format_moves(&baseline::choose_moves(&pieces)).into_bytes();
        let output = match case % 3 {
            0 => random_bytes(&mut rng, 200),
            _ => mutate(&mut rng, &valid),
        };
        let outcome = play(
            &pieces,
            &mut OutputReader::new(&output[..]),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        );
        let (placed, bad) = reference_game(&pieces, &output);
        if outcome.placed != placed || judged_problem(&outcome.end) != bad {
            disagreements.push(format!(
                "case {case}: judge {} {:?}, reference {placed} {bad:?}",
                outcome.placed, outcome.end
            ));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

#[test]
fn integers_are_decided_by_value_whatever_their_length() {
    let pieces = [Piece::new(4).unwrap()];
    let zeros = "0".repeat(41);
    for (output, placed) in [
        (format!("{zeros} 0"), 1),
        (format!("0 {zeros}"), 1),
        (format!("+{zeros}0 -{zeros}"), 1),
        (format!("0 {zeros}a"), 0),
        (format!("0 {}", "9".repeat(41)), 0),
    ] {
        let outcome = play(
            &pieces,
            &mut OutputReader::new(output.as_bytes()),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        );
        assert_eq!(outcome.placed, placed, "{output}: {}", outcome.end);
    }
    let letter = play(
        &pieces,
        &mut OutputReader::new(format!("0 {zeros}a").as_bytes()),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    assert!(
        letter.end.to_string().contains("is not an integer"),
        "{}",
        letter.end
    );
}

// ---- jury inputs -----------------------------------------------------------

/// The statement's input, read strictly: decimal without sign or leading
/// zero, N from 1 to 1,000,000, then exactly N pieces from 1 to 7.
fn reference_input(text: &str) -> Option<Vec<u8>> {
    let canonical = |t: &str| {
        !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) && (t == "0" || !t.starts_with('0'))
    };
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let (first, rest) = tokens.split_first()?;
    if !canonical(first) || first.len() > 7 {
        return None;
    }
    let n: usize = first.parse().ok()?;
    if !(1..=1_000_000).contains(&n) || rest.len() != n {
        return None;
    }
    rest.iter()
        .map(|t| match canonical(t) && t.len() == 1 {
            true => Some(t.as_bytes()[0] - b'0').filter(|p| (1..=7).contains(p)),
            false => None,
        })
        .collect()
}

#[test]
fn jury_inputs_agree_with_a_strict_reading() {
    let mut rng = Rng::new(7);
    for case in 0..4000 {
        let pieces = generate(1 + rng.below(30) as usize, Distribution::Uniform, &mut rng);
        let valid = format_input(&pieces).into_bytes();
        let bytes = match case % 4 {
            0 => random_bytes(&mut rng, 60),
            _ => mutate(&mut rng, &valid),
        };
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let judged = parse_input(text)
            .ok()
            .map(|p| p.iter().map(|p| p.number()).collect::<Vec<u8>>());
        assert_eq!(judged, reference_input(text), "case {case}: {text:?}");
    }
    for bad in [
        "+2\n4 4\n",
        "02\n4 4\n",
        "2\n4 +4\n",
        "2\n04 4\n",
        "2\n-4 4\n",
    ] {
        let error = parse_input(bad).unwrap_err().to_string();
        assert!(error.contains("found '"), "{bad:?}: {error}");
    }
}

// ---- golf outputs ----------------------------------------------------------

#[test]
fn golf_outputs_are_rejected_at_the_first_invalid_byte() {
    let mut rng = Rng::new(156_007);
    for case in 0..2000 {
        let n = 1 + rng.below(300) as usize;
        let input: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
        let mut output: Vec<u8> = (0..n + rng.below(2) as usize * (rng.below(3) as usize))
            .map(|_| match rng.below(4) {
                0 => rng.next_u64() as u8,
                _ => (rng.below(4) * 16 + rng.below(7)) as u8,
            })
            .collect();
        if case % 5 == 0 {
            output.truncate(n.saturating_sub(1));
        }
        let expected = if output.len() != input.len() {
            Some(usize::MAX)
        } else {
            input.iter().zip(&output).position(|(&piece, &answer)| {
                let (r, x) = (usize::from(answer >> 4), usize::from(answer & 15));
                let piece = GolfPiece::from_byte(piece);
                r > 3 || x + judge::golf::rules::width(piece, r) > 10
            })
        };
        for mode in [Mode::Rules, Mode::Python, Mode::C] {
            let got = match score_game(&input, &output, mode) {
                Ok(_) => None,
                Err(MoveError::Length { .. }) => Some(usize::MAX),
                Err(MoveError::Invalid { offset, .. }) => Some(offset),
            };
            assert_eq!(got, expected, "case {case}, {mode:?}");
        }
    }
}

// ---- pictures and drop lists -------------------------------------------------

#[test]
fn pictures_never_panic_the_reader() {
    let mut rng = Rng::new(16);
    let bases: [&[u8]; 3] = [
        b"P3\n3 2\n255\n255 0 255 0 0 0 10 20 30\n0 0 0 255 0 255 1 2 3\n",
        b"P6\n2 1\n255\n\x00\x00\x00\xff\x00\xff",
        b"..1\n2.3\n111\n",
    ];
    let mut accepted = 0;
    for case in 0..5000 {
        let bytes = match case % 5 {
            0 => random_bytes(&mut rng, 50),
            k => mutate(&mut rng, bases[k % 3]),
        };
        if let Ok(picture) = Picture::parse(&bytes, [255, 0, 255]) {
            accepted += 1;
            assert!(picture.width >= 1 && picture.height >= 1);
            let _ = picture.printable();
        }
    }
    assert!(
        accepted > 100,
        "the mutations must keep some pictures valid: {accepted}"
    );
}

/// The reference reading of one drop-list line: a piece letter, a rotation
/// 0..3 and a column where the turned piece fits in the 21 columns.
fn reference_line(line: &str) -> Option<bool> {
    let content = line.split('#').next().unwrap_or("").trim();
    if content.is_empty() {
        return None;
    }
    let fields: Vec<&str> = content.split_whitespace().collect();
    let ok = fields.len() == 3 && {
        let piece = Piece::ALL
            .iter()
            .find(|p| p.letter().to_string() == fields[0]);
        let rotation: Option<usize> = fields[1].parse().ok().filter(|&r| r < 4);
        let column: Option<u128> = fields[2].parse().ok();
        match (piece, rotation, column) {
            (Some(p), Some(r), Some(c)) => c + p.shape(r).width as u128 <= FIELD_WIDTH as u128,
            _ => false,
        }
    };
    Some(ok)
}

#[test]
fn drop_lists_are_refused_at_the_first_bad_line() {
    let mut rng = Rng::new(21);
    let letters = ["I", "J", "L", "O", "S", "T", "Z", "X"];
    let columns = [
        "0",
        "3",
        "17",
        "19",
        "20",
        "21",
        "18446744073709551615",
        "18446744073709551614",
        "-1",
        "x",
    ];
    for case in 0..3000 {
        let lines: Vec<String> = (0..1 + rng.below(8))
            .map(|_| {
                let letter = letters[rng.below(letters.len() as u64) as usize];
                let column = columns[rng.below(columns.len() as u64) as usize];
                match rng.below(10) {
                    0 => "# comment".to_string(),
                    1 => format!("{letter} {column}"),
                    _ => format!("{letter} {} {column}", rng.below(5)),
                }
            })
            .collect();
        let text = lines.join("\n");
        let expected = lines
            .iter()
            .position(|l| reference_line(l) == Some(false))
            .map(|i| i + 1);
        let got = parse_drops(&text).err().map(|e| e.line);
        assert_eq!(got, expected, "case {case}: {text:?}");
        let _ = replay_drops(&text);
    }
    // The reported defects: a column near 2^64 wrapped and panicked, or was
    // blamed on the next line.
    assert_eq!(
        parse_drops("T 0 18446744073709551615\n").unwrap_err().line,
        1
    );
    assert_eq!(
        parse_drops("S 2 18446744073709551614\nO 4 0\n")
            .unwrap_err()
            .line,
        1
    );
}

/// Hostile programs put together at random from what escapes a process
/// group (setsid, double forks, daemons, children holding the output pipe,
/// killing the parent, busy children) and what escapes a sandbox (files
/// planted in /tmp or the grader's folder, /dev/shm filled, a file past
/// the size limit, a forged score through /proc, a fork bomb) around a
/// complete answer that is printed or not, and an exit code. Whatever the
/// mix, the grader reports a table, a complete answer followed by exit 0
/// keeps its points, no forged line reaches its output, nothing is
/// planted, and no process the program started is alive afterwards.
#[test]
fn hostile_programs_never_outlive_their_test_nor_lose_an_answer() {
    const ESCAPES: [&str; 13] = [
        "setsid {sleep} </dev/null >/dev/null 2>&1 &",
        "(setsid {sleep} &)",
        "sh -c '{sleep} &' &",
        "{sleep} &",
        "(setsid sh -c '{sleep} & {sleep} &' &)",
        "kill -9 $PPID",
        "(while :; do :; done) &",
        "echo planted > {planted}",
        "echo planted > {grader}/{name}",
        "dd if=/dev/zero of=/dev/shm/{name} bs=1M count=80 2>/dev/null",
        "dd if=/dev/zero of=big bs=1M count=100 2>/dev/null",
        "for p in /proc/[0-9]*; do [ $p = /proc/$$ ] || echo 'Score = 100' > $p/fd/1; done 2>/dev/null",
        "i=0; while [ $i -lt 80 ]; do {sleep} & i=$((i+1)); done 2>/dev/null",
    ];
    let dir = common::scratch("fuzz-hostile");
    let mut rng = Rng::new(0x5eed_0032);
    for case in 0..16u32 {
        let marker = (std::process::id() % 1000) * 1000 + 900 + case;
        let sleep = common::sleeper(53, marker);
        let name = format!("tetris-fuzz-planted-{marker}");
        let planted = [
            std::env::temp_dir().join(&name),
            common::root().join(&name),
            Path::new("/dev/shm").join(&name),
        ];
        let mut lines = Vec::new();
        let answers = rng.below(4) != 0;
        let position = rng.below(3);
        for step in 0..3 {
            if answers && step == position {
                lines.push(common::TWO_O_ANSWER.to_string());
            }
            let escape = ESCAPES[rng.below(ESCAPES.len() as u64) as usize];
            lines.push(
                escape
                    .replace("{sleep}", &sleep)
                    .replace("{planted}", &planted[0].display().to_string())
                    .replace("{grader}", &common::root().display().to_string())
                    .replace("{name}", &name),
            );
        }
        let code = if rng.below(4) == 0 { 3 } else { 0 };
        lines.push(format!("sleep 0.0{}\nexit {code}", rng.below(10)));
        let script = lines.join("\n");
        let ran = common::grade_script(dir.path(), &script, None, &["--time-limit", "0.5"]);
        assert_eq!(ran.code, 0, "{script}\n{}", ran.stderr);
        assert!(ran.stdout.contains("Score = "), "{script}\n{}", ran.stdout);
        assert!(
            !ran.stdout.contains("Score = 100"),
            "{script}\n{}",
            ran.stdout
        );
        for path in &planted {
            let outside = path.exists();
            let _ = std::fs::remove_file(path);
            assert!(!outside, "{script}: {} was planted", path.display());
        }
        let busy = script.contains("while");
        if answers && code == 0 && !busy {
            assert!(
                ran.stdout.contains("Score = 10"),
                "{script}\n{}",
                ran.stdout
            );
        }
        common::assert_none_left(53, marker, &script);
    }
}
