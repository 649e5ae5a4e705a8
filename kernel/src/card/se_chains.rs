//! Sudoku Explainer's chains, searched and rated the way SE rates them, for the card's `se` field
//! on classic 9x9. SE's harder puzzles (6.5 and above) are rated by these: single forcing chains
//! and bidirectional cycles (6.5-7.0), Nishio chains (7.5), cell and region forcing chains (8.0)
//! and dynamic forcing chains (8.5), each plus a length term on its complexity, the number of
//! distinct implications behind its result. Our own chain and forcing techniques prove the same
//! eliminations but are not SE's rules (grouped nodes, almost locked sets) and do not count
//! implications as SE does, so SE's value could not be read from them.
//!
//! An implication is a candidate switched on or off. "On" switches off the cell's other candidates
//! (not in Nishio mode) and the digit in the cell's box, row and column; "off" switches on the
//! last candidate of a cell (not in Nishio mode) or the last place of the digit in a house. The
//! static mode reads those "last" conditions on the grid as it is (bivalue cells, conjugate
//! pairs); the dynamic modes on the grid as the chain has left it so far, and such an
//! implication has every earlier elimination in its cell or house as a parent too.

use super::se::{length_extra, tenths};
use crate::budget::Budget;
use crate::techniques::Candidate;

/// Candidates per cell (bit d for digit d+1); 0 on placed cells.
pub type Grid = [u16; 81];

/// SE's chain rules below its nested levels, in the order SE tries them: the first that finds
/// anything gives the step. `Single` is its rule of single chains and cycles ([`single_chain`]),
/// the others the searches of [`find`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Single,
    Nishio,
    Multiple,
    Dynamic,
}

impl Mode {
    fn base(self) -> f64 {
        match self {
            Mode::Single => 6.5,
            Mode::Nishio => 7.5,
            Mode::Multiple => 8.0,
            Mode::Dynamic => 8.5,
        }
    }
    fn dynamic(self) -> bool {
        matches!(self, Mode::Nishio | Mode::Dynamic)
    }
    /// Whether "on" clears the cell and "off" may leave a cell's last candidate (not in Nishio).
    fn cell_links(self) -> bool {
        self != Mode::Nishio
    }
}

/// A forcing chain's result and SE's value for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub mode: Mode,
    pub value: f64,
    /// The candidate proved true, or those proved false.
    pub placement: Option<Candidate>,
    pub eliminations: Vec<Candidate>,
}

const fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The cells of house `h`: rows 0-8, columns 9-17, boxes 18-26.
fn house_cells(h: usize) -> [usize; 9] {
    std::array::from_fn(|i| match h {
        0..9 => h * 9 + i,
        9..18 => i * 9 + (h - 9),
        _ => {
            let b = h - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    })
}

/// The houses of a cell in SE's order: box, row, column.
pub(super) fn houses_of(cell: usize) -> [usize; 3] {
    [18 + box_of(cell), cell / 9, 9 + cell % 9]
}

/// Whether two different cells share a house.
pub(super) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || box_of(a) == box_of(b))
}

/// The 20 cells sharing a house with `cell`, in increasing order.
pub(super) fn peers(cell: usize) -> Vec<usize> {
    (0..81).filter(|&c| sees(cell, c)).collect()
}

/// A position's candidates as SE's rules read them.
pub fn grid<const W: usize>(geo: &crate::board::Geometry<W>, st: &crate::techniques::State<W>) -> Grid {
    std::array::from_fn(|cell| if st.placed.contains(cell) { 0 } else { st.cell_mask(geo, cell) as u16 })
}

/// An implication: candidate `cell * 9 + digit` on or off.
const fn key(cand: usize, on: bool) -> usize {
    cand * 2 + on as usize
}

/// The implications of one assumption, each with its parents, in the order found.
struct Implications {
    keys: Vec<u16>,
    parent_ranges: Vec<(u32, u32)>,
    parents: Vec<u32>,
    /// Key -> index + 1 in `keys`; 0 when not implied.
    index: Vec<u32>,
    /// Two implications of one candidate, on and off (their indices; the second may be the
    /// contradicting implication, not kept in `keys`).
    contradiction: Option<(u32, u32)>,
}

impl Implications {
    fn get(&self, k: usize) -> Option<u32> {
        self.index[k].checked_sub(1)
    }

