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
//! searches every placement of the current piece followed by every
//! placement of the next one; the few best of those lines are then judged
//! by the average best placement of a third piece over the seven kinds.
//! Boards are scored by the rows cleared (four at once pays, fewer costs),
//! holes in the stack, blocks covering the well (cheap: a cover whose rows
//! clear reopens the well, which is how the stack outlasts an I
//! drought), the surface (bumps, column transitions, columns only an I
//! fills), rows ready for a four-line clear and a stack that nears the top;
//! the higher the stack, the more any clear is worth.

use std::io::{Read, Write};

const ROWS: usize = 23;
const FULL: u16 = 1023;

/// Rows top to bottom, bit 0 = leftmost column (the spec's table).
/// Rotations past a kind's distinct ones repeat a shape, so they are not
/// tried (O has one shape; I, S and Z two; J, L and T four).
const DISTINCT_ROTATIONS: [usize; 7] = [1, 2, 2, 4, 4, 2, 4];
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
const CLEAR_VALUE: [i32; 5] = [0, -25, -49, -7, 190];
/// Worth of each cleared row per row the stack stood above this height
/// before the drop: the higher the stack, the more any clear is worth,
/// since an I drought there ends in a reset.
const DANGER_HEIGHT: i32 = 10;
const DANGER_CLEAR: i32 = 4;
/// Losing the grid to a piece with no room.
const RESET_VALUE: i32 = -6000;
/// Penalties: an empty cell under a block in the stack (columns 0..8); a row
/// with an empty covered cell anywhere; a block in the well column above an
/// empty cell of it (a cover, cleared with its rows when the stack must come
/// down); the height of the well column.
const HOLE: i32 = 135;
const HOLE_ROW: i32 = 6;
const WELL_COVER: i32 = 31;
const WELL_BLOCK: i32 = 10;
/// Penalties on the surface of the stack: squared and plain height
/// differences of neighbouring columns, changes between filled and empty
/// down each column (floor counted filled), and columns so deep between
/// their neighbours that only an I fills them.
const BUMP: i32 = 4;
const STEP: i32 = 6;
const COLUMN_TRANSITION: i32 = 82;
const I_DEPENDENCY: i32 = 45;
/// Stack rows above this height are penalised, quadratically.
const SAFE_HEIGHT: i32 = 13;
const HIGH: i32 = 19;
/// Bonus per row (up to four) that an I dropped in the well would clear.
const READY: i32 = 39;
/// How many of the best two-piece lines get a third, expected piece.
const THIRD_PLY: usize = 8;

/// The stack columns, all but the well.
const STACK: u16 = FULL >> 1;

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
    let height = (ROWS - grid.iter().position(|&row| row != 0).unwrap_or(ROWS)) as i32;
    let danger = (height - DANGER_HEIGHT).max(0);
    (
        out,
        CLEAR_VALUE[lines] + lines as i32 * DANGER_CLEAR * danger,
    )
}

fn evaluate(g: &Grid) -> i32 {
    let mut heights = [0i32; 10];
    let mut covered = 0;
    let mut holes = 0;
    let mut hole_rows = 0;
    let mut column_transitions = 0;
    let mut above = 0;
    for (r, &row) in g.iter().enumerate() {
        holes += (covered & !row & STACK).count_ones() as i32;
        hole_rows += i32::from(covered & !row != 0);
        let mut tops = row & !covered;
        while tops != 0 {
            heights[tops.trailing_zeros() as usize] = (ROWS - r) as i32;
            tops &= tops - 1;
        }
        covered |= row;
        column_transitions += ((row ^ above) & STACK).count_ones() as i32;
        above = row;
    }
    column_transitions += (!above & STACK).count_ones() as i32;
    let mut bumps = 0;
    let mut steps = 0;
    for c in 0..8 {
        let d = heights[c] - heights[c + 1];
        bumps += d * d;
        steps += d.abs();
    }
    let mut i_dependencies = 0;
    for c in 0..9 {
        let left = if c == 0 { ROWS as i32 } else { heights[c - 1] };
        let right = if c == 8 { ROWS as i32 } else { heights[c + 1] };
        i_dependencies += i32::from(left.min(right) - heights[c] >= 3);
    }
    let high = heights[..9]
        .iter()
        .max()
        .map_or(0, |&h| (h - SAFE_HEIGHT).max(0));
    // The well's floor: its lowest empty cell. Blocks of the well column
    // above it cover the well.
    let mut floor = ROWS - 1;
    while floor > 0 && g[floor] >> 9 & 1 == 1 {
        floor -= 1;
    }
    let covers = g[..floor].iter().filter(|&&row| row >> 9 & 1 == 1).count() as i32;
    // Rows, from the well's floor up, that are full but for the well.
    let mut ready = 0;
    let mut r = floor;
    while r > 0 && g[r] == STACK {
        ready += 1;
        r -= 1;
    }
    READY * ready.min(4)
        - (HOLE * holes
            + HOLE_ROW * hole_rows
            + WELL_COVER * covers
            + WELL_BLOCK * heights[9]
            + BUMP * bumps
            + STEP * steps
            + COLUMN_TRANSITION * column_transitions
            + I_DEPENDENCY * i_dependencies
            + HIGH * high * high)
}

/// Every legal (answer byte, shape) of a piece kind.
fn placements(kind: usize) -> impl Iterator<Item = (u8, &'static [u16])> {
    (0..DISTINCT_ROTATIONS[kind]).flat_map(move |r| {
        let piece = SHAPES[kind][r];
        let width = 16 - piece.iter().fold(0, |a, &b| a | b).leading_zeros() as usize;
        (0..=10 - width).map(move |x| ((r * 16 + x) as u8, piece))
    })
}

/// The best value a piece of `kind` can get on `grid`.
fn best_placement(grid: &Grid, kind: usize) -> i32 {
    placements(kind)
        .map(|(answer, piece)| {
            let (after, gained) = drop_piece(grid, piece, (answer & 15) as usize);
            gained + evaluate(&after)
        })
        .max()
        .unwrap_or(i32::MIN)
}

/// The best answer for `kind` on `grid`, knowing the next kind (the last
/// piece of the input is answered as if an O followed): every placement
/// with every placement of the next piece; the best few of those lines are
/// then judged by the average best placement of a third, unknown piece.
fn choose(grid: &Grid, kind: usize, next: Option<usize>) -> (u8, Grid) {
    // (value, answer, grid after it, points gained by both placements,
    // grid after both)
    let mut lines = Vec::new();
    for (answer, piece) in placements(kind) {
        let (after, gained) = drop_piece(grid, piece, (answer & 15) as usize);
        for (reply, next_piece) in placements(next.unwrap_or(0)) {
            let (last, replied) = drop_piece(&after, next_piece, (reply & 15) as usize);
            let both = gained + replied;
            lines.push((both + evaluate(&last), answer, after, both, last));
        }
    }
    // A stable sort: equal lines keep their order, so ties go to the first
    // placement tried.
    lines.sort_by_key(|line| std::cmp::Reverse(line.0));
    lines.truncate(THIRD_PLY);
    for line in &mut lines {
        let third: i32 = (0..7).map(|k| best_placement(&line.4, k)).sum();
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
