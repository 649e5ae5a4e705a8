//! The order in which the band route weighs the moves of one technique: where our step features
//! give the reference release's own route prices, the cheapest move comes first, as there.
//!
//! Pointing / claiming (PPR) is priced so: a placement through locks made in the head by its
//! cheapest reading without notes (`features::direct_singles` on the placed digits), a written
//! lock by its reading on the notes. rc1's prices at the reference positions are ours to four
//! decimals (its band route takes the least price within a technique). Chains in the head (MCH)
//! are priced from their nodes (`features::head_chain_features`). Other techniques keep their
//! search's own order: their prices on the notes are not the reference's for moves made in the
//! head, and ordering by them matched fewer routes. README.md (Conformance) gives the counts.

use super::features::{direct_singles, head_chain_features, notes_position, notes_readings};
use super::params::PriceSet;
use super::step::price;
use crate::board::Geometry;
use crate::techniques::{Move, Pattern, State, code};

/// Scale of a price in `Move::cost` (prices are compared to four decimals and stay far below
/// u32::MAX / SCALE).
const SCALE: f64 = 1e5;

/// Sets the cost of every PPR and MCH move in `moves` to its price in `set` (the grader model's
/// route prices; others are left as found).
pub fn price_moves<const W: usize>(geo: &Geometry<W>, set: &PriceSet, st: &State<W>, moves: &mut [Move]) {
    price_locks(geo, set, st, moves);
    price_head_chains(geo, set, st, moves);
}

/// Pointing and claiming.
fn price_locks<const W: usize>(geo: &Geometry<W>, set: &PriceSet, st: &State<W>, moves: &mut [Move]) {
    if !moves.iter().any(|m| m.tech == code::PPR) {
        return;
    }
    // Each reading is worked out once, and only if some move needs it.
    let mut direct = None;
    let mut pos = None;
    for m in moves.iter_mut().filter(|m| m.tech == code::PPR) {
        let d = match m.placements.first() {
            Some(p) => direct
                .get_or_insert_with(|| direct_singles(geo, &st.placed_view(geo)))
                .iter()
                .filter(|ds| ds.cell == p.cell && ds.digit == p.digit)
                .map(|ds| price(set, &ds.feat))
                .fold(f64::INFINITY, f64::min),
            None => notes_readings(geo, st, pos.get_or_insert_with(|| notes_position(geo, st)), m)
                .iter()
                .map(|f| price(set, f))
                .fold(f64::INFINITY, f64::min),
        };
        // A placement no reading explains (none seen so far) keeps the search's order, after
        // every priced move.
        m.cost = if d.is_finite() { (d * SCALE).round() as u32 } else { u32::MAX - 1 };
    }
}

/// Chains seen in the head (MCH), from their patterns (`head_chain` always builds them).
fn price_head_chains<const W: usize>(geo: &Geometry<W>, set: &PriceSet, st: &State<W>, moves: &mut [Move]) {
    if !moves.iter().any(|m| m.tech == code::MCH) {
        return;
    }
    let candidates = st.candidate_count(geo);
    for m in moves.iter_mut().filter(|m| m.tech == code::MCH && !m.placements.is_empty()) {
        let Pattern::Chain(nodes) = &m.pattern else { continue };
        let target = st.cell_mask(geo, m.placements[0].cell).count_ones();
        let f = head_chain_features(geo, nodes, target, candidates);
        m.cost = (price(set, &f) * SCALE).round() as u32;
    }
}