    fn push(&mut self, k: usize, parents: &[u32]) -> u32 {
        let at = self.keys.len() as u32;
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.keys.push(k as u16);
        self.parent_ranges.push((start, self.parents.len() as u32));
        at
    }

    /// SE's ancestor count: distinct implications reached through parents, this one included.
    fn ancestors(&self, at: u32, seen: &mut Vec<bool>) -> usize {
        seen.clear();
        seen.resize(self.keys.len(), false);
        let mut todo = vec![at];
        let mut n = 0;
        while let Some(i) = todo.pop() {
            if std::mem::replace(&mut seen[i as usize], true) {
                continue;
            }
            n += 1;
            let (s, e) = self.parent_ranges[i as usize];
            todo.extend_from_slice(&self.parents[s as usize..e as usize]);
        }
        n
    }

    fn on_keys(&self) -> impl Iterator<Item = usize> + '_ {
        self.keys.iter().map(|&k| k as usize).filter(|k| k % 2 == 1)
    }

    fn off_keys(&self) -> impl Iterator<Item = usize> + '_ {
        self.keys.iter().map(|&k| k as usize).filter(|k| k % 2 == 0)
    }
}

/// All implications of `start` (a key) on `grid` in `mode`, stopping at the first contradiction.
fn implications(grid: &Grid, mode: Mode, start: usize) -> Implications {
    let mut imp = Implications {
        keys: Vec::with_capacity(256),
        parent_ranges: Vec::with_capacity(256),
        parents: Vec::with_capacity(512),
        index: vec![0; 81 * 9 * 2],
        contradiction: None,
    };
    let mut cur = *grid;
    let first = imp.push(start, &[]);
    imp.index[start] = first + 1;
    let (mut on_queue, mut off_queue) =
        (std::collections::VecDeque::new(), std::collections::VecDeque::new());
    if start % 2 == 1 {
        on_queue.push_back(first)
    } else {
        off_queue.push_back(first)
    }
    let mut derived: Vec<(usize, Vec<u32>)> = Vec::new();
    loop {
        derived.clear();
        let (from, on) = if let Some(p) = on_queue.pop_front() {
            (p, true)
        } else if let Some(p) = off_queue.pop_front() {
            (p, false)
        } else {
            return imp;
        };
        let cand = imp.keys[from as usize] as usize / 2;
        let (cell, digit) = (cand / 9, cand % 9);
        if on {
            if mode.cell_links() {
                for d in (0..9).filter(|&d| d != digit && cur[cell] >> d & 1 == 1) {
                    derived.push((key(cell * 9 + d, false), vec![from]));
                }
            }
            let mut done = 0u128;
            for h in houses_of(cell) {
                for c in house_cells(h) {
                    if c != cell && cur[c] >> digit & 1 == 1 && done >> c & 1 == 0 {
                        done |= 1 << c;
                        derived.push((key(c * 9 + digit, false), vec![from]));
                    }
                }
            }
        } else {
            let removed_parent = |imp: &Implications, c: usize, d: usize| {
                imp.get(key(c * 9 + d, false)).expect("a candidate the chain removed is implied off")
            };
            if mode.cell_links() && cur[cell].count_ones() == 2 {
                let other = (cur[cell] & !(1 << digit)).trailing_zeros() as usize;
                let mut parents = vec![from];
                let gone = grid[cell] & !cur[cell];
                parents.extend((0..9).filter(|d| gone >> d & 1 == 1).map(|d| removed_parent(&imp, cell, d)));
                derived.push((key(cell * 9 + other, true), parents));
            }
            for h in houses_of(cell) {
                let cells = house_cells(h);
                let places: Vec<usize> =
                    cells.iter().copied().filter(|&c| cur[c] >> digit & 1 == 1).collect();
                if places.len() == 2 {
                    let other = if places[0] == cell { places[1] } else { places[0] };
                    let mut parents = vec![from];
                    parents.extend(
                        cells
                            .iter()
                            .filter(|&&c| grid[c] >> digit & 1 == 1 && cur[c] >> digit & 1 == 0)
                            .map(|&c| removed_parent(&imp, c, digit)),
                    );
                    derived.push((key(other * 9 + digit, true), parents));
                }
            }
            if mode.dynamic() {
                cur[cell] &= !(1 << digit);
            }
        }
        for (k, parents) in derived.drain(..) {
            let conjugate = k ^ 1;
            if let Some(existing) = imp.get(conjugate) {
                let new = imp.keys.len() as u32;
                let start = imp.parents.len() as u32;
                imp.parents.extend_from_slice(&parents);
                imp.keys.push(k as u16);
                imp.parent_ranges.push((start, imp.parents.len() as u32));
                imp.contradiction = Some((existing, new));
                return imp;
            }
            if imp.get(k).is_none() {
                let at = imp.push(k, &parents);
                imp.index[k] = at + 1;
                if k % 2 == 1 { on_queue.push_back(at) } else { off_queue.push_back(at) }
            }
        }
    }
}

