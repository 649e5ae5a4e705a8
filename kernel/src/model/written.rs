//! The written route (how-a-card-is-computed.txt section 5): the engine's own solve, cheapest move
//! first, as a solver who writes candidates: placements found on the placed digits alone (plain
//! singles, then singles through a locked segment, coded PPR, as the reference's route makes
//! them) until none is left, then the notes are written (one step of its own) and every later
//! move reads them. Other moves people make in their head (pairs and short chains without notes:
//! MSI, MCH and the in-the-head shapes) are not on it.

use crate::board::Geometry;
use crate::price::PriceSet;
use crate::price::features::{self, Features};
use crate::price::price;
use crate::route::MoveCache;
use crate::techniques::{
    Candidate, Finder, Move, Pattern, SearchContext, State, Tech, aic, als, cap_moves, cases, chains, code,
    colouring, fish, forcing, intersections, rule_moves, searches, subsets, uniqueness, wings,
};
use std::collections::HashMap;

/// One priced step of the written route.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenStep {
    /// The technique, None for writing the notes.
    pub tech: Option<Tech>,
    /// True for a placement made without notes.
    pub direct: bool,
    /// The step's price d.
    pub price: f64,
    /// Candidates on the grid before the step (C).
    pub candidates: usize,
    /// Moves on offer at that position.
    pub on_offer: usize,
    /// The feature vector (None for writing the notes).
    pub features: Option<Features>,
}

/// Every single on the notes, one per placement: a naked single, or a hidden single in each house
/// where it is one (the route prices each and takes the cheapest).
fn notes_singles<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let [ones, twos, _] = crate::bits::count_at_least(&st.planes[..geo.digits], &open);
    for cell in ones.and_not(&twos).iter() {
        let d = st.cell_mask(geo, cell).trailing_zeros();
        out.push(Move {
            rules: Vec::new(),
            tech: code::NSI,
            placements: vec![Candidate { cell, digit: d as u8 + 1 }],
            eliminations: Vec::new(),
            houses: Vec::new(),
            digits: 1 << d,
            cost: 0,
            pattern: Pattern::Unbuilt,
        });
    }
    // A hidden single is read in its box when it is one there, else in its row, else its column.
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for h in geo.boxes.iter().chain(&geo.rows).chain(&geo.cols).chain(&geo.complete_houses) {
        for d in 0..geo.digits {
            let spots = st.planes[d].and(&geo.houses[*h]);
            if let Some(cell) = spots.first().filter(|&c| spots.is_single() && open.contains(c)) {
                if seen.contains(&(cell, d)) {
                    continue;
                }
                seen.push((cell, d));
                out.push(Move {
                    rules: Vec::new(),
                    tech: code::HSI,
                    placements: vec![Candidate { cell, digit: d as u8 + 1 }],
                    eliminations: Vec::new(),
                    houses: vec![*h],
                    digits: 1 << d,
                    cost: 0,
                    pattern: Pattern::Unbuilt,
                });
            }
        }
    }
}

/// Moves on offer among singles on the notes: one per cell that has one, naked or hidden, in any
/// number of houses (the reference's count at all 3,615 singles steps of its Medium to Expert
/// fixture routes).
fn singles_on_offer(moves: &[Move]) -> usize {
    let mut cells: Vec<usize> = moves.iter().filter_map(|m| m.placements.first().map(|p| p.cell)).collect();
    cells.sort_unstable();
    cells.dedup();
    cells.len()
}

/// Lock eliminations only: PPR's in-the-head placements are not written moves.
fn locks<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let mut all = Vec::new();
    intersections::pointing_claiming(cx, st, &mut all);
    out.extend(all.into_iter().filter(|m| m.placements.is_empty()));
}

/// The index in `tiers` of the tier of the ALS moves (with quads, larger fish and longer chains): from it
/// on, moves of different techniques with one effect count once on offer (the ALS searches find
/// many of the same deductions).
const FIRST_ALS_TIER: usize = 5;

