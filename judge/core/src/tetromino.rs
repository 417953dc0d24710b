//! The seven tetrominoes, shared by the three problems: their letters,
//! their clockwise rotations trimmed to their bounding boxes, and their
//! drawings, exactly as problem A2's statement draws them (rotation 0 and
//! the numbers 1..7 are the olympiad's; the printer uses the same turns,
//! the golf variant its own table of the same shapes).

use std::fmt;

pub const ROTATIONS: usize = 4;
pub const KINDS: usize = 7;

/// A piece number of the input, 1..=7 (1 = I, 2 = J, 3 = L, 4 = O, 5 = S,
/// 6 = T, 7 = Z).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    pub const ALL: [Piece; KINDS] = [
        Piece(1),
        Piece(2),
        Piece(3),
        Piece(4),
        Piece(5),
        Piece(6),
        Piece(7),
    ];

    pub fn new(number: i64) -> Option<Piece> {
        if (1..=KINDS as i64).contains(&number) {
            Some(Piece(number as u8))
        } else {
            None
        }
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    pub fn letter(self) -> char {
        b"IJLOSTZ"[self.index()] as char
    }

    pub fn shape(self, rotation: usize) -> &'static Shape {
        &SHAPES[self.index()][rotation]
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One rotation of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows of the bounding box, BOTTOM row first; bit c is column c of the box.
    pub rows: [u16; 4],
    pub width: usize,
    pub height: usize,
    /// For each column of the box, the row offset of its lowest block.
    pub bottom: [usize; 4],
}

