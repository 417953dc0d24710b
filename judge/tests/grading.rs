//! `judge grade`: crash, timeout and output limit are verdicts worth
//! nothing; a normal run is judged; the table adds up.

use std::path::{Path, PathBuf};
use std::process::Command;

fn setup(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-grading-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(dir.join("tests/a.in"), "2\n4 4\n").unwrap();
    std::fs::write(dir.join("tests/b.in"), "4\n4 4 4 4\n").unwrap();
    let scripts = [
        (
            "good.sh",
            "cat > /dev/null; printf '0 0\\n0 2\\n0 4\\n0 6\\n'",
        ),
        ("half.sh", "cat > /dev/null; printf '0 0\\n0 0\\n0 9\\n'"),
        ("crash.sh", "exit 3"),
        ("slow.sh", "sleep 5"),
        ("flood.sh", "yes 0"),
    ];
    for (name, body) in scripts {
        std::fs::write(dir.join(name), body).unwrap();
    }
    dir
}

fn grade(dir: &Path, script: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "grade",
            "--cmd",
            &format!("sh {}", dir.join(script).display()),
        ])
        .args([
            "--tests",
            dir.join("tests").to_str().unwrap(),
            "--time-limit",
            "0.5",
            "--output-limit-mb",
            "1",
        ])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn verdicts_per_test_and_the_total() {
    let dir = setup("verdicts");
    let (code, table) = grade(&dir, "good.sh");
    assert_eq!(code, 0);
    assert!(
        table.contains("total: 20 of 20 points; placed 6 of 6 pieces (survival 100.00%)"),
        "{table}"
    );
    assert!(table.ends_with("Score = 20\n"));

    let (_, table) = grade(&dir, "half.sh");
    // a.in: both placed (10); b.in: two of four placed (5).
    assert!(
        table.contains("total: 15 of 20 points; placed 4 of 6 pieces"),
        "{table}"
    );

    for (script, verdict) in [
        ("crash.sh", "runtime error (exit code 3)"),
        ("slow.sh", "time limit exceeded"),
        ("flood.sh", "output limit exceeded"),
    ] {
        let (code, table) = grade(&dir, script);
        assert_eq!(code, 0, "{script}");
        assert_eq!(table.matches(verdict).count(), 2, "{script}: {table}");
        assert!(table.contains("Score = 0"), "{script}: {table}");
    }
}

#[test]
fn a_submission_that_does_not_compile_is_reported_with_the_compiler_message() {
    let dir = setup("compile");
    let source = dir.join("broken.rs");
    std::fs::write(&source, "fn main() { let x: u8 = \"no\"; }").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "grade",
            source.to_str().unwrap(),
            "--tests",
            dir.join("tests").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("compilation error in") && stderr.contains("mismatched types"),
        "{stderr}"
    );
}
