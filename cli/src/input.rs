//! Puzzle files as they come: one-line puzzles with columns or comments after them, a header
//! line, CRLF / CR / LF line ends, a UTF-8 BOM, 9-line printed grids, and JSON documents on one
//! line or spread over several (as `pencilmark export` writes them). The reader turns them into
//! records, one per puzzle, in batches; it holds at most one line or document beyond the batch, so
//! memory stays bounded whatever the input.

use crate::escape::plain;
use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;

/// A record the reader could not turn into text; it becomes that record's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    NotUtf8,
    /// Longer than the limit (in bytes).
    TooLong(usize),
}

impl Problem {
    pub fn message(self) -> String {
        match self {
            Problem::NotUtf8 => "the line is not valid UTF-8".into(),
            Problem::TooLong(max) => {
                format!("the line or document is longer than {max} bytes (see --max-input-bytes); skipped")
            }
        }
    }
}

/// One puzzle of the input: the 1-based line it starts on and its text in the batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub line: usize,
    pub range: Range<usize>,
    pub problem: Option<Problem>,
}

/// Records read together; their texts share one buffer, so a batch costs a few allocations
/// whatever its size.
#[derive(Debug, Default)]
pub struct Batch {
    pub text: String,
    pub records: Vec<Record>,
    /// Input bytes read through the end of this batch.
    pub bytes_read: u64,
    /// Input lines read through the end of this batch.
    pub lines_read: usize,
}

impl Batch {
    /// The text of a record, or its problem.
    pub fn text_of(&self, r: &Record) -> Result<&str, Problem> {
        match r.problem {
            Some(p) => Err(p),
            None => Ok(&self.text[r.range.clone()]),
        }
    }

    fn push(&mut self, line: usize, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        self.records.push(Record { line, range: start..self.text.len(), problem: None });
    }

    fn push_problem(&mut self, line: usize, problem: Problem) {
        let at = self.text.len();
        self.records.push(Record { line, range: at..at, problem: Some(problem) });
    }
}

/// A JSON document being gathered over several lines.
struct Document {
    line: usize,
    text: String,
    depth: usize,
    problem: Option<Problem>,
}

/// The rows of a printed grid gathered so far: (line, row text), and the 81 cells.
#[derive(Default)]
struct Grid {
    rows: Vec<(usize, String)>,
    cells: String,
}

pub struct Reader<R: Read> {
    input: BufReader<R>,
    /// The input's name for notes on standard error.
    name: String,
    /// Standard input: a batch ends when the next line is not there yet, so that a program
    /// feeding puzzles one by one gets each answer before it sends the next.
    interactive: bool,
    max_bytes: usize,
    line: Vec<u8>,
    line_too_long: bool,
    line_no: usize,
    /// The last line ended with CR: a LF right after it belongs to the same line end.
    skip_lf: bool,
    bytes_read: u64,
    /// Whether the first puzzle line has been seen (a header can only be the first).
    header_decided: bool,
    document: Option<Document>,
    grid: Grid,
    finished: bool,
}

/// A byte that stands for one cell of a 9x9 puzzle.
fn is_cell9(b: u8) -> bool {
    matches!(b, b'.' | b'0' | b'-' | b'_' | b'1'..=b'9')
}

/// The cells of a printed grid row ("4 . . | . . . | 8 . 5", "4..|...|8.5", "400000805"), or None.
fn grid_row(line: &str) -> Option<String> {
    let mut cells = line.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'|');
    let nine = cells.clone().take(10).count() == 9 && cells.all(is_cell9);
    nine.then(|| line.chars().filter(|c| !c.is_whitespace() && *c != '|').collect())
}

/// A line drawn between the rows of a printed grid ("------+-------+------", "+---+---+---+").
fn grid_separator(line: &str) -> bool {
    let mut marks = line.bytes().filter(|b| !b.is_ascii_whitespace());
    // Most lines are puzzles: their first mark settles it without counting.
    if !marks.clone().next().is_some_and(|b| matches!(b, b'-' | b'+' | b'=' | b'|')) {
        return false;
    }
    let count = marks.clone().count();
    count > 0
        && !is_line_size(count)
        && marks.all(|b| matches!(b, b'-' | b'+' | b'=' | b'|'))
        && line.bytes().any(|b| matches!(b, b'-' | b'+' | b'='))
}

