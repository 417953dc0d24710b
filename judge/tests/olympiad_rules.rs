//! The rules of problem A2 against the statement's sample and hand-worked
//! boards.

use judge::olympiad::board::{Board, Step};
use judge::olympiad::format::{parse_input, OutputReader};
use judge::olympiad::replay::PaintedBoard;
use judge::olympiad::{
    play, play_from, points, End, Move, Piece, ToppingPiece, Unwatched, Watcher,
};

const SAMPLE_IN: &str = include_str!("../../testdata/olympiad/sample/Tetris.in");
const SAMPLE_OUT: &str = include_str!("../../testdata/olympiad/sample/Tetris.out");

fn piece(n: i64) -> Piece {
    Piece::new(n).unwrap()
}

fn moves(pairs: &[(i64, i64)]) -> std::vec::IntoIter<Move> {
    pairs
        .iter()
        .map(|&(rotation, column)| Move { rotation, column })
        .collect::<Vec<_>>()
        .into_iter()
}

/// Records every step and the board after each piece.
#[derive(Default)]
struct Recorder {
    steps: Vec<Step>,
    boards_after_piece: Vec<Board>,
    painted: PaintedBoard,
    current: Option<Piece>,
}

impl Watcher for Recorder {
    fn piece_started(&mut self, _number: usize, kind: Piece, _mv: Move) {
        self.current = Some(kind);
        self.boards_after_piece.push(Board::default());
    }
    fn step(&mut self, _number: usize, step: Step, board: &Board) {
        self.steps.push(step);
        self.painted.follow(self.current.unwrap(), step, board);
        *self.boards_after_piece.last_mut().unwrap() = *board;
    }
}

