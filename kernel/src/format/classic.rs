//! The one-line classic form (puzzle-format.md section 8.1).
//!
//! A line holds D*D symbols in reading order; whitespace anywhere is ignored. Blanks are `.`, `0`,
//! `-` or `_`; digits are `1`-`9`, then letters `A`-`Z` (case-insensitive) for 10-35. D comes from
//! the number of symbols (81 -> 9, 256 -> 16, ...), and the board gets the standard box shape.

use super::{FormatError, Puzzle, err};
use crate::board::{Board, standard_box};

/// Board sizes a plain line may have, by symbol count.
pub(crate) const LINE_SIZES: [(usize, usize); 11] = [
    (16, 4),
    (36, 6),
    (64, 8),
    (81, 9),
    (100, 10),
    (144, 12),
    (196, 14),
    (225, 15),
    (256, 16),
    (400, 20),
    (625, 25),
];

/// The value of one symbol: Some(0) for a blank, Some(v) for a digit, None for anything else.
pub(crate) fn symbol_value(ch: char) -> Option<u8> {
    if ch.is_ascii() { symbol_byte_value(ch as u8) } else { None }
}

/// [`symbol_value`] of an ASCII byte (usable in constant tables).
pub(crate) const fn symbol_byte_value(b: u8) -> Option<u8> {
    match b {
        b'.' | b'0' | b'-' | b'_' => Some(0),
        b'1'..=b'9' => Some(b - b'0'),
        b'A'..=b'Z' => Some(b - b'A' + 10),
        b'a'..=b'z' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Reads a one-line classic puzzle.
pub fn read_classic(text: &str) -> Result<Puzzle, FormatError> {
    // (value, 1-based column) of every non-whitespace symbol.
    let mut symbols: Vec<(char, usize)> = Vec::with_capacity(81);
    for (i, ch) in text.chars().enumerate() {
        if !ch.is_whitespace() {
            symbols.push((ch, i + 1));
        }
    }
    if symbols.is_empty() {
        return Err(err(
            "empty puzzle: expected a line of 81 symbols (or 16, 36, 64, 100, ... for other sizes)".into(),
            None,
        ));
    }
    let n = symbols.len();
    let Some(&(_, d)) = LINE_SIZES.iter().find(|(len, _)| *len == n) else {
        let hint = if n < 81 && n > 64 {
            format!(" ({} too few for 9x9)", 81 - n)
        } else if n > 81 && n < 100 {
            format!(" ({} too many for 9x9)", n - 81)
        } else {
            String::new()
        };
        return Err(err(
            format!(
                "a puzzle line has {n} symbols{hint}; expected 81 for 9x9, or 16, 36, 64, 100, 144, 196, 225, 256, 400, 625 for other sizes"
            ),
            None,
        ));
    };
    let symbols_of_d =
        if d <= 9 { format!("1-{d}") } else { format!("1-9 and A-{}", Board::digit_symbol(d as u8)) };
    let mut givens = Vec::with_capacity(n);
    for &(ch, col) in &symbols {
        match symbol_value(ch) {
            Some(v) if v as usize <= d => givens.push(v),
            _ => {
                return Err(err(
                    format!(
                        "'{ch}' is not a symbol of a {d}x{d} puzzle: digits are {symbols_of_d}, blanks '.', '0', '-' or '_'"
                    ),
                    Some(col),
                ));
            }
        }
    }
    let (h, w) = standard_box(d).expect("every line size has a standard box shape");
    let board = Board::classic(d, h, w).map_err(|m| err(m, None))?;
    Ok(Puzzle { board, givens, document: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_classic_and_other_sizes() {
        let p =
            read_classic("....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......")
                .unwrap();
        assert_eq!(p.board.digits, 9);
        assert_eq!(p.givens[4], 4);
        assert_eq!(p.empty_cells(), 81 - 24);
        let p = read_classic("1..4 .4.. ..3. 3..2").unwrap();
        assert_eq!(p.board.digits, 4);
        let sixteen: String = "123456789ABCDEFG".chars().chain(std::iter::repeat_n('.', 240)).collect();
        let p = read_classic(&sixteen).unwrap();
        assert_eq!(p.board.digits, 16);
        assert_eq!(p.givens[15], 16);
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = read_classic(&".".repeat(80)).unwrap_err();
        assert!(e.to_string().contains("80 symbols (1 too few for 9x9)"), "{e}");
        let mut line = ".".repeat(81);
        line.replace_range(10..11, "x");
        let e = read_classic(&line).unwrap_err();
        assert_eq!(e.column, Some(11));
        assert!(e.to_string().contains("'x' is not a symbol of a 9x9 puzzle: digits are 1-9"), "{e}");
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "A");
        let e = read_classic(&line).unwrap_err();
        assert!(e.to_string().contains("'A' is not a symbol"), "{e}");
        let e = read_classic(&"G".repeat(256)).unwrap();
        assert_eq!(e.givens[0], 16);
        let e = read_classic(&"H".repeat(256)).unwrap_err();
        assert!(e.to_string().contains("digits are 1-9 and A-G"), "{e}");
        assert!(read_classic("   ").unwrap_err().to_string().contains("empty puzzle"));
    }
}
