//! Singles: full house, hidden single, naked single.

use super::{Candidate, MAX_MOVES_PER_TECHNIQUE, Move, Pattern, SearchContext, State, Tech, code};
use crate::bits::count_at_least;
use crate::board::Geometry;

/// Keeps the cheapest `MAX_MOVES_PER_TECHNIQUE` moves, one per placement, in cost order.
fn keep_cheapest(found: &mut Vec<Move>, out: &mut Vec<Move>) {
    found.sort_by_key(|m| (m.cost, m.placements.first().map(|p| p.cell)));
    let mut seen: Vec<usize> = Vec::new();
    for m in found.drain(..) {
        let cell = m.placements[0].cell;
        if seen.contains(&cell) {
            continue;
        }
        seen.push(cell);
        out.push(m);
        if seen.len() == MAX_MOVES_PER_TECHNIQUE {
            break;
        }
    }
}

fn placement(tech: Tech, cell: usize, digit: usize, house: Option<usize>, cost: u32) -> Move {
    Move {
        rules: Vec::new(),
        tech,
        placements: vec![Candidate { cell, digit: digit as u8 + 1 }],
        eliminations: Vec::new(),
        houses: house.into_iter().collect(),
        digits: 1 << digit,
        cost,
        pattern: Pattern::Unbuilt,
    }
}

/// The only candidate of `cell`, if it has exactly one.
fn only_digit<const W: usize>(geo: &Geometry<W>, st: &State<W>, cell: usize) -> Option<usize> {
    let m = st.cell_mask(geo, cell);
    (m.count_ones() == 1).then(|| m.trailing_zeros() as usize)
}

/// A complete house with one open cell: that cell takes the missing digit.
pub fn full_house<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    for &h in &geo.complete_houses {
        let left = geo.houses[h].and(&open);
        if left.is_single() {
            let cell = left.first().expect("single");
            if let Some(d) = only_digit(geo, st, cell) {
                found.push(placement(code::FHS, cell, d, Some(h), h as u32));
            }
        }
    }
    keep_cheapest(&mut found, out);
}

/// A digit with one open spot left in a complete house.
pub fn hidden_single<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    for &h in &geo.complete_houses {
        let house = &geo.houses[h];
        for d in 0..geo.digits {
            let spots = st.planes[d].and(house);
            if spots.is_single() {
                let cell = spots.first().expect("single");
                // A house with one open cell is a full house, not a hidden single.
                if open.contains(cell) && !house.and(&open).is_single() {
                    found.push(placement(code::HSI, cell, d, Some(h), h as u32));
                }
            }
        }
    }
    keep_cheapest(&mut found, out);
}

/// An open cell with one candidate left.
pub fn naked_single<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let [ones, twos, _] = count_at_least(&st.planes[..geo.digits], &open);
    let mut found = Vec::new();
    for cell in ones.and_not(&twos).iter() {
        if let Some(d) = only_digit(geo, st, cell) {
            found.push(placement(code::NSI, cell, d, None, cell as u32));
        }
    }
    keep_cheapest(&mut found, out);
}
