//! Almost locked sets and the patterns built on them.
//!
//! An almost locked set (ALS) is N cells of one house holding N+1 digits together: if one of its
//! digits is removed, the rest are locked in it. Two ALS have a restricted common digit x when x
//! is in both and every x-cell of one sees every x-cell of the other (so x is in at most one).
//! - ALS (ALS-XZ): ALS A and B with a restricted common x: one of them loses x and is locked, so
//!   a digit z common to both (not x) is in A or in B: z leaves every cell seeing all z-cells of
//!   both. Doubly linked (two restricted commons): both are locked; each restricted digit leaves
//!   the cells seeing all its cells in A and B, and every other digit of A (of B) the cells seeing
//!   all its cells in A (in B).
//! - AXY (ALS-XY-Wing): a pivot ALS C with restricted commons x to A and y to B (x != y): A or B
//!   is locked whatever C does, so a digit z common to A and B leaves the cells seeing all their
//!   z-cells.
//! - AAC (ALS chain): A1 -x1- A2 -x2- A3 -x3- A4 (consecutive restricted commons differ): A1 or A4
//!   is locked, so a digit z of both (other than x1 in A1, x3 in A4) leaves the cells seeing all
//!   their z-cells.
//! - DEB (Death Blossom): a stem cell whose every candidate d has a petal ALS holding d with all
//!   its d-cells seeing the stem: one petal is locked, so a digit z in every petal (not in the
//!   stem) leaves the cells seeing all the petals' z-cells.
//! - SDC (Sue de Coq): two or three cells C where a box and a line cross hold |C|+2 digits or more;
//!   one or two more cells of the line and one or two of the box, the line cells' and the box
//!   cells' digits disjoint, make as many cells as digits in all: each digit is in the pattern
//!   exactly once, so the line cells' digits leave the rest of the line, the box cells' digits the
//!   rest of the box, and the crossing's other digits the rest of both.
//! - APE (Aligned Pair Exclusion): two cells that see each other; a pair of values (a, b) is
//!   impossible when a = b or when a bivalue cell seeing both holds exactly {a, b}; a value of one
//!   cell that pairs with no possible value of the other is eliminated.

use super::aic::chain_price;
use super::wings::cell_masks;
use super::{Candidate, Move, State, Tech, code};
use crate::bits::CellSet;
use crate::board::Geometry;
use std::collections::HashMap;

/// Largest ALS searched (cells), as the reference lists.
const MAX_ALS: usize = 4;
/// Most petal combinations tried per Death Blossom stem.
const MAX_BLOSSOMS: usize = 20_000;

/// An almost locked set: its cells, its digits, and the house it was found in.
#[derive(Clone, Debug)]
struct Als<const W: usize> {
    cells: CellSet<W>,
    mask: u32,
    house: usize,
}

/// Every ALS of 1 to `MAX_ALS` cells (each cell set once).
fn all_als<const W: usize>(geo: &Geometry<W>, st: &State<W>, masks: &[u32]) -> Vec<Als<W>> {
    let open = st.open_cells(geo);
    let mut out: Vec<Als<W>> = Vec::new();
    let mut seen: std::collections::HashSet<CellSet<W>> = std::collections::HashSet::new();
    let mut cells: Vec<usize> = Vec::with_capacity(geo.digits);
    for &h in &geo.complete_houses {
        cells.clear();
        cells.extend(geo.houses[h].and(&open).iter());
        let n = cells.len();
        let mut idx = [0usize; MAX_ALS];
        // Subsets of size k by increasing index tuples.
        for k in 1..=MAX_ALS.min(n) {
            for (i, x) in idx.iter_mut().enumerate().take(k) {
                *x = i;
            }
            loop {
                let mut m = 0u32;
                let mut set = CellSet::EMPTY;
                for &i in &idx[..k] {
                    m |= masks[cells[i]];
                    set.insert(cells[i]);
                }
                if m.count_ones() as usize == k + 1 && seen.insert(set) {
                    out.push(Als { cells: set, mask: m, house: h });
                }
                // Next combination.
                let mut i = k;
                while i > 0 && idx[i - 1] == n - k + i - 1 {
                    i -= 1;
                }
                if i == 0 {
                    break;
                }
                idx[i - 1] += 1;
                for j in i..k {
                    idx[j] = idx[j - 1] + 1;
                }
            }
        }
    }
    out
}

/// Cells seeing every cell of `cells`.
fn seeing_all<const W: usize>(geo: &Geometry<W>, cells: &CellSet<W>) -> CellSet<W> {
    cells.iter().fold(geo.all, |acc, c| acc.and(&geo.peers[c]))
}

