//! Random test pictures for the printer: every row has at least one pixel
//! (so the picture is printable), colours and holes uniformly mixed.

use super::format::picture::{Picture, MAX_HEIGHT, MAX_WIDTH};
use crate::rng::Rng;

/// A `width` x `height` picture where each pixel is opaque with probability
/// `percent` / 100, in one of 3 colours.
pub fn random_picture(seed: u64, width: usize, height: usize, percent: u64) -> Picture {
    let (width, height) = (width.clamp(1, MAX_WIDTH), height.clamp(1, MAX_HEIGHT));
    let mut rng = Rng::new(seed);
    let pixels = (0..height)
        .map(|_| {
            let mut row: Vec<u8> = (0..width)
                .map(|_| match rng.below(100) < percent {
                    true => 1 + rng.below(3) as u8,
                    false => 0,
                })
                .collect();
            if row.iter().all(|&p| p == 0) {
                row[rng.below(width as u64) as usize] = 1 + rng.below(3) as u8;
            }
            row
        })
        .collect();
    Picture {
        width,
        height,
        pixels,
        palette: Vec::new(),
    }
}
