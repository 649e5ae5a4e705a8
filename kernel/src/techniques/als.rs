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
//! - AAC (ALS chain): an alternating inference chain that also uses ALS nodes (a digit in the
//!   set's cells that hold it): two digits of one ALS are strongly linked (if the set loses one,
//!   it holds the other), and a digit's node there is weakly linked to the cells seeing all of them.
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

use super::aic::{Kind, Net, chain_price, search_net};
use super::wings::cell_masks;
use super::{Candidate, Move, Pattern, SearchContext, State, Tech, code};
use crate::bits::CellSet;
use crate::board::Geometry;
use std::collections::HashMap;
use std::rc::Rc;

/// Largest ALS searched (cells), as the reference lists.
const MAX_ALS: usize = 4;
/// Most petal combinations tried per Death Blossom stem.
const MAX_BLOSSOMS: usize = 20_000;
/// Largest ALS used as a chain node.
const MAX_CHAIN_ALS: u32 = 3;

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

/// Every ALS of the position, built once for the ALS searches that run there one after another.
fn position_als<const W: usize>(cx: &SearchContext<W>, st: &State<W>) -> Rc<Vec<Als<W>>> {
    cx.shared(st, || all_als(cx.geo, st, &cell_masks(cx.geo, st)))
}

/// The position's ALS pairs with a restricted common digit (see `rcc_graph`), built once.
struct RccGraph(Vec<Vec<(usize, u32)>>);

/// Cells seeing every cell of `cells`.
fn seeing_all<const W: usize>(geo: &Geometry<W>, cells: &CellSet<W>) -> CellSet<W> {
    cells.iter().fold(geo.all, |acc, c| acc.and(&geo.peers[c]))
}

/// Per-position data the ALS searches share.
struct Ctx<'a, const W: usize> {
    search: &'a SearchContext<'a, W>,
    geo: &'a Geometry<W>,
    st: &'a State<W>,
    open: CellSet<W>,
    /// The position's ALS, shared by the ALS searches of one position.
    als: Rc<Vec<Als<W>>>,
    /// Whether moves carry their pattern (see `SearchContext::patterns`).
    patterned: bool,
}

impl<'a, const W: usize> Ctx<'a, W> {
    fn new(search: &'a SearchContext<'a, W>, st: &'a State<W>) -> Ctx<'a, W> {
        let geo = search.geo;
        let als = position_als(search, st);
        Ctx { search, geo, st, open: st.open_cells(geo), als, patterned: search.patterns }
    }

    /// Data built once for the searches of this position (see `SearchContext::shared`).
    fn shared<T: 'static>(&self, build: impl FnOnce() -> T) -> Rc<T> {
        self.search.shared(self.st, build)
    }

    /// Cells of `d` in `cells`.
    fn spots(&self, d: usize, cells: &CellSet<W>) -> CellSet<W> {
        self.st.planes[d].and(cells)
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
        Move {
            rules: Vec::new(),
            tech,
            placements: Vec::new(),
            eliminations: elims,
            houses,
            digits,
            cost,
            pattern: Pattern::Unbuilt,
        }
    }

