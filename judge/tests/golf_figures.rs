//! The README's figures for the golfed submission are what the committed
//! file achieves on the committed input, and the golfed file answers like
//! the readable strategy it compresses.

use std::path::Path;

use judge::golf::rules::{score_game, Mode};
use judge::process::{compile_submission, run, Limits, Termination};

fn answers(source: &Path, input: &[u8], work: &Path) -> Vec<u8> {
    let binary = compile_submission(source, work).unwrap();
    let limits = Limits {
        time: std::time::Duration::from_secs(300),
        output_bytes: 1 << 20,
    };
    let ran = run(&[binary.to_string_lossy().into_owned()], input, &limits).unwrap();
    assert_eq!(
        ran.termination,
        Termination::Exited(0),
        "{}",
        ran.stderr_tail
    );
    ran.stdout
}

#[test]
fn readme_figures_match_the_golfed_submission() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let work = std::env::temp_dir().join(format!("judge-golf-figures-{}", std::process::id()));
    let golfed = root.join("solutions/golf/src/main.rs");
    let input = std::fs::read(root.join("testdata/golf/input.bin")).unwrap();
    let output = answers(&golfed, &input, &work);

    let readable = answers(
        &root.join("solutions/golf-readable/src/main.rs"),
        &input[..4096],
        &work,
    );
    assert!(
        output[..4096] == readable[..],
        "the golfed file no longer answers like the readable one"
    );

    let bytes = std::fs::metadata(&golfed).unwrap().len() as i64;
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let table = readme
        .split("<!-- golf figures")
        .nth(1)
        .expect("the README has the golf figures table");
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
            "{mode:?}: README says {row:?}"
        );
    }
    assert_eq!(rows.len(), 3);
    let _ = std::fs::remove_dir_all(&work);
}