/// The searches of the notes phase, in tiers, as the reference release groups them: the engine
/// looks at a tier only when every tier before it has no move, and takes the cheapest move of the
/// first tier that has one, a move near the last one first.
fn tiers<const W: usize>(head: bool) -> Vec<Vec<Finder<W>>> {
    let mut t: Vec<Vec<Finder<W>>> = vec![
        vec![notes_singles::<W>],
        // A rule's own deductions come with the locks (one rule, read on its cells).
        vec![locks::<W>, rule_moves::rule_eliminations::<W>],
        vec![subsets::naked_pair::<W>, subsets::hidden_pair::<W>, uniqueness::unique_rectangle::<W>],
        vec![uniqueness::bug_plus_one::<W>],
        // Triples, X-Wings, colouring, Y-Wings and the short chains, AICs included: the reference
        // offers them side by side (32 AICs with 39 fish and X-chains at one step of its routes).
        // Its fish there have two bases (finned and Franken X-Wings), its chains at most five links.
        vec![
            subsets::naked_triple::<W>,
            subsets::hidden_triple::<W>,
            fish::x_wing::<W>,
            fish::two_base_fish::<W>,
            colouring::simple_colouring::<W>,
            colouring::multi_colouring::<W>,
            colouring::medusa::<W>,
            wings::y_wing::<W>,
            chains::short_x_chain::<W>,
            chains::empty_rectangle::<W>,
            chains::short_xy_chain::<W>,
            chains::remote_pairs::<W>,
            chains::chute_remote_pairs::<W>,
            aic::short_aic::<W>,
            aic::short_nice_loop::<W>,
        ],
        // Quads, larger fish, the other wings and the longer chains come with the ALS moves: on
        // the reference's routes over the reference cards, Quads and the WXYZ-Wing are offered
        // only beside ALS-XZ, Swordfish, Jellyfish and the XYZ-Wing never before it.
        vec![
            subsets::naked_quad::<W>,
            subsets::hidden_quad::<W>,
            fish::fish::<W>,
            wings::xyz_wing::<W>,
            wings::wxyz_wing::<W>,
            chains::x_chain::<W>,
            chains::xy_chain::<W>,
            aic::aic::<W>,
            aic::nice_loop::<W>,
            als::als_xz::<W>,
            als::als_xy_wing::<W>,
            als::sue_de_coq::<W>,
            als::aligned_pair_exclusion::<W>,
            als::death_blossom::<W>,
        ],
        // ALS chains: the reference offers them only where no other chain or ALS move is left
        // (at all 23 of its ALS-AIC steps on the fixture routes, nothing else was on offer).
        vec![als::als_chain::<W>],
        // Case analysis; the other case splits are the in-the-head forms a writing solver does
        // not use.
        vec![cases::case_analysis::<W>],
        // Extreme: forcing, then the proof by full search, which always has a move.
        vec![
            forcing::forcing_chains::<W>,
            forcing::forcing_nets::<W>,
            forcing::nested_forcing::<W>,
            forcing::nishio::<W>,
            forcing::pattern_overlay::<W>,
        ],
        vec![forcing::trial::<W>],
    ];
    if head {
        t.push(vec![subsets::subset_in_head::<W>, chains::head_chain::<W>]);
    }
    t
}

/// Candidate density F's numerator: Andrew Stuart's 20 C / 727, relative to the board's size
/// above 9x9.
pub fn density<const W: usize>(geo: &Geometry<W>, candidates: usize) -> f64 {
    let slots = geo.cells * geo.digits;
    let c = candidates as f64;
    if slots <= 729 { c / 727.0 * 20.0 } else { c / slots as f64 * 20.0 * 729.0 / 727.0 }
}

/// The moves each finder of the tiers offers, per position: the routes of one puzzle (one per
/// price set, with and without the in-the-head moves) walk many of the same positions.
pub struct FinderCache<const W: usize> {
    /// Key: the position's candidate planes and placed cells; then per finder (the tiers' finders
    /// in order, the in-the-head tier last), its capped moves once searched.
    map: HashMap<Vec<u64>, Vec<Option<Vec<Move>>>>,
    /// The band route's moves of the same puzzle: a finder that is also a band-route search is
    /// not run again at a position that route already searched.
    band: MoveCache<W>,
    /// Per finder (numbered as in `map`), its index among the band route's searches, if it is
    /// one; built when first needed.
    band_index: Option<Vec<Option<usize>>>,
}

