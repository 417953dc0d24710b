//! Tetris printer (`../shared/spec/printer.md`): reads a picture (a text grid
//! or a PPM image) and writes the drops, one "LETTER ROTATION COLUMN" line
//! per piece, whose blocks leave exactly that picture on a 21 x 42 field with
//! ordinary gravity. J, T and L carry colours 1, 2 and 3.
//!
//! The picture is printed row by row from the bottom. A *batch* puts pixels
//! of the current row in place: J/T/L pieces cover them, and every other
//! block of the batch lies in rows that the batch fills completely, so those
//! rows are deleted and only the pixels stay. Rows may also be filled below
//! the pixels ("shift" rows, Birken's platform): when they go, the pixels
//! drop into place, which lets pixels hang over holes. A batch is an exact
//! tiling of its region found by search, with two rules that make a tiling
//! droppable: every piece rests on something that will be there, and in
//! every column pieces arrive bottom first (no interlocking).
//!
//! One file on purpose, like every submission: `rustc -O --edition 2021`
//! builds it alone. Usage: `tetris-printer [PICTURE] [--transparent RRGGBB]`
//! (standard input without PICTURE; PPM magenta means transparent).

use std::io::{Read, Write};

const WIDTH: usize = 21;
const HEIGHT: usize = 42;
const FULL_ROW: u32 = (1 << WIDTH) - 1;
const MAX_PICTURE_WIDTH: usize = 17;
const MAX_PICTURE_HEIGHT: usize = 32;
const DEFAULT_TRANSPARENT: [u8; 3] = [255, 0, 255];

fn main() {
    let mut path = None;
    let mut transparent = DEFAULT_TRANSPARENT;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--transparent" {
            let value = args.next().unwrap_or_default();
            transparent = parse_rgb(&value).unwrap_or_else(|| {
                fail(2, &format!("--transparent: '{}' is not RRGGBB", value))
            });
        } else if arg.starts_with('-') && arg != "-" {
            fail(
                2,
                "usage: tetris-printer [PICTURE] [--transparent RRGGBB] > drops.txt",
            );
        } else if path.replace(arg).is_some() {
            fail(2, "usage: give one picture (or none to read standard input)");
        }
    }
    let (name, bytes) = match path.as_deref() {
        None | Some("-") => {
            let mut bytes = Vec::new();
            if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
                fail(1, &format!("standard input: {}", e));
            }
            ("standard input".to_string(), bytes)
        }
        Some(p) => match std::fs::read(p) {
            Ok(bytes) => (p.to_string(), bytes),
            Err(e) => fail(1, &format!("{}: {}", p, e)),
        },
    };
    let picture = parse_picture(&bytes, transparent)
        .and_then(|p| printable(&p).map(|()| p))
        .unwrap_or_else(|e| fail(1, &format!("{}: {}", name, e)));
    let drops = print(&picture).unwrap_or_else(|e| fail(1, &format!("{}: {}", name, e)));
    let pixels = picture.pixels.iter().flatten().filter(|&&p| p != 0).count();
    let mut text = format!(
        "# {} x {} picture, {} pixels, {} pieces\n",
        picture.width,
        picture.height,
        pixels,
        drops.len()
    );
    for d in &drops {
        text.push_str(&format!(
            "{} {} {}\n",
            LETTERS[d.kind] as char, d.rotation, d.column
        ));
    }
    let _ = std::io::stdout().write_all(text.as_bytes());
}

fn fail(code: i32, message: &str) -> ! {
    eprintln!("tetris-printer: {}", message);
    std::process::exit(code)
}

