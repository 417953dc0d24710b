//! Reading saved shares back: every file's first line says what it is a
//! share of, every other line is one game's result. Shares merge into the
//! whole run only when they are of the same work by the same program and
//! hold every game exactly once; anything else is refused, naming the file
//! and the line.

use std::path::{Path, PathBuf};

use super::json::Value;
use crate::cli::{read_file, Failure};

/// One game's saved result and where it was read.
pub struct Record {
    file: PathBuf,
    line: usize,
    pub value: Value,
}

impl Record {
    /// A failure naming the record's file and line.
    pub fn bad(&self, why: impl std::fmt::Display) -> Failure {
        at(&self.file, self.line, why)
    }

    fn field(&self, key: &str) -> Result<&Value, Failure> {
        self.value
            .get(key)
            .ok_or_else(|| self.bad(format!("no \"{key}\"")))
    }

    pub fn number(&self, key: &str) -> Result<u64, Failure> {
        match self.field(key)? {
            Value::Number(n) => Ok(*n),
            _ => Err(self.bad(format!("\"{key}\" is not a whole number"))),
        }
    }

    /// A number that may be null (not measured, not played).
    pub fn optional_number(&self, key: &str) -> Result<Option<u64>, Failure> {
        match self.field(key)? {
            Value::Null => Ok(None),
            _ => self.number(key).map(Some),
        }
    }

    pub fn text(&self, key: &str) -> Result<&str, Failure> {
        match self.field(key)? {
            Value::String(s) => Ok(s),
            _ => Err(self.bad(format!("\"{key}\" is not a string"))),
        }
    }

    pub fn optional_text(&self, key: &str) -> Result<Option<&str>, Failure> {
        match self.field(key)? {
            Value::Null => Ok(None),
            _ => self.text(key).map(Some),
        }
    }

    /// The record is of the game the work has at its index: `key` says so.
    pub fn expect(&self, key: &str, game: &str) -> Result<(), Failure> {
        let saved = self.text(key)?;
        if saved == game {
            Ok(())
        } else {
            Err(self.bad(format!(
                "the game here is '{saved}', but this run's game {} is '{game}'",
                self.number("game").unwrap_or(0)
            )))
        }
    }
}

/// The whole run, from its shares.
pub struct Merged {
    /// Every game's result, in the games' order.
    pub records: Vec<Record>,
    /// How many games each share ran at once.
    pub jobs: Vec<usize>,
    first: PathBuf,
}

impl Merged {
    /// A failure about the work the headers describe.
    pub fn bad_work(&self, why: impl std::fmt::Display) -> Failure {
        at(&self.first, 1, why)
    }

    /// The results of the work's `games` (the headers said how many, and
    /// the work made from them must agree), each read by `read`.
    pub fn results<G, R>(
        &self,
        games: &[G],
        read: impl Fn(&G, &Record) -> Result<R, Failure>,
    ) -> Result<Vec<R>, Failure> {
        if games.len() != self.records.len() {
            return Err(self.bad_work(format!(
                "the work has {} games, the files {}",
                games.len(),
                self.records.len()
            )));
        }
        games
            .iter()
            .zip(&self.records)
            .map(|(game, record)| read(game, record))
            .collect()
    }
}

fn at(file: &Path, line: usize, why: impl std::fmt::Display) -> Failure {
    Failure::judge(format!("{} line {line}: {why}", file.display()))
}

/// A file's header and records.
struct Share {
    header: Value,
    records: Vec<Record>,
}

fn read_share(path: &Path) -> Result<Share, Failure> {
    let bytes = read_file(path)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        at(path, line, "not UTF-8 text")
    })?;
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let header = match lines.next() {
        Some((_, line)) => Value::parse(line).map_err(|e| at(path, 1, e))?,
        None => return Err(Failure::io(path, "empty: not a file of --save")),
    };
    let mut records = Vec::new();
    for (line, text) in lines {
        let value = Value::parse(text).map_err(|e| at(path, line, e))?;
        records.push(Record {
            file: path.to_path_buf(),
            line,
            value,
        });
    }
    Ok(Share { header, records })
}