/// The links a single chain may use: "on" clears the cell (`cell`) and the digit's peers; "off"
/// leaves the other candidate of a bivalue cell (`cell`) and the other place of a conjugate pair
/// (`house`).
#[derive(Clone, Copy)]
struct Links {
    cell: bool,
    house: bool,
}

/// SE's rule of single chains (below Nishio), static implications read a layer at a time (every
/// "on" of a layer, then every "off"): forcing chains, from one assumption to its own opposite,
/// which proves the opposite (X-chains of one digit 6.6, with cell links too 7.0), and
/// bidirectional cycles, which remove what sees both an "on" and an "off" of one digit on the
/// loop (of one digit or of bivalue cells only 6.5, of both 7.0); each plus the length term on
/// its nodes. The cheapest of all of them.
pub fn single_chain(grid: &Grid, budget: &Budget) -> Option<Found> {
    let x = Links { cell: false, house: true };
    let y = Links { cell: true, house: false };
    let xy = Links { cell: true, house: true };
    let mut best: Option<(f64, usize, u8, usize, Vec<Candidate>)> = None;
    let mut offer = |base: f64, nodes: usize, sort_key: u8, start: usize, elims: Vec<Candidate>| {
        let value = tenths(base + length_extra(nodes));
        if best.as_ref().is_none_or(|(v, n, s, _, _)| (value, nodes, sort_key) < (*v, *n, *s)) {
            best = Some((value, nodes, sort_key, start, elims));
        }
    };
    for (links, cycle_base, sort_key) in [(x, 6.5, 2), (y, 6.5, 3), (xy, 7.0, 4)] {
        for cell in 0..81 {
            let count = grid[cell].count_ones();
            if count < 2 || (!links.house && count > 2) {
                continue;
            }
            if budget.passed() {
                return None;
            }
            for d in (0..9).filter(|d| grid[cell] >> d & 1 == 1) {
                let start = key(cell * 9 + d, true);
                if let Some((nodes, elims)) = cycle(grid, links, start) {
                    offer(cycle_base, nodes, sort_key, start, elims);
                }
                if links.house {
                    let forcing_base = if links.cell { 7.0 } else { 6.6 };
                    for from in [start, start ^ 1] {
                        if let Some(nodes) = chain_to_opposite(grid, links, from) {
                            let c = Candidate { cell, digit: d as u8 + 1 };
                            offer(
                                forcing_base,
                                nodes,
                                sort_key,
                                from ^ 1,
                                if from == start { vec![c] } else { Vec::new() },
                            );
                        }
                    }
                }
            }
        }
    }
    let (value, _, _, result, eliminations) = best?;
    // A forcing chain to "on" places its candidate; the others remove what they list.
    let placement = (eliminations.is_empty() && result % 2 == 1)
        .then(|| Candidate { cell: result / 2 / 9, digit: (result / 2 % 9 + 1) as u8 });
    Some(Found { mode: Mode::Single, value, placement, eliminations })
}

/// Implications as a tree: each node its key and its parent (None at the assumption).
struct Tree {
    nodes: Vec<(usize, Option<u32>)>,
}

impl Tree {
    fn path(&self, at: u32) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(at), |&i| self.nodes[i as usize].1).map(|i| self.nodes[i as usize].0)
    }
}

/// The nodes of the first chain from `start` to its opposite, or None.
fn chain_to_opposite(grid: &Grid, links: Links, start: usize) -> Option<usize> {
    let mut seen = vec![false; 81 * 9 * 2];
    seen[start] = true;
    let mut tree = Tree { nodes: vec![(start, None)] };
    let mut layer = vec![0u32];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for &at in &layer {
            for derived in static_implications(grid, links, tree.nodes[at as usize].0) {
                if derived == start ^ 1 {
                    return Some(tree.path(at).count() + 1);
                }
                if !std::mem::replace(&mut seen[derived], true) {
                    tree.nodes.push((derived, Some(at)));
                    next.push(tree.nodes.len() as u32 - 1);
                }
            }
        }
        layer = next;
    }
    None
}

