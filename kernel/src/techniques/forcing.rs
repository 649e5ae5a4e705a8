//! Forcing and trial (Extreme): the cases of `cases.rs` followed without a bound on their length,
//! with stronger logic inside them, nested, or over a whole digit; and, where nothing else
//! applies, an elimination proved by full search.
//!
//! - FCH Forcing Chains: a candidate whose assumption breaks under singles and locks (any number of rounds),
//!   or one that every option of a cell or every place of a digit in a house removes.
//! - FNT Forcing Nets: the same with locks and naked / hidden pairs inside the cases.
//! - NFC Nested Forcing Chains: a candidate whose assumption breaks when, inside the case, forcing
//!   chains (refutations under singles) are used as well.
//! - NIS Nishio: one digit alone: placing it in a cell leaves a house without a place for it.
//! - POM Pattern Overlay: a candidate of a digit that no placement pattern of the digit (one per
//!   row, column and box, on its candidates) covers.
//! - TRL Trial and error: a candidate with which the exact search finds no solution.
//!
//! Every search here checks the route's deadline (the context's budget) between cases.

use super::cases::{Logic, Outcome, assume, case_search, mask_of, node_of, propagate};
use super::{Candidate, Move, Pattern, SearchContext, State, code};
use crate::bits::CellSet;
use crate::board::Geometry;
use crate::budget::Budget;
use crate::solve::Node;

/// Rounds a forcing case may take: enough to fill any board.
const UNBOUNDED: u32 = 10_000;

/// FCH Forcing Chains: refutations under singles and locks, and cell and house forcing (every option).
pub fn forcing_chains<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    case_search(cx, st, Logic::Locked, UNBOUNDED, geo.digits as u32, code::FCH, out);
}

/// FNT Forcing Nets: refutations and cell / house forcing with locks and pairs in the cases.
pub fn forcing_nets<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    case_search(cx, st, Logic::Pairs, UNBOUNDED, geo.digits as u32, code::FNT, out);
}

/// Inside a case: forcing chains (refutations under singles) of the case's bivalue cells and
/// bilocal digits, applied until the case breaks or stands still. Returns the rounds of nested
/// refutations used, or None when the case holds.
fn nested_breaks<const W: usize>(cx: &SearchContext<W>, node: &mut Node<W>) -> Option<u32> {
    let geo = cx.geo;
    let mut rounds = 0;
    loop {
        if cx.budget.passed() {
            return None;
        }
        rounds += 1;
        let open = geo.all.and_not(&node.placed);
        let mut gone: Vec<(usize, usize)> = Vec::new();
        for cell in open.iter() {
            let m = mask_of(geo, &node.planes, cell);
            if m.count_ones() > 2 {
                continue;
            }
            for d in (0..geo.digits).filter(|&d| m & (1 << d) != 0) {
                let (_, o) = assume(geo, node, cell, d, Logic::Singles, UNBOUNDED);
                if o.is_contradiction() {
                    gone.push((cell, d));
                }
            }
        }
        if gone.is_empty() {
            return None;
        }
        for (cell, d) in gone {
            node.planes[d].remove(cell);
        }
        if propagate(geo, node, Logic::Pairs, UNBOUNDED).is_contradiction() {
            return Some(rounds);
        }
    }
}

/// NFC Nested Forcing Chains: a candidate (of a cell with at most three candidates) whose case,
/// followed with locks, pairs and forcing chains inside it, breaks.
pub fn nested_forcing<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let base = node_of(st);
    for cell in st.open_cells(geo).iter() {
        let m = mask_of(geo, &st.planes, cell);
        if m.count_ones() > 3 {
            continue;
        }
        for d in (0..geo.digits).filter(|&d| m & (1 << d) != 0) {
            if cx.budget.passed() {
                return;
            }
            let (mut node, o) = assume(geo, &base, cell, d, Logic::Pairs, UNBOUNDED);
            let nested = match o {
                Outcome::Contradiction(_) => Some(0),
                Outcome::Open(_) => nested_breaks(cx, &mut node),
            };
            if let Some(r) = nested {
                out.push(Move {
                    rules: Vec::new(),
                    tech: code::NFC,
                    placements: Vec::new(),
                    eliminations: vec![Candidate { cell, digit: d as u8 + 1 }],
                    houses: geo.cell_houses[cell].clone(),
                    digits: 1 << d,
                    cost: r * 1_000_000 + m.count_ones() * 10_000 + cell as u32,
                    pattern: Pattern::Unbuilt,
                });
                if out.len() >= super::MAX_MOVES_PER_TECHNIQUE {
                    return;
                }
            }
        }
    }
}

/// NIS Nishio: digit `d` placed in a cell, then only that digit followed (a house with one place
/// left takes it), leaves a complete house without a place for it.
pub fn nishio<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    for d in 0..geo.digits {
        if cx.budget.passed() {
            return;
        }
        let plane = st.planes[d];
        let fixed0 = plane.and(&st.placed);
        for cell in plane.and(&open).iter() {
            if let Some(rounds) = digit_breaks(geo, plane, fixed0, cell) {
                out.push(Move {
                    rules: Vec::new(),
                    tech: code::NIS,
                    placements: Vec::new(),
                    eliminations: vec![Candidate { cell, digit: d as u8 + 1 }],
                    houses: Vec::new(),
                    digits: 1 << d,
                    cost: rounds * 1_000 + cell as u32,
                    pattern: Pattern::Unbuilt,
                });
            }
        }
    }
}