impl<const W: usize> Default for FinderCache<W> {
    fn default() -> Self {
        Self::with_band_moves(MoveCache::default())
    }
}

impl<const W: usize> FinderCache<W> {
    /// A cache that also reads the moves the band route of the same puzzle kept in `band`.
    pub fn with_band_moves(band: MoveCache<W>) -> Self {
        FinderCache { map: HashMap::new(), band, band_index: None }
    }
}

/// For each finder of the tiers with the in-the-head tier (numbered in order), its index among
/// the band route's searches (`searches`), if it is one: both run it the same way (capped), so
/// either's moves serve the other.
fn band_indices<const W: usize>() -> Vec<Option<usize>> {
    let searches = searches::<W>();
    // Addresses only pick a cache entry: one finder at two addresses is merely searched twice.
    tiers::<W>(true)
        .iter()
        .flatten()
        .map(|&f| searches.iter().position(|s| s.find as usize == f as usize))
        .collect()
}

/// Whether two moves with one effect count as one move on offer: the same technique, or two
/// shapes of single-digit chain (the reference lists one X-chain per elimination set: Skyscraper,
/// Kite, Turbot Fish and longer X-chain are names of one search's chains).
fn same_count(a: Tech, b: Tech) -> bool {
    const X_CHAINS: [Tech; 4] = [code::SKY, code::KTE, code::TUR, code::XCL];
    a == b || (X_CHAINS.contains(&a) && X_CHAINS.contains(&b))
}

/// The moves of the first tier that has any (into `moves`) and how many are on offer there;
/// None when the deadline passed.
fn offer_into<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    tiers: &[Vec<Finder<W>>],
    cache: &mut FinderCache<W>,
    moves: &mut Vec<Move>,
) -> Option<usize> {
    let geo = cx.geo;
    moves.clear();
    let FinderCache { map, band, band_index } = cache;
    let position = st.position_words(geo);
    // The band route's moves at this position, looked up when first needed.
    let mut band_here: Option<Option<&[Option<Vec<Move>>]>> = None;
    let slots = match map.get_mut(&position) {
        Some(slots) => slots,
        None => map.entry(position.clone()).or_default(),
    };
    let mut slot = 0;
    for (ti, tier) in tiers.iter().enumerate() {
        for f in tier {
            let k = slot;
            slot += 1;
            if cx.budget.passed() {
                return None;
            }
            if let Some(Some(found)) = slots.get(k) {
                moves.extend(found.iter().cloned());
                continue;
            }
            // A search the band route also runs keeps its eight cheapest moves per technique there,
            // so here too (both routes read one list); the written route's own searches keep all
            // (the reference offers up to 18 AICs and 13 X-chains at one step).
            let index = if ti > 0 { band_index.get_or_insert_with(band_indices::<W>)[k] } else { None };
            if index.is_some() {
                let here = *band_here.get_or_insert_with(|| band.at(&position));
                if let Some(found) = index.and_then(|i| here.and_then(|b| b[i].as_ref())) {
                    moves.extend(found.iter().cloned());
                    continue;
                }
            }
            let mut found = Vec::new();
            f(cx, st, &mut found);
            if index.is_some() {
                cap_moves(&mut found);
            }
            moves.extend_from_slice(&found);
            // A search the budget cut short is not kept.
            if !cx.budget.passed() {
                if slots.len() <= k {
                    slots.resize(k + 1, None);
                }
                slots[k] = Some(found);
            }
        }
        if !moves.is_empty() {
            if ti == 0 {
                return Some(singles_on_offer(moves));
            }
            // The same deduction found twice by one technique (a lock seen from the box and from
            // the line, a pair seen in its row and its box) is one move on offer, and the route
            // still takes the cheaper reading. Different techniques with one effect count apart
            // (the reference offers a naked and a hidden pair that clear the same candidates as
            // two moves; AICs and the pattern moves they repeat, too), except in the ALS tiers.
            let distinct = (0..moves.len())
                .filter(|&k| {
                    !moves[..k].iter().any(|m| {
                        (same_count(m.tech, moves[k].tech) || ti >= FIRST_ALS_TIER)
                            && m.placements == moves[k].placements
                            && m.eliminations == moves[k].eliminations
                    })
                })
                .count();
            return Some(distinct);
        }
    }
    Some(0)
}

