//! Ordinary gravity, the deletion the golf variant and the printer share
//! (problem A2's cascades are its own): every full row goes at once and
//! the rows above it shift down, keeping their order.

/// Where each row comes from after the full rows of a well of `rows` rows
/// are deleted, rows counted from the bottom: row i takes the old row
/// `map[i]`, or is a new empty row (None) at the top; and how many rows
/// went.
pub fn delete_full_rows(
    rows: usize,
    is_full: impl Fn(usize) -> bool,
) -> (Vec<Option<usize>>, usize) {
    let mut map: Vec<Option<usize>> = (0..rows).filter(|&r| !is_full(r)).map(Some).collect();
    let deleted = rows - map.len();
    map.resize(rows, None);
    (map, deleted)
}

/// Moves the rows as `map` says (row i takes the old row `map[i]`, or
/// becomes `empty`).
pub fn apply<T: Copy>(rows: &mut [T], map: &[Option<usize>], empty: T) {
    let old = rows.to_vec();
    for (row, from) in rows.iter_mut().zip(map) {
        *row = from.map_or(empty, |r| old[r]);
    }
}
