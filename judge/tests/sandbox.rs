//! `judge grade` as a sandbox: one regression test per attack a hostile
//! contestant tried (tests/programs/hostile.rs), each checked from outside
//! (the files, a listener, the grader's own output) and from inside (the
//! program exits 3 when it got through), as root and, through `setpriv`,
//! as an unprivileged user. Every blocked attack is followed by a complete
//! answer on two tests, so a game is still judged normally: `Score = 20`.

mod common;

use std::net::{TcpListener, TcpStream, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use common::{external_tool, scratch, Ran};
use judge::process::ScratchDir;

/// The uid and gid of the unprivileged grader (and of a root grader's
/// programs): nobody.
const NOBODY: u32 = 65534;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The grader as the tests run it (root here and in CI).
    AsIs,
    /// The grader as nobody, through `setpriv` (which keeps root's
    /// capabilities only until it executes the grader).
    Unprivileged,
}

/// The modes this machine can run: the unprivileged one needs root (to
/// become nobody), `setpriv`, and the repository's build reachable by
/// nobody (a clone under a private home is not).
fn modes() -> Vec<Mode> {
    static FOUND: OnceLock<bool> = OnceLock::new();
    let unprivileged = *FOUND.get_or_init(|| {
        // SAFETY: a plain id query.
        let root = unsafe { geteuid() } == 0;
        let works = root
            && Command::new("setpriv")
                .args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
                .args(["test", "-x", env!("CARGO_BIN_EXE_judge")])
                .status()
                .is_ok_and(|s| s.success());
        let found = external_tool(
            "sandbox (unprivileged grader)",
            "setpriv, run as root, the build reachable by nobody",
            "apt-get install util-linux; run the tests as root from a folder anyone may enter",
            works.then_some(()),
        );
        found.is_some()
    });
    let mut modes = vec![Mode::AsIs];
    if unprivileged {
        modes.push(Mode::Unprivileged);
    }
    modes
}

extern "C" {
    fn geteuid() -> u32;
}

/// The hostile program, compiled alone once per test binary into the
/// target folder (a scratch folder held by a static would never be
/// removed).
fn hostile() -> String {
    static COMPILED: OnceLock<PathBuf> = OnceLock::new();
    let binary = COMPILED.get_or_init(|| {
        let dir = common::root().join("target/sandbox-hostile");
        std::fs::create_dir_all(&dir).unwrap();
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/hostile.rs");
        judge::process::compile_submission(&source, &dir)
            .unwrap_or_else(|e| panic!("the hostile program compiles: {e}"))
    });
    binary.display().to_string()
}

/// A grader's surroundings: its working folder holding its own files (a
/// `judge` to replace, a file to delete), its `$HOME`, and two tests.
struct Scene {
    _dir: ScratchDir,
    cwd: PathBuf,
    home: PathBuf,
    tests: PathBuf,
    mode: Mode,
}

const JUDGE_FILE: &str = "#!/bin/sh\necho the real judge\n";

fn scene(label: &str, mode: Mode) -> Scene {
    let dir = scratch(&format!("sandbox-{label}"));
    let (cwd, home, tests) = (
        dir.path().join("cwd"),
        dir.path().join("home"),
        dir.path().join("tests"),
    );
    for folder in [&cwd, &home, &tests] {
        std::fs::create_dir_all(folder).unwrap();
    }
    for folder in [&cwd, &home] {
        common::write(folder, "judge", JUDGE_FILE);
        common::write(folder, "keep", "keep");
    }
    common::write(&tests, "a.in", "2\n4 4\n");
    common::write(&tests, "b.in", "2\n4 4\n");
    if mode == Mode::Unprivileged {
        // The unprivileged grader owns its folder and home, as a user does.
        for path in [
            &cwd,
            &home,
            &cwd.join("judge"),
            &cwd.join("keep"),
            &home.join("judge"),
            &home.join("keep"),
        ] {
            std::os::unix::fs::chown(path, Some(NOBODY), Some(NOBODY)).unwrap();
        }
    }
    Scene {
        _dir: dir,
        cwd,
        home,
        tests,
        mode,
    }
}

impl Scene {
    /// `judge grade --cmd 'hostile ARGS'` on the two tests.
    fn grade(&self, args: &str, extra: &[&str]) -> Ran {
        self.grade_contained(args, extra, None)
    }