/// Per-position data the ALS searches share.
struct Ctx<'a, const W: usize> {
    geo: &'a Geometry<W>,
    st: &'a State<W>,
    open: CellSet<W>,
    als: Vec<Als<W>>,
}

impl<'a, const W: usize> Ctx<'a, W> {
    fn new(geo: &'a Geometry<W>, st: &'a State<W>) -> Ctx<'a, W> {
        let masks = cell_masks(geo, st);
        let als = all_als(geo, st, &masks);
        Ctx { geo, st, open: st.open_cells(geo), als }
    }

    /// Cells of `d` in `cells`.
    fn spots(&self, d: usize, cells: &CellSet<W>) -> CellSet<W> {
        self.st.planes[d].and(cells)
    }

    /// Restricted common digits of two disjoint ALS (mask).
    fn rcc(&self, a: &Als<W>, b: &Als<W>) -> u32 {
        let mut out = 0;
        let common = a.mask & b.mask;
        for d in 0..self.geo.digits {
            if common >> d & 1 == 0 {
                continue;
            }
            let (sa, sb) = (self.spots(d, &a.cells), self.spots(d, &b.cells));
            if sb.is_subset(&seeing_all(self.geo, &sa)) {
                out |= 1 << d;
            }
        }
        out
    }

    /// Candidates of digit `d` outside `pattern` that see every cell of `z_cells`.
    fn z_elims(&self, d: usize, z_cells: &CellSet<W>, pattern: &CellSet<W>, out: &mut Vec<Candidate>) {
        let hit = seeing_all(self.geo, z_cells).and(&self.st.planes[d]).and(&self.open).and_not(pattern);
        out.extend(hit.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }));
    }

    fn mv(
        &self,
        tech: Tech,
        mut elims: Vec<Candidate>,
        houses: Vec<usize>,
        cells: &CellSet<W>,
        digits: u32,
        links: usize,
    ) -> Move {
        elims.sort();
        elims.dedup();
        let cost = chain_price(self.geo, cells, digits, houses.len(), links);
        Move { tech, placements: Vec::new(), eliminations: elims, houses, digits, cost }
    }
}

fn keep(best: &mut HashMap<Vec<Candidate>, Move>, mv: Move) {
    if mv.eliminations.is_empty() {
        return;
    }
    match best.get(&mv.eliminations) {
        Some(old) if old.cost <= mv.cost => {}
        _ => {
            best.insert(mv.eliminations.clone(), mv);
        }
    }
}

fn flush(best: HashMap<Vec<Candidate>, Move>, out: &mut Vec<Move>) {
    let mut found: Vec<Move> = best.into_values().collect();
    found.sort_by(|a, b| (a.cost, &a.eliminations).cmp(&(b.cost, &b.eliminations)));
    out.extend(found);
}

fn houses_of(list: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for &h in list {
        if !out.contains(&h) {
            out.push(h);
        }
    }
    out
}

/// ALS-XZ, singly and doubly linked.
pub fn als_xz<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let cx = Ctx::new(geo, st);
    let mut best = HashMap::new();
    let n = cx.als.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&cx.als[i], &cx.als[j]);
            if a.cells.intersects(&b.cells) || (a.mask & b.mask).count_ones() < 2 {
                continue;
            }
            let x = cx.rcc(a, b);
            if x == 0 {
                continue;
            }
            let pattern = a.cells.or(&b.cells);
            let mut elims = Vec::new();
            if x.count_ones() == 1 {
                for z in 0..geo.digits {
                    if (a.mask & b.mask & !x) >> z & 1 == 1 {
                        cx.z_elims(z, &cx.spots(z, &pattern), &pattern, &mut elims);
                    }
                }
            } else {
                for z in 0..geo.digits {
                    if x >> z & 1 == 1 {
                        cx.z_elims(z, &cx.spots(z, &pattern), &pattern, &mut elims);
                    } else {
                        for s in [a, b] {
                            if s.mask >> z & 1 == 1 {
                                cx.z_elims(z, &cx.spots(z, &s.cells), &pattern, &mut elims);
                            }
                        }
                    }
                }
            }
            let links = x.count_ones() as usize;
            keep(
                &mut best,
                cx.mv(code::ALS, elims, houses_of(&[a.house, b.house]), &pattern, a.mask | b.mask, links),
            );
        }
    }
    flush(best, out);
}

