//! `judge grade` as contestants use it: a source of any of the usual
//! languages graded by its extension (the same table as the same program
//! through `--cmd`), a compile error graded, a missing file or compiler
//! said as such, `--cmd` run by the shell, the end of stderr under each
//! test that is not a complete game (table and pages), and the built-in
//! tests from any folder.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{external_tool, judge, root, scratch, write, Ran};

/// `judge` run from `dir` with `PATH` replaced when `path` is given.
fn judge_in(dir: &Path, args: &[&str], path: Option<&str>) -> Ran {
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command.current_dir(dir).args(args);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    command.output().expect("the judge starts").into()
}

/// Where `program` is on PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Two tests: a game the program below completes and one it spoils.
fn tests_folder(dir: &Path) -> PathBuf {
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    write(&tests, "a.in", "2\n4 4\n");
    write(&tests, "b.in", "7\n4 4 4 4 4 4 4\n");
    tests
}

/// The same player in each language: pieces at columns 0, 2, 4, 6, 8, 10,
/// 0, ... (O pieces: five fill two rows, which vanish; the sixth is past
/// the well's width and ends the game), one line of stderr at the end.
const PLAYERS: [(&str, &str, &str); 3] = [
    (
        "player.cpp",
        "g++",
        "#include <cstdio>\nint main() { int n, p; if (scanf(\"%d\", &n) != 1) return 1;\n\
         for (int i = 0; i < n; i++) { scanf(\"%d\", &p); printf(\"0 %d\\n\", 2 * (i % 6)); }\n\
         fprintf(stderr, \"played %d\\n\", n); return 0; }\n",
    ),
    (
        "player.c",
        "gcc",
        "#include <stdio.h>\n#include <math.h>\nint main(void) { int n, p; if (scanf(\"%d\", &n) != 1) return 1;\n\
         for (int i = 0; i < n; i++) { scanf(\"%d\", &p); printf(\"0 %d\\n\", (int) sqrt(4.0 * (i % 6) * (i % 6))); }\n\
         fprintf(stderr, \"played %d\\n\", n); return 0; }\n",
    ),
    (
        "player.py",
        "python3",
        "import sys\nwords = sys.stdin.read().split()\nn = int(words[0])\n\
         for i in range(n):\n    print(0, 2 * (i % 6))\n\
         print('played', n, file=sys.stderr)\n",
    ),
];

