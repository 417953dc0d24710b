//! "Tetris strategy" (code golf): the readable strategy behind the golfed
//! submission `solutions/golf/src/main.rs`, which must give the same
//! answers byte for byte.
//!
//! Rules (statement: `docs/problems/golf.md`): 10 columns, 20 visible rows under 3
//! hidden ones, ordinary gravity, n full rows score 2^n - 1, a piece with no
//! room clears the grid. Input: one byte per piece (value mod 7: O I Z J L S
//! T); output: one byte per piece, rotation * 16 + column. One piece of
//! look-ahead: piece i is answered after reading piece i+1 and before
//! reading piece i+2.
//!
//! Strategy: a four-line clear is worth five singles, so the stack is built
//! on columns 0..8 and column 9 is kept as a well for I pieces. Each answer
//! searches every placement of the current piece followed by the best
//! placement of the next one; the six best of those lines are then judged
//! by the average best placement of a third piece over the seven kinds.
//! Boards are scored by the rows cleared (four at once pays, fewer costs),
//! holes, squared bumps, blocks in the well, rows ready for a four-line
//! clear and a stack that nears the top.

use std::io::{Read, Write};

const ROWS: usize = 23;
const FULL: u16 = 1023;

/// Rows top to bottom, bit 0 = leftmost column (the spec's table).
const SHAPES: [[&[u16]; 4]; 7] = [
    [&[3, 3], &[3, 3], &[3, 3], &[3, 3]],
    [&[1, 1, 1, 1], &[15], &[1, 1, 1, 1], &[15]],
    [&[3, 6], &[2, 3, 1], &[3, 6], &[2, 3, 1]],
    [&[2, 2, 3], &[7, 4], &[3, 1, 1], &[1, 7]],
    [&[1, 1, 3], &[4, 7], &[3, 2, 2], &[7, 1]],
    [&[6, 3], &[1, 3, 2], &[6, 3], &[1, 3, 2]],
    [&[7, 2], &[1, 3, 1], &[2, 7], &[2, 3, 2]],
];

/// Value of clearing 0..4 rows at once: only a four-line clear pays.
const CLEAR_VALUE: [i32; 5] = [0, -10, -28, 14, 280];
/// Losing the grid to a piece with no room.
const RESET_VALUE: i32 = -6000;
/// Penalties: an empty cell under a block; the squared height difference
/// of neighbouring stack columns; a block in the well column.
const HOLE: i32 = 90;
const BUMP: i32 = 3;
const WELL_BLOCK: i32 = 10;
/// Stack rows above this height are penalised, quadratically.
const SAFE_HEIGHT: i32 = 16;
const HIGH: i32 = 3;
/// Bonus per row (up to four) that an I dropped in the well would clear.
const READY: i32 = 39;
/// How many of the best two-piece lines get a third, expected piece.
const THIRD_PLY: usize = 6;

type Grid = [u16; ROWS];

/// Drops a piece; returns the grid after it and the value of what happened.
fn drop_piece(grid: &Grid, piece: &[u16], x: usize) -> (Grid, i32) {
    let mut g = *grid;
    let fits = |y: usize| {
        piece
            .iter()
            .enumerate()
            .all(|(i, &r)| g[y + i] & r << x == 0)
    };
    let mut y = 0;
    while y + piece.len() < ROWS && fits(y + 1) {
        y += 1;
    }
    if y < 3 || !fits(y) {
        return ([0; ROWS], RESET_VALUE);
    }
    for (i, &r) in piece.iter().enumerate() {
        g[y + i] |= r << x;
    }
    let mut lines = 0;
    let mut out = [0; ROWS];
    let mut to = ROWS;
    for r in (0..ROWS).rev() {
        if g[r] == FULL {
            lines += 1;
        } else {
            to -= 1;
            out[to] = g[r];
        }
    }
    (out, CLEAR_VALUE[lines])
}