    /// The pattern of sets `sets` linked by restricted commons `x`, when wanted.
    fn als_pattern(&self, sets: &[&Als<W>], x: u32) -> Pattern {
        if !self.patterned {
            return Pattern::Unbuilt;
        }
        Pattern::Als { sets: sets.iter().map(|s| s.cells.iter().collect()).collect(), x }
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
pub fn als_xz<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let cx = Ctx::new(cx, st);
    let graph = cx.shared(|| RccGraph(rcc_graph(&cx)));
    let mut best = HashMap::new();
    for (i, linked) in graph.0.iter().enumerate() {
        // Each pair once, in index order.
        for &(j, x) in linked.iter().filter(|&&(j, _)| j > i) {
            let (a, b) = (&cx.als[i], &cx.als[j]);
            if (a.mask & b.mask).count_ones() < 2 {
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
            if elims.is_empty() {
                continue;
            }
            let links = x.count_ones() as usize;
            let houses = houses_of(&[a.house, b.house]);
            let als = cx.als_pattern(&[a, b], x);
            keep(
                &mut best,
                Move { pattern: als, ..cx.mv(code::ALS, elims, houses, &pattern, a.mask | b.mask, links) },
            );
        }
    }
    flush(best, out);
}

/// For each ALS, the ALS it has a restricted common with: (other, rcc mask).
fn rcc_graph<const W: usize>(cx: &Ctx<W>) -> Vec<Vec<(usize, u32)>> {
    let n = cx.als.len();
    let digits = cx.geo.digits;
    // Per set and digit: the set's cells of the digit, and the cells seeing all of them.
    let mut spots = vec![CellSet::<W>::EMPTY; n * digits];
    let mut seen_by = vec![CellSet::<W>::EMPTY; n * digits];
    for (i, a) in cx.als.iter().enumerate() {
        for d in (0..digits).filter(|&d| a.mask >> d & 1 == 1) {
            spots[i * digits + d] = cx.spots(d, &a.cells);
            seen_by[i * digits + d] = seeing_all(cx.geo, &spots[i * digits + d]);
        }
    }
    let mut g = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&cx.als[i], &cx.als[j]);
            let common = a.mask & b.mask;
            if common == 0 || a.cells.intersects(&b.cells) {
                continue;
            }
            // Restricted commons: digits whose cells in one set all see those in the other.
            let mut x = 0u32;
            let mut rest = common;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if spots[j * digits + d].is_subset(&seen_by[i * digits + d]) {
                    x |= 1 << d;
                }
            }
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
pub fn als_xy_wing<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let cx = Ctx::new(cx, st);
    let graph = cx.shared(|| RccGraph(rcc_graph(&cx)));
    let g = &graph.0;
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
                        if elims.is_empty() {
                            continue;
                        }
                        let digits = sa.mask | sb.mask | sc.mask;
                        let als = cx.als_pattern(&[sa, sb, sc], 1 << x | 1 << y);
                        keep(
                            &mut best,
                            Move {
                                rules: Vec::new(),
                                pattern: als,
                                ..cx.mv(code::AXY, elims, houses.clone(), &pattern, digits, 2)
                            },
                        );
                    }
                }
            }
        }
    }
    flush(best, out);
}

/// ALS chain: an alternating inference chain (5 to 15 links) whose strong links may also join two
/// digits of an almost locked set of two cells or more (nodes: a digit in the set's cells that
/// hold it), using at least one such link.
pub fn als_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    cx.per_position(super::memo::Searcher::AlsChain, st, out, |out| als_chain_search(cx, st, out));
}

fn als_chain_search<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let list: Vec<(CellSet<W>, u32)> = position_als(cx, st)
        .iter()
        .filter(|a| a.cells.len() <= MAX_CHAIN_ALS)
        .map(|a| (a.cells, a.mask))
        .collect();
    let net = Net::with_als(geo, st, true, &list);
    search_net(cx, st, &net, Kind::WithAls, super::aic::MAX_LINKS, out, None);
}

/// Death Blossom: a stem cell of two or three candidates, one petal ALS per candidate.
pub fn death_blossom<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let cx = Ctx::new(cx, st);
    let masks = cell_masks(geo, st);
    let mut best = HashMap::new();
    for stem in cx.open.iter() {
        let sm = masks[stem];
        let k = sm.count_ones() as usize;
        if !(2..=3).contains(&k) {
            continue;
        }
        let digits_of_stem: Vec<usize> = (0..geo.digits).filter(|&d| sm >> d & 1 == 1).collect();
        // Petals per stem digit: ALS not holding the stem, holding d, all d-cells seeing the stem.
        let petals: Vec<Vec<usize>> = digits_of_stem
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
        // One list for every combination of the stem (a stem can have thousands of them).
        let mut chosen: Vec<&Als<W>> = Vec::with_capacity(k);
        'combos: loop {
            chosen.clear();
            chosen.extend((0..k).map(|i| &cx.als[petals[i][pick[i]]]));
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
                if !elims.is_empty() {
                    let houses: Vec<usize> = houses_of(&chosen.iter().map(|a| a.house).collect::<Vec<_>>());
                    let digits = chosen.iter().fold(sm, |acc, a| acc | a.mask);
                    let mut mv = cx.mv(code::DEB, elims, houses, &pattern, digits, k);
                    if cx.patterned {
                        let petals =
                            (0..k).map(|i| (digits_of_stem[i] as u8 + 1, chosen[i].cells.iter().collect()));
                        mv.pattern = Pattern::Blossom { stem, petals: petals.collect() };
                    }
                    keep(&mut best, mv);
                }
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
pub fn sue_de_coq<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
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
                        elims.sort();
                        elims.dedup();
                        let mv = Move {
                            rules: Vec::new(),
                            tech: code::SDC,
                            placements: Vec::new(),
                            eliminations: elims,
                            houses: vec![l, b],
                            digits: u,
                            cost: chain_price(geo, &pattern, u, 2, 2),
                            pattern: if cx.patterns {
                                Pattern::SueDeCoq {
                                    cross: c.iter().collect(),
                                    line: ls.iter().collect(),
                                    boxed: bs.iter().collect(),
                                }
                            } else {
                                Pattern::Unbuilt
                            },
                        };
                        keep(&mut best, mv);
                    }
                }
            }
        }
    }
    flush(best, out);
}

