//! The long commands give the same results whatever runs them: any
//! `--jobs`, one run or its `--partition` shares merged with `--merge`
//! (reports byte for byte with `--no-times`, the same streams from `attack`
//! and weights from `tune`), and merging refuses shares that overlap, miss
//! games, come from other work or hold a bad line, naming the file.

mod common;

use std::path::Path;

use common::{judge, scratch, submission, Ran};

/// A player that needs no compiling: the judge's own baseline.
fn baseline_player() -> String {
    format!("{} baseline", env!("CARGO_BIN_EXE_judge"))
}

fn text(path: &Path) -> &str {
    path.to_str().expect("scratch paths are UTF-8")
}

fn ok(ran: Ran, what: &str) -> String {
    assert_eq!(ran.code, 0, "{what}: {}", ran.stderr);
    ran.stdout
}

/// A failure with exit 1 that says `says`, one line, no panic.
fn refused(ran: &Ran, says: &str, what: &str) {
    assert_eq!(ran.code, 1, "{what}: {}{}", ran.stdout, ran.stderr);
    assert!(ran.stderr.contains(says), "{what}: {}", ran.stderr);
    assert!(!ran.stderr.contains("panicked"), "{what}: {}", ran.stderr);
}

const STRENGTH_WORK: [&str; 9] = [
    "--seeds",
    "1",
    "--stress-seeds",
    "3",
    "--stress-size",
    "300",
    "--families",
    "stress,mixes",
    "--baseline",
];

fn strength(extra: &[&str]) -> Ran {
    let player = baseline_player();
    let mut args = vec!["strength", "--cmd", &player, "--no-times"];
    args.extend(STRENGTH_WORK);
    args.extend(extra);
    judge(&args)
}

#[test]
fn strength_reports_the_same_for_any_jobs_and_for_merged_shares() {
    let dir = scratch("batch-strength");
    let page = |name: &str| dir.path().join(name);
    let one = ok(
        strength(&["--jobs", "1", "--html", text(&page("one.html"))]),
        "one job",
    );
    assert!(
        one.contains("sz-heavy") && one.contains("all families"),
        "{one}"
    );
    assert!(!one.contains(" ms"), "--no-times leaves times out: {one}");
    let two = ok(
        strength(&["--jobs", "2", "--html", text(&page("two.html"))]),
        "two jobs",
    );
    let strip = |report: &str| report.replace(text(&page("two.html")), "PAGE");
    assert_eq!(strip(&one.replace("one.html", "two.html")), strip(&two));
    let read = |name: &str| std::fs::read(page(name)).unwrap();
    assert_eq!(read("one.html"), read("two.html"));

    // Three shares, saved with different jobs, merged in any order.
    let mut files = Vec::new();
    for (k, jobs) in [(1, "2"), (2, "1"), (3, "3")] {
        let file = page(&format!("share{k}.jsonl"));
        let share = format!("{k}/3");
        let said = ok(
            strength(&["--partition", &share, "--save", text(&file), "--jobs", jobs]),
            "a share",
        );
        assert!(
            said.contains(&format!("share {share} of strength")),
            "{said}"
        );
        files.push(file);
    }
    let merge = |args: &[&str]| {
        let mut all = vec!["strength", "--merge"];
        all.extend(args);
        judge(&all)
    };
    let (a, b, c) = (text(&files[0]), text(&files[1]), text(&files[2]));
    let merged_page = page("merged.html");
    let merged = ok(
        merge(&[c, a, b, "--no-times", "--html", text(&merged_page)]),
        "merge",
    );
    assert_eq!(
        strip(&merged.replace("merged.html", "two.html")),
        strip(&two)
    );
    assert_eq!(read("merged.html"), read("one.html"));
    // With times, a merged report says how many games each share ran at once.
    let timed = ok(merge(&[a, b, c]), "merge with times");
    assert!(timed.contains("1 to 3 games at once"), "{timed}");

    // Shares that do not make one run are refused, naming the file.
    refused(&merge(&[a, b]), "a share is missing", "missing");
    refused(&merge(&[a, b, c, a]), "the file is given twice", "twice");
    let whole = page("whole.jsonl");
    ok(strength(&["--save", text(&whole)]), "a whole run saved");
    refused(
        &merge(&[a, text(&whole)]),
        "shares overlap",
        "overlapping shares",
    );
    ok(merge(&[text(&whole)]), "a whole run merges alone");
    // A header claiming more games than its work has is refused before
    // anything is sized from the claim: one forged line must not take
    // gigabytes.
    let saved = std::fs::read_to_string(&whole).unwrap();
    let (header, rest) = saved.split_once('\n').unwrap();
    let count = header.split("\"games\":").nth(1).unwrap();
    let count = &count[..count.find(|c: char| !c.is_ascii_digit()).unwrap()];
    let real: u64 = count.parse().unwrap();
    for claimed in [real + 1, 100_000_000, u64::MAX] {
        let forged_header = header.replace(
            &format!("\"games\":{count}"),
            &format!("\"games\":{claimed}"),
        );
        let forged = common::write(
            dir.path(),
            "forged.jsonl",
            format!("{forged_header}\n{rest}"),
        );
        refused(
            &merge(&[text(&forged)]),
            &format!(
                "{} line 1: \"games\" is {claimed}, but the work has {real} games",
                forged.display()
            ),
            "a forged number of games",
        );
    }
    let other = page("other.jsonl");
    // The last --seeds counts: a share of the same run but for the seeds.
    ok(
        strength(&["--seeds", "2", "--partition", "3/3", "--save", text(&other)]),
        "a share of other work",
    );
    refused(
        &merge(&[a, b, text(&other)]),
        "its \"work\" differs (seeds 2 here, 1 there)",
        "other work",
    );
    // A broken line is named by file and line.
    let lines: Vec<String> = std::fs::read_to_string(&files[1])
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let mut broken = lines.clone();
    broken[2] = broken[2].replace("\"placed\":", "\"placed\" ");
    let bad = common::write(dir.path(), "bad.jsonl", broken.join("\n"));
    refused(
        &merge(&[a, text(&bad), c]),
        &format!("{} line 3: column", bad.display()),
        "a bad line",
    );
    let mut impossible = lines;
    impossible[1] = impossible[1].replace("\"placed\":", "\"placed\":9999999,\"was\":");
    let bad = common::write(dir.path(), "impossible.jsonl", impossible.join("\n"));
    refused(
        &merge(&[a, text(&bad), c]),
        "line 2: more placed than",
        "an impossible result",
    );
    refused(
        &judge(&["printer", "strength", "--merge", a]),
        "saved by judge strength, not by judge printer strength",
        "another command's file",
    );
    // The work is the files': merging takes no work options.
    let ran = judge(&["strength", "--merge", a, "--seeds", "3"]);
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    assert!(ran.stderr.contains("takes no --seeds"), "{}", ran.stderr);
    let ran = strength(&["--partition", "1/2"]);
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    assert!(ran.stderr.contains("needs --save"), "{}", ran.stderr);
}

