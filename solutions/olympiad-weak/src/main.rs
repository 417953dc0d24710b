//! A deliberately weak player of problem A2 (statement:
//! `docs/problems/olympiad-a2.md`), the `partially_accepted` submission of
//! the contest packages: each piece in rotation 0 on the column where it
//! lands lowest, by a height profile that ignores deletions and cascades.
//! It plays only valid moves and scores what `judge grade` says (see
//! `docs/contest-systems.md`). One file, std only, Rust 1.56.

use std::io::{Read, Write};

/// Rotation 0 of pieces 1..7: for each column of the box, the height of its
/// lowest block above the box's bottom and the column's height.
const PROFILES: [&[(usize, usize)]; 7] = [
    &[(0, 4)],
    &[(0, 3), (2, 3)],
    &[(2, 3), (0, 3)],
    &[(0, 2), (0, 2)],
    &[(1, 3), (0, 2)],
    &[(0, 3), (1, 2)],
    &[(1, 2), (0, 3)],
];

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        eprintln!("bad input: not text");
        std::process::exit(1);
    }
    let numbers: Vec<usize> = text
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let mut heights = [0usize; 10];
    let mut out = String::new();
    for &piece in numbers.iter().skip(1) {
        let profile = PROFILES[piece.clamp(1, 7) - 1];
        let landing = |x: usize| {
            profile
                .iter()
                .enumerate()
                .map(|(c, &(bottom, _))| heights[x + c].saturating_sub(bottom))
                .max()
                .unwrap_or(0)
        };
        let x = (0..=10 - profile.len())
            .min_by_key(|&x| (landing(x), x))
            .unwrap_or(0);
        let base = landing(x);
        for (c, &(_, top)) in profile.iter().enumerate() {
            heights[x + c] = base + top;
        }
        out.push_str(&format!("0 {}\n", x));
    }
    let _ = std::io::stdout().write_all(out.as_bytes());
}
