//! A hostile contestant for the sandbox tests, compiled alone with rustc:
//! `hostile ATTACK [ARG...]` tries one way out of its sandbox, then
//! answers the test "2 / 4 4" (both O pieces placed) and exits 0 when the
//! attack was blocked, or exits 3 when it got through (what it can see
//! from inside; the tests also check from outside). Paths come as `@PATH`
//! so that the grader does not take them for files the command names.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, UdpSocket};
use std::time::Duration;

extern "C" {
    fn fork() -> i32;
    fn signal(signal: i32, handler: usize) -> usize;
    fn getpid() -> i32;
}

const ANSWER: &str = "0 0\n0 2\n";
const SIGXFSZ: i32 = 25;
const IGNORE: usize = 1;

fn path(arg: &str) -> &str {
    arg.strip_prefix('@').unwrap_or(arg)
}

/// Every pid this process can see in /proc, but its own.
fn others() -> Vec<i32> {
    let me = unsafe { getpid() };
    std::fs::read_dir("/proc")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .filter(|&pid| pid != me)
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the attack got through.
fn attack(name: &str, args: &[String]) -> bool {
    match name {
        // Create the first path, overwrite the second, delete the third.
        // Whether the created file landed outside only the outside can
        // tell (its own /tmp may hold one); the victims it can see.
        "write" => {
            // A working folder left from an earlier test is a way through.
            let stale = std::path::Path::new("scratch-file").exists();
            let _ = std::fs::write(path(&args[0]), "planted");
            let victim_seen = std::path::Path::new(path(&args[1])).exists();
            let replaced =
                std::fs::write(path(&args[1]), "#!/bin/sh\necho 'Score = 100'\n").is_ok();
            let deleted = std::fs::remove_file(path(&args[2])).is_ok();
            // Its own working folder is the one place it may write.
            let own = std::fs::write("scratch-file", "mine").is_ok()
                && std::fs::read_to_string("scratch-file").is_ok_and(|s| s == "mine");
            stale || (victim_seen && replaced) || deleted || !own
        }
        // TCP and UDP to the grader's machine, a listening socket the
        // outside may reach, and an address outside.
        "network" => {
            let local = |port: &str| format!("127.0.0.1:{port}").parse().unwrap();
            let tcp = TcpStream::connect_timeout(&local(&args[0]), Duration::from_millis(300))
                .and_then(|mut s| s.write_all(b"pwned"))
                .is_ok();
            let udp = UdpSocket::bind("0.0.0.0:0")
                .and_then(|s| s.send_to(b"pwned", format!("127.0.0.1:{}", args[1])))
                .is_ok();
            let outside = TcpStream::connect_timeout(
                &"1.1.1.1:53".parse().unwrap(),
                Duration::from_millis(300),
            )
            .is_ok();
            let listened = TcpListener::bind(format!("0.0.0.0:{}", args[2]))
                .map(|listener| {
                    listener.set_nonblocking(true).unwrap();
                    for _ in 0..60 {
                        if listener.accept().is_ok() {
                            return true;
                        }
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    false
                })
                .unwrap_or(false);
            tcp || udp || outside || listened
        }
        // The tests folder, found through the grader's command line or
        // named outright.
        "tests" => {
            let mut found = Vec::new();
            for pid in others() {
                let line = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                let words: Vec<String> = line
                    .split(|&b| b == 0)
                    .map(|w| String::from_utf8_lossy(w).into_owned())
                    .collect();
                if let Some(at) = words.iter().position(|w| w == "--tests") {
                    found.extend(words.get(at + 1).cloned());
                }
            }
            found.push(path(&args[0]).to_string());
            found.iter().any(|dir| {
                std::fs::read_dir(dir).is_ok() || std::fs::read(format!("{dir}/b.in")).is_ok()
            })
        }
        // A forged last line into every standard output it can open.
        "forge" => {
            let mut forged = false;
            for pid in others() {
                for fd in [1, 2] {
                    if let Ok(mut out) = std::fs::OpenOptions::new()
                        .write(true)
                        .open(format!("/proc/{pid}/fd/{fd}"))
                    {
                        forged |= out.write_all(b"\nScore = 100\n").is_ok();
                    }
                }
            }
            forged
        }
        // Another process's memory, for writing: every pid in /proc and
        // the grader's, named.
        "memory" => {
            let mut pids = others();
            pids.extend(args.iter().filter_map(|a| path(a).parse::<i32>().ok()));
            pids.iter().any(|pid| {
                std::fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(format!("/proc/{pid}/mem"))
                    .is_ok()
            })
        }
        // Files of 1 GiB at each path (SIGXFSZ ignored, so a refusal is an
        // error): through if any grew past `args[0]` MiB.
        "fill" => {
            unsafe { signal(SIGXFSZ, IGNORE) };
            let most: u64 = args[0].parse().unwrap();
            let chunk = vec![7u8; 1 << 20];
            let mut past = false;
            for target in &args[1..] {
                let Ok(mut file) = std::fs::File::create(path(target)) else {
                    continue;
                };
                let mut written = 0u64;
                while written < 1 << 30 && file.write_all(&chunk).is_ok() {
                    written += 1 << 20;
                }
                past |= written > most << 20;
            }
            past
        }
        // Children as fast as it can: through if it had `args[0]` or more
        // processes at once.
        "fork" => {
            let limit: u64 = args[0].parse().unwrap();
            let mut alive = 1;
            for _ in 0..4 * limit {
                match unsafe { fork() } {
                    0 => loop {
                        std::thread::sleep(Duration::from_secs(60));
                    },
                    pid if pid > 0 => alive += 1,
                    _ => break,
                }
            }
            alive > limit
        }
        // Threads as fast as it can (they count as processes): through if
        // it had `args[0]` or more tasks at once.
        "threads" => {
            let limit: u64 = args[0].parse().unwrap();
            let mut alive = 1;
            let mut threads = Vec::new();
            for _ in 0..4 * limit {
                let spawned = std::thread::Builder::new()
                    .stack_size(64 << 10)
                    .spawn(|| std::thread::sleep(Duration::from_secs(60)));
                match spawned {
                    Ok(thread) => {
                        threads.push(thread);
                        alive += 1;
                    }
                    Err(_) => break,
                }
            }
            alive > limit
        }
        _ => {
            eprintln!("unknown attack {name}");
            std::process::exit(2);
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let sleeps = args.last().is_some_and(|a| a == "then-sleep");
    if sleeps {
        args.pop();
    }
    let through = attack(&args[0], &args[1..]);
    if sleeps {
        std::thread::sleep(Duration::from_secs(30));
    }
    if through {
        eprintln!("{} got through", args[0]);
        std::process::exit(3);
    }
    print!("{ANSWER}");
}
