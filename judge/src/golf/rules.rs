//! The golf rules as written in the spec, and the two published scorers'
//! behaviour (quirks included) as compatibility modes.

use crate::gravity;
use crate::tetromino::{Piece, SHAPE_TABLE};

pub const WIDTH: usize = 10;
/// 20 visible rows under 3 hidden ones; row 0 is the top.
pub const ROWS: usize = 23;
pub const HIDDEN: usize = 3;
pub const FULL: u16 = (1 << WIDTH) - 1;

/// Byte value mod 7 gives the piece: O I Z J L S T.
pub const PIECE_NAMES: [char; 7] = ['O', 'I', 'Z', 'J', 'L', 'S', 'T'];

/// A piece of the golf variant, numbered as the input byte mod 7 numbers it
/// (0..7 = O I Z J L S T; the olympiad numbers its pieces otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GolfPiece(u8);

impl GolfPiece {
    pub const ALL: [GolfPiece; 7] = [
        GolfPiece(0),
        GolfPiece(1),
        GolfPiece(2),
        GolfPiece(3),
        GolfPiece(4),
        GolfPiece(5),
        GolfPiece(6),
    ];

    /// The piece an input byte stands for.
    pub fn from_byte(byte: u8) -> GolfPiece {
        GolfPiece(byte % 7)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn letter(self) -> char {
        PIECE_NAMES[self.index()]
    }

    /// The same piece among the shared tetrominoes.
    pub fn tetromino(self) -> Piece {
        Piece::ALL[TETROMINO[self.index()]]
    }
}

/// The golf pieces O I Z J L S T as the shared tetrominoes (numbered 1..7
/// = I J L O S T Z).
const TETROMINO: [usize; 7] = [3, 0, 6, 1, 2, 4, 5];

/// The spec's rotation r of each piece is the shared tetromino's clockwise
/// rotation (START - r) mod 4: the spec turns the other way, from another
/// start for Z, S and T. Tests compare the result with the spec's table.
const START: [usize; 7] = [0, 2, 1, 2, 2, 1, 1];

/// Rows top to bottom, bit 0 = leftmost column, and how many: the spec's
/// table, derived from the shared shapes when the judge is compiled.
const fn table() -> [[([u16; 4], usize); 4]; 7] {
    let mut table = [[([0u16; 4], 0usize); 4]; 7];
    let mut piece = 0;
    while piece < 7 {
        let mut rotation = 0;
        while rotation < 4 {
            let turn = (START[piece] + 4 - rotation) % 4;
            let shape = SHAPE_TABLE[TETROMINO[piece]][turn];
            let mut row = 0;
            while row < shape.height {
                // The shared shapes list rows bottom first.
                table[piece][rotation].0[row] = shape.rows[shape.height - 1 - row];
                row += 1;
            }
            table[piece][rotation].1 = shape.height;
            rotation += 1;
        }
        piece += 1;
    }
    table
}

static TABLE: [[([u16; 4], usize); 4]; 7] = table();

/// The rows of the piece in rotation `r`, top first.
pub fn shape(piece: GolfPiece, rotation: usize) -> &'static [u16] {
    let (rows, height) = &TABLE[piece.index()][rotation];
    &rows[..*height]
}

pub fn width(piece: GolfPiece, rotation: usize) -> usize {
    let all = shape(piece, rotation).iter().fold(0, |a, r| a | r);
    (u16::BITS - all.leading_zeros()) as usize
}

/// Which scorer's line deletion to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The rules as written: all full rows deleted at once.
    Rules,
    /// The challenge's Python script: checks only the piece's rows, bottom
    /// up, and skips the row that slides into a deleted one.
    Python,
    /// The challenge's C program: counts right, but its compaction also
    /// throws away the bottom row.
    C,
}

impl Mode {
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "rules" => Some(Mode::Rules),
            "python" => Some(Mode::Python),
            "c" => Some(Mode::C),
            _ => None,
        }
    }
}

/// The well of the golf rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: [u16; ROWS],
}

impl Default for Board {
    fn default() -> Self {
        Board { rows: [0; ROWS] }
    }
}

