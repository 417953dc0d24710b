//! The official tests and the sample, built into the `judge` binary so that
//! `judge grade` and `judge package` work from any folder; or the tests of
//! a folder named on the command line. Every command finds its tests here.

use std::path::Path;

use super::format::parse_input;
use super::judge::{load_tests, Test};
use crate::cli::Failure;

/// The committed official tests (`testdata/olympiad/official`), as built in.
const OFFICIAL: [(&str, &[u8]); 10] = [
    (
        "01.in",
        include_bytes!("../../../testdata/olympiad/official/01.in"),
    ),
    (
        "02.in",
        include_bytes!("../../../testdata/olympiad/official/02.in"),
    ),
    (
        "03.in",
        include_bytes!("../../../testdata/olympiad/official/03.in"),
    ),
    (
        "04.in",
        include_bytes!("../../../testdata/olympiad/official/04.in"),
    ),
    (
        "05.in",
        include_bytes!("../../../testdata/olympiad/official/05.in"),
    ),
    (
        "06.in",
        include_bytes!("../../../testdata/olympiad/official/06.in"),
    ),
    (
        "07.in",
        include_bytes!("../../../testdata/olympiad/official/07.in"),
    ),
    (
        "08.in",
        include_bytes!("../../../testdata/olympiad/official/08.in"),
    ),
    (
        "09.in",
        include_bytes!("../../../testdata/olympiad/official/09.in"),
    ),
    (
        "10.in",
        include_bytes!("../../../testdata/olympiad/official/10.in"),
    ),
];

/// The statement's sample (`testdata/olympiad/sample`), as built in.
const SAMPLE_IN: &[u8] = include_bytes!("../../../testdata/olympiad/sample/Tetris.in");
const SAMPLE_OUT: &[u8] = include_bytes!("../../../testdata/olympiad/sample/Tetris.out");

/// What the option help says where no folder is given.
pub const BUILT_IN: &str = "the ten official tests built into judge";

/// A built-in test, read as strictly as a file.
fn built_in(name: &str, bytes: &[u8]) -> Result<Test, Failure> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Failure::judge(format!("built-in test {name}: not UTF-8 text")))?;
    let pieces =
        parse_input(text).map_err(|e| Failure::judge(format!("built-in test {name}: {e}")))?;
    Ok(Test {
        name: name.to_string(),
        bytes: bytes.to_vec(),
        pieces,
    })
}

/// The tests of a folder given with `option`; a folder that cannot be
/// read is named with the option that chose it.
fn folder_tests(dir: &Path, option: &str) -> Result<Vec<Test>, Failure> {
    if !dir.is_dir() {
        let why = match dir.exists() {
            true => "not a folder",
            false => "no such folder",
        };
        return Err(Failure::judge(format!(
            "{option} {}: {why} (without {option}, {BUILT_IN} are used)",
            dir.display()
        )));
    }
    load_tests(dir).map_err(|e| Failure::judge(format!("{option}: {}", e.0)))
}

/// The official tests, or every `*.in` of the folder given with `option`.
pub fn official_tests(dir: Option<&Path>, option: &str) -> Result<Vec<Test>, Failure> {
    match dir {
        Some(dir) => folder_tests(dir, option),
        None => OFFICIAL
            .iter()
            .map(|(name, bytes)| built_in(name, bytes))
            .collect(),
    }
}

/// What a package is made of: the sample with its answer, and the secret
/// tests.
pub struct PackageTests {
    pub sample: Test,
    /// The sample's output, a valid answer shown to contestants.
    pub sample_answer: Vec<u8>,
    pub secret: Vec<Test>,
}

/// The tests of a package: the built-in ones, or the folders given with
/// `--tests` (secret `*.in`) and `--sample` (`Tetris.in` and `Tetris.out`).
pub fn package_tests(tests: Option<&Path>, sample: Option<&Path>) -> Result<PackageTests, Failure> {
    let (sample, sample_answer) = match sample {
        None => (built_in("Tetris.in", SAMPLE_IN)?, SAMPLE_OUT.to_vec()),
        Some(dir) => {
            let test = folder_tests(dir, "--sample")?.remove(0);
            let answer = dir.join("Tetris.out");
            let bytes = std::fs::read(&answer)
                .map_err(|e| Failure::judge(format!("--sample: {}: {e}", answer.display())))?;
            (test, bytes)
        }
    };
    Ok(PackageTests {
        sample,
        sample_answer,
        secret: official_tests(tests, "--tests")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_tests_are_the_committed_files() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let folder = root.join("testdata/olympiad/official");
        let on_disk = official_tests(Some(&folder), "--tests").unwrap();
        assert_eq!(official_tests(None, "--tests").unwrap(), on_disk);
        let built_in = package_tests(None, None).unwrap();
        let sample = root.join("testdata/olympiad/sample");
        let from_folder = package_tests(Some(&folder), Some(&sample)).unwrap();
        assert_eq!(built_in.sample, from_folder.sample);
        assert_eq!(built_in.sample_answer, from_folder.sample_answer);
        assert_eq!(built_in.secret, from_folder.secret);
    }

    #[test]
    fn a_wrong_folder_names_itself_and_its_option() {
        let Err(Failure::Judge(why)) = official_tests(Some(Path::new("no/such")), "--tests") else {
            panic!("a missing folder is refused");
        };
        assert!(why.starts_with("--tests no/such: no such folder"), "{why}");
    }
}
