//! The one-line forms (puzzle-format.md section 8): the plain classic string (8.1) and the
//! sudokuwiki.org packed strings (8.2).
//!
//! A plain line holds D*D symbols in reading order; whitespace anywhere is ignored. Blanks are `.`,
//! `0`, `-` or `_`; digits are `1`-`9`, then letters `A`-`Z` (case-insensitive) for 10-35. D comes
//! from the number of symbols (81 -> 9, 256 -> 16, ...), and the board gets the standard box shape.
//! A packed string (`S9B...`, `X9B...`, `J9B...`, killers `L9B...`, ...) carries its variant in
//! its header and reads as the `sudoku-puzzle` document it stands for.

use super::{FormatError, Puzzle, err, from_document, read_document};
use crate::board::{Board, standard_box};
use serde_json::{Value, json};

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

/// Reads a one-line puzzle: a sudokuwiki.org packed string or a plain classic string.
pub fn read_classic(text: &str) -> Result<Puzzle, FormatError> {
    let packed_text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(packed) = Packed::parse(&packed_text) {
        return read_packed(&packed);
    }
    read_plain(text)
}

/// A text that matches `([SXWCJLM])(\d+)([BC])([0-9a-zA-Z]+)` with a body of width x D^2
/// characters (puzzle-format.md 8.2); anything else is a plain string.
struct Packed<'a> {
    header: &'a str,
    variant: u8,
    digits: usize,
    body: &'a [u8],
    width: usize,
}

impl<'a> Packed<'a> {
    fn parse(text: &'a str) -> Option<Packed<'a>> {
        let b = text.as_bytes();
        let variant = *b.first()?;
        let width = match variant {
            b'S' | b'X' | b'W' | b'C' => 2,
            b'J' => 3,
            b'L' => 4,
            b'M' => 5,
            _ => return None,
        };
        let size_len = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let layout = *b.get(1 + size_len)?;
        if size_len == 0 || !matches!(layout, b'B' | b'C') {
            return None;
        }
        let digits: usize = text[1..1 + size_len].parse().ok()?;
        let body = &b[2 + size_len..];
        let fits = digits.checked_mul(digits).and_then(|n| n.checked_mul(width)) == Some(body.len());
        if body.is_empty() || !fits || !body.iter().all(u8::is_ascii_alphanumeric) {
            return None;
        }
        Some(Packed { header: &text[..2 + size_len], variant, digits, body, width })
    }
}

/// The supported headers (puzzle-format.md 8.2).
const PACKED_HEADERS: [&str; 9] = ["S9B", "S6B", "X9B", "W9B", "C9B", "J9B", "L9B", "M9B", "L6C"];

/// The name of the cell at reading-order index `i` of a D x D board.
fn cell_name(i: usize, d: usize) -> String {
    format!("r{}c{}", i / d + 1, i % d + 1)
}

fn cell_names(cells: &[usize], d: usize) -> Value {
    Value::from(cells.iter().map(|&i| cell_name(i, d)).collect::<Vec<_>>())
}

/// What one packed cell holds.
#[derive(Clone, Copy, Default)]
struct PackedCell {
    given: u8,
    clue: u32,
    colour: u32,
    label: u32,
}

fn read_packed(packed: &Packed) -> Result<Puzzle, FormatError> {
    let header = packed.header;
    if !PACKED_HEADERS.contains(&header) {
        return Err(err(
            format!(
                "sudokuwiki.org strings of type {header} are not supported (supported: {})",
                PACKED_HEADERS.join(", ")
            ),
            None,
        ));
    }
    let d = packed.digits;
    let killer = matches!(packed.variant, b'L' | b'M');
    let l6c = header == "L6C";
    let empty = if l6c { 75 } else { (1u32 << d) - 1 + 18 };
    let mut cells = Vec::with_capacity(d * d);
    for (i, chunk) in packed.body.chunks(packed.width).enumerate() {
        let v = chunk.iter().fold(0u32, |acc, &c| acc * 36 + (c as char).to_digit(36).unwrap_or(0));
        let (n, clue, colour, label) = match packed.variant {
            b'J' => (v & 1023, 0, 0, (v >> 10) + 1),
            b'L' if l6c => (v & 127, (v >> 7) & 2047, (v >> 18) + 1, 0),
            b'L' => (v & 1023, (v >> 10) & 63, (v >> 16) + 1, 0),
            b'M' => (v & 1023, (v >> 10) & 63, ((v >> 16) & 7) + 1, (v >> 19) + 1),
            _ => (v, 0, 0, 0),
        };
        let d32 = d as u32;
        let given = match n {
            _ if n == empty => 0,
            1.. if !killer && n <= d32 => n,
            _ if killer && n > d32 && n <= 2 * d32 => n - d32,
            _ => {
                return Err(err(
                    format!(
                        "{header} string: cell {} holds {n}, which is neither an empty cell ({empty}) nor a given ({}); placed digits and candidate marks are not part of a puzzle",
                        cell_name(i, d),
                        if killer { format!("{}..{}", d + 1, 2 * d) } else { format!("1..{d}") }
                    ),
                    None,
                ));
            }
        };
        cells.push(PackedCell { given: given as u8, clue, colour, label });
    }
    let (h, w) = standard_box(d).expect("every supported header has a standard box shape");
    let mut rules = Vec::new();
    match packed.variant {
        b'J' | b'M' => {
            rules.push(json!({"type": "grid", "origin": "r1c1"}));
            for b in labelled_groups(&cells, |c| c.label, d, header)? {
                rules.push(json!({"type": "box", "cells": cell_names(&b, d)}));
            }
        }
        _ => rules.push(json!({"type": "box_grid", "origin": "r1c1", "box": [h, w]})),
    }
    match header {
        "X9B" => {
            let down: Vec<usize> = (0..d).map(|r| r * d + r).collect();
            let up: Vec<usize> = (0..d).map(|r| r * d + d - 1 - r).collect();
            for diagonal in [down, up] {
                rules.push(json!({"type": "region", "kind": "diagonal", "cells": cell_names(&diagonal, d)}));
            }
        }
        "W9B" => {
            for (top, left) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                let window: Vec<usize> = (0..9).map(|k| (top + k / 3) * d + left + k % 3).collect();
                rules.push(json!({"type": "region", "kind": "window", "cells": cell_names(&window, d)}));
            }
        }
        "C9B" => {
            for spot in 0..h * w {
                let region: Vec<usize> = (0..d)
                    .map(|b| (b / (d / w) * h + spot / w) * d + b % (d / w) * w + spot % w)
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                rules.push(json!({"type": "region", "kind": "disjoint", "cells": cell_names(&region, d)}));
            }
        }
        _ => {}
    }
    if killer {
        for (cells_of, sum) in cages(&cells, d, l6c, header)? {
            let mut cage = json!({"type": "cage", "cells": cell_names(&cells_of, d)});
            if sum > 0 {
                cage["sum"] = json!(sum);
            }
            rules.push(cage);
        }
    }
    let doc = json!({
        "format": "sudoku-puzzle",
        "format_version": 1,
        "meta": {"source": "sudokuwiki.org"},
        "board": {"rows": d, "cols": d},
        "digits": d,
        "givens": cells.iter().map(|c| c.given).collect::<Vec<_>>(),
        "rules": rules,
    });
    from_document(read_document(&doc.to_string())?)
}

