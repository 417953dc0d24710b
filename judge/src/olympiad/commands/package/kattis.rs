//! The Kattis problem package (problemtools' legacy format) and DOMjudge's
//! variant of it.

use std::path::Path;

use super::{
    file, make_executable, reference_answer, test_files, write_all, Problem, Validators, ACCEPTED,
    PARTIAL, POINTS_PER_TEST, SHORT_NAME, STATEMENT,
};
use crate::cli::Failure;
use crate::olympiad::checker_source::{source, Program};
use crate::olympiad::cpp_source::{cpp_source, CppProgram};
use crate::olympiad::statement;

/// Which DOMjudge versions score points: DOMjudge's judge daemon reads
/// `score.txt` since commit 5a96047a9 of its main branch (January 2026);
/// release 9.0.0 (October 2025) and every older one judge pass-fail only.
pub(super) const DOMJUDGE_SCORING: &str = "\
DOMjudge scores points only when built from its main branch since commit 5a96047a9
(January 2026, after release 9.0.0). DOMjudge 9.0.0 and older judge pass-fail only, and
this scoring problem's validator accepts every judged game there; for them package with
`judge package domjudge --pass-fail DIR` (accepted = every piece placed on every test).";

/// The validators' sources and, for DOMjudge, the build scripts its
/// judgehosts run (`build` makes `run`).
fn validators(problem: &Problem, domjudge: bool) -> Vec<(String, Vec<u8>)> {
    let (input, output, build) = match problem.validators {
        Validators::Cpp => (
            ("validate.cpp", cpp_source(CppProgram::KattisInputValidator)),
            (
                "validate.cpp",
                cpp_source(match problem.pass_fail {
                    true => CppProgram::PassFailOutputValidator,
                    false => CppProgram::KattisOutputValidator,
                }),
            ),
            "exec g++ -std=c++17 -O2 -o run validate.cpp\n",
        ),
        Validators::Rust => (
            ("validate.rs", source(Program::KattisInputValidator)),
            ("validate.rs", source(Program::KattisValidator)),
            "exec rustc -O --edition 2021 -o run validate.rs\n",
        ),
    };
    let mut files = vec![
        file(format!("input_validators/tetris/{}", input.0), input.1),
        file(format!("output_validators/tetris/{}", output.0), output.1),
    ];
    if domjudge {
        let script = format!(
            "#!/bin/sh\n# DOMjudge runs this on the judgehost; `run` is the validator.\n{build}"
        );
        files.push(file("output_validators/tetris/build", script.clone()));
        files.push(file("input_validators/tetris/build", script));
    }
    files
}

/// problem.yaml and the test groups' settings: points per test, or
/// pass-fail.
fn settings(problem: &Problem) -> Vec<(String, Vec<u8>)> {
    let variant = match problem.pass_fail {
        true => "pass-fail",
        false => "scoring",
    };
    let about = format!(
        "name: Tetris\nuuid: {}\nauthor: Alexander Georgiev\n\
         source: Bulgarian national olympiad in informatics 2012, problem A2\n\
         license: permission\nrights_owner: the problem's author\n",
        problem_uuid(variant)
    );
    if problem.pass_fail {
        let yaml = format!(
            "{about}# Accepted when every piece of every test is placed.\n\
             type: pass-fail\nvalidation: custom\nlimits:\n  memory: 256\n"
        );
        return vec![file("problem.yaml", yaml)];
    }
    let yaml = format!(
        "{about}\
# Points per test: the output validator writes round(10 X / N) to score.txt
# and always accepts a judged game, so a test worth 0 is judged, not
# rejected, and the later tests are still run.
type: scoring
validation: custom score
limits:
  memory: 256
"
    );
    // A judged game is accepted with its points: nothing stops a group, and
    // the sample, worth nothing, is left out of the total.
    let total = POINTS_PER_TEST as usize * problem.secret.len();
    vec![
        file("problem.yaml", yaml),
        file(
            "data/testdata.yaml",
            format!("on_reject: continue\ngrading: default\ngrader_flags: sum ignore_sample\nrange: 0 {total}\n"),
        ),
        file(
            "data/secret/testdata.yaml",
            format!("on_reject: continue\ngrading: default\ngrader_flags: sum\nrange: 0 {total}\n"),
        ),
        file(
            "data/sample/testdata.yaml",
            "on_reject: continue\ngrading: default\ngrader_flags: sum\n",
        ),
    ]
}