/// One digit's plane with `cell` assumed: Some(rounds) when a complete house loses every place.
fn digit_breaks<const W: usize>(
    geo: &Geometry<W>,
    mut plane: CellSet<W>,
    mut fixed: CellSet<W>,
    cell: usize,
) -> Option<u32> {
    let mut todo = vec![cell];
    let mut rounds = 0;
    while !todo.is_empty() {
        rounds += 1;
        for c in todo.drain(..) {
            if !plane.contains(c) {
                return Some(rounds);
            }
            plane = plane.and_not(&geo.peers[c]);
            fixed.insert(c);
        }
        for &h in &geo.complete_houses {
            let spots = plane.and(&geo.houses[h]);
            if spots.is_empty() {
                return Some(rounds);
            }
            if spots.is_single() && !spots.intersects(&fixed) {
                let c = spots.first().expect("single");
                if !todo.contains(&c) {
                    todo.push(c);
                }
            }
        }
    }
    None
}

/// Most placement patterns counted for one digit before the overlay gives up on it.
const POM_MAX_PATTERNS: u64 = 200_000;

/// POM Pattern Overlay: for each digit, every placement pattern (one cell per row, no two sharing
/// a house, every complete house covered) on its candidates; candidates no pattern uses go.
pub fn pattern_overlay<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    // Patterns are built row by row: the rows must cover the board.
    let rows: Vec<CellSet<W>> = geo.rows.iter().map(|&r| geo.houses[r]).collect();
    if rows.is_empty() || rows.iter().fold(CellSet::EMPTY, |a, r| a.or(r)) != geo.all {
        return;
    }
    let open = st.open_cells(geo);
    for d in 0..geo.digits {
        if cx.budget.passed() {
            return;
        }
        let plane = st.planes[d];
        if plane.and(&open).is_empty() {
            continue;
        }
        let mut walk = Overlay {
            geo,
            budget: cx.budget,
            rows: &rows,
            plane,
            covered: CellSet::EMPTY,
            patterns: 0,
            gave_up: false,
        };
        walk.extend(0, CellSet::EMPTY, CellSet::EMPTY);
        if walk.gave_up || walk.patterns == 0 {
            continue;
        }
        let gone = plane.and(&open).and_not(&walk.covered);
        if gone.is_empty() {
            continue;
        }
        out.push(Move {
            rules: Vec::new(),
            tech: code::POM,
            placements: Vec::new(),
            eliminations: gone.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect(),
            houses: Vec::new(),
            digits: 1 << d,
            cost: (walk.patterns.min(1_000_000) as u32) * 10 + d as u32,
            pattern: Pattern::Unbuilt,
        });
    }
}

struct Overlay<'a, const W: usize> {
    geo: &'a Geometry<W>,
    budget: Budget,
    rows: &'a [CellSet<W>],
    plane: CellSet<W>,
    covered: CellSet<W>,
    patterns: u64,
    gave_up: bool,
}

impl<const W: usize> Overlay<'_, W> {
    fn extend(&mut self, row: usize, chosen: CellSet<W>, blocked: CellSet<W>) {
        if self.gave_up {
            return;
        }
        if row == self.rows.len() {
            let geo = self.geo;
            if geo.complete_houses.iter().all(|&h| chosen.intersects(&geo.houses[h])) {
                self.patterns += 1;
                self.covered |= chosen;
                if self.patterns >= POM_MAX_PATTERNS
                    || (self.patterns.is_multiple_of(4096) && self.budget.passed())
                {
                    self.gave_up = true;
                }
            }
            return;
        }
        let spots = self.plane.and(&self.rows[row]).and_not(&blocked);
        for cell in spots.iter() {
            let mut next = chosen;
            next.insert(cell);
            self.extend(row + 1, next, blocked.or(&self.geo.peers[cell]));
        }
    }
}

/// TRL Trial and error: the first candidate (cells with fewest candidates first, then board
/// order, then digit) with which the exact search finds no solution is eliminated.
pub fn trial<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let base = node_of(st);
    let mut cells: Vec<(u32, usize, u32)> = st
        .open_cells(geo)
        .iter()
        .map(|cell| {
            let m = mask_of(geo, &st.planes, cell);
            (m.count_ones(), cell, m)
        })
        .filter(|&(n, _, _)| n >= 2)
        .collect();
    cells.sort_unstable();
    // With rules, each assumption is tried by the rules' own search on the position's masks.
    let masks: Vec<u32> = match cx.rules {
        Some(_) => (0..geo.cells).map(|c| mask_of(geo, &st.planes, c)).collect(),
        None => Vec::new(),
    };
    for (n, cell, m) in cells {
        for d in (0..geo.digits).filter(|&d| m & (1 << d) != 0) {
            if cx.budget.passed() {
                return;
            }
            let mut node = base;
            let refuted = !node.place(geo, cell, d)
                || match cx.rules {
                    // The rules' own search: the houses alone may leave the assumption solutions.
                    Some(rt) => match rt.refutes(&masks, cell, d, cx.budget.deadline()) {
                        Some(refuted) => refuted,
                        None => return,
                    },
                    None => crate::solve::count_from(geo, &node, 1, None) == 0,
                };
            if refuted {
                out.push(Move {
                    // The refutation searched under every rule.
                    rules: cx.rules.map(|rt| rt.solver.document_indices()).unwrap_or_default(),
                    tech: code::TRL,
                    placements: Vec::new(),
                    eliminations: vec![Candidate { cell, digit: d as u8 + 1 }],
                    houses: geo.cell_houses[cell].clone(),
                    digits: 1 << d,
                    cost: n,
                    pattern: Pattern::Unbuilt,
                });
                return;
            }
        }
    }
}
