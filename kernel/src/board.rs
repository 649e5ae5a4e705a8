//! Board geometry: which positions are cells, and which cell groups are houses.
//!
//! A `Board` is plain data (cells in reading order, houses as cell lists); `Geometry<W>` is the
//! same board compiled into cell-set masks of width `W` for the solver and the techniques.
//! Classic rows, columns and boxes are not special downstream: they are houses.

use crate::bits::CellSet;

mod implied;
pub use implied::implied_houses;

/// Where a house comes from; used for names in notation ("r3", "c5", "b2").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    Row,
    Column,
    Box,
    /// Any other all-different group: a diagonal, a window, an extra region, a cage without sum.
    Region,
    /// A group no rule names that must hold every digit once (`implied_houses`): the techniques
    /// read it, the solver does not need it.
    Implied,
}

impl HouseKind {
    /// The letter of house names: 'r', 'c', 'b', 'g', 'i'.
    pub fn letter(self) -> char {
        match self {
            HouseKind::Row => 'r',
            HouseKind::Column => 'c',
            HouseKind::Box => 'b',
            HouseKind::Region => 'g',
            HouseKind::Implied => 'i',
        }
    }

    /// The kind in words: "row", "column", "box", "region", "hidden region".
    pub fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Implied => "hidden region",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    pub kind: HouseKind,
    /// 1-based number among houses of its kind (row 3 -> 3).
    pub number: usize,
    /// Engine cell indices, in reading order.
    pub cells: Vec<usize>,
}

/// A board: its bounding rectangle, its cells and its houses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// D: every cell holds one of 1..=D.
    pub digits: usize,
    /// Box shape (height, width) for a classic board; None for other layouts.
    pub box_shape: Option<(usize, usize)>,
    /// (row, col), 0-based, of each cell in engine order (reading order, gaps skipped).
    pub cell_pos: Vec<(usize, usize)>,
    pub houses: Vec<House>,
}

/// The most digits a board may use (candidate masks are `u32`).
pub const MAX_DIGITS: usize = 32;

/// The standard box shape (height, width) of a D x D classic: the spec's table
/// (puzzle-format.md 5.3). None for a D without a standard shape.
pub fn standard_box(d: usize) -> Option<(usize, usize)> {
    Some(match d {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        10 => (2, 5),
        12 => (3, 4),
        14 => (2, 7),
        15 => (3, 5),
        16 => (4, 4),
        20 => (4, 5),
        25 => (5, 5),
        _ => return None,
    })
}

impl Board {
    /// A classic D x D board with boxes of `box_h` x `box_w` cells (box_h * box_w = D).
    pub fn classic(d: usize, box_h: usize, box_w: usize) -> Result<Board, String> {
        if d == 0 || d > MAX_DIGITS {
            return Err(format!("a board of {d} digits is not supported (1 to {MAX_DIGITS})"));
        }
        if box_h * box_w != d {
            return Err(format!("boxes of {box_h}x{box_w} do not tile a {d}x{d} board"));
        }
        let cell_pos = (0..d * d).map(|i| (i / d, i % d)).collect();
        let mut houses = Vec::with_capacity(3 * d);
        for r in 0..d {
            houses.push(House {
                kind: HouseKind::Row,
                number: r + 1,
                cells: (0..d).map(|c| r * d + c).collect(),
            });
        }
        for c in 0..d {
            houses.push(House {
                kind: HouseKind::Column,
                number: c + 1,
                cells: (0..d).map(|r| r * d + c).collect(),
            });
        }
        // Boxes in reading order of their top-left cells.
        let (bands, stacks) = (d / box_h, d / box_w);
        for b in 0..bands * stacks {
            let (r0, c0) = ((b / stacks) * box_h, (b % stacks) * box_w);
            let mut cells = Vec::with_capacity(d);
            for r in r0..r0 + box_h {
                for c in c0..c0 + box_w {
                    cells.push(r * d + c);
                }
            }
            houses.push(House { kind: HouseKind::Box, number: b + 1, cells });
        }
        Ok(Board { rows: d, cols: d, digits: d, box_shape: Some((box_h, box_w)), cell_pos, houses })
    }

