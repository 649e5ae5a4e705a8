//! Reading and writing puzzles: the one-line classic form (puzzle-format.md 8.1) and the
//! `sudoku-puzzle` exchange format v1: the strict reader (`exchange` the document, `rule_reader`
//! its rules, into the typed `document`), the canonical writer (`writer`), the canonical text and
//! fingerprint (`canonical`) and the English describer (`describe`). Nothing here searches: the
//! export with a proved unique solution is `crate::export`.
//!
//! [`read`] takes either form: a text whose first non-blank character is `{` is a JSON document.

pub mod canonical;
mod classic;
mod describe;
pub mod document;
pub mod exchange;
mod geometry;
mod houses;
pub mod json;
mod rule_json;
mod rule_reader;
pub mod writer;

pub use canonical::fingerprint;
pub use classic::read_classic;
pub(crate) use classic::{LINE_SIZES, symbol_byte_value};
pub use describe::{Description, describe};
pub use document::{Document, Pos, RuleKind};
pub use exchange::read_document;
pub use houses::document_houses;
#[cfg(any(test, feature = "internals"))]
pub use rule_reader::LINE_KINDS;
#[cfg(any(test, feature = "internals"))]
pub use writer::write_export;

use crate::board::{Board, HouseKind, standard_box};

/// A puzzle: a board and its givens (0 = empty cell), one entry per cell in engine order; for a
/// `sudoku-puzzle` document also the document itself (every rule, typed, as read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub(crate) board: Board,
    pub(crate) givens: Vec<u8>,
    pub(crate) document: Option<Box<Document>>,
}

impl Puzzle {
    /// The givens, one entry per cell in reading order (0 = empty); cells of a multi-grid in
    /// reading order over the whole board.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The number of cells (81 for a classic 9x9; a samurai has 369).
    pub fn cell_count(&self) -> usize {
        self.board.cell_count()
    }

    /// The board's rows and columns (a samurai's are 21 x 21).
    pub fn size(&self) -> (usize, usize) {
        (self.board.rows, self.board.cols)
    }

    /// The board and its houses (the `internals` feature).
    #[cfg(feature = "internals")]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The document it was read from, if it was one (the `internals` feature).
    #[cfg(feature = "internals")]
    pub fn document(&self) -> Option<&Document> {
        self.document.as_deref()
    }

    /// The givens as text, a row a line: `.` for an empty cell, a blank where the board has no
    /// cell (the gaps of a samurai), and on boxed boards the boxes ruled off with `|`, `-`, `+`.
    pub fn grid_text(&self) -> String {
        let board = &self.board;
        let (rows, cols) = (board.rows, board.cols);
        let mut at = vec![None; rows * cols];
        for (cell, &(r, c)) in board.cell_pos.iter().enumerate() {
            at[r * cols + c] = Some(self.givens[cell]);
        }
        let mut out = String::new();
        for r in 0..rows {
            let mut text = String::new();
            for c in 0..cols {
                if let Some((_, w)) = board.box_shape
                    && c > 0
                    && c % w == 0
                {
                    text.push_str(" |");
                }
                text.push(' ');
                text.push(match at[r * cols + c] {
                    None => ' ',
                    Some(0) => '.',
                    Some(v) => Board::digit_symbol(v),
                });
            }
            let text = text.trim_end();
            if let Some((h, _)) = board.box_shape
                && r > 0
                && r % h == 0
            {
                // The rule under a band of boxes: the row's own shape, crossing at its bars.
                out.extend(text.chars().map(|ch| if ch == '|' { '+' } else { '-' }));
                out.push('\n');
            }
            out.push_str(text);
            out.push('\n');
        }
        out
    }
}

pub use crate::error::FormatError;

pub(crate) fn err(message: String, column: Option<usize>) -> FormatError {
    FormatError { message, column }
}

/// True when a text is a JSON document rather than a one-line puzzle.
pub fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// The longest puzzle text the reader takes, in bytes (16 MiB): reading costs memory in
/// proportion to the text, so a longer one is refused before it is read rather than allowed to
/// exhaust the memory of the process (for a C caller, its host). The largest real documents (25x25
/// multi-grids with many rules) are a few hundred kilobytes.
pub const MAX_INPUT_BYTES: usize = 16 << 20;

/// Refuses a text longer than [`MAX_INPUT_BYTES`].
pub(crate) fn check_size(text: &str) -> Result<(), FormatError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(err(
            format!(
                "the puzzle text is {} bytes, more than the {} MiB a puzzle may have",
                text.len(),
                MAX_INPUT_BYTES >> 20
            ),
            None,
        ));
    }
    Ok(())
}