/// For each ALS, the ALS it has a restricted common with: (other, rcc mask).
fn rcc_graph<const W: usize>(cx: &Ctx<W>) -> Vec<Vec<(usize, u32)>> {
    let n = cx.als.len();
    let mut g = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&cx.als[i], &cx.als[j]);
            if a.cells.intersects(&b.cells) || a.mask & b.mask == 0 {
                continue;
            }
            let x = cx.rcc(a, b);
            if x != 0 {
                g[i].push((j, x));
                g[j].push((i, x));
            }
        }
    }
    g
}

/// Eliminations of "ALS `a` or ALS `b` is locked", where `a` may not use digit mask `not_a` and
/// `b` not `not_b` (their restricted commons toward the rest of the pattern).
fn ends_elims<const W: usize>(
    cx: &Ctx<W>,
    a: &Als<W>,
    b: &Als<W>,
    allowed: u32,
    pattern: &CellSet<W>,
) -> Vec<Candidate> {
    let mut elims = Vec::new();
    if a.cells.intersects(&b.cells) {
        return elims;
    }
    let both = a.cells.or(&b.cells);
    for z in 0..cx.geo.digits {
        if (a.mask & b.mask & allowed) >> z & 1 == 1 {
            cx.z_elims(z, &cx.spots(z, &both), pattern, &mut elims);
        }
    }
    elims
}

/// ALS-XY-Wing: pivot C, wings A (rcc x with C) and B (rcc y with C, y != x).
pub fn als_xy_wing<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let cx = Ctx::new(geo, st);
    let g = rcc_graph(&cx);
    let mut best = HashMap::new();
    for (c, nbrs) in g.iter().enumerate() {
        for (p, &(a, xa)) in nbrs.iter().enumerate() {
            for &(b, xb) in &nbrs[p + 1..] {
                let (sa, sb, sc) = (&cx.als[a], &cx.als[b], &cx.als[c]);
                if sa.cells.intersects(&sb.cells) || sa.mask & sb.mask == 0 {
                    continue;
                }
                let pattern = sa.cells.or(&sb.cells).or(&sc.cells);
                let houses = houses_of(&[sa.house, sc.house, sb.house]);
                for x in (0..geo.digits).filter(|&d| xa >> d & 1 == 1) {
                    for y in (0..geo.digits).filter(|&d| xb >> d & 1 == 1 && d != x) {
                        let allowed = !(1u32 << x | 1 << y);
                        let elims = ends_elims(&cx, sa, sb, allowed, &pattern);
                        let digits = sa.mask | sb.mask | sc.mask;
                        keep(&mut best, cx.mv(code::AXY, elims, houses.clone(), &pattern, digits, 2));
                    }
                }
            }
        }
    }
    flush(best, out);
}

/// ALS chain of four ALS: A1 -x1- A2 -x2- A3 -x3- A4, consecutive restricted commons different.
pub fn als_chain<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let cx = Ctx::new(geo, st);
    let g = rcc_graph(&cx);
    let mut best = HashMap::new();
    let single = |m: u32| m.count_ones() == 1;
    for a1 in 0..g.len() {
        for &(a2, x1) in &g[a1] {
            if !single(x1) {
                continue;
            }
            for &(a3, x2) in &g[a2] {
                if a3 == a1 || !single(x2) || x2 == x1 || cx.als[a3].cells.intersects(&cx.als[a1].cells) {
                    continue;
                }
                let so_far = cx.als[a1].cells.or(&cx.als[a2].cells).or(&cx.als[a3].cells);
                for &(a4, x3) in &g[a3] {
                    if a4 <= a1 || a4 == a2 || !single(x3) || x3 == x2 || cx.als[a4].cells.intersects(&so_far)
                    {
                        continue;
                    }
                    let (s1, s4) = (&cx.als[a1], &cx.als[a4]);
                    let allowed = !(x1 | x3);
                    let pattern = so_far.or(&s4.cells);
                    let elims = ends_elims(&cx, s1, s4, allowed, &pattern);
                    if elims.is_empty() {
                        continue;
                    }
                    let houses = houses_of(&[s1.house, cx.als[a2].house, cx.als[a3].house, s4.house]);
                    let digits = s1.mask | cx.als[a2].mask | cx.als[a3].mask | s4.mask;
                    keep(&mut best, cx.mv(code::AAC, elims, houses, &pattern, digits, 3));
                }
            }
        }
    }
    flush(best, out);
}

