//! Wings: Y-Wing (XY-Wing), XYZ-Wing, WXYZ-Wing as bent sets (4 and 5 cells), and Fireworks.
//!
//! - YWG: a pivot cell {x,y} sees two pincers {x,z} and {y,z}: whichever digit the pivot takes,
//!   one pincer is z, so z leaves every cell that sees both pincers.
//! - XYZ: the same with a pivot {x,y,z}: z leaves the cells that see the pivot and both pincers.
//! - WXZ: a bent set: n cells (4, or 5 for a VWXYZ-Wing) inside a box and a line that crosses it,
//!   holding n digits together, of which exactly one (z) is not restricted (its cells in the set
//!   do not all share a house). Every other digit appears at most once in the set, so z must be
//!   in one of its cells of the set: z leaves every cell that sees all of them.
//! - FIR: Fireworks: in the row and the column that cross at cell x of a box, three digits each
//!   have, outside the box, at most one spot in the row (the same cell a for all three) and at
//!   most one in the column (cell b). Each digit is then in x, a or b (if not in a nor b, it sits
//!   in the box on both the row and the column: at x), so x, a and b hold those three digits and
//!   lose every other candidate.

use super::{Candidate, Move, State, code, structural_cost};
use crate::bits::CellSet;
use crate::board::Geometry;

/// Candidate masks of the open cells (0 for a placed cell).
fn cell_masks<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> Vec<u32> {
    let open = st.open_cells(geo);
    let mut masks = vec![0u32; geo.cells];
    for (d, plane) in st.planes[..geo.digits].iter().enumerate() {
        for cell in plane.and(&open).iter() {
            masks[cell] |= 1 << d;
        }
    }
    masks
}

fn eliminations<const W: usize>(cells: &CellSet<W>, d: usize) -> Vec<Candidate> {
    cells.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect()
}

/// The first house that `a` and `b` share (the box first, then the line).
fn shared_house<const W: usize>(geo: &Geometry<W>, a: usize, b: usize) -> Option<usize> {
    let mut best = None;
    for &h in &geo.cell_houses[a] {
        if geo.houses[h].contains(b) {
            if geo.box_of[a] == Some(h) {
                return Some(h);
            }
            best.get_or_insert(h);
        }
    }
    best
}

/// How spread out a pattern is, as the reference release prices it: the rows, columns and boxes
/// its cells occupy (a compact pattern of n cells occupies about 2*sqrt(n) + 1).
fn houses_spanned<const W: usize>(geo: &Geometry<W>, cells: &[usize]) -> usize {
    let (mut rows, mut cols, mut boxes) = (0u64, 0u64, 0u64);
    for &c in cells {
        let (r, col) = geo.pos[c];
        rows |= 1 << (r & 63);
        cols |= 1 << (col & 63);
        if let Some(b) = geo.box_of[c] {
            boxes |= 1 << (b & 63);
        }
    }
    (rows.count_ones() + cols.count_ones() + boxes.count_ones()) as usize
}

/// The ordering cost of a wing-like pattern: `structural_cost` on digits and houses, with the
/// spread measured by the houses its cells span (the reference's measure for these patterns)
/// rather than by their bounding box.
fn pattern_cost<const W: usize>(geo: &Geometry<W>, digits: u32, houses: usize, cells: &[usize]) -> u32 {
    structural_cost(geo, digits, houses, std::iter::empty(), 0) + 100 * houses_spanned(geo, cells) as u32
}

/// Adds `mv` unless a move with the same eliminations is already there (then keeps the cheaper).
fn push_distinct(out: &mut Vec<Move>, mv: Move) {
    if let Some(old) = out.iter_mut().find(|m| m.tech == mv.tech && m.eliminations == mv.eliminations) {
        if mv.cost < old.cost {
            *old = mv;
        }
        return;
    }
    out.push(mv);
}

/// A wing move (YWG / XYZ): z leaves `targets`; the pivot reads one house with each pincer.
fn wing_move<const W: usize>(
    geo: &Geometry<W>,
    tech: super::Tech,
    digits: u32,
    z: usize,
    cells: [usize; 3],
    targets: &CellSet<W>,
) -> Move {
    let [pivot, p1, p2] = cells;
    let houses: Vec<usize> =
        [shared_house(geo, pivot, p1), shared_house(geo, pivot, p2)].into_iter().flatten().collect();
    Move {
        tech,
        placements: Vec::new(),
        eliminations: eliminations(targets, z),
        cost: pattern_cost(geo, digits, houses.len(), &cells),
        houses,
        digits,
    }
}