/// The first bidirectional cycle through `start` (an "on"), as SE finds it: its nodes and what it
/// removes (None when it removes nothing). "Off" implications are followed again from each new
/// parent unless they repeat one of its ancestors; "on" ones once.
fn cycle(grid: &Grid, links: Links, start: usize) -> Option<(usize, Vec<Candidate>)> {
    let mut on_seen = vec![false; 81 * 9 * 2];
    on_seen[start] = true;
    let mut tree = Tree { nodes: vec![(start, None)] };
    let mut layer = vec![0u32];
    let mut length = 0;
    while !layer.is_empty() {
        length += 1;
        let mut offs = Vec::new();
        for &at in &layer {
            for derived in static_implications(grid, links, tree.nodes[at as usize].0) {
                if tree.path(at).all(|k| k != derived) {
                    tree.nodes.push((derived, Some(at)));
                    offs.push(tree.nodes.len() as u32 - 1);
                }
            }
        }
        length += 1;
        let mut ons = Vec::new();
        for &at in &offs {
            for derived in static_implications(grid, links, tree.nodes[at as usize].0) {
                if length >= 4 && derived == start {
                    let loop_keys: Vec<usize> = std::iter::once(start).chain(tree.path(at)).collect();
                    if let Some(elims) = cycle_eliminations(grid, &loop_keys[..loop_keys.len() - 1]) {
                        return Some((loop_keys.len() - 1, elims));
                    }
                }
                if !std::mem::replace(&mut on_seen[derived], true) {
                    tree.nodes.push((derived, Some(at)));
                    ons.push(tree.nodes.len() as u32 - 1);
                }
            }
        }
        layer = ons;
    }
    None
}

/// What a loop removes: candidates off the loop's cells that see an "on" and an "off" node of
/// their digit.
fn cycle_eliminations(grid: &Grid, loop_keys: &[usize]) -> Option<Vec<Candidate>> {
    let cells: Vec<usize> = loop_keys.iter().map(|k| k / 2 / 9).collect();
    let (mut seen_on, mut seen_off) = ([0u16; 81], [0u16; 81]);
    for &k in loop_keys {
        let (cell, digit) = (k / 2 / 9, k / 2 % 9);
        for c in peers(cell) {
            if !cells.contains(&c) && grid[c] >> digit & 1 == 1 {
                if k % 2 == 1 { seen_on[c] |= 1 << digit } else { seen_off[c] |= 1 << digit }
            }
        }
    }
    let elims: Vec<Candidate> = (0..81)
        .flat_map(|c| {
            let both = seen_on[c] & seen_off[c];
            (0..9).filter(move |d| both >> d & 1 == 1).map(move |d| Candidate { cell: c, digit: d as u8 + 1 })
        })
        .collect();
    (!elims.is_empty()).then_some(elims)
}

/// What one implication gives on the grid as it is, by `links`.
fn static_implications(grid: &Grid, links: Links, k: usize) -> Vec<usize> {
    let (cell, digit) = (k / 2 / 9, k / 2 % 9);
    let mut out = Vec::new();
    if k % 2 == 1 {
        if links.cell {
            out.extend(
                (0..9).filter(|&d| d != digit && grid[cell] >> d & 1 == 1).map(|d| key(cell * 9 + d, false)),
            );
        }
        let mut done = 0u128;
        for h in houses_of(cell) {
            for c in house_cells(h) {
                if c != cell && grid[c] >> digit & 1 == 1 && done >> c & 1 == 0 {
                    done |= 1 << c;
                    out.push(key(c * 9 + digit, false));
                }
            }
        }
    } else {
        if links.cell && grid[cell].count_ones() == 2 {
            out.push(key(cell * 9 + (grid[cell] & !(1 << digit)).trailing_zeros() as usize, true));
        }
        if links.house {
            for h in houses_of(cell) {
                let places: Vec<usize> =
                    house_cells(h).into_iter().filter(|&c| grid[c] >> digit & 1 == 1).collect();
                if places.len() == 2 {
                    let other = if places[0] == cell { places[1] } else { places[0] };
                    out.push(key(other * 9 + digit, true));
                }
            }
        }
    }
    out
}

