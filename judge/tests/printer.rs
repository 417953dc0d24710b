//! The printer's referee: picture formats and their errors, the field's
//! ordinary gravity, and `judge printer check`.

mod common;

use judge::olympiad::Piece;
use judge::printer::format::parse_drops;
use judge::printer::format::picture::{Picture, DEFAULT_TRANSPARENT};
use judge::printer::judge::{mismatches, target};
use judge::printer::rules::{Board, Drop, FIELD_HEIGHT};

fn parse(bytes: &[u8]) -> Result<Picture, String> {
    Picture::parse(bytes, DEFAULT_TRANSPARENT).map_err(|e| e.0)
}

#[test]
fn text_and_ppm_pictures_read_the_same() {
    let text = parse(b"1.\n23\n").unwrap();
    assert_eq!(text.pixels, vec![vec![1, 0], vec![2, 3]]);
    // P3 with a comment; magenta is transparent; colours numbered in order of appearance.
    let p3 = parse(b"P3\n# a comment\n2 2\n255\n9 9 9  255 0 255\n1 1 1  2 2 2\n").unwrap();
    assert_eq!(p3.pixels, text.pixels);
    let mut p6 = b"P6 2 2 255\n".to_vec();
    p6.extend_from_slice(&[9, 9, 9, 255, 0, 255, 1, 1, 1, 2, 2, 2]);
    assert_eq!(parse(&p6).unwrap().pixels, text.pixels);
    let other = Picture::parse(b"P3 1 1 255 0 0 0", [0, 0, 0]).unwrap();
    assert_eq!(other.pixel_count(), 0);
}

#[test]
fn bad_pictures_are_refused_with_the_reason() {
    let cases: [(&[u8], &str); 8] = [
        (b"", "the picture is empty"),
        (b"1.\n1\n", "line 2: 1 pixels wide, but line 1 is 2"),
        (b"1x\n", "line 1, column 2: 'x' is not a pixel"),
        (
            b"P3 2 1 255 1 1 1",
            "truncated: 6 samples expected, 3 found",
        ),
        (
            b"P6 2 1 255\n\x01\x01",
            "truncated: 6 sample bytes expected, 2 found",
        ),
        (b"P3 x 1 255", "byte 3: the PPM width must be a number"),
        (b"P3 1 1 0 0 0 0", "maximum value is 0"),
        (
            b"P3 4 1 255 1 1 1 2 2 2 3 3 3 4 4 4",
            "pixel (4, 1) has a 4th colour #040404",
        ),
    ];
    for (bytes, expected) in cases {
        let e = parse(bytes).unwrap_err();
        assert!(
            e.contains(expected),
            "{:?}: {e}",
            String::from_utf8_lossy(bytes)
        );
    }
    let wide = format!("{}\n", "1".repeat(18));
    assert!(parse(wide.as_bytes())
        .unwrap_err()
        .contains("18 x 1 pixels; at most 17 x 32"));
    let tall = "1\n".repeat(33);
    assert!(parse(tall.as_bytes()).unwrap_err().contains("1 x 33"));
}

#[test]
fn an_empty_row_under_pixels_cannot_be_printed() {
    assert!(parse(b"1\n.\n1\n")
        .unwrap()
        .printable()
        .unwrap_err()
        .0
        .contains("row 2 (from the top) is transparent"));
    assert!(parse(b".\n1\n1\n").unwrap().printable().is_ok());
    // Transparent rows under all the pixels are a margin, like those above.
    let margin = parse(b"..\n1.\n.2\n..\n..\n").unwrap();
    assert!(margin.printable().is_ok());
    assert_eq!(margin.bottom_margin(), 2);
}

#[test]
fn a_bottom_margin_is_not_printed() {
    // The lowest row with pixels stands on the floor: the same field as
    // without the margin.
    let with = parse(b".1.\n.3.\n...\n").unwrap();
    let without = parse(b".1.\n.3.\n").unwrap();
    assert_eq!(target(&with), target(&without));
    let target = target(&with);
    assert_eq!(target.cells[0][10], 3); // L carries colour 3
    assert_eq!(target.cells[1][10], 2); // J carries colour 1
    assert_eq!(target.cells[2][10], 0);
}

fn drop(letter: char, rotation: usize, column: usize) -> Drop {
    Drop {
        piece: *Piece::ALL.iter().find(|p| p.letter() == letter).unwrap(),
        rotation,
        column,
    }
}