/// Reads a puzzle in either form: a `sudoku-puzzle` document (text starting with `{`) or a
/// one-line classic. Texts over [`MAX_INPUT_BYTES`] are refused.
pub fn read(text: &str) -> Result<Puzzle, FormatError> {
    check_size(text)?;
    if is_json(text) { from_document(read_document(text)?) } else { read_classic(text) }
}

/// The rule families of a document that the engine does not solve yet (those the rule layer has
/// no family for), each named once in file order.
pub fn unsolved_families(doc: &Document) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in &doc.rules {
        if !crate::rules::is_supported(&r.kind) {
            let f = if matches!(r.kind, RuleKind::Cage { .. }) {
                "cage with a sum".to_string()
            } else {
                r.family()
            };
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// Builds the engine board of a document and the givens in engine order.
pub fn from_document(doc: Document) -> Result<Puzzle, FormatError> {
    let cells: Vec<(usize, usize)> = doc.cells().iter().map(|p| (p.r, p.c)).collect();
    let houses: Vec<(HouseKind, Vec<(usize, usize)>)> = document_houses(&doc)
        .into_iter()
        .map(|(k, cs)| (k, cs.iter().map(|p| (p.r, p.c)).collect()))
        .collect();
    let d = doc.digits;
    let gap_free_square = doc.rows == d && doc.cols == d && cells.len() == d * d;
    // A classic board keeps the classic house order (and the 9x9 solver path).
    let mut board = None;
    if gap_free_square && let Some((h, w)) = standard_box(d) {
        for (bh, bw) in [(h, w), (w, h)] {
            if let Ok(b) = Board::classic(d, bh, bw) {
                let mut want: Vec<Vec<usize>> = b.houses.iter().map(|h| h.cells.clone()).collect();
                want.sort();
                let mut have: Vec<Vec<usize>> = houses
                    .iter()
                    .map(|(_, cs)| {
                        let mut v: Vec<usize> = cs.iter().map(|&(r, c)| r * d + c).collect();
                        v.sort_unstable();
                        v
                    })
                    .collect();
                have.sort();
                have.dedup();
                if want == have {
                    board = Some(b);
                    break;
                }
            }
        }
    }
    let board = match board {
        Some(b) => b,
        None => {
            // The box shape of a box_grid covering the whole board, for notation.
            let shape = doc.rules.iter().find_map(|r| match r.kind {
                RuleKind::BoxGrid { origin, box_h, box_w } if gap_free_square && origin == Pos::new(0, 0) => {
                    Some((box_h, box_w))
                }
                _ => None,
            });
            Board::from_layout(doc.rows, doc.cols, d, &cells, &houses, shape).map_err(|m| err(m, None))?
        }
    };
    let givens: Vec<u8> = doc.givens.iter().filter_map(|g| *g).collect();
    Ok(Puzzle { board, givens, document: Some(Box::new(doc)) })
}

impl Puzzle {
    /// The one-line form of a classic puzzle ('.' for blanks).
    pub fn to_line(&self) -> String {
        self.givens.iter().map(|&v| if v == 0 { '.' } else { Board::digit_symbol(v) }).collect()
    }

    /// Number of empty cells.
    pub fn empty_cells(&self) -> usize {
        self.givens.iter().filter(|&&v| v == 0).count()
    }

    /// The rule families the engine does not solve yet (empty for a one-line classic).
    pub fn unsolved_families(&self) -> Vec<String> {
        self.document.as_deref().map(unsolved_families).unwrap_or_default()
    }

    /// The puzzle as a `sudoku-puzzle` document: the one read, or the classic one-line form as a
    /// document with one box_grid.
    pub fn to_document(&self) -> Document {
        if let Some(d) = &self.document {
            return (**d).clone();
        }
        let d = self.board.digits;
        let (h, w) = self.board.box_shape.unwrap_or((1, d));
        let text = format!(
            "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":{d},\"cols\":{d}}},\"digits\":{d},\"givens\":[{}],\"rules\":[{{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[{h},{w}]}}]}}",
            self.givens.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")
        );
        read_document(&text).expect("a classic is a valid document")
    }
}

/// Writes a full grid (values 1..=D) in the one-line form.
#[cfg(any(test, feature = "internals"))]
pub fn grid_line(values: &[u8]) -> String {
    values.iter().map(|&v| Board::digit_symbol(v)).collect()
}
