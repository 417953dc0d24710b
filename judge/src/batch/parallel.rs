//! The one way the long commands spread work over the cores: a fixed list
//! of items, threads that take the next index from a shared counter, and
//! the results put back in the items' order, so what a command reports
//! never depends on how many threads ran or which finished first.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::cli::Progress;

/// The machine's cores (1 where it cannot tell): the default of `--jobs`.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `work` on every item, at most `jobs` at once, the results in the items'
/// order; on a terminal a one-line counter labelled `label`. After a
/// failure no new item is started, and the failure of the lowest index is
/// returned, so the same work fails the same way whatever `jobs` is.
pub fn try_map<T, R, E>(
    items: &[T],
    jobs: usize,
    label: &str,
    work: impl Fn(usize, &T) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E>
where
    T: Sync,
    R: Send,
    E: Send,
{
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let done = Mutex::new(0usize);
    let progress = Progress::new();
    let slots: Vec<Mutex<Option<Result<R, E>>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let threads = jobs.clamp(1, items.len().max(1));
    let worker = || loop {
        if failed.load(Ordering::SeqCst) {
            return;
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(item) = items.get(i) else { return };
        let result = work(i, item);
        if result.is_err() {
            failed.store(true, Ordering::SeqCst);
        }
        *lock(&slots[i]) = Some(result);
        // The count and its line change together, so the line never goes back.
        let mut finished = lock(&done);
        *finished += 1;
        // Each thread takes the next game as soon as it is done with one.
        let running = threads.min(items.len() - *finished);
        progress.show(&format!(
            "{label}: {}/{} done, {running} running",
            *finished,
            items.len()
        ));
    };
    if threads == 1 {
        worker();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(worker);
            }
        });
    }
    progress.done();
    let mut results = Vec::with_capacity(items.len());
    for slot in slots {
        match slot.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(Ok(r)) => results.push(r),
            Some(Err(e)) => return Err(e),
            // Not started: a failure of a lower or higher index stopped the
            // work; the lowest one is returned.
            None => continue,
        }
    }
    Ok(results)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn results_come_in_the_items_order_whatever_finishes_first() {
        let items: Vec<u64> = (0..40).collect();
        for jobs in [1, 2, 3, 8, 100] {
            let out = try_map(&items, jobs, "test", |i, &x| {
                // Early items take longest, so they finish last.
                std::thread::sleep(Duration::from_micros(40 - x));
                Ok::<_, ()>((i, x * x))
            })
            .unwrap();
            let expected: Vec<(usize, u64)> = (0..40).map(|x| (x as usize, x * x)).collect();
            assert_eq!(out, expected, "jobs {jobs}");
        }
        assert!(try_map(&[] as &[u8], 4, "none", |_, _| Ok::<_, ()>(1))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn the_failure_of_the_lowest_index_is_returned() {
        let items: Vec<u64> = (0..30).collect();
        for jobs in [1, 2, 5] {
            let out = try_map(&items, jobs, "test", |_, &x| {
                if x % 7 == 3 {
                    Err(x)
                } else {
                    Ok(x)
                }
            });
            assert_eq!(out, Err(3), "jobs {jobs}");
        }
    }
}