/// Where each row comes from after a deletion: `map[i]` is the old row
/// that becomes row i, or None for a new empty row.
pub type RowMap = [Option<usize>; ROWS];

/// The map of a drop that deleted nothing.
pub fn identity() -> RowMap {
    std::array::from_fn(Some)
}

/// What one drop did, with what a viewer needs to show it. (The row map
/// travels by value: boxing it would allocate once per piece.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// The piece had no room: the grid was cleared.
    Reset,
    /// The piece rests with its top row at `top`; `lines` rows were counted
    /// as deleted, and row i then took the row `map[i]` of the grid with
    /// the piece in it.
    Landed { top: usize, lines: u32, map: RowMap },
}

impl Board {
    /// Drops a piece (the move is valid) and applies the mode's deletion.
    pub fn drop_piece(
        &mut self,
        piece: GolfPiece,
        rotation: usize,
        x: usize,
        mode: Mode,
    ) -> Landing {
        let Some(top) = self.landing(piece, rotation, x) else {
            *self = Board::default();
            return Landing::Reset;
        };
        self.put(piece, rotation, x, top);
        let (map, lines) = self.deletion(mode, top, shape(piece, rotation).len());
        self.apply(&map);
        Landing::Landed { top, lines, map }
    }

    /// The row the piece's top comes to rest on, or None if it has no room
    /// (it would rest with a block in the hidden rows).
    pub fn landing(&self, piece: GolfPiece, rotation: usize, x: usize) -> Option<usize> {
        let rows = shape(piece, rotation);
        let overlaps = |y: usize| {
            rows.iter()
                .enumerate()
                .any(|(i, &r)| self.rows[y + i] & (r << x) != 0)
        };
        let mut rest = None;
        for y in 0..=ROWS - rows.len() {
            if overlaps(y) {
                break;
            }
            rest = Some(y);
        }
        rest.filter(|&y| y >= HIDDEN)
    }

    pub fn put(&mut self, piece: GolfPiece, rotation: usize, x: usize, top: usize) {
        for (i, &r) in shape(piece, rotation).iter().enumerate() {
            self.rows[top + i] |= r << x;
        }
    }

    fn apply(&mut self, map: &RowMap) {
        gravity::apply(&mut self.rows, map, 0);
    }

    fn is_full(&self, row: Option<usize>) -> bool {
        row.is_some_and(|r| self.rows[r] == FULL)
    }

    /// The mode's deletion after a piece landed at `top` with `height` rows:
    /// where the rows go, and how many rows it counts.
    fn deletion(&self, mode: Mode, top: usize, height: usize) -> (RowMap, u32) {
        let mut map = identity();
        let lines = match mode {
            Mode::Rules => {
                // Ordinary gravity counts rows from the bottom; golf rows
                // count from the top.
                let flip = |row: usize| ROWS - 1 - row;
                let (up, n) = gravity::delete_full_rows(ROWS, |r| self.is_full(Some(flip(r))));
                for (row, from) in map.iter_mut().enumerate() {
                    *from = up[flip(row)].map(flip);
                }
                n
            }
            Mode::Python => {
                let mut list = map.to_vec();
                let mut n = 0;
                for i in (0..height).rev() {
                    if self.is_full(list[top + i]) {
                        n += 1;
                        list.remove(top + i);
                        list.insert(0, None);
                    }
                }
                map.copy_from_slice(&list);
                n
            }
            Mode::C => {
                let n = map.iter().filter(|&&r| self.is_full(r)).count();
                if n > 0 {
                    // A 24-row array: the grid and a scratch row, into which
                    // the compaction writes one row too low.
                    let mut row: Vec<Option<usize>> = map.to_vec();
                    row.push(None);
                    let mut j = ROWS;
                    for i in 0..20 {
                        row[j] = row[ROWS - 1 - i];
                        if !self.is_full(row[j]) {
                            j -= 1;
                        }
                    }
                    for r in row.iter_mut().take(j) {
                        *r = None;
                    }
                    map.copy_from_slice(&row[..ROWS]);
                }
                n
            }
        };
        (map, lines as u32)
    }
}
