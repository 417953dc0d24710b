//! `judge package`: each contest system's package, checked the way that
//! system uses it. Kattis: problemtools' `verifyproblem` itself (skipped,
//! saying so, where it is not installed); Polygon: the checker and validator
//! against the standard testlib.h, p2d's conversion judged by verifyproblem,
//! rbx-cp's importer. DOMjudge, CMS and Polygon: the
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
    package_with(system, dir, &[])
}

/// `judge package SYSTEM DIR OPTIONS...`: the package's folder.
fn package_with(system: &str, dir: &Path, options: &[&str]) -> PathBuf {
    let mut args = vec!["package", system, dir.to_str().unwrap()];
    args.extend(options);
    let ran = judge(&args);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    dir.join("tetris")
}

/// problemtools' `verifyproblem`, recorded as run or skipped for `test`.
fn verifyproblem(test: &str) -> Option<PathBuf> {
    let found = find_verifyproblem();
    common::external_tool(
        test,
        "problemtools' verifyproblem",
        ".ci/run installs it in target/problemtools-venv",
        found,
    )
}

/// Runs `verifyproblem` on a problem folder with these parts: its report.
fn verify(verifyproblem: &Path, problem: &Path, parts: &[&str]) -> String {
    let out = Command::new(verifyproblem)
        .arg(problem)
        .arg("-p")
        .args(parts)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// A pass-fail problem's report: no error, the olympiad player accepted on
/// every test, the weak one rejected.
fn assert_pass_fail_verdicts(report: &str) {
    assert!(report.contains("tested: 0 errors"), "{report}");
    for verdict in [
        "accepted/olympiad.rs (Rust) OK: AC",
        "wrong_answer/weak.rs (Rust) OK: WA",
    ] {
        assert!(report.contains(verdict), "{verdict}: {report}");
    }
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

fn find_verifyproblem() -> Option<PathBuf> {
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
    let Some(verifyproblem) = verifyproblem("packages: verifyproblem") else {
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
    let report = verify(&verifyproblem, &problem, &parts);
    assert!(report.contains("tested: 0 errors"), "{report}");
    // The validators are C++, which hosted Kattis compiles, and the input
    // validator rejects every change to the layout problemtools tries.
    assert!(!report.contains("standardized"), "{report}");
    assert!(!report.to_lowercase().contains("whitespace"), "{report}");
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

/// Runs a DOMjudge package's output validator as a judgehost does (`build`
/// in its folder, then `run input answer feedbackdir < output`) on the
/// player's outputs: each test's exit code and score.txt, if written.
fn run_domjudge_validator(problem: &Path, played: &Played) -> Vec<(i32, Option<String>)> {
    let validator = problem.join("output_validators/tetris");
    let built = Command::new("sh")
        .arg("build")
        .current_dir(&validator)
        .status()
        .unwrap();
    assert!(built.success());
    let feedback = problem.join("feedback");
    let mut results = Vec::new();
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
        let score = std::fs::read_to_string(feedback.join("score.txt")).ok();
        assert!(
            std::fs::read_to_string(feedback.join("judgemessage.txt"))
                .unwrap()
                .starts_with("placed "),
            "test {}",
            i + 1
        );
        results.push((ran.code, score.map(|s| s.trim().to_string())));
        std::fs::remove_dir_all(&feedback).unwrap();
    }
    results
}

/// The scoring validator accepts every game of the weak player with the
/// judge's points.
fn scores_like_the_judge(problem: &Path) {
    let played = play_tests("olympiad-weak");
    let results = run_domjudge_validator(problem, &played);
    for (i, (code, score)) in results.into_iter().enumerate() {
        assert_eq!(code, 42, "test {}", i + 1);
        assert_eq!(score, Some(played.points[i].to_string()), "test {}", i + 1);
    }
}

fn zip_listing(zip: &Path) -> Option<String> {
    let listed = Command::new("python3")
        .args(["-m", "zipfile", "-l"])
        .arg(zip)
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&listed.stdout).into_owned())
}

#[test]
fn the_domjudge_package_builds_its_validator_and_scores_like_the_judge() {
    let Some(()) = common::gxx("packages: the DOMjudge validators") else {
        return;
    };
    let dir = scratch("package-domjudge");
    let ran = judge(&["package", "domjudge", dir.path().to_str().unwrap()]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    // It says which DOMjudge versions score points.
    assert!(
        ran.stdout.contains("9.0.0") && ran.stdout.contains("--pass-fail"),
        "{}",
        ran.stdout
    );
    let problem = dir.path().join("tetris");
    if let Some(listing) = zip_listing(&dir.path().join("tetris.zip")) {
        for name in [
            "problem.yaml",
            "output_validators/tetris/build",
            "output_validators/tetris/validate.cpp",
            "input_validators/tetris/validate.cpp",
            "data/secret/10.in",
        ] {
            assert!(
                listing.contains(name),
                "{name} is missing from the zip: {listing}"
            );
        }
        // DOMjudge's importer reads problem_statement/problem.{pdf,html,txt}.
        assert!(
            listing.contains("problem_statement/problem.pdf")
                || listing.contains("problem_statement/problem.html"),
            "{listing}"
        );
    }
    scores_like_the_judge(&problem);
}

#[test]
fn the_pass_fail_domjudge_package_accepts_only_games_with_every_piece_placed() {
    let Some(()) = common::gxx("packages: the pass-fail DOMjudge validator") else {
        return;
    };
    let dir = scratch("package-domjudge-pass-fail");
    let problem = package_with("domjudge", dir.path(), &["--pass-fail"]);
    let yaml = std::fs::read_to_string(problem.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("type: pass-fail") && !yaml.contains("scoring"),
        "{yaml}"
    );
    assert!(problem.join("submissions/wrong_answer/weak.rs").exists());
    if let Some(verifyproblem) = verifyproblem("packages: verifyproblem on the pass-fail package") {
        let report = verify(
            &verifyproblem,
            &problem,
            &["config", "data", "validators", "submissions"],
        );
        assert_pass_fail_verdicts(&report);
    }
    for player in ["olympiad", "olympiad-weak"] {
        let played = play_tests(player);
        for (i, (code, score)) in run_domjudge_validator(&problem, &played)
            .into_iter()
            .enumerate()
        {
            let expected = if played.points[i] == 10 { 42 } else { 43 };
            assert_eq!(code, expected, "{player} test {}", i + 1);
            assert_eq!(score, None, "pass-fail writes no score");
        }
    }
}

#[test]
fn with_rust_validators_the_domjudge_package_builds_them_with_rustc() {
    let dir = scratch("package-domjudge-rust");
    let problem = package_with("domjudge", dir.path(), &["--validators", "rust"]);
    assert!(problem
        .join("output_validators/tetris/validate.rs")
        .exists());
    assert!(problem.join("input_validators/tetris/validate.rs").exists());
    scores_like_the_judge(&problem);
}

#[test]
fn the_cms_checker_is_called_as_cms_calls_it_and_sums_like_the_judge() {
    let dir = scratch("package-cms");
    let problem = package("cms", dir.path());
    let task = std::fs::read_to_string(problem.join("task.yaml")).unwrap();
    assert!(task.contains("score_type: Sum") && task.contains("score_type_parameters: 10"));
    let checker = problem.join("check/checker");
    if !checker.exists() {
        common::compile_rs(&problem.join("check/checker.rs"), &checker);
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

/// Builds the Polygon package's checker and validator against the standard
/// testlib.h, as Polygon does.
fn build_polygon(problem: &Path, testlib: &Path, dir: &Path) -> (PathBuf, PathBuf) {
    let checker = dir.join("check");
    let validator = dir.join("validator");
    std::thread::scope(|s| {
        s.spawn(|| {
            common::compile_cpp(
                &problem.join("files/check.cpp"),
                &checker,
                Some(testlib),
                &[],
            )
        });
        s.spawn(|| {
            common::compile_cpp(
                &problem.join("files/validator.cpp"),
                &validator,
                Some(testlib),
                &[],
            )
        });
    });
    (checker, validator)
}

#[test]
fn the_polygon_checker_follows_testlib_and_scores_like_the_judge() {
    let test = "packages: the Polygon checker and validator";
    let (Some(()), Some(testlib)) = (common::gxx(test), common::testlib_dir(test)) else {
        return;
    };
    let dir = scratch("package-polygon");
    let problem = package("polygon", dir.path());
    let (checker, validator) = build_polygon(&problem, &testlib, dir.path());
    let path = |p: &Path| p.to_str().unwrap().to_string();
    for player in ["olympiad", "olympiad-weak"] {
        let played = play_tests(player);
        for (i, output) in played.outputs.iter().enumerate() {
            let contestant = dir.path().join(format!("{i}.out"));
            std::fs::write(&contestant, output).unwrap();
            let input = problem.join(format!("tests/{:02}", i + 1));
            let answer = problem.join(format!("tests/{:02}.a", i + 1));
            let result = dir.path().join("result.xml");
            let ran = execute(
                checker.to_str().unwrap(),
                &[
                    path(&input),
                    path(&contestant),
                    path(&answer),
                    path(&result),
                    "-appes".into(),
                ],
                b"",
            );
            let (code, start, outcome) = match played.points[i] {
                0 => (1, "wrong answer".to_string(), "wrong-answer".to_string()),
                10 => (0, "ok".to_string(), "accepted".to_string()),
                p => (7, format!("points {p} "), "points".to_string()),
            };
            assert_eq!(ran.code, code, "{player} test {}: {}", i + 1, ran.stderr);
            // With a result file testlib writes the verdict there only.
            let plain = execute(
                checker.to_str().unwrap(),
                &[path(&input), path(&contestant), path(&answer)],
                b"",
            );
            assert_eq!(plain.code, code);
            assert!(plain.stderr.starts_with(&start), "{}", plain.stderr);
            let xml = std::fs::read_to_string(&result).unwrap();
            assert!(
                xml.contains(&format!("<result outcome = \"{outcome}\"")),
                "{xml}"
            );
            if let Some((_, rest)) = xml.split_once("points = \"") {
                let points: f64 = rest.split('"').next().unwrap().parse().unwrap();
                assert_eq!(points, f64::from(played.points[i]), "{xml}");
            }
            // Polygon's validator takes every test.
            let valid = execute(
                validator.to_str().unwrap(),
                &["--testset", "tests"],
                &std::fs::read(&input).unwrap(),
            );
            assert_eq!(valid.code, 0, "{}", valid.stderr);
        }
    }
    // Built with -DCMS (as CMS's Polygon loader builds it, against CMS's
    // testlib.h, which prints quitp's value as the outcome), the points are
    // a fraction of the test.
    let cms = dir.path().join("check-cms");
    common::compile_cpp(
        &problem.join("files/check.cpp"),
        &cms,
        Some(&testlib),
        &["-DCMS"],
    );
    let sample = root().join("testdata/olympiad/sample");
    let (input, output) = (sample.join("Tetris.in"), sample.join("Tetris.out"));
    let ran = execute(
        cms.to_str().unwrap(),
        &[path(&input), path(&output), path(&output)],
        b"",
    );
    assert!(
        ran.stderr.starts_with("points 0.7 placed 13 of 20"),
        "{}",
        ran.stderr
    );
    // A bad test is the jury's failure; no output file, a format error.
    let bad = common::write(dir.path(), "bad", "2\n1 9\n");
    let empty = common::write(dir.path(), "empty", "");
    let ran = execute(
        checker.to_str().unwrap(),
        &[path(&bad), path(&empty), path(&empty)],
        b"",
    );
    assert_eq!(ran.code, 3, "{}", ran.stderr);
    assert!(ran.stderr.starts_with("FAIL"), "{}", ran.stderr);
    let missing = dir.path().join("missing");
    let input = problem.join("tests/01");
    let ran = execute(
        checker.to_str().unwrap(),
        &[path(&input), path(&missing), path(&empty)],
        b"",
    );
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    for laid_out_otherwise in ["2\n1  1\n", "2\r\n1 1\r\n", "2\n1\n1\n", "2\n1 1"] {
        let ran = execute(
            validator.to_str().unwrap(),
            &[] as &[&str],
            laid_out_otherwise.as_bytes(),
        );
        assert_eq!(ran.code, 3, "{laid_out_otherwise:?}: {}", ran.stderr);
    }
}

/// p2d, the Polygon to DOMjudge converter, where installed.
fn p2d() -> Option<PathBuf> {
    let p2d = root().join("target/polygon-tools-venv/bin/p2d");
    p2d.exists().then_some(p2d)
}

#[test]
fn p2d_converts_the_polygon_package_and_verifyproblem_judges_the_result() {
    let test = "packages: p2d and verifyproblem";
    let p2d = common::external_tool(
        test,
        "p2d",
        ".ci/run installs it in target/polygon-tools-venv",
        p2d(),
    );
    let (Some(p2d), Some(verifyproblem)) = (p2d, verifyproblem(test)) else {
        return;
    };
    let dir = scratch("package-p2d");
    let problem = package("polygon", dir.path());
    let zip = dir.path().join("converted.zip");
    let out = Command::new(&p2d)
        .args(["--code", "tetris", "--yes", "--with-statement", "--output"])
        .arg(&zip)
        .arg(&problem)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("Use custom checker"), "{said}");
    let converted = dir.path().join("converted");
    let unzipped = Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&zip)
        .arg(&converted)
        .status()
        .unwrap();
    assert!(unzipped.success());
    let yaml = std::fs::read_to_string(converted.join("problem.yaml")).unwrap();
    assert!(yaml.contains("validation: custom"), "{yaml}");
    assert!(converted
        .join("output_validators/checker/check.cpp")
        .exists());
    // p2d files Polygon's "rejected" solution under DOMjudge's `mixed`,
    // which verifyproblem does not know; the weak player is rejected there.
    std::fs::rename(
        converted.join("submissions/mixed"),
        converted.join("submissions/wrong_answer"),
    )
    .unwrap();
    // DOMjudge's own problem format has no input validator or LaTeX
    // statement: verifyproblem checks the tests and judges the players with
    // the checker compiled against p2d's DOMjudge testlib.h.
    let report = verify(&verifyproblem, &converted, &["data", "submissions"]);
    assert_pass_fail_verdicts(&report);
}

#[test]
fn rbx_imports_the_polygon_package() {
    let python = root().join("target/polygon-tools-venv/bin/python");
    let importer = Command::new(&python)
        .args(["-c", "import rbx.box.packaging.polygon.importer"])
        .output()
        .is_ok_and(|o| o.status.success());
    let Some(()) = common::external_tool(
        "packages: rbx-cp's Polygon importer",
        "rbx-cp",
        ".ci/run installs it in target/polygon-tools-venv",
        importer.then_some(()),
    ) else {
        return;
    };
    let dir = scratch("package-rbx");
    // rbx-cp 2.3.3's importer fails on any package with a PDF statement (it
    // builds its statement entry with fields its own schema refuses), so the
    // package is made without TeX.
    let ran = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(root())
        .args(["package", "polygon"])
        .arg(dir.path())
        .env("LUALATEX", "/nonexistent")
        .output()
        .unwrap();
    assert!(ran.status.success());
    let problem = dir.path().join("tetris");
    let into = dir.path().join("imported");
    std::fs::create_dir(&into).unwrap();
    let script = "import asyncio, pathlib, sys\n\
                  from rbx.box.packaging.polygon.importer import PolygonImporter\n\
                  asyncio.run(PolygonImporter(main_language=None).import_package(\
                  pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])))\n";
    let out = Command::new(&python)
        .args(["-c", script])
        .arg(&problem)
        .arg(&into)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let yaml = std::fs::read_to_string(into.join("problem.rbx.yml")).unwrap();
    for line in [
        "name: tetris",
        "en: Tetris",
        "timeLimit: 1000",
        "memoryLimit: 256",
        "path: checker.cpp",
    ] {
        assert!(yaml.contains(line), "{line}: {yaml}");
    }
    assert_eq!(
        std::fs::read(into.join("checker.cpp")).unwrap(),
        std::fs::read(problem.join("files/check.cpp")).unwrap()
    );
    for i in 1..=10 {
        assert_eq!(
            std::fs::read(into.join(format!("tests/tests/{i:03}.in"))).unwrap(),
            std::fs::read(problem.join(format!("tests/{i:02}"))).unwrap()
        );
    }
}

#[test]
fn the_action_checker_speaks_actions_protocol_and_scores_like_the_judge() {
    let Some(()) = common::gxx("packages: the Action checker") else {
        return;
    };
    let dir = scratch("package-action");
    let problem = package("action", dir.path());
    // Action compiles checkers with g++ -O2 -std=c++20.
    let checker = dir.path().join("checker");
    let source = problem.join("Checker/TetrisChecker.cpp");
    common::compile_cpp(&source, &checker, None, &["-std=c++20"]);
    let played = play_tests("olympiad-weak");
    for (i, output) in played.outputs.iter().enumerate() {
        let contestant = common::write(dir.path(), "output.txt", output);
        let input = problem.join(format!("Tests/Tetris.{:02}.in", i + 1));
        let answer = problem.join(format!("Tests/Tetris.{:02}.sol", i + 1));
        let args = [&input, &contestant, &answer].map(|p| p.to_str().unwrap().to_string());
        let ran = execute(checker.to_str().unwrap(), &args, b"");
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        // As Action's grader reads it: verdict, score in [0, 1], message.
        let lines: Vec<&str> = ran.stderr.lines().collect();
        let points = played.points[i];
        assert_eq!(lines[0], if points == 0 { "WA" } else { "OK" });
        let score: f64 = lines[1].parse().unwrap();
        assert_eq!((score * 10.0).round() as u32, points, "test {}", i + 1);
        assert!(lines[2].starts_with("placed "), "{}", ran.stderr);
    }
}

/// Every `](target)` link of a Markdown text that points at a file of its
/// own (not a web address or an anchor), without a title or an anchor.
fn relative_links(markdown: &str) -> Vec<String> {
    markdown
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(target, _)| target))
        .map(|target| target.split([' ', '#']).next().unwrap_or("").to_string())
        .filter(|target| !target.is_empty() && !target.contains("://"))
        .filter(|target| !target.starts_with("mailto:"))
        .collect()
}

