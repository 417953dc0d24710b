//! Checks of the one-piece look-ahead rule that do not trust the program:
//! cut runs (the answers to pieces 0..=k must not change when the input
//! ends right after piece k+1), a streaming run (byte i+2 is written only
//! after answer i was read) and a determinism run.

use std::io::{Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use crate::process::{kill_contained, run_ok, spawn_contained, Limits};
use crate::rng::Rng;

/// Runs the program on `input`; Err describes a crash or a limit.
pub fn answers(command: &[String], input: &[u8], limits: &Limits) -> Result<Vec<u8>, String> {
    run_ok(command, input, limits).map(|ran| ran.stdout)
}

/// The cut points: the first and the last piece, and the rest spread by a
/// seeded generator over the file.
pub fn cut_points(pieces: usize, count: usize, seed: u64) -> Vec<usize> {
    if pieces < 2 {
        return Vec::new();
    }
    let last = pieces - 2;
    let mut rng = Rng::new(seed);
    let mut points = vec![0, last];
    while points.len() < count.min(last + 1) {
        let k = rng.below(last as u64 + 1) as usize;
        if !points.contains(&k) {
            points.push(k);
        }
    }
    points.sort_unstable();
    points
}

/// Cut runs: Err names the first piece whose answer changed.
pub fn check_cuts(
    command: &[String],
    input: &[u8],
    full: &[u8],
    cuts: &[usize],
    limits: &Limits,
) -> Result<(), String> {
    for &k in cuts {
        let partial = answers(command, &input[..k + 2], limits)?;
        for i in 0..=k {
            let expected = full.get(i).copied();
            if partial.get(i).copied() != expected {
                return Err(format!(
                    "look-ahead violation: the answer to piece {i} changed when the input was cut after piece {} \
                     (full run: {}, cut run: {})",
                    k + 1,
                    expected.map_or("none".into(), |b| format!("0x{b:02x}")),
                    partial.get(i).map_or("none".into(), |b| format!("0x{b:02x}"))
                ));
            }
        }
    }
    Ok(())
}

/// Streams the input one byte at a time: pieces 0 and 1 first, then piece
/// i+2 only after answer i arrived. A program that waits for more than one
/// piece of look-ahead stalls, which is reported after `stall` seconds.
pub fn stream(command: &[String], input: &[u8], stall: Duration) -> Result<Vec<u8>, String> {
    let mut kept = spawn_contained(command, Stdio::null(), &Limits::tool(stall))?;
    let mut stdin = kept.child.stdin.take();
    let mut stdout = kept.child.stdout.take().ok_or("stdout is not piped")?;
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut byte = [0u8; 1];
        while let Ok(1) = stdout.read(&mut byte) {
            if sender.send(byte[0]).is_err() {
                break;
            }
        }
    });
    let mut got = Vec::with_capacity(input.len());
    let mut sent = 0;
    let result = loop {
        while sent < input.len() && sent < got.len() + 2 {
            if let Some(pipe) = stdin.as_mut() {
                // A program that exits early closes the pipe: its answers tell.
                let _ = pipe
                    .write_all(&input[sent..=sent])
                    .and_then(|_| pipe.flush());
            }
            sent += 1;
        }
        if sent == input.len() {
            stdin = None; // the end of the input
        }
        if got.len() == input.len() {
            break Ok(());
        }
        match receiver.recv_timeout(stall) {
            Ok(b) => got.push(b),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                break Err(format!(
                    "stalled: no answer to piece {} within {:.1} s after piece {} was written \
                     (a program must answer piece i before it reads piece i+2, and flush)",
                    got.len(),
                    stall.as_secs_f64(),
                    sent.saturating_sub(1)
                ))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(format!(
                    "the program closed its output after {} answers",
                    got.len()
                ))
            }
        }
    };
    drop(stdin);
    kill_contained(&mut kept);
    result.map(|_| got)
}
