//! The golf rules and the two published scorers' modes, against hand-worked
//! games and a second, naive implementation of each mode.

// Plain index loops over the grid are the point of a naive model.
#![allow(clippy::needless_range_loop)]

use judge::golf::format::decode_move;
use judge::golf::judge::score_game;
use judge::golf::rules::{shape, width, Board, GolfPiece, Landing, Mode, FULL, ROWS};
use judge::rng::Rng;

fn grid(rows_from_bottom: &[u16]) -> Board {
    let mut g = Board::default();
    for (i, &r) in rows_from_bottom.iter().enumerate() {
        g.rows[ROWS - 1 - i] = r;
    }
    g
}

/// Four rows full but for column 9, under a partial row.
fn four_ready() -> Board {
    grid(&[511, 511, 511, 511, 0b11])
}

const I: GolfPiece = GolfPiece::ALL[1];
const O: GolfPiece = GolfPiece::ALL[0];

#[test]
fn a_vertical_i_completing_four_rows_scores_15_by_the_rules_and_c_and_3_by_python() {
    let mut rules = four_ready();
    assert!(matches!(
        rules.drop_piece(I, 0, 9, Mode::Rules),
        Landing::Landed {
            top: 19,
            lines: 4,
            ..
        }
    ));
    assert_eq!(rules, grid(&[0b11]));

    let mut c = four_ready();
    assert!(matches!(
        c.drop_piece(I, 0, 9, Mode::C),
        Landing::Landed {
            top: 19,
            lines: 4,
            ..
        }
    ));
    // The C scorer's compaction copies every row one too low, into its
    // scratch row: the partial row above the four is lost with them.
    assert_eq!(c, Board::default());

    let mut python = four_ready();
    assert!(matches!(
        python.drop_piece(I, 0, 9, Mode::Python),
        Landing::Landed {
            top: 19,
            lines: 2,
            ..
        }
    ));
    // Only every other row was seen: two full rows stay on the board.
    assert_eq!(python, grid(&[FULL, FULL, 0b11]));
}

#[test]
fn the_c_scorer_throws_away_the_bottom_row_when_it_is_not_full() {
    let mut g = grid(&[0b1, 0b111111111, 0b100]);
    // An I laid flat would not complete the row; a vertical one in column 9
    // makes row 1 full.
    g.drop_piece(I, 0, 9, Mode::C);
    // By the rules: delete row 1, shift: [0b1 | bit9, 0b100 | bit9 ...].
    let mut expected_rules = grid(&[0b1, 0b111111111, 0b100]);
    expected_rules.drop_piece(I, 0, 9, Mode::Rules);
    assert_eq!(
        expected_rules,
        grid(&[0b1 | 1 << 9, 0b100 | 1 << 9, 1 << 9])
    );
    // The C scorer lost the bottom row and moved the rest one lower.
    assert_eq!(g, grid(&[0b100 | 1 << 9, 1 << 9]));
}

#[test]
fn a_piece_with_no_room_clears_the_grid() {
    let mut g = Board::default();
    for r in 3..ROWS {
        g.rows[r] = 0b1;
    }
    assert_eq!(g.drop_piece(O, 0, 0, Mode::Rules), Landing::Reset);
    assert_eq!(g, Board::default());
    // A piece whose top row rests on row 3 is fine.
    let mut g = Board::default();
    for r in 5..ROWS {
        g.rows[r] = 0b1;
    }
    assert!(matches!(
        g.drop_piece(O, 0, 0, Mode::Rules),
        Landing::Landed {
            top: 3,
            lines: 0,
            ..
        }
    ));
}

#[test]
fn output_length_and_moves_are_checked_with_byte_offsets() {
    let input = [0u8, 1, 2];
    assert_eq!(
        score_game(&input, &[0, 0], Mode::Rules).unwrap_err().to_string(),
        "the output has 2 bytes but the input has 3: one answer byte per piece is required (the first missing answer is at byte offset 2)"
    );
    assert_eq!(
        score_game(&input, &[0, 0x19, 0], Mode::Rules)
            .unwrap_err()
            .to_string(),
        "byte offset 1: answer 0x19 for piece I: column 9 with width 4 does not fit (at most 6)"
    );
    assert_eq!(
        score_game(&input, &[0x40, 0, 0], Mode::Rules)
            .unwrap_err()
            .to_string(),
        "byte offset 0: answer 0x40 for piece O: rotation 4 is not 0..3"
    );
    assert!(score_game(&input, &[0x08, 0x09, 0x07], Mode::Rules).is_ok());
}