    /// A classic D x D board with the standard box shape of D.
    pub fn standard(d: usize) -> Result<Board, String> {
        let (h, w) = standard_box(d).ok_or_else(|| format!("no standard box shape for a {d}x{d} board"))?;
        Board::classic(d, h, w)
    }

    /// A board of any shape: `cells` are the existing positions (0-based (row, col)), `houses`
    /// the all-different groups as positions. Cells are numbered in reading order, gaps skipped;
    /// a house whose cell set equals an earlier house's is dropped; houses are numbered per kind.
    pub fn from_layout(
        rows: usize,
        cols: usize,
        digits: usize,
        cells: &[(usize, usize)],
        houses: &[(HouseKind, Vec<(usize, usize)>)],
        box_shape: Option<(usize, usize)>,
    ) -> Result<Board, String> {
        if digits == 0 || digits > MAX_DIGITS {
            return Err(format!("a board of {digits} digits is not supported (1 to {MAX_DIGITS})"));
        }
        let mut cell_pos = cells.to_vec();
        cell_pos.sort_unstable();
        cell_pos.dedup();
        let index = |p: &(usize, usize)| {
            cell_pos.binary_search(p).map_err(|_| format!("r{}c{} is not a cell", p.0 + 1, p.1 + 1))
        };
        let mut out: Vec<House> = Vec::with_capacity(houses.len());
        let mut seen: Vec<Vec<usize>> = Vec::new();
        let mut numbers = [0usize; 5];
        for (kind, hc) in houses {
            let mut cs = hc.iter().map(index).collect::<Result<Vec<usize>, String>>()?;
            cs.sort_unstable();
            cs.dedup();
            if cs.len() > digits {
                return Err(format!(
                    "a {} of {} cells cannot hold distinct digits 1..{digits}",
                    kind.word(),
                    cs.len()
                ));
            }
            if cs.len() < 2 || seen.contains(&cs) {
                continue;
            }
            seen.push(cs.clone());
            let k = *kind as usize;
            numbers[k] += 1;
            out.push(House { kind: *kind, number: numbers[k], cells: cs });
        }
        // Rows, then columns, then boxes, then other regions (stable inside a kind).
        out.sort_by_key(|h| h.kind as usize);
        Ok(Board { rows, cols, digits, box_shape, cell_pos, houses: out })
    }

    pub fn cell_count(&self) -> usize {
        self.cell_pos.len()
    }

    /// The board with its implied houses (`implied_houses`) added after its own, for the
    /// techniques; the board itself when it has none.
    pub fn with_implied_houses(&self) -> std::borrow::Cow<'_, Board> {
        let implied = implied_houses(self);
        if implied.is_empty() {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut board = self.clone();
        board.houses.extend(implied);
        std::borrow::Cow::Owned(board)
    }

    /// True for a classic 9x9 with 3x3 boxes and no other house (the case with its own solver).
    pub fn is_classic9(&self) -> bool {
        self.digits == 9 && self.box_shape == Some((3, 3)) && self.houses.len() == 27
    }

    /// "r3c5" (1-based) for a cell.
    pub fn cell_name(&self, cell: usize) -> String {
        let (r, c) = self.cell_pos[cell];
        format!("r{}c{}", r + 1, c + 1)
    }

    /// "r3", "c5", "b2", "g4" for a house. A row or column that covers only part of its board line
    /// (a multi-grid board) is named by its cells: "r7c1-9", "r13-21c7".
    pub fn house_name(&self, house: usize) -> String {
        let h = &self.houses[house];
        match (h.kind, self.line_span(house)) {
            (HouseKind::Row, Some((r, None))) => format!("r{r}"),
            (HouseKind::Row, Some((r, Some((a, b))))) => format!("r{r}c{a}-{b}"),
            (HouseKind::Column, Some((c, None))) => format!("c{c}"),
            (HouseKind::Column, Some((c, Some((a, b))))) => format!("r{a}-{b}c{c}"),
            (HouseKind::Implied, _) => self.block_name(house).unwrap_or_else(|| format!("i{}", h.number)),
            (kind, _) => format!("{}{}", kind.letter(), h.number),
        }
    }

