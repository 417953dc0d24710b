//! The report of a strength run, from its games in order: the official
//! sizes' summary, the stress families' table and the page of bar charts.
//! Measured figures (times, memory) only when asked, with how many games
//! ran at once.

use std::time::Duration;

use super::{Game, Played, Work};
use crate::olympiad::gen::OFFICIAL_SIZES;
use crate::olympiad::points;
use crate::process::DEFAULT_TIME_LIMIT_SECONDS;
use crate::viewer::bars::{page, Chart, Section};

/// A whole run's games and what they gave, to be reported.
pub struct Report<'a> {
    pub work: &'a Work,
    pub games: &'a [Game],
    pub played: &'a [Played],
    /// How many games ran at once, unless the times are left out.
    pub times: Option<String>,
}

impl Report<'_> {
    /// The official sizes' summary, also printed.
    pub fn official_sizes(&self) -> String {
        let seeds = self.work.seeds;
        let official: Vec<(&Game, &Played)> = self
            .games
            .iter()
            .zip(self.played)
            .filter(|(g, _)| g.family.is_none())
            .collect();
        if official.is_empty() {
            return String::new();
        }
        let mut totals: Vec<u32> = official
            .chunks(OFFICIAL_SIZES.len())
            .map(|seed| seed.iter().map(|(g, p)| points(p.placed, g.pieces)).sum())
            .collect();
        let placed: usize = official.iter().map(|(_, p)| p.placed).sum();
        let pieces: usize = official.iter().map(|(g, _)| g.pieces).sum();
        let highest = official
            .iter()
            .map(|(_, p)| p.max_height)
            .max()
            .unwrap_or(0);
        totals.sort_unstable();
        let mut lines = Vec::new();
        let perfect = totals.iter().filter(|&&t| t == 100).count();
        lines.push(format!(
            "uniform pieces, the ten official sizes, seeds 1..{seeds} ({} games, {pieces} pieces)",
            official.len()
        ));
        lines.push(format!(
            "  points per seed: min {}, median {}, max {}; 100/100 on {perfect} of {} seeds",
            totals[0],
            totals[totals.len() / 2],
            totals[totals.len() - 1],
            totals.len()
        ));
        lines.push(format!(
            "  survival {:.3}%; highest stack {highest} rows of 20",
            100.0 * placed as f64 / pieces as f64
        ));
        if let Some(at_once) = &self.times {
            let big: Vec<&Played> = official
                .iter()
                .filter(|(g, _)| g.pieces == 10_000)
                .map(|(_, p)| *p)
                .collect();
            let mut walls: Vec<Duration> = big.iter().map(|p| p.wall).collect();
            let mut cpus: Vec<Duration> = big.iter().map(|p| p.cpu).collect();
            walls.sort();
            cpus.sort();
            let rss = official
                .iter()
                .filter_map(|(_, p)| p.max_rss_kib)
                .max()
                .unwrap_or(0);
            lines.push(format!(
                "  time per 10000-piece test: median {} ms, max {} ms (CPU median {} ms); \
                 peak memory {:.1} MiB; {at_once}",
                walls[walls.len() / 2].as_millis(),
                walls[walls.len() - 1].as_millis(),
                cpus[cpus.len() / 2].as_millis(),
                rss as f64 / 1024.0
            ));
            // Games past the contest's time limit, which a contest scores 0,
            // and the seeds they fall on.
            let limit = Duration::from_secs_f64(DEFAULT_TIME_LIMIT_SECONDS);
            let over: Vec<usize> = official
                .iter()
                .enumerate()
                .filter(|(_, (_, p))| p.wall > limit)
                .map(|(i, _)| i / OFFICIAL_SIZES.len())
                .collect();
            let mut over_seeds = over.clone();
            over_seeds.dedup();
            lines.push(match over.len() {
                0 => format!(
                    "  every game within the contest's {DEFAULT_TIME_LIMIT_SECONDS} s limit"
                ),
                games => format!(
                    "  over the contest's {DEFAULT_TIME_LIMIT_SECONDS} s limit: {games} of {} \
                     games, on {} of {} seeds (a contest scores them 0; the points above \
                     count them as played)",
                    official.len(),
                    over_seeds.len(),
                    totals.len()
                ),
            });
        }
        let summary = lines.join("\n");
        crate::say!("{summary}");
        summary
    }

    /// The stress families' table, printed; each family's results.
    pub fn stress(&self) -> Vec<FamilyResult> {
        let mut results: Vec<FamilyResult> = Vec::new();
        for (game, played) in self.games.iter().zip(self.played) {
            let Some(f) = game.family else { continue };
            if results.len() <= f {
                let name = game.what.rsplit_once(" seed ").map_or("", |(n, _)| n);
                results.push(FamilyResult {
                    name: name.to_string(),
                    placed: Vec::new(),
                    times: Vec::new(),
                    baseline: Vec::new(),
                });
            }
            let result = &mut results[f];
            result.placed.push(played.placed);
            result.times.push(played.wall);
            result.baseline.extend(played.baseline);
        }
        if results.is_empty() {
            return results;
        }
        let (size, seeds) = (self.work.stress_size, self.work.stress_seeds);
        let with_baseline = self.work.baseline;
        let timed = self.times.is_some();
        crate::say!(
            "stress streams of {size} pieces, seeds 1..{seeds}{}",
            self.times
                .as_ref()
                .map_or(String::new(), |t| format!(" (times: {t})"))
        );
        crate::say!(
            "  family                       complete  survival   placed min / median / max{}{}",
            if timed {
                "   time median / max  over 1 s"
            } else {
                ""
            },
            if with_baseline {
                "   | baseline: complete  survival   placed min / median / max"
            } else {
                ""
            }
        );
        for result in &mut results {
            result.placed.sort_unstable();
            result.baseline.sort_unstable();
            result.times.sort();
            let mut line = format!(
                "  {:<28} {}",
                result.name,
                placed_summary(&result.placed, size)
            );
            if timed {
                line += &format!(
                    "   {:>6} / {:>4} ms  {:>8}",
                    result.times[result.times.len() / 2].as_millis(),
                    result.times[result.times.len() - 1].as_millis(),
                    over_the_limit(&result.times)
                );
            }
            if with_baseline {
                line += &format!("   | baseline: {}", placed_summary(&result.baseline, size));
            }
            crate::say!("{line}");
        }
        let games: usize = results.iter().map(|r| r.placed.len()).sum();
        let complete: usize = results
            .iter()
            .map(|r| r.placed.iter().filter(|&&p| p == size).count())
            .sum();
        let mut closing = format!("  all families: {complete} of {games} games complete");
        let slowest = results
            .iter()
            .filter_map(|r| r.times.last().map(|t| (t, &r.name)))
            .max();
        if let (true, Some((time, name))) = (timed, slowest) {
            let late: usize = results.iter().map(|r| over_the_limit(&r.times)).sum();
            closing += &format!(
                "; {late} over judge grade's 1 s limit (a time-limit verdict there); \
                 slowest game {} ms ({name})",
                time.as_millis()
            );
        }
        crate::say!("{closing}");
        results
    }
}

