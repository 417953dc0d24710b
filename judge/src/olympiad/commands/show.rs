//! `judge show`: the official visualizer's behaviour on a terminal. It replays
//! `Tetris.out` on `Tetris.in` step by step (drops, deletions, every fall
//! step), DELAY milliseconds apart; with delay 0 only the result is printed.
//! Into a file or a pipe the frames follow one another as plain text (no
//! colours or screen clearing, no pause).

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

use crate::cli::{exit, opt, read_file, Args, Command, Failure, Opt, Spec};
use crate::olympiad::board::{Board, Step, ROWS};
use crate::olympiad::judge::{judge_output, read_test};
use crate::olympiad::replay::PaintedBoard;
use crate::olympiad::{Move, Piece, ToppingPiece, Watcher};
use crate::olympiad::{WELL_HEIGHT, WELL_WIDTH};

const DELAY: Opt = opt(
    "--delay",
    "MS",
    "pause between steps (default 100; 0 = only the result)",
);

pub static SPEC: Spec = Spec {
    command: "show",
    positional: "[INPUT OUTPUT]",
    min_positional: 0,
    max_positional: 2,
    about:
        "Replay a game on the terminal, every drop, deletion and fall step\n\
            (default Tetris.in and Tetris.out in the current folder, like the official visualizer).",
    options: &[DELAY],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let (input, output) = match args.positional.as_slice() {
        [i, o] => (Path::new(i), Path::new(o)),
        [] => (Path::new("Tetris.in"), Path::new("Tetris.out")),
        _ => {
            return Err(args
                .usage_error("give both INPUT and OUTPUT, or neither")
                .into())
        }
    };
    let delay = Duration::from_millis(args.number_in(&DELAY, 100, 0..=60_000)?);
    // Without arguments the files are the visualizer's: say where they were looked for.
    let hint = |failure: Failure| match (failure, args.positional.is_empty()) {
        (Failure::Judge(why), true) => Failure::Judge(format!(
            "{why} (with no INPUT OUTPUT, judge show reads Tetris.in and Tetris.out \
             from the current folder)"
        )),
        (other, _) => other,
    };
    let pieces = read_test(input).map_err(|e| hint(e.into()))?.1;
    let moves = read_file(output).map_err(hint)?;
    let mut screen = Screen {
        delay,
        painted: PaintedBoard::default(),
        piece: Piece::ALL[0],
        header: String::new(),
        terminal: std::io::stdout().is_terminal(),
    };
    let judged = judge_output(&pieces, &moves[..], ToppingPiece::NotCounted, &mut screen)?
        .accepted()
        .map_err(Failure::judge)?;
    crate::say!("{}", judged.summary());
    Ok(exit::OK)
}

struct Screen {
    delay: Duration,
    painted: PaintedBoard,
    piece: Piece,
    header: String,
    /// Whether stdout is a terminal: colours, a cleared screen per frame.
    terminal: bool,
}

impl Watcher for Screen {
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
        let clear = if self.terminal { "\x1b[H\x1b[2J" } else { "\n" };
        let frame = format!(
            "{clear}{}\n{what}\n{}",
            self.header,
            render(&self.painted, self.terminal)
        );
        crate::cli::say_text(&frame);
        if self.terminal {
            std::thread::sleep(self.delay);
        }
    }
}

/// ANSI background colours per piece number, distinguishable in pairs.
const COLOURS: [u8; 8] = [0, 45, 44, 43, 47, 42, 105, 41];

/// The well, with the rows above it shown when anything is there; each
/// block is its piece number, on its colour when `colour` is set.
pub fn render(painted: &PaintedBoard, colour: bool) -> String {
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
                k if colour => {
                    let _ = write!(text, "\x1b[{}m{k}{k}\x1b[0m", COLOURS[k as usize]);
                }
                k => {
                    let _ = write!(text, "{k}{k}");
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
