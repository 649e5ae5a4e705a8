//! `pm_rate_many` in safe Rust: split the lines, rate them on a pool local to the call, and join
//! the results in input order.

use std::panic::{AssertUnwindSafe, catch_unwind};

use engine::{RateError, RateOptions};
use rayon::prelude::*;

use crate::boundary::{INTERNAL_ERROR_JSON, error_object, with_line};

/// One puzzle line: its 1-based number and its text (None when it is not UTF-8).
type Line<'a> = (usize, Option<&'a str>);

/// The puzzle lines of a text: every '\n'-separated line but blank ones and '#' comments.
fn puzzle_lines(text: &[u8]) -> Vec<Line<'_>> {
    text.split(|&b| b == b'\n')
        .enumerate()
        .filter_map(|(i, raw)| match std::str::from_utf8(raw) {
            Ok(s) => {
                let trimmed = s.trim();
                (!trimmed.is_empty() && !trimmed.starts_with('#')).then_some((i + 1, Some(s)))
            }
            Err(_) => Some((i + 1, None)),
        })
        .collect()
}

/// The JSON for one line: exactly what `pm_rate` returns for it, with `"line": n` added to an
/// error object.
fn rate_line((n, text): &Line<'_>, opts: &RateOptions) -> String {
    let Some(text) = text else {
        return with_line(&error_object("the line is not valid UTF-8"), *n);
    };
    // A bug must cost one line, not the batch.
    match catch_unwind(AssertUnwindSafe(|| engine::rate_str(text, opts))) {
        Ok(Ok(card)) => card.to_json(),
        Ok(Err(e)) => with_line(&engine::error_json(&e), *n),
        Err(_) => with_line(INTERNAL_ERROR_JSON, *n),
    }
}

/// Rates every puzzle line of `text`: a JSON array in input order, or one error object when the
/// options are invalid or the worker threads cannot start.
pub(crate) fn rate_many(text: &[u8], options: Option<&str>) -> String {
    let opts = match RateOptions::from_json(options.unwrap_or("")) {
        Ok(o) => o,
        Err(e) => return engine::error_json(&e),
    };
    let lines = puzzle_lines(text);
    let jobs = opts
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(lines.len())
        .max(1);
    let results: Vec<String> = if jobs == 1 {
        // No threads for one job (or one line): the calling thread does the work.
        lines.iter().map(|l| rate_line(l, &opts)).collect()
    } else {
        // A pool local to this call: never the global pool, never rayon::spawn (whose panics
        // abort). `install` + `par_iter` propagate a panic to this thread, where the caller's
        // ffi_boundary! catches it. The pool's threads end when it is dropped.
        let pool = match rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("pencilmark-{i}"))
            .build()
        {
            Ok(pool) => pool,
            Err(e) => {
                return engine::error_json(&RateError::Options(format!(
                    "cannot start {jobs} worker threads: {e}"
                )));
            }
        };
        pool.install(|| lines.par_iter().map(|l| rate_line(l, &opts)).collect())
    };
    let mut out = String::with_capacity(results.iter().map(|r| r.len() + 1).sum::<usize>() + 2);
    out.push('[');
    for (i, r) in results.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(r);
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_blanks_and_comments_and_count_every_line() {
        let text = b"# header\n\nabc\r\n  \n\xff\ndef";
        let lines = puzzle_lines(text);
        assert_eq!(lines, vec![(3, Some("abc\r")), (5, None), (6, Some("def"))]);
    }

    #[test]
    fn empty_input_is_an_empty_array() {
        assert_eq!(rate_many(b"", None), "[]");
        assert_eq!(rate_many(b"\n# only a comment\n", Some("{\"jobs\":4}")), "[]");
    }
}
