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

fn cells_string(painted: &PaintedBoard) -> String {
    painted
        .cells
        .iter()
        .flat_map(|row| row.iter().map(|&k| char::from(b'0' + k)))
        .collect()
}

impl Watcher for Recorder {
    fn piece_started(&mut self, _number: usize, kind: Piece, mv: Move) {
        if self.pieces.len() % KEYFRAME_EVERY == 0 {
            self.keyframes.push(cells_string(&self.painted));
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

impl Recorder {
    /// The whole replay as one JSON object, with the judge's verdict.
    pub fn to_json(&self, title: &str, pieces: &[Piece], outcome: &Outcome) -> String {
        let kinds: String = pieces
            .iter()
            .map(|p| char::from(b'0' + p.number()))
            .collect();
        let mut json = String::with_capacity(self.pieces.len() * 64 + kinds.len() + 1024);
        let _ = write!(
            json,
            "{{\"title\":{},\"rules\":\"olympiad\",\"width\":{WELL_WIDTH},\"height\":{WELL_HEIGHT},\"rows\":{ROWS},\
             \"n\":{},\"placed\":{},\"points\":{},\"end\":{},\"kinds\":\"{kinds}\",\"keyframeEvery\":{KEYFRAME_EVERY},\
             \"pointThresholds\":[{}],\"shapes\":[{}],\"keyframes\":[",
            json_string(title),
            outcome.pieces,
            outcome.placed,
            outcome.points(),
            json_string(&outcome.end.to_string()),
            point_thresholds(outcome.pieces).iter().map(usize::to_string).collect::<Vec<_>>().join(","),
            Piece::ALL.iter().map(|p| json_string(&p.shape(0).picture())).collect::<Vec<_>>().join(","),
        );
        for (i, k) in self.keyframes.iter().enumerate() {
            json.push_str(if i == 0 { "\"" } else { ",\"" });
            json.push_str(k);
            json.push('"');
        }
        json.push_str("],\"moves\":[");
        for (i, p) in self.pieces.iter().enumerate() {
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
