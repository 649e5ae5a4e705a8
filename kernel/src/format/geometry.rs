//! The cell geometry a rule's shape depends on, written once: the reader checks written rules with
//! it and the writer recognises mechanics with it, so both agree on what a shape is.

use super::document::{Document, Pos, Side};

/// Two different cells that touch, orthogonally or diagonally.
pub(super) fn touching(a: Pos, b: Pos) -> bool {
    a != b && a.r.abs_diff(b.r) <= 1 && a.c.abs_diff(b.c) <= 1
}

/// Every consecutive pair of the path touches.
pub(super) fn touching_path(cells: &[Pos]) -> bool {
    cells.windows(2).all(|w| touching(w[0], w[1]))
}

/// Two orthogonally adjacent cells.
pub(super) fn adjacent(a: Pos, b: Pos) -> bool {
    a.r.abs_diff(b.r) + a.c.abs_diff(b.c) == 1
}

/// The four cells of a 2x2 block, written top-left, top-right, bottom-left, bottom-right.
pub(super) fn is_block(cells: &[Pos]) -> bool {
    cells.len() == 4 && {
        let p = cells[0];
        cells[1] == Pos::new(p.r, p.c + 1)
            && cells[2] == Pos::new(p.r + 1, p.c)
            && cells[3] == Pos::new(p.r + 1, p.c + 1)
    }
}

/// Why the cells of an outside clue (puzzle-format.md 2.4) do not fit its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OutsideFault {
    /// The position on the clue's side of the first cell is a cell, not the outside.
    SideIsCell,
    /// The second cell does not step away from the side (straight, or diagonally where allowed).
    WrongDirection,
    /// The cells do not keep one step: not collinear and contiguous.
    NotCollinear,
}

/// Checks the cells of an outside clue on `side`: the clue sits just outside the first cell and
/// the cells run away from it, straight or (when `diagonal_ok`) diagonally, one step at a time.
pub(super) fn outside_fault(
    doc: &Document,
    side: Side,
    cells: &[Pos],
    diagonal_ok: bool,
) -> Option<OutsideFault> {
    let (sr, sc) = side.step();
    let p = cells[0];
    if doc.is_cell_at(p.r as isize + sr, p.c as isize + sc) {
        return Some(OutsideFault::SideIsCell);
    }
    if cells.len() > 1 {
        let (dr, dc) = step(p, cells[1]);
        let straight = (dr, dc) == (-sr, -sc);
        let diagonal = diagonal_ok
            && dr.abs() == 1
            && dc.abs() == 1
            && ((sr != 0 && dr == -sr) || (sc != 0 && dc == -sc));
        if !straight && !diagonal {
            return Some(OutsideFault::WrongDirection);
        }
        if !evenly_stepped(cells) {
            return Some(OutsideFault::NotCollinear);
        }
    }
    None
}

/// The step (rows, columns) from `a` to `b`.
pub(super) fn step(a: Pos, b: Pos) -> (isize, isize) {
    (b.r as isize - a.r as isize, b.c as isize - a.c as isize)
}

/// Every consecutive pair of cells keeps the step of the first two.
pub(super) fn evenly_stepped(cells: &[Pos]) -> bool {
    cells.len() < 2 || {
        let first = step(cells[0], cells[1]);
        cells.windows(2).all(|w| step(w[0], w[1]) == first)
    }
}