/// The cells of each label, groups ordered by their first cell; D groups of D cells each.
fn labelled_groups(
    cells: &[PackedCell],
    label: impl Fn(&PackedCell) -> u32,
    d: usize,
    header: &str,
) -> Result<Vec<Vec<usize>>, FormatError> {
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        match groups.iter_mut().find(|(l, _)| *l == label(c)) {
            Some((_, g)) => g.push(i),
            None => groups.push((label(c), vec![i])),
        }
    }
    if groups.len() != d || groups.iter().any(|(_, g)| g.len() != d) {
        let sizes: Vec<String> = groups.iter().map(|(_, g)| g.len().to_string()).collect();
        return Err(err(
            format!(
                "{header} string: the box labels make {} boxes of {} cells; a {d}x{d} board needs {d} boxes of {d}",
                groups.len(),
                sizes.join(", ")
            ),
            None,
        ));
    }
    Ok(groups.into_iter().map(|(_, g)| g).collect())
}

/// The cages of a killer string: orthogonally connected cells of one colour, in order of their
/// first cell, each with the clue of its first cell as its sum (0: none). A lone cell without a
/// clue is no cage.
fn cages(
    cells: &[PackedCell],
    d: usize,
    l6c: bool,
    header: &str,
) -> Result<Vec<(Vec<usize>, u32)>, FormatError> {
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        let colour = cells[start].colour;
        let mut component = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < component.len() {
            let i = component[k];
            let (r, c) = (i / d, i % d);
            let neighbours = [
                (r > 0).then(|| i - d),
                (r + 1 < d).then_some(i + d),
                (c > 0).then(|| i - 1),
                (c + 1 < d).then_some(i + 1),
            ];
            for j in neighbours.into_iter().flatten() {
                if !seen[j] && cells[j].colour == colour {
                    seen[j] = true;
                    component.push(j);
                }
            }
            k += 1;
        }
        component.sort_unstable();
        let sum = cells[start].clue;
        // The operator of a 6x6 L6C cage sits right of its first cell, or below it.
        let operator = [start + 1, start + d]
            .into_iter()
            .find(|&j| (j != start + 1 || start % d + 1 < d) && component.contains(&j));
        for &i in &component[1..] {
            let clue = cells[i].clue;
            let allowed = clue == 0 || (l6c && Some(i) == operator && clue == 1);
            if !allowed {
                return Err(err(
                    format!(
                        "{header} string: cell {} carries clue {clue} inside the cage that starts at {}",
                        cell_name(i, d),
                        cell_name(start, d)
                    ),
                    None,
                ));
            }
        }
        if component.len() > 1 || sum > 0 {
            out.push((component, sum));
        }
    }
    Ok(out)
}

