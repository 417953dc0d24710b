//! What each contest system's importer reads from `judge package`'s
//! output, checked on fresh packages without the system itself: CMS's
//! `italy_yaml` loader and its comparator protocol (from cms-dev/cms,
//! `cmscontrib/loaders/italy_yaml.py` and `cms/grading/steps/trusted.py`),
//! DOMjudge's problem import (`ImportProblemService.php`) and the Polygon
//! folder's layout. docs/contest-systems.md says which checks were also
//! made with the real tool.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{execute, root, scratch, submission};
use judge::olympiad::judge::judge_files;
use judge::olympiad::ToppingPiece;
use judge::rng::Rng;

/// `judge package SYSTEM DIR` with extra environment variables.
fn package_with(system: &str, dir: &Path, env: &[(&str, &str)]) -> common::Ran {
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .current_dir(root())
        .args(["package", system])
        .arg(dir);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the judge starts").into()
}

fn package(system: &str, dir: &Path) -> (PathBuf, String) {
    let ran = package_with(system, dir, &[]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    (dir.join("tetris"), ran.stdout)
}

/// The YAML our packages write: `key: value` lines, one level of nesting
/// by two spaces (read as `outer.inner`), comments, quoted strings.
fn yaml(text: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let mut outer = String::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(':').expect("a key: value line");
        let value = value.trim().trim_matches('"').to_string();
        if let Some(inner) = key.strip_prefix("  ") {
            map.insert(format!("{outer}.{}", inner.trim()), value);
        } else {
            outer = key.trim().to_string();
            map.insert(outer.clone(), value);
        }
    }
    map
}

fn lualatex_installed(test: &str) -> bool {
    let found = Command::new("lualatex").arg("--version").output().is_ok();
    common::external_tool(
        test,
        "lualatex",
        "Debian: texlive-luatex texlive-latex-recommended; .ci/run installs them",
        found.then_some(()),
    )
    .is_some()
}

/// Every file under `dir`, relative path to bytes.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

#[test]
fn the_cms_task_has_what_the_italy_yaml_loader_reads() {
    let dir = scratch("importer-cms");
    let (task, said) = package("cms", &dir.path().join("a"));
    let conf = yaml(&std::fs::read_to_string(task.join("task.yaml")).unwrap());
    let get = |key: &str| {
        conf.get(key)
            .unwrap_or_else(|| panic!("task.yaml lacks {key}"))
    };
    // The loader takes the name from task.yaml and warns if it equals the title.
    assert_eq!(get("name"), "tetris");
    assert_ne!(get("title"), get("name"));
    assert_eq!(get("primary_language"), "en");
    assert!(get("time_limit").parse::<f64>().unwrap() > 0.0);
    assert!(get("memory_limit").parse::<u64>().unwrap() >= 16);
    let n: usize = get("n_input").parse().unwrap();
    assert_eq!(n, 10);
    // Empty file names: standard input and output.
    assert_eq!((get("infile").as_str(), get("outfile").as_str()), ("", ""));
    assert_eq!(get("score_type"), "Sum");
    assert_eq!(get("score_type_parameters").parse::<f64>().unwrap(), 10.0);
    assert_eq!(get("public_testcases"), "all");
    assert_eq!(get("feedback_level"), "full");
    assert_eq!(get("score_mode"), "max");
    assert_eq!(get("token_mode"), "disabled");
    assert!(!conf.contains_key("output_only"));
    for i in 0..n {
        assert!(
            task.join(format!("input/input{i}.txt")).is_file(),
            "input {i}"
        );
        assert!(
            task.join(format!("output/output{i}.txt")).is_file(),
            "output {i}"
        );
    }
    // A checker file makes the comparator; a manager or a grader would
    // change the task type.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(task.join("check/checker"))
        .unwrap()
        .permissions()
        .mode();
    assert!(mode & 0o111 != 0, "check/checker is not executable");
    for absent in [
        "check/manager",
        "cor/manager",
        "sol/grader.rs",
        "sol/grader.cpp",
    ] {
        assert!(!task.join(absent).exists(), "{absent}");
    }
    // The loader imports statement/statement.pdf as the statement in
    // primary_language unless told not to (-S), and every file of att/ as
    // an attachment: the Bulgarian statement goes there.
    if lualatex_installed("package importers: the CMS statement PDFs") {
        for (pdf, words) in [
            ("statement/statement.pdf", ["Tetris", "Rotations", "Sample"]),
            ("att/statement-bg.pdf", ["Тетрис", "Завъртания", "Пример"]),
        ] {
            let path = task.join(pdf);
            assert!(std::fs::read(&path).unwrap().starts_with(b"%PDF-"), "{pdf}");
            if let Some(text) = pdf_text(&path) {
                for word in words {
                    assert!(text.contains(word), "{pdf} lacks '{word}': {text}");
                }
            }
        }
        let (again, _) = package("cms", &dir.path().join("b"));
        assert!(tree(&task) == tree(&again), "two packages differ");
    } else {
        assert!(!task.join("statement").exists() && !task.join("att").exists());
        assert!(said.contains("cmsImportTask -S"), "{said}");
    }
}

