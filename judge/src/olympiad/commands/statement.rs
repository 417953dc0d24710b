//! `judge statement figures DIR`: writes the statement's figures, drawn
//! from the rules, as SVG (for the Markdown statements), PDF (for LaTeX)
//! and PNG (for HTML made from LaTeX). `docs/problems/figures/` holds the committed copies, which a
//! test keeps equal to what this command writes.

use std::path::PathBuf;

use crate::cli::{exit, write_file, Args, Command, Failure, Spec};
use crate::olympiad::statement::figures;

pub static FIGURES_SPEC: Spec = Spec {
    command: "statement figures",
    positional: "DIR",
    min_positional: 1,
    max_positional: 1,
    about: "Write the statement's figures (pieces, rotations, the sample's cascade) into DIR\n\
            as SVG, PDF and PNG, drawn from the judge's own rules. The committed copies are in\n\
            docs/problems/figures.",
    options: &[],
};

pub const FIGURES: Command = Command {
    spec: &FIGURES_SPEC,
    run: write_figures,
};

fn write_figures(args: Args) -> Result<i32, Failure> {
    let dir = PathBuf::from(&args.positional[0]);
    std::fs::create_dir_all(&dir).map_err(|e| Failure::io(&dir, e))?;
    let mut written = 0;
    for (name, bytes) in figures::files() {
        write_file(&dir.join(name), bytes)?;
        written += 1;
    }
    crate::say!("wrote {written} files into {}", dir.display());
    Ok(exit::OK)
}