fn parse_rgb(hex: &str) -> Option<[u8; 3]> {
    let hex = hex.trim_start_matches('#');
    if hex.len() != 6 {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

// ---------------------------------------------------------------------------
// Pictures
// ---------------------------------------------------------------------------

struct Picture {
    width: usize,
    height: usize,
    /// Top row first: 0 transparent, 1..=3 a colour.
    pixels: Vec<Vec<u8>>,
}

fn parse_picture(bytes: &[u8], transparent: [u8; 3]) -> Result<Picture, String> {
    let picture = if bytes.starts_with(b"P3") || bytes.starts_with(b"P6") {
        parse_ppm(bytes, transparent)?
    } else {
        parse_grid(bytes)?
    };
    let (w, h) = (picture.width, picture.height);
    if w == 0 || h == 0 {
        return Err("the picture is empty".to_string());
    }
    if w > MAX_PICTURE_WIDTH || h > MAX_PICTURE_HEIGHT {
        return Err(format!(
            "the picture is {} x {}; at most {} x {} fit the field",
            w, h, MAX_PICTURE_WIDTH, MAX_PICTURE_HEIGHT
        ));
    }
    Ok(picture)
}

/// `.` transparent, `1` to `3` a colour; trailing blank lines ignored.
fn parse_grid(bytes: &[u8]) -> Result<Picture, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        format!(
            "neither PPM nor text (invalid UTF-8 at byte {})",
            e.valid_up_to()
        )
    })?;
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last().map_or(false, |l| l.is_empty()) {
        lines.pop();
    }
    let width = lines.first().map_or(0, |l| l.chars().count());
    let mut pixels = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let mut row = Vec::new();
        for (c, ch) in line.chars().enumerate() {
            row.push(match ch {
                '.' => 0,
                '1'..='3' => ch as u8 - b'0',
                _ => {
                    return Err(format!(
                        "line {}, column {}: '{}' is not '.' or a colour 1-3",
                        i + 1,
                        c + 1,
                        ch
                    ))
                }
            });
        }
        if row.len() != width {
            return Err(format!(
                "line {} has {} pixels, line 1 has {}",
                i + 1,
                row.len(),
                width
            ));
        }
        pixels.push(row);
    }
    Ok(Picture {
        width,
        height: pixels.len(),
        pixels,
    })
}

/// P3 or P6; colours numbered 1, 2, 3 in order of first appearance, reading
/// rows top first.
fn parse_ppm(bytes: &[u8], transparent: [u8; 3]) -> Result<Picture, String> {
    let mut at = 2;
    let width = ppm_number(bytes, &mut at, "width")?;
    let height = ppm_number(bytes, &mut at, "height")?;
    let maxval = ppm_number(bytes, &mut at, "maximum value")?;
    if maxval == 0 || maxval > 255 {
        return Err(format!("PPM maximum value {} is not 1 to 255", maxval));
    }
    if width > MAX_PICTURE_WIDTH || height > MAX_PICTURE_HEIGHT {
        return Err(format!(
            "the picture is {} x {}; at most {} x {} fit the field",
            width, height, MAX_PICTURE_WIDTH, MAX_PICTURE_HEIGHT
        ));
    }
    let count = width * height * 3;
    let mut samples = Vec::with_capacity(count);
    if bytes[1] == b'6' {
        // One whitespace byte separates the header from binary samples.
        let data = bytes.get(at + 1..).unwrap_or(&[]);
        if data.len() < count {
            return Err(format!(
                "the PPM file is truncated: {} sample bytes expected, {} found",
                count,
                data.len()
            ));
        }
        samples.extend(data[..count].iter().map(|&b| usize::from(b)));
    } else {
        for i in 0..count {
            let sample = ppm_number(bytes, &mut at, "samples")
                .map_err(|e| format!("{} ({} of {} samples read)", e, i, count))?;
            samples.push(sample);
        }
    }
    if let Some(i) = samples.iter().position(|&s| s > maxval) {
        return Err(format!(
            "sample {} is {}, above the maximum {}",
            i + 1,
            samples[i],
            maxval
        ));
    }
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut pixels = vec![vec![0u8; width]; height];
    for (i, rgb) in samples.chunks(3).enumerate() {
        let colour = [rgb[0], rgb[1], rgb[2]].map(|s| (s * 255 / maxval) as u8);
        if colour == transparent {
            continue;
        }
        let index = match palette.iter().position(|&p| p == colour) {
            Some(k) => k,
            None if palette.len() == 3 => {
                return Err(format!(
                    "pixel ({}, {}) is a 4th colour; at most 3 besides transparent",
                    i % width + 1,
                    i / width + 1
                ))
            }
            None => {
                palette.push(colour);
                palette.len() - 1
            }
        };
        pixels[i / width][i % width] = index as u8 + 1;
    }
    Ok(Picture {
        width,
        height,
        pixels,
    })
}

