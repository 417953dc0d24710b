//! `judge check`: replays a contestant's output on a test and prints the
//! verdict, as the contest-system front ends report it.

use crate::cli::{exit, switch, Args, Command, Failure, Opt, Spec};
use crate::olympiad::judge::judge_files;
use crate::olympiad::ToppingPiece;

const COUNT_TOPPING_PIECE: Opt = switch(
    "--count-topping-piece",
    "count the piece that tops out as placed (the 2018 browser game)",
);
const BOARD: Opt = switch("--board", "draw the well as the game ended");

pub static SPEC: Spec = Spec {
    command: "check",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Replay OUTPUT on INPUT: pieces placed, points, why the game ended.",
    options: &[COUNT_TOPPING_PIECE, BOARD],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let topping = match args.switch(&COUNT_TOPPING_PIECE) {
        true => ToppingPiece::Counted,
        false => ToppingPiece::NotCounted,
    };
    let (input, output_path) = (&args.positional[0], &args.positional[1]);
    let output = std::fs::File::open(output_path).map_err(|e| {
        Failure::judge(format!(
            "cannot open the output {}: {e}",
            output_path.to_string_lossy()
        ))
    })?;
    let judged = judge_files(input.as_ref(), output, topping)?;
    let o = &judged.outcome;
    crate::say!("placed {} of {}", o.placed, o.pieces);
    crate::say!("points {} of 10", o.points());
    crate::say!("end: {}", o.end);
    if let Some((token, offset)) = &judged.trailing {
        crate::say!("note: output after the last move ignored, from '{token}' at byte {offset}");
    }
    if args.switch(&BOARD) {
        crate::cli::say_text(&judged.final_board.picture(crate::olympiad::board::ROWS));
    }
    crate::say!("Score = {}", o.points());
    Ok(exit::OK)
}