    /// The same under `JUDGE_CONTAINMENT=mode`.
    fn grade_contained(&self, args: &str, extra: &[&str], mode: Option<&str>) -> Ran {
        let judge = env!("CARGO_BIN_EXE_judge");
        let mut command = match self.mode {
            Mode::AsIs => Command::new(judge),
            Mode::Unprivileged => {
                let mut c = Command::new("setpriv");
                c.args([
                    "--reuid",
                    "65534",
                    "--regid",
                    "65534",
                    "--clear-groups",
                    judge,
                ]);
                c
            }
        };
        command
            .current_dir(&self.cwd)
            .env("HOME", &self.home)
            .args(["grade", "--cmd", &format!("{} {args}", hostile())])
            .arg("--tests")
            .arg(&self.tests)
            .args(extra);
        if let Some(mode) = mode {
            command.env("JUDGE_CONTAINMENT", mode);
        }
        command.output().expect("the judge starts").into()
    }

    /// The grader's own files are as they were.
    fn assert_untouched(&self, ran: &Ran) {
        for folder in [&self.cwd, &self.home] {
            let judge = std::fs::read_to_string(folder.join("judge")).unwrap();
            assert_eq!(judge, JUDGE_FILE, "{:?}: {}", self.mode, ran.stdout);
            assert!(
                folder.join("keep").exists(),
                "{:?}: {}",
                self.mode,
                ran.stdout
            );
            assert!(
                !folder.join("planted").exists(),
                "{:?}: {}",
                self.mode,
                ran.stdout
            );
            assert!(!folder.join("scratch-file").exists(), "{:?}", self.mode);
        }
    }
}

/// The last line `Score = N`, exactly.
fn score(ran: &Ran) -> Option<u32> {
    let scores: Vec<&str> = ran
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Score = "))
        .collect();
    assert!(scores.len() <= 1, "{}", ran.stdout);
    scores.first()?.trim().parse().ok()
}

/// The write attack: plant a file, replace one, delete one.
fn write_args(create: &Path, replace: &Path, delete: &Path) -> String {
    let [create, replace, delete] = [create, replace, delete].map(Path::display);
    format!("write @{create} @{replace} @{delete}")
}

fn containment_line(ran: &Ran) -> &str {
    ran.stdout
        .lines()
        .find(|l| l.starts_with("contained by"))
        .unwrap_or_else(|| panic!("no containment line: {}{}", ran.stdout, ran.stderr))
}

/// Every attack blocked and both games judged: 20 points, and the table
/// says the whole sandbox held (on a kernel refusing a layer the line
/// names it, and this test says so and stops).
fn assert_blocked(ran: &Ran, mode: Mode) -> bool {
    let line = containment_line(ran);
    if line.contains("refused by the kernel") {
        let test = format!("sandbox ({mode:?} grader)");
        let needs = "a kernel that allows every namespace";
        external_tool::<()>(&test, needs, line, None);
        return false;
    }
    assert_eq!(
        score(ran),
        Some(20),
        "{mode:?}: {}{}",
        ran.stdout,
        ran.stderr
    );
    true
}

fn marker() -> String {
    use std::sync::atomic::AtomicU32;
    static NEXT: AtomicU32 = AtomicU32::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    )
}

#[test]
fn writes_outside_the_scratch_folder_are_refused() {
    for mode in modes() {
        let scene = scene("write", mode);
        // Files of /tmp anyone may write (the sticky bit keeps only their
        // deletion to their owner).
        let tmp = PathBuf::from(format!("/tmp/tetris-victim-{}", marker()));
        let tmp_keep = PathBuf::from(format!("/tmp/tetris-keep-{}", marker()));
        for file in [&tmp, &tmp_keep] {
            std::fs::write(file, JUDGE_FILE).unwrap();
            let everyone = std::os::unix::fs::PermissionsExt::from_mode(0o666);
            std::fs::set_permissions(file, everyone).unwrap();
        }
        let planted_tmp = format!("/tmp/tetris-planted-{}", marker());
        let targets = [
            (
                scene.cwd.join("planted"),
                scene.cwd.join("judge"),
                scene.cwd.join("keep"),
            ),
            (
                scene.home.join("planted"),
                scene.home.join("judge"),
                scene.home.join("keep"),
            ),
            (PathBuf::from(&planted_tmp), tmp.clone(), tmp_keep.clone()),
        ];
        for (create, replace, delete) in targets {
            let ran = scene.grade(&write_args(&create, &replace, &delete), &[]);
            if !assert_blocked(&ran, mode) {
                return;
            }
            scene.assert_untouched(&ran);
            assert_eq!(
                std::fs::read_to_string(&tmp).unwrap(),
                JUDGE_FILE,
                "{mode:?}"
            );
            assert!(tmp_keep.exists(), "{mode:?}");
            assert!(!Path::new(&planted_tmp).exists(), "{mode:?}");
        }
        let _ = std::fs::remove_file(&tmp);
        let _ = std::fs::remove_file(&tmp_keep);
    }
}