/// Reads a plain one-line classic puzzle.
fn read_plain(text: &str) -> Result<Puzzle, FormatError> {
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

    /// A packed string: `header` then each cell as `width` base-36 characters.
    fn pack(header: &str, width: usize, values: impl IntoIterator<Item = u32>) -> String {
        let mut out = header.to_string();
        for v in values {
            let mut cell = String::new();
            let mut v = v;
            for _ in 0..width {
                cell.insert(0, std::char::from_digit(v % 36, 36).unwrap());
                v /= 36;
            }
            out.push_str(&cell);
        }
        out
    }

    const EASY: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";

    fn easy_values() -> Vec<u32> {
        EASY.bytes().map(|b| if b == b'.' { 529 } else { u32::from(b - b'0') }).collect()
    }

    fn rule_types(p: &Puzzle) -> Vec<String> {
        let doc = p.document.as_deref().unwrap();
        doc.rules.iter().map(|r| r.family()).collect()
    }

    #[test]
    fn packed_classic_reads_as_the_plain_line() {
        let packed = pack("S9B", 2, easy_values());
        let p = read_classic(&packed).unwrap();
        let plain = read_classic(EASY).unwrap();
        assert_eq!(p.givens, plain.givens);
        assert_eq!(p.board, plain.board);
        let meta = p.document.as_deref().unwrap().meta.as_ref().unwrap();
        assert_eq!(meta.get("source").and_then(|s| s.as_str()), Some("sudokuwiki.org"));
        // Whitespace anywhere, lowercase or uppercase digits.
        let spaced = format!("{} {}", &packed[..40], packed[40..].to_uppercase());
        assert_eq!(read_classic(&spaced).unwrap().givens, plain.givens);
    }

    #[test]
    fn packed_variants_add_their_regions() {
        let x = read_classic(&pack("X9B", 2, easy_values())).unwrap();
        assert_eq!(rule_types(&x), ["box_grid", "region diagonal", "region diagonal"]);
        let w = read_classic(&pack("W9B", 2, easy_values())).unwrap();
        assert_eq!(rule_types(&w).len(), 5);
        let c = read_classic(&pack("C9B", 2, easy_values())).unwrap();
        let doc = c.document.as_deref().unwrap();
        assert_eq!(doc.rules.len(), 10);
        assert_eq!(format!("{:?}", doc.rules[2].kind).matches("Pos").count(), 9);
        // A jigsaw whose labels are the standard boxes: the classic board.
        let boxes = (0..81u32).map(|i| {
            (i / 27 * 3 + i % 9 / 3) << 10
                | if EASY.as_bytes()[i as usize] == b'.' {
                    529
                } else {
                    u32::from(EASY.as_bytes()[i as usize] - b'0')
                }
        });
        let j = read_classic(&pack("J9B", 3, boxes)).unwrap();
        assert_eq!(j.board, read_classic(EASY).unwrap().board);
        let s6 = read_classic(&pack("S6B", 2, std::iter::repeat_n(81, 36))).unwrap();
        assert_eq!(s6.board.digits, 6);
    }

    #[test]
    fn packed_killer_cages() {
        // Checkerboard colours 1 / 2 make lone cells (no cage); r1c1-r1c2 share colour 3 and sum 3;
        // r9c9 holds the killer given 5 (9 + 5).
        let cells = (0..81u32).map(|i| {
            let colour = if i < 2 { 3 } else { (i / 9 + i % 9) % 2 + 1 };
            let clue = if i == 0 { 3 } else { 0 };
            let n = if i == 80 { 14 } else { 529 };
            n | clue << 10 | (colour - 1) << 16
        });
        let killer: Vec<u32> = cells.collect();
        let p = read_classic(&pack("L9B", 4, killer.clone())).unwrap();
        assert_eq!(p.givens[80], 5);
        let doc = p.document.as_deref().unwrap();
        assert_eq!(rule_types(&p), ["box_grid", "cage"]);
        assert!(format!("{:?}", doc.rules[1].kind).contains("sum: Some(3)"), "{:?}", doc.rules[1].kind);
        let mut bad = killer.clone();
        bad[1] |= 4 << 10;
        let e = read_classic(&pack("L9B", 4, bad)).unwrap_err();
        assert!(
            e.to_string().contains("cell r1c2 carries clue 4 inside the cage that starts at r1c1"),
            "{e}"
        );
    }

    #[test]
    fn packed_errors() {
        let mut placed = easy_values();
        placed[1] = 12;
        let e = read_classic(&pack("S9B", 2, placed)).unwrap_err();
        assert!(e.to_string().contains("cell r1c2 holds 12"), "{e}");
        let e = read_classic(&pack("S4B", 2, std::iter::repeat_n(0, 16))).unwrap_err();
        assert!(e.to_string().contains("type S4B are not supported"), "{e}");
        let jumbled = (0..81u32).map(|i| (i % 8) << 10 | 529);
        let e = read_classic(&pack("J9B", 3, jumbled)).unwrap_err();
        assert!(e.to_string().contains("make 8 boxes"), "{e}");
        // A body of the wrong length is no packed string: a plain line, refused as such.
        let e = read_classic(&pack("S9B", 2, std::iter::repeat_n(529, 80))).unwrap_err();
        assert!(e.to_string().contains("symbols"), "{e}");
    }
}
