//! Batches: many puzzles across threads, results in input order.
//!
//! Each call builds a rayon pool of its own (never the global one, never `rayon::spawn`), so a
//! panic in one puzzle reaches the caller as that puzzle's error and the process-wide state is
//! untouched. One job (or one puzzle) runs on the calling thread.

use crate::board::Board;
use crate::card::Card;
use crate::count::{CountOptions, Counted, count_str};
use crate::solve::{CellsError, Solver, count_cells};
use crate::{Error, RateOptions, rate_str};
use rayon::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// One puzzle line of a batch text: its 1-based line number and its text (None when the line is
/// not UTF-8, which is that line's error).
pub type Line<'a> = (usize, Option<&'a str>);

/// True for a line that holds a puzzle: not blank and not a `#` comment.
pub fn is_puzzle_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with('#')
}

/// The puzzle lines of a batch text ('\n'-separated; blank lines and `#` comments skipped, line
/// numbers counting every line from 1).
pub fn puzzle_lines(text: &[u8]) -> Vec<Line<'_>> {
    text.split(|&b| b == b'\n')
        .enumerate()
        .filter_map(|(i, raw)| match std::str::from_utf8(raw) {
            Ok(s) => is_puzzle_line(s).then_some((i + 1, Some(s))),
            Err(_) => Some((i + 1, None)),
        })
        .collect()
}

/// Worker threads for batches: a pool of the caller's own, or the calling thread for one job.
pub struct Workers {
    pool: Option<rayon::ThreadPool>,
}

impl Workers {
    /// `jobs` threads (None = available cores); Err(message) when they cannot start.
    pub fn new(jobs: Option<usize>) -> Result<Workers, String> {
        let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
        if jobs == 1 {
            return Ok(Workers { pool: None });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("pencilmark-{i}"))
            .build()
            .map_err(|e| format!("cannot start {jobs} worker threads: {e}"))?;
        Ok(Workers { pool: Some(pool) })
    }

    /// Runs `each` over `items`, results in input order.
    pub fn map<T: Sync, R: Send>(&self, items: &[T], each: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
        match &self.pool {
            Some(pool) if items.len() > 1 => pool.install(|| items.par_iter().map(each).collect()),
            _ => items.iter().map(each).collect(),
        }
    }
}

/// Runs `each` over `items` on `jobs` threads (None = available cores, never more than items),
/// results in input order. Err(message) only when the worker threads cannot start.
pub fn map_ordered<T: Sync, R: Send>(
    items: &[T],
    jobs: Option<usize>,
    each: impl Fn(&T) -> R + Sync + Send,
) -> Result<Vec<R>, String> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(Workers::new(Some(jobs.min(items.len()).max(1)))?.map(items, each))
}

/// Runs `f`, turning a panic into `Error::Internal` so that one puzzle's bug costs only it.
pub fn guarded<R>(f: impl FnOnce() -> Result<R, Error>) -> Result<R, Error> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(Err(Error::Internal))
}

/// Rates every puzzle text; a panic costs only its own puzzle.
pub fn rate_many(texts: &[&str], opts: &RateOptions) -> Result<Vec<Result<Card, Error>>, String> {
    map_ordered(texts, opts.jobs, |text| guarded(|| rate_str(text, opts)))
}

/// Counts the solutions of every puzzle text (a one-line classic or a document) as `opts` says.
/// Givens that conflict count 0; a text that is not a puzzle, or a count past the time limit,
/// gets its own error.
pub fn count_many(
    texts: &[&str],
    opts: &CountOptions,
    jobs: Option<usize>,
) -> Result<Vec<Result<Counted, Error>>, String> {
    map_ordered(texts, jobs, |text| guarded(|| count_str(text, opts)))
}

/// Counts packed cell arrays: `cells` holds `n` puzzles of `per_puzzle` bytes each (as for
/// `solve::count_cells`); one count or error per puzzle, in order. The 9x9 path allocates nothing
/// per puzzle.
pub fn count_packed(
    cells: &[u8],
    per_puzzle: usize,
    limit: u32,
    jobs: Option<usize>,
) -> Result<Vec<Result<u32, CellsError>>, String> {
    let Some(&(_, d)) = crate::format::LINE_SIZES.iter().find(|(len, _)| *len == per_puzzle) else {
        return Err(CellsError::Length(per_puzzle).to_string());
    };
    if !cells.len().is_multiple_of(per_puzzle) {
        return Err(format!("{} bytes are not a whole number of {per_puzzle}-byte puzzles", cells.len()));
    }
    let puzzles: Vec<&[u8]> = cells.chunks(per_puzzle).collect();
    if d != 9 {
        // Boards other than 9x9 share one compiled solver per batch.
        let board = Board::standard(d).map_err(|e| e.to_string())?;
        let solver = Solver::new(&board)?;
        return map_ordered(&puzzles, jobs, |p| {
            let mut g = vec![0u8; p.len()];
            crate::solve::read_cells(p, &mut g).map(|_| solver.count_into(&g, limit, None))
        });
    }
    map_ordered(&puzzles, jobs, |p| count_cells(p, limit, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";

    #[test]
    fn order_is_kept_and_errors_stay_in_place() {
        let multi = ".....................816.......3......5...1..73..4..869.6...2.484.572.93...4.9...";
        let texts = [EASY, "garbage", multi, EASY];
        for jobs in [1, 2, 3] {
            let counting = CountOptions { solution: true, ..CountOptions::default() };
            let out = count_many(&texts, &counting, Some(jobs)).unwrap();
            assert_eq!(out[0].as_ref().unwrap().count, 1);
            assert!(out[0].as_ref().unwrap().solution.is_some());
            assert!(matches!(out[1], Err(Error::Format(_))));
            assert_eq!(out[2].as_ref().unwrap().count, 2);
            assert_eq!(out[3], out[0]);
        }
        let opts = RateOptions { jobs: Some(2), ..RateOptions::default() };
        let cards = rate_many(&texts, &opts).unwrap();
        assert_eq!(cards[0].as_ref().unwrap().band, Some("Very Easy"));
        assert!(matches!(cards[2], Err(Error::NotUnique { .. })));
    }

    #[test]
    fn lines_skip_blanks_and_comments_and_count_every_line() {
        let text = b"# header\n\nabc\r\n  \n\xff\ndef";
        assert_eq!(puzzle_lines(text), vec![(3, Some("abc\r")), (5, None), (6, Some("def"))]);
    }

    #[test]
    fn packed_cells() {
        let mut cells = EASY.as_bytes().to_vec();
        cells.extend(std::iter::repeat_n(0u8, 81));
        let mut clash = vec![0u8; 81];
        clash[0] = 3;
        clash[1] = 3;
        cells.extend(&clash);
        let out = count_packed(&cells, 81, 2, Some(2)).unwrap();
        assert_eq!(out, vec![Ok(1), Ok(2), Ok(0)]);
        assert!(count_packed(&cells[..100], 81, 2, None).is_err());
        assert!(count_packed(&cells[..160], 80, 2, None).is_err());
        let four = count_packed(&[0u8; 32], 16, 2, Some(2)).unwrap();
        assert_eq!(four, vec![Ok(2), Ok(2)]);
    }
}
