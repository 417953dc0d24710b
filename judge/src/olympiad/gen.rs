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
    /// Any relative weights of pieces 1..7 (I J L O S T Z), not all zero.
    Weighted([u64; KINDS]),
}

impl Distribution {
    pub const NAMED: [Distribution; 4] = [
        Distribution::Uniform,
        Distribution::SzHeavy,
        Distribution::SzOnly,
        Distribution::NoI,
    ];

    /// Its name on the command line, or its weights.
    pub fn name(self) -> String {
        match self {
            Distribution::Uniform => "uniform".into(),
            Distribution::SzHeavy => "sz-heavy".into(),
            Distribution::SzOnly => "sz-only".into(),
            Distribution::NoI => "no-i".into(),
            Distribution::Weighted(w) => {
                let text: Vec<String> = w.iter().map(u64::to_string).collect();
                format!("weights {}", text.join(","))
            }
        }
    }

    pub fn from_name(name: &str) -> Option<Distribution> {
        Distribution::NAMED.into_iter().find(|d| d.name() == name)
    }

    /// Seven relative weights of pieces 1..7 (I J L O S T Z), separated by
    /// commas, not all zero; Err says what is wrong.
    pub fn from_weights(text: &str) -> Result<Distribution, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != KINDS {
            return Err(format!(
                "'{text}' has {} weights; give {KINDS}, for I J L O S T Z",
                parts.len()
            ));
        }
        let mut weights = [0u64; KINDS];
        for (weight, part) in weights.iter_mut().zip(&parts) {
            *weight = part
                .parse()
                .ok()
                .filter(|&w: &u64| w <= 1_000_000)
                .ok_or_else(|| {
                    format!("weight '{part}' is not a whole number from 0 to 1000000")
                })?;
        }
        if weights.iter().all(|&w| w == 0) {
            return Err("the weights are all zero".into());
        }
        Ok(Distribution::Weighted(weights))
    }

    /// The pieces of `mask` (bit i: piece i+1), equally likely.
    pub fn subset(mask: u8) -> Distribution {
        let mut weights = [0; KINDS];
        for (i, weight) in weights.iter_mut().enumerate() {
            *weight = u64::from(mask >> i & 1);
        }
        Distribution::Weighted(weights)
    }

    /// Relative weights of pieces 1..7 (I J L O S T Z).
    pub fn weights(self) -> [u64; KINDS] {
        match self {
            Distribution::Uniform => [1, 1, 1, 1, 1, 1, 1],
            Distribution::SzHeavy => [1, 1, 1, 1, 3, 1, 3],
            Distribution::SzOnly => [0, 0, 0, 0, 1, 0, 1],
            Distribution::NoI => [0, 1, 1, 1, 1, 1, 1],
            Distribution::Weighted(weights) => weights,
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
        let mix = Distribution::from_weights("1,1,1,1,60,1,60").unwrap();
        let z = count(mix, 6) as f64;
        let t = count(mix, 5) as f64;
        assert!((50.0..70.0).contains(&(z / t)), "Z/T ratio {}", z / t);
        assert_eq!(count(Distribution::subset(0b1011000), 0), 0);
        assert_eq!(
            Distribution::subset(0b1011000),
            Distribution::from_weights("0,0,0,1,1,0,1").unwrap()
        );
    }

    #[test]
    fn weights_are_read_strictly() {
        for bad in [
            "1,1,1",
            "1,1,1,1,1,1,1,1",
            "0,0,0,0,0,0,0",
            "1,x,1,1,1,1,1",
            "1,-1,1,1,1,1,1",
        ] {
            assert!(Distribution::from_weights(bad).is_err(), "{bad}");
        }
        assert_eq!(Distribution::SzHeavy.name(), "sz-heavy");
        assert_eq!(Distribution::from_name("no-i"), Some(Distribution::NoI));
    }

    #[test]
    fn official_tests_have_the_official_sizes_and_are_reproducible() {
        let a = official_tests(5);
        assert_eq!(a.iter().map(Vec::len).collect::<Vec<_>>(), OFFICIAL_SIZES);
        assert_eq!(a, official_tests(5));
        assert_ne!(a, official_tests(6));
    }
}
