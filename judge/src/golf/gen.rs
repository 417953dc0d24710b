//! Inputs for the golf variant: pseudo-random bytes standing in for the
//! challenge's unpublished file, one piece per byte.

use crate::rng::Rng;

/// The size of the challenge's input file.
pub const INPUT_BYTES: usize = 65_536;
/// The seed of the committed input `testdata/golf/input.bin`.
pub const INPUT_SEED: u64 = 156_007;

/// Pseudo-random bytes standing in for the challenge's unpublished file.
pub fn generate_input(bytes: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    (0..bytes).map(|_| rng.next_u64() as u8).collect()
}
