//! The judge against a second, deliberately naive implementation of the
//! rules, written from the statement alone: a grid of booleans, the
//! statement's rotation table as strings, a piece falling one row at a time
//! from above, components found by breadth-first search and moved only
//! while every block has empty space or its own component below it.

// Plain index loops over the grid are the point of a naive model.
#![allow(clippy::needless_range_loop)]

use std::collections::VecDeque;

use judge::olympiad::board::{Board, Step};
use judge::olympiad::{play, End, Move, Piece, ToppingPiece, Watcher};
use judge::rng::Rng;

const TABLE: [[&str; 4]; 7] = [
    ["#/#/#/#", "####", "#/#/#/#", "####"],
    ["##/#./#.", "###/..#", ".#/.#/##", "#../###"],
    ["##/.#/.#", "..#/###", "#./#./##", "###/#.."],
    ["##/##", "##/##", "##/##", "##/##"],
    ["#./##/.#", ".##/##.", "#./##/.#", ".##/##."],
    ["#./##/#.", "###/.#.", ".#/##/.#", ".#./###"],
    [".#/##/#.", "##./.##", ".#/##/#.", "##./.##"],
];

const W: usize = 10;
const H: usize = 30; // generous: nothing may reach it

type Grid = Vec<[bool; W]>;

/// (row offset from the bottom of the box, column offset) of each block.
fn blocks(kind: usize, rotation: usize) -> Vec<(usize, usize)> {
    let rows: Vec<&str> = TABLE[kind][rotation].split('/').collect();
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.push((rows.len() - 1 - i, c));
            }
        }
    }
    cells
}

fn width(kind: usize, rotation: usize) -> usize {
    TABLE[kind][rotation].split('/').next().unwrap().len()
}

enum NaiveEnd {
    All,
    Top,
    Invalid,
}

/// Returns the number placed, how it ended, and the grid after each placed piece.
fn naive_game(kinds: &[usize], moves: &[(i64, i64)]) -> (usize, NaiveEnd, Vec<Grid>) {
    let mut grid: Grid = vec![[false; W]; H];
    let mut history = Vec::new();
    for (i, &kind) in kinds.iter().enumerate() {
        let Some(&mv) = moves.get(i) else {
            return (i, NaiveEnd::Invalid, history);
        };
        if let Err(end) = naive_step(&mut grid, kind, mv) {
            return (i, end, history);
        }
        history.push(grid.clone());
    }
    (kinds.len(), NaiveEnd::All, history)
}

fn naive_step(grid: &mut Grid, kind: usize, (r, x): (i64, i64)) -> Result<(), NaiveEnd> {
    if !(0..4).contains(&r) || x < 0 || x as usize + width(kind, r as usize) > W {
        return Err(NaiveEnd::Invalid);
    }
    let cells = blocks(kind, r as usize);
    let x = x as usize;
    let fits = |g: &Grid, y: usize| cells.iter().all(|&(dr, dc)| !g[y + dr][x + dc]);
    let mut y = H - 5;
    while y > 0 && fits(grid, y - 1) {
        y -= 1;
    }
    for &(dr, dc) in &cells {
        grid[y + dr][x + dc] = true;
    }
    loop {
        let full: Vec<usize> = (0..H).filter(|&row| grid[row].iter().all(|&b| b)).collect();
        if full.is_empty() {
            break;
        }
        for row in full {
            grid[row] = [false; W];
        }
        naive_fall(grid);
    }
    if grid[20..].iter().any(|row| row.iter().any(|&b| b)) {
        return Err(NaiveEnd::Top);
    }
    Ok(())
}

fn naive_fall(grid: &mut Grid) {
    // Label components by BFS.
    let mut label = vec![[usize::MAX; W]; H];
    let mut count = 0;
    for r in 0..H {
        for c in 0..W {
            if grid[r][c] && label[r][c] == usize::MAX {
                let mut queue = VecDeque::from([(r, c)]);
                label[r][c] = count;
                while let Some((a, b)) = queue.pop_front() {
                    let mut next = vec![];
                    if a > 0 {
                        next.push((a - 1, b));
                    }
                    if a + 1 < H {
                        next.push((a + 1, b));
                    }
                    if b > 0 {
                        next.push((a, b - 1));
                    }
                    if b + 1 < W {
                        next.push((a, b + 1));
                    }
                    for (p, q) in next {
                        if grid[p][q] && label[p][q] == usize::MAX {
                            label[p][q] = count;
                            queue.push_back((p, q));
                        }
                    }
                }
                count += 1;
            }
        }
    }
    let mut stopped = vec![false; count];
    loop {
        let mut can_move = vec![true; count];
        for r in 0..H {
            for c in 0..W {
                let l = label[r][c];
                if l == usize::MAX {
                    continue;
                }
                if r == 0 || (label[r - 1][c] != usize::MAX && label[r - 1][c] != l) {
                    can_move[l] = false;
                }
            }
        }
        for l in 0..count {
            if stopped[l] || !can_move[l] {
                stopped[l] = true;
                can_move[l] = false;
            }
        }
        if !can_move.iter().any(|&m| m) {
            return;
        }
        let mut next = vec![[usize::MAX; W]; H];
        for r in 0..H {
            for c in 0..W {
                let l = label[r][c];
                if l != usize::MAX {
                    let to = if can_move[l] { r - 1 } else { r };
                    next[to][c] = l;
                }
            }
        }
        label = next;
        for r in 0..H {
            for c in 0..W {
                grid[r][c] = label[r][c] != usize::MAX;
            }
        }
    }
}