impl Shape {
    /// The statement's notation: rows top first, separated by `/`.
    pub fn picture(&self) -> String {
        (0..self.height)
            .rev()
            .map(|r| {
                (0..self.width)
                    .map(|c| if self.rows[r] >> c & 1 == 1 { '#' } else { '.' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

const fn shape(rows: [u16; 4], width: usize, height: usize, bottom: [usize; 4]) -> Shape {
    Shape {
        rows,
        width,
        height,
        bottom,
    }
}

/// Every rotation of every piece in the numbering 1..7 (index 0..6) and
/// clockwise turns of the statement, precomputed (the tests derive the
/// table again from rotation 0 and quarter turns, and compare it with the
/// statement's drawings). A constant, so that the other problems can derive
/// their own tables from it at compile time.
pub const SHAPE_TABLE: [[Shape; ROTATIONS]; KINDS] = [
    [
        shape([1, 1, 1, 1], 1, 4, [0, 0, 0, 0]),
        shape([15, 0, 0, 0], 4, 1, [0, 0, 0, 0]),
        shape([1, 1, 1, 1], 1, 4, [0, 0, 0, 0]),
        shape([15, 0, 0, 0], 4, 1, [0, 0, 0, 0]),
    ],
    [
        shape([1, 1, 3, 0], 2, 3, [0, 2, 0, 0]),
        shape([4, 7, 0, 0], 3, 2, [1, 1, 0, 0]),
        shape([3, 2, 2, 0], 2, 3, [0, 0, 0, 0]),
        shape([7, 1, 0, 0], 3, 2, [0, 0, 0, 0]),
    ],
    [
        shape([2, 2, 3, 0], 2, 3, [2, 0, 0, 0]),
        shape([7, 4, 0, 0], 3, 2, [0, 0, 0, 0]),
        shape([3, 1, 1, 0], 2, 3, [0, 0, 0, 0]),
        shape([1, 7, 0, 0], 3, 2, [0, 1, 1, 0]),
    ],
    [
        shape([3, 3, 0, 0], 2, 2, [0, 0, 0, 0]),
        shape([3, 3, 0, 0], 2, 2, [0, 0, 0, 0]),
        shape([3, 3, 0, 0], 2, 2, [0, 0, 0, 0]),
        shape([3, 3, 0, 0], 2, 2, [0, 0, 0, 0]),
    ],
    [
        shape([2, 3, 1, 0], 2, 3, [1, 0, 0, 0]),
        shape([3, 6, 0, 0], 3, 2, [0, 0, 1, 0]),
        shape([2, 3, 1, 0], 2, 3, [1, 0, 0, 0]),
        shape([3, 6, 0, 0], 3, 2, [0, 0, 1, 0]),
    ],
    [
        shape([1, 3, 1, 0], 2, 3, [0, 1, 0, 0]),
        shape([2, 7, 0, 0], 3, 2, [1, 0, 1, 0]),
        shape([2, 3, 2, 0], 2, 3, [1, 0, 0, 0]),
        shape([7, 2, 0, 0], 3, 2, [0, 0, 0, 0]),
    ],
    [
        shape([1, 3, 2, 0], 2, 3, [0, 1, 0, 0]),
        shape([6, 3, 0, 0], 3, 2, [1, 0, 0, 0]),
        shape([1, 3, 2, 0], 2, 3, [0, 1, 0, 0]),
        shape([6, 3, 0, 0], 3, 2, [1, 0, 0, 0]),
    ],
];

static SHAPES: [[Shape; ROTATIONS]; KINDS] = SHAPE_TABLE;

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement's table of all rotations, copied cell for cell.
    const STATEMENT_TABLE: [[&str; ROTATIONS]; KINDS] = [
        ["#/#/#/#", "####", "#/#/#/#", "####"],
        ["##/#./#.", "###/..#", ".#/.#/##", "#../###"],
        ["##/.#/.#", "..#/###", "#./#./##", "###/#.."],
        ["##/##", "##/##", "##/##", "##/##"],
        ["#./##/.#", ".##/##.", "#./##/.#", ".##/##."],
        ["#./##/#.", "###/.#.", ".#/##/.#", ".#./###"],
        [".#/##/#.", "##./.##", ".#/##/#.", "##./.##"],
    ];

    #[test]
    fn rotations_match_the_statement_table() {
        for piece in Piece::ALL {
            for (r, expected) in STATEMENT_TABLE[piece.index()].iter().enumerate() {
                assert_eq!(
                    piece.shape(r).picture(),
                    *expected,
                    "piece {piece} rotation {r}",
                    piece = piece,
                    r = r
                );
            }
        }
    }

    /// Rotation 0 of pieces 1..7, top row first, as in the statement.
    const ROTATION_ZERO: [&[&str]; KINDS] = [
        &["#", "#", "#", "#"],
        &["##", "#.", "#."],
        &["##", ".#", ".#"],
        &["##", "##"],
        &["#.", "##", ".#"],
        &["#.", "##", "#."],
        &[".#", "##", "#."],
    ];

    /// A quarter turn clockwise: the left column, read bottom to top,
    /// becomes the top row.
    fn rotate_clockwise(top_first: &[Vec<bool>]) -> Vec<Vec<bool>> {
        let height = top_first.len();
        let width = top_first[0].len();
        (0..width)
            .map(|r| (0..height).map(|c| top_first[height - 1 - c][r]).collect())
            .collect()
    }

    fn from_picture(top_first: &[Vec<bool>]) -> Shape {
        let height = top_first.len();
        let width = top_first[0].len();
        let mut rows = [0u16; 4];
        for (i, line) in top_first.iter().enumerate() {
            for (c, &block) in line.iter().enumerate() {
                if block {
                    rows[height - 1 - i] |= 1 << c;
                }
            }
        }
        let mut bottom = [0; 4];
        for (c, slot) in bottom.iter_mut().enumerate().take(width) {
            *slot = (0..height).find(|&r| rows[r] >> c & 1 == 1).unwrap_or(0);
        }
        shape(rows, width, height, bottom)
    }

    #[test]
    fn the_table_is_rotation_zero_turned_clockwise() {
        for piece in Piece::ALL {
            let mut picture: Vec<Vec<bool>> = ROTATION_ZERO[piece.index()]
                .iter()
                .map(|line| line.bytes().map(|b| b == b'#').collect())
                .collect();
            for r in 0..ROTATIONS {
                assert_eq!(
                    *piece.shape(r),
                    from_picture(&picture),
                    "piece {piece} rotation {r}",
                    piece = piece,
                    r = r
                );
                picture = rotate_clockwise(&picture);
            }
        }
    }

    #[test]
    fn every_shape_has_four_blocks_and_a_tight_box() {
        for piece in Piece::ALL {
            for r in 0..ROTATIONS {
                let s = piece.shape(r);
                let blocks: u32 = s.rows.iter().map(|row| row.count_ones()).sum();
                assert_eq!(blocks, 4);
                assert!(s.rows[0] != 0 && s.rows[s.height - 1] != 0);
                let all = s.rows.iter().fold(0, |a, r| a | r);
                assert_eq!(all, (1 << s.width) - 1);
            }
        }
    }

    #[test]
    fn bottom_profile_of_the_t_pointing_down() {
        let t = Piece::new(6).unwrap().shape(1); // ###/.#.
        assert_eq!(&t.bottom[..3], &[1, 0, 1]);
    }

    #[test]
    fn piece_numbers_outside_one_to_seven_are_rejected() {
        assert!(Piece::new(0).is_none() && Piece::new(8).is_none());
        assert_eq!(Piece::new(5).unwrap().letter(), 'S');
    }
}