// ---- a naive model of each mode, from the spec's words ----

type Cells = Vec<Vec<bool>>; // [row from top][column]

fn naive_drop(g: &mut Cells, kind: GolfPiece, r: usize, x: usize, mode: Mode) -> Option<u32> {
    let piece: Vec<Vec<bool>> = shape(kind, r)
        .iter()
        .map(|&bits| {
            (0..10)
                .map(|c| c >= x && bits >> (c - x) & 1 == 1)
                .collect()
        })
        .collect();
    let h = piece.len();
    let overlaps =
        |g: &Cells, y: usize| (0..h).any(|i| (0..10).any(|c| piece[i][c] && g[y + i][c]));
    let mut rest: isize = -1;
    let mut y = 0;
    while y <= 23 - h && !overlaps(g, y) {
        rest = y as isize;
        y += 1;
    }
    if rest < 3 {
        *g = vec![vec![false; 10]; 23];
        return None;
    }
    let y = rest as usize;
    for i in 0..h {
        for c in 0..10 {
            if piece[i][c] {
                g[y + i][c] = true;
            }
        }
    }
    let full = |row: &Vec<bool>| row.iter().all(|&b| b);
    let n = match mode {
        Mode::Rules => {
            let kept: Vec<Vec<bool>> = g.iter().filter(|row| !full(row)).cloned().collect();
            let n = 23 - kept.len();
            *g = vec![vec![false; 10]; n];
            g.extend(kept);
            n
        }
        Mode::Python => {
            let mut n = 0;
            for i in (0..h).rev() {
                if full(&g[y + i]) {
                    n += 1;
                    g.remove(y + i);
                    g.insert(0, vec![false; 10]);
                }
            }
            n
        }
        Mode::C => {
            let n = g.iter().filter(|row| full(row)).count();
            if n > 0 {
                let mut a = g.clone();
                a.push(vec![false; 10]);
                let mut j = 23;
                for i in 0..20 {
                    a[j] = a[22 - i].clone();
                    if !full(&a[j]) {
                        j -= 1;
                    }
                }
                for r in 0..j {
                    a[r] = vec![false; 10];
                }
                a.pop();
                *g = a;
            }
            n
        }
    };
    Some(n as u32)
}

#[test]
fn every_mode_agrees_with_its_naive_model_on_seeded_random_games() {
    let mut rng = Rng::new(156_007);
    let mut clears = [0u32; 5];
    for game in 0..300 {
        let mode = [Mode::Rules, Mode::Python, Mode::C][game % 3];
        let n = 200 + rng.below(300) as usize;
        let input: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
        let mut naive: Cells = vec![vec![false; 10]; 23];
        let mut fast = Board::default();
        let mut output = Vec::new();
        let mut points = 0u64;
        for (offset, &piece) in input.iter().enumerate() {
            let kind = GolfPiece::from_byte(piece);
            // Mostly low placements so that rows fill up and clear.
            let mut best = (usize::MAX, 0, 0);
            for r in 0..4 {
                for x in 0..=10 - width(kind, r) {
                    let mut probe = fast.clone();
                    let score = match probe.drop_piece(kind, r, x, Mode::Rules) {
                        Landing::Reset => 1000,
                        Landing::Landed { top, .. } => 23 - top,
                    } * 4
                        + rng.below(6) as usize;
                    if score < best.0 {
                        best = (score, r, x);
                    }
                }
            }
            let (_, r, x) = best;
            let answer = (r * 16 + x) as u8;
            assert_eq!(decode_move(offset, piece, answer).unwrap(), (kind, r, x));
            output.push(answer);
            let expected = naive_drop(&mut naive, kind, r, x, mode);
            let got = match fast.drop_piece(kind, r, x, mode) {
                Landing::Reset => None,
                Landing::Landed { lines, .. } => Some(lines),
            };
            assert_eq!(got, expected, "game {game}, piece {offset}");
            for row in 0..23 {
                let bits = (0..10)
                    .filter(|&c| naive[row][c])
                    .fold(0u16, |a, c| a | 1 << c);
                assert_eq!(
                    fast.rows[row], bits,
                    "game {game}, piece {offset}, row {row}"
                );
            }
            if let Some(l) = expected {
                points += (1u64 << l) - 1;
                clears[l as usize] += 1;
            }
        }
        assert_eq!(score_game(&input, &output, mode).unwrap().points, points);
    }
    assert!(
        clears[1] > 50 && clears[2] > 10,
        "the games must clear rows: {clears:?}"
    );
}