fn evaluate(g: &Grid) -> i32 {
    let mut heights = [0i32; 10];
    let mut covered = 0;
    let mut holes = 0;
    for (r, &row) in g.iter().enumerate() {
        holes += (covered & !row).count_ones() as i32;
        let mut tops = row & !covered;
        while tops != 0 {
            heights[tops.trailing_zeros() as usize] = (ROWS - r) as i32;
            tops &= tops - 1;
        }
        covered |= row;
    }
    let bumps: i32 = (0..8).map(|c| (heights[c] - heights[c + 1]).pow(2)).sum();
    let high = heights[..9]
        .iter()
        .max()
        .map_or(0, |&h| (h - SAFE_HEIGHT).max(0));
    // Rows, from the bottom of the well up, that are full but for the well.
    let mut ready = 0;
    let mut r = ROWS - 1 - heights[9] as usize;
    while r > 0 && g[r] == FULL >> 1 {
        ready += 1;
        r -= 1;
    }
    READY * ready.min(4)
        - (HOLE * holes + BUMP * bumps + WELL_BLOCK * heights[9] + HIGH * high * high)
}

/// Every legal (answer byte, shape) of a piece kind.
fn placements(kind: usize) -> impl Iterator<Item = (u8, &'static [u16])> {
    (0..4).flat_map(move |r| {
        let piece = SHAPES[kind][r];
        let width = 16 - piece.iter().fold(0, |a, &b| a | b).leading_zeros() as usize;
        (0..=10 - width).map(move |x| ((r * 16 + x) as u8, piece))
    })
}

/// The best value a piece of `kind` can get on `grid`, with its grid.
fn best_placement(grid: &Grid, kind: usize) -> (i32, Grid) {
    let mut best = (i32::MIN, *grid);
    for (answer, piece) in placements(kind) {
        let (after, gained) = drop_piece(grid, piece, (answer & 15) as usize);
        let value = gained + evaluate(&after);
        if value > best.0 {
            best = (value, after);
        }
    }
    best
}

/// The best answer for `kind` on `grid`, knowing the next kind (the last
/// piece of the input is answered as if an O followed): every placement
/// with the best reply of the next piece; the best few of those lines are
/// then judged by the average best placement of a third, unknown piece.
fn choose(grid: &Grid, kind: usize, next: Option<usize>) -> (u8, Grid) {
    // (value, answer, grid after it, points gained by it and the reply,
    // grid after the reply)
    let mut lines = Vec::new();
    for (answer, piece) in placements(kind) {
        let (after, gained) = drop_piece(grid, piece, (answer & 15) as usize);
        let mut reply = (i32::MIN, 0, after);
        for (a, p) in placements(next.unwrap_or(0)) {
            let (g2, v2) = drop_piece(&after, p, (a & 15) as usize);
            let value = v2 + evaluate(&g2);
            if value > reply.0 {
                reply = (value, v2, g2);
            }
        }
        lines.push((gained + reply.0, answer, after, gained + reply.1, reply.2));
    }
    // A stable sort: equal lines keep their order, so ties go to the first
    // placement tried.
    lines.sort_by_key(|line| std::cmp::Reverse(line.0));
    lines.truncate(THIRD_PLY);
    for line in &mut lines {
        let third: i32 = (0..7).map(|k| best_placement(&line.4, k).0).sum();
        line.0 = 7 * line.3 + third;
    }
    let mut best = &lines[0];
    for line in &lines[1..] {
        if line.0 > best.0 {
            best = line;
        }
    }
    (best.1, best.2)
}

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut input = stdin.lock();
    let mut output = stdout.lock();
    let mut read = || {
        let mut b = [0u8];
        match input.read(&mut b) {
            Ok(1) => Some(usize::from(b[0]) % 7),
            _ => None,
        }
    };
    let mut grid = [0; ROWS];
    let mut current = read();
    while let Some(kind) = current {
        let next = read();
        let (answer, after) = choose(&grid, kind, next);
        grid = after;
        // Answer before reading piece i+2, flushed for streaming judges.
        if output
            .write_all(&[answer])
            .and_then(|_| output.flush())
            .is_err()
        {
            return;
        }
        current = next;
    }
}