/// Death Blossom: a stem cell of two or three candidates, one petal ALS per candidate.
pub fn death_blossom<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let cx = Ctx::new(geo, st);
    let masks = cell_masks(geo, st);
    let mut best = HashMap::new();
    for stem in cx.open.iter() {
        let sm = masks[stem];
        let k = sm.count_ones() as usize;
        if !(2..=3).contains(&k) {
            continue;
        }
        let digits: Vec<usize> = (0..geo.digits).filter(|&d| sm >> d & 1 == 1).collect();
        // Petals per stem digit: ALS not holding the stem, holding d, all d-cells seeing the stem.
        let petals: Vec<Vec<usize>> = digits
            .iter()
            .map(|&d| {
                (0..cx.als.len())
                    .filter(|&i| {
                        let a = &cx.als[i];
                        a.mask >> d & 1 == 1
                            && !a.cells.contains(stem)
                            && a.mask & !sm != 0
                            && cx.spots(d, &a.cells).is_subset(&geo.peers[stem])
                    })
                    .collect()
            })
            .collect();
        if petals.iter().any(|p| p.is_empty())
            || petals.iter().map(|p| p.len()).product::<usize>() > MAX_BLOSSOMS
        {
            continue;
        }
        let mut pick = vec![0usize; k];
        'combos: loop {
            let chosen: Vec<&Als<W>> = (0..k).map(|i| &cx.als[petals[i][pick[i]]]).collect();
            let disjoint = (0..k).all(|i| (i + 1..k).all(|j| !chosen[i].cells.intersects(&chosen[j].cells)));
            let z_mask = chosen.iter().fold(u32::MAX, |acc, a| acc & a.mask) & !sm;
            if disjoint && z_mask != 0 {
                let mut pattern = CellSet::from_cells([stem]);
                for a in &chosen {
                    pattern = pattern.or(&a.cells);
                }
                let mut elims = Vec::new();
                for z in 0..geo.digits {
                    if z_mask >> z & 1 == 1 {
                        let zc = chosen.iter().fold(CellSet::EMPTY, |acc, a| acc.or(&cx.spots(z, &a.cells)));
                        cx.z_elims(z, &zc, &pattern, &mut elims);
                    }
                }
                let houses: Vec<usize> = houses_of(&chosen.iter().map(|a| a.house).collect::<Vec<_>>());
                let digits = chosen.iter().fold(sm, |acc, a| acc | a.mask);
                keep(&mut best, cx.mv(code::DEB, elims, houses, &pattern, digits, k));
            }
            // Next combination.
            let mut i = 0;
            loop {
                if i == k {
                    break 'combos;
                }
                pick[i] += 1;
                if pick[i] < petals[i].len() {
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
        }
    }
    flush(best, out);
}

/// Subsets of `cells` of size 1..=max as (mask of digits, cells).
fn small_subsets<const W: usize>(
    cells: &[usize],
    masks: &[u32],
    max: usize,
    out: &mut Vec<(u32, CellSet<W>)>,
) {
    out.clear();
    let n = cells.len();
    for first in 0..n {
        let m = masks[cells[first]];
        out.push((m, CellSet::from_cells([cells[first]])));
        if max >= 2 {
            for second in first + 1..n {
                let m2 = m | masks[cells[second]];
                out.push((m2, CellSet::from_cells([cells[first], cells[second]])));
                if max >= 3 {
                    for &third in &cells[second + 1..] {
                        out.push((
                            m2 | masks[third],
                            CellSet::from_cells([cells[first], cells[second], third]),
                        ));
                    }
                }
            }
        }
    }
}

