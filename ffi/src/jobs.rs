//! How many worker threads a batch call uses: what the caller asked for, but never more than the
//! machine runs at once nor more than there are items. An absurd request (jobs 100000) would
//! otherwise start that many threads and spend its time switching between them.

/// The worker count for `items` pieces of work when the caller asked for `requested` threads
/// (None: the available cores). At least 1.
pub(crate) fn worker_count(requested: Option<usize>, items: usize) -> usize {
    worker_count_on(requested, items, available_cores())
}

/// The threads this process may run at once (1 when the platform cannot tell).
fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn worker_count_on(requested: Option<usize>, items: usize, cores: usize) -> usize {
    requested.unwrap_or(cores).min(cores).min(items).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absurd_request_is_capped_at_the_cores() {
        assert_eq!(worker_count_on(Some(100_000), 2_000, 2), 2);
        assert_eq!(worker_count_on(Some(100_000), 2_000, 16), 16);
        assert_eq!(worker_count(Some(100_000), 2_000), available_cores().min(2_000));
        assert_eq!(worker_count(Some(usize::MAX), usize::MAX), available_cores());
    }

    #[test]
    fn a_modest_request_is_obeyed() {
        assert_eq!(worker_count_on(Some(1), 2_000, 8), 1);
        assert_eq!(worker_count_on(Some(3), 2_000, 8), 3);
    }

    #[test]
    fn the_default_is_the_cores_and_never_more_than_the_items() {
        assert_eq!(worker_count_on(None, 2_000, 8), 8);
        assert_eq!(worker_count_on(None, 3, 8), 3);
        assert_eq!(worker_count_on(Some(5), 0, 8), 1);
    }
}