/// Y-Wing (XY-Wing): pivot {x,y}, pincers {x,z} and {y,z} that see the pivot.
pub fn y_wing<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let mut wings: Vec<usize> = Vec::with_capacity(20);
    for pivot in open.iter() {
        let pm = masks[pivot];
        if pm.count_ones() != 2 {
            continue;
        }
        wings.clear();
        wings.extend(
            geo.peers[pivot]
                .and(&open)
                .iter()
                .filter(|&c| masks[c].count_ones() == 2 && (masks[c] & pm).count_ones() == 1),
        );
        for (i, &p1) in wings.iter().enumerate() {
            for &p2 in &wings[i + 1..] {
                let (m1, m2) = (masks[p1], masks[p2]);
                let z = m1 & !pm;
                if m1 & pm == m2 & pm || m2 & !pm != z {
                    continue;
                }
                let zd = z.trailing_zeros() as usize;
                let targets = st.planes[zd].and(&open).and(&geo.peers[p1]).and(&geo.peers[p2]);
                if !targets.is_empty() {
                    let mv = wing_move(geo, code::YWG, pm | z, zd, [pivot, p1, p2], &targets);
                    push_distinct(&mut found, mv);
                }
            }
        }
    }
    out.extend(found);
}

/// XYZ-Wing: pivot {x,y,z}, pincers {x,z} and {y,z} that see the pivot.
pub fn xyz_wing<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let mut wings: Vec<usize> = Vec::with_capacity(20);
    for pivot in open.iter() {
        let pm = masks[pivot];
        if pm.count_ones() != 3 {
            continue;
        }
        wings.clear();
        wings.extend(
            geo.peers[pivot].and(&open).iter().filter(|&c| masks[c].count_ones() == 2 && masks[c] & !pm == 0),
        );
        for (i, &p1) in wings.iter().enumerate() {
            for &p2 in &wings[i + 1..] {
                let (m1, m2) = (masks[p1], masks[p2]);
                let z = m1 & m2;
                if m1 == m2 || z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as usize;
                let targets =
                    st.planes[zd].and(&open).and(&geo.peers[pivot]).and(&geo.peers[p1]).and(&geo.peers[p2]);
                if !targets.is_empty() {
                    let mv = wing_move(geo, code::XYZ, pm, zd, [pivot, p1, p2], &targets);
                    push_distinct(&mut found, mv);
                }
            }
        }
    }
    out.extend(found);
}

/// Bent sets of 4 and 5 cells (WXYZ-Wing, VWXYZ-Wing), named WXZ.
pub fn wxyz_wing<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    for &b in &geo.boxes {
        let bx = geo.houses[b];
        for &l in geo.rows.iter().chain(geo.cols.iter()) {
            let line = geo.houses[l];
            if !line.intersects(&bx) {
                continue;
            }
            // Cells of more than 5 candidates cannot be in a set of at most 5 digits.
            let pool: Vec<usize> = bx
                .or(&line)
                .and(&open)
                .iter()
                .filter(|&c| (2..=5).contains(&masks[c].count_ones()))
                .collect();
            let search = BentSearch { geo, st, masks: &masks, pool: &pool, bx, line, houses: [b, l] };
            search.extend(0, 0, 0, &mut [0; 5], &mut found);
        }
    }
    out.extend(found);
}

/// One box and line: the open cells of their union that may take part in a bent set.
struct BentSearch<'a, const W: usize> {
    geo: &'a Geometry<W>,
    st: &'a State<W>,
    masks: &'a [u32],
    pool: &'a [usize],
    bx: CellSet<W>,
    line: CellSet<W>,
    houses: [usize; 2],
}