#[test]
fn the_network_is_out_of_reach() {
    for mode in modes() {
        let scene = scene("network", mode);
        let tcp = TcpListener::bind("127.0.0.1:0").unwrap();
        tcp.set_nonblocking(true).unwrap();
        let udp = UdpSocket::bind("127.0.0.1:0").unwrap();
        udp.set_nonblocking(true).unwrap();
        // A free port for the program to listen on, tried from here while
        // it runs.
        let free = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let knocker = std::thread::spawn(move || {
            let mut reached = 0;
            while !stopped.load(Ordering::SeqCst) {
                let address = format!("127.0.0.1:{free}").parse().unwrap();
                reached += usize::from(
                    TcpStream::connect_timeout(&address, Duration::from_millis(50)).is_ok(),
                );
                std::thread::sleep(Duration::from_millis(5));
            }
            reached
        });
        let args = format!(
            "network {} {} {free}",
            tcp.local_addr().unwrap().port(),
            udp.local_addr().unwrap().port()
        );
        let ran = scene.grade(&args, &[]);
        stop.store(true, Ordering::SeqCst);
        assert_eq!(
            knocker.join().unwrap(),
            0,
            "{mode:?}: the program's listener was reached"
        );
        if !assert_blocked(&ran, mode) {
            return;
        }
        assert!(tcp.accept().is_err(), "{mode:?}: a TCP connection came");
        let mut buf = [0u8; 16];
        assert!(
            udp.recv_from(&mut buf).is_err(),
            "{mode:?}: a datagram came"
        );
    }
}

/// In a fresh scene per mode: the attack `args` made for it, the checks
/// from outside, then the grader's verdict (stopping where a kernel
/// refuses a layer).
fn attack_in_every_mode(
    label: &str,
    args: impl Fn(&Scene) -> String,
    extra: &[&str],
    outside: impl Fn(&Scene, &Ran),
) {
    for mode in modes() {
        let scene = scene(label, mode);
        let ran = scene.grade(&args(&scene), extra);
        outside(&scene, &ran);
        if !assert_blocked(&ran, mode) {
            return;
        }
    }
}

#[test]
fn the_tests_folder_is_out_of_sight() {
    let args = |scene: &Scene| format!("tests @{}", scene.tests.display());
    attack_in_every_mode("tests", args, &[], |_, _| {});
}

#[test]
fn a_forged_score_never_reaches_the_grader_output() {
    attack_in_every_mode(
        "forge",
        |_| "forge".into(),
        &[],
        |scene, ran| {
            let forged = ran.stdout.contains("Score = 100");
            assert!(!forged, "{:?}: {}", scene.mode, ran.stdout);
        },
    );
}

#[test]
fn no_other_process_memory_can_be_opened() {
    let args = |_: &Scene| format!("memory @{}", std::process::id());
    attack_in_every_mode("memory", args, &[], |_, _| {});
}

#[test]
fn dev_shm_is_private_limited_and_gone_after_the_test() {
    let name = format!("/dev/shm/tetris-shm-{}", marker());
    // 1 GiB asked; the scratch quota (64 MB by default) stops it.
    let args = |_: &Scene| format!("fill 64 @{name}");
    attack_in_every_mode("shm", args, &[], |scene, _| {
        let left = Path::new(&name).exists();
        assert!(!left, "{:?}: {name} outlived the test", scene.mode);
    });
}

