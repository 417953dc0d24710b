//! The CMS task folder for the `italy_yaml` loader.

use std::path::Path;

use super::{
    file, make_executable, statement_and_players, test_files, write_all, Problem, POINTS_PER_TEST,
    SHORT_NAME,
};
use crate::cli::{write_file, Failure};
use crate::olympiad::checker_source::{source, Program};
use crate::olympiad::statement;
use crate::process::ScratchDir;

/// Compiles a generated checker into a static binary, reproducibly: built
/// from a relative path in a scratch folder with no debug information and
/// no symbols, so no path of this machine is in it and every run gives the
/// same bytes. Err says why it could not be built.
fn compile_static(source: &str) -> Result<Vec<u8>, Failure> {
    let scratch = ScratchDir::new("package")?;
    write_file(&scratch.path().join("checker.rs"), source)?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let built = std::process::Command::new(&rustc)
        .args([
            "-O",
            "--edition",
            "2021",
            "-C",
            "target-feature=+crt-static",
        ])
        .args([
            "-C",
            "debuginfo=0",
            "-C",
            "strip=symbols",
            "-o",
            "checker",
            "checker.rs",
        ])
        .current_dir(scratch.path())
        .stdin(std::process::Stdio::null())
        .output();
    let why = match built {
        Err(e) => format!("cannot run {}: {e}", rustc.to_string_lossy()),
        Ok(out) if !out.status.success() => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let first = stderr
                .lines()
                .find(|l| l.starts_with("error"))
                .unwrap_or("");
            format!("rustc failed: {first}")
        }
        Ok(_) => return crate::cli::read_file(&scratch.path().join("checker")),
    };
    Err(Failure::judge(format!(
        "cannot build the CMS checker ({why}). CMS would judge a task without \
         check/checker by comparing outputs, so no package was written. A static build \
         needs rustc and the C library's static archive (Debian: gcc and libc6-dev)."
    )))
}

/// A CMS task folder for the `italy_yaml` loader: Batch task, comparator
/// `check/checker`, Sum score type with 10 points a test, the statement as
/// a PDF in English (Bulgarian as an attachment); every test public with full feedback, and the best
/// submission's score (docs/contest-systems.md says how to change these).
pub(super) fn write(dir: &Path, problem: &Problem) -> Result<(), Failure> {
    let checker_source = source(Program::CmsChecker);
    let checker = compile_static(&checker_source)?;
    let task_yaml = format!(
        "name: {SHORT_NAME}\ntitle: Tetris\nprimary_language: en\ntime_limit: 1.0\n\
         memory_limit: 256\nn_input: {}\ninfile: \"\"\noutfile: \"\"\nscore_type: Sum\n\
         score_type_parameters: {POINTS_PER_TEST}\npublic_testcases: all\n\
         feedback_level: full\nscore_mode: max\ntoken_mode: disabled\n",
        problem.secret.len()
    );
    // The loader imports statement/statement.pdf as the primary language's
    // statement and every file in att/ as an attachment.
    let statement = statement::pdf_files(|language, primary| match primary {
        true => "statement/statement.pdf".to_string(),
        false => format!("att/statement-{}.pdf", language.code),
    });
    let mut files = vec![
        file("task.yaml", task_yaml),
        file("check/checker.rs", checker_source),
        file("check/checker", checker),
    ];
    files.extend(statement_and_players("sol"));
    if let Ok(pdfs) = &statement {
        files.extend(pdfs.iter().cloned());
    }
    files.extend(test_files(problem, |i| {
        (
            format!("input/input{i}.txt"),
            format!("output/output{i}.txt"),
        )
    }));
    write_all(dir, &files)?;
    make_executable(&dir.join("check/checker"))?;
    if let Err(why) = statement {
        crate::say!(
            "note: no statement PDF ({why}).\n\
             Import with `cmsImportTask -S -L italy_yaml {}` (-S: no statement) and upload \
             statement.md or a PDF of it in the admin interface; or install TeX \
             (Debian: texlive-luatex texlive-latex-recommended) and package again.",
            dir.display()
        );
    }
    Ok(())
}