/// The problem's uuid in one variant (`scoring`, `pass-fail`): DOMjudge
/// keys problems by uuid, so the two variants need different ones to live
/// in one DOMjudge, and each must stay the same from build to build so that
/// a new package updates the problem imported before. The scoring problem
/// keeps the uuid packages always had (`NAMESPACE`); another variant's is a
/// name-based UUID (version 8, RFC 9562) of that uuid and the variant's
/// name, hashed with 128-bit FNV-1a, which no Rust release can change.
fn problem_uuid(variant: &str) -> String {
    const NAMESPACE: &str = "5bf44c9d-1203-49b3-9045-48e63f8d3b5b";
    if variant == "scoring" {
        return NAMESPACE.to_string();
    }
    const FNV_OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const FNV_PRIME: u128 = 0x0000000001000000000000000000013b;
    let mut hash = FNV_OFFSET;
    for byte in format!("{NAMESPACE}/{variant}").bytes() {
        hash = (hash ^ u128::from(byte)).wrapping_mul(FNV_PRIME);
    }
    // The version (8) in bits 76-79, the variant (binary 10) in bits 62-63.
    let bits = (hash & !(0xf << 76) & !(0b11 << 62)) | (0x8 << 76) | (0b10 << 62);
    let hex = format!("{bits:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The Kattis problem package (legacy problemtools format), and with
/// `domjudge` the same tree with DOMjudge's build scripts and the
/// statement where DOMjudge's importer looks for it
/// (`problem_statement/problem.pdf`, or `problem.html` without TeX).
pub(super) fn write(dir: &Path, problem: &Problem, domjudge: bool) -> Result<(), Failure> {
    let mut files = settings(problem);
    files.extend(validators(problem, domjudge));
    files.extend([
        file(".timelimit", "1\n"),
        file("data/sample/01.in", problem.sample.bytes.clone()),
        // Pass-fail, an answer must be accepted: the statement's sample
        // output places 13 of the 20 pieces, the baseline's places them all.
        file(
            "data/sample/01.ans",
            match problem.pass_fail {
                true => reference_answer(&problem.sample).into_bytes(),
                false => problem.sample_answer.clone(),
            },
        ),
        file("submissions/accepted/olympiad.rs", ACCEPTED),
    ]);
    // The statement in every language, with its figures (olympiad::statement).
    files.extend(statement::kattis_files());
    // Pass-fail, the weak player is rejected: it places all pieces on none
    // of the tests.
    files.push(match problem.pass_fail {
        true => file("submissions/wrong_answer/weak.rs", PARTIAL),
        false => file("submissions/partially_accepted/weak.rs", PARTIAL),
    });
    files.extend(test_files(problem, |i| {
        (
            format!("data/secret/{:02}.in", i + 1),
            format!("data/secret/{:02}.ans", i + 1),
        )
    }));
    if domjudge {
        // DOMjudge shows one statement, problem_statement/problem.pdf; the
        // other languages go in as attachments contestants can download.
        match statement::pdf_files(|language, primary| match primary {
            true => "problem_statement/problem.pdf".to_string(),
            false => format!("attachments/{SHORT_NAME}-{}.pdf", language.code),
        }) {
            Ok(pdfs) => files.extend(pdfs),
            Err(why) => {
                crate::say!(
                    "note: no statement PDF ({why}); the zip has problem_statement/problem.html"
                );
                files.push(file("problem_statement/problem.html", statement_html()));
            }
        }
    }
    write_all(dir, &files)?;
    if domjudge {
        make_executable(&dir.join("output_validators/tetris/build"))?;
        make_executable(&dir.join("input_validators/tetris/build"))?;
    }
    Ok(())
}

/// The statement as a web page, where no TeX typesets the PDF: its
/// Markdown, which reads as plain text, kept as it is.
fn statement_html() -> String {
    let text = STATEMENT
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Tetris</title></head>\n\
         <body><pre style=\"white-space: pre-wrap\">{text}</pre></body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::olympiad::tests_data::package_tests;

    fn uuid_of(pass_fail: bool) -> String {
        let tests = package_tests(None, None).unwrap();
        let problem = Problem {
            sample: tests.sample,
            sample_answer: tests.sample_answer,
            secret: tests.secret,
            validators: Validators::Cpp,
            pass_fail,
        };
        let (_, yaml) = settings(&problem).remove(0);
        let yaml = String::from_utf8(yaml).unwrap();
        let line = yaml.lines().find(|l| l.starts_with("uuid: ")).unwrap();
        line["uuid: ".len()..].to_string()
    }

    /// Both variants imported into one DOMjudge must not collide, and a
    /// package written again must update the problem imported before.
    #[test]
    fn the_scoring_and_pass_fail_problems_have_distinct_stable_uuids() {
        let (scoring, pass_fail) = (uuid_of(false), uuid_of(true));
        assert_ne!(scoring, pass_fail);
        // Stable: the scoring problem keeps the uuid of the packages
        // written before there were two variants; the pass-fail one is
        // pinned so that no change of the derivation goes unnoticed.
        assert_eq!(scoring, "5bf44c9d-1203-49b3-9045-48e63f8d3b5b");
        assert_eq!(pass_fail, "227997da-2bee-8917-90b3-ca23f8e0d14b");
        assert_eq!(uuid_of(true), pass_fail, "the same from run to run");
        let groups: Vec<usize> = pass_fail.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12], "{pass_fail}");
        assert_eq!(&pass_fail[14..15], "8", "version 8: {pass_fail}");
        assert!(
            "89ab".contains(&pass_fail[19..20]),
            "RFC variant: {pass_fail}"
        );
    }
}
