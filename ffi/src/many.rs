//! `pm_rate_many` in safe Rust: split the lines, rate them on a pool local to the call, and join
//! the results in input order.

use engine::RateOptions;
use engine::batch::{Line, Workers, guarded, puzzle_lines};
use engine::{ErrorKind, error_object};

use crate::boundary::with_line;
use crate::jobs::worker_count;

/// The JSON for one line: exactly what `pm_rate` returns for it, with `"line": n` added to an
/// error object.
fn rate_line((n, text): &Line<'_>, opts: &RateOptions) -> String {
    let Some(text) = text else {
        return with_line(&error_object(ErrorKind::Invalid, "the line is not valid UTF-8"), *n);
    };
    // A bug must cost one line, not the batch.
    match guarded(|| engine::rate_str(text, opts)) {
        Ok(card) => card.to_json(),
        Err(e) => with_line(&e.to_json(), *n),
    }
}

/// Rates every puzzle line of `text`: a JSON array in input order, or one error object when the
/// options are invalid or the worker threads cannot start.
pub(crate) fn rate_many(text: &[u8], options: Option<&str>) -> String {
    let opts = match RateOptions::from_json(options.unwrap_or("")) {
        Ok(o) => o,
        Err(e) => return e.to_json(),
    };
    let lines = puzzle_lines(text);
    // The pool is the kernel's: local to this call, never the global one, never rayon::spawn.
    let workers = match Workers::new(Some(worker_count(opts.jobs, lines.len()))) {
        Ok(w) => w,
        Err(e) => return engine::Error::Options(e).to_json(),
    };
    let results = workers.map(&lines, |l| rate_line(l, &opts));
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
    fn empty_input_is_an_empty_array() {
        assert_eq!(rate_many(b"", None), "[]");
        assert_eq!(rate_many(b"\n# only a comment\n", Some("{\"jobs\":4}")), "[]");
    }
}