/// The table without the time and memory columns, which vary.
fn verdicts(table: &str) -> String {
    table
        .lines()
        .map(|line| match line.get(..10) {
            Some(name) if name.trim_end().ends_with(".in") => {
                format!("{}{}", &line[..32], &line[52..])
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_language_by_its_extension_grades_as_the_same_program_through_cmd() {
    let dir = scratch("languages");
    let tests = tests_folder(dir.path());
    let tests = tests.to_str().unwrap();
    for (name, tool, source) in PLAYERS {
        let test = format!("languages: {name}");
        let Some(_) = external_tool(&test, tool, "apt install g++ gcc python3", on_path(tool))
        else {
            continue;
        };
        let path = write(dir.path(), name, source);
        let by_file = judge(&["grade", path.to_str().unwrap(), "--tests", tests]);
        assert_eq!(by_file.code, 0, "{name}: {}", by_file.stderr);
        // a.in complete; b.in ends at its sixth piece: 5 of 7 placed.
        assert!(
            by_file
                .stdout
                .contains("total: 17 of 20 points; placed 7 of 9 pieces"),
            "{name}: {}",
            by_file.stdout
        );
        assert!(by_file.stdout.contains("  stderr: played 7\n"), "{name}");
        let command = match tool {
            "python3" => format!("python3 '{}'", path.display()),
            compiler => {
                let binary = dir.path().join(format!("{name}.bin"));
                let mut args = vec!["-O2".to_string()];
                if compiler == "g++" {
                    args.push("-std=c++17".into());
                }
                let built = Command::new(compiler)
                    .args(&args)
                    .arg("-o")
                    .arg(&binary)
                    .arg(&path)
                    .arg("-lm")
                    .status()
                    .unwrap();
                assert!(built.success(), "{name}");
                format!("'{}'", binary.display())
            }
        };
        let by_cmd = judge(&["grade", "--cmd", &command, "--tests", tests]);
        assert_eq!(by_cmd.code, 0, "{name}: {}", by_cmd.stderr);
        assert_eq!(
            verdicts(&by_file.stdout),
            verdicts(&by_cmd.stdout),
            "{name}"
        );
    }
}

#[test]
fn a_spoilt_game_shows_the_end_of_stderr_and_a_complete_one_does_not() {
    let dir = scratch("stderr-rows");
    let tests = tests_folder(dir.path());
    let player = write(dir.path(), "player.rs", RUST_PLAYER);
    let ran = judge(&[
        "grade",
        player.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let lines: Vec<&str> = ran.stdout.lines().collect();
    let b = lines.iter().position(|l| l.starts_with("b.in")).unwrap();
    // a.in is complete: no stderr under it; b.in is not: its stderr follows.
    assert!(lines[b - 1].starts_with("a.in"), "{}", ran.stdout);
    assert_eq!(
        lines[b + 1],
        "  stderr: played 7 \\x07 bell",
        "{}",
        ran.stdout
    );
}

/// The player of `PLAYERS` in Rust, with a control character in its stderr.
const RUST_PLAYER: &str = "use std::io::Read;\n\
    fn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap();\n\
    let n: usize = s.split_whitespace().next().unwrap().parse().unwrap();\n\
    for i in 0..n { println!(\"0 {}\", 2 * (i % 6)); }\n\
    eprintln!(\"played {} \\x07 bell\", n); }\n";

#[test]
fn a_compile_error_is_graded_and_a_missing_file_or_compiler_is_said_as_such() {
    let dir = scratch("compile-errors");
    let tests = tests_folder(dir.path());
    let tests = tests.to_str().unwrap();
    if external_tool(
        "languages: g++ compile error",
        "g++",
        "apt install g++",
        on_path("g++"),
    )
    .is_some()
    {
        let broken = write(dir.path(), "broken.cpp", "int main() { return nope; }\n");
        let ran = judge(&["grade", broken.to_str().unwrap(), "--tests", tests]);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        assert!(ran.stdout.contains("compilation error\n"), "{}", ran.stdout);
        // g++'s message names the undeclared name, in its own quotes.
        assert!(
            ran.stdout
                .lines()
                .any(|l| l.starts_with("  compiler: ") && l.contains("nope")),
            "{}",
            ran.stdout
        );
        assert!(ran.stdout.ends_with("Score = 0\n"), "{}", ran.stdout);
        assert!(!ran.stdout.contains("judge failure") && ran.stderr.is_empty());
    }
    let missing = judge(&["grade", "no/such/player.cpp", "--tests", tests]);
    assert_eq!(missing.code, 1);
    assert_eq!(
        missing.stderr,
        "judge: cannot read the submission no/such/player.cpp: No such file or directory (os error 2)\n"
    );
    // No compiler on PATH: what to install, and --cmd for the rest.
    write(dir.path(), "player.cpp", PLAYERS[0].2);
    let empty = scratch("empty-path");
    let path = empty.path().to_str().unwrap();
    let ran = judge_in(
        dir.path(),
        &["grade", "player.cpp", "--tests", tests],
        Some(path),
    );
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with("judge: g++ is not installed")
            && ran.stderr.contains("apt install g++")
            && ran.stderr.contains("--cmd"),
        "{}",
        ran.stderr
    );
    // The interpreter is looked up in the PATH the program gets, not the
    // caller's: with none on the caller's PATH the system's python3 runs.
    write(dir.path(), "player.py", PLAYERS[2].2);
    let ran = judge_in(
        dir.path(),
        &["grade", "player.py", "--tests", tests],
        Some(path),
    );
    let system = ["/usr/local/bin", "/usr/bin", "/bin"]
        .iter()
        .map(|d| Path::new(d).join("python3"))
        .find(|p| p.is_file());
    match system {
        Some(_) => assert!(
            ran.code == 0 && ran.stdout.contains("Score = 17"),
            "{}{}",
            ran.stdout,
            ran.stderr
        ),
        None => assert!(
            ran.code == 1
                && ran
                    .stderr
                    .contains("python3 is not installed (in /usr/local/bin, /usr/bin, /bin"),
            "{}",
            ran.stderr
        ),
    }
    // Another language: the toolchains and --cmd, a bad command line.
    let java = write(dir.path(), "Main.java", "class Main {}");
    let ran = judge(&["grade", java.to_str().unwrap(), "--tests", tests]);
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    assert!(ran.stderr.contains("no toolchain for") && ran.stderr.contains("--cmd 'java Main'"));
}

#[test]
fn cmd_is_a_shell_command_line() {
    let dir = scratch("shell-cmd");
    let tests = tests_folder(dir.path());
    let tests = tests.to_str().unwrap();
    // Two words in quotes arrive as one argument; a pipeline, a redirection
    // and `cd DIR &&` work.
    let player = dir.path().join("my sol");
    std::fs::create_dir_all(&player).unwrap();
    write(
        &player,
        "my player.sh",
        "[ \"$#\" = 1 ] && [ \"$1\" = 'a b' ] || exit 7\n\
         n=$(head -c 1); i=0; while [ $i -lt \"$n\" ]; do echo \"0 $((2 * (i % 6)))\"; i=$((i + 1)); done\n",
    );
    let folder = player.display();
    for cmd in [
        format!("cd '{folder}' && sh 'my player.sh' 'a b' | cat"),
        format!("sh '{folder}/my player.sh' \"a b\" 2>/dev/null < /dev/stdin"),
    ] {
        let ran = judge(&["grade", "--cmd", &cmd, "--tests", tests]);
        assert_eq!(ran.code, 0, "{cmd}: {}", ran.stderr);
        assert!(
            ran.stdout.contains("a.in            2      2     10"),
            "{cmd}: {}",
            ran.stdout
        );
    }
    let ran = judge(&[
        "grade",
        "--cmd",
        "python3 'no such file.py'",
        "--tests",
        tests,
    ]);
    if on_path("python3").is_some() {
        assert!(
            ran.stdout.contains("  stderr: ") && ran.stdout.contains("no such file.py"),
            "{}",
            ran.stdout
        );
    }
}

#[test]
fn a_named_folder_holding_the_tests_and_the_pages_is_shown_with_them_hidden() {
    let dir = scratch("hidden-private");
    // The contestant's folder holds the tests and, with --html, the
    // replays: the command's folder is shown and both are hidden in it, so
    // the table is the same with and without --html.
    let player = dir.path().join("my sol");
    let tests = tests_folder(&player);
    write(
        &player,
        "p.sh",
        "[ -e tests/a.in ] && exit 8; [ -n \"$(ls replays 2>/dev/null)\" ] && exit 9\n\
         n=$(head -c 1); i=0; while [ $i -lt \"$n\" ]; do echo \"0 $((2 * (i % 6)))\"; i=$((i + 1)); done\n",
    );
    let cmd = format!("cd '{}' && sh p.sh", player.display());
    let grade = |extra: &[&str]| {
        let args = [&["grade", "--cmd", &cmd, "--tests", "tests"][..], extra].concat();
        let ran = judge_in(&player, &args, None);
        assert_eq!(ran.code, 0, "{extra:?}: {}{}", ran.stdout, ran.stderr);
        verdicts(&ran.stdout)
    };
    let plain = grade(&[]);
    assert!(plain.contains("Score = 17"), "{plain}");
    assert!(tests.join("a.in").exists());
    std::fs::create_dir_all(player.join("replays")).unwrap();
    write(&player.join("replays"), "old.html", "an earlier page");
    let with_pages = grade(&["--html", "replays"]);
    let pages_line = "\nreplays: replays/*.html (one per test)";
    assert_eq!(with_pages.replace(pages_line, ""), plain);
    assert!(player.join("replays/a.html").exists());
}

extern "C" {
    fn geteuid() -> u32;
}

#[test]
fn a_source_graded_as_a_file_never_depends_on_the_callers_modes() {
    // SAFETY: a plain id query.
    if unsafe { geteuid() } != 0 {
        external_tool::<()>("modes", "a root grader", "run the tests as root", None);
        return;
    }
    let dir = scratch("modes");
    let tests = tests_folder(dir.path());
    let tests = tests.to_str().unwrap();
    use std::os::unix::fs::PermissionsExt;
    let private = std::fs::Permissions::from_mode(0o600);
    for (name, tool, text) in PLAYERS {
        if on_path(tool).is_none() {
            continue;
        }
        let source = write(dir.path(), name, text);
        std::fs::set_permissions(&source, private.clone()).unwrap();
        // A umask of 077 makes the compiled binary and its folder private.
        let ran: Ran = Command::new("sh")
            .current_dir(dir.path())
            .args(["-c", "umask 077 && exec \"$0\" grade \"$1\" --tests \"$2\""])
            .args([env!("CARGO_BIN_EXE_judge"), name, tests])
            .output()
            .unwrap()
            .into();
        assert!(
            ran.code == 0 && ran.stdout.contains("Score = 17"),
            "{name}: {}{}",
            ran.stdout,
            ran.stderr
        );
    }
    // Through --cmd the named file is the caller's: a clear failure.
    if on_path("python3").is_some() {
        let ran = judge_in(
            dir.path(),
            &["grade", "--cmd", "python3 player.py", "--tests", tests],
            None,
        );
        assert_eq!(ran.code, 1, "{}{}", ran.stdout, ran.stderr);
        assert!(
            ran.stderr
                .contains("player.py, which the program's user 65534 cannot read (mode 600)")
                && ran.stderr.contains("chmod a+r"),
            "{}",
            ran.stderr
        );
    }
}

/// `judge grade SOURCE` with a compile time limit of 1 s and `env` set.
fn grade_compiled(dir: &Path, source: &str, env: &[(&str, &Path)]) -> Ran {
    let tests = tests_folder(dir);
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .current_dir(dir)
        .env("JUDGE_COMPILE_TIME_LIMIT", "1")
        .args(["grade", source, "--tests", tests.to_str().unwrap()]);
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap().into()
}

#[test]
fn a_compile_past_its_limits_is_a_compilation_error() {
    let dir = scratch("compile-limits");
    // A compiler that never ends ($RUSTC picks it): held to the time limit.
    let endless = write(dir.path(), "endless-rustc", "#!/bin/sh\nexec sleep 30\n");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&endless, std::fs::Permissions::from_mode(0o755)).unwrap();
    write(dir.path(), "main.rs", "fn main() {}\n");
    let ran = grade_compiled(dir.path(), "main.rs", &[("RUSTC", &endless)]);
    assert_eq!(ran.code, 0, "{}{}", ran.stdout, ran.stderr);
    assert!(
        ran.stdout.contains("compilation error")
            && ran
                .stdout
                .contains("  compiler: compilation time limit exceeded (compile limits: 1 s")
            && ran.stdout.contains("Score = 0"),
        "{}",
        ran.stdout
    );
    // g++ reading /dev/zero ends at the time or the memory limit,
    // whichever comes first on the machine: a compilation error either way.
    if on_path("g++").is_some() {
        write(dir.path(), "zero.cpp", "#include \"/dev/zero\"\n");
        let ran = grade_compiled(dir.path(), "zero.cpp", &[]);
        assert_eq!(ran.code, 0, "{}{}", ran.stdout, ran.stderr);
        assert!(
            ran.stdout.contains("compilation error")
                && (ran.stdout.contains("compilation time limit exceeded")
                    || ran.stdout.contains("out of memory")
                    || ran.stdout.contains("memory limit exceeded"))
                && ran.stdout.contains("Score = 0"),
            "{}",
            ran.stdout
        );
    }
    let ran: Ran = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(dir.path())
        .env("JUDGE_COMPILE_TIME_LIMIT", "soon")
        .args(["grade", "main.rs"])
        .output()
        .unwrap()
        .into();
    assert!(
        ran.code == 1
            && ran
                .stderr
                .contains("JUDGE_COMPILE_TIME_LIMIT=soon: not a number"),
        "{}",
        ran.stderr
    );
}

#[test]
fn stderr_is_kept_to_its_last_2000_bytes_and_shown_on_failed_tests_pages() {
    let dir = scratch("stderr-pages");
    let tests = tests_folder(dir.path());
    // One move, then 5000 bytes of stderr ending in a known line, and a crash.
    write(
        dir.path(),
        "crash.sh",
        "echo '0 0'\nhead -c 5000 /dev/zero | tr '\\0' x >&2\necho >&2\necho 'the last line' >&2\nexit 3\n",
    );
    let pages = dir.path().join("pages");
    let ran = judge(&[
        "grade",
        "--cmd",
        &format!("sh {}/crash.sh", dir.path().display()),
        "--tests",
        tests.to_str().unwrap(),
        "--html",
        pages.to_str().unwrap(),
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let lines = ran.stdout.matches("  stderr: the last line\n").count();
    assert_eq!(lines, 2, "{}", ran.stdout);
    assert_eq!(
        ran.stdout
            .matches("  stderr: ... (its last 2000 bytes)\n")
            .count(),
        2
    );
    let xs = ran
        .stdout
        .lines()
        .find(|l| l.starts_with("  stderr: xxx"))
        .unwrap();
    // The tail is 2000 bytes: the line break and 'the last line\n' are 15.
    assert_eq!(xs.len(), "  stderr: ".len() + 2000 - 15, "{}", ran.stdout);
    for name in ["a.html", "b.html"] {
        let page = std::fs::read_to_string(pages.join(name)).unwrap();
        assert!(
            page.contains(
                "\"end\":\"runtime error (exit code 3); the moves it wrote before are replayed\""
            ),
            "{name}"
        );
        assert!(page.contains("the last line\\u000a\""), "{name}");
        assert!(page.contains("\"points\":0,"), "{name}");
    }
}

#[test]
fn the_built_in_tests_grade_and_package_from_any_folder() {
    let elsewhere = scratch("any-folder");
    write(elsewhere.path(), "player.rs", RUST_PLAYER);
    let ran = judge_in(elsewhere.path(), &["grade", "player.rs"], None);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    // The same table as the committed files give.
    let official = root().join("testdata/olympiad/official");
    let args = ["grade", "player.rs", "--tests", official.to_str().unwrap()];
    let from_files = judge_in(elsewhere.path(), &args, None);
    assert_eq!(verdicts(&ran.stdout), verdicts(&from_files.stdout));
    assert_eq!(
        ran.stdout.lines().filter(|l| l.contains(".in ")).count(),
        10
    );
    let ran = judge_in(elsewhere.path(), &["package", "kattis", "out"], None);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let secret = elsewhere.path().join("out/tetris/data/secret");
    for i in 1..=10 {
        let name = format!("{i:02}.in");
        let committed = std::fs::read(root().join("testdata/olympiad/official").join(&name));
        assert_eq!(
            std::fs::read(secret.join(&name)).ok(),
            committed.ok(),
            "{name}"
        );
    }
    // A wrong folder names itself and the option that set it.
    let ran = judge_in(
        elsewhere.path(),
        &["grade", "player.rs", "--tests", "nope"],
        None,
    );
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains("--tests nope: no such folder"),
        "{}",
        ran.stderr
    );
    let html = ["grade", "--cmd", "true", "--html", "/proc/x"];
    let ran = judge_in(elsewhere.path(), &html, None);
    assert_eq!(ran.code, 1);
    assert!(ran.stderr.contains("--html /proc/x: "), "{}", ran.stderr);
    let ran = judge_in(
        elsewhere.path(),
        &["package", "cms", "o2", "--sample", "nope"],
        None,
    );
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains("--sample nope: no such folder"),
        "{}",
        ran.stderr
    );
}

#[test]
fn grade_without_a_program_says_what_to_give() {
    let ran = judge(&["grade"]);
    assert_eq!(ran.code, 2);
    assert!(
        ran.stderr.starts_with(
            "judge grade: give the program to run: a source file (e.g. my.cpp) or --cmd 'COMMAND'\n"
        ),
        "{}",
        ran.stderr
    );
    let both = judge(&["grade", "a.rs", "--cmd", "true"]);
    assert_eq!(both.code, 2);
    assert!(both.stderr.contains("not both"), "{}", both.stderr);
}

#[test]
fn the_memory_column_of_a_run_killed_at_the_time_limit_is_its_peak() {
    let dir = scratch("memory-at-kill");
    let tests = tests_folder(dir.path());
    // 64 MiB touched, then spinning until killed.
    let hog = write(
        dir.path(),
        "hog.rs",
        "fn main() { let v = vec![1u8; 64 << 20]; let mut i = 0usize;\n\
         loop { i = i.wrapping_add(v[i % v.len()] as usize); std::hint::black_box(i); } }\n",
    );
    let ran = judge(&[
        "grade",
        hog.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
        "--time-limit",
        "0.3",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let rows: Vec<&str> = ran.stdout.lines().filter(|l| l.contains(".in ")).collect();
    assert_eq!(rows.len(), 2, "{}", ran.stdout);
    for row in rows {
        assert!(row.ends_with("time limit exceeded"), "{row}");
        let mib: f64 = row[42..51].trim().trim_end_matches(" MiB").parse().unwrap();
        assert!((64.0..80.0).contains(&mib), "{row}");
    }
}

#[test]
fn the_manual_states_every_toolchain_as_it_runs() {
    let manual = std::fs::read_to_string(root().join("docs/judge.md")).unwrap();
    for line in judge::process::toolchain_table().lines() {
        // "  .cpp .cc    g++ -O2 ...": the extensions, then the command.
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| !w.starts_with('.')).unwrap();
        let command = words[at..].join(" ");
        assert!(manual.contains(&format!("`{command}`")), "{command}");
        for extension in &words[..at] {
            assert!(manual.contains(&format!("`{extension}`")), "{extension}");
        }
    }
}

#[test]
fn a_crash_is_the_same_verdict_from_a_file_and_from_cmd() {
    let dir = scratch("crash-verdicts");
    let tests = tests_folder(dir.path());
    let tests = tests.to_str().unwrap();
    let source = write(
        dir.path(),
        "abort.rs",
        "fn main() { std::process::abort(); }\n",
    );
    let by_file = judge(&["grade", source.to_str().unwrap(), "--tests", tests]);
    assert_eq!(
        by_file.stdout.matches("runtime error (signal 6)").count(),
        2
    );
    let binary = dir.path().join("abort");
    let built = Command::new("rustc")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .unwrap();
    assert!(built.success());
    // A simple command replaces the shell: the program's own signal.
    let by_cmd = judge(&["grade", "--cmd", binary.to_str().unwrap(), "--tests", tests]);
    assert_eq!(verdicts(&by_file.stdout), verdicts(&by_cmd.stdout));
    // Behind `&&` the shell stays, and reports the signal as its exit code.
    let cmd = format!("true && {}", binary.display());
    let compound = judge(&["grade", "--cmd", &cmd, "--tests", tests]);
    assert_eq!(
        compound
            .stdout
            .matches("runtime error (exit code 134)")
            .count(),
        2
    );
}
