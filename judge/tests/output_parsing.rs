//! Contestants' outputs of every malformed kind get a defined verdict that
//! names the token; defects of the test input are judge failures.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Read;
use std::path::PathBuf;

use judge::process::ScratchDir;

use judge::olympiad::format::{parse_input, OutputReader};
use judge::olympiad::judge::judge_files;
use judge::olympiad::{play, Piece, ToppingPiece, Unwatched};

fn pieces(numbers: &[i64]) -> Vec<Piece> {
    numbers.iter().map(|&n| Piece::new(n).unwrap()).collect()
}

fn verdict(numbers: &[i64], output: impl Read) -> (usize, String) {
    let o = play(
        &pieces(numbers),
        &mut OutputReader::new(output),
        ToppingPiece::NotCounted,
        &mut Unwatched,
    );
    (o.placed, o.end.to_string())
}

#[test]
fn empty_and_truncated_outputs_end_the_game_where_they_end() {
    assert_eq!(
        verdict(&[1, 1], &b""[..]),
        (
            0,
            "piece 1: the output ends (byte 0) where its rotation was expected".into()
        )
    );
    assert_eq!(
        verdict(&[1, 1], &b"0 0\n1"[..]),
        (
            1,
            "piece 2: the output ends (byte 5) where its column was expected".into()
        )
    );
}

#[test]
fn tokens_that_are_not_integers_are_named_with_their_offset() {
    assert_eq!(
        verdict(&[1, 1], &b"0 0 abc 1"[..]),
        (
            1,
            "piece 2: rotation token 'abc' at byte 4 is not an integer".into()
        )
    );
    assert_eq!(
        verdict(&[1], &b"0 1.5"[..]).1,
        "piece 1: column token '1.5' at byte 2 is not an integer"
    );
    assert_eq!(
        verdict(&[1], &b"\xff\x00 0"[..]).1,
        "piece 1: rotation token '\\xff\\x00' at byte 0 is not an integer"
    );
    assert_eq!(
        verdict(&[1], &b"- 0"[..]).1,
        "piece 1: rotation token '-' at byte 0 is not an integer"
    );
}

#[test]
fn negative_and_overflowing_numbers() {
    assert_eq!(
        verdict(&[1], &b"-1 0"[..]).1,
        "piece 1: rotation -1, column 0: rotation must be 0, 1, 2 or 3"
    );
    assert_eq!(
        verdict(&[1], &b"0 -3"[..]).1,
        "piece 1: rotation 0, column -3: column must not be negative"
    );
    assert_eq!(
        verdict(&[1], &b"99999999999999999999 0"[..]).1,
        "piece 1: rotation token '99999999999999999999' at byte 0 is out of range"
    );
    assert_eq!(
        verdict(&[1], &b"+0 +9"[..]),
        (1, "all pieces placed".into())
    );
    assert_eq!(
        verdict(&[1], &b"0 0009"[..]),
        (1, "all pieces placed".into())
    );
}

/// Produces `len` bytes of `byte` without holding them.
struct Endless {
    left: u64,
    byte: u8,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (buf.len() as u64).min(self.left) as usize;
        buf[..n].fill(self.byte);
        self.left -= n as u64;
        Ok(n)
    }
}

/// Counts the bytes this thread holds on the heap, and their peak, so a
/// test can tell how much a computation stored.
struct CountingAllocator;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = HELD.try_with(|held| {
            held.set(held.get() + layout.size());
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(held.get())));
        });
        // SAFETY: the layout is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(layout.size())));
        // SAFETY: the pointer came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The most heap this thread held above what it held before, while `work` ran.
fn peak_heap<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = HELD.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let result = work();
    (result, PEAK.with(Cell::get) - before)
}

#[test]
fn a_hundred_megabyte_output_is_streamed_not_stored() {
    let endless = |byte| Endless {
        left: 100 << 20,
        byte,
    };
    let (long_token, heap) = peak_heap(|| verdict(&[1], endless(b'7')).1);
    assert_eq!(
        long_token,
        "piece 1: rotation token '77777777777777777777... (104857600 bytes)' at byte 0 is out of range"
    );
    assert!(heap < 1 << 20, "a 100 MB token cost {heap} bytes of heap");
    // The reader's own 64 KiB buffer shows that the counting works.
    assert!(heap >= 1 << 16, "{heap}");
    let (blank, heap) = peak_heap(|| verdict(&[1], endless(b' ')).1);
    assert_eq!(
        blank,
        "piece 1: the output ends (byte 104857600) where its rotation was expected"
    );
    assert!(heap < 1 << 20, "100 MB of blanks cost {heap} bytes of heap");
}

fn temp_file(dir: &ScratchDir, name: &str, content: &[u8]) -> PathBuf {
    common::write(dir.path(), name, content)
}

#[test]
fn extra_output_after_a_complete_game_is_ignored_with_a_note() {
    let dir = common::scratch("parse-extra");
    let input = temp_file(&dir, "extra.in", b"2\n4 4\n");
    let j = judge_files(&input, &b"0 0 0 2 junk"[..], ToppingPiece::NotCounted).unwrap();
    assert_eq!(j.outcome.placed, 2);
    assert_eq!(j.trailing, Some(("junk".to_string(), 8)));
    assert!(j
        .summary()
        .contains("output after the last move ignored, from 'junk' at byte 8"));
}

#[test]
fn malformed_test_inputs_are_judge_failures_with_their_place() {
    let cases: [(&[u8], &str); 6] = [
        (b"", "the input is empty"),
        (b"3\n1 2\n", "N is 3 but the input ends after 2 pieces"),
        (
            b"2\n1 8\n",
            "line 2, column 3: piece 2 must be an integer from 1 to 7, found '8'",
        ),
        (
            b"2\n1 2 3\n",
            "line 2, column 5: N is 2 but more follows: '3'",
        ),
        (b"x\n", "line 1, column 1: N must be an integer"),
        (b"1\n\xff\n", "not text (invalid UTF-8 at byte 2)"),
    ];
    let dir = common::scratch("parse-bad");
    for (i, (content, expected)) in cases.iter().enumerate() {
        let input = temp_file(&dir, &format!("bad{i}.in"), content);
        let failure = judge_files(&input, &b"0 0"[..], ToppingPiece::NotCounted).unwrap_err();
        assert!(failure.0.contains(expected), "{:?}: {}", content, failure.0);
    }
    assert!(parse_input("0\n").is_err());
}
