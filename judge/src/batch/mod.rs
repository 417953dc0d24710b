//! Long runs (benchmarks, searches) spread over the cores and over
//! machines. On one machine, `--jobs N` games at once through one parallel
//! map whose results come back in the games' order. Past one machine, as
//! cargo-nextest splits a suite: `--partition K/N` plays the K-th of N
//! disjoint shares of a run's games (every N-th game from the K-th), `--save
//! FILE` writes each game's result as a JSON line, and `--merge FILE...`
//! makes the report of the whole run from the saved shares, refusing shares
//! that overlap, miss games or come from other work.

pub mod json;
mod parallel;
mod saved;

use std::path::PathBuf;

pub use parallel::{cores, try_map};
pub use saved::{merge, Merged, Record};

use crate::cli::{opt, switch, Args, Failure, Opt, UsageError, SUBMISSION_COMMAND};
use crate::process::Submission;
use json::{object, Value};

pub const JOBS: Opt = opt(
    "--jobs",
    "N",
    "games run at once (default: the machine's cores)",
);
pub const PARTITION: Opt = opt(
    "--partition",
    "K/N",
    "play only the K-th of N shares of the games (needs --save)",
);
pub const SAVE: Opt = opt(
    "--save",
    "FILE",
    "write each game's result as a JSON line, for --merge",
);
pub const MERGE: Opt = switch(
    "--merge",
    "report on the games of saved FILEs instead of playing (FILE... for the submission)",
);
pub const NO_TIMES: Opt = switch(
    "--no-times",
    "leave out what is measured (time, memory): reports compare byte for byte",
);

/// `--jobs N`: at least one, the machine's cores unless given.
pub fn jobs(args: &Args) -> Result<usize, UsageError> {
    Ok(args.number_in(&JOBS, cores() as u64, 1..=1024)? as usize)
}

/// The K-th of N shares of a run's games: game i (from 0) is in share
/// i mod N + 1, so the shares are disjoint, cover every game and take
/// their games from the whole run alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub k: usize,
    pub n: usize,
}

impl Partition {
    pub const WHOLE: Partition = Partition { k: 1, n: 1 };