/// A decimal header field or P3 sample; `#` comments run to the line's end.
fn ppm_number(bytes: &[u8], at: &mut usize, what: &str) -> Result<usize, String> {
    loop {
        match bytes.get(*at) {
            Some(b'#') => {
                while *at < bytes.len() && bytes[*at] != b'\n' {
                    *at += 1;
                }
            }
            Some(b) if b.is_ascii_whitespace() => *at += 1,
            _ => break,
        }
    }
    let start = *at;
    while *at < bytes.len() && bytes[*at].is_ascii_digit() && *at - start < 9 {
        *at += 1;
    }
    if start == *at {
        return Err(match bytes.get(start) {
            None => format!("the PPM file ends before its {}", what),
            Some(_) => format!("byte {}: the PPM {} is not a number", start, what),
        });
    }
    Ok(bytes[start..*at]
        .iter()
        .fold(0, |v, &d| v * 10 + usize::from(d - b'0')))
}

/// A piece always rests on something and deleting rows closes gaps, so an
/// empty row can never stay under blocks.
fn printable(picture: &Picture) -> Result<(), String> {
    let mut seen_pixels = false;
    for (i, row) in picture.pixels.iter().enumerate() {
        let empty = row.iter().all(|&p| p == 0);
        if empty && seen_pixels {
            return Err(format!(
                "row {} (from the top) is transparent under pixels: no empty row can stay under blocks",
                i + 1
            ));
        }
        seen_pixels |= !empty;
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Pieces and the field
// ---------------------------------------------------------------------------

const LETTERS: &[u8; 7] = b"IJLOSTZ";
/// Rotation 0 of each piece, top row first, as the olympiad statement draws
/// them; rotation r is r clockwise quarter turns of it.
const PICTURES: [&[&str]; 7] = [
    &["#", "#", "#", "#"],
    &["##", "#.", "#."],
    &["##", ".#", ".#"],
    &["##", "##"],
    &["#.", "##", ".#"],
    &["#.", "##", "#."],
    &[".#", "##", "#."],
];
/// The picture colour each piece carries: J 1, T 2, L 3; 0 = scaffolding.
const COLOUR_OF: [u8; 7] = [0, 1, 3, 0, 0, 2, 0];

/// A distinct rotation of a piece.
struct Shape {
    kind: usize,
    rotation: usize,
    width: usize,
    /// (row from the bottom, column from the left), bottom row first, so
    /// cells[0] is the lowest-leftmost block.
    cells: [(usize, usize); 4],
    /// Lowest block row of each column of the box.
    bottom: [usize; 4],
}

fn shapes() -> Vec<Shape> {
    let mut shapes: Vec<Shape> = Vec::new();
    for (kind, picture) in PICTURES.iter().enumerate() {
        let mut grid: Vec<Vec<bool>> = picture
            .iter()
            .map(|line| line.bytes().map(|b| b == b'#').collect())
            .collect();
        for rotation in 0..4 {
            let height = grid.len();
            let mut cells = Vec::new();
            for row in 0..height {
                for (column, &block) in grid[height - 1 - row].iter().enumerate() {
                    if block {
                        cells.push((row, column));
                    }
                }
            }
            let cells = [cells[0], cells[1], cells[2], cells[3]];
            if !shapes.iter().any(|s| s.kind == kind && s.cells == cells) {
                let mut bottom = [usize::MAX; 4];
                for &(r, c) in &cells {
                    bottom[c] = bottom[c].min(r);
                }
                shapes.push(Shape {
                    kind,
                    rotation,
                    width: grid[0].len(),
                    cells,
                    bottom,
                });
            }
            // A clockwise quarter turn: the left column read upwards becomes the top row.
            let width = grid[0].len();
            grid = (0..width)
                .map(|r| (0..height).map(|c| grid[height - 1 - c][r]).collect())
                .collect();
        }
    }
    shapes
}

/// One line of the output.
#[derive(Clone, Copy, Debug)]
struct Drop {
    kind: usize,
    rotation: usize,
    column: usize,
}

/// The field under ordinary gravity; the printer replays its own drops on
/// it to make sure every batch did what the search promised.
struct Field {
    /// Bottom row first; each cell 0 or the piece's kind + 1.
    rows: Vec<[u8; WIDTH]>,
}

impl Field {
    fn new() -> Field {
        Field {
            rows: vec![[0; WIDTH]; HEIGHT],
        }
    }

    fn drop_piece(&mut self, shape: &Shape, column: usize) -> Result<(), String> {
        let height = |c: usize| {
            self.rows
                .iter()
                .rposition(|row| row[c] != 0)
                .map_or(0, |r| r + 1)
        };
        let landing = (0..shape.width)
            .map(|c| height(column + c).saturating_sub(shape.bottom[c]))
            .max()
            .unwrap_or(0);
        if shape.cells.iter().any(|&(r, _)| landing + r >= HEIGHT) {
            return Err("a piece would stick out of the field".to_string());
        }
        for &(r, c) in &shape.cells {
            self.rows[landing + r][column + c] = shape.kind as u8 + 1;
        }
        self.rows.retain(|row| row.contains(&0));
        self.rows.resize(HEIGHT, [0; WIDTH]);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// A batch: an exact tiling of a region, droppable piece by piece
// ---------------------------------------------------------------------------

/// Up to 8 full rows and the pixel row; 9 x 21 cells make at most 47 pieces,
/// so sets of pieces fit a u64.
const MAX_ROWS: usize = 9;

/// The rows a batch works in, numbered from the current picture row up.
struct Region {
    rows: usize,
    /// Rows under it are filled and deleted too (shift rows).
    pixel_row: usize,
    /// Cells the batch fills: every row but the pixel row, and there the
    /// chosen pixels.
    needed: [u32; MAX_ROWS],
    /// Pixels printed earlier in the pixel row.
    occupied: [u32; MAX_ROWS],
    /// The picture's colour of each cell of the pixel row.
    colours: [u8; WIDTH],
    /// Filled cells of the field row under the region (all of it on the floor).
    below: u32,
}

impl Region {
    /// Will the cell under (row, column) hold a piece up? Cells the batch
    /// must fill count: the piece that fills them drops first.
    fn supports(&self, row: usize, column: usize) -> bool {
        let bits = match row.checked_sub(1) {
            None => self.below,
            Some(r) => self.needed[r] | self.occupied[r],
        };
        bits >> column & 1 == 1
    }
}

#[derive(Clone, Copy)]
struct Placement {
    shape: usize,
    /// Region row and field column of the shape's bounding box corner.
    row: usize,
    column: usize,
}

/// Depth-first exact cover, always filling the lowest-leftmost open cell.
/// A tiling is droppable when every piece rests on a cell that will be
/// filled before it, and the "drops before" relation (below, in a shared
/// column) has no cycle; any order that respects it lands every piece where
/// the tiling put it.
struct Tiler<'a> {
    region: &'a Region,
    shapes: &'a [Shape],
    order: Vec<usize>,
    filled: [u32; MAX_ROWS],
    owner: [[u8; WIDTH]; MAX_ROWS],
    placed: Vec<Placement>,
    /// later[i]: the pieces that must drop after piece i, transitively.
    later: [u64; 64],
    nodes: u64,
    budget: u64,
    solution: Option<Vec<Placement>>,
}

impl<'a> Tiler<'a> {
    fn new(region: &'a Region, shapes: &'a [Shape], order: Vec<usize>, budget: u64) -> Self {
        Tiler {
            region,
            shapes,
            order,
            filled: [0; MAX_ROWS],
            owner: [[0; WIDTH]; MAX_ROWS],
            placed: Vec::new(),
            later: [0; 64],
            nodes: 0,
            budget,
            solution: None,
        }
    }

    fn open(&self, row: usize) -> u32 {
        self.region.needed[row] & !self.filled[row]
    }

    /// The pieces in drop order, if the region can be tiled within the budget.
    fn solve(mut self) -> Option<Vec<Placement>> {
        if self.components_divisible() && self.search() {
            self.solution.take()
        } else {
            None
        }
    }

    /// An order that lands every piece where the tiling put it, on the real
    /// field: full rows vanish as soon as they are complete, and a column
    /// whose only support was in such a row opens again. Rows are completed
    /// as late as possible; among the rest, lower pieces go first.
    fn drop_order(&self) -> Option<Vec<Placement>> {
        let region = self.region;
        let count = self.placed.len();
        // Virtual (tiling) rows still on the field, and their filled cells.
        let mut rows: Vec<(usize, u32)> = (0..region.rows).map(|r| (r, region.occupied[r])).collect();
        let mut done = 0u64;
        let mut order = Vec::with_capacity(count);
        while order.len() < count {
            let waiting = |i: usize| (0..count).any(|j| done >> j & 1 == 0 && self.later[j] >> i & 1 == 1);
            let mut best: Option<(bool, usize, usize, usize)> = None;
            for i in (0..count).filter(|&i| done >> i & 1 == 0 && !waiting(i)) {
                let at = self.placed[i];
                if !lands_as_planned(&self.shapes[at.shape], at, &rows, region.below) {
                    continue;
                }
                let completes = rows
                    .iter()
                    .any(|&(v, bits)| (bits | self.piece_bits(i, v)) == FULL_ROW);
                let key = (completes, at.row, at.column, i);
                if best.map_or(true, |b| key < b) {
                    best = Some(key);
                }
            }
            let (_, _, _, next) = best?;
            for (v, bits) in rows.iter_mut() {
                *bits |= self.piece_bits(next, *v);
            }
            rows.retain(|&(_, bits)| bits != FULL_ROW);
            done |= 1 << next;
            order.push(self.placed[next]);
        }
        Some(order)
    }

    /// The cells piece i fills in virtual row v.
    fn piece_bits(&self, i: usize, v: usize) -> u32 {
        let at = self.placed[i];
        self.shapes[at.shape]
            .cells
            .iter()
            .filter(|&&(dr, _)| at.row + dr == v)
            .fold(0, |m, &(_, dc)| m | 1 << (at.column + dc))
    }

    fn search(&mut self) -> bool {
        self.nodes += 1;
        let row = match (0..self.region.rows).find(|&r| self.open(r) != 0) {
            Some(r) => r,
            None => {
                // A tiling; it counts if the pieces can be dropped in some order.
                self.solution = self.drop_order();
                return self.solution.is_some();
            }
        };
        let column = self.open(row).trailing_zeros() as usize;
        for i in 0..self.order.len() {
            if self.nodes > self.budget {
                return false;
            }
            let s = self.order[i];
            let shape = &self.shapes[s];
            let anchor = shape.cells[0].1;
            if column < anchor || column - anchor + shape.width > WIDTH {
                continue;
            }
            let at = Placement {
                shape: s,
                row,
                column: column - anchor,
            };
            if !self.fits(at) {
                continue;
            }
            let (before, after) = match self.drop_constraints(at) {
                Some(pair) => pair,
                None => continue,
            };
            let saved = self.later;
            self.place(at, before, after);
            if self.components_divisible() && self.search() {
                return true;
            }
            self.remove(at);
            self.later = saved;
        }
        false
    }

    fn fits(&self, at: Placement) -> bool {
        let shape = &self.shapes[at.shape];
        let region = self.region;
        let cells_free = shape.cells.iter().all(|&(dr, dc)| {
            let (r, c) = (at.row + dr, at.column + dc);
            r < region.rows
                && self.open(r) >> c & 1 == 1
                && (r != region.pixel_row || region.colours[c] == COLOUR_OF[shape.kind])
        });
        cells_free
            && (0..shape.width).any(|dc| region.supports(at.row + shape.bottom[dc], at.column + dc))
    }

    /// The pieces that must drop before and (transitively) after this one,
    /// or None if that would need a cycle.
    fn drop_constraints(&self, at: Placement) -> Option<(u64, u64)> {
        let shape = &self.shapes[at.shape];
        let (mut before, mut after) = (0u64, 0u64);
        for dc in 0..shape.width {
            let c = at.column + dc;
            for r in 0..self.region.rows {
                if self.filled[r] >> c & 1 == 0 {
                    continue;
                }
                let owner = 1u64 << self.owner[r][c];
                if r < at.row + shape.bottom[dc] {
                    before |= owner;
                } else {
                    after |= owner;
                }
            }
        }
        let mut closure = after;
        let mut rest = after;
        while rest != 0 {
            closure |= self.later[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        if closure & before != 0 {
            return None;
        }
        Some((before, closure))
    }

    fn place(&mut self, at: Placement, before: u64, after: u64) {
        let index = self.placed.len();
        for &(dr, dc) in &self.shapes[at.shape].cells {
            self.filled[at.row + dr] |= 1 << (at.column + dc);
            self.owner[at.row + dr][at.column + dc] = index as u8;
        }
        self.later[index] = after;
        for x in 0..index {
            if before >> x & 1 == 1 || self.later[x] & before != 0 {
                self.later[x] |= 1 << index | after;
            }
        }
        self.placed.push(at);
    }

    fn remove(&mut self, at: Placement) {
        for &(dr, dc) in &self.shapes[at.shape].cells {
            self.filled[at.row + dr] &= !(1 << (at.column + dc));
        }
        self.placed.pop();
    }

    /// Pieces are 4 connected cells, so every connected open area must be a
    /// multiple of 4 cells.
    fn components_divisible(&self) -> bool {
        let rows = self.region.rows;
        let mut open = [0u32; MAX_ROWS];
        for (r, o) in open.iter_mut().enumerate().take(rows) {
            *o = self.open(r);
        }
        for start in 0..rows {
            while open[start] != 0 {
                let mut area = [0u32; MAX_ROWS];
                area[start] = open[start] & open[start].wrapping_neg();
                loop {
                    let mut grown = false;
                    for r in 0..rows {
                        let mut g = area[r] | area[r] << 1 | area[r] >> 1;
                        if r > 0 {
                            g |= area[r - 1];
                        }
                        if r + 1 < rows {
                            g |= area[r + 1];
                        }
                        g &= open[r];
                        if g != area[r] {
                            area[r] = g;
                            grown = true;
                        }
                    }
                    if !grown {
                        break;
                    }
                }
                let size: u32 = area.iter().map(|a| a.count_ones()).sum();
                if size % 4 != 0 {
                    return false;
                }
                for r in 0..rows {
                    open[r] &= !area[r];
                }
            }
        }
        true
    }
}

// ---------------------------------------------------------------------------
// Printing: rows bottom-up, batches per row
// ---------------------------------------------------------------------------

/// Search nodes per attempt and attempts (shape orders) per batch shape.
const NODE_BUDGET: u64 = 4000;
const RESTARTS: u64 = 4;

fn print(picture: &Picture) -> Result<Vec<Drop>, String> {
    let shapes = shapes();
    let offset = (WIDTH - picture.width) / 2;
    let mut field = Field::new();
    let mut drops = Vec::new();
    for y in 0..picture.height {
        let source = &picture.pixels[picture.height - 1 - y];
        if source.iter().all(|&p| p == 0) {
            break; // printable: nothing above either
        }
        let mut want = [0u8; WIDTH];
        want[offset..offset + picture.width].copy_from_slice(source);
        print_row(&shapes, &mut field, y, &want, &mut drops)
            .map_err(|e| format!("row {} from the top: {}", picture.height - y, e))?;
    }
    Ok(drops)
}

fn row_mask(row: &[u8; WIDTH]) -> u32 {
    (0..WIDTH)
        .filter(|&c| row[c] != 0)
        .fold(0, |m, c| m | 1 << c)
}

fn print_row(
    shapes: &[Shape],
    field: &mut Field,
    y: usize,
    want: &[u8; WIDTH],
    drops: &mut Vec<Drop>,
) -> Result<(), String> {
    loop {
        let printed = row_mask(&field.rows[y]);
        let missing = row_mask(want) & !printed;
        if missing == 0 {
            return Ok(());
        }
        let below = match y {
            0 => FULL_ROW,
            _ => row_mask(&field.rows[y - 1]),
        };
        let (chosen, placements) = find_batch(shapes, y, want, printed, missing, below)
            .ok_or("no batch of pieces found for its pixels")?;
        let mut expected = field.rows.clone();
        for c in 0..WIDTH {
            if chosen >> c & 1 == 1 {
                expected[y][c] = LETTERS.iter().position(|&l| l == b"JTL"[usize::from(want[c]) - 1]).unwrap_or(0) as u8 + 1;
            }
        }
        for p in placements {
            let shape = &shapes[p.shape];
            field.drop_piece(shape, p.column)?;
            drops.push(Drop {
                kind: shape.kind,
                rotation: shape.rotation,
                column: p.column,
            });
        }
        if field.rows != expected {
            for r in (0..y + 10).rev() { eprintln!("{}  {}", field.rows[r].iter().map(|&k| (b".IJLOSTZ"[k as usize]) as char).collect::<String>(), expected[r].iter().map(|&k| (b".IJLOSTZ"[k as usize]) as char).collect::<String>()); }
            return Err("internal error: a batch did not leave the field it planned".to_string());
        }
    }
}

/// Pixels to print and the batch's pieces: all missing pixels at once if a
/// tiling is found, else one pixel at a time.
fn find_batch(
    shapes: &[Shape],
    y: usize,
    want: &[u8; WIDTH],
    printed: u32,
    missing: u32,
    below: u32,
) -> Option<(u32, Vec<Placement>)> {
    let singles = (0..WIDTH).filter(|c| missing >> c & 1 == 1).map(|c| 1u32 << c);
    let choices = std::iter::once(missing).chain(singles);
    for chosen in choices {
        let k = chosen.count_ones() as usize;
        // Cells: 21 per full row plus the pixels, a multiple of 4.
        for full_rows in (1..MAX_ROWS).filter(|n| (WIDTH * n + k) % 4 == 0) {
            for shift in 0..=full_rows {
                if shift > 0 && printed != 0 {
                    break; // deleting rows under the pixel row would take printed pixels
                }
                let rows = full_rows + 1;
                let mut needed = [0; MAX_ROWS];
                for (r, n) in needed.iter_mut().enumerate().take(rows) {
                    *n = if r == shift { chosen } else { FULL_ROW };
                }
                let mut occupied = [0; MAX_ROWS];
                occupied[shift] = printed;
                let region = Region {
                    rows,
                    pixel_row: shift,
                    needed,
                    occupied,
                    colours: *want,
                    below,
                };
                for restart in 0..RESTARTS {
                    let order = shape_order(shapes.len(), y as u64 * 1000 + restart);
                    let tiler = Tiler::new(&region, shapes, order, NODE_BUDGET);
                    if let Some(placements) = tiler.solve() {
                        if std::env::var("PRINTER_DEBUG").is_ok() {
                            eprintln!("batch y={} shift={} rows={} chosen={:b}", y, shift, rows, chosen);
                            for p in &placements { let sh = &shapes[p.shape]; eprintln!("  {} {} col {} row {}", LETTERS[sh.kind] as char, sh.rotation, p.column, p.row); }
                        }
                        return Some((chosen, placements));
                    }
                }
            }
        }
    }
    None
}

/// Does the piece, dropped on the field whose remaining virtual rows are
/// `rows` (bottom first, with their cells), come to rest at its planned
/// virtual row? Under the region: the filled cells of the row below.
fn lands_as_planned(shape: &Shape, at: Placement, rows: &[(usize, u32)], below: u32) -> bool {
    let real_row = rows.iter().filter(|&&(v, _)| v < at.row).count();
    let mut landing: isize = isize::MIN;
    for dc in 0..shape.width {
        let c = at.column + dc;
        let height = match rows.iter().rposition(|&(_, bits)| bits >> c & 1 == 1) {
            Some(r) => r as isize + 1,
            None if below >> c & 1 == 1 => 0,
            None => -1, // a hole under the region: it would fall in
        };
        landing = landing.max(height - shape.bottom[dc] as isize);
    }
    landing == real_row as isize
}

/// The table order first, then seeded shuffles (xorshift64*).
fn shape_order(count: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    if seed % 1000 == 0 {
        return order;
    }
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..count).rev() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let j = (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % (i + 1);
        order.swap(i, j);
    }
    order
}
