//! `judge golf losses` on hand-built games whose every clear is known: a
//! burn, a row completed off the well, a four-line clear, a short I, a hole,
//! a burn high in the stack and a reset; and its errors.

mod common;

use judge::golf::losses::{losses, Losses};

use common::{judge, scratch, write};

const O: u8 = 0;
const I: u8 = 1;
const L: u8 = 4;
const S: u8 = 5;

/// An answer byte: rotation * 16 + column.
fn at(rotation: u8, x: u8) -> u8 {
    rotation * 16 + x
}

/// (input, output) of a game made of (piece, answer) pairs.
fn game(moves: &[(u8, u8)]) -> (Vec<u8>, Vec<u8>) {
    moves.iter().copied().unzip()
}

/// Every smaller clear kind once, a four-line clear and a hole, low down.
fn low_game() -> Vec<(u8, u8)> {
    let mut moves = vec![
        // Bottom row: columns 0..7, then an O on 8-9 completes it (a burn)
        // and leaves a block in the well on the row above.
        (I, at(1, 0)),
        (I, at(1, 4)),
        (O, at(0, 8)),
        // That row, completed off the well: a single on a filled well cell.
        (I, at(1, 0)),
        (I, at(1, 4)),
    ];
    // Four rows ready on columns 0..8, then an I in the well: four lines.
    moves.extend((0..9).map(|x| (I, at(0, x))));
    moves.push((I, at(0, 9)));
    // One row ready (columns 0..7 flat, column 8 upright), then an I in
    // the well clears it alone.
    moves.extend([(I, at(1, 0)), (I, at(1, 4)), (I, at(0, 8)), (I, at(0, 9))]);
    // A flat S on the floor leaves a hole under its right end.
    moves.push((S, at(0, 0)));
    moves
}

#[test]
fn each_smaller_clear_is_sorted_by_the_piece_that_made_it() {
    let (input, output) = game(&low_game());
    let found = losses(&input, &output, 9).unwrap();
    assert_eq!(
        found,
        Losses {
            points: 1 + 1 + 15 + 1,
            rows_cleared: 7,
            four_line_clears: 1,
            short_i: [1, 0, 0],
            burns: [1, 0, 0],
            high_burns: 0,
            filled_well: [1, 0, 0],
            holes_made: 1,
            resets: 0,
        }
    );
    assert_eq!(found.smaller_clears(), [3, 0, 0]);
    assert!((found.points_short() - 3.0 * 2.75).abs() < 1e-9);
    assert!((found.tetris_rate() - 4.0 / 7.0).abs() < 1e-9);
}

#[test]
fn a_burn_on_a_high_stack_and_a_reset_are_counted() {
    // Sixteen rows on columns 0..8, four upright I pieces a column.
    let mut moves: Vec<(u8, u8)> = (0..36).map(|i| (I, at(0, i / 4))).collect();
    // An L hanging into the well from the top of column 8 completes the
    // top two rows: a double burn at 16 rows.
    moves.push((L, at(2, 8)));
    // Column 0 then has 14 rows: one more I fits, the next has no room.
    moves.extend([(I, at(0, 0)), (I, at(0, 0))]);
    let (input, output) = game(&moves);
    let found = losses(&input, &output, 9).unwrap();
    assert_eq!(found.burns, [0, 1, 0]);
    assert_eq!(found.high_burns, 1);
    assert_eq!(found.resets, 1);
    assert_eq!((found.points, found.rows_cleared), (3, 2));
    assert_eq!(found.four_line_clears, 0);
}

#[test]
fn the_well_column_is_the_strategys_own() {
    // With the well on the left, the O on columns 8-9 is no burn: the
    // bottom row it completed had column 0 filled already.
    let (input, output) = game(&low_game());
    let found = losses(&input, &output, 0).unwrap();
    assert_eq!(found.burns, [0, 0, 0]);
    assert_eq!(found.short_i, [0, 0, 0]);
    assert_eq!(found.filled_well, [3, 0, 0]);
}

#[test]
fn the_command_prints_the_report_and_refuses_bad_arguments() {
    let dir = scratch("golf-losses");
    let (input, output) = game(&low_game());
    let input = write(dir.path(), "input.bin", input);
    let short = write(dir.path(), "short.out", &output[..5]);
    let output = write(dir.path(), "game.out", output);
    let (input, output, short) = (
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        short.to_str().unwrap(),
    );

    let ran = judge(&["golf", "losses", input, output]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    for line in [
        "game score 18; rows cleared 7, 4 of them in 1 four-line clears (tetris rate 0.571)",
        "smaller clears 3 (1/2/3 rows: 3/0/0): 8 points short of four-line clears of the same rows",
        "by an upright I in the well (column 9) with fewer than four rows ready: 1 (1/2/3 rows: 1/0/0)",
        "(burns): 1 (1/2/3 rows: 1/0/0); 0 with the stack at 14 rows or more",
        "on rows whose well cell was already filled: 1 (1/2/3 rows: 1/0/0)",
        "placements that made a hole off the well: 1",
        "resets 0",
    ] {
        assert!(ran.stdout.contains(line), "{line}\n{}", ran.stdout);
    }

    let rejected = judge(&["golf", "losses", input, short]);
    assert_eq!(rejected.code, 3);
    assert!(
        rejected
            .stdout
            .contains("the first missing answer is at byte offset 5"),
        "{}",
        rejected.stdout
    );
    let bad_well = judge(&["golf", "losses", input, output, "--well", "10"]);
    assert_eq!(bad_well.code, 2);
    assert!(bad_well.stderr.contains("--well"), "{}", bad_well.stderr);
    assert!(!bad_well.stderr.contains("panicked"));
}
