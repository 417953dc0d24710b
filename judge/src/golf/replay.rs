//! A golf game recorded for the replay page (`judge golf html`): the same
//! page as the olympiad's, fed with the golf rules' steps. A deletion is
//! recorded as where every row goes, so the page can show each scorer's
//! quirks without knowing them.

use std::fmt::Write as _;

use super::rules::{decode_move, score_game, shape, Grid, Mode, MoveError, RowMap, ROWS, WIDTH};
use crate::replay::{keyframe, PieceRecord, Replay, KEYFRAME_EVERY};

/// The page's piece numbers (1..7 = I J L O S T Z) of golf kinds O I Z J L S T.
const PAGE_NUMBER: [u8; 7] = [4, 1, 7, 2, 3, 5, 6];
/// The golf kind of each page number.
const GOLF_KIND: [usize; 7] = [1, 3, 4, 0, 5, 6, 2];

/// Golf rows count from the top; the page's from the bottom.
fn page_row(golf_row: usize) -> usize {
    ROWS - 1 - golf_row
}

fn picture(kind: usize) -> String {
    shape(kind, 0)
        .iter()
        .map(|&r| {
            (0..16 - r.leading_zeros())
                .map(|c| if r >> c & 1 == 1 { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Records the game; an invalid output is rejected as by `golf score`.
pub fn record(title: &str, input: &[u8], output: &[u8], mode: Mode) -> Result<Replay, MoveError> {
    let total = score_game(input, output, mode)?;
    let mut grid = Grid::default();
    // Page numbers of the blocks, by golf row.
    let mut colours = [[0u8; WIDTH]; ROWS];
    let mut moves = Vec::with_capacity(input.len());
    let mut keyframes = Vec::new();
    let mut scores = Vec::with_capacity(input.len());
    let mut score = 0u64;
    for (offset, (&piece, &answer)) in input.iter().zip(output).enumerate() {
        let (kind, rotation, x) = decode_move(offset, piece, answer)?;
        if offset % KEYFRAME_EVERY == 0 {
            keyframes.push(keyframe((0..ROWS).map(|r| &colours[page_row(r)])));
        }
        let number = PAGE_NUMBER[kind];
        let mut events = Vec::new();
        match grid.landing(kind, rotation, x) {
            None => {
                grid = Grid::default();
                colours = [[0; WIDTH]; ROWS];
                events.push("[4]".to_string());
            }
            Some(top) => {
                let before = grid.clone();
                grid.put(kind, rotation, x, top);
                let mut event = String::from("[0");
                for (r, row) in colours.iter_mut().enumerate() {
                    let new = grid.rows[r] & !before.rows[r];
                    for (c, colour) in row.iter_mut().enumerate() {
                        if new >> c & 1 == 1 {
                            *colour = number;
                            let _ = write!(event, ",{}", page_row(r) * WIDTH + c);
                        }
                    }
                }
                events.push(event + "]");
                let (map, lines) = grid.deletion(mode, top, shape(kind, rotation).len());
                let identity: RowMap = std::array::from_fn(Some);
                if map != identity {
                    grid.apply(&map);
                    let old = colours;
                    let mut event = String::from("[3");
                    // Page row i (from the bottom) takes the old page row of map[golf row].
                    for i in 0..ROWS {
                        let from = map[page_row(i)];
                        colours[page_row(i)] = from.map_or([0; WIDTH], |r| old[r]);
                        let _ = write!(event, ",{}", from.map_or(-1, |r| page_row(r) as i64));
                    }
                    events.push(event + "]");
                }
                if lines > 0 {
                    score += (1u64 << lines) - 1;
                }
            }
        }
        scores.push(score);
        moves.push(PieceRecord {
            kind: number,
            rotation: (answer >> 4) as i64,
            column: (answer & 15) as i64,
            events,
        });
    }
    debug_assert_eq!(score, total.points);
    let scorer = match mode {
        Mode::Rules => "the rules as written",
        Mode::C => "the challenge's C scorer",
        Mode::Python => "the challenge's Python scorer",
    };
    Ok(Replay {
        title: title.to_string(),
        rules: "golf",
        width: WIDTH,
        height: ROWS - super::rules::HIDDEN,
        rows: ROWS,
        pieces: input.len(),
        placed: input.len(),
        points: total.points,
        points_label: "game points",
        placed_label: "played",
        end: format!(
            "all {} pieces played; {} game points by {scorer}; {} resets",
            input.len(),
            total.points,
            total.resets
        ),
        kinds: input
            .iter()
            .map(|&b| char::from(b'0' + PAGE_NUMBER[usize::from(b) % 7]))
            .collect(),
        shapes: GOLF_KIND.iter().map(|&k| picture(k)).collect(),
        point_thresholds: Vec::new(),
        scores,
        keyframes,
        moves,
    })
}
