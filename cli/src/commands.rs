//! What each command does to the records of a batch. count and solve take a plain 9x9 line
//! straight to the allocation-free counter and write their answers by hand; anything else (other
//! sizes, documents, packed strings, faulty lines) goes through the full reader, whose messages
//! say what is wrong.

use crate::escape::{plain, push_error_object};
use crate::input::Batch;
use pencilmark::{CountOptions, Error, ErrorKind, FormatError, RateOptions, count_cells_until};
use std::fmt::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// How a command writes a record's error.
#[derive(Clone, Copy)]
pub enum Errors {
    /// `{"error": "...", "kind": "...", "line": N}`
    Json,
    /// `error: line N: ...` (validate)
    Plain,
}

fn push_error(out: &mut String, errors: Errors, kind: ErrorKind, message: &str, line: usize) {
    match errors {
        Errors::Json => push_error_object(out, message, kind, line),
        Errors::Plain => {
            let _ = writeln!(out, "error: line {line}: {}", plain(message));
        }
    }
}

/// Runs `each` on every record of the batch; a record's error (or a bug, caught) costs only that
/// record. Returns whether every record succeeded.
pub fn each_record(
    batch: &Batch,
    out: &mut String,
    errors: Errors,
    each: impl Fn(&str, usize, &mut String) -> Result<(), Error>,
) -> bool {
    let mut all_ok = true;
    for record in &batch.records {
        let mark = out.len();
        let result = match batch.text_of(record) {
            Err(problem) => Err((ErrorKind::Invalid, problem.message(), None)),
            Ok(text) => match catch_unwind(AssertUnwindSafe(|| each(text, record.line, out))) {
                Ok(r) => r.map_err(|e| (e.kind(), e.to_string(), Some(e))),
                Err(_) => Err((ErrorKind::Internal, Error::Internal.to_string(), None)),
            },
        };
        if let Err((kind, message, error)) = result {
            out.truncate(mark);
            match (errors, error) {
                // The library's own object: it carries what the message cannot (the two
                // solutions of a puzzle that is not unique).
                (Errors::Json, Some(e)) => {
                    out.push_str(&with_line(&e.to_json(), record.line));
                    out.push('\n');
                }
                _ => push_error(out, errors, kind, &message, record.line),
            }
            all_ok = false;
        }
    }
    all_ok
}

/// A plain one-line 9x9 puzzle: 81 bytes, each a blank or a digit.
fn plain_classic9(text: &str) -> Option<&[u8]> {
    let b = text.as_bytes();
    (b.len() == 81 && b.iter().all(|&c| matches!(c, b'.' | b'0' | b'-' | b'_' | b'1'..=b'9'))).then_some(b)
}

fn push_grid(out: &mut String, values: &[u8]) {
    // Symbols are ASCII: a row of bytes at a time, not a char at a time (a tenth of solve's time).
    for chunk in values.chunks(81) {
        let mut row = [0u8; 81];
        for (symbol, &v) in row.iter_mut().zip(chunk) {
            *symbol = pencilmark::digit_symbol(v) as u8;
        }
        out.push_str(std::str::from_utf8(&row[..chunk.len()]).expect("digit symbols are ASCII"));
    }
}

/// When a count of this line gives up; without a time limit the clock is not read at all (a
/// hundredth of a 9x9 count). The option parser took only finite seconds >= 0.
fn deadline(max_seconds: Option<f64>) -> Option<Instant> {
    max_seconds.map(|s| Instant::now() + Duration::from_secs_f64(s.clamp(0.0, 1e9)))
}

pub fn count(text: &str, line: usize, opts: &CountOptions, out: &mut String) -> Result<(), Error> {
    let Some(cells) = plain_classic9(text) else {
        out.push_str(&with_line(&pencilmark::count_str(text, opts)?.to_json(), line));
        out.push('\n');
        return Ok(());
    };
    let deadline = deadline(opts.max_seconds);
    let mut grid = [0u8; 81];
    // plain_classic9 checked every byte, so the counter cannot refuse them.
    let count = count_cells_until(cells, opts.limit, opts.solution.then_some(&mut grid[..]), deadline)
        .map_err(|e| Error::Format(FormatError { message: e.to_string(), column: None }))?
        .ok_or(Error::Undecided)?;
    let _ = write!(out, "{{\"count\":{count}");
    if opts.solution && count > 0 {
        out.push_str(",\"solution\":\"");
        push_grid(out, &grid);
        out.push('"');
    }
    let _ = writeln!(out, ",\"line\":{line}}}");
    Ok(())
}

pub fn solve(text: &str, line: usize, max_seconds: Option<f64>, out: &mut String) -> Result<(), Error> {
    let mut grid = [0u8; 81];
    let deadline = deadline(max_seconds);
    // A unique 9x9 is answered by the counter; the other outcomes go the long way for their message.
    let fast = match plain_classic9(text).map(|cells| count_cells_until(cells, 2, Some(&mut grid), deadline))
    {
        Some(Ok(None)) => return Err(Error::Undecided),
        Some(found) => found == Ok(Some(1)),
        None => false,
    };
    let solution;
    let values: &[u8] = if fast {
        &grid
    } else {
        solution = pencilmark::solve(&pencilmark::read(text)?, max_seconds)?;
        &solution
    };
    out.push_str("{\"solution\":\"");
    push_grid(out, values);
    let _ = writeln!(out, "\",\"line\":{line}}}");
    Ok(())
}

pub fn rate(text: &str, line: usize, opts: &RateOptions, out: &mut String) -> Result<(), Error> {
    let card = pencilmark::rate_str(text, opts)?;
    out.push_str(&with_line(&card.to_json(), line));
    out.push('\n');
    Ok(())
}

/// Appends `"line": n` to a JSON object text.
pub fn with_line(json: &str, line: usize) -> String {
    let body = json.trim_end().strip_suffix('}').unwrap_or(json);
    if body.trim_end().ends_with('{') {
        format!("{body}\"line\":{line}}}")
    } else {
        format!("{body},\"line\":{line}}}")
    }
}

pub fn export(text: &str, max_nodes: u64, out: &mut String) -> Result<(), Error> {
    out.push_str(&pencilmark::export_str(text, max_nodes)?);
    Ok(())
}

pub fn fingerprint(text: &str, out: &mut String) -> Result<(), Error> {
    out.push_str(&pencilmark::fingerprint_str(text)?);
    out.push('\n');
    Ok(())
}

pub fn validate(text: &str, out: &mut String) -> Result<(), Error> {
    pencilmark::validate_str(text)?;
    out.push_str("ok\n");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_is_appended() {
        assert_eq!(with_line("{\"a\":1}", 3), "{\"a\":1,\"line\":3}");
        assert_eq!(with_line("{}", 3), "{\"line\":3}");
    }

    #[test]
    fn fast_and_full_paths_agree() {
        let texts = [
            "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1",
            ".....................816.......3......5...1..73..4..869.6...2.484.572.93...4.9...",
            "33...............................................................................",
        ];
        for text in texts {
            for with_solution in [false, true] {
                let opts = CountOptions { solution: with_solution, ..CountOptions::default() };
                let mut fast = String::new();
                count(text, 1, &opts, &mut fast).unwrap();
                let full = with_line(&pencilmark::count_str(text, &opts).unwrap().to_json(), 1) + "\n";
                assert_eq!(fast, full);
            }
        }
    }
}
