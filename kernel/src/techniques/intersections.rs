//! Intersections: pointing (a box's candidates for a digit all on one line) and claiming / box-line
//! reduction (a line's candidates all in one box). Both read a complete house `a` whose open spots
//! for a digit lie inside another house `b`, and clear the digit from the rest of `b`.
//!
//! PPR also covers the form people do in their head, without writing notes: a single (naked or
//! hidden) that exists only once such a lock is counted. That move is the placement; the lock's
//! eliminations are not written.

use super::memo::Searcher;
use super::{Candidate, MAX_MOVES_PER_TECHNIQUE, Move, Pattern, SearchContext, State, code, new_singles};
use crate::board::Geometry;

/// Cost offset of a written lock elimination over a lock-and-single placement.
const ELIMINATION_COST: u32 = 1 << 20;

/// The lock eliminations on offer: (a, b, digit index, cells cleared).
fn locks<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> Vec<Move> {
    let open = st.open_cells(geo);
    let mut out = Vec::new();
    for (rank, &(a, b)) in geo.intersections.iter().enumerate() {
        for d in 0..geo.digits {
            let spots = st.planes[d].and(&geo.houses[a]).and(&open);
            if spots.len() < 2 || !spots.is_subset(&geo.houses[b]) {
                continue;
            }
            let cleared = st.planes[d].and(&geo.houses[b]).and(&open).and_not(&geo.houses[a]);
            if cleared.is_empty() {
                continue;
            }
            out.push(Move {
                rules: Vec::new(),
                tech: code::PPR,
                placements: Vec::new(),
                eliminations: cleared.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect(),
                houses: vec![a, b],
                digits: 1 << d,
                cost: ELIMINATION_COST + rank as u32,
                pattern: Pattern::Unbuilt,
            });
        }
    }
    out
}

/// Pointing and claiming (PPR): singles that need locks counted ("in the head", on the
/// placed-digit view: notes are not read), then the lock eliminations themselves (on the notes).
pub fn pointing_claiming<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let mut placements: Vec<Move> = Vec::new();
    cx.per_placements(Searcher::HeadLock, &st.values, &mut placements, |out| {
        placements_through_locks(geo, st, out)
    });
    out.extend(placements.into_iter().chain(locks(geo, st)).take(MAX_MOVES_PER_TECHNIQUE));
}

/// The singles that need locks counted, cheapest first: reads nothing of `st` but its placed digits.
fn placements_through_locks<const W: usize>(geo: &Geometry<W>, st: &State<W>, placements: &mut Vec<Move>) {
    let view = st.placed_view(geo);
    let head_locks = locks(geo, &view);
    // A person counting locks sees all of them at once.
    let mut after = view.clone();
    for lock in &head_locks {
        after.apply(geo, lock);
    }
    for (cell, d, house) in new_singles(geo, &view, &after) {
        // Only a single the notes do not already show is done in the head.
        if !st.open_cells(geo).contains(cell) {
            continue;
        }
        // The locks that clear candidates this single depends on.
        let used: Vec<&Move> = head_locks
            .iter()
            .filter(|l| {
                l.eliminations.iter().any(|e| match house {
                    None => e.cell == cell,
                    Some(h) => e.digit as usize == d + 1 && geo.houses[h].contains(e.cell),
                })
            })
            .collect();
        let mut houses: Vec<usize> = used.iter().flat_map(|l| l.houses.iter().copied()).collect();
        houses.extend(house);
        placements.push(Move {
            rules: Vec::new(),
            tech: code::PPR,
            placements: vec![Candidate { cell, digit: d as u8 + 1 }],
            eliminations: Vec::new(),
            houses,
            digits: used.iter().fold(1 << d, |acc, l| acc | l.digits),
            // A placement made in the head comes before writing any lock down.
            cost: used.iter().map(|l| l.cost).max().unwrap_or(0).saturating_sub(ELIMINATION_COST),
            pattern: Pattern::Unbuilt,
        });
    }
    placements.sort_by_key(|m| m.cost);
}
