//! A small deterministic PRNG (SplitMix64): same seed, same stream, on every
//! machine and every build.

#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// A generator for one member of a family (test `i` of seed `s`, ...),
    /// independent of the others.
    pub fn derived(seed: u64, member: u64) -> Rng {
        let mut mixer = Rng::new(seed ^ member.wrapping_mul(0xA24B_AED4_963E_E407));
        Rng::new(mixer.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..bound (bound > 0), without modulo bias (Lemire).
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Rng::below(0)");
        loop {
            let wide = u128::from(self.next_u64()) * u128::from(bound);
            let low = wide as u64;
            if low >= bound.wrapping_neg() % bound {
                return (wide >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_values_stay_in_range() {
        let a: Vec<u64> = (0..5)
            .scan(Rng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..5)
            .scan(Rng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a, b);
        let mut r = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..70_000 {
            seen[r.below(7) as usize] += 1;
        }
        assert!(
            seen.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{seen:?}"
        );
    }
}