#[test]
fn files_are_limited_in_size_and_gone_after_the_test() {
    for mode in modes() {
        let scene = scene("fill", mode);
        let name = format!("/tmp/tetris-big-{}", marker());
        let limit = ["--file-size-limit", "8"];
        let ran = scene.grade(&format!("fill 8 @big @{name}"), &limit);
        assert!(
            !Path::new(&name).exists(),
            "{mode:?}: {name} outlived the test"
        );
        if !assert_blocked(&ran, mode) {
            return;
        }
        // Killed at the time limit with its files written: nothing stays.
        let started = Instant::now();
        let ran = scene.grade(
            &format!("fill 8 @big @{name} then-sleep"),
            &[limit[0], limit[1], "--time-limit", "0.5"],
        );
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(
            ran.stdout.matches("time limit exceeded").count(),
            2,
            "{mode:?}: {}",
            ran.stdout
        );
        assert!(
            !Path::new(&name).exists(),
            "{mode:?}: {name} outlived the test"
        );
        assert!(!scene.cwd.join("big").exists(), "{mode:?}");
    }
}

#[test]
fn a_fork_bomb_is_held_to_the_process_limit() {
    let limit = ["--process-limit", "16"];
    for bomb in ["fork 16", "threads 16"] {
        attack_in_every_mode("fork", |_| bomb.into(), &limit, |_, _| {});
    }
}

#[test]
fn the_sandbox_is_named_and_each_test_gets_a_fresh_folder_without_namespaces() {
    let scene = scene("named", Mode::AsIs);
    let [planted, judge, keep] = ["planted", "judge", "keep"].map(|f| scene.cwd.join(f));
    let args = write_args(&planted, &judge, &keep);
    let ran = scene.grade(&args, &["--sandbox-user", "4242"]);
    let line = containment_line(&ran);
    assert!(
        line.contains("in a sandbox (a read-only root of its own"),
        "{line}"
    );
    assert!(line.contains("files up to 64 MB"), "{line}");
    // SAFETY: a plain id query.
    let root = unsafe { geteuid() } == 0;
    if root {
        assert!(line.contains("user and group 4242"), "{line}");
    }
    // No namespace at all: the line names what is missing, and still every
    // test runs in a fresh folder of its own, never the grader's. As root
    // the program then runs as nobody on the machine's files, so nobody
    // must reach the build.
    if root && !modes().contains(&Mode::Unprivileged) {
        return;
    }
    let ran = scene.grade_contained(&args, &[], Some("subreaper"));
    let line = containment_line(&ran);
    assert!(
        line.contains("skipped (JUDGE_CONTAINMENT=subreaper): a file system of its own"),
        "{line}"
    );
    assert!(!line.contains("refused"), "{line}");
    assert!(line.contains("a network namespace"), "{line}");
    if root {
        // As nobody it cannot write the grader's folder even so.
        assert_eq!(score(&ran), Some(20), "{}", ran.stdout);
        scene.assert_untouched(&ran);
    }
    assert!(!scene.cwd.join("scratch-file").exists());
}

#[test]
fn the_scratch_holds_64_files_per_mb() {
    let scene = scene("inodes", Mode::AsIs);
    // 200 empty files take no blocks: only an inode limit refuses them
    // (64 in a 1 MB scratch, its own three folders among them).
    let player = "i=0; while [ $i -lt 200 ]; do touch /tmp/f$i 2>/dev/null || break; i=$((i + 1)); done\n\
                  [ $i -ge 50 ] && [ $i -lt 200 ] || { echo \"made $i\" >&2; exit 3; }\n\
                  n=$(head -c 1); j=0; while [ $j -lt \"$n\" ]; do echo \"0 $((2 * (j % 6)))\"; j=$((j + 1)); done\n";
    common::write(&scene.cwd, "p.sh", player);
    let ran: Ran = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(&scene.cwd)
        .args([
            "grade",
            "--cmd",
            "sh p.sh",
            "--scratch-limit",
            "1",
            "--tests",
        ])
        .arg(&scene.tests)
        .output()
        .unwrap()
        .into();
    if containment_line(&ran).contains("refused by the kernel") {
        external_tool::<()>(
            "scratch inodes",
            "a mount namespace",
            containment_line(&ran),
            None,
        );
        return;
    }
    assert_eq!(score(&ran), Some(20), "{}{}", ran.stdout, ran.stderr);
}
