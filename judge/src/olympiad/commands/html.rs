//! `judge html`: a game as ONE self-contained replay page. The judge records
//! the game and embeds it with its verdict; the page only replays recorded
//! steps, so it cannot disagree with the judge.

use crate::cli::{exit, opt, read_file, required, write_file, Args, Command, Failure, Opt, Spec};
use crate::olympiad::judge::read_test;
use crate::olympiad::replay::replay_page;

const OUTPUT_FILE: Opt = required("-o", "REPLAY.html", "the page to write");
const TITLE: Opt = opt(
    "--title",
    "TEXT",
    "the page's title (default INPUT / OUTPUT)",
);

pub static SPEC: Spec = Spec {
    command: "html",
    positional: "INPUT OUTPUT",
    min_positional: 2,
    max_positional: 2,
    about: "Write a self-contained replay page of OUTPUT played on INPUT (needs -o).",
    options: &[OUTPUT_FILE, TITLE],
};

pub const COMMAND: Command = Command {
    spec: &SPEC,
    run: main,
};

fn main(args: Args) -> Result<i32, Failure> {
    let target = args.required_path(&OUTPUT_FILE)?;
    let (input, output) = (&args.positional[0], &args.positional[1]);
    let pieces = read_test(input.as_ref())?.1;
    let moves = read_file(output.as_ref())?;
    let title = match args.value(&TITLE)? {
        Some(t) => t.to_string(),
        None => format!("{} / {}", input.to_string_lossy(), output.to_string_lossy()),
    };
    let (page, judged) = replay_page(&title, &pieces, &moves)?;
    write_file(&target, page)?;
    crate::say!("wrote {}: {}", target.display(), judged.summary());
    Ok(exit::OK)
}
