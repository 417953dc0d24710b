//! The olympiad submission has its own simulator; the judge is the
//! independent referee. On games that end early as well as complete ones,
//! both must count the same pieces placed.

use judge::olympiad::format::{format_input, OutputReader};
use judge::olympiad::gen::{generate, Distribution};
use judge::olympiad::{play, ToppingPiece, Unwatched};
use judge::process::{run, Limits, Termination};
use judge::rng::Rng;

mod common;
use common::submission;

#[test]
fn the_submission_and_the_judge_count_the_same_placed_pieces() {
    let mut command = submission("olympiad");
    command.push("--report".to_string());
    let limits = Limits::tool(std::time::Duration::from_secs(30));
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
            let ran = run(&command, format_input(&pieces).as_bytes(), &limits).unwrap();
            assert_eq!(ran.termination, Termination::Exited(0));
            let outcome = play(
                &pieces,
                &mut OutputReader::new(&ran.stdout[..]),
                ToppingPiece::NotCounted,
                &mut Unwatched,
            );
            assert_eq!(
                ran.stderr_tail.trim(),
                format!("placed {}", outcome.placed),
                "seed {seed}, {}",
                dist.name()
            );
            if dist == Distribution::SzOnly && extra.is_none() {
                // Five pieces at a time, the S/Z perfect clear never tops out.
                assert_eq!(outcome.placed, n, "seed {seed}, S/Z only");
            }
            ended_early += usize::from(outcome.placed < n);
        }
    }
    assert!(ended_early >= 3, "only {ended_early} games ended early");
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
