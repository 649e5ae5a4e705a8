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

use super::{Candidate, Move, Pattern, SearchContext, State, code, structural_cost};
use crate::bits::CellSet;
use crate::board::Geometry;

/// Candidate masks of the open cells (0 for a placed cell).
pub(super) fn cell_masks<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> Vec<u32> {
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
pub(super) fn push_distinct(out: &mut Vec<Move>, mv: Move) {
    if let Some(old) = out.iter_mut().find(|m| m.tech == mv.tech && m.eliminations == mv.eliminations) {
        if mv.cost < old.cost {
            *old = mv;
        }
        return;
    }
    out.push(mv);
}

/// The pattern of a wing on `cells` (pivot first) clearing digit index `z`, when wanted.
fn wing_pattern(patterned: bool, cells: &[usize], z: usize) -> Pattern {
    if patterned { Pattern::Wing { cells: cells.to_vec(), z: z as u8 + 1 } } else { Pattern::Unbuilt }
}

/// A wing move (YWG / XYZ): z leaves `targets`; the pivot reads one house with each pincer.
fn wing_move<const W: usize>(
    geo: &Geometry<W>,
    tech: super::Tech,
    digits: u32,
    z: usize,
    cells: [usize; 3],
    targets: &CellSet<W>,
    patterned: bool,
) -> Move {
    let [pivot, p1, p2] = cells;
    let houses: Vec<usize> =
        [shared_house(geo, pivot, p1), shared_house(geo, pivot, p2)].into_iter().flatten().collect();
    Move {
        rules: Vec::new(),
        tech,
        placements: Vec::new(),
        eliminations: eliminations(targets, z),
        cost: pattern_cost(geo, digits, houses.len(), &cells),
        houses,
        digits,
        pattern: wing_pattern(patterned, &cells, z),
    }
}

/// Y-Wing (XY-Wing): pivot {x,y}, pincers {x,z} and {y,z} that see the pivot.
pub fn y_wing<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let mut wings: Vec<usize> = Vec::with_capacity(20);
    let patterned = cx.patterns;
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
                    let mv = wing_move(geo, code::YWG, pm | z, zd, [pivot, p1, p2], &targets, patterned);
                    push_distinct(&mut found, mv);
                }
            }
        }
    }
    out.extend(found);
}

/// XYZ-Wing: pivot {x,y,z}, pincers {x,z} and {y,z} that see the pivot.
pub fn xyz_wing<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let mut wings: Vec<usize> = Vec::with_capacity(20);
    let patterned = cx.patterns;
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
                    let mv = wing_move(geo, code::XYZ, pm, zd, [pivot, p1, p2], &targets, patterned);
                    push_distinct(&mut found, mv);
                }
            }
        }
    }
    out.extend(found);
}

/// Bent sets of 4 and 5 cells (WXYZ-Wing, VWXYZ-Wing), named WXZ.
pub fn wxyz_wing<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let patterned = cx.patterns;
    // Lines outer, boxes inner: among wings of one price the reference takes the first in this
    // order (its tie-break, seen at classic-se-rated 3737 and 5943).
    for &l in geo.rows.iter().chain(geo.cols.iter()) {
        let line = geo.houses[l];
        for &b in &geo.boxes {
            let bx = geo.houses[b];
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
            let search =
                BentSearch { geo, st, masks: &masks, pool: &pool, bx, line, houses: [b, l], patterned };
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
    patterned: bool,
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
        // A choice is checked from 4 cells on: the pool must still hold enough of them.
        let last = self.pool.len().saturating_sub(4usize.saturating_sub(depth + 1));
        for i in from..last {
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
            rules: Vec::new(),
            tech: code::WXZ,
            placements: Vec::new(),
            eliminations: eliminations(&targets, d),
            houses: houses.to_vec(),
            digits: union,
            cost: pattern_cost(geo, union, 2, cells),
            pattern: wing_pattern(self.patterned, cells, d),
        };
        push_distinct(found, mv);
    }
}