impl<const W: usize> BentSearch<'_, W> {
    /// Depth-first choice of up to 5 cells of the pool (from index `from`), pruned on the digit
    /// count; a choice of 4 or 5 cells holding as many digits is checked.
    fn extend(&self, depth: usize, from: usize, union: u32, pick: &mut [usize; 5], found: &mut Vec<Move>) {
        if depth >= 4 && union.count_ones() as usize == depth {
            self.check(&pick[..depth], union, found);
        }
        if depth == 5 {
            return;
        }
        for i in from..self.pool.len() {
            let u = union | self.masks[self.pool[i]];
            if u.count_ones() > 5 {
                continue;
            }
            pick[depth] = self.pool[i];
            self.extend(depth + 1, i + 1, u, pick, found);
        }
    }

    fn check(&self, cells: &[usize], union: u32, found: &mut Vec<Move>) {
        let (geo, st, bx, line, houses) = (self.geo, self.st, &self.bx, &self.line, self.houses);
        let set = CellSet::<W>::from_cells(cells.iter().copied());
        // A set inside one house is a naked subset, not a bent set.
        if set.is_subset(bx) || set.is_subset(line) {
            return;
        }
        let mut z = None;
        for d in (0..geo.digits).filter(|d| union >> d & 1 == 1) {
            let zc = st.planes[d].and(&set);
            if zc.is_subset(bx) || zc.is_subset(line) {
                continue;
            }
            if z.is_some() {
                return;
            }
            z = Some((d, zc));
        }
        let Some((d, zc)) = z else { return };
        let mut targets = st.planes[d].and(&st.open_cells(geo)).and_not(&set);
        for c in zc.iter() {
            targets &= geo.peers[c];
        }
        if targets.is_empty() {
            return;
        }
        let mv = Move {
            tech: code::WXZ,
            placements: Vec::new(),
            eliminations: eliminations(&targets, d),
            houses: houses.to_vec(),
            digits: union,
            cost: pattern_cost(geo, union, 2, cells),
        };
        push_distinct(found, mv);
    }
}

/// Fireworks: three digits tied to a box cell x and one cell outside the box on its row (a) and
/// on its column (b).
pub fn fireworks<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    for &b in &geo.boxes {
        let bx = geo.houses[b];
        for x in bx.and(&open).iter() {
            let (Some(&row), Some(&col)) = (
                geo.cell_houses[x].iter().find(|h| geo.rows.contains(h)),
                geo.cell_houses[x].iter().find(|h| geo.cols.contains(h)),
            ) else {
                continue;
            };
            let cross = geo.houses[row].or(&geo.houses[col]).or(&bx);
            let row_out = geo.houses[row].and_not(&bx).and(&open);
            let col_out = geo.houses[col].and_not(&bx).and(&open);
            // Per digit: its spots outside the box on the row and on the column (at most one each).
            let mut cand: Vec<(usize, Option<usize>, Option<usize>)> = Vec::new();
            for d in 0..geo.digits {
                let plane = &st.planes[d];
                if plane.and(&cross).intersects(&st.placed) {
                    continue;
                }
                let (r, c) = (plane.and(&row_out), plane.and(&col_out));
                if r.len() > 1 || c.len() > 1 {
                    continue;
                }
                cand.push((d, r.first(), c.first()));
            }
            if cand.len() < 3 {
                continue;
            }
            for a in row_out.iter() {
                for bcell in col_out.iter() {
                    let digits = cand
                        .iter()
                        .filter(|&&(_, r, c)| r.is_none_or(|r| r == a) && c.is_none_or(|c| c == bcell))
                        .fold(0u32, |acc, &(d, _, _)| acc | 1 << d);
                    if digits.count_ones() != 3 {
                        continue;
                    }
                    let trio = [x, a, bcell];
                    if trio.iter().any(|&c| masks[c] & digits == 0) {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for &c in &trio {
                        let extra = masks[c] & !digits;
                        elims.extend(
                            (0..geo.digits)
                                .filter(|d| extra >> d & 1 == 1)
                                .map(|d| Candidate { cell: c, digit: d as u8 + 1 }),
                        );
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    elims.sort();
                    let mv = Move {
                        tech: code::FIR,
                        placements: Vec::new(),
                        eliminations: elims,
                        houses: vec![b, row, col],
                        digits,
                        cost: structural_cost(geo, digits, 3, trio, 0),
                    };
                    push_distinct(&mut found, mv);
                }
            }
        }
    }
    out.extend(found);
}