    pub fn parse(text: &str) -> Result<Partition, String> {
        let bad = || format!("'{text}' is not K/N with 1 <= K <= N (as 2/3)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Partition { k, n })
    }

    pub fn holds(&self, game: usize) -> bool {
        game % self.n == self.k - 1
    }
}

impl std::fmt::Display for Partition {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// How a command's games are to be had, from its command line.
pub struct Batch {
    pub jobs: usize,
    pub partition: Partition,
    pub save: Option<PathBuf>,
    /// The saved files to report on, with `--merge`.
    pub merge: Option<Vec<PathBuf>>,
    pub no_times: bool,
}

impl Batch {
    /// The batch options of `args`; with `--merge`, the positional
    /// arguments are the files and nothing is played, so the options of
    /// `work` (what decides the games) are refused.
    pub fn from_args(args: &Args, work: &[&Opt]) -> Result<Batch, UsageError> {
        let partition = match args.value(&PARTITION)? {
            None => Partition::WHOLE,
            Some(text) => Partition::parse(text)
                .map_err(|why| args.usage_error(format!("--partition: {why}")))?,
        };
        let save = args.path(&SAVE);
        let merge = args.switch(&MERGE).then(|| {
            args.positional
                .iter()
                .map(PathBuf::from)
                .collect::<Vec<_>>()
        });
        if let Some(files) = &merge {
            if files.is_empty() {
                return Err(args.usage_error("--merge needs the FILEs that --save wrote"));
            }
            let playing = [&PARTITION, &SAVE, &JOBS, &SUBMISSION_COMMAND];
            if let Some(clash) = playing.iter().chain(work).find(|o| args.switch(o)) {
                return Err(args.usage_error(format!(
                    "--merge plays nothing, and the work is the saved files': it takes no {}",
                    clash.name
                )));
            }
        } else if partition != Partition::WHOLE && save.is_none() {
            return Err(args.usage_error(
                "--partition K/N needs --save FILE (the report of the whole run is --merge's)",
            ));
        }
        Ok(Batch {
            jobs: jobs(args)?,
            partition,
            save,
            merge,
            no_times: args.switch(&NO_TIMES),
        })
    }
}

/// What a saved share is a share of: the command, its work (everything
/// that decides the games) and the program that played.
pub struct Header<'a> {
    pub command: &'a str,
    pub work: Value,
    pub submission: &'a Submission,
}

/// Plays this run's share of `games`, `batch.jobs` at once, saves it if
/// asked, and returns the results in the games' order when the share is
/// the whole run (a share alone makes no report).
pub fn play<G: Sync, R: Send>(
    batch: &Batch,
    header: &Header,
    games: &[G],
    label: &str,
    game: impl Fn(&G) -> Result<R, Failure> + Sync,
    saved: impl Fn(&G, &R) -> Value,
) -> Result<Option<Vec<R>>, Failure> {
    let share: Vec<usize> = (0..games.len())
        .filter(|&i| batch.partition.holds(i))
        .collect();
    let results = try_map(&share, batch.jobs, label, |_, &i| game(&games[i]))?;
    if let Some(path) = &batch.save {
        let mut text = header_value(header, games.len(), batch)?.to_line();
        text.push('\n');
        for (&i, result) in share.iter().zip(&results) {
            let mut line = vec![("game".to_string(), Value::Number(i as u64))];
            if let Value::Object(fields) = saved(&games[i], result) {
                line.extend(fields);
            }
            text.push_str(&Value::Object(line).to_line());
            text.push('\n');
        }
        crate::cli::write_file(path, text)?;
        if batch.partition != Partition::WHOLE {
            crate::say!(
                "share {} of {}: {} of {} played ({} at once), saved to {}",
                batch.partition,
                header.command,
                share.len(),
                games.len(),
                batch.jobs,
                path.display()
            );
        }
    }
    Ok((batch.partition == Partition::WHOLE).then_some(results))
}

fn header_value(header: &Header, games: usize, batch: &Batch) -> Result<Value, Failure> {
    Ok(object(vec![
        ("judge", Value::String(header.command.to_string())),
        ("work", header.work.clone()),
        ("submission", Value::String(identity(header.submission)?)),
        ("games", Value::Number(games as u64)),
        ("share", Value::String(batch.partition.to_string())),
        ("jobs", Value::Number(batch.jobs as u64)),
    ]))
}

/// Which program played, so shares of different programs are not merged:
/// a source by its name and a hash of its bytes (the same file compiled on
/// every machine), a command by its words.
fn identity(submission: &Submission) -> Result<String, Failure> {
    Ok(match submission {
        Submission::Source(path) => {
            let hash = fnv1a(&crate::cli::read_file(path)?);
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            format!("source {name}, FNV-1a {hash:016x}")
        }
        Submission::Shell(line) => format!("command '{line}'"),
    })
}

/// FNV-1a: enough to tell two files apart, and needs nothing.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// "2 games at once" and the like, for reports: how many ran side by side
/// while their times were measured (each share's count, when merged).
pub fn at_once(jobs: &[usize], what: &str) -> String {
    let (least, most) = (
        jobs.iter().copied().min().unwrap_or(1),
        jobs.iter().copied().max().unwrap_or(1),
    );
    match (least, most) {
        (1, 1) => format!("one {what} at a time"),
        (a, b) if a == b => format!("{a} {what}s at once"),
        (a, b) => format!("{a} to {b} {what}s at once"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_are_disjoint_and_cover_every_game() {
        for n in 1..6 {
            let mut seen = vec![0; 23];
            for k in 1..=n {
                let p = Partition::parse(&format!("{k}/{n}")).unwrap();
                for (game, count) in seen.iter_mut().enumerate() {
                    *count += usize::from(p.holds(game));
                }
            }
            assert!(seen.iter().all(|&c| c == 1), "{n}: {seen:?}");
        }
        for bad in ["0/2", "3/2", "1", "a/b", "1/0", "-1/2", ""] {
            assert!(Partition::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Partition::parse(" 2/3").unwrap().to_string(), "2/3");
    }

    #[test]
    fn reports_say_how_many_ran_at_once() {
        assert_eq!(at_once(&[1], "game"), "one game at a time");
        assert_eq!(at_once(&[2, 2], "game"), "2 games at once");
        assert_eq!(at_once(&[4, 2], "picture"), "2 to 4 pictures at once");
    }
}
