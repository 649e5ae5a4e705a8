//! Counting the solutions of one puzzle text, the way every entry point does it (library, CLI
//! `count` and `solve`, C ABI `pm_count`): up to a limit, optionally keeping the first solution,
//! within an optional time limit. Classic boards, jigsaws and documents with variant rules all
//! come through here; only the time limit can leave a count undecided, never a node limit.

use crate::board::Board;
use crate::format::Puzzle;
use crate::{Error, read};
use serde::Deserialize;
use std::time::Instant;

/// How to count: stop at `limit` solutions (2 proves uniqueness), keep the first solution when
/// `solution` is set, give up with [`Error::Undecided`] once `max_seconds` has passed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountOptions {
    pub limit: u32,
    pub solution: bool,
    pub max_seconds: Option<f64>,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions { limit: 2, solution: false, max_seconds: None }
    }
}

/// The options object of `pm_count` and [`count_json`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCountOptions {
    limit: Option<serde_json::Value>,
    solution: Option<bool>,
    max_seconds: Option<serde_json::Value>,
}

impl CountOptions {
    /// Options from JSON: `{"limit": 2, "solution": false, "max_seconds": null}`, any key left out
    /// keeps its default; "" means the defaults; unknown keys are an error.
    pub fn from_json(text: &str) -> Result<CountOptions, Error> {
        let mut opts = CountOptions::default();
        if text.trim().is_empty() {
            return Ok(opts);
        }
        let raw: RawCountOptions = serde_json::from_str(text).map_err(|e| Error::Options(e.to_string()))?;
        if let Some(v) = raw.limit {
            opts.limit =
                v.as_u64().and_then(|n| u32::try_from(n).ok()).filter(|&n| n >= 1).ok_or_else(|| {
                    Error::Options("\"limit\" must be a whole number from 1 to 4294967295".into())
                })?;
        }
        opts.solution = raw.solution.unwrap_or(false);
        opts.max_seconds = crate::budget::seconds_option(raw.max_seconds.as_ref())?;
        Ok(opts)
    }

    /// The instant the count gives up, counted from `start`.
    pub fn deadline_from(&self, start: Instant) -> Option<Instant> {
        crate::budget::Budget::seconds_from(start, self.max_seconds).deadline()
    }
}

/// A finished count: min(solutions, limit) and, when asked for and there is one, the first
/// solution (one digit 1..=D per cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    pub count: u32,
    pub solution: Option<Vec<u8>>,
}

impl Counted {
    /// `{"count": N}`, with `"solution": "<one-line grid>"` when it carries one.
    pub fn to_json(&self) -> String {
        let mut out = format!("{{\"count\":{}", self.count);
        if let Some(s) = &self.solution {
            out.push_str(",\"solution\":\"");
            out.extend(s.iter().map(|&v| Board::digit_symbol(v)));
            out.push('"');
        }
        out.push('}');
        out
    }
}

/// Counts the solutions of a read puzzle.
pub fn count_puzzle(p: &Puzzle, opts: &CountOptions) -> Result<Counted, Error> {
    crate::budget::check_seconds(opts.max_seconds)?;
    let deadline = opts.deadline_from(Instant::now());
    let c = crate::solve::count_until(p, opts.limit.max(1), deadline)?.ok_or(Error::Undecided)?;
    Ok(Counted { count: c.count, solution: if opts.solution { c.solution } else { None } })
}

/// Reads a puzzle text (one-line classic or a sudoku-puzzle document) and counts its solutions.
pub fn count_str(text: &str, opts: &CountOptions) -> Result<Counted, Error> {
    count_puzzle(&read(text)?, opts)
}

/// Counts with options given as JSON (None or "" = defaults): `{"count": N, "solution": ...}` or
/// an `{"error": ..., "kind": ...}` object. Never panics on bad input.
pub fn count_json(text: &str, options_json: Option<&str>) -> String {
    match CountOptions::from_json(options_json.unwrap_or("")).and_then(|o| count_str(text, &o)) {
        Ok(c) => c.to_json(),
        Err(e) => e.to_json(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";

    #[test]
    fn options_read_from_json() {
        let o = CountOptions::from_json(r#"{"limit": 5, "solution": true, "max_seconds": 1.5}"#).unwrap();
        assert_eq!(o, CountOptions { limit: 5, solution: true, max_seconds: Some(1.5) });
        assert_eq!(CountOptions::from_json(" ").unwrap(), CountOptions::default());
        for bad in [
            r#"{"limit": 0}"#,
            r#"{"limit": -1}"#,
            r#"{"limit": 2.5}"#,
            r#"{"limit": 4294967296}"#,
            r#"{"max_seconds": -1}"#,
            r#"{"max_seconds": "1"}"#,
            r#"{"solutions": true}"#,
            "[1]",
        ] {
            let e = CountOptions::from_json(bad).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::Invalid, "{bad}");
        }
    }

    #[test]
    fn json_answers() {
        assert_eq!(count_json(EASY, None), r#"{"count":1}"#);
        let with = count_json(EASY, Some(r#"{"solution": true}"#));
        assert!(with.starts_with(r#"{"count":1,"solution":"4"#), "{with}");
        let empty = ".".repeat(81);
        assert_eq!(count_json(&empty, Some(r#"{"limit": 7}"#)), r#"{"count":7}"#);
        let v: serde_json::Value = serde_json::from_str(&count_json("garbage", None)).unwrap();
        assert_eq!(v["kind"], "invalid");
    }

    #[test]
    fn a_time_limit_leaves_a_long_count_undecided() {
        // Counting a million solutions of an empty 16x16 takes far longer than 20 ms; a classic
        // 9x9 with enough givens finishes in microseconds whatever the limit asks.
        let empty16 = ".".repeat(256);
        let opts = CountOptions { limit: 1_000_000, solution: false, max_seconds: Some(0.02) };
        assert_eq!(count_str(&empty16, &opts), Err(Error::Undecided));
        let quick = CountOptions { limit: 2, solution: false, max_seconds: Some(10.0) };
        for bad in [f64::NAN, -1.0, f64::INFINITY] {
            let opts = CountOptions { max_seconds: Some(bad), ..quick };
            assert!(matches!(count_str(EASY, &opts), Err(Error::Options(_))), "{bad}");
        }
        assert_eq!(count_str(&empty16, &quick).unwrap().count, 2);
    }
}
