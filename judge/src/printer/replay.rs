//! A printer's drop list recorded for the replay page (`judge printer
//! html`): the olympiad's page, fed with the printer field's steps; the
//! score after each piece is the number of picture cells already right.

use super::format::parse_drops;
use super::format::picture::Picture;
use super::judge::target;
use super::rules::{Board, FIELD_HEIGHT, FIELD_WIDTH};
use crate::tetromino::Piece;
use crate::viewer::{keyframe, Event, PieceRecord, Replay, RuleSet, KEYFRAME_EVERY};

/// Cells of the field that already hold what the picture wants there
/// (pixels and the empty cells around them).
fn cells_right(target: &Board, field: &Board) -> u64 {
    let pairs = target
        .cells
        .iter()
        .flatten()
        .zip(field.cells.iter().flatten());
    pairs.filter(|(want, have)| want == have).count() as u64
}

/// Records the drops; Err names the line that cannot be read or played.
pub fn record(title: &str, picture: &Picture, drops: &str) -> Result<Replay, String> {
    let drops = parse_drops(drops).map_err(|e| e.to_string())?;
    let target = target(picture);
    let mut field = Board::default();
    let mut moves = Vec::with_capacity(drops.len());
    let mut keyframes = Vec::new();
    let mut scores = Vec::with_capacity(drops.len());
    for (i, (line, drop)) in drops.iter().enumerate() {
        if i % KEYFRAME_EVERY == 0 {
            keyframes.push(keyframe(&field.cells));
        }
        let filled = field
            .place(*drop)
            .map_err(|why| format!("line {line}: {why}"))?;
        let mut events = vec![Event::Appear(
            filled.iter().map(|(r, c)| r * FIELD_WIDTH + c).collect(),
        )];
        let deleted = field.delete_full_rows();
        if !deleted.is_empty() {
            // Row r takes the old row `from`; rows above what is left empty.
            let kept: Vec<usize> = (0..FIELD_HEIGHT).filter(|r| !deleted.contains(r)).collect();
            events.push(Event::Remap(
                (0..FIELD_HEIGHT).map(|r| kept.get(r).copied()).collect(),
            ));
        }
        scores.push(cells_right(&target, &field));
        moves.push(PieceRecord {
            kind: drop.piece.number(),
            rotation: drop.rotation as i64,
            column: drop.column as i64,
            events,
        });
    }
    let total = (FIELD_WIDTH * FIELD_HEIGHT) as u64;
    let right = scores
        .last()
        .copied()
        .unwrap_or_else(|| cells_right(&target, &field));
    let end = match total - right {
        0 => format!("{} pieces: the picture is printed exactly", drops.len()),
        wrong => format!(
            "{} pieces: {wrong} cells differ from the picture",
            drops.len()
        ),
    };
    Ok(Replay {
        title: title.to_string(),
        rules: RuleSet::Printer,
        width: FIELD_WIDTH,
        height: FIELD_HEIGHT,
        rows: FIELD_HEIGHT,
        pieces: drops.len(),
        placed: drops.len(),
        points: right,
        points_label: "cells right",
        placed_label: "dropped",
        end,
        kinds: drops
            .iter()
            .map(|(_, d)| char::from(b'0' + d.piece.number()))
            .collect(),
        shapes: Piece::ALL.iter().map(|p| p.shape(0).picture()).collect(),
        point_thresholds: Vec::new(),
        scores,
        keyframes,
        moves,
    })
}
