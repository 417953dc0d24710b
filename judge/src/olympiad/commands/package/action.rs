//! A problem folder for Action (espr1t/action, the problem author's own
//! judge), laid out as Action's own problems are: the tests as
//! `Tests/Tetris.NN.in` and `.sol`, the C++ checker (Action compiles
//! checkers only in C++), the solutions and the statement.

use std::path::Path;

use super::{file, statement_and_players, test_files, write_all, Problem};
use crate::cli::Failure;
use crate::olympiad::cpp_source::{cpp_source, CppProgram};

const README: &str = "\
# Tetris for Action (espr1t/action)

- `Checker/TetrisChecker.cpp`: the checker (Action compiles it with
  `g++ -O2 -std=c++20`): called `checker input output author-output`, it
  prints on stderr the verdict (OK, WA, IE), the score as a fraction of the
  test's points and a message. A game worth some points is OK with
  round(10 X / N) / 10 of them; one worth none is WA; a bad test is IE.
- `Tests/Tetris.01.in` .. `Tests/Tetris.10.in` with their `.sol` files (the
  baseline player's moves; the checker does not read them).
- `Solutions/olympiad.rs` (100 points) and `Solutions/weak.rs` (22).
- `statement.md` and `statement.bg.md`: the statement in English and
  Bulgarian, with its figures in `figures/`.

In Action's admin page: create the problem (type ioi, 1 second, 256 MB,
checker TetrisChecker), upload the tests and the checker; every test is
worth the same.
";

/// The Action folder.
pub(super) fn write(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let mut files = vec![
        file("README.md", README),
        file(
            "Checker/TetrisChecker.cpp",
            cpp_source(CppProgram::ActionChecker),
        ),
    ];
    files.extend(statement_and_players("Solutions"));
    files.extend(test_files(problem, |i| {
        (
            format!("Tests/Tetris.{:02}.in", i + 1),
            format!("Tests/Tetris.{:02}.sol", i + 1),
        )
    }));
    write_all(dir, &files)
}