/// The text of a PDF by poppler's `pdftotext`, or None (saying so) where
/// it is not installed.
fn pdf_text(pdf: &Path) -> Option<String> {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().ok();
    common::external_tool(
        "package importers: the statements' text (pdftotext)",
        "pdftotext",
        "Debian: poppler-utils; .ci/run installs it",
        out.filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned()),
    )
}

#[test]
fn without_tex_the_cms_package_says_to_import_without_the_statement() {
    let dir = scratch("importer-cms-notex");
    let ran = package_with("cms", dir.path(), &[("LUALATEX", "/nonexistent/lualatex")]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(ran.stdout.contains("no statement PDF"), "{}", ran.stdout);
    assert!(
        ran.stdout.contains("cmsImportTask -S -L italy_yaml"),
        "{}",
        ran.stdout
    );
    let task = dir.path().join("tetris");
    // No statement folder: the loader then names what is missing, or -S skips it.
    assert!(!task.join("statement").exists() && !task.join("att").exists());
    assert!(task.join("check/checker").is_file());
}

#[test]
fn without_tex_the_domjudge_zip_has_the_statement_as_html() {
    let dir = scratch("importer-domjudge-notex");
    let ran = package_with(
        "domjudge",
        dir.path(),
        &[("LUALATEX", "/nonexistent/lualatex")],
    );
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(
        ran.stdout.contains("problem_statement/problem.html"),
        "{}",
        ran.stdout
    );
    let zip = zip_entries(&std::fs::read(dir.path().join("tetris.zip")).unwrap());
    assert!(!zip.contains_key("problem_statement/problem.pdf"));
    let html = String::from_utf8(zip["problem_statement/problem.html"].clone()).unwrap();
    // The whole statement, escaped, as preformatted text.
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    let body = html
        .split_once("<pre")
        .unwrap()
        .1
        .split_once('>')
        .unwrap()
        .1;
    let text = body.split_once("</pre>").unwrap().0;
    assert!(!text.contains('<'), "{text}");
    let unescaped = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let statement = std::fs::read_to_string(root().join("docs/problems/olympiad-a2.md")).unwrap();
    assert_eq!(unescaped, statement);
}

#[test]
fn a_cms_package_whose_checker_cannot_be_built_is_not_written() {
    let dir = scratch("importer-cms-norustc");
    let ran = package_with("cms", dir.path(), &[("RUSTC", "/bin/false")]);
    assert_eq!(ran.code, 1, "{}", ran.stdout);
    assert!(
        ran.stderr.contains("cannot build the CMS checker"),
        "{}",
        ran.stderr
    );
    assert!(!dir.path().join("tetris/task.yaml").exists());
}

/// CMS's `_sanitize_message`: it refuses a message with these characters.
fn cms_refuses(message: &str) -> Option<char> {
    message
        .chars()
        .find(|&c| matches!(c as u32, 0x00..=0x08 | 0x0a..=0x1f | 0x7f..=0xbf))
}

#[test]
fn the_cms_checker_speaks_cms_protocol_on_any_output() {
    let dir = scratch("importer-cms-checker");
    let (task, _) = package("cms", dir.path());
    let checker = task.join("check/checker");
    let input = task.join("input/input2.txt");
    let complete =
        common::run_ok(&submission("olympiad"), &std::fs::read(&input).unwrap(), 30).stdout;
    let half = complete[..complete.len() / 2].to_vec();
    let mut rng = Rng::new(35);
    let mut outputs = vec![
        complete,
        half,
        Vec::new(),
        b"0 0\n1 \xc2\x80 \x01\x7f".to_vec(),
    ];
    for _ in 0..6 {
        let length = rng.below(200) as usize;
        outputs.push((0..length).map(|_| rng.below(256) as u8).collect());
    }
    for (i, output) in outputs.iter().enumerate() {
        let path = dir.path().join(format!("{i}.out"));
        std::fs::write(&path, output).unwrap();
        let args = [
            input.to_str().unwrap(),
            input.to_str().unwrap(),
            path.to_str().unwrap(),
        ];
        let ran = execute(checker.to_str().unwrap(), &args, b"");
        assert_eq!(ran.code, 0, "output {i}: {}", ran.stderr);
        let outcome: f64 = ran.stdout.lines().next().unwrap().trim().parse().unwrap();
        assert!((0.0..=1.0).contains(&outcome), "output {i}: {outcome}");
        let message = ran.stderr.lines().next().unwrap_or("");
        assert_eq!(cms_refuses(message), None, "output {i}: {message:?}");
        let judged = judge_files(&input, &output[..], ToppingPiece::NotCounted).unwrap();
        assert_eq!(
            (outcome * 10.0).round() as u32,
            judged.points(),
            "output {i}"
        );
        assert_eq!(message, judged.summary(), "output {i}");
    }
    // No output file at all: the contestant's doing, worth 0.
    let missing = dir.path().join("none.out");
    let args = [
        input.to_str().unwrap(),
        input.to_str().unwrap(),
        missing.to_str().unwrap(),
    ];
    let ran = execute(checker.to_str().unwrap(), &args, b"");
    assert_eq!((ran.code, ran.stdout.trim()), (0, "0.0"), "{}", ran.stderr);
    assert_eq!(cms_refuses(ran.stderr.lines().next().unwrap_or("")), None);
}

/// The entries of a ZIP archive of stored (uncompressed) files, read from
/// the local headers: name to contents.
fn zip_entries(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let u32_at = |at: usize| {
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
    };
    let mut entries = BTreeMap::new();
    let mut at = 0;
    while at + 30 <= bytes.len() && u32_at(at) == 0x0403_4b50 {
        assert_eq!(u16_at(at + 8), 0, "entries are stored");
        let size = u32_at(at + 18);
        let (name_length, extra) = (u16_at(at + 26), u16_at(at + 28));
        let name = String::from_utf8(bytes[at + 30..at + 30 + name_length].to_vec()).unwrap();
        let start = at + 30 + name_length + extra;
        entries.insert(name, bytes[start..start + size].to_vec());
        at = start + size;
    }
    entries
}

#[test]
fn the_domjudge_zip_has_what_its_problem_import_reads() {
    let dir = scratch("importer-domjudge");
    package("domjudge", dir.path());
    let zip = zip_entries(&std::fs::read(dir.path().join("tetris.zip")).unwrap());
    let text = |name: &str| {
        String::from_utf8(
            zip.get(name)
                .unwrap_or_else(|| panic!("no {name} in the zip"))
                .clone(),
        )
        .unwrap()
    };
    let problem = yaml(&text("problem.yaml"));
    assert_eq!(problem["name"], "Tetris");
    const TYPES: [&str; 5] = [
        "pass-fail",
        "scoring",
        "multi-pass",
        "interactive",
        "submit-answer",
    ];
    let types: Vec<&str> = problem["type"].split(' ').collect();
    assert!(types.iter().all(|t| TYPES.contains(t)), "{types:?}");
    assert!(types.contains(&"scoring") && !types.contains(&"pass-fail"));
    assert!(problem["limits.memory"].parse::<u64>().unwrap() > 0);
    assert!(
        !problem.contains_key("limits.time_limit"),
        "would conflict with .timelimit"
    );
    assert!(text(".timelimit").trim().parse::<f64>().unwrap() > 0.0);
    for (group, count) in [("sample", 1), ("secret", 10)] {
        let inputs: Vec<&String> = zip
            .keys()
            .filter(|n| n.starts_with(&format!("data/{group}/")) && n.ends_with(".in"))
            .collect();
        assert_eq!(inputs.len(), count, "{group}");
        for input in inputs {
            assert!(zip.contains_key(&input.replace(".in", ".ans")), "{input}");
        }
    }
    for meta in zip.keys().filter(|n| n.ends_with("testdata.yaml")) {
        let group = yaml(&text(meta));
        if let Some(range) = group.get("range") {
            let bounds: Vec<f64> = range
                .split_whitespace()
                .map(|b| b.parse().unwrap())
                .collect();
            assert!(
                bounds.len() == 2 && 0.0 <= bounds[0] && bounds[0] <= bounds[1],
                "{meta}"
            );
        }
        if let Some(flags) = group.get("grader_flags") {
            for flag in flags.split_whitespace() {
                assert!(
                    ["sum", "max", "min", "avg", "ignore_sample"].contains(&flag),
                    "{flag}"
                );
            }
        }
    }
    let validator: Vec<&String> = zip
        .keys()
        .filter(|n| n.starts_with("output_validators/"))
        .collect();
    assert!(
        validator
            .iter()
            .all(|n| n.starts_with("output_validators/tetris/")),
        "{validator:?}"
    );
    for needed in [
        "output_validators/tetris/build",
        "output_validators/tetris/validate.cpp",
    ] {
        assert!(zip.contains_key(needed), "{needed}");
    }
    assert!(zip.keys().any(|n| n.starts_with("submissions/accepted/")));
    // The statement DOMjudge shows (problem_statement/problem.pdf, the
    // first of pdf, html, txt it finds) and the Bulgarian one among the
    // attachments contestants download.
    if lualatex_installed("package importers: the DOMjudge statement PDFs") {
        for pdf in ["problem_statement/problem.pdf", "attachments/tetris-bg.pdf"] {
            assert!(
                zip.get(pdf).is_some_and(|b| b.starts_with(b"%PDF-")),
                "{pdf}"
            );
        }
    }
    for language in ["en", "bg"] {
        assert!(zip.contains_key(&format!("problem_statement/problem.{language}.tex")));
    }
    // The importer takes the first of these it finds as the statement.
    let statement = ["pdf", "html", "txt"]
        .iter()
        .find_map(|t| zip.get(&format!("problem_statement/problem.{t}")));
    let statement = statement.expect("a statement DOMjudge imports");
    assert!(statement.starts_with(b"%PDF") || statement.starts_with(b"<!DOCTYPE html>"));
}

/// The values of `attribute` on the elements `<tag ...>` of some XML.
fn xml_attributes(xml: &str, tag: &str, attribute: &str) -> Vec<String> {
    xml.split(&format!("<{tag} "))
        .skip(1)
        .filter_map(|element| {
            let element = &element[..element.find('>')?];
            let (_, value) = element.split_once(&format!("{attribute}=\""))?;
            Some(value[..value.find('"')?].to_string())
        })
        .collect()
}

#[test]
fn the_polygon_package_has_what_polygon_tools_read_from_problem_xml() {
    let dir = scratch("importer-polygon");
    let (folder, _) = package("polygon", dir.path());
    let files = tree(&folder);
    let xml = String::from_utf8(files["problem.xml"].clone()).unwrap();
    // What p2d and rbx-cp read: the short name, an English name, one
    // testset with its limits and path patterns, a test element per test.
    assert_eq!(xml_attributes(&xml, "problem", "short-name"), ["tetris"]);
    assert_eq!(
        xml_attributes(&xml, "name", "language"),
        ["english", "bulgarian"]
    );
    assert_eq!(xml_attributes(&xml, "name", "value"), ["Tetris", "Тетрис"]);
    assert_eq!(xml_attributes(&xml, "testset", "name"), ["tests"]);
    for element in [
        "<time-limit>1000</time-limit>",
        "<memory-limit>268435456</memory-limit>",
        "<test-count>10</test-count>",
        "<input-path-pattern>tests/%02d</input-path-pattern>",
        "<answer-path-pattern>tests/%02d.a</answer-path-pattern>",
    ] {
        assert!(xml.contains(element), "{element}");
    }
    assert_eq!(xml_attributes(&xml, "test", "points"), vec!["10.0"; 10]);
    for i in 1..=10 {
        assert!(files.contains_key(&format!("tests/{i:02}")), "tests/{i:02}");
        assert!(
            files.contains_key(&format!("tests/{i:02}.a")),
            "tests/{i:02}.a"
        );
    }
    // Every source problem.xml names is in the package.
    let sources = xml_attributes(&xml, "source", "path");
    for needed in [
        "files/check.cpp",
        "files/validator.cpp",
        "solutions/olympiad.rs",
        "solutions/weak.rs",
    ] {
        assert!(sources.iter().any(|s| s == needed), "{needed}");
    }
    for source in &sources {
        assert!(files.contains_key(source), "{source}");
    }
    assert_eq!(xml_attributes(&xml, "checker", "type"), ["testlib"]);
    assert_eq!(files["check.cpp"], files["files/check.cpp"]);
    assert_eq!(
        xml_attributes(&xml, "solution", "tag"),
        ["main", "rejected"]
    );
    // The statement's English sections, each with some text, and the sample.
    for section in ["name", "legend", "input", "output", "scoring", "notes"] {
        let name = format!("statement-sections/english/{section}.tex");
        assert!(files.get(&name).is_some_and(|t| t.len() > 5), "{name}");
    }
    assert_eq!(
        files["statement-sections/english/example.01"],
        std::fs::read(root().join("testdata/olympiad/sample/Tetris.in")).unwrap()
    );
    // The PDF, when TeX made one, is the statement problem.xml names.
    let statements = xml_attributes(&xml, "statement", "path");
    assert_eq!(
        statements.is_empty(),
        !files.contains_key("statements/.pdf/english/problem.pdf")
    );
    for statement in statements {
        assert!(files[&statement].starts_with(b"%PDF"), "{statement}");
    }
    // Polygon's statement sections in both languages, the sample as its
    // example, the figures beside them.
    for language in ["english", "bulgarian"] {
        for part in [
            "name.tex",
            "legend.tex",
            "input.tex",
            "output.tex",
            "scoring.tex",
            "notes.tex",
            "example.01",
            "example.01.a",
            "rotations.pdf",
        ] {
            let name = format!("statement-sections/{language}/{part}");
            assert!(files.get(&name).is_some_and(|b| !b.is_empty()), "{name}");
        }
        assert_eq!(
            files[&format!("statement-sections/{language}/example.01")],
            std::fs::read(root().join("testdata/olympiad/sample/Tetris.in")).unwrap()
        );
    }
    // The sections are LaTeX that typesets, figures included: put together
    // as Polygon puts them, they make a document LuaLaTeX accepts.
    if lualatex_installed("package importers: Polygon's sections typeset") {
        for language in ["english", "bulgarian"] {
            let work = scratch(&format!("importer-polygon-{language}"));
            let mut body = String::new();
            for (name, bytes) in &files {
                let Some(file) = name.strip_prefix(&format!("statement-sections/{language}/"))
                else {
                    continue;
                };
                std::fs::write(work.path().join(file), bytes).unwrap();
                if file.ends_with(".tex") && file != "name.tex" {
                    body += &format!("\\section*{{{file}}}\n{}\n", String::from_utf8_lossy(bytes));
                }
            }
            let pdf = judge::latex::typeset_pdf(&judge::latex::document(&body), work.path())
                .unwrap_or_else(|why| panic!("{language}: {why}"));
            assert!(pdf.starts_with(b"%PDF-"), "{language}");
        }
    }
}