/// What one family's games gave.
pub struct FamilyResult {
    name: String,
    placed: Vec<usize>,
    times: Vec<Duration>,
    baseline: Vec<usize>,
}

/// Games slower than `judge grade`'s default limit: a time-limit verdict
/// there, whatever they placed here (this benchmark lets games run on).
fn over_the_limit(times: &[Duration]) -> usize {
    let limit = Duration::from_secs_f64(crate::process::DEFAULT_TIME_LIMIT_SECONDS);
    times.iter().filter(|&&t| t > limit).count()
}

fn placed_summary(placed: &[usize], size: usize) -> String {
    let complete = placed.iter().filter(|&&p| p == size).count();
    let survival = 100.0 * placed.iter().sum::<usize>() as f64 / (size * placed.len()) as f64;
    format!(
        "{complete:>3}/{:<3}   {survival:>7.2}%   {:>6} / {:>6} / {:>6}",
        placed.len(),
        placed[0],
        placed[placed.len() / 2],
        placed[placed.len() - 1]
    )
}

/// The families as a page: survival and time per family as bars, the time
/// limit of `judge grade` and the 400 ms target drawn on the time chart.
pub fn strength_page(summary: &str, results: &[FamilyResult], size: usize, timed: bool) -> String {
    let survival = |placed: &[usize]| {
        100.0 * placed.iter().sum::<usize>() as f64 / (size * placed.len()) as f64
    };
    let slowest = results
        .iter()
        .filter_map(|r| r.times.last())
        .max()
        .map_or(1.0, |t| t.as_secs_f64() * 1000.0);
    // Weakest and slowest first: what a reader looks for.
    let mut by_survival: Vec<&FamilyResult> = results.iter().collect();
    by_survival.sort_by(|a, b| survival(&a.placed).total_cmp(&survival(&b.placed)));
    let mut by_time: Vec<&FamilyResult> = results.iter().collect();
    by_time.sort_by(|a, b| b.times.last().cmp(&a.times.last()));
    let survival_chart = Chart {
        title: format!(
            "survival per family, weakest first ({size}-piece streams; red: a game was lost)"
        ),
        unit: "%",
        scale: 100.0,
        limit: None,
        bars: by_survival
            .iter()
            .map(|r| {
                let lost = r.placed.iter().any(|&p| p < size);
                (r.name.clone(), survival(&r.placed), lost)
            })
            .collect(),
    };
    let time_chart = Chart {
        title: "slowest game per family, slowest first (dashed: 400 ms)".into(),
        unit: "ms",
        scale: slowest.max(500.0),
        limit: Some(400.0),
        bars: by_time
            .iter()
            .map(|r| {
                let ms = r.times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0);
                (r.name.clone(), ms.round(), false)
            })
            .collect(),
    };
    let mut sections = vec![
        Section::Text(summary.to_string()),
        Section::Chart(survival_chart),
    ];
    if timed {
        sections.push(Section::Chart(time_chart));
    }
    page("judge strength", &sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_shows_the_weakest_family_first() {
        let result = |name: &str, placed: usize, ms: u64| FamilyResult {
            name: name.into(),
            placed: vec![placed],
            times: vec![Duration::from_millis(ms)],
            baseline: Vec::new(),
        };
        let page = strength_page(
            "summary",
            &[result("{I}", 100, 50), result("{O,S}", 40, 900)],
            100,
            true,
        );
        let first = |chart: &str| {
            let at = page.find(chart).unwrap();
            let rest = &page[at..];
            let i = rest.find("{I}").unwrap();
            let os = rest.find("{O,S}").unwrap();
            os < i
        };
        assert!(first("survival per family"));
        assert!(first("slowest game per family"));
        assert!(page.contains("class=\"bar bad\""));
    }
}