#[test]
fn sample_places_13_pieces_for_7_points() {
    let pieces = parse_input(SAMPLE_IN).unwrap();
    let outcome = play(
        &pieces,
        &mut OutputReader::new(SAMPLE_OUT.as_bytes()),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    assert_eq!(outcome.placed, 13);
    assert_eq!(outcome.points(), 7);
    assert_eq!(
        outcome.end.to_string(),
        "piece 14: rotation 1, column 8: width 4 does not fit in the well"
    );
}

#[test]
fn sample_board_after_ten_moves_matches_the_statement_picture() {
    let picture = [
        "44      A ",
        "44     AAA",
        "3     99  ",
        "33    99  ",
        "321  57888",
        "221 557786",
        "211 5 7666",
    ];
    let pieces = parse_input(SAMPLE_IN).unwrap();
    let mut recorder = Recorder::default();
    play(
        &pieces[..10],
        &mut OutputReader::new(SAMPLE_OUT.as_bytes()),
        ToppingPiece::NotCounted,
        &mut recorder,
    );
    for (i, line) in picture.iter().enumerate() {
        let row = picture.len() - 1 - i;
        for (c, label) in line.chars().enumerate() {
            let expected_kind = match label {
                ' ' => 0,
                'A' => pieces[9].number(),
                d => pieces[d.to_digit(10).unwrap() as usize - 1].number(),
            };
            assert_eq!(
                recorder.painted.cells[row][c], expected_kind,
                "row {row} column {c}"
            );
        }
    }
    assert!(recorder.painted.cells[picture.len()..]
        .iter()
        .all(|r| r.iter().all(|&k| k == 0)));
}

#[test]
fn the_eleventh_sample_move_sets_off_a_cascade_of_deletions() {
    let pieces = parse_input(SAMPLE_IN).unwrap();
    let mut recorder = Recorder::default();
    play(
        &pieces[..11],
        &mut OutputReader::new(SAMPLE_OUT.as_bytes()),
        ToppingPiece::NotCounted,
        &mut recorder,
    );
    let eleventh_start = recorder
        .steps
        .iter()
        .rposition(|s| matches!(s, Step::Dropped { .. }))
        .unwrap();
    let deletions = recorder.steps[eleventh_start..]
        .iter()
        .filter(|s| matches!(s, Step::RowsDeleted { .. }))
        .count();
    assert!(
        deletions >= 2,
        "expected a cascade, saw {deletions} deletion round(s)"
    );
    // The drop itself fills the third row from the bottom (row 2): the very
    // next step deletes it.
    assert!(
        matches!(recorder.steps[eleventh_start + 1], Step::RowsDeleted { rows } if rows & 0b100 != 0)
    );
}

fn settle(picture: &str) -> (Board, Vec<Step>) {
    let mut board = Board::from_picture(picture);
    let mut steps = Vec::new();
    board.settle(&mut |s, _: &Board| steps.push(s));
    (board, steps)
}

fn deletions(steps: &[Step]) -> usize {
    steps
        .iter()
        .filter(|s| matches!(s, Step::RowsDeleted { .. }))
        .count()
}

fn fall_steps(steps: &[Step]) -> usize {
    steps
        .iter()
        .filter(|s| matches!(s, Step::Fell { .. }))
        .count()
}

#[test]
fn components_fall_different_distances() {
    let (board, steps) = settle(
        ".#.....#..
         ##########
         #.........
         #......#..",
    );
    assert_eq!(
        board,
        Board::from_picture(
            "#......#..
             ##.....#.."
        )
    );
    assert_eq!(deletions(&steps), 1);
    // The block in column 1 falls 3 rows, the one in column 7 only 2.
    assert_eq!(fall_steps(&steps), 3);
}

#[test]
fn rows_deleted_in_three_rounds_empty_the_well() {
    let (board, steps) = settle(
        "#........#
         ##########
         .#########
         #########.",
    );
    assert_eq!(board, Board::default());
    assert_eq!(deletions(&steps), 3);
}

#[test]
fn a_component_comes_to_rest_on_one_that_fell_with_it() {
    let (board, steps) = settle(
        "...#......
         ..........
         ...#......
         ##########
         #.........",
    );
    assert_eq!(
        board,
        Board::from_picture(
            "...#......
             #..#......"
        )
    );
    assert_eq!(fall_steps(&steps), 3);
}

#[test]
fn blocks_connected_to_the_floor_stay_and_overhangs_keep_their_holes() {
    // The arch is one component standing on the floor: nothing falls into
    // the hole under it.
    let (board, steps) = settle(
        "##########
         ###.......
         #.#.......",
    );
    assert_eq!(board, Board::from_picture("###.......\n#.#......."));
    assert_eq!(fall_steps(&steps), 0);
}

#[test]
fn a_floating_component_fills_a_hole_and_completes_a_row() {
    // The two blocks left in column 0 fall into the hole of row 0, which
    // fills it; that row goes too, and the last block falls to the floor.
    let (board, steps) = settle(
        "#.........
         #.........
         ##########
         .#########",
    );
    assert_eq!(board, Board::from_picture("#........."));
    assert_eq!(deletions(&steps), 2);
}

fn one_move_from(board: &str, kind: i64, mv: (i64, i64)) -> judge::olympiad::Outcome {
    play_from(
        Board::from_picture(board),
        &[piece(kind)],
        &mut moves(&[mv]),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    )
}

/// Columns 0..8 are 20 high (rows 0..16 each with one hole, so that no row
/// is full), column 9 is `column9_height` high.
fn tall_board(column9_height: usize) -> String {
    (0..20)
        .rev()
        .map(|r| {
            let last = if r < column9_height { '#' } else { '.' };
            // Rows below 17 each miss one block somewhere in 0..8 so that
            // they are never full.
            let mut line: Vec<char> = "#########".chars().collect();
            if r < 17 {
                line[r % 9] = '.';
            }
            line.push(last);
            line.into_iter().collect::<String>() + "\n"
        })
        .collect()
}

#[test]
fn a_piece_sticking_out_is_placed_when_deletions_bring_it_inside() {
    // A vertical I in column 9 lands on row 17 and reaches row 20, above
    // the well; rows 17..19 are then full and deleted, and its top block
    // falls back inside.
    let outcome = one_move_from(&tall_board(17), 1, (0, 9));
    assert_eq!(outcome.placed, 1);
    assert_eq!(outcome.end, End::AllPlaced);
}

#[test]
fn a_piece_left_above_the_well_ends_the_game_and_does_not_count() {
    // A horizontal I on top of the 20-high columns completes no row.
    let outcome = one_move_from(&tall_board(17), 1, (1, 0));
    assert_eq!(outcome.placed, 0);
    assert_eq!(outcome.end, End::ToppedOut { piece: 1 });
    let counted = play_from(
        Board::from_picture(&tall_board(17)),
        &[piece(1)],
        &mut moves(&[(1, 0)]),
        ToppingPiece::Counted,
        &mut Unwatched,
    );
    assert_eq!(counted.placed, 1);
}

#[test]
fn the_drop_stops_on_the_highest_block_of_any_column_it_covers() {
    // An overhang at row 2 of column 1 stops an O above it, even though
    // rows 0 and 1 of both columns are empty.
    let outcome_board = {
        let mut b = Board::from_picture(".#........\n..........\n.........#");
        let row = b.drop_shape(piece(4).shape(0), 0);
        assert_eq!(row, 3);
        b
    };
    assert!(outcome_board.is_filled(3, 0) && outcome_board.is_filled(4, 1));
}

#[test]
fn invalid_and_missing_moves_end_the_game() {
    let pieces = [piece(1), piece(1), piece(6)];
    let end = |pairs: &[(i64, i64)]| {
        let o = play(
            &pieces,
            &mut moves(pairs),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        );
        (o.placed, o.end.to_string())
    };
    assert_eq!(
        end(&[(0, 9), (4, 0)]),
        (
            1,
            "piece 2: rotation 4, column 0: rotation must be 0, 1, 2 or 3".into()
        )
    );
    assert_eq!(
        end(&[(0, 0), (1, 7)]),
        (
            1,
            "piece 2: rotation 1, column 7: width 4 does not fit in the well".into()
        )
    );
    assert_eq!(end(&[(0, -1)]).0, 0);
    assert_eq!(end(&[(0, 0), (0, 1), (0, 8)]).0, 3);
    assert_eq!(end(&[(0, 0), (0, 1), (0, 9)]).0, 2);
    assert_eq!(end(&[(0, 0)]).0, 1);
}

#[test]
fn points_round_halves_up() {
    assert_eq!(points(13, 20), 7);
    assert_eq!(points(0, 20), 0);
    assert_eq!(points(20, 20), 10);
    assert_eq!(points(9999, 10000), 10);
    assert_eq!(points(9499, 10000), 9);
    assert_eq!(points(9500, 10000), 10);
    assert_eq!(points(1, 3), 3);
    assert_eq!(points(5, 100), 1);
    assert_eq!(points(4, 100), 0);
}

#[test]
fn five_upright_s_and_z_pieces_or_o_pieces_leave_the_well_empty() {
    // Upright S (5) and Z (7), or O (4), in the five column pairs: the four
    // first complete nothing, the fifth fills row 1; after its deletion the
    // upper block of each S or Z falls into the gap of row 0 (an O's lower
    // half fills it already), and row 0 is deleted too. The olympiad
    // submission's blocks of five rest on this.
    for kinds in [
        [5, 5, 5, 5, 5],
        [7, 7, 7, 7, 7],
        [5, 7, 7, 5, 7],
        [7, 5, 5, 7, 5],
        [4, 5, 7, 4, 5],
        [7, 4, 4, 4, 5],
    ] {
        let pieces: Vec<Piece> = kinds.iter().map(|&k| piece(k)).collect();
        let mut recorder = Recorder::default();
        let outcome = play(
            &pieces,
            &mut moves(&[(0, 0), (0, 2), (0, 4), (0, 6), (0, 8)]),
            ToppingPiece::NotCounted,
            &mut recorder,
        );
        assert_eq!(outcome.placed, 5, "{kinds:?}");
        assert_eq!(deletions(&recorder.steps), 2, "{kinds:?}");
        let boards = &recorder.boards_after_piece;
        assert_eq!(boards[3].stack_height(), 3, "{kinds:?}");
        assert_eq!(boards[4], Board::default(), "{kinds:?}");
    }
}