    /// "r159c234" for a house whose cells are every crossing of some rows and some columns (a
    /// windoku's hidden groups): read without a picture of the board. None for other shapes.
    fn block_name(&self, house: usize) -> Option<String> {
        let cells = &self.houses[house].cells;
        let mut rows: Vec<usize> = cells.iter().map(|&c| self.cell_pos[c].0 + 1).collect();
        let mut cols: Vec<usize> = cells.iter().map(|&c| self.cell_pos[c].1 + 1).collect();
        rows.sort_unstable();
        rows.dedup();
        cols.sort_unstable();
        cols.dedup();
        if rows.len() * cols.len() != cells.len() {
            return None;
        }
        let list = |v: &[usize]| {
            let sep = if v.iter().all(|&x| x <= 9) { "" } else { "," };
            v.iter().map(usize::to_string).collect::<Vec<_>>().join(sep)
        };
        Some(format!("r{}c{}", list(&rows), list(&cols)))
    }

    /// A house in words: "row 3", "column 5", "box 2", "region 4"; on a multi-grid board "row 7
    /// in columns 1-9".
    pub fn house_words(&self, house: usize) -> String {
        let h = &self.houses[house];
        match (h.kind, self.line_span(house)) {
            (HouseKind::Row, Some((r, None))) => format!("row {r}"),
            (HouseKind::Row, Some((r, Some((a, b))))) => format!("row {r} in columns {a}-{b}"),
            (HouseKind::Column, Some((c, None))) => format!("column {c}"),
            (HouseKind::Column, Some((c, Some((a, b))))) => format!("column {c} in rows {a}-{b}"),
            (HouseKind::Implied, _) => match self.block_name(house) {
                Some(cells) => format!("hidden region {cells}"),
                None => format!("hidden region {}", h.number),
            },
            (kind, _) => format!("{} {}", kind.word(), h.number),
        }
    }

    /// For a row or column house: its board line (1-based) and, when other cells of the board
    /// lie on that line too, the first and last position it covers along it. None for other
    /// houses (and for a row whose cells are not on one board row).
    fn line_span(&self, house: usize) -> Option<(usize, Option<(usize, usize)>)> {
        let h = &self.houses[house];
        let along_row = match h.kind {
            HouseKind::Row => true,
            HouseKind::Column => false,
            _ => return None,
        };
        // (line, position along it) of a cell.
        let split = |cell: usize| {
            let (r, c) = self.cell_pos[cell];
            if along_row { (r, c) } else { (c, r) }
        };
        let line = split(*h.cells.first()?).0;
        if h.cells.iter().any(|&c| split(c).0 != line) {
            return None;
        }
        let on_line = (0..self.cell_count()).filter(|&c| split(c).0 == line).count();
        if on_line == h.cells.len() {
            return Some((line + 1, None));
        }
        let first = h.cells.iter().map(|&c| split(c).1).min()?;
        let last = h.cells.iter().map(|&c| split(c).1).max()?;
        Some((line + 1, Some((first + 1, last + 1))))
    }

    /// The symbol of a digit in the one-line form: 1-9, then A-Z.
    pub fn digit_symbol(digit: u8) -> char {
        match digit {
            1..=9 => (b'0' + digit) as char,
            10..=35 => (b'A' + digit - 10) as char,
            _ => '?',
        }
    }
}

