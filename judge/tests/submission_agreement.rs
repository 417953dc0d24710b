//! The olympiad submission has its own simulator; the judge is the
//! independent referee. On games that end early as well as complete ones,
//! both must count the same pieces placed.

use judge::olympiad::format::{format_input, OutputReader};
use judge::olympiad::gen::{generate, Distribution};
use judge::olympiad::{play, Piece, ToppingPiece, Unwatched};
use judge::process::{run, Limits, Termination};
use judge::rng::Rng;

mod common;
use common::submission;

/// The submission's own count (`--report`) and the judge's, on a stream.
fn reported_and_judged(command: &[String], pieces: &[Piece]) -> (String, usize) {
    let limits = Limits::tool(std::time::Duration::from_secs(30));
    let ran = run(command, format_input(pieces).as_bytes(), &limits).unwrap();
    assert_eq!(ran.termination, Termination::Exited(0));
    let outcome = play(
        pieces,
        &mut OutputReader::new(&ran.stdout[..]),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    (ran.stderr_tail.trim().to_string(), outcome.placed)
}

#[test]
fn the_submission_and_the_judge_count_the_same_placed_pieces() {
    let mut command = submission("olympiad");
    command.push("--report".to_string());
    let mut ended_early = 0;
    for seed in 1..=4 {
        for (dist, n, extra) in [
            (Distribution::Uniform, 3000, None),
            (Distribution::SzOnly, 3000, None),
            // The search alone loses S/Z-only streams: top-outs compared too.
            (Distribution::SzOnly, 3000, Some("--search-only")),
            (Distribution::SzHeavy, 2000, None),
        ] {
            let pieces = generate(n, dist, &mut Rng::new(seed));
            let mut command = command.clone();
            command.extend(extra.map(String::from));
            let (reported, placed) = reported_and_judged(&command, &pieces);
            assert_eq!(
                reported,
                format!("placed {placed}"),
                "seed {seed}, {}",
                dist.name()
            );
            if dist == Distribution::SzOnly && extra.is_none() {
                // Five pieces at a time, the block of five never tops out.
                assert_eq!(placed, n, "seed {seed}, S/Z only");
            }
            ended_early += usize::from(placed < n);
        }
    }
    assert!(ended_early >= 3, "only {ended_early} games ended early");
}

/// The same agreement on streams of every kind of family: piece subsets
/// (seeded picks among the 127), S/Z floods with a rare other piece (which
/// the player loses, so top-outs are compared), and O/S/Z streams, which the
/// blocks of five survive whole.
#[test]
fn the_submission_and_the_judge_agree_on_every_family() {
    let mut command = submission("olympiad");
    command.push("--report".to_string());
    let mut rng = Rng::new(33);
    let mut families: Vec<Distribution> = (0..12)
        .map(|_| Distribution::subset(1 + rng.below(127) as u8))
        .collect();
    families.push(Distribution::subset(0b101_1000)); // O, S, Z
    families.push(Distribution::Weighted([0, 0, 0, 0, 60, 1, 60]));
    families.push(Distribution::Weighted([1, 0, 0, 0, 60, 0, 60]));
    let mut ended_early = 0;
    for (i, family) in families.iter().enumerate() {
        let pieces = generate(2500, *family, &mut Rng::derived(i as u64, 33));
        let (reported, placed) = reported_and_judged(&command, &pieces);
        assert_eq!(reported, format!("placed {placed}"), "{}", family.name());
        let only_blocks = (0..7).all(|k| family.weights()[k] == 0 || [3, 4, 6].contains(&k));
        if only_blocks {
            assert_eq!(placed, pieces.len(), "{}: blocks of five", family.name());
        }
        ended_early += usize::from(placed < pieces.len());
    }
    assert!(
        ended_early >= 1,
        "no game ended early: top-outs were not compared"
    );
}

#[test]
fn the_submission_rejects_malformed_input_with_a_message_not_a_panic() {
    let command = submission("olympiad");
    let limits = Limits::tool(std::time::Duration::from_secs(10));
    for (input, message) in [
        ("", "missing N"),
        ("3\n1 2\n", "N is 3 but only 2 pieces follow"),
        ("2\n1 9\n", "piece 2 is '9', not 1..7"),
        ("x\n", "N is not a count: 'x'"),
    ] {
        let ran = run(&command, input.as_bytes(), &limits).unwrap();
        assert_eq!(ran.termination, Termination::Exited(1), "{input:?}");
        assert!(ran.stdout.is_empty());
        assert_eq!(ran.stderr_tail.trim(), format!("bad input: {message}"));
    }
}
