//! The Kattis problem package (problemtools' legacy format) and DOMjudge's
//! variant of it.

use std::path::Path;

use super::{
    file, make_executable, test_files, write_all, Problem, ACCEPTED, PARTIAL, POINTS_PER_TEST,
    STATEMENT,
};
use crate::cli::Failure;
use crate::olympiad::checker_source::{source, Program};

/// The Kattis problem package (legacy problemtools format), and with
/// `domjudge` the same tree with the build script DOMjudge's judgehosts run.
pub(super) fn write(dir: &Path, problem: &Problem, domjudge: bool) -> Result<(), Failure> {
    let problem_yaml = "\
name: Tetris
uuid: 5bf44c9d-1203-49b3-9045-48e63f8d3b5b
author: Alexander Georgiev
source: Bulgarian national olympiad in informatics 2012, problem A2
license: permission
rights_owner: the problem's author
# Points per test: the output validator writes round(10 X / N) to score.txt
# and always accepts a judged game, so a test worth 0 is judged, not
# rejected, and the later tests are still run.
type: scoring
validation: custom score
limits:
  memory: 256
";
    // A judged game is accepted with its points: nothing stops a group, and
    // the sample, worth nothing, is left out of the total.
    let root_yaml = format!(
        "on_reject: continue\ngrading: default\ngrader_flags: sum ignore_sample\nrange: 0 {}\n",
        POINTS_PER_TEST as usize * problem.secret.len()
    );
    let secret_yaml = format!(
        "on_reject: continue\ngrading: default\ngrader_flags: sum\nrange: 0 {}\n",
        POINTS_PER_TEST as usize * problem.secret.len()
    );
    let sample_yaml = "on_reject: continue\ngrading: default\ngrader_flags: sum\n";
    let mut files = vec![
        file("problem.yaml", problem_yaml),
        file(".timelimit", "1\n"),
        file("data/testdata.yaml", root_yaml),
        file("data/secret/testdata.yaml", secret_yaml),
        file("data/sample/testdata.yaml", sample_yaml),
        file("data/sample/01.in", problem.sample.bytes.clone()),
        file("data/sample/01.ans", problem.sample_answer.clone()),
        file(
            "input_validators/tetris/validate.rs",
            source(Program::KattisInputValidator),
        ),
        file(
            "output_validators/tetris/validate.rs",
            source(Program::KattisValidator),
        ),
        file("submissions/accepted/olympiad.rs", ACCEPTED),
        file("submissions/partially_accepted/weak.rs", PARTIAL),
        file(
            "problem_statement/problem.en.tex",
            crate::latex::statement(STATEMENT, "Tetris"),
        ),
    ];
    files.extend(test_files(problem, |i| {
        (
            format!("data/secret/{:02}.in", i + 1),
            format!("data/secret/{:02}.ans", i + 1),
        )
    }));
    if domjudge {
        files.push(file(
            "output_validators/tetris/build",
            "#!/bin/sh\n# DOMjudge runs this on the judgehost; `run` is the validator.\n\
             exec rustc -O --edition 2021 -o run validate.rs\n",
        ));
        files.push(file(
            "input_validators/tetris/build",
            "#!/bin/sh\nexec rustc -O --edition 2021 -o run validate.rs\n",
        ));
    }
    write_all(dir, &files)?;
    if domjudge {
        make_executable(&dir.join("output_validators/tetris/build"))?;
        make_executable(&dir.join("input_validators/tetris/build"))?;
    }
    Ok(())
}