/// The move the route takes among `moves` on offer with notes: the least `seen_cost`, its price
/// weighed by how far it lies from the last move (`last`, a cell). Returns its index, price and
/// features.
pub fn pick_notes_move<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    set: &PriceSet,
    moves: &[Move],
    last: Option<usize>,
) -> Option<(usize, f64, Features)> {
    let pos = features::notes_position(geo, st);
    let mut best: Option<(f64, usize, f64, Features)> = None;
    for (i, m) in moves.iter().enumerate() {
        // The cheapest reading of the move.
        let mut readings =
            features::notes_readings(geo, st, &pos, m).into_iter().map(|f| (price(set, &f), f));
        let Some(first) = readings.next() else { continue };
        let (p, f) = readings.fold(first, |a, b| if b.0 < a.0 { b } else { a });
        let key = seen_cost(geo, set, p, last, first_cell(m));
        if best.as_ref().is_none_or(|(bk, ..)| key < *bk) {
            best = Some((key, i, p, f));
        }
    }
    best.map(|(_, i, p, f)| (i, p, f))
}

/// The placement the route takes among `found` without notes: the least `seen_cost`, ties to the
/// most settled cell. Returns its index and price.
pub fn pick_direct<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    set: &PriceSet,
    found: &[features::DirectSingle],
    last: Option<usize>,
) -> Option<(usize, f64)> {
    let mut best: Option<(f64, f64, usize)> = None;
    for (i, s) in found.iter().enumerate() {
        let p = price(set, &s.feat);
        let key = seen_cost(geo, set, p, last, Some(s.cell));
        let better = match best {
            None => true,
            Some((bk, _, bi)) => {
                key < bk
                    || (key == bk
                        && settled_key(geo, st, s.cell, s.digit)
                            < settled_key(geo, st, found[bi].cell, found[bi].digit))
            }
        };
        if better {
            best = Some((key, p, i));
        }
    }
    best.map(|(_, p, i)| (i, p))
}

/// What the route minimises to pick its next move: the price times exp(locality x log2(1 + d)),
/// d the Chebyshev distance (rows or columns apart, whichever is more) from the last move's cell
/// to this one's; a move near the last one is seen sooner. This is the reference's pick with
/// its own `locality` (0.4 in both price sets): replaying its routes on the reference cards up
/// to Very Hard, its placement is a least-cost one at 7,921 of 7,926 steps without notes, and
/// our pick with notes is its move at 3,123 of 3,278 steps (difficulty prices).
fn seen_cost<const W: usize>(
    geo: &Geometry<W>,
    set: &PriceSet,
    price: f64,
    last: Option<usize>,
    cell: Option<usize>,
) -> f64 {
    let (Some(a), Some(b)) = (last, cell) else { return price };
    let ((r0, c0), (r1, c1)) = (geo.pos[a], geo.pos[b]);
    let d = r0.abs_diff(r1).max(c0.abs_diff(c1)) as f64;
    price * (set.locality * (1.0 + d).log2()).exp()
}

/// Among placements of equal price and distance, the reference takes one in the most settled
/// part of the board: fewest open cells in the cell's houses (sorted), then fewest places for the
/// digit there, then fewest candidates in the cell (rc1's placement at 310 of its 440 ties on the
/// reference routes with the difficulty prices). `st` is a position without notes.
fn settled_key<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    cell: usize,
    digit: u8,
) -> (Vec<u32>, Vec<u32>, u32) {
    let plane = &st.planes[digit as usize - 1];
    let unplaced = geo.cell_houses[cell].iter().map(|&h| geo.houses[h].and_not(&st.placed));
    let mut open: Vec<u32> = unplaced.clone().map(|u| u.len()).collect();
    let mut places: Vec<u32> = unplaced.map(|u| u.and(plane).len()).collect();
    open.sort_unstable();
    places.sort_unstable();
    let cands = (0..geo.digits).filter(|&d| st.planes[d].contains(cell)).count() as u32;
    (open, places, cands)
}

