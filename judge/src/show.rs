//! `judge show`: the official visualizer's behaviour on a terminal. It replays
//! `Tetris.out` on `Tetris.in` step by step (drops, deletions, every fall
//! step), DELAY milliseconds apart; with delay 0 only the result is printed.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use crate::cli::{exit, Args, Failure};
use crate::olympiad::board::{Board, Step, ROWS};
use crate::olympiad::io::{parse_input, read_file, OutputReader};
use crate::olympiad::painted::PaintedBoard;
use crate::olympiad::pieces::{WELL_HEIGHT, WELL_WIDTH};
use crate::olympiad::{play, Move, Piece, ToppingPiece, Watcher};

pub const USAGE: &str = "judge show [INPUT OUTPUT] [--delay MS]";

pub fn main(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &["--delay"], &[])?;
    if args.positional.len() == 1 {
        return Err(crate::cli::UsageError(format!("usage: {USAGE}")).into());
    }
    args.expect_positional(0, 2, USAGE)?;
    let (input, output) = match args.positional.as_slice() {
        [i, o] => (i.as_str(), o.as_str()),
        _ => ("Tetris.in", "Tetris.out"),
    };
    let delay = Duration::from_millis(args.parsed_or("--delay", 100u64)?);
    let text = read_file(Path::new(input)).map_err(Failure::Judge)?;
    let pieces = parse_input(&String::from_utf8_lossy(&text))
        .map_err(|e| Failure::Judge(format!("{input}: {e}")))?;
    let moves = read_file(Path::new(output)).map_err(Failure::Judge)?;
    let mut screen = Screen {
        delay,
        painted: PaintedBoard::default(),
        piece: Piece::ALL[0],
        header: String::new(),
        out: std::io::stdout().lock(),
    };
    let outcome = play(
        &pieces,
        &mut OutputReader::new(&moves[..]),
        ToppingPiece::NotCounted,
        &mut screen,
    );
    crate::say!(
        "placed {} of {} pieces, {} points; {}",
        outcome.placed,
        outcome.pieces,
        outcome.points(),
        outcome.end
    );
    Ok(exit::OK)
}

struct Screen<W: Write> {
    delay: Duration,
    painted: PaintedBoard,
    piece: Piece,
    header: String,
    out: W,
}

impl<W: Write> Watcher for Screen<W> {
    fn piece_started(&mut self, number: usize, kind: Piece, mv: Move) {
        self.piece = kind;
        self.header = format!(
            "piece {number}: {} ({}), rotation {}, column {}",
            kind.number(),
            kind.letter(),
            mv.rotation,
            mv.column
        );
    }

    fn step(&mut self, _piece: usize, step: Step, board: &Board) {
        self.painted.follow(self.piece, step, board);
        if self.delay.is_zero() {
            return;
        }
        let what = match step {
            Step::Dropped { row } => format!("dropped onto row {row}"),
            Step::RowsDeleted { rows } => format!("deleted {} full row(s)", rows.count_ones()),
            Step::Fell { .. } => "components fall one row".to_string(),
        };
        let frame = format!(
            "\x1b[H\x1b[2J{}\n{what}\n{}",
            self.header,
            render(&self.painted)
        );
        let _ = self.out.write_all(frame.as_bytes());
        let _ = self.out.flush();
        std::thread::sleep(self.delay);
    }
}

/// ANSI background colours per piece number, distinguishable in pairs.
const COLOURS: [u8; 8] = [0, 45, 44, 43, 47, 42, 105, 41];

/// The well, with the rows above it shown when anything is there.
pub fn render(painted: &PaintedBoard) -> String {
    let mut text = String::new();
    let top = (WELL_HEIGHT..ROWS)
        .rev()
        .find(|&r| painted.cells[r].iter().any(|&c| c != 0))
        .map_or(WELL_HEIGHT, |r| r + 1);
    for r in (0..top).rev() {
        text.push(if r >= WELL_HEIGHT { ' ' } else { '|' });
        for c in 0..WELL_WIDTH {
            match painted.cells[r][c] {
                0 => text.push_str("  "),
                k => {
                    let _ = write!(text, "\x1b[{}m{k}{k}\x1b[0m", COLOURS[k as usize]);
                }
            }
        }
        text.push_str(if r >= WELL_HEIGHT { "\n" } else { "|\n" });
    }
    text.push('+');
    text.push_str(&"-".repeat(2 * WELL_WIDTH));
    text.push_str("+\n");
    text
}
