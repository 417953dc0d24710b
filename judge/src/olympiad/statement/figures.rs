//! The statement's figures, drawn from the rules themselves: the pieces and
//! their rotations from the tetromino tables, and the sample's cascade by
//! replaying the sample through the scoring core with a watcher, so no
//! figure can disagree with what the judge does.

use crate::olympiad::board::{Board, Step};
use crate::olympiad::format::OutputReader;
use crate::olympiad::replay::PaintedBoard;
use crate::olympiad::rules::Move;
use crate::olympiad::{play, Piece, ToppingPiece, Watcher, WELL_WIDTH};
use crate::picture::{Colour, Picture, CHAR_HEIGHT};
use crate::tetromino::ROTATIONS;

/// The sample the statements show and explain.
pub const SAMPLE_INPUT: &str = include_str!("../../../../testdata/olympiad/sample/Tetris.in");
pub const SAMPLE_OUTPUT: &str = include_str!("../../../../testdata/olympiad/sample/Tetris.out");

/// The move of the sample whose cascade the statement draws (1-based).
pub const CASCADE_MOVE: usize = 11;

/// A cell of a well or a piece, in units.
const CELL: u32 = 20;
/// Room around a drawing.
const MARGIN: u32 = 10;

const INK: Colour = Colour(0x1d, 0x1d, 0x1f);
const GRID: Colour = Colour(0xdd, 0xdd, 0xdd);
const EMPTY: Colour = Colour(0xff, 0xff, 0xff);
const WALL: Colour = Colour(0x88, 0x88, 0x88);
const BOX: Colour = Colour(0xb0, 0xb0, 0xb0);
/// A full row about to be emptied.
const FULL: Colour = Colour(0xa1, 0x26, 0x0d);
/// The piece colours of the replay page (Okabe and Ito's palette, which
/// readers with colour-blindness tell apart), by piece number.
const PIECE: [Colour; 8] = [
    EMPTY,
    Colour(0x56, 0xb4, 0xe9),
    Colour(0x00, 0x72, 0xb2),
    Colour(0xe6, 0x9f, 0x00),
    Colour(0xf0, 0xe4, 0x42),
    Colour(0x00, 0x9e, 0x73),
    Colour(0xcc, 0x79, 0xa7),
    Colour(0xd5, 0x5e, 0x00),
];

/// A figure: its file name without extension and its drawing.
pub struct Figure {
    pub name: &'static str,
    pub picture: Picture,
}

/// Every figure of the statement.
pub fn all() -> Vec<Figure> {
    vec![
        Figure {
            name: "pieces",
            picture: pieces(),
        },
        Figure {
            name: "rotations",
            picture: rotations(),
        },
        Figure {
            name: "cascade",
            picture: cascade(),
        },
    ]
}

/// A block: its colour with a darker edge, so that neighbours stay apart.
fn block(picture: &mut Picture, x: u32, y: u32, number: u8) {
    picture.rect(x, y, CELL, CELL, INK);
    picture.rect(x + 1, y + 1, CELL - 2, CELL - 2, PIECE[number as usize]);
}

/// Draws rotation `r` of `piece` with the top left of its box at (x, y);
/// with `mark`, the box's outline and a dot on the lowest block of its
/// leftmost column, the block whose column a move names.
fn shape(picture: &mut Picture, piece: Piece, r: usize, x: u32, y: u32, mark: bool) {
    let shape = piece.shape(r);
    let (width, height) = (shape.width as u32, shape.height as u32);
    if mark {
        picture.frame(x - 3, y - 3, width * CELL + 6, height * CELL + 6, 1, BOX);
    }
    for row in 0..shape.height {
        for column in 0..shape.width {
            if shape.rows[row] >> column & 1 == 1 {
                let top = y + (height - 1 - row as u32) * CELL;
                block(picture, x + column as u32 * CELL, top, piece.number());
            }
        }
    }
    if mark {
        let top = y + (height - 1 - shape.bottom[0] as u32) * CELL;
        picture.rect(x + CELL / 2 - 3, top + CELL / 2 - 3, 6, 6, INK);
    }
}

/// A piece's label, "1 I".
fn label(piece: Piece) -> String {
    format!("{} {}", piece.number(), piece.letter())
}

/// The seven pieces in rotation 0, side by side on a common base line,
/// each with its number and letter below.
pub fn pieces() -> Picture {
    let slot = 3 * CELL;
    let tallest = 4 * CELL;
    let mut picture = Picture::new(
        2 * MARGIN + 7 * slot,
        2 * MARGIN + tallest + CELL / 2 + CHAR_HEIGHT,
    );
    for (i, piece) in Piece::ALL.into_iter().enumerate() {
        let s = piece.shape(0);
        let left = MARGIN + i as u32 * slot + (slot - s.width as u32 * CELL) / 2;
        let top = MARGIN + tallest - s.height as u32 * CELL;
        shape(&mut picture, piece, 0, left, top, false);
        let text = label(piece);
        let text_left = MARGIN + i as u32 * slot + (slot - Picture::text_width(&text)) / 2;
        picture.text(text_left, MARGIN + tallest + CELL / 2, &text, INK);
    }
    picture
}