/// Where a move is seen: its placement, else its first elimination.
fn first_cell(m: &Move) -> Option<usize> {
    m.placements.first().or(m.eliminations.first()).map(|c| c.cell)
}

/// The written moves on offer at a position with notes (the first tier that has any; no
/// in-the-head moves) and how many count as on offer.
#[cfg(any(test, feature = "internals"))]
pub fn notes_offer<const W: usize>(cx: &SearchContext<W>, st: &State<W>) -> (Vec<Move>, usize) {
    let mut moves = Vec::new();
    let on_offer =
        offer_into(cx, st, &tiers::<W>(false), &mut FinderCache::default(), &mut moves).unwrap_or(0);
    (moves, on_offer)
}

/// The written route under one price set; None when it gets stuck. `head` lets the in-the-head
/// moves in (the fallback for a puzzle the written moves alone cannot finish).
#[cfg(any(test, feature = "internals"))]
pub fn route<const W: usize>(
    cx: &SearchContext<W>,
    start: &State<W>,
    set: &PriceSet,
    head: bool,
) -> Option<Vec<WrittenStep>> {
    route_cached(cx, start, set, head, &mut FinderCache::default())
}

/// `route` with the finders' moves of each position kept in (and read from) `cache`.
pub fn route_cached<const W: usize>(
    cx: &SearchContext<W>,
    start: &State<W>,
    set: &PriceSet,
    head: bool,
    cache: &mut FinderCache<W>,
) -> Option<Vec<WrittenStep>> {
    let geo = cx.geo;
    let mut st = start.clone();
    let mut out = Vec::new();
    let mut last: Option<usize> = None;
    // Placements without notes, cheapest first.
    while !st.is_solved(geo) {
        // A route the budget cut is no route (the card's numbers are then null).
        if cx.budget.passed() {
            return None;
        }
        let found = features::direct_singles(geo, &st);
        if found.is_empty() {
            break;
        }
        // Moves on offer: one per placement, however many techniques read it (the reference's
        // count at 7,815 of its 7,819 placements without notes on the fixture routes).
        let mut placements: Vec<(usize, u8)> = found.iter().map(|s| (s.cell, s.digit)).collect();
        placements.sort_unstable();
        placements.dedup();
        let on_offer = placements.len();
        let Some((i, p)) = pick_direct(geo, &st, set, &found, last) else { break };
        last = Some(found[i].cell);
        let s = &found[i];
        out.push(WrittenStep {
            tech: Some(s.tech),
            direct: true,
            price: p,
            candidates: st.candidate_count(geo),
            on_offer: on_offer.max(1),
            features: Some(s.feat.clone()),
        });
        let pl = Candidate { cell: s.cell, digit: s.digit };
        st.apply_step(geo, &[pl], &[]);
    }
    if st.is_solved(geo) {
        return Some(out);
    }
    out.push(WrittenStep {
        tech: None,
        direct: false,
        price: set.take_notes,
        candidates: st.candidate_count(geo),
        on_offer: 1,
        features: None,
    });
    let tiers = tiers::<W>(head);
    let mut moves = Vec::new();
    while !st.is_solved(geo) {
        let on_offer = offer_into(cx, &st, &tiers, cache, &mut moves)?;
        let (i, p, f) = pick_notes_move(geo, &st, set, &moves, last)?;
        last = first_cell(&moves[i]).or(last);
        out.push(WrittenStep {
            tech: Some(moves[i].tech),
            direct: false,
            price: p,
            candidates: st.candidate_count(geo),
            on_offer: on_offer.max(1),
            features: Some(f),
        });
        let before = (st.candidate_count(geo), st.placed.len());
        st.apply(geo, &moves[i]);
        if (st.candidate_count(geo), st.placed.len()) == before {
            // A move that changes nothing would repeat forever.
            return None;
        }
    }
    Some(out)
}