/// Aligned Pair Exclusion with bivalue witnesses, for two cells that see each other.
pub fn aligned_pair_exclusion<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
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
                rules: Vec::new(),
                tech: code::APE,
                placements: Vec::new(),
                eliminations: elims,
                cost: chain_price(geo, &pattern, digits, houses.len(), 1),
                houses,
                digits,
                pattern: if cx.patterns {
                    Pattern::Excluded { pair: [a, b], by: wit_used.iter().collect() }
                } else {
                    Pattern::Unbuilt
                },
            };
            keep(&mut best, mv);
        }
    }
    flush(best, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_positions::{
        AACE, AICE, APEE, QUIET, SDCE, cand, offers, run_eliminating as run,
    };

    /// classic-se-rated.tsv:7676 (SE 8.6) step 9: ALS ['r1c5#4']
    const ALSE: (&str, &str) = (
        "25789 25 279 489 2479 =6 349 =1 349 1689 =3 169 1489 =5 49 =2 =7 469 2679 126 =4 =3 1279 279 69 =5 =8 =4 56 367 569 39 =1 =8 =2 579 2567 1256 12367 4569 =8 23459 45679 369 4579 256 =9 =8 =7 234 2345 456 36 =1 =3 =7 269 459 49 =8 =1 69 2569 129 =8 =5 19 =6 379 37 =4 2379 169 =4 169 =2 1379 3579 3567 =8 35679",
        "529876413831459276764312958453691827217583694698724531372948165985167342146235789",
    );
    /// classic-top1465.txt:778 step 18: ALS ['r2c5#3', 'r3c4#8', 'r6c6#4', 'r7c4#3', 'r7c4#7', 'r7c5#3', 'r8c4#7']
    const ALS2: (&str, &str) = (
        "358 =2 35 38 =7 =1 =6 =9 =4 =6 39 =7 =2 349 345 =8 =1 35 14 389 14 5689 69 358 =2 57 357 2389 =7 2369 1389 =5 238 19 =4 689 34589 38 3459 1479 1349 =6 1579 =2 5789 24589 =1 24569 4789 249 2478 579 =3 56789 1379 =4 139 13567 136 357 579 =8 =2 1279 =6 129 1457 =8 247 =3 57 579 237 =5 =8 37 23 =9 =4 =6 =1",
        "825371694637294815194568273972853146583146927416927538349615782761482359258739461",
    );
    /// classic-se-rated.tsv:6763 (SE 7.9) step 21: AXY ['r5c8#2']
    const AXYE: (&str, &str) = (
        "38 =1 68 =7 =4 28 =5 =9 2368 24789 289 6789 =3 28 =5 26 248 =1 2348 258 3458 =1 =9 =6 238 =7 2348 238 =6 38 =9 =7 =1 =4 =5 238 2489 289 348 =5 =6 28 12378 128 2378 =5 =7 =1 =4 28 =3 289 =6 89 =1 =3 79 =8 =5 47 2679 24 469 =6 589 5789 =2 =3 47 1789 148 4789 78 =4 =2 =6 =1 =9 78 =3 =5",
        "316748592798325641425196873263971458984562317571483269137854926659237184842619735",
    );

    /// classic-se-rated.tsv:7136 (SE 8.2) step 14: AXY ['r8c8#2']
    const NOAAC: (&str, &str) = (
        "=1 =9 458 3578 23478 245 278 257 =6 =6 =2 58 5789 178 159 78 =3 =4 =3 458 =7 568 248 2456 =9 25 =1 2458 =6 348 =1 458 =7 24 49 239 45 =7 =9 =2 45 =3 =1 =6 =8 24 348 =1 89 =6 49 =5 247 237 79 35 =2 =4 137 =8 =6 19 579 478 458 =6 57 =9 125 =3 1247 257 479 =1 345 3567 237 256 247 =8 2579",
        "195374826628915734347682951864157293579243168231869547752438619486591372913726485",
    );

    #[test]
    fn als_xz_singly_and_doubly_linked() {
        let out = run(als_xz::<2>, ALSE);
        assert!(offers(&out, code::ALS, &[], &["r1c5#4"]));
        assert_eq!(out.iter().min_by_key(|m| m.cost).unwrap().eliminations, vec![cand("r1c5#4")]);
        let out = run(als_xz::<2>, ALS2);
        let doubly = ["r2c5#3", "r3c4#8", "r6c6#4", "r7c4#3", "r7c4#7", "r7c5#3", "r8c4#7"];
        assert!(offers(&out, code::ALS, &[], &doubly));
        assert!(run(als_xz::<2>, AXYE).is_empty());
        assert!(run(als_xz::<2>, QUIET).is_empty());
    }

    #[test]
    fn finds_als_xy_wing() {
        let out = run(als_xy_wing::<2>, AXYE);
        assert!(offers(&out, code::AXY, &[], &["r5c8#2"]));
        assert!(run(als_xy_wing::<2>, QUIET).is_empty());
    }

    #[test]
    fn finds_sue_de_coq() {
        let out = run(sue_de_coq::<2>, SDCE);
        assert!(offers(&out, code::SDC, &[], &["r7c7#6", "r7c7#9", "r8c8#6", "r8c9#6"]));
        assert!(run(sue_de_coq::<2>, AICE).is_empty());
        assert!(run(sue_de_coq::<2>, QUIET).is_empty());
    }

    #[test]
    fn finds_aligned_pair_exclusion() {
        let out = run(aligned_pair_exclusion::<2>, APEE);
        assert!(offers(&out, code::APE, &[], &["r5c6#8"]));
        assert!(run(aligned_pair_exclusion::<2>, AICE).is_empty());
        assert!(run(aligned_pair_exclusion::<2>, QUIET).is_empty());
    }

    #[test]
    fn finds_death_blossom() {
        let out = run(death_blossom::<2>, AICE);
        assert!(offers(&out, code::DEB, &[], &["r2c7#4", "r3c2#4"]));
        assert!(run(death_blossom::<2>, AXYE).is_empty());
        assert!(run(death_blossom::<2>, QUIET).is_empty());
    }

    #[test]
    fn finds_als_chain() {
        let out = run(als_chain::<2>, AACE);
        assert!(offers(&out, code::AAC, &[], &["r4c3#5"]));
        // The reference lists no ALS chain here (nor do we); at QUIET it lists some, as we do.
        assert!(run(als_chain::<2>, NOAAC).is_empty());
        assert!(!run(als_chain::<2>, QUIET).is_empty());
    }

    /// Notations of a search's moves of `tech` on a reference position, cheapest first.
    fn notations(find: crate::techniques::Finder<2>, pos: (&str, &str), tech: Tech) -> Vec<String> {
        use crate::techniques::test_positions::{classic9, from_grid, notations};
        notations(find, &from_grid(&classic9(), pos.0), tech)
    }

    #[test]
    fn als_notations() {
        assert_eq!(
            notations(als_xz::<2>, ALSE, code::ALS)[0],
            "ALS-XZ (almost locked sets): A=r1c4,r2c4,r2c6 {1489}, B=r7c5,r8c4 {149}, X=1, Z=4 => r1c5<>4"
        );
        assert_eq!(
            notations(als_xy_wing::<2>, AXYE, code::AXY)[0],
            "ALS-XY-Wing: A=r5c2,r5c6 {289}, B=r2c8,r7c8 {248}, C=r2c2,r2c5 {289}, X,Y=8,9, Z=2 => r5c8<>2"
        );
    }
}
