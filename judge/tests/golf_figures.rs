//! The documented figures for the golfed submission are what the committed
//! file achieves on the committed input, and the golfed file answers like
//! the readable strategy it compresses.

mod common;

use judge::golf::judge::score_game;
use judge::golf::rules::Mode;

use common::{root, submission};

/// The document that carries the golf figures table.
const FIGURES: &str = "docs/golf-submission.md";

fn answers(name: &str, input: &[u8]) -> Vec<u8> {
    common::run_ok(&submission(name), input, 300).stdout
}

#[test]
fn readme_figures_match_the_golfed_submission() {
    let golfed = root().join("solutions/golf/src/main.rs");
    let input = std::fs::read(root().join("testdata/golf/input.bin")).unwrap();
    let output = answers("golf", &input);
    // Answer i depends on pieces i and i+1, so the readable strategy gets
    // one piece more than the answers compared.
    let readable = answers("golf-readable", &input[..4097]);
    assert!(
        output[..4096] == readable[..4096],
        "the golfed file no longer answers like the readable one"
    );

    let bytes = std::fs::metadata(&golfed).unwrap().len() as i64;
    let doc = std::fs::read_to_string(root().join(FIGURES)).unwrap();
    let table = doc
        .split("<!-- golf figures")
        .nth(1)
        .expect("the golf figures table is there");
    let rows: Vec<Vec<i64>> = table
        .lines()
        .filter(|l| l.starts_with("| the "))
        .take(3)
        .map(|l| {
            l.split('|')
                .filter_map(|cell| cell.trim().parse().ok())
                .collect()
        })
        .collect();
    for (row, mode) in rows.iter().zip([Mode::Rules, Mode::C, Mode::Python]) {
        let game = score_game(&input, &output, mode).unwrap().points as i64;
        assert_eq!(
            row,
            &vec![game, bytes, game - bytes],
            "{mode:?}: docs/golf-submission.md says {row:?}"
        );
    }
    assert_eq!(rows.len(), 3);
}
