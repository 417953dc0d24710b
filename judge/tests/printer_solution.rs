//! The printer (`solutions/printer`), compiled alone as a contest system
//! would, checked by the referee: every test picture and seeded random ones
//! print exactly; bad input gets a message and an exit code, never a panic;
//! the same picture always gives the same drops.

mod common;

use judge::printer::format::picture::{Picture, DEFAULT_TRANSPARENT};
use judge::printer::gen::random_picture;
use judge::printer::judge::{mismatches, replay_drops};
use std::path::PathBuf;

use judge::process::{run, Limits, Termination};

use common::{root, submission};

/// Runs the printer with `args` after its path, `input` on stdin.
fn print(args: &[&str], input: &[u8]) -> (Termination, String, String) {
    let mut command = submission("printer");
    command.extend(args.iter().map(|a| a.to_string()));
    let ran = run(
        &command,
        input,
        &Limits::tool(std::time::Duration::from_secs(60)),
    )
    .unwrap();
    let stdout = String::from_utf8(ran.stdout).unwrap();
    (ran.termination, stdout, ran.stderr_tail)
}

/// The referee's word on a drop list: Ok(pieces) if the picture is exact.
fn referee(picture: &Picture, drops: &str) -> Result<usize, String> {
    let (field, pieces) = replay_drops(drops)?;
    match mismatches(picture, &field).first() {
        None => Ok(pieces),
        Some(first) => Err(first.clone()),
    }
}

#[test]
fn every_test_picture_prints_exactly() {
    let dir = root().join("testdata/printer");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 29);
    let mut sprite = (0, 0);
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let picture = Picture::parse(&bytes, DEFAULT_TRANSPARENT).unwrap();
        let (end, drops, stderr) = print(&[path.to_str().unwrap()], b"");
        assert_eq!(end, Termination::Exited(0), "{}: {stderr}", path.display());
        let pieces = referee(&picture, &drops)
            .unwrap_or_else(|e| panic!("{}: not exact: {e}", path.display()));
        if (picture.width, picture.height) == (16, 32) {
            sprite = (sprite.0 + pieces, sprite.1 + picture.pixel_count());
        }
    }
    // The target for 16x32 sprites: at most 12 pieces per pixel.
    assert!(sprite.1 > 0 && sprite.0 <= 12 * sprite.1, "{sprite:?}");
}

#[test]
fn seeded_random_pictures_print_exactly() {
    let sizes = [(17, 6), (16, 8), (9, 7), (3, 10), (1, 5), (17, 3)];
    for seed in 1..=12u64 {
        let (width, height) = sizes[seed as usize % sizes.len()];
        let percent = [15, 35, 60, 90][seed as usize % 4];
        let picture = random_picture(seed, width, height, percent);
        let text = picture.to_text();
        let (end, drops, stderr) = print(&[], text.as_bytes());
        assert_eq!(end, Termination::Exited(0), "seed {seed}:\n{text}{stderr}");
        referee(&picture, &drops).unwrap_or_else(|e| panic!("seed {seed}: not exact: {e}\n{text}"));
    }
}

#[test]
fn a_ppm_on_standard_input_with_a_chosen_transparent_colour() {
    // Black means transparent; red and white are colours 1 and 2.
    let ppm = b"P3\n3 2\n255\n0 0 0  255 0 0  0 0 0\n255 0 0  255 255 255  255 0 0\n";
    let (end, drops, stderr) = print(&["--transparent", "000000"], ppm);
    assert_eq!(end, Termination::Exited(0), "{stderr}");
    let picture = Picture::parse(ppm, [0, 0, 0]).unwrap();
    assert_eq!(picture.pixel_count(), 4);
    referee(&picture, &drops).unwrap();
}

#[test]
fn transparent_margins_around_a_sprite_are_not_printed() {
    let sprite = b"......\n..12..\n.3333.\n..2...\n......\n......\n";
    let (end, drops, stderr) = print(&[], sprite);
    assert_eq!(end, Termination::Exited(0), "{stderr}");
    let picture = Picture::parse(sprite, DEFAULT_TRANSPARENT).unwrap();
    referee(&picture, &drops).unwrap();
}

