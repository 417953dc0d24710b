//! Test generation: the ten official sizes with uniform pieces, any size, and
//! stress distributions that are harder than the official one.

use crate::rng::Rng;
use tetris_core::tetromino::{Piece, KINDS};

/// N of the ten official tests, in order.
pub const OFFICIAL_SIZES: [usize; 10] = [20, 50, 200, 500, 1000, 2000, 3000, 5000, 10000, 10000];

/// The seed of the committed tests in `testdata/olympiad/`.
pub const OFFICIAL_SEED: u64 = 2012;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distribution {
    /// Every piece equally likely (the official tests).
    Uniform,
    /// S and Z each three times as likely as each other piece.
    SzHeavy,
    /// Only S and Z.
    SzOnly,
    /// Everything but I.
    NoI,
}

impl Distribution {
    pub const ALL: [Distribution; 4] = [
        Distribution::Uniform,
        Distribution::SzHeavy,
        Distribution::SzOnly,
        Distribution::NoI,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Distribution::Uniform => "uniform",
            Distribution::SzHeavy => "sz-heavy",
            Distribution::SzOnly => "sz-only",
            Distribution::NoI => "no-i",
        }
    }

    pub fn from_name(name: &str) -> Option<Distribution> {
        Distribution::ALL.into_iter().find(|d| d.name() == name)
    }

    /// Relative weights of pieces 1..7 (I J L O S T Z).
    fn weights(self) -> [u64; KINDS] {
        match self {
            Distribution::Uniform => [1, 1, 1, 1, 1, 1, 1],
            Distribution::SzHeavy => [1, 1, 1, 1, 3, 1, 3],
            Distribution::SzOnly => [0, 0, 0, 0, 1, 0, 1],
            Distribution::NoI => [0, 1, 1, 1, 1, 1, 1],
        }
    }
}

pub fn generate(count: usize, distribution: Distribution, rng: &mut Rng) -> Vec<Piece> {
    let weights = distribution.weights();
    let total: u64 = weights.iter().sum();
    (0..count)
        .map(|_| {
            let mut pick = rng.below(total);
            let kind = weights
                .iter()
                .position(|&w| {
                    if pick < w {
                        return true;
                    }
                    pick -= w;
                    false
                })
                .expect("pick is below the total weight");
            Piece::ALL[kind]
        })
        .collect()
}

/// The ten official-size tests of one seed; test i uses its own stream, so
/// a test does not change when another size changes.
pub fn official_tests(seed: u64) -> Vec<Vec<Piece>> {
    OFFICIAL_SIZES
        .iter()
        .enumerate()
        .map(|(i, &n)| generate(n, Distribution::Uniform, &mut Rng::derived(seed, i as u64)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_draw_only_their_pieces_in_proportion() {
        let count = |d, kind: usize| {
            generate(70_000, d, &mut Rng::new(3))
                .iter()
                .filter(|p| p.index() == kind)
                .count()
        };
        assert_eq!(count(Distribution::NoI, 0), 0);
        assert_eq!(count(Distribution::SzOnly, 5), 0);
        let s = count(Distribution::SzHeavy, 4) as f64;
        let o = count(Distribution::SzHeavy, 3) as f64;
        assert!((2.7..3.3).contains(&(s / o)), "S/O ratio {}", s / o);
    }

    #[test]
    fn official_tests_have_the_official_sizes_and_are_reproducible() {
        let a = official_tests(5);
        assert_eq!(a.iter().map(Vec::len).collect::<Vec<_>>(), OFFICIAL_SIZES);
        assert_eq!(a, official_tests(5));
        assert_ne!(a, official_tests(6));
    }
}