/// The shares of a run of `judge COMMAND`, merged, with the work they are
/// of. `plan` reads the work the headers describe and counts its games
/// (Err says why the work is not one): every header's "games" must be that
/// count, so nothing is sized from a number a file merely claims.
pub fn merge<W>(
    command: &str,
    files: &[PathBuf],
    plan: impl FnOnce(&Value) -> Result<(W, usize), String>,
) -> Result<(Merged, W), Failure> {
    let mut plan = Some(plan);
    let mut planned = None;
    let mut first: Option<(PathBuf, Value)> = None;
    let mut total = 0usize;
    let mut jobs = Vec::new();
    let mut slots: Vec<Option<Record>> = Vec::new();
    for path in files {
        let share = read_share(path)?;
        let header = &share.header;
        let field = |key: &str| {
            header.get(key).ok_or_else(|| {
                at(
                    path,
                    1,
                    format!("no \"{key}\": not the first line of a file of --save"),
                )
            })
        };
        match field("judge")? {
            Value::String(c) if c == command => {}
            other => {
                return Err(at(
                    path,
                    1,
                    format!(
                        "saved by judge {}, not by judge {command}",
                        other.to_line().trim_matches('"')
                    ),
                ))
            }
        }
        let games = match field("games")? {
            Value::Number(n) => *n,
            _ => return Err(at(path, 1, "\"games\" is not a number of games")),
        };
        if let Value::Number(j) = field("jobs")? {
            jobs.push(*j as usize);
        }
        match &first {
            None => {
                let plan = plan.take().expect("only the first file is planned");
                let (work, count) = plan(field("work")?).map_err(|why| at(path, 1, why))?;
                if games != count as u64 {
                    return Err(at(
                        path,
                        1,
                        format!("\"games\" is {games}, but the work has {count} games"),
                    ));
                }
                field("submission")?;
                first = Some((path.clone(), header.clone()));
                planned = Some(work);
                total = count;
                slots.resize_with(count, || None);
            }
            Some((first_path, first_header)) => {
                for key in ["work", "submission", "games"] {
                    if field(key)? != first_header.get(key).unwrap_or(&Value::Null) {
                        return Err(at(
                            path,
                            1,
                            format!(
                                "a share of another run than {}: its \"{key}\" differs{}",
                                first_path.display(),
                                difference(field(key)?, first_header.get(key))
                            ),
                        ));
                    }
                }
            }
        }
        for record in share.records {
            let game = record.number("game")? as usize;
            let Some(slot) = slots.get_mut(game) else {
                return Err(record.bad(format!("game {game}, but the run has {total} games")));
            };
            if let Some(earlier) = slot {
                let why = if (&earlier.file, earlier.line) == (&record.file, record.line) {
                    "the file is given twice".to_string()
                } else {
                    format!(
                        "game {game} is also in {} line {}: shares overlap",
                        earlier.file.display(),
                        earlier.line
                    )
                };
                return Err(record.bad(why));
            }
            *slot = Some(record);
        }
    }
    let (first, _) = first.expect("at least one file is merged");
    let missing: Vec<usize> = (0..total).filter(|&i| slots[i].is_none()).collect();
    if !missing.is_empty() {
        return Err(Failure::judge(format!(
            "{} of {total} games are in none of the files (a share is missing): games {}",
            missing.len(),
            ranges(&missing)
        )));
    }
    jobs.sort_unstable();
    jobs.dedup();
    let merged = Merged {
        records: slots.into_iter().flatten().collect(),
        jobs,
        first,
    };
    Ok((merged, planned.expect("the first file is planned")))
}

/// Where two values of the same key part: the first field that differs.
fn difference(this: &Value, first: Option<&Value>) -> String {
    match (this, first) {
        (Value::Object(fields), Some(Value::Object(theirs))) => fields
            .iter()
            .find(|(k, v)| theirs.iter().find(|(t, _)| t == k).map(|(_, w)| w) != Some(v))
            .map_or(String::new(), |(k, v)| {
                let other = first
                    .and_then(|f| f.get(k))
                    .map_or("nothing".into(), Value::to_line);
                format!(" ({k} {} here, {other} there)", v.to_line())
            }),
        (_, Some(other)) => format!(" ({} here, {} there)", this.to_line(), other.to_line()),
        _ => String::new(),
    }
}

/// `0-4, 7, 9-12` (from 0, as the files number games), at most a few.
fn ranges(games: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < games.len() {
        let start = games[i];
        while i + 1 < games.len() && games[i + 1] == games[i] + 1 {
            i += 1;
        }
        parts.push(if games[i] == start {
            start.to_string()
        } else {
            format!("{start}-{}", games[i])
        });
        i += 1;
    }
    if parts.len() > 8 {
        let more = parts.len() - 8;
        parts.truncate(8);
        parts.push(format!("and {more} more ranges"));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_games_are_shown_as_ranges() {
        assert_eq!(ranges(&[0, 1, 2, 5, 7, 8]), "0-2, 5, 7-8");
        let many: Vec<usize> = (0..40).map(|i| i * 3).collect();
        assert!(ranges(&many).ends_with("and 32 more ranges"));
    }
}