/// A board compiled into cell-set masks of width `W`.
#[derive(Clone, Debug)]
pub struct Geometry<const W: usize> {
    pub cells: usize,
    pub digits: usize,
    pub all: CellSet<W>,
    /// Every house, in board order.
    pub houses: Vec<CellSet<W>>,
    /// Houses of exactly D cells: each digit appears in them exactly once.
    pub complete_houses: Vec<usize>,
    /// Per cell: every other cell that shares a house with it.
    pub peers: Vec<CellSet<W>>,
    /// Per cell: the houses it belongs to.
    pub cell_houses: Vec<Vec<usize>>,
    /// (a, b): a complete house `a` and another house `b` sharing at least two cells with it,
    /// the pairs that locked candidates read (box/line for a classic).
    pub intersections: Vec<(usize, usize)>,
    /// Row, column and box houses (indices into `houses`), for the techniques that read lines.
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    pub boxes: Vec<usize>,
    /// (row, col), 0-based, of each cell.
    pub pos: Vec<(usize, usize)>,
    /// The box house of each cell, when it has one.
    pub box_of: Vec<Option<usize>>,
}

impl<const W: usize> Geometry<W> {
    pub fn new(board: &Board) -> Geometry<W> {
        let n = board.cell_count();
        assert!(n <= CellSet::<W>::CAPACITY, "board of {n} cells compiled at width {W}");
        let houses: Vec<CellSet<W>> =
            board.houses.iter().map(|h| CellSet::from_cells(h.cells.iter().copied())).collect();
        let complete_houses: Vec<usize> =
            (0..houses.len()).filter(|&h| board.houses[h].cells.len() == board.digits).collect();
        let mut peers = vec![CellSet::<W>::EMPTY; n];
        let mut cell_houses = vec![Vec::new(); n];
        for (hi, h) in board.houses.iter().enumerate() {
            for &c in &h.cells {
                peers[c] |= houses[hi];
                cell_houses[c].push(hi);
            }
        }
        for (c, p) in peers.iter_mut().enumerate() {
            p.remove(c);
        }
        let mut intersections = Vec::new();
        for &a in &complete_houses {
            for b in 0..houses.len() {
                let common = houses[a].and(&houses[b]);
                if a != b && common.len() >= 2 && !houses[a].is_subset(&houses[b]) {
                    intersections.push((a, b));
                }
            }
        }
        let kind = |k: HouseKind| -> Vec<usize> {
            (0..board.houses.len()).filter(|&h| board.houses[h].kind == k).collect()
        };
        let boxes = kind(HouseKind::Box);
        let mut box_of = vec![None; n];
        for &b in &boxes {
            for &c in &board.houses[b].cells {
                box_of[c] = Some(b);
            }
        }
        Geometry {
            rows: kind(HouseKind::Row),
            cols: kind(HouseKind::Column),
            boxes,
            pos: board.cell_pos.clone(),
            box_of,
            intersections,
            cells: n,
            digits: board.digits,
            all: CellSet::first_n(n),
            houses,
            complete_houses,
            peers,
            cell_houses,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_shapes() {
        for d in [4, 6, 8, 9, 12, 16, 25] {
            let b = Board::standard(d).unwrap();
            assert_eq!(b.cell_count(), d * d);
            assert_eq!(b.houses.len(), 3 * d);
            for h in &b.houses {
                assert_eq!(h.cells.len(), d);
            }
            // every cell in exactly one box
            let mut seen = vec![0; d * d];
            for h in b.houses.iter().filter(|h| h.kind == HouseKind::Box) {
                for &c in &h.cells {
                    seen[c] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "boxes tile {d}x{d}");
        }
        assert!(Board::standard(7).is_err());
        assert!(Board::classic(9, 2, 4).is_err());
    }

    #[test]
    fn peers_of_classic9() {
        let b = Board::standard(9).unwrap();
        let g = Geometry::<2>::new(&b);
        assert!(g.peers.iter().all(|p| p.len() == 20));
        assert_eq!(g.complete_houses.len(), 27);
        assert_eq!(b.cell_name(80), "r9c9");
        assert_eq!(b.house_name(18), "b1");
        assert!(b.is_classic9());
    }
}
