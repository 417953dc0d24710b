//! `judge package`: each contest system's package, checked the way that
//! system uses it. Kattis: problemtools' `verifyproblem` itself (skipped,
//! saying so, where it is not installed). DOMjudge, CMS and Polygon: the
//! packaged checker built from its one source and run exactly as the judge
//! hosts call it, its points compared with the judge's own on the same
//! outputs.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{execute, judge, root, scratch, submission};
use judge::olympiad::format::OutputReader;
use judge::olympiad::judge::load_tests;
use judge::olympiad::{play, ToppingPiece, Unwatched};

/// The players of the packages, and each one's outputs on the ten tests
/// with the points the judge gives them.
struct Played {
    outputs: Vec<Vec<u8>>,
    points: Vec<u32>,
}

fn play_tests(player: &str) -> Played {
    let tests = load_tests(&root().join("testdata/olympiad/official")).unwrap();
    let command = submission(player);
    let mut played = Played {
        outputs: Vec::new(),
        points: Vec::new(),
    };
    for test in &tests {
        let (input, pieces) = (&test.bytes, &test.pieces);
        let output = common::run_ok(&command, input, 30).stdout;
        let outcome = play(
            pieces,
            &mut OutputReader::new(&output[..]),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        );
        played.points.push(outcome.points());
        played.outputs.push(output);
    }
    played
}

fn package(system: &str, dir: &Path) -> PathBuf {
    let ran = judge(&["package", system, dir.to_str().unwrap()]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    dir.join("tetris")
}

/// Compiles one generated source as a contest system does.
fn build(source: &Path, binary: &Path) {
    let out = Command::new("rustc")
        .args(["-O", "--edition", "2021", "-o"])
        .arg(binary)
        .arg(source)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A problemtools program: from `target/problemtools-venv`, else the PATH.
fn problemtools(program: &str) -> Option<PathBuf> {
    let venv = root().join("target/problemtools-venv/bin").join(program);
    if venv.exists() {
        return Some(venv);
    }
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .ok()?;
    let path = String::from_utf8_lossy(&found.stdout).trim().to_string();
    (!path.is_empty()).then(|| PathBuf::from(path))
}

fn verifyproblem() -> Option<PathBuf> {
    problemtools("verifyproblem")
}

/// Whether this machine can typeset a Kattis statement: lualatex and the
/// packages of problemtools' problemset class.
fn tex_for_statements() -> bool {
    let found = |file: &str| {
        Command::new("kpsewhich")
            .arg(file)
            .output()
            .is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
    };
    Command::new("lualatex").arg("--version").output().is_ok()
        && [
            "subfigure.sty",
            "ulem.sty",
            "fontspec.sty",
            "luacode.sty",
            "xstring.sty",
        ]
        .iter()
        .all(|f| found(f))
}

#[test]
fn verifyproblem_accepts_the_kattis_package_with_the_expected_scores() {
    let Some(verify) = common::external_tool(
        "packages: verifyproblem",
        "problemtools' verifyproblem",
        ".ci/run installs it in target/problemtools-venv",
        verifyproblem(),
    ) else {
        return;
    };
    let dir = scratch("package-kattis");
    let problem = package("kattis", dir.path());
    let mut parts = vec!["config", "data", "validators", "submissions"];
    let tex = common::external_tool(
        "packages: verifyproblem's statement part",
        "lualatex with the problemset class's packages",
        ".ci/run installs TeX from Debian",
        tex_for_statements().then_some(()),
    );
    if tex.is_some() {
        parts.push("statement");
    }
    let out = Command::new(&verify)
        .arg(&problem)
        .arg("-p")
        .args(&parts)
        .output()
        .unwrap();
    let report =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(report.contains("tested: 0 errors"), "{report}");
    let weak: u32 = play_tests("olympiad-weak").points.iter().sum();
    assert!(
        weak > 0 && weak < 100,
        "the weak player must be partial: {weak}"
    );
    assert!(
        report.contains("accepted/olympiad.rs (Rust) OK: AC (100)"),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "partially_accepted/weak.rs (Rust) OK: AC ({weak})"
        )),
        "the judge gives the weak player {weak}: {report}"
    );
}

