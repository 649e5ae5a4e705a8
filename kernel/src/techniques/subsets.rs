//! Subsets: naked and hidden pairs, triples and quads.
//!
//! Naked: k open cells of a house whose candidates together are k digits; those digits leave the
//! house's other cells. Hidden: k digits whose open spots in a house are together k cells; those
//! cells lose every other digit.

use super::memo::Searcher;
use super::{
    Candidate, MAX_MOVES_PER_TECHNIQUE, Move, Pattern, SearchContext, State, Tech, code, new_singles,
    structural_cost,
};
use crate::board::Geometry;

/// Calls `f` with every k-element subset of `items` (as indices into it), in lexicographic order.
/// Stops early when `f` returns false.
pub(crate) fn for_each_combination(n: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> bool) {
    if k == 0 || k > n {
        return;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        if !f(&idx) {
            return;
        }
        // Advance to the next combination.
        let mut i = k;
        while i > 0 && idx[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return;
        }
        idx[i - 1] += 1;
        for j in i..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

fn naked_code(k: usize) -> Tech {
    match k {
        2 => code::NPR,
        3 => code::NTR,
        _ => code::NQD,
    }
}

fn hidden_code(k: usize) -> Tech {
    match k {
        2 => code::HPR,
        3 => code::HTR,
        _ => code::HQD,
    }
}

/// A subset's cost: by its size, then a box before a row or column (a box is read at a glance,
/// as the reference prices it); equal subsets are taken in the order found (houses in order).
fn subset_cost<const W: usize>(geo: &Geometry<W>, h: usize, digits: u32) -> u32 {
    let line = u32::from(!geo.boxes.contains(&h));
    structural_cost(geo, digits, 1, std::iter::empty(), 0) + line * 50_000
}

/// Naked subsets of size `k` in every complete house.
fn naked<const W: usize>(geo: &Geometry<W>, st: &State<W>, k: usize, limit: usize, out: &mut Vec<Move>) {
    let open = st.open_cells(geo);
    let mut found = 0;
    for &h in &geo.complete_houses {
        let cells: Vec<usize> = geo.houses[h].and(&open).iter().collect();
        let masks: Vec<u32> = cells.iter().map(|&c| st.cell_mask(geo, c)).collect();
        // A subset needs at least one more open cell to clear anything.
        if cells.len() <= k {
            continue;
        }
        // Only cells of 2 to k candidates can be in the subset: the choices are made among them
        // (in the same order, so the same subsets are found in the same order).
        let pool: Vec<usize> =
            (0..cells.len()).filter(|&i| (2..=k).contains(&(masks[i].count_ones() as usize))).collect();
        let mut pick = Vec::with_capacity(k);
        for_each_combination(pool.len(), k, &mut |in_pool| {
            pick.clear();
            pick.extend(in_pool.iter().map(|&p| pool[p]));
            let union = pick.iter().fold(0u32, |acc, &i| acc | masks[i]);
            if union.count_ones() as usize != k {
                return true;
            }
            let mut eliminations = Vec::new();
            for (i, &c) in cells.iter().enumerate() {
                if pick.contains(&i) {
                    continue;
                }
                let hit = masks[i] & union;
                for d in (0..geo.digits).filter(|d| hit >> d & 1 == 1) {
                    eliminations.push(Candidate { cell: c, digit: d as u8 + 1 });
                }
            }
            if !eliminations.is_empty() {
                eliminations.sort();
                out.push(Move {
                    rules: Vec::new(),
                    tech: naked_code(k),
                    placements: Vec::new(),
                    eliminations,
                    houses: vec![h],
                    digits: union,
                    cost: subset_cost(geo, h, union),
                    pattern: Pattern::Unbuilt,
                });
                found += 1;
            }
            found < limit
        });
        if found >= limit {
            return;
        }
    }
}

/// Hidden subsets of size `k` in every complete house.
fn hidden<const W: usize>(geo: &Geometry<W>, st: &State<W>, k: usize, limit: usize, out: &mut Vec<Move>) {
    let open = st.open_cells(geo);
    let mut found = 0;
    for &h in &geo.complete_houses {
        let house = geo.houses[h].and(&open);
        // Digits still open in this house, with their spots.
        let digits: Vec<(usize, crate::bits::CellSet<W>)> = (0..geo.digits)
            .map(|d| (d, st.planes[d].and(&house)))
            .filter(|(_, spots)| !spots.is_empty())
            .collect();
        if digits.len() <= k {
            continue;
        }
        // Only digits of 2 to k places can be in the subset: the choices are made among them (in
        // the same order, so the same subsets are found in the same order).
        let pool: Vec<usize> =
            (0..digits.len()).filter(|&i| (2..=k).contains(&(digits[i].1.len() as usize))).collect();
        let mut pick = Vec::with_capacity(k);
        for_each_combination(pool.len(), k, &mut |in_pool| {
            pick.clear();
            pick.extend(in_pool.iter().map(|&p| pool[p]));
            let mut cells = crate::bits::CellSet::<W>::EMPTY;
            for &i in &pick {
                cells |= digits[i].1;
            }
            if cells.len() as usize != k {
                return true;
            }
            let subset: u32 = pick.iter().fold(0, |acc, &i| acc | 1 << digits[i].0);
            let mut eliminations = Vec::new();
            for c in cells.iter() {
                let extra = st.cell_mask(geo, c) & !subset;
                for d in (0..geo.digits).filter(|d| extra >> d & 1 == 1) {
                    eliminations.push(Candidate { cell: c, digit: d as u8 + 1 });
                }
            }
            if !eliminations.is_empty() {
                eliminations.sort();
                out.push(Move {
                    rules: Vec::new(),
                    tech: hidden_code(k),
                    placements: Vec::new(),
                    eliminations,
                    houses: vec![h],
                    digits: subset,
                    cost: subset_cost(geo, h, subset),
                    pattern: Pattern::Unbuilt,
                });
                found += 1;
            }
            found < limit
        });
        if found >= limit {
            return;
        }
    }
}

/// The most moves a subset search collects before the route keeps the cheapest eight.
const COLLECT: usize = 4 * MAX_MOVES_PER_TECHNIQUE;

/// Pair / triple in the head (MSI): on the placed-digit view, a naked or hidden pair or triple
/// whose exclusions leave a single; the move is that placement.
pub fn subset_in_head<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    cx.per_placements(Searcher::HeadSubset, &st.values, out, |out| subset_in_head_search(geo, st, out));
}

/// `subset_in_head` without the memo: reads nothing of `st` but its placed digits.
fn subset_in_head_search<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let view = st.placed_view(geo);
    let open = st.open_cells(geo);
    let mut subsets = Vec::new();
    for k in 2..=3 {
        naked(geo, &view, k, usize::MAX, &mut subsets);
        hidden(geo, &view, k, usize::MAX, &mut subsets);
    }
    subsets.sort_by_key(|m| m.cost);
    for subset in subsets {
        let mut after = view.clone();
        after.apply(geo, &subset);
        for (cell, d, house) in new_singles(geo, &view, &after) {
            if !open.contains(cell)
                || out.iter().any(|m: &Move| m.tech == code::MSI && m.placements[0].cell == cell)
            {
                continue;
            }
            let mut houses = subset.houses.clone();
            houses.extend(house);
            out.push(Move {
                rules: Vec::new(),
                tech: code::MSI,
                placements: vec![Candidate { cell, digit: d as u8 + 1 }],
                eliminations: Vec::new(),
                houses,
                digits: subset.digits | 1 << d,
                cost: subset.cost,
                pattern: Pattern::Unbuilt,
            });
        }
    }
}

pub fn naked_pair<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    naked(geo, st, 2, COLLECT, out)
}
pub fn hidden_pair<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    hidden(geo, st, 2, COLLECT, out)
}
pub fn naked_triple<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    naked(geo, st, 3, COLLECT, out)
}
pub fn hidden_triple<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    hidden(geo, st, 3, COLLECT, out)
}
pub fn naked_quad<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    naked(geo, st, 4, COLLECT, out)
}
pub fn hidden_quad<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    hidden(geo, st, 4, COLLECT, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_order() {
        let mut seen = Vec::new();
        for_each_combination(4, 2, &mut |c| {
            seen.push(c.to_vec());
            true
        });
        assert_eq!(seen, vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]);
        let mut n = 0;
        for_each_combination(9, 4, &mut |_| {
            n += 1;
            true
        });
        assert_eq!(n, 126);
    }
}