fn is_line_size(n: usize) -> bool {
    matches!(n, 16 | 36 | 64 | 81 | 100 | 144 | 196 | 225 | 256 | 400 | 625)
}

/// A sudokuwiki.org packed string starts with its type letter and its size.
fn looks_packed(field: &str) -> bool {
    let b = field.as_bytes();
    b.len() > 2 && b"SXWCJLM".contains(&b[0]) && b[1].is_ascii_digit()
}

/// The puzzle text of a line, or None for a comment. The puzzle is the first whitespace-separated
/// field (what follows is a rating column or a comment); a line whose fields together make one
/// puzzle ("1..4 .4.. ..3. 3..2") is read whole. `#` is a blank in a field of puzzle length (the
/// generic loader of puzzle-format.md 8.1); otherwise a line starting with `#` is a comment.
pub fn puzzle_text(line: &str) -> Option<Cow<'_, str>> {
    let t = line.trim();
    let field = t.split(char::is_whitespace).next().unwrap_or(t);
    if field.contains('#') {
        let blanks_are_hashes =
            is_line_size(field.len()) && field.bytes().all(|b| b == b'#' || pencilmark_symbol(b));
        if blanks_are_hashes {
            return Some(Cow::Owned(field.replace('#', ".")));
        }
        if t.starts_with('#') {
            return None;
        }
    }
    if field.len() == t.len() || is_line_size(field.len()) || looks_packed(field) {
        return Some(Cow::Borrowed(field));
    }
    if is_line_size(t.chars().filter(|c| !c.is_whitespace()).count()) {
        return Some(Cow::Borrowed(t));
    }
    Some(Cow::Borrowed(field))
}

/// A symbol of the one-line form: a blank or a digit of some board size.
fn pencilmark_symbol(b: u8) -> bool {
    matches!(b, b'.' | b'0' | b'-' | b'_') || b.is_ascii_alphanumeric()
}

