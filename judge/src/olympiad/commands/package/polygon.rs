//! The Polygon folder.

use std::path::Path;

use super::{file, statement_and_players, test_files, write_all, Problem};
use crate::cli::Failure;
use crate::olympiad::checker_source::{source, Program};

/// Tests, the testlib-style checker and instructions for Polygon.
pub(super) fn write(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let instructions = "\
# Tetris for Polygon / Codeforces

- `tests/01` .. `tests/10`: upload as the tests (points: 10 each, group scoring off);
  `tests/01.a` .. are reference answers, which the checker ignores.
- `checker.rs`: the checker, with testlib's conventions (arguments `input output
  answer [result-file [-appes]]`, exit 0 ok, 1 wrong answer, 2 presentation error,
  3 fail, 7 points with `points P` on stderr).
- `solutions/olympiad.rs` (main correct), `solutions/weak.rs` (partial).
- `statement.md`: the statement.

Polygon itself cannot take this checker: Polygon compiles checkers in the
languages of its checker list (C++ with testlib.h, and a few others), and Rust
is not among them. The project keeps one copy of the rules, in Rust, on purpose:
a C++ port would be a second, hand-kept referee. Use `checker.rs` on systems that
run a testlib-style checker as any executable (ejudge, PCMS2, Yandex.Contest,
a Codeforces gym with a custom checker binary): compile it with
`rustc -O --edition 2021 checker.rs` (Rust 1.56 or newer).
";
    let mut files = vec![
        file("README.md", instructions),
        file("checker.rs", source(Program::TestlibChecker)),
    ];
    files.extend(statement_and_players("statement.md", "solutions"));
    files.extend(test_files(problem, |i| {
        (
            format!("tests/{:02}", i + 1),
            format!("tests/{:02}.a", i + 1),
        )
    }));
    write_all(dir, &files)
}