#[test]
fn printer_strength_reports_the_same_for_any_jobs_and_for_merged_shares() {
    let dir = scratch("batch-printer");
    let printer = submission("printer");
    let picture = common::root().join("testdata/printer/knight-16x32.txt");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "printer",
            "strength",
            "--cmd",
            &printer[0],
            "--runs",
            "1",
            "--random",
            "2",
            "--mixed",
            "2",
            "--no-times",
            text(&picture),
        ];
        args.extend(extra);
        judge(&args)
    };
    let one = ok(run(&["--jobs", "1"]), "one job");
    assert!(one.contains("exact: 5/5 pictures"), "{one}");
    assert_eq!(ok(run(&["--jobs", "3"]), "three jobs"), one);
    let files: Vec<_> = (1..=2)
        .map(|k| dir.path().join(format!("{k}.jsonl")))
        .collect();
    for (k, file) in files.iter().enumerate() {
        let share = format!("{}/2", k + 1);
        ok(
            run(&["--partition", &share, "--save", text(file)]),
            "a share",
        );
    }
    let merged = judge(&[
        "printer",
        "strength",
        "--merge",
        text(&files[1]),
        text(&files[0]),
        "--no-times",
    ]);
    assert_eq!(ok(merged, "merge"), one);
    refused(
        &judge(&["printer", "strength", "--merge", text(&files[1])]),
        "a share is missing",
        "missing",
    );
}

#[test]
fn attack_tries_the_same_streams_for_any_jobs() {
    let dir = scratch("batch-attack");
    let player = baseline_player();
    let mut seen = Vec::new();
    for jobs in ["1", "2", "5"] {
        let stream = dir.path().join(format!("worst-{jobs}.in"));
        let said = ok(
            judge(&[
                "attack",
                "--cmd",
                &player,
                "--n",
                "200",
                "--budget",
                "30",
                "--seed",
                "4",
                "--jobs",
                jobs,
                "-o",
                text(&stream),
            ]),
            "attack",
        );
        let report: Vec<&str> = said.lines().filter(|l| !l.starts_with("wrote")).collect();
        seen.push((report.join("\n"), std::fs::read(&stream).unwrap()));
    }
    assert!(seen[0].0.contains("Placed = "), "{}", seen[0].0);
    assert!(seen.iter().all(|s| *s == seen[0]), "{:?}", seen[1].0);
}

#[test]
fn tune_finds_the_same_weights_for_any_jobs() {
    let player = submission("olympiad");
    let tune = |jobs: &str| {
        ok(
            judge(&[
                "tune",
                "--cmd",
                &player[0],
                "--start",
                "195,33,40,145,68,5,30,13",
                "--rounds",
                "1",
                "--games",
                "3",
                "--size",
                "300",
                "--weights",
                "1,1,1,1,60,1,60",
                "--jobs",
                jobs,
            ]),
            "tune",
        )
    };
    let one = tune("1");
    assert!(one.contains("best weights: "), "{one}");
    assert_eq!(tune("2"), one);
}

#[test]
fn grade_gives_the_same_verdicts_one_test_at_a_time_or_several() {
    let player = baseline_player();
    let verdicts = |jobs: &str| {
        // A generous limit: a loaded machine must not change a verdict here.
        let args = [
            "grade",
            "--cmd",
            &player,
            "--time-limit",
            "20",
            "--jobs",
            jobs,
        ];
        let table = ok(judge(&args), "grade");
        // Every column but the measured time and memory.
        table
            .lines()
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                match words.iter().position(|w| *w == "ms") {
                    Some(ms) if ms >= 5 => [&words[..4], &words[ms + 3..]].concat().join(" "),
                    _ => line.to_string(),
                }
            })
            .collect::<Vec<_>>()
    };
    let one = verdicts("1");
    assert!(one.iter().any(|l| l.starts_with("Score = ")), "{one:?}");
    assert_eq!(one.len(), 14, "{one:?}");
    assert_eq!(verdicts("3"), one);
}