/// Every Markdown file under `dir`, recursively.
fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
}

#[test]
fn every_link_of_every_packages_markdown_resolves_inside_the_package() {
    assert_eq!(
        relative_links("![a](figures/a.svg \"t\") [b](https://x/y) [c](#c) [d](d.md#e)"),
        ["figures/a.svg", "d.md"]
    );
    let dir = scratch("package-links");
    let mut linked = 0;
    for system in ["kattis", "domjudge", "cms", "polygon", "action"] {
        let problem = package(system, &dir.path().join(system));
        let mut files = Vec::new();
        markdown_files(&problem, &mut files);
        for md in files {
            let text = std::fs::read_to_string(&md).unwrap();
            for target in relative_links(&text) {
                let path = md.parent().unwrap().join(&target);
                let inside = path
                    .canonicalize()
                    .is_ok_and(|p| p.starts_with(problem.canonicalize().unwrap()));
                assert!(
                    inside,
                    "{system}: {} links {target}, not in the package",
                    md.display()
                );
                linked += 1;
            }
        }
    }
    // Both statements' three figures, in CMS's and Action's packages.
    assert!(linked >= 12, "only {linked} links were checked");
}

#[test]
fn packaging_refuses_an_unknown_system_and_a_folder_in_use() {
    let dir = scratch("package-bad");
    assert_eq!(
        judge(&["package", "hackerrank", dir.path().to_str().unwrap()]).code,
        2
    );
    for misused in [
        &["package", "kattis", "DIR", "--pass-fail"][..],
        &["package", "domjudge", "DIR", "--validators", "java"],
        &["package", "polygon", "DIR", "--validators", "rust"],
        &[
            "package",
            "domjudge",
            "DIR",
            "--pass-fail",
            "--validators",
            "rust",
        ],
    ] {
        let args: Vec<&str> = misused
            .iter()
            .map(|a| match *a {
                "DIR" => dir.path().to_str().unwrap(),
                a => a,
            })
            .collect();
        let ran = judge(&args);
        assert_eq!(ran.code, 2, "{misused:?}: {}", ran.stderr);
    }
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
    package("polygon", dir.path());
    let again = judge(&["package", "polygon", dir.path().to_str().unwrap()]);
    assert_eq!(again.code, 1, "{}", again.stderr);
    assert!(again.stderr.contains("not empty"), "{}", again.stderr);
}