/// Fireworks: three digits tied to a box cell x and one cell outside the box on its row (a) and
/// on its column (b).
pub fn fireworks<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let patterned = cx.patterns;
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
                        rules: Vec::new(),
                        tech: code::FIR,
                        placements: Vec::new(),
                        eliminations: elims,
                        houses: vec![b, row, col],
                        digits,
                        cost: structural_cost(geo, digits, 3, trio, 0),
                        pattern: if patterned { Pattern::Cells(trio.to_vec()) } else { Pattern::Unbuilt },
                    };
                    push_distinct(&mut found, mv);
                }
            }
        }
    }
    out.extend(found);
}

#[cfg(test)]
mod tests {
    use crate::techniques::test_positions::{CARD208_STEP9, classic9 as geo, from_candidates};
    use crate::techniques::{Finder, SearchContext, cap_moves};

    /// Positions from reference routes (full notes): placed digits, then every cell's candidates
    /// ("." for a placed cell).
    const CARD136_STEP21: [&str; 2] = [
        "8.61.5..9.75.3.86...386.52.....1.486.17.8695.6.8...1...81.926.5.6..5821.5..6.1.98",
        ". 24 . . 27 . 37 34 . 1249 . . 29 . 49 . . 14 149 49 . . . 479 . . 147 239 2359 29 579 . 379 . . . 34 . \
         . 24 . . . . 23 . 3459 . 59 24 39 . 37 237 37 . . 34 . . . 347 . 379 . 49 347 . . . . 347 . 23 24 . 47 . \
         37 . .",
    ];
    const CARD141_STEP18: [&str; 2] = [
        "..1...2.762.5713.8........1.3.1.5.7...24371..........32..918735..375.6..5973.681.",
        "3489 458 . 68 4689 349 . 4569 . . . 49 . . . . 49 . 34789 478 4589 268 4689 2349 459 469 . 489 . 4689 . \
         2689 . 49 . 2469 89 568 . . . . . 589 69 17 17 45689 268 689 29 459 2489 . . 46 46 . . . . . . 18 18 . . \
         . 24 . 249 49 . . . . 24 . . . 24",
    ];
    const CARD151_STEP24: [&str; 2] = [
        "3974..8.1456.8.297.8.....349348....2.1.635749675..418372....41656..4.328.43...975",
        ". . . . 256 26 . 56 . . . . 13 . 13 . . . 12 . 12 579 5679 679 56 . . . . . . 17 17 56 56 . 28 . 28 . . . \
         . . . . . . 29 29 . . . . . . 89 35 59 389 . . . . . 19 179 . 179 . . . 18 . . 12 126 1268 . . .",
    ];
    const CARD124_STEP28: [&str; 2] = [
        "..12548..4596783122..913.5492.567...1.64892.55..132....9.725.8.8.23915..715846923",
        "36 367 . . . . . 679 679 . . . . . . . . . . 68 78 . . . 67 . . . . 348 . . . 14 34 18 . 37 . . . . . 37 \
         . . 48 478 . . . 467 469 689 36 . 34 . . . 146 . 16 . 46 . . . . . 467 67 . . . . . . . . .",
    ];
    /// No wing of any kind here (the reference lists none).
    const CARD119_STEP25: [&str; 2] = [
        "19.8...26.6719245.2...3.1.96..28.937..8..9562972365814...928....2.....9.7.9...2.1",
        ". . 345 . 457 47 37 . . 38 . . . . . . . 38 . 458 45 4567 . 467 . 78 . . 145 145 . . 14 . . . 34 134 . \
         47 147 . . . . . . . . . . . . . 345 134 1346 . . . 367 47 35 3458 . 346 47 147 1347 36 . 358 . 348 . \
         456 45 346 . 48 .",
    ];

    /// Moves of a finder, cheapest first (as the route keeps them), as (cell, digit) lists.
    fn moves(find: Finder<2>, pos: [&str; 2]) -> Vec<Vec<(usize, u8)>> {
        let geo = geo();
        let st = from_candidates(&geo, pos);
        let mut out = Vec::new();
        find(&SearchContext::plain(&geo), &st, &mut out);
        cap_moves(&mut out);
        out.iter().map(|m| m.eliminations.iter().map(|e| (e.cell, e.digit)).collect()).collect()
    }

    fn sorted(mut v: Vec<Vec<(usize, u8)>>) -> Vec<Vec<(usize, u8)>> {
        v.sort();
        v
    }