#[test]
fn the_same_picture_gives_the_same_drops() {
    // Two worker threads try batches at once; the answer must not depend
    // on which finishes first. A tall random picture makes them race on
    // many rows.
    for (seed, width, height) in [(7, 12, 6), (3, 17, 12)] {
        let text = random_picture(seed, width, height, 50).to_text();
        let first = print(&[], text.as_bytes()).1;
        assert!(first.lines().count() > 10);
        for _ in 0..2 {
            assert_eq!(first, print(&[], text.as_bytes()).1, "seed {seed}");
        }
    }
}

#[test]
fn bad_input_gets_a_message_and_an_exit_code() {
    let too_wide = "1".repeat(18);
    let cases: [(&[&str], &[u8], i32, &str); 7] = [
        (&["/no/such/picture.txt"], b"", 1, "/no/such/picture.txt"),
        (&[], b"..1\n.x1\n", 1, "line 2, column 2: 'x'"),
        (
            &[],
            b"111\n...\n111\n",
            1,
            "row 2 (from the top) is transparent",
        ),
        (&[], too_wide.as_bytes(), 1, "at most 17 x 32"),
        (&[], b"P6\n2 2\n255\n\x01\x02\x03", 1, "truncated"),
        (&["--transparent", "red"], b"1\n", 2, "not RRGGBB"),
        (&["a.txt", "b.txt"], b"", 2, "usage"),
    ];
    for (args, input, code, message) in cases {
        let (end, stdout, stderr) = print(args, input);
        assert_eq!(end, Termination::Exited(code), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stdout.is_empty());
    }
    let four_colours = b"P3\n4 1\n255\n1 0 0  2 0 0  3 0 0  4 0 0\n";
    let (end, _, stderr) = print(&[], four_colours);
    assert_eq!(end, Termination::Exited(1));
    assert!(stderr.contains("pixel (4, 1) is a 4th colour"), "{stderr}");
}

#[test]
fn the_printer_reads_every_picture_as_the_judge_does() {
    let cases: [&[u8]; 9] = [
        b"P3\n4294967296 4294967296\n255\n0 0 0\n",
        b"P3\n0000000002 1\n255\n0 0 0 0 0 0\n",
        b"P3\n2 1\n0000000000000000000000000000000255\n0 0 0 255 0 255\n",
        b"P3\n1 1\n99999999999999999999999999999\n0 0 0\n",
        b"P3\n1 1\n255\n00000000000000000000000000000000001 0 0\n",
        b"P3\n1 1\n255\n256 0 0\n",
        b"P6\n000001 1\n255\n\x00\x00\x00",
        b"P3\n1 1 255 0 0 0\n",
        b"..1\n111\n",
    ];
    for bytes in cases {
        let judged =
            Picture::parse(bytes, DEFAULT_TRANSPARENT).and_then(|p| p.printable().map(|()| p));
        let (end, stdout, stderr) = print(&[], bytes);
        assert!(!stderr.contains("panicked"), "{stderr}");
        match judged {
            Ok(picture) => {
                assert_eq!(
                    end,
                    Termination::Exited(0),
                    "{:?}: {stderr}",
                    String::from_utf8_lossy(bytes)
                );
                assert!(referee(&picture, &stdout).is_ok());
            }
            Err(e) => assert_eq!(
                end,
                Termination::Exited(1),
                "the judge refuses {:?} ({e}) but the printer printed it",
                String::from_utf8_lossy(bytes)
            ),
        }
    }
}

#[cfg(unix)]
#[test]
fn a_picture_path_that_is_not_utf8_is_read() {
    use std::os::unix::ffi::OsStrExt;
    let dir = common::scratch("printer-bytes");
    let path = dir.path().join(std::ffi::OsStr::from_bytes(b"pic\xff.txt"));
    std::fs::write(&path, "..1\n111\n").unwrap();
    let command = submission("printer");
    let ran = common::execute(&command[0], &[path.as_os_str()], b"");
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(ran.stdout.lines().count() > 3);
}
