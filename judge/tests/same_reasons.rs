//! One bad output, one reason: every command of a problem that judges an
//! output (checking it, drawing it, paging it, or running a program that
//! writes it) gives the reason of that problem's `judge_output`.

mod common;

use std::path::Path;

use common::{judge, scratch, write, Ran};
use judge::golf::rules::Mode;
use judge::olympiad::{Piece, ToppingPiece, Unwatched};
use judge::printer::format::picture::{Picture, DEFAULT_TRANSPARENT};

fn text(path: &Path) -> &str {
    path.to_str().expect("scratch paths are text")
}

/// `--cmd` that writes this file, as a program would.
fn cat(path: &Path) -> String {
    format!("cat {}", text(path))
}

fn assert_says(ran: &Ran, code: i32, reason: &str, what: &str) {
    assert_eq!(ran.code, code, "{what}: {}{}", ran.stdout, ran.stderr);
    assert!(
        ran.stdout.contains(reason),
        "{what} does not give the reason '{reason}':\n{}",
        ran.stdout
    );
    assert!(!ran.stderr.contains("panicked"), "{what}: {}", ran.stderr);
}

#[test]
fn golf_commands_reject_a_bad_output_with_the_same_reason() {
    let dir = scratch("same-reasons-golf");
    let input_bytes = [0u8, 1, 2, 3];
    let input = write(dir.path(), "input.bin", input_bytes);
    let page = dir.path().join("page.html");
    // Too short, and a rotation out of range at byte offset 1.
    for (name, output) in [("short", vec![0u8; 2]), ("rotation", vec![0, 0x40, 0, 0])] {
        let reason =
            judge::golf::judge::judge_output(&input_bytes, &output, Mode::Rules, &mut Unwatched)
                .accepted()
                .expect_err("the output is bad");
        let rejected = format!("rejected: {reason}");
        let path = write(dir.path(), &format!("{name}.out"), &output);
        let (i, o) = (text(&input), text(&path));
        for args in [
            vec!["golf", "score", i, o],
            vec!["golf", "losses", i, o],
            vec!["golf", "html", i, o, "-o", text(&page)],
        ] {
            assert_says(&judge(&args), 3, &rejected, &args.join(" "));
        }
        let run = cat(&path);
        let args = ["golf", "run", "--cmd", &run, "--source", o, "--input", i];
        assert_says(&judge(&args), 3, &rejected, "golf run");
    }
}

#[test]
fn printer_commands_reject_a_bad_drop_list_with_the_same_reason() {
    let dir = scratch("same-reasons-printer");
    let picture_text = "1.\n11\n";
    let picture_path = write(dir.path(), "picture.txt", picture_text);
    let picture = Picture::parse(picture_text.as_bytes(), DEFAULT_TRANSPARENT).unwrap();
    let pic = text(&picture_path);
    let page = dir.path().join("page.html");
    let ppm = dir.path().join("field.ppm");
    let off_the_field = "O 0 0\n".repeat(22); // 21 fill the 42 rows
    for (name, drops) in [
        ("binary", b"J 0 0\n\xff\n".to_vec()),
        ("column", b"J 0 0\nI 0 99\n".to_vec()),
        ("off-the-field", off_the_field.into_bytes()),
    ] {
        let reason = judge::printer::judge::judge_output(&picture, &drops, &mut Unwatched)
            .accepted()
            .expect_err("the drop list is bad");
        let path = write(dir.path(), &format!("{name}.txt"), &drops);
        let d = text(&path);
        // A file's rejection names the file; a program's output has none.
        let rejected = format!("rejected: {d}: {reason}");
        for args in [
            vec!["printer", "check", pic, d],
            vec!["printer", "render", d, "-o", text(&ppm)],
            vec!["printer", "html", pic, d, "-o", text(&page)],
        ] {
            assert_says(&judge(&args), 3, &rejected, &args.join(" "));
        }
        let run = cat(&path);
        let args = [
            "printer", "strength", "--cmd", &run, "--runs", "1", "--random", "0", pic,
        ];
        assert_says(&judge(&args), 3, &reason, "printer strength");
    }
    // Read and played, but not the picture: the same shortfall everywhere.
    let drops = b"I 0 0\n";
    let printed = judge::printer::judge::judge_output(&picture, drops, &mut Unwatched)
        .accepted()
        .unwrap();
    let shortfall = printed.shortfall().expect("an I is not the picture");
    let path = write(dir.path(), "wrong.txt", drops);
    let d = text(&path);
    assert_says(
        &judge(&["printer", "check", pic, d]),
        3,
        &format!("rejected: {shortfall}"),
        "printer check",
    );
    assert_says(
        &judge(&["printer", "html", pic, d, "-o", text(&page)]),
        0,
        &shortfall,
        "printer html",
    );
    let run = cat(&path);
    let args = [
        "printer", "strength", "--cmd", &run, "--runs", "1", "--random", "0", pic,
    ];
    assert_says(&judge(&args), 3, &shortfall, "printer strength");
}

#[test]
fn olympiad_commands_end_a_bad_game_with_the_same_reason() {
    let dir = scratch("same-reasons-olympiad");
    let tests = dir.path().join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    let input = write(&tests, "a.in", "2\n4 4\n");
    let pieces = [Piece::ALL[3], Piece::ALL[3]];
    let page = dir.path().join("page.html");
    // A bad rotation, a column off the well, a token that is not a number.
    for (name, output) in [
        ("rotation", "0 0\n5 0\n"),
        ("column", "0 0\n0 9\n"),
        ("token", "0 0\nx 2\n"),
    ] {
        let judged = judge::olympiad::judge::judge_output(
            &pieces,
            output.as_bytes(),
            ToppingPiece::NotCounted,
            &mut Unwatched,
        )
        .unwrap()
        .accepted()
        .unwrap();
        assert_eq!(judged.outcome.placed, 1, "{name}");
        let reason = judged.outcome.end.to_string();
        let path = write(dir.path(), &format!("{name}.out"), output);
        let (i, o) = (text(&input), text(&path));
        for args in [
            vec!["check", i, o],
            vec!["show", i, o, "--delay", "0"],
            vec!["html", i, o, "-o", text(&page)],
        ] {
            assert_says(&judge(&args), 0, &reason, &args.join(" "));
        }
        let run = cat(&path);
        let args = ["grade", "--cmd", &run, "--tests", text(&tests)];
        assert_says(&judge(&args), 0, &reason, "grade");
    }
}