#[derive(Default)]
struct AfterEachPiece {
    boards: Vec<Board>,
    deletions_this_piece: usize,
    /// Pieces that set off two or more rounds of deletions.
    cascades: usize,
}

impl Watcher for AfterEachPiece {
    fn piece_started(&mut self, _n: usize, _k: Piece, _m: Move) {
        self.boards.push(Board::default());
        self.deletions_this_piece = 0;
    }
    fn step(&mut self, _n: usize, step: Step, board: &Board) {
        *self.boards.last_mut().unwrap() = *board;
        if let Step::RowsDeleted { .. } = step {
            self.deletions_this_piece += 1;
            if self.deletions_this_piece == 2 {
                self.cascades += 1;
            }
        }
    }
}

fn same(board: &Board, grid: &Grid) -> bool {
    (0..H).all(|r| (0..W).all(|c| grid[r][c] == (r < board.rows().len() && board.is_filled(r, c))))
}

/// Moves that keep games going long enough to clear rows and cascade: most
/// land as low as possible (per the naive model), some are random, a few
/// are invalid.
fn choose_moves(kinds: &[usize], rng: &mut Rng) -> Vec<(i64, i64)> {
    let mut grid: Grid = vec![[false; W]; H];
    let mut moves = Vec::new();
    for &kind in kinds {
        let roll = rng.below(1000);
        let mv = if roll < 4 {
            [(4, 0), (-1, 0), (0, -1), (1, 7), (0, 10)][rng.below(5) as usize]
        } else {
            let r = rng.below(4) as usize;
            let x = rng.below((W - width(kind, r) + 1) as u64) as usize;
            let mut best = (r, x);
            if roll >= 60 {
                let mut lowest = usize::MAX;
                for r in 0..4 {
                    for x in 0..=W - width(kind, r) {
                        let cells = blocks(kind, r);
                        let mut y = H - 5;
                        while y > 0 && cells.iter().all(|&(dr, dc)| !grid[y - 1 + dr][x + dc]) {
                            y -= 1;
                        }
                        let top = y + cells.iter().map(|c| c.0).max().unwrap();
                        if top < lowest || (top == lowest && rng.below(3) == 0) {
                            lowest = top;
                            best = (r, x);
                        }
                    }
                }
            }
            (best.0 as i64, best.1 as i64)
        };
        moves.push(mv);
        if naive_step(&mut grid, kind, mv).is_err() {
            break;
        }
    }
    moves
}

#[test]
fn judge_agrees_with_the_naive_rules_on_thousands_of_seeded_games() {
    let mut rng = Rng::new(20_120_610);
    let mut cascades = 0;
    let mut endings = [0usize; 3];
    for game in 0..2000 {
        let n = 1 + rng.below(150) as usize;
        let kinds: Vec<usize> = (0..n).map(|_| rng.below(7) as usize).collect();
        let mut moves = choose_moves(&kinds, &mut rng);
        if rng.below(10) == 0 {
            moves.truncate(rng.below(n as u64 + 1) as usize);
        }
        let (naive_placed, naive_end, history) = naive_game(&kinds, &moves);
        let pieces: Vec<Piece> = kinds.iter().map(|&k| Piece::ALL[k]).collect();
        let mut watcher = AfterEachPiece::default();
        let mut source = moves
            .iter()
            .map(|&(rotation, column)| Move { rotation, column })
            .collect::<Vec<_>>()
            .into_iter();
        let outcome = play(&pieces, &mut source, ToppingPiece::NotCounted, &mut watcher);
        assert_eq!(outcome.placed, naive_placed, "game {game}: placed");
        let expected_kind = match naive_end {
            NaiveEnd::All => matches!(outcome.end, End::AllPlaced),
            NaiveEnd::Top => matches!(outcome.end, End::ToppedOut { .. }),
            NaiveEnd::Invalid => {
                matches!(outcome.end, End::InvalidMove { .. } | End::BadOutput { .. })
            }
        };
        assert!(expected_kind, "game {game}: ending {:?}", outcome.end);
        endings[match naive_end {
            NaiveEnd::All => 0,
            NaiveEnd::Top => 1,
            NaiveEnd::Invalid => 2,
        }] += 1;
        for (i, grid) in history.iter().enumerate() {
            assert!(
                same(&watcher.boards[i], grid),
                "game {game}: board after piece {}",
                i + 1
            );
        }
        cascades += watcher.cascades;
    }
    // The generator must exercise every kind of ending, and cascades.
    assert!(endings.iter().all(|&e| e > 100), "endings {endings:?}");
    assert!(cascades > 100, "pieces that set off cascades: {cascades}");
    eprintln!("endings {endings:?}, cascades {cascades}");
}
