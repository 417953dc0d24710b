//! `judge golf gen`: a golf input of pseudo-random bytes, one piece each.

use crate::cli::{exit, opt, required, write_file, Args, Command, Failure, Opt, Spec};
use crate::golf::gen::{generate_input, INPUT_BYTES, INPUT_SEED};

const SEED: Opt = opt("--seed", "S", "the generator's seed");
const N: Opt = opt("--n", "BYTES", "bytes, one piece each");
const OUTPUT_FILE: Opt = required("-o", "FILE", "the input to write (binary)");

pub static SPEC: Spec = Spec {
    command: "golf gen",
    positional: "",
    min_positional: 0,
    max_positional: 0,
    about: "A code-golf input of pseudo-random bytes (default 65536 bytes, seed 156007: the\n\
            committed testdata/golf/input.bin) into -o FILE.",
    options: &[SEED, N, OUTPUT_FILE],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let seed = args.parsed_or(&SEED, INPUT_SEED)?;
    let bytes = args.number_in(&N, INPUT_BYTES as u64, 1..=1 << 30)?;
    let path = args.required_path(&OUTPUT_FILE)?;
    write_file(&path, generate_input(bytes as usize, seed))?;
    Ok(exit::OK)
}