/// Sue de Coq on every box-line crossing of two or three open cells.
pub fn sue_de_coq<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut best = HashMap::new();
    let mut line_sets = Vec::new();
    let mut box_sets = Vec::new();
    for &b in &geo.boxes {
        for &l in geo.rows.iter().chain(&geo.cols) {
            let cross = geo.houses[b].and(&geo.houses[l]).and(&open);
            let cross_cells: Vec<usize> = cross.iter().collect();
            if cross_cells.len() < 2 {
                continue;
            }
            // The crossing cells used: all pairs and the triple.
            let mut choices: Vec<CellSet<W>> = Vec::new();
            for i in 0..cross_cells.len() {
                for j in i + 1..cross_cells.len() {
                    choices.push(CellSet::from_cells([cross_cells[i], cross_cells[j]]));
                }
            }
            if cross_cells.len() == 3 {
                choices.push(cross);
            }
            let line_rest: Vec<usize> = geo.houses[l].and(&open).and_not(&geo.houses[b]).iter().collect();
            let box_rest: Vec<usize> = geo.houses[b].and(&open).and_not(&geo.houses[l]).iter().collect();
            small_subsets(&line_rest, &masks, 2, &mut line_sets);
            small_subsets(&box_rest, &masks, 2, &mut box_sets);
            for c in &choices {
                let v = c.iter().fold(0u32, |acc, x| acc | masks[x]);
                let nc = c.len() as usize;
                for &(ml, ls) in &line_sets {
                    for &(mb, bs) in &box_sets {
                        if mb & ml != 0 {
                            continue;
                        }
                        let u = v | ml | mb;
                        let cells_n = nc + ls.len() as usize + bs.len() as usize;
                        if u.count_ones() as usize != cells_n {
                            continue;
                        }
                        // As many cells as digits, no digit in both the line and the box
                        // cells: every digit of the crossing is in the pattern exactly once.
                        let mut elims = Vec::new();
                        let line_out = geo.houses[l].and(&open).and_not(c).and_not(&ls);
                        let box_out = geo.houses[b].and(&open).and_not(c).and_not(&bs);
                        for d in 0..geo.digits {
                            let bit = 1 << d;
                            if u & bit == 0 {
                                continue;
                            }
                            let plane = st.planes[d];
                            if ml & bit != 0 || mb & bit == 0 {
                                elims.extend(
                                    line_out
                                        .and(&plane)
                                        .iter()
                                        .map(|cell| Candidate { cell, digit: d as u8 + 1 }),
                                );
                            }
                            if mb & bit != 0 || ml & bit == 0 {
                                elims.extend(
                                    box_out
                                        .and(&plane)
                                        .iter()
                                        .map(|cell| Candidate { cell, digit: d as u8 + 1 }),
                                );
                            }
                        }
                        let pattern = c.or(&ls).or(&bs);
                        let mv = Move {
                            tech: code::SDC,
                            placements: Vec::new(),
                            eliminations: Vec::new(),
                            houses: vec![l, b],
                            digits: u,
                            cost: chain_price(geo, &pattern, u, 2, 2),
                        };
                        let mut elims = elims;
                        elims.sort();
                        elims.dedup();
                        keep(&mut best, Move { eliminations: elims, ..mv });
                    }
                }
            }
        }
    }
    flush(best, out);
}

/// Aligned Pair Exclusion with bivalue witnesses, for two cells that see each other.
pub fn aligned_pair_exclusion<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut best = HashMap::new();
    let cells: Vec<usize> = open.iter().collect();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if !geo.peers[a].contains(b) {
                continue;
            }
            let common = geo.peers[a].and(&geo.peers[b]).and(&open);
            let witnesses: Vec<usize> = common.iter().filter(|&w| masks[w].count_ones() == 2).collect();
            if witnesses.is_empty() {
                continue;
            }
            let (ma, mb) = (masks[a], masks[b]);
            // Allowed pairs: for each digit of a, digits of b it can go with.
            let mut ok_a = 0u32;
            let mut ok_b = 0u32;
            let mut used: u32 = 0;
            let mut wit_used = CellSet::EMPTY;
            for x in 0..geo.digits {
                if ma >> x & 1 == 0 {
                    continue;
                }
                for y in 0..geo.digits {
                    if mb >> y & 1 == 0 || x == y {
                        continue;
                    }
                    let pair = 1 << x | 1 << y;
                    if let Some(&w) = witnesses.iter().find(|&&w| masks[w] == pair) {
                        wit_used.insert(w);
                        used |= pair;
                        continue;
                    }
                    ok_a |= 1 << x;
                    ok_b |= 1 << y;
                }
            }
            let mut elims = Vec::new();
            for (cell, m, ok) in [(a, ma, ok_a), (b, mb, ok_b)] {
                for d in 0..geo.digits {
                    if (m & !ok) >> d & 1 == 1 {
                        elims.push(Candidate { cell, digit: d as u8 + 1 });
                    }
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut pattern = wit_used;
            pattern.insert(a);
            pattern.insert(b);
            let houses: Vec<usize> =
                geo.cell_houses[a].iter().copied().filter(|&h| geo.houses[h].contains(b)).collect();
            let digits = ma | mb | used;
            let mv = Move {
                tech: code::APE,
                placements: Vec::new(),
                eliminations: elims,
                cost: chain_price(geo, &pattern, digits, houses.len(), 1),
                houses,
                digits,
            };
            keep(&mut best, mv);
        }
    }
    flush(best, out);
}
