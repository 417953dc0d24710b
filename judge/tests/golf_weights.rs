//! The readable golf strategy's `--weights` and `--print-weights`, which
//! `scripts/golf-tune.sh` searches with: a printed list reads back as the
//! same weights, an override changes the play, a bad list is refused.

mod common;

use common::{execute, root, submission};

fn readable() -> String {
    submission("golf-readable").remove(0)
}

fn pieces() -> Vec<u8> {
    let input = std::fs::read(root().join("testdata/golf/input.bin")).unwrap();
    input[..600].to_vec()
}

#[test]
fn printed_weights_read_back_as_the_submitted_ones() {
    let printed = execute(&readable(), &["--print-weights"], b"");
    assert_eq!(printed.code, 0, "{}", printed.stderr);
    let list = printed.stdout.trim();
    assert_eq!(list.split(',').count(), 25, "{list}");
    assert!(list.contains("hole=") && list.contains("clear4="), "{list}");

    let reread = execute(&readable(), &["--weights", list, "--print-weights"], b"");
    assert_eq!(reread.stdout.trim(), list);
    let plain = execute(&readable(), &[] as &[&str], &pieces());
    let explicit = execute(&readable(), &["--weights", list], &pieces());
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert_eq!(plain.stdout.len(), 600);
    assert_eq!(plain.stdout, explicit.stdout);
}

#[test]
fn an_override_changes_that_weight_and_the_play() {
    let printed = execute(
        &readable(),
        &["--weights", "hole=0,ready=7", "--print-weights"],
        b"",
    );
    assert!(printed.stdout.contains(",hole=0,"), "{}", printed.stdout);
    assert!(printed.stdout.contains(",ready=7,"), "{}", printed.stdout);

    // Without a cost for holes the stack fills with them: other answers.
    let plain = execute(&readable(), &[] as &[&str], &pieces());
    let careless = execute(
        &readable(),
        &["--weights", "hole=0,column_transition=0"],
        &pieces(),
    );
    assert_eq!(careless.code, 0, "{}", careless.stderr);
    assert_eq!(careless.stdout.len(), 600);
    assert_ne!(plain.stdout, careless.stdout);
}

#[test]
fn a_bad_weight_list_is_refused_with_the_item_named() {
    for (args, says) in [
        (
            vec!["--weights", "hole=5,nope=3"],
            "`nope=3`: no weight is called `nope`",
        ),
        (
            vec!["--weights", "hole=x"],
            "`hole=x`: the value is not an integer",
        ),
        (vec!["--weights", "hole"], "`hole` is not name=value"),
        (vec!["--weights"], "--weights needs a list"),
        (vec!["--fast"], "unknown argument `--fast`"),
    ] {
        let ran = execute(&readable(), &args, b"");
        assert_eq!(ran.code, 2, "{args:?}");
        assert!(ran.stderr.contains(says), "{args:?}: {}", ran.stderr);
        assert!(!ran.stderr.contains("panicked"), "{}", ran.stderr);
        assert!(ran.stdout.is_empty());
    }
}