/// Every rotation: a column per piece, a row per rotation, each box
/// outlined and the block that fixes the column marked.
pub fn rotations() -> Picture {
    let slot = 5 * CELL;
    let label_width = 3 * CELL;
    let header = CELL + CHAR_HEIGHT;
    let mut picture = Picture::new(
        2 * MARGIN + label_width + 7 * slot,
        2 * MARGIN + header + ROTATIONS as u32 * slot,
    );
    for (i, piece) in Piece::ALL.into_iter().enumerate() {
        let text = label(piece);
        let left = MARGIN + label_width + i as u32 * slot + (slot - Picture::text_width(&text)) / 2;
        picture.text(left, MARGIN, &text, INK);
    }
    for r in 0..ROTATIONS {
        let top = MARGIN + header + r as u32 * slot;
        picture.text(
            MARGIN,
            top + (slot - CHAR_HEIGHT) / 2,
            &format!("r={r}"),
            INK,
        );
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            let s = piece.shape(r);
            let left = MARGIN + label_width + i as u32 * slot;
            shape(
                &mut picture,
                piece,
                r,
                left + (slot - s.width as u32 * CELL) / 2,
                top + (slot - s.height as u32 * CELL) / 2,
                true,
            );
        }
    }
    picture
}

/// One moment of the cascade: the painted well, the rows about to be
/// emptied, and whether to outline the components (just after a deletion,
/// when they are found).
pub struct Moment {
    pub cells: PaintedBoard,
    pub board: Board,
    pub full: u32,
    pub components: bool,
    /// Before the move: the piece, its rotation and column, drawn above
    /// the blocks.
    pub coming: Option<(Piece, usize, usize)>,
}

/// Records the moments of one move of a game: the well before it, after
/// the piece lands, after each deletion and after each round of falls.
struct CascadeWatcher {
    piece: Piece,
    painted: PaintedBoard,
    board: Board,
    moments: Vec<Moment>,
    /// The watched move is being played.
    watching: bool,
}

/// The full rows of a board, bit r for row r.
fn full_rows(board: &Board) -> u32 {
    board
        .rows()
        .iter()
        .enumerate()
        .filter(|(_, &row)| row == crate::olympiad::board::FULL_ROW)
        .fold(0, |mask, (r, _)| mask | 1 << r)
}

impl Watcher for CascadeWatcher {
    fn piece_started(&mut self, number: usize, kind: Piece, mv: Move) {
        self.piece = kind;
        self.watching = number == CASCADE_MOVE;
        if self.watching {
            self.moments.push(Moment {
                cells: self.painted.clone(),
                board: self.board,
                full: 0,
                components: false,
                coming: Some((kind, mv.rotation as usize, mv.column as usize)),
            });
        }
    }

    fn step(&mut self, _number: usize, step: Step, board: &Board) {
        self.painted.follow(self.piece, step, board);
        self.board = *board;
        if !self.watching {
            return;
        }
        let moment = Moment {
            cells: self.painted.clone(),
            board: *board,
            full: full_rows(board),
            components: matches!(step, Step::RowsDeleted { .. }),
            coming: None,
        };
        // Falls are shown once per round, when everything rests.
        if matches!(step, Step::Fell { .. }) && self.moments.last().is_some_and(|m| !m.components) {
            self.moments.pop();
        }
        self.moments.push(moment);
    }
}

/// The moments of the sample's move `CASCADE_MOVE`, first the well before
/// it, last the well at rest.
pub fn cascade_moments() -> Vec<Moment> {
    let pieces = crate::olympiad::format::parse_input(SAMPLE_INPUT)
        .expect("the committed sample is a valid test");
    let mut watcher = CascadeWatcher {
        piece: pieces[0],
        painted: PaintedBoard::default(),
        board: Board::default(),
        moments: Vec::new(),
        watching: false,
    };
    play(
        &pieces,
        &mut OutputReader::new(SAMPLE_OUTPUT.as_bytes()),
        ToppingPiece::NotCounted,
        &mut watcher,
    );
    watcher.moments
}

