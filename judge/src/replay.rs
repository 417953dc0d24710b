//! A game recorded for viewers: what the judge saw, step by step, as data a
//! page can replay without knowing any rule. Each piece carries its kind,
//! its move and its steps; a step only says which cells appear, vanish or
//! move down a row. Full snapshots every few pieces let a viewer jump.

use std::fmt::Write as _;

use crate::olympiad::board::{Board, Step, ROWS};
use crate::olympiad::painted::PaintedBoard;
use crate::olympiad::pieces::{WELL_HEIGHT, WELL_WIDTH};
use crate::olympiad::{Move, Outcome, Piece, Watcher};

/// A snapshot of the painted well every this many pieces.
pub const KEYFRAME_EVERY: usize = 50;

/// One piece's part of the replay.
#[derive(Clone, Debug, Default)]
pub struct PieceRecord {
    pub kind: u8,
    pub rotation: i64,
    pub column: i64,
    /// Events as JSON arrays: `[0, cells...]` blocks appear (cell = row * 10 +
    /// column), `[1, rows]` the rows of the mask vanish, `[2, row, mask, ...]`
    /// the cells of each (row, mask) move down one row.
    pub events: Vec<String>,
}

/// Records a game as it is played.
#[derive(Default)]
pub struct Recorder {
    pub pieces: Vec<PieceRecord>,
    /// Painted wells (one digit per cell, row 0 first) before pieces
    /// 0, KEYFRAME_EVERY, 2 KEYFRAME_EVERY, ...
    pub keyframes: Vec<String>,
    painted: PaintedBoard,
    previous: Board,
}

/// A keyframe: the piece number of every cell, one digit each, row 0 first.
pub fn keyframe<'a, R: AsRef<[u8]> + 'a>(rows: impl IntoIterator<Item = &'a R>) -> String {
    rows.into_iter()
        .flat_map(|row| row.as_ref().iter().map(|&k| char::from(b'0' + k)))
        .collect()
}

impl Watcher for Recorder {
    fn piece_started(&mut self, _number: usize, kind: Piece, mv: Move) {
        if self.pieces.len() % KEYFRAME_EVERY == 0 {
            self.keyframes.push(keyframe(&self.painted.cells));
        }
        self.pieces.push(PieceRecord {
            kind: kind.number(),
            rotation: mv.rotation,
            column: mv.column,
            events: Vec::new(),
        });
    }

    fn step(&mut self, _number: usize, step: Step, board: &Board) {
        let record = self.pieces.last_mut().expect("a step belongs to a piece");
        let mut event = String::from("[");
        match step {
            Step::Dropped { .. } => {
                event.push('0');
                for r in 0..ROWS {
                    let new = board.rows()[r] & !self.previous.rows()[r];
                    for c in 0..WELL_WIDTH {
                        if new >> c & 1 == 1 {
                            let _ = write!(event, ",{}", r * WELL_WIDTH + c);
                        }
                    }
                }
            }
            Step::RowsDeleted { rows } => {
                let _ = write!(event, "1,{rows}");
            }
            Step::Fell { moved } => {
                event.push('2');
                for (r, &mask) in moved.iter().enumerate() {
                    if mask != 0 {
                        let _ = write!(event, ",{r},{mask}");
                    }
                }
            }
        }
        event.push(']');
        record.events.push(event);
        self.painted
            .follow(Piece::ALL[record.kind as usize - 1], step, board);
        self.previous = *board;
    }
}

/// For each of points 1..=10, the fewest placed pieces that earn it (so the
/// page shows points as the judge counts them, without the formula).
fn point_thresholds(pieces: usize) -> Vec<usize> {
    (1..=10)
        .filter_map(|p| (0..=pieces).find(|&x| crate::olympiad::points(x, pieces) >= p))
        .collect()
}

/// Text as a JSON string literal, safe inside an HTML script element.
pub fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A recorded game of either rule set, as the page reads it.
pub struct Replay {
    pub title: String,
    /// "olympiad" or "golf".
    pub rules: &'static str,
    pub width: usize,
    /// Visible rows; the rows above them (up to `rows`) are drawn shaded.
    pub height: usize,
    pub rows: usize,
    pub pieces: usize,
    pub placed: usize,
    pub points: u64,
    /// What the points are out of, for the page ("of 10", "game points").
    pub points_label: &'static str,
    pub placed_label: &'static str,
    pub end: String,
    /// The page's piece numbers (1..7 = I J L O S T Z) of the whole input.
    pub kinds: String,
    /// Rotation 0 of each page piece number, top row first, rows split by /.
    pub shapes: Vec<String>,
    /// For each point 1..=10, the fewest placed pieces that earn it
    /// (olympiad), so the page needs no formula.
    pub point_thresholds: Vec<usize>,
    /// The score after each piece (golf).
    pub scores: Vec<u64>,
    pub keyframes: Vec<String>,
    pub moves: Vec<PieceRecord>,
}

fn join<T: ToString>(items: &[T], quote: bool) -> String {
    items
        .iter()
        .map(|i| {
            if quote {
                json_string(&i.to_string())
            } else {
                i.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

impl Replay {
    /// The replay as one JSON object.
    pub fn to_json(&self) -> String {
        let mut json = String::with_capacity(self.moves.len() * 64 + self.kinds.len() + 1024);
        let _ = write!(
            json,
            "{{\"title\":{},\"rules\":\"{}\",\"width\":{},\"height\":{},\"rows\":{},\"n\":{},\"placed\":{},\
             \"points\":{},\"pointsLabel\":{},\"placedLabel\":{},\"end\":{},\"kinds\":\"{}\",\
             \"keyframeEvery\":{KEYFRAME_EVERY},\"pointThresholds\":[{}],\"scores\":[{}],\"shapes\":[{}],\"keyframes\":[{}],\"moves\":[",
            json_string(&self.title),
            self.rules,
            self.width,
            self.height,
            self.rows,
            self.pieces,
            self.placed,
            self.points,
            json_string(self.points_label),
            json_string(self.placed_label),
            json_string(&self.end),
            self.kinds,
            join(&self.point_thresholds, false),
            join(&self.scores, false),
            join(&self.shapes, true),
            join(&self.keyframes, true),
        );
        for (i, p) in self.moves.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            let _ = write!(
                json,
                "[{},{},{},[{}]]",
                p.kind,
                p.rotation,
                p.column,
                p.events.join(",")
            );
        }
        json.push_str("]}");
        json
    }
}

impl Recorder {
    /// The recorded olympiad game with the judge's verdict.
    pub fn into_replay(self, title: &str, pieces: &[Piece], outcome: &Outcome) -> Replay {
        Replay {
            title: title.to_string(),
            rules: "olympiad",
            width: WELL_WIDTH,
            height: WELL_HEIGHT,
            rows: ROWS,
            pieces: outcome.pieces,
            placed: outcome.placed,
            points: u64::from(outcome.points()),
            points_label: "of 10",
            placed_label: "placed",
            end: outcome.end.to_string(),
            kinds: pieces
                .iter()
                .map(|p| char::from(b'0' + p.number()))
                .collect(),
            shapes: Piece::ALL.iter().map(|p| p.shape(0).picture()).collect(),
            point_thresholds: point_thresholds(outcome.pieces),
            scores: Vec::new(),
            keyframes: self.keyframes,
            moves: self.pieces,
        }
    }
}