/// The text of a PDF, by poppler's `pdftotext`; None without it.
fn pdf_text(pdf: &Path) -> Option<String> {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn problemtools_renders_both_statements_with_figures_formulas_and_the_sample_once() {
    let tools = (
        problemtools("problem2pdf"),
        problemtools("problem2html"),
        tex_for_statements().then_some(()),
    );
    let Some((to_pdf, to_html)) = common::external_tool(
        "packages: problem2pdf and problem2html in English and Bulgarian",
        "problemtools with lualatex and the problemset class's packages",
        ".ci/run installs problemtools in target/problemtools-venv and TeX from Debian",
        match tools {
            (Some(pdf), Some(html), Some(())) => Some((pdf, html)),
            _ => None,
        },
    ) else {
        return;
    };
    let dir = scratch("package-statements");
    let problem = package("kattis", dir.path());
    let sample = std::fs::read_to_string(problem.join("data/sample/01.in")).unwrap();
    let sample_line = sample.lines().nth(1).unwrap();
    for (language, title, heading, sample_heading) in [
        ("en", "Tetris", "Rotations", "Sample Input"),
        ("bg", "Тетрис", "Завъртания", "Примерен вход"),
    ] {
        // problemtools' converters: `TOOL -q -l LANGUAGE FLAG OUT PROBLEM`.
        let render = |tool: &Path, flag: &str, out: &Path| {
            let ran = Command::new(tool)
                .args(["-q", "-l", language, flag])
                .arg(out)
                .arg(&problem)
                .output()
                .unwrap();
            assert!(
                ran.status.success() && out.exists(),
                "{} -l {language}: {}",
                tool.display(),
                String::from_utf8_lossy(&ran.stdout)
            );
        };
        let pdf = dir.path().join(format!("{language}.pdf"));
        render(&to_pdf, "-o", &pdf);
        let text = common::external_tool(
            "packages: the statements' text (pdftotext)",
            "pdftotext",
            "Debian: poppler-utils; .ci/run installs it",
            pdf_text(&pdf),
        );
        if let Some(text) = text {
            // Cyrillic text is there only if the fonts have its letters.
            for expected in [title, heading, sample_heading] {
                assert!(
                    text.contains(expected),
                    "{language}: no '{expected}' in {text}"
                );
            }
            assert_eq!(text.matches(sample_line).count(), 1, "{language}: {text}");
        }
        let html = dir.path().join(format!("html-{language}"));
        render(&to_html, "-d", &html);
        let page = std::fs::read_to_string(html.join("index.html")).unwrap();
        assert!(page.contains(title) && page.contains(heading) && page.contains(sample_heading));
        assert_eq!(page.matches(sample_line).count(), 1, "{language}");
        // The formula goes to MathJax as TeX; the figures are images.
        assert!(page.contains("\\left\\lfloor \\frac{20X +"), "{language}");
        let images: Vec<&str> = page
            .split("<img src=\"")
            .skip(1)
            .map(|tail| tail.split('"').next().unwrap())
            .collect();
        assert_eq!(images.len(), 3, "{language}: {images:?}");
        for image in images {
            let bytes = std::fs::read(html.join(image)).unwrap();
            assert!(bytes.starts_with(b"\x89PNG"), "{language}: {image}");
        }
    }
}

#[test]
fn the_domjudge_package_builds_its_validator_and_scores_like_the_judge() {
    let dir = scratch("package-domjudge");
    let problem = package("domjudge", dir.path());
    // The zip holds the same files as the folder.
    let listed = Command::new("python3")
        .args(["-m", "zipfile", "-l"])
        .arg(dir.path().join("tetris.zip"))
        .output();
    if let Ok(listed) = listed {
        let listing = String::from_utf8_lossy(&listed.stdout);
        for name in [
            "problem.yaml",
            "output_validators/tetris/build",
            "data/secret/10.in",
        ] {
            assert!(
                listing.contains(name),
                "{name} is missing from the zip: {listing}"
            );
        }
    }
    // A judgehost runs `build` in the validator's folder, then `run`.
    let validator = problem.join("output_validators/tetris");
    let built = Command::new("sh")
        .arg("build")
        .current_dir(&validator)
        .status()
        .unwrap();
    assert!(built.success());
    let played = play_tests("olympiad-weak");
    let feedback = dir.path().join("feedback");
    for (i, output) in played.outputs.iter().enumerate() {
        std::fs::create_dir_all(&feedback).unwrap();
        let input = problem.join(format!("data/secret/{:02}.in", i + 1));
        let answer = problem.join(format!("data/secret/{:02}.ans", i + 1));
        let ran = execute(
            validator.join("run").to_str().unwrap(),
            &[
                input.to_str().unwrap(),
                answer.to_str().unwrap(),
                feedback.to_str().unwrap(),
            ],
            output,
        );
        assert_eq!(ran.code, 42, "test {}: {}", i + 1, ran.stderr);
        let score = std::fs::read_to_string(feedback.join("score.txt")).unwrap();
        assert_eq!(score.trim(), played.points[i].to_string(), "test {}", i + 1);
        std::fs::remove_dir_all(&feedback).unwrap();
    }
}

#[test]
fn the_cms_checker_is_called_as_cms_calls_it_and_sums_like_the_judge() {
    let dir = scratch("package-cms");
    let problem = package("cms", dir.path());
    let task = std::fs::read_to_string(problem.join("task.yaml")).unwrap();
    assert!(task.contains("score_type: Sum") && task.contains("score_type_parameters: 10"));
    let checker = problem.join("check/checker");
    if !checker.exists() {
        build(&problem.join("check/checker.rs"), &checker);
    }
    for player in ["olympiad", "olympiad-weak"] {
        let played = play_tests(player);
        let mut total = 0.0;
        for (i, output) in played.outputs.iter().enumerate() {
            let contestant = dir.path().join(format!("{player}-{i}.out"));
            std::fs::write(&contestant, output).unwrap();
            let input = problem.join(format!("input/input{i}.txt"));
            let correct = problem.join(format!("output/output{i}.txt"));
            let mut args = vec![
                input.to_string_lossy().into_owned(),
                correct.to_string_lossy().into_owned(),
                contestant.to_string_lossy().into_owned(),
            ];
            if i % 2 == 1 {
                args.push("batch".into()); // newer task types add it
            }
            let ran = execute(checker.to_str().unwrap(), &args, b"");
            assert_eq!(ran.code, 0, "{player} test {i}: {}", ran.stderr);
            let fraction: f64 = ran.stdout.trim().parse().unwrap();
            assert_eq!((fraction * 10.0).round() as u32, played.points[i]);
            total += fraction * 10.0;
        }
        let judged: u32 = played.points.iter().sum();
        assert_eq!(total.round() as u32, judged, "{player}");
    }
}

#[test]
fn the_polygon_checker_follows_testlib_and_scores_like_the_judge() {
    let dir = scratch("package-polygon");
    let problem = package("polygon", dir.path());
    let readme = std::fs::read_to_string(problem.join("README.md")).unwrap();
    assert!(readme.contains("Polygon itself cannot take this checker"));
    let checker = dir.path().join("checker");
    build(&problem.join("checker.rs"), &checker);
    let played = play_tests("olympiad-weak");
    for (i, output) in played.outputs.iter().enumerate() {
        let contestant = dir.path().join(format!("{i}.out"));
        std::fs::write(&contestant, output).unwrap();
        let input = problem.join(format!("tests/{:02}", i + 1));
        let answer = problem.join(format!("tests/{:02}.a", i + 1));
        let ran = execute(
            checker.to_str().unwrap(),
            &[
                input.to_str().unwrap(),
                contestant.to_str().unwrap(),
                answer.to_str().unwrap(),
            ],
            b"",
        );
        let expected = match played.points[i] {
            0 => (1, "wrong answer".to_string()),
            10 => (0, "ok".to_string()),
            p => (7, format!("points {p}")),
        };
        assert_eq!(ran.code, expected.0, "test {}: {}", i + 1, ran.stderr);
        assert!(ran.stderr.starts_with(&expected.1), "{}", ran.stderr);
    }
}

#[test]
fn packaging_refuses_an_unknown_system_and_a_folder_in_use() {
    let dir = scratch("package-bad");
    assert_eq!(
        judge(&["package", "hackerrank", dir.path().to_str().unwrap()]).code,
        2
    );
    package("polygon", dir.path());
    let again = judge(&["package", "polygon", dir.path().to_str().unwrap()]);
    assert_eq!(again.code, 1, "{}", again.stderr);
    assert!(again.stderr.contains("not empty"), "{}", again.stderr);
}
