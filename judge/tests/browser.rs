//! End to end in a real browser: headless Chromium opens replay pages made
//! by `judge html`, steps through every recorded step, and the DOM must show
//! the judge's placed count and ending. A screenshot is kept for people.
//! CI installs Chromium (`.ci/run`); where it is missing the test is skipped
//! and says so (`common::external_tool`, the rule for every outside tool).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use judge::olympiad::baseline;
use judge::olympiad::format::{format_moves, parse_input};
use judge::olympiad::gen::{generate, official_tests, Distribution, OFFICIAL_SEED};
use judge::olympiad::replay::replay_page;
use judge::olympiad::Piece;
use judge::rng::Rng;

fn chromium() -> Option<String> {
    let candidates = [
        std::env::var("CHROMIUM").unwrap_or_default(),
        "chromium".into(),
        "chromium-browser".into(),
    ];
    candidates.into_iter().filter(|c| !c.is_empty()).find(|c| {
        Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

fn browse(
    browser: &str,
    page: &Path,
    extra: &[&str],
    fragment: &str,
    profile: &Path,
) -> std::process::Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}{fragment}", page.display()))
        .output()
        .expect("chromium runs")
}

fn element_text(dom: &str, id: &str) -> String {
    let start = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in the DOM"));
    let open_end = start + dom[start..].find('>').unwrap() + 1;
    let close = open_end + dom[open_end..].find('<').unwrap();
    dom[open_end..close]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

#[test]
fn replay_pages_show_the_judges_verdict_after_stepping_to_the_end() {
    let Some(browser) = common::external_tool(
        "browser: replay pages",
        "Chromium",
        "apt-get install chromium; .ci/run does",
        chromium(),
    ) else {
        return;
    };
    let root = common::root();
    let out_dir: PathBuf = root.join("target/replay-screenshots");
    std::fs::create_dir_all(&out_dir).unwrap();
    let profile_dir = common::scratch("browser-profile");
    let profile = profile_dir.path().to_path_buf();

    let sample_in =
        std::fs::read_to_string(root.join("testdata/olympiad/sample/Tetris.in")).unwrap();
    let sample_out = std::fs::read(root.join("testdata/olympiad/sample/Tetris.out")).unwrap();
    let largest = official_tests(OFFICIAL_SEED).pop().unwrap();
    let topping: Vec<Piece> = generate(2000, Distribution::SzOnly, &mut Rng::new(5));
    let games: Vec<(&str, Vec<Piece>, Vec<u8>)> = vec![
        ("sample", parse_input(&sample_in).unwrap(), sample_out),
        (
            "largest",
            largest.clone(),
            format_moves(&baseline::choose_moves(&largest)).into_bytes(),
        ),
        (
            "topped-out",
            topping.clone(),
            format_moves(&baseline::choose_moves(&topping)).into_bytes(),
        ),
    ];
    for (name, pieces, output) in games {
        let (page, judged) = replay_page(name, &pieces, &output).unwrap();
        let outcome = judged.outcome;
        assert!(page.len() < 5 << 20, "{name}: {} bytes", page.len());
        let path = out_dir.join(format!("{name}.html"));
        std::fs::write(&path, &page).unwrap();
        let dumped = browse(&browser, &path, &["--dump-dom"], "#step-to-end", &profile);
        let dom = String::from_utf8_lossy(&dumped.stdout);
        assert_eq!(
            element_text(&dom, "placed"),
            outcome.placed.to_string(),
            "{name}"
        );
        assert_eq!(
            element_text(&dom, "points"),
            outcome.points().to_string(),
            "{name}"
        );
        assert_eq!(
            element_text(&dom, "end"),
            format!(
                "{}: placed {} of {}, {} points",
                outcome.end,
                outcome.placed,
                outcome.pieces,
                outcome.points()
            ),
            "{name}"
        );
        if name == "largest" {
            // Jumping goes through the keyframes: the counters must agree.
            let jumped = browse(&browser, &path, &["--dump-dom"], "#piece=4321", &profile);
            let dom = String::from_utf8_lossy(&jumped.stdout);
            assert_eq!(element_text(&dom, "placed"), "4321");
            assert_eq!(element_text(&dom, "points"), "4");
            assert_eq!(element_text(&dom, "end"), "");
        }
        let shot = out_dir.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&shot);
        let took = browse(
            &browser,
            &path,
            &[
                "--window-size=1280,720",
                &format!("--screenshot={}", shot.display()),
            ],
            "#step-to-end",
            &profile,
        );
        let png =
            std::fs::read(&shot).unwrap_or_else(|_| panic!("{name}: no screenshot: {took:?}"));
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 5000,
            "{name}: screenshot"
        );
    }
    // A golf game, recorded with the C scorer's quirks.
    let input: Vec<u8> = judge::golf::gen::generate_input(3000, 11);
    // Rotation 0, columns swept left to right: rows fill and clear.
    let output: Vec<u8> = input
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            (i % (11 - judge::golf::rules::width(judge::golf::rules::GolfPiece::from_byte(b), 0)))
                as u8
        })
        .collect();
    let replay =
        judge::golf::replay::record("golf", &input, &output, judge::golf::rules::Mode::C).unwrap();
    assert!(replay.points > 0 && replay.end.contains("resets"));
    let path = out_dir.join("golf.html");
    std::fs::write(&path, replay.page()).unwrap();
    let dom = browse(&browser, &path, &["--dump-dom"], "#step-to-end", &profile);
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(element_text(&dom, "placed"), "3000");
    assert_eq!(element_text(&dom, "points"), replay.points.to_string());
    assert_eq!(element_text(&dom, "end"), replay.end);
    let halfway = browse(&browser, &path, &["--dump-dom"], "#piece=1234", &profile);
    let dom = String::from_utf8_lossy(&halfway.stdout);
    assert_eq!(
        element_text(&dom, "points"),
        replay.scores[1233].to_string()
    );
    // A printer's drops: a full row deleted (the 42-row field), then the
    // pixels of a one-row picture.
    let picture =
        judge::printer::format::picture::Picture::parse(b"..3.2..", [255, 0, 255]).unwrap();
    let drops = "I 1 0\nI 1 4\nI 1 8\nI 1 12\nI 1 16\nI 0 20\nL 3 9\nT 1 11\n";
    let replay = judge::printer::replay::record("printer", &picture, drops).unwrap();
    let path = out_dir.join("printer.html");
    std::fs::write(&path, replay.page()).unwrap();
    let dom = browse(&browser, &path, &["--dump-dom"], "#step-to-end", &profile);
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(element_text(&dom, "placed"), "8");
    assert_eq!(element_text(&dom, "points"), replay.points.to_string());
    assert_eq!(element_text(&dom, "end"), replay.end);
    let after_deletion = browse(&browser, &path, &["--dump-dom"], "#piece=6", &profile);
    let dom = String::from_utf8_lossy(&after_deletion.stdout);
    assert_eq!(element_text(&dom, "points"), replay.scores[5].to_string());
    // A run that crashed, graded with --html: its moves, its verdict and
    // the end of its stderr (markup shown as text).
    let graded = common::scratch("browser-crash");
    std::fs::create_dir_all(graded.path().join("tests")).unwrap();
    common::write(graded.path(), "tests/a.in", "2\n4 4\n");
    let script = "echo '0 0'\necho 'boom <b>&' >&2\nexit 3\n";
    common::write(graded.path(), "crash.sh", script);
    let pages = graded.path().join("pages");
    let ran = common::judge(&[
        "grade",
        "--cmd",
        &format!("sh {}/crash.sh", graded.path().display()),
        "--tests",
        graded.path().join("tests").to_str().unwrap(),
        "--html",
        pages.to_str().unwrap(),
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let dom = browse(
        &browser,
        &pages.join("a.html"),
        &["--dump-dom"],
        "#step-to-end",
        &profile,
    );
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(element_text(&dom, "placed"), "1");
    assert_eq!(element_text(&dom, "points"), "0");
    assert_eq!(
        element_text(&dom, "end"),
        "runtime error (exit code 3); the moves it wrote before are replayed: placed 1 of 2, 0 points"
    );
    assert_eq!(element_text(&dom, "stderr"), "boom <b>&\n");
    assert!(dom.contains("<section id=\"stderr-box\">"), "{dom}");
    let _ = std::fs::remove_dir_all(&profile);
}