#[test]
fn full_rows_are_deleted_and_everything_above_moves_down() {
    let mut field = Board::default();
    // Row 0: five flat I pieces fill columns 0..19; a vertical I in column
    // 20 completes it and sticks out three rows.
    for x in [0, 4, 8, 12, 16] {
        assert_eq!(field.drop_piece(drop('I', 1, x)), Ok(0));
    }
    field.drop_piece(drop('T', 0, 0)).unwrap(); // #./##/#. on rows 1..3, columns 0..1
    assert_eq!(field.drop_piece(drop('I', 0, 20)), Ok(1));
    // Everything above row 0 moved down one row: no gaps, no falls into holes.
    assert_eq!(&field.cells[0][..2], &[6, 0]);
    assert_eq!(&field.cells[1][..2], &[6, 6]);
    assert_eq!(&field.cells[2][..2], &[6, 0]);
    assert_eq!([field.cells[0][20], field.cells[2][20]], [1, 1]);
    assert!(field.cells[3].iter().all(|&k| k == 0));
    // A piece that would rest above the field is refused.
    let mut full = Board::default();
    for _ in 0..(FIELD_HEIGHT / 4) {
        full.drop_piece(drop('I', 0, 0)).unwrap();
    }
    assert!(full.drop_piece(drop('I', 0, 0)).is_err());
}

#[test]
fn drop_lists_are_checked_line_by_line() {
    assert_eq!(
        parse_drops("# comment\n\nJ 3 9 # the L-shape\n")
            .unwrap()
            .len(),
        1
    );
    for (text, expected) in [
        ("Q 0 0", "line 1: 'Q' is not a piece"),
        ("J 4 0", "rotation '4' is not 0..3"),
        (
            "I 1 18",
            "column '18': a piece 4 wide fits in columns 0..=17",
        ),
        (
            "\nJ 0",
            "line 2: 'J 0': expected a piece letter, a rotation and a column",
        ),
    ] {
        assert!(
            parse_drops(text)
                .unwrap_err()
                .to_string()
                .contains(expected),
            "{text}"
        );
    }
}

#[test]
fn check_reports_exact_prints_and_every_mismatch() {
    let picture = parse(b"1..\n111\n").unwrap();
    let mut field = Board::default();
    field.drop_piece(drop('J', 3, 9)).unwrap();
    assert!(mismatches(&picture, &field).is_empty());
    field.drop_piece(drop('T', 2, 0)).unwrap();
    let wrong = mismatches(&picture, &field);
    assert_eq!(wrong.len(), 4);
    assert!(
        wrong[0].contains("expected empty, found T (colour 2)"),
        "{wrong:?}"
    );

    let scratch = common::scratch("printer-check");
    let dir = scratch.path();
    common::write(dir, "p.txt", "1..\n111\n");
    common::write(dir, "good.txt", "J 3 9\n");
    common::write(dir, "late.txt", "J 3 9\nZ 1 30\n");
    common::write(dir, "huge.txt", "T 0 18446744073709551615\n");
    common::write(dir, "binary.txt", b"J 3 9\n\xff\n");
    let run = |drops: &str| {
        let ran = common::judge(&[
            "printer".as_ref(),
            "check".as_ref(),
            dir.join("p.txt").as_os_str(),
            dir.join(drops).as_os_str(),
        ]);
        assert!(!ran.stderr.contains("panicked"), "{}", ran.stderr);
        (ran.code, ran.stdout)
    };
    assert_eq!(
        run("good.txt"),
        (
            0,
            "pieces 1, pixels 4, pieces per pixel 0.25\nprinted exactly\n".into()
        )
    );
    let (code, text) = run("late.txt");
    assert_eq!(code, 3);
    assert!(text.contains("late.txt: line 2: column '30'"), "{text}");
    let (code, text) = run("huge.txt");
    assert_eq!(code, 3);
    assert!(
        text.contains("line 1: column '18446744073709551615'"),
        "{text}"
    );
    let (code, text) = run("binary.txt");
    assert_eq!(code, 3);
    assert!(text.contains("invalid UTF-8 at byte 6"), "{text}");
}

#[test]
fn every_committed_test_picture_reads_and_can_be_printed() {
    let dir = common::root().join("testdata/printer");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert!(names.len() >= 25, "{} pictures", names.len());
    for path in &names {
        let picture = parse(&std::fs::read(path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        picture
            .printable()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(picture.pixel_count() > 0);
    }
    // The PPM sprite is the text sprite: same pixels, colours numbered by
    // first appearance instead.
    let text = parse(&std::fs::read(dir.join("mushroom-16x16.txt")).unwrap()).unwrap();
    let ppm = parse(&std::fs::read(dir.join("mushroom-16x16.ppm")).unwrap()).unwrap();
    let mut mapping = std::collections::HashMap::new();
    for (a, b) in text
        .pixels
        .iter()
        .flatten()
        .zip(ppm.pixels.iter().flatten())
    {
        assert_eq!(*mapping.entry(*a).or_insert(*b), *b);
    }
    assert_eq!(mapping.len(), 4);
    let tall = parse(&std::fs::read(dir.join("knight-16x32.txt")).unwrap()).unwrap();
    assert_eq!((tall.width, tall.height), (16, 32));
}