/// A result worth a step: an "on" candidate whose cell has other candidates, or an "off"
/// candidate still on the grid.
fn worth(grid: &Grid, k: usize) -> bool {
    let (cell, digit) = (k / 2 / 9, k / 2 % 9);
    if k % 2 == 1 { grid[cell] & !(1 << digit) != 0 } else { grid[cell] >> digit & 1 == 1 }
}

struct Best {
    mode: Mode,
    found: Option<(f64, usize, u8, usize)>,
}

impl Best {
    /// Keeps the hint if it is below the best so far by (value, complexity, SE's sort key).
    fn offer(&mut self, complexity: usize, sort_key: u8, result: usize) {
        let value = tenths(self.mode.base() + length_extra(complexity));
        if self.found.is_none_or(|(v, c, s, _)| (value, complexity, sort_key) < (v, c, s)) {
            self.found = Some((value, complexity, sort_key, result));
        }
    }
}

/// SE's sort keys among hints of one value and complexity.
const DOUBLE: u8 = 1;
const CELL: u8 = 5;
const REGION: u8 = 6;
const CONTRADICTION: u8 = 7;

/// The best hint of `mode` on `grid` (lowest value, then complexity), or None when the mode
/// finds nothing or the budget passes.
pub fn find(grid: &Grid, mode: Mode, budget: &Budget) -> Option<Found> {
    if mode == Mode::Single {
        return single_chain(grid, budget);
    }
    let mut best = Best { mode, found: None };
    let mut on_cache: Vec<Option<Implications>> = (0..729).map(|_| None).collect();
    let mut seen = Vec::new();
    let multiple = mode != Mode::Nishio;
    for cell in 0..81 {
        let count = grid[cell].count_ones();
        if !(count > 2 || (count > 1 && mode.dynamic())) {
            continue;
        }
        if budget.passed() {
            return None;
        }
        let digits: Vec<usize> = (0..9).filter(|d| grid[cell] >> d & 1 == 1).collect();
        for &d in &digits {
            let cand = cell * 9 + d;
            if on_cache[cand].is_none() {
                on_cache[cand] = Some(implications(grid, mode, key(cand, true)));
            }
            let on = on_cache[cand].as_ref().expect("filled above");
            let off = implications(grid, mode, key(cand, false));
            if mode.dynamic() {
                for (imp, result) in [(on, key(cand, false)), (&off, key(cand, true))] {
                    if let Some((a, b)) = imp.contradiction
                        && worth(grid, result)
                    {
                        let c = imp.ancestors(a, &mut seen) + imp.ancestors(b, &mut seen);
                        best.offer(c, CONTRADICTION, result);
                    }
                }
            }
            if count >= 3 && mode == Mode::Dynamic {
                for k in on.on_keys().chain(on.off_keys()) {
                    if let (Some(a), Some(b)) = (on.get(k), off.get(k))
                        && worth(grid, k)
                    {
                        let c = on.ancestors(a, &mut seen) + off.ancestors(b, &mut seen);
                        best.offer(c, DOUBLE, k);
                    }
                }
            }
            if mode != Mode::Nishio {
                region_chains(grid, mode, cell, d, &mut on_cache, &mut best, &mut seen);
            }
        }
        if mode != Mode::Nishio && (count == 2 || multiple) {
            let sets: Vec<&Implications> =
                digits.iter().map(|&d| on_cache[cell * 9 + d].as_ref().unwrap()).collect();
            offer_common(grid, &sets, CELL, &mut best, &mut seen);
        }
    }
    let (value, _, _, k) = best.found?;
    let c = Candidate { cell: k / 2 / 9, digit: (k / 2 % 9 + 1) as u8 };
    let (placement, eliminations) = if k % 2 == 1 { (Some(c), Vec::new()) } else { (None, vec![c]) };
    Some(Found { mode, value, placement, eliminations })
}

/// Offers what every branch of a cell or region forcing chain implies (`sets`: each branch's
/// implications), its complexity the sum of the branches' ancestor counts.
fn offer_common(grid: &Grid, sets: &[&Implications], sort_key: u8, best: &mut Best, seen: &mut Vec<bool>) {
    let first = sets[0];
    for k in first.on_keys().chain(first.off_keys()) {
        if !worth(grid, k) {
            continue;
        }
        let total: Option<usize> = sets.iter().map(|imp| imp.get(k).map(|at| imp.ancestors(at, seen))).sum();
        if let Some(total) = total {
            best.offer(total, sort_key, k);
        }
    }
}

