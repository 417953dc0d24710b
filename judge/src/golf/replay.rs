//! A golf game recorded for the replay page (`judge golf html`): the page
//! of every rule set, fed with what the golf rules report of each turn. A
//! deletion is recorded as where every row goes, so the page shows each
//! scorer's quirks without knowing them.

use super::judge::{judge_output, Golf, Turn};
use super::rules::{identity, shape, Board, GolfPiece, Landing, Mode, ROWS, WIDTH};
use crate::viewer::{keyframe, Event, PieceRecord, Replay, RuleSet, KEYFRAME_EVERY};
use tetris_core::rules::Watcher;

/// The page numbers pieces as the shared tetrominoes do (1..7 = I J L O S T Z).
fn page_number(piece: GolfPiece) -> u8 {
    piece.tetromino().number()
}

/// Golf rows count from the top; the page's from the bottom.
fn page_row(golf_row: usize) -> usize {
    ROWS - 1 - golf_row
}

fn picture(piece: GolfPiece) -> String {
    let rows: Vec<String> = shape(piece, 0)
        .iter()
        .map(|&r| {
            (0..16 - r.leading_zeros())
                .map(|c| if r >> c & 1 == 1 { '#' } else { '.' })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// The golf rules' name for a scorer mode, for the page.
pub fn scorer_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Rules => "the rules as written",
        Mode::C => "the challenge's C scorer",
        Mode::Python => "the challenge's Python scorer",
    }
}

/// Follows a game for the page: the blocks' colours, each piece's events,
/// the keyframes and the score after each piece.
struct Recorder {
    /// Page numbers of the blocks, by golf row.
    colours: [[u8; WIDTH]; ROWS],
    moves: Vec<PieceRecord>,
    keyframes: Vec<String>,
    scores: Vec<u64>,
}

impl Watcher<Golf> for Recorder {
    fn step(&mut self, piece: usize, turn: Turn, _grid: &Board) {
        let colours = &mut self.colours;
        if (piece - 1) % KEYFRAME_EVERY == 0 {
            self.keyframes
                .push(keyframe((0..ROWS).map(|r| &colours[page_row(r)])));
        }
        let number = page_number(turn.piece);
        let mut events = Vec::new();
        match turn.landing {
            Landing::Reset => {
                *colours = [[0; WIDTH]; ROWS];
                events.push(Event::Reset);
            }
            Landing::Landed { top, map, .. } => {
                let mut cells = Vec::new();
                for (i, &row) in shape(turn.piece, turn.rotation).iter().enumerate() {
                    let r = top + i;
                    for c in (0..WIDTH).filter(|c| (row << turn.x) >> c & 1 == 1) {
                        colours[r][c] = number;
                        cells.push(page_row(r) * WIDTH + c);
                    }
                }
                cells.sort_unstable();
                events.push(Event::Appear(cells));
                if map != identity() {
                    let old = *colours;
                    for (r, from) in map.iter().enumerate() {
                        colours[r] = from.map_or([0; WIDTH], |f| old[f]);
                    }
                    // Page row i takes the old page row of map[golf row].
                    events.push(Event::Remap(
                        (0..ROWS).map(|i| map[page_row(i)].map(page_row)).collect(),
                    ));
                }
            }
        }
        self.scores.push(turn.score.points);
        self.moves.push(PieceRecord {
            kind: number,
            rotation: turn.rotation as i64,
            column: turn.x as i64,
            events,
        });
    }
}

/// Records the game; an invalid output is rejected with the reason every
/// golf command gives.
pub fn record(title: &str, input: &[u8], output: &[u8], mode: Mode) -> Result<Replay, String> {
    let mut recorder = Recorder {
        colours: [[0u8; WIDTH]; ROWS],
        moves: Vec::with_capacity(input.len()),
        keyframes: Vec::new(),
        scores: Vec::with_capacity(input.len()),
    };
    let total = judge_output(input, output, mode, &mut recorder).accepted()?;
    let Recorder {
        moves,
        keyframes,
        scores,
        ..
    } = recorder;
    Ok(Replay {
        title: title.to_string(),
        rules: RuleSet::Golf,
        width: WIDTH,
        height: ROWS - super::rules::HIDDEN,
        rows: ROWS,
        pieces: input.len(),
        placed: input.len(),
        points: total.points,
        points_label: "game points",
        placed_label: "played",
        end: format!(
            "all {} pieces played; {} game points by {}; {} resets",
            input.len(),
            total.points,
            scorer_name(mode),
            total.resets
        ),
        kinds: input
            .iter()
            .map(|&b| char::from(b'0' + page_number(GolfPiece::from_byte(b))))
            .collect(),
        shapes: [1, 3, 4, 0, 5, 6, 2]
            .iter()
            .map(|&k| picture(GolfPiece::ALL[k]))
            .collect(),
        point_thresholds: Vec::new(),
        scores,
        keyframes,
        moves,
        stderr: String::new(),
    })
}
