//! The olympiad submission has its own simulator; the judge is the
//! independent referee. On games that end early as well as complete ones,
//! both must count the same pieces placed.

use judge::olympiad::gen::{generate, Distribution};
use judge::olympiad::io::{format_input, OutputReader};
use judge::olympiad::{play, ToppingPiece, Unwatched};
use judge::process::{compile_submission, run, Limits, Termination};
use judge::rng::Rng;

#[test]
fn the_submission_and_the_judge_count_the_same_placed_pieces() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let work = std::env::temp_dir().join(format!("judge-agreement-{}", std::process::id()));
    let binary = compile_submission(&root.join("solutions/olympiad/src/main.rs"), &work).unwrap();
    let command = vec![
        binary.to_string_lossy().into_owned(),
        "--report".to_string(),
    ];
    let limits = Limits {
        time: std::time::Duration::from_secs(30),
        output_bytes: 1 << 20,
    };
    let mut ended_early = 0;
    for seed in 1..=4 {
        for (dist, n) in [
            (Distribution::Uniform, 3000),
            (Distribution::SzOnly, 3000),
            (Distribution::SzHeavy, 2000),
        ] {
            let pieces = generate(n, dist, &mut Rng::new(seed));
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
            ended_early += usize::from(outcome.placed < n);
        }
    }
    // S/Z-only streams end early: the comparison covers top-outs too.
    assert!(ended_early >= 3, "only {ended_early} games ended early");
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn the_submission_rejects_malformed_input_with_a_message_not_a_panic() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let work = std::env::temp_dir().join(format!("judge-agreement-bad-{}", std::process::id()));
    let binary = compile_submission(&root.join("solutions/olympiad/src/main.rs"), &work).unwrap();
    let command = vec![binary.to_string_lossy().into_owned()];
    let limits = Limits {
        time: std::time::Duration::from_secs(10),
        output_bytes: 1 << 20,
    };
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
    let _ = std::fs::remove_dir_all(&work);
}