    #[test]
    fn finds_y_wing() {
        // The reference step: r7c8 loses 3 (cell 61).
        assert_eq!(moves(super::y_wing::<2>, CARD136_STEP21), vec![vec![(61, 3)]]);
        assert!(moves(super::y_wing::<2>, CARD119_STEP25).is_empty());
    }

    #[test]
    fn finds_xyz_wing() {
        // Two XYZ-Wings; the one spanning fewer houses (r6c3 {4,7,8} with r3c3, r6c2) comes first.
        assert_eq!(moves(super::xyz_wing::<2>, CARD124_STEP28), vec![vec![(29, 8)], vec![(47, 4)]]);
        assert_eq!(
            moves(super::xyz_wing::<2>, CARD208_STEP9),
            vec![vec![(10, 4), (19, 4), (36, 4), (45, 4), (47, 4), (73, 4)]]
        );
        assert!(moves(super::xyz_wing::<2>, CARD119_STEP25).is_empty());
    }

    #[test]
    fn finds_wxyz_wing() {
        // The reference step (r6c3#4) is the cheapest; the reference lists the same five moves.
        let found = moves(super::wxyz_wing::<2>, CARD141_STEP18);
        assert_eq!(found[0], vec![(47, 4)]);
        assert_eq!(
            sorted(found),
            sorted(vec![vec![(47, 4)], vec![(44, 9)], vec![(47, 9)], vec![(29, 9)], vec![(51, 9)]])
        );
        // Only 5-cell sets here (VWXYZ-Wings); the reference step r9c4#1 is the cheapest.
        let found = moves(super::wxyz_wing::<2>, CARD151_STEP24);
        assert_eq!(found, vec![vec![(75, 1)], vec![(49, 9), (66, 9)], vec![(12, 3), (59, 3)]]);
        assert!(moves(super::wxyz_wing::<2>, CARD119_STEP25).is_empty());
    }

    #[test]
    fn finds_fireworks() {
        // Box 1, x = r3c2, a = r3c5, b = r9c2: digits 3, 7, 8 fill those three cells.
        assert_eq!(
            moves(super::fireworks::<2>, CARD208_STEP9),
            vec![vec![(19, 4), (22, 1), (22, 4), (22, 9), (73, 2), (73, 4)]]
        );
        assert!(moves(super::fireworks::<2>, CARD119_STEP25).is_empty());
        assert!(moves(super::fireworks::<2>, CARD141_STEP18).is_empty());
    }

    /// The notation of a search's moves of `tech` (HoDoKu's: the digits, z last, and the cells,
    /// pivot first).
    fn notations(find: Finder<2>, pos: [&str; 2], tech: crate::techniques::Tech) -> Vec<String> {
        crate::techniques::test_positions::notations(find, &from_candidates(&geo(), pos), tech)
    }

    #[test]
    fn wing_notations() {
        use crate::techniques::code;
        assert_eq!(
            notations(super::y_wing::<2>, CARD136_STEP21, code::YWG),
            ["Y-Wing: 4/7/3 in r9c5,r7c4,r9c7 => r7c8<>3"]
        );
        assert_eq!(
            notations(super::xyz_wing::<2>, CARD124_STEP28, code::XYZ),
            ["XYZ-Wing: 4/7/8 in r6c3,r3c3,r6c2 => r4c3<>8", "XYZ-Wing: 3/8/4 in r4c3,r6c2,r7c3 => r6c3<>4"]
        );
        assert_eq!(
            notations(super::wxyz_wing::<2>, CARD141_STEP18, code::WXZ)[0],
            "WXYZ-Wing: 6/8/9/4 in r4c1,r4c3,r5c1,r7c3 => r6c3<>4"
        );
        // A 5-cell bent set (VWXYZ-Wing) is written the same way.
        assert_eq!(
            notations(super::wxyz_wing::<2>, CARD151_STEP24, code::WXZ)[0],
            "WXYZ-Wing: 3/5/7/9/1 in r2c4,r7c4,r7c5,r8c4,r8c6 => r9c4<>1"
        );
        assert_eq!(
            notations(super::fireworks::<2>, CARD208_STEP9, code::FIR),
            ["Fireworks: 3/7/8 in r3c2,r3c5,r9c2 => r3c5<>1, r9c2<>2, r3c25,r9c2<>4, r3c5<>9"]
        );
    }
}
