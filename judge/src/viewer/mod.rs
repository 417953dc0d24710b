//! A recorded game for viewers, whatever its rule set: what the judge saw,
//! step by step, as data the page replays without knowing any rule. Each
//! piece carries its kind, its move and its events; full snapshots every
//! few pieces let the page jump. The page is ONE self-contained HTML file
//! (inline CSS and JavaScript, no network).

pub mod bars;

use std::fmt::Write as _;

/// A snapshot of the painted well every this many pieces.
pub const KEYFRAME_EVERY: usize = 50;

const TEMPLATE: &str = include_str!("replay.html");

/// One observable change of the well. Cells are `row * width + column`,
/// rows counted from the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// These cells now hold the current piece's blocks.
    Appear(Vec<usize>),
    /// The rows of the mask (bit r = row r) became empty, nothing moved.
    Vanish(u64),
    /// The cells of each (row, column mask) moved down one row together.
    Fall(Vec<(usize, u32)>),
    /// Every row was replaced: row i takes the old row `from[i]`, or
    /// becomes empty where None (deletions with ordinary gravity).
    Remap(Vec<Option<usize>>),
    /// The well was emptied.
    Reset,
}

impl Event {
    /// Every code with its name, as the page receives them.
    const CODES: [(&'static str, u8); 5] = [
        ("appear", 0),
        ("vanish", 1),
        ("fall", 2),
        ("remap", 3),
        ("reset", 4),
    ];

    fn code(&self) -> u8 {
        match self {
            Event::Appear(_) => 0,
            Event::Vanish(_) => 1,
            Event::Fall(_) => 2,
            Event::Remap(_) => 3,
            Event::Reset => 4,
        }
    }

    /// `[code, numbers...]`.
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "[{}", self.code());
        match self {
            Event::Appear(cells) => cells.iter().for_each(|c| {
                let _ = write!(out, ",{c}");
            }),
            Event::Vanish(rows) => {
                let _ = write!(out, ",{rows}");
            }
            Event::Fall(moved) => moved.iter().for_each(|(r, mask)| {
                let _ = write!(out, ",{r},{mask}");
            }),
            Event::Remap(from) => from.iter().for_each(|f| {
                let _ = write!(out, ",{}", f.map_or(-1, |r| r as i64));
            }),
            Event::Reset => {}
        }
        out.push(']');
    }
}

/// One piece's part of the replay.
#[derive(Clone, Debug, Default)]
pub struct PieceRecord {
    /// The page's piece number, 1..7 = I J L O S T Z.
    pub kind: u8,
    pub rotation: i64,
    pub column: i64,
    pub events: Vec<Event>,
}

/// A keyframe: the piece number of every cell, one digit each, row 0 first.
pub fn keyframe<'a, R: AsRef<[u8]> + 'a>(rows: impl IntoIterator<Item = &'a R>) -> String {
    rows.into_iter()
        .flat_map(|row| row.as_ref().iter().map(|&k| char::from(b'0' + k)))
        .collect()
}

/// Which problem's game a replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    Olympiad,
    Golf,
    Printer,
}

impl RuleSet {
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Olympiad => "olympiad",
            RuleSet::Golf => "golf",
            RuleSet::Printer => "printer",
        }
    }
}

/// A recorded game of any rule set, as the page reads it.
pub struct Replay {
    pub title: String,
    pub rules: RuleSet,
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
    /// The score after each piece (golf, printer).
    pub scores: Vec<u64>,
    pub keyframes: Vec<String>,
    pub moves: Vec<PieceRecord>,
    /// The end of the program's standard error, shown under the game when
    /// the program did not play a complete game (empty: none shown).
    pub stderr: String,
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

fn join<T: ToString>(items: &[T], quote: bool) -> String {
    let texts: Vec<String> = items
        .iter()
        .map(|i| match quote {
            true => json_string(&i.to_string()),
            false => i.to_string(),
        })
        .collect();
    texts.join(",")
}

impl Replay {
    /// The replay as one JSON object.
    pub fn to_json(&self) -> String {
        let mut json = String::with_capacity(self.moves.len() * 64 + self.kinds.len() + 1024);
        let codes: Vec<String> = Event::CODES
            .iter()
            .map(|(name, code)| format!("\"{name}\":{code}"))
            .collect();
        let _ = write!(
            json,
            "{{\"title\":{},\"rules\":\"{}\",\"width\":{},\"height\":{},\"rows\":{},\"n\":{},\"placed\":{},\
             \"points\":{},\"pointsLabel\":{},\"placedLabel\":{},\"end\":{},\"kinds\":{},\
             \"keyframeEvery\":{KEYFRAME_EVERY},\"eventCodes\":{{{}}},\"pointThresholds\":[{}],\"scores\":[{}],\
             \"stderr\":{},\"shapes\":[{}],\"keyframes\":[{}],\"moves\":[",
            json_string(&self.title),
            self.rules.name(),
            self.width,
            self.height,
            self.rows,
            self.pieces,
            self.placed,
            self.points,
            json_string(self.points_label),
            json_string(self.placed_label),
            json_string(&self.end),
            json_string(&self.kinds),
            codes.join(","),
            join(&self.point_thresholds, false),
            join(&self.scores, false),
            json_string(&self.stderr),
            join(&self.shapes, true),
            join(&self.keyframes, true),
        );
        for (i, p) in self.moves.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            let _ = write!(json, "[{},{},{},[", p.kind, p.rotation, p.column);
            for (j, event) in p.events.iter().enumerate() {
                if j > 0 {
                    json.push(',');
                }
                event.write_json(&mut json);
            }
            json.push_str("]]");
        }
        json.push_str("]}");
        json
    }

    /// The self-contained page of the replay.
    pub fn page(&self) -> String {
        TEMPLATE.replace("/*GAME*/", &self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_writes_its_code_and_numbers() {
        let cases = [
            (Event::Appear(vec![3, 14]), "[0,3,14]"),
            (Event::Vanish(0b101), "[1,5]"),
            (Event::Fall(vec![(2, 9)]), "[2,2,9]"),
            (Event::Remap(vec![Some(1), None]), "[3,1,-1]"),
            (Event::Reset, "[4]"),
        ];
        for (event, expected) in cases {
            let mut out = String::new();
            event.write_json(&mut out);
            assert_eq!(out, expected);
            assert!(Event::CODES.contains(&(Event::CODES[event.code() as usize].0, event.code())));
        }
    }

    #[test]
    fn json_strings_cannot_close_the_script_element() {
        assert_eq!(
            json_string("</script>\"\n"),
            "\"\\u003c/script\\u003e\\\"\\u000a\""
        );
    }
}