/// Region forcing chains through the houses of `cell` where `cell` is the digit's first place:
/// what every place of the digit in the house implies.
fn region_chains(
    grid: &Grid,
    mode: Mode,
    cell: usize,
    digit: usize,
    on_cache: &mut [Option<Implications>],
    best: &mut Best,
    seen: &mut Vec<bool>,
) {
    for h in houses_of(cell) {
        let places: Vec<usize> = house_cells(h).into_iter().filter(|&c| grid[c] >> digit & 1 == 1).collect();
        if places.len() < 2 || places[0] != cell {
            continue;
        }
        for &c in &places {
            let cand = c * 9 + digit;
            if on_cache[cand].is_none() {
                on_cache[cand] = Some(implications(grid, mode, key(cand, true)));
            }
        }
        let sets: Vec<&Implications> =
            places.iter().map(|&c| on_cache[c * 9 + digit].as_ref().unwrap()).collect();
        offer_common(grid, &sets, REGION, best, seen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid_of(puzzle: &str) -> Grid {
        let givens: Vec<u8> = puzzle.bytes().map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 }).collect();
        let mut grid = [0x1ffu16; 81];
        for (cell, &v) in givens.iter().enumerate() {
            if v > 0 {
                grid[cell] = 0;
                for h in houses_of(cell) {
                    for c in house_cells(h) {
                        grid[c] &= !(1 << (v - 1));
                    }
                }
            }
        }
        for (cell, &v) in givens.iter().enumerate() {
            if v > 0 {
                grid[cell] = 0;
            }
        }
        grid
    }

    #[test]
    fn houses_hold_their_cells() {
        assert_eq!(house_cells(0), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(house_cells(9 + 2), [2, 11, 20, 29, 38, 47, 56, 65, 74]);
        assert_eq!(house_cells(18 + 4), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(houses_of(40), [22, 4, 13]);
    }

    #[test]
    fn an_assumption_that_breaks_the_grid_ends_in_a_contradiction() {
        // A bivalue cell r1c1 {1,2} beside a bivalue r1c2 {1,2} and r1c3 {1,2}: assuming 1 in r1c1
        // leaves r1c2 and r1c3 both 2.
        let mut grid = [0x1ffu16; 81];
        grid[0] = 0b11;
        grid[1] = 0b11;
        grid[2] = 0b11;
        let imp = implications(&grid, Mode::Dynamic, key(0, true));
        let (a, b) = imp.contradiction.expect("a contradiction");
        assert_eq!(imp.keys[a as usize] as usize ^ 1, imp.keys[b as usize] as usize);
    }

    #[test]
    fn forcing_chains_prove_only_what_the_solution_holds() {
        // Puzzles of SE's bank (SE 7.5, 8.3 and 8.5, classic-se-rated.tsv); each result must agree
        // with the solution.
        for puzzle in [
            ".9.85..1.......5..5..1.72..9.....7....24.96....6.....4..96.1..3..1.......8..23.4.",
            ".2..9..8....47...54.....7....3.486..84.....57..271.8....5.....69...64....7..5..2.",
            "37......4..5.....9..23.157...71.42......6......68.74...645.89..7.....1..1......45",
        ] {
            let givens: Vec<u8> =
                puzzle.bytes().map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 }).collect();
            let board = crate::board::Board::classic(9, 3, 3).unwrap();
            let solution = crate::solve::Solver::new(&board).unwrap().count(&givens, 2).solution.unwrap();
            let grid = grid_of(puzzle);
            for mode in [Mode::Single, Mode::Nishio, Mode::Multiple, Mode::Dynamic] {
                let Some(found) = find(&grid, mode, &Budget::until(None)) else { continue };
                if let Some(p) = found.placement {
                    assert_eq!(solution[p.cell], p.digit, "{mode:?} {puzzle}");
                }
                for e in &found.eliminations {
                    assert_ne!(solution[e.cell], e.digit, "{mode:?} {puzzle}");
                }
                assert!(found.value >= mode.base(), "{found:?}");
            }
        }
    }
}