/// Follows the nesting of a JSON line: returns true when the document closes on it.
fn nest(line: &[u8], depth: &mut usize) -> bool {
    let (mut in_string, mut escaped) = (false, false);
    for &b in line {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => *depth += 1,
            b'}' | b']' => {
                *depth = depth.saturating_sub(1);
                if *depth == 0 {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

impl<R: Read> Reader<R> {
    pub fn new(input: R, name: &str, interactive: bool, max_bytes: usize) -> Reader<R> {
        Reader {
            input: BufReader::with_capacity(1 << 16, input),
            name: name.to_string(),
            interactive,
            max_bytes,
            line: Vec::new(),
            line_too_long: false,
            line_no: 0,
            skip_lf: false,
            bytes_read: 0,
            header_decided: false,
            document: None,
            grid: Grid::default(),
            finished: false,
        }
    }

    /// The next batch of at most about `max_records` records (fewer at the end of the input, or
    /// when standard input has no more yet); None at the end.
    pub fn next_batch(&mut self, max_records: usize) -> io::Result<Option<Batch>> {
        if self.finished {
            return Ok(None);
        }
        let mut batch = Batch::default();
        let text_budget = (1 << 20).max(self.max_bytes);
        while batch.records.len() < max_records && batch.text.len() < text_budget {
            if !batch.records.is_empty() && self.interactive && self.input.buffer().is_empty() {
                break;
            }
            if !self.read_line()? {
                self.finish(&mut batch);
                self.finished = true;
                break;
            }
            self.line_no += 1;
            if self.line_no == 1 && self.line.starts_with(b"\xEF\xBB\xBF") {
                self.line.drain(..3);
            }
            self.take_line(&mut batch);
        }
        batch.bytes_read = self.bytes_read;
        batch.lines_read = self.line_no;
        if self.finished && batch.records.is_empty() {
            return Ok(None);
        }
        Ok(Some(batch))
    }

    /// Reads the next physical line into `self.line`, without its end (LF, CRLF or CR); keeps at
    /// most `max_bytes` of it. False at the end of the input.
    fn read_line(&mut self) -> io::Result<bool> {
        self.line.clear();
        self.line_too_long = false;
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any);
            }
            if self.skip_lf {
                self.skip_lf = false;
                if buf[0] == b'\n' {
                    self.input.consume(1);
                    self.bytes_read += 1;
                    continue;
                }
            }
            any = true;
            let end = memchr::memchr2(b'\n', b'\r', buf);
            let part = &buf[..end.unwrap_or(buf.len())];
            let room = self.max_bytes.saturating_sub(self.line.len());
            if part.len() > room {
                self.line_too_long = true;
            }
            self.line.extend_from_slice(&part[..part.len().min(room)]);
            let used = match end {
                Some(i) => {
                    self.skip_lf = buf[i] == b'\r';
                    i + 1
                }
                None => buf.len(),
            };
            self.input.consume(used);
            self.bytes_read += used as u64;
            if end.is_some() {
                return Ok(true);
            }
        }
    }

    /// Files the current line: into the document or grid being gathered, or as a record.
    fn take_line(&mut self, batch: &mut Batch) {
        // Taken out and put back, so that the line can be read while `self` changes.
        let line = std::mem::take(&mut self.line);
        self.file_line(batch, &line);
        self.line = line;
    }

    fn file_line(&mut self, batch: &mut Batch, line: &[u8]) {
        let line_no = self.line_no;
        let blank = line.iter().all(u8::is_ascii_whitespace);
        if self.document.is_some() {
            if blank || line.first() == Some(&b'{') {
                // An unfinished document ends at a blank line or where the next one starts (at
                // the start of a line); the JSON reader then says what is missing.
                self.end_document(batch);
            } else {
                self.continue_document(batch, line);
                return;
            }
        }
        if blank {
            return; // also between the rows of a printed grid
        }
        if line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
            self.flush_grid(batch);
            self.header_decided = true;
            self.document = Some(Document { line: line_no, text: String::new(), depth: 0, problem: None });
            self.continue_document(batch, line);
            return;
        }
        if self.line_too_long {
            self.flush_grid(batch);
            self.header_decided = true;
            batch.push_problem(line_no, Problem::TooLong(self.max_bytes));
            return;
        }
        let Ok(text) = std::str::from_utf8(line) else {
            self.flush_grid(batch);
            self.header_decided = true;
            batch.push_problem(line_no, Problem::NotUtf8);
            return;
        };
        if let Some(cells) = grid_row(text) {
            self.grid.cells.push_str(&cells);
            self.grid.rows.push((line_no, text.to_string()));
            if self.grid.rows.len() == 9 {
                let grid = std::mem::take(&mut self.grid);
                self.header_decided = true;
                batch.push(grid.rows[0].0, &grid.cells);
            }
            return;
        }
        if grid_separator(text) {
            return;
        }
        self.flush_grid(batch);
        self.take_puzzle_line(batch, line_no, text);
    }

    /// A line that is neither JSON nor part of a grid: a puzzle, a comment or the header.
    fn take_puzzle_line(&mut self, batch: &mut Batch, line_no: usize, line: &str) {
        let Some(text) = puzzle_text(line) else {
            return;
        };
        if !self.header_decided {
            self.header_decided = true;
            if pencilmark::validate_str(&text).is_err() {
                let shown: String = line.chars().take(60).collect();
                let more = if shown.len() < line.len() { "..." } else { "" };
                crate::pipeline::note(&format!(
                    "{}: line {line_no} is not a puzzle, skipped as a header: \"{}{more}\"",
                    plain(&self.name),
                    plain(&shown)
                ));
                return;
            }
        }
        batch.push(line_no, &text);
    }

    /// Rows of a printed grid that did not make 9: each is its own (faulty) puzzle line.
    fn flush_grid(&mut self, batch: &mut Batch) {
        if self.grid.rows.is_empty() {
            return;
        }
        let grid = std::mem::take(&mut self.grid);
        for (line_no, text) in grid.rows {
            self.take_puzzle_line(batch, line_no, &text);
        }
    }

    fn continue_document(&mut self, batch: &mut Batch, line: &[u8]) {
        let Some(doc) = self.document.as_mut() else {
            return;
        };
        let closed = nest(line, &mut doc.depth);
        if self.line_too_long || doc.text.len() + line.len() + 1 > self.max_bytes {
            doc.problem = Some(Problem::TooLong(self.max_bytes));
        }
        if doc.problem.is_none() {
            match std::str::from_utf8(line) {
                Ok(s) => {
                    if !doc.text.is_empty() {
                        doc.text.push('\n');
                    }
                    doc.text.push_str(s);
                }
                Err(_) => doc.problem = Some(Problem::NotUtf8),
            }
        }
        if closed {
            self.end_document(batch);
        }
    }

    fn end_document(&mut self, batch: &mut Batch) {
        if let Some(doc) = self.document.take() {
            match doc.problem {
                Some(p) => batch.push_problem(doc.line, p),
                None => batch.push(doc.line, &doc.text),
            }
        }
    }

    fn finish(&mut self, batch: &mut Batch) {
        self.end_document(batch);
        self.flush_grid(batch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(input: &[u8]) -> Vec<(usize, Result<String, Problem>)> {
        let mut reader = Reader::new(input, "test", false, 4096);
        let mut out = Vec::new();
        while let Some(batch) = reader.next_batch(3).unwrap() {
            for r in &batch.records {
                out.push((r.line, batch.text_of(r).map(str::to_string)));
            }
        }
        out
    }

    const P: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";

    #[test]
    fn first_field_header_and_line_ends() {
        let input = format!("\u{feff}puzzle\tse\r\n{P}\t1.2\t3\r\n{P}   # a comment\r{P}\n\n# note\n");
        let got = records(input.as_bytes());
        assert_eq!(got, vec![(2, Ok(P.into())), (3, Ok(P.into())), (4, Ok(P.into()))]);
    }

    #[test]
    fn spaced_lines_hashes_and_problems() {
        let hashes = P.replace('.', "#");
        let mut bytes = format!("1..4 .4.. ..3. 3..2\n{hashes}\n").into_bytes();
        bytes.extend_from_slice(b"\xff\n");
        bytes.extend_from_slice(&[b'9'; 5000]);
        let got = records(&bytes);
        assert_eq!(got[0], (1, Ok("1..4 .4.. ..3. 3..2".into())));
        assert_eq!(got[1], (2, Ok(P.into())));
        assert_eq!(got[2], (3, Err(Problem::NotUtf8)));
        assert_eq!(got[3], (4, Err(Problem::TooLong(4096))));
    }

    #[test]
    fn printed_grids_become_one_puzzle() {
        let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
        let mut printed = String::from("+-------+-------+-------+\n");
        for (r, row) in rows.iter().enumerate() {
            let spaced: Vec<String> = row
                .as_bytes()
                .chunks(3)
                .map(|c| c.iter().map(|&b| (b as char).to_string()).collect::<Vec<_>>().join(" "))
                .collect();
            printed.push_str(&format!("| {} |\n", spaced.join(" | ")));
            if r % 3 == 2 {
                printed.push_str("+-------+-------+-------+\n");
            }
        }
        assert_eq!(records(printed.as_bytes()), vec![(2, Ok(P.into()))]);
        let plain = rows.join("\n");
        assert_eq!(records(plain.as_bytes()), vec![(1, Ok(P.into()))]);
        // Too few rows: each is its own line (the first taken for a header).
        let short = rows[..3].join("\n");
        let got = records(short.as_bytes());
        assert_eq!(got.iter().map(|r| r.0).collect::<Vec<_>>(), vec![2, 3]);
    }

    #[test]
    fn documents_over_lines_and_json_lines() {
        let input = "{\"a\": [1,\n  2],\n \"b\": \"}{\"}\n{\"c\":1}\n{\"d\":\n\n{\"e\":1}\n";
        let got = records(input.as_bytes());
        assert_eq!(
            got,
            vec![
                (1, Ok("{\"a\": [1,\n  2],\n \"b\": \"}{\"}".into())),
                (4, Ok("{\"c\":1}".into())),
                (5, Ok("{\"d\":".into())),
                (7, Ok("{\"e\":1}".into())),
            ]
        );
    }
}