/// The sample's cascade, a panel per moment from left to right, each
/// numbered below: full rows framed in red, and just after a deletion
/// each component outlined.
pub fn cascade() -> Picture {
    let moments = cascade_moments();
    let stack = |m: &Moment| m.board.stack_height() as u32;
    let coming_height = |m: &Moment| m.coming.map_or(0, |(p, r, _)| p.shape(r).height as u32 + 1);
    let rows = moments
        .iter()
        .map(|m| stack(m) + coming_height(m).max(1))
        .max()
        .unwrap_or(1);
    let well = WELL_WIDTH as u32 * CELL;
    let gap = 2 * CELL;
    let mut picture = Picture::new(
        2 * MARGIN + moments.len() as u32 * (well + 4) + (moments.len() as u32 - 1) * gap,
        2 * MARGIN + rows * CELL + 4 + CELL / 2 + CHAR_HEIGHT,
    );
    for (i, moment) in moments.iter().enumerate() {
        let left = MARGIN + i as u32 * (well + 4 + gap);
        let cell_at =
            |row: u32, column: u32| (left + 2 + column * CELL, MARGIN + (rows - 1 - row) * CELL);
        picture.rect(left, MARGIN, 2, rows * CELL + 4, WALL);
        picture.rect(left + 2 + well, MARGIN, 2, rows * CELL + 4, WALL);
        picture.rect(left, MARGIN + rows * CELL, well + 4, 4, WALL);
        for row in 0..rows {
            for column in 0..WELL_WIDTH as u32 {
                let (x, y) = cell_at(row, column);
                match moment.cells.cells[row as usize][column as usize] {
                    0 => {
                        picture.rect(x, y, CELL, CELL, GRID);
                        picture.rect(x + 1, y + 1, CELL - 2, CELL - 2, EMPTY);
                    }
                    number => block(&mut picture, x, y, number),
                }
            }
        }
        if let Some((piece, r, column)) = moment.coming {
            let height = piece.shape(r).height as u32;
            let (x, y) = cell_at(stack(moment) + height, column as u32);
            shape(&mut picture, piece, r, x, y, false);
        }
        if moment.components {
            outline_components(&mut picture, &moment.board, rows, &cell_at);
        }
        for row in (0..rows).filter(|&r| moment.full >> r & 1 == 1) {
            let (x, y) = cell_at(row, 0);
            picture.frame(x - 2, y - 2, well + 4, CELL + 4, 3, FULL);
        }
        let number = (i + 1).to_string();
        let text_left = left + 2 + (well - Picture::text_width(&number)) / 2;
        picture.text(text_left, MARGIN + rows * CELL + 4 + CELL / 2, &number, INK);
    }
    picture
}

/// A thick line along every edge between a component's block and a cell
/// outside the component.
fn outline_components(
    picture: &mut Picture,
    board: &Board,
    rows: u32,
    cell_at: &dyn Fn(u32, u32) -> (u32, u32),
) {
    const LINE: u32 = 3;
    for component in board.components() {
        let inside = |row: i64, column: i64| {
            (0..rows as i64).contains(&row)
                && (0..WELL_WIDTH as i64).contains(&column)
                && component[row as usize] >> column & 1 == 1
        };
        for row in 0..rows as i64 {
            for column in 0..WELL_WIDTH as i64 {
                if !inside(row, column) {
                    continue;
                }
                let (x, y) = cell_at(row as u32, column as u32);
                if !inside(row + 1, column) {
                    picture.rect(x, y, CELL, LINE, INK);
                }
                if !inside(row - 1, column) {
                    picture.rect(x, y + CELL - LINE, CELL, LINE, INK);
                }
                if !inside(row, column - 1) {
                    picture.rect(x, y, LINE, CELL, INK);
                }
                if !inside(row, column + 1) {
                    picture.rect(x + CELL - LINE, y, LINE, CELL, INK);
                }
            }
        }
    }
}

/// Every figure's files, name to bytes: `NAME.svg` for Markdown,
/// `NAME.pdf` for LaTeX and `NAME.png` for HTML made from LaTeX.
pub fn files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for figure in all() {
        let picture = &figure.picture;
        files.push((format!("{}.svg", figure.name), picture.svg().into_bytes()));
        files.push((format!("{}.pdf", figure.name), picture.pdf()));
        files.push((format!("{}.png", figure.name), picture.png()));
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statements explain the figure panel by panel; these are the
    /// facts they state, as the rules give them.
    #[test]
    fn the_sample_cascade_is_the_one_the_statements_explain() {
        let moments = cascade_moments();
        let facts: Vec<(u32, usize, bool)> = moments
            .iter()
            .map(|m| (m.full, m.board.components().len(), m.components))
            .collect();
        assert_eq!(
            facts[1..],
            [
                (1 << 2, 1, false), // the L fills the third row
                (0, 5, true),       // five components
                (1 << 1, 1, false), // the second row is full
                (0, 4, true),       // four components
                (0, 2, false),      // at rest, no row full
            ]
        );
        let (piece, rotation, column) = moments[0].coming.unwrap();
        assert_eq!((piece.letter(), rotation, column), ('L', 2, 3));
    }
}