#[test]
fn the_recorded_replay_follows_the_grid_in_every_mode() {
    use judge::golf::replay::record;
    let mut rng = Rng::new(99);
    for mode in [Mode::Rules, Mode::Python, Mode::C] {
        let input: Vec<u8> = (0..1500).map(|_| rng.next_u64() as u8).collect();
        // Lowest landing, so that rows clear and the quirks show.
        let mut grid = Board::default();
        let mut output = Vec::new();
        let mut snapshots = Vec::new();
        for (i, &piece) in input.iter().enumerate() {
            if i % judge::viewer::KEYFRAME_EVERY == 0 {
                snapshots.push(grid.clone());
            }
            let kind = GolfPiece::from_byte(piece);
            let (r, x) = (0..4)
                .flat_map(|r| (0..=10 - width(kind, r)).map(move |x| (r, x)))
                .max_by_key(|&(r, x)| grid.landing(kind, r, x).map_or(0, |top| top * 16 + x))
                .unwrap();
            output.push((r * 16 + x) as u8);
            grid.drop_piece(kind, r, x, mode);
        }
        let replay = record("t", &input, &output, mode).unwrap();
        assert_eq!(
            replay.points,
            score_game(&input, &output, mode).unwrap().points
        );
        assert_eq!(replay.scores.last().copied(), Some(replay.points));
        assert!(
            replay.points > 50,
            "{mode:?}: rows must clear ({} points)",
            replay.points
        );
        assert_eq!(replay.keyframes.len(), snapshots.len());
        for (k, (frame, grid)) in replay.keyframes.iter().zip(&snapshots).enumerate() {
            let cells: Vec<u8> = frame.bytes().map(|b| b - b'0').collect();
            for (page_row, chunk) in cells.chunks(10).enumerate() {
                let bits = chunk
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c != 0)
                    .fold(0u16, |a, (c, _)| a | 1 << c);
                assert_eq!(
                    bits,
                    grid.rows[ROWS - 1 - page_row],
                    "{mode:?}: keyframe {k}, page row {page_row}"
                );
            }
        }
    }
}

/// The spec's table of golf shapes (rows top first, bit 0 the leftmost
/// column), which the judge derives from the shared tetrominoes.
const SPEC_TABLE: [[&[u16]; 4]; 7] = [
    [&[3, 3], &[3, 3], &[3, 3], &[3, 3]],
    [&[1, 1, 1, 1], &[15], &[1, 1, 1, 1], &[15]],
    [&[3, 6], &[2, 3, 1], &[3, 6], &[2, 3, 1]],
    [&[2, 2, 3], &[7, 4], &[3, 1, 1], &[1, 7]],
    [&[1, 1, 3], &[4, 7], &[3, 2, 2], &[7, 1]],
    [&[6, 3], &[1, 3, 2], &[6, 3], &[1, 3, 2]],
    [&[7, 2], &[1, 3, 1], &[2, 7], &[2, 3, 2]],
];

#[test]
fn golf_shapes_are_the_shared_tetrominoes_as_the_spec_draws_them() {
    for piece in GolfPiece::ALL {
        assert_eq!(piece.tetromino().letter(), piece.letter());
        for (rotation, rows) in SPEC_TABLE[piece.index()].iter().enumerate() {
            assert_eq!(
                shape(piece, rotation),
                *rows,
                "{} {rotation}",
                piece.letter()
            );
        }
    }
}
