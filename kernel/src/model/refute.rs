//! The technique-free search effort (how-a-card-is-computed.txt section 9): at each point where
//! simple logic (naked and hidden singles on full notes) is stuck, try every candidate, find the
//! ones whose assumption fails fastest, remove them, and go on.
//!
//! ```
//! use pencilmark::{board::Geometry, budget::Budget, format, model::refute, techniques::State};
//! let p = format::read("....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......").unwrap();
//! let geo = Geometry::<2>::new(p.board());
//! let start = State::new(&geo, p.givens()).unwrap();
//! let solution = pencilmark::solve(&p, None).unwrap();
//! let points = refute::profile(&geo, Budget::UNLIMITED, &start, &solution, refute::DEFAULT_LIMIT);
//! assert!(!points.is_empty());
//! assert!(refute::search_effort(&points, 60) > 0.0);
//! ```

use crate::bits::{CellSet, count_at_least};
use crate::board::Geometry;
use crate::budget::Budget;
use crate::techniques::State;

/// The most stuck points a profile records.
pub const DEFAULT_LIMIT: usize = 400;

/// One point where singles are stuck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StuckPoint {
    /// Candidates on the grid there (C).
    pub candidates: usize,
    /// Candidates refuted after the fewest placements (R; 0 when none was refuted).
    pub shortest: usize,
    /// Placements the shortest refutations made before failing (0: the assumption fails at
    /// once; 0 also when nothing was refuted).
    pub length: usize,
}

/// Places `digit` (0-based) in `cell`; false when that candidate is gone.
fn place<const W: usize>(geo: &Geometry<W>, st: &mut State<W>, cell: usize, digit: usize) -> bool {
    if st.placed.contains(cell) {
        return st.values[cell] as usize == digit + 1;
    }
    if !st.planes[digit].contains(cell) {
        return false;
    }
    for (e, plane) in st.planes[..geo.digits].iter_mut().enumerate() {
        if e != digit {
            plane.remove(cell);
        }
    }
    st.planes[digit] = st.planes[digit].and_not(&geo.peers[cell]);
    st.placed.insert(cell);
    st.values[cell] = digit as u8 + 1;
    true
}

/// How singles propagation ended.
enum Sweep {
    /// A contradiction, after this many placements.
    Broken(usize),
    /// Nothing left to place, without a contradiction.
    Settled,
    /// More placements than the bound allowed.
    Unfinished,
}

/// Naked and hidden singles until nothing moves, read the way rc1's reference model reads them
/// (so that a trial's count, and with it which candidates fail fastest, is the model's): sweeps
/// of the cells in order, placing each naked single at once and failing at a cell without
/// candidates, then of the houses in order (rows, columns, boxes), each digit in turn, placing a
/// hidden single at once and failing at a digit with no place; sweeps repeat while they place
/// anything. Stops after `bound` + 1 placements.
fn sweep<const W: usize>(geo: &Geometry<W>, t: &mut State<W>, bound: usize) -> Sweep {
    let mut placed = 0;
    loop {
        let before = placed;
        // Cells in order: only the cells with at most one candidate act, so jump between them,
        // recounting after each placement (it can empty or settle any later cell).
        let mut from = 0;
        loop {
            let open = t.open_cells(geo).and_not(&CellSet::first_n(from));
            let [ones, twos, _] = count_at_least(&t.planes[..geo.digits], &open);
            let Some(c) = open.and_not(&twos).first() else { break };
            if !ones.contains(c) {
                return Sweep::Broken(placed);
            }
            let d = t.cell_mask(geo, c).trailing_zeros() as usize;
            place(geo, t, c, d);
            placed += 1;
            if placed > bound {
                return Sweep::Unfinished;
            }
            from = c + 1;
        }
        for &h in &geo.complete_houses {
            for d in 0..geo.digits {
                let spots = t.planes[d].and(&geo.houses[h]);
                if spots.is_empty() {
                    return Sweep::Broken(placed);
                }
                if spots.is_single() {
                    let c = spots.first().unwrap_or(0);
                    if !t.placed.contains(c) {
                        place(geo, t, c, d);
                        placed += 1;
                        if placed > bound {
                            return Sweep::Unfinished;
                        }
                    }
                }
            }
        }
        if placed == before {
            return Sweep::Settled;
        }
    }
}

/// Singles until stuck or solved; false on a contradiction.
fn propagate<const W: usize>(geo: &Geometry<W>, st: &mut State<W>) -> bool {
    !matches!(sweep(geo, st, usize::MAX), Sweep::Broken(_))
}

/// The placements a trial of `digit` in `cell` makes before it breaks; None when it settles, or
/// makes more than `bound` placements, without a contradiction. `trial` is scratch space.
fn refutation_depth<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    trial: &mut State<W>,
    (cell, digit): (usize, usize),
    bound: usize,
) -> Option<usize> {
    // Copied in place: a trial runs for every candidate, so no allocation per trial.
    trial.planes = st.planes;
    trial.placed = st.placed;
    trial.values.copy_from_slice(&st.values);
    if !place(geo, trial, cell, digit) {
        return Some(0);
    }
    match sweep(geo, trial, bound) {
        Sweep::Broken(n) => Some(n),
        Sweep::Settled | Sweep::Unfinished => None,
    }
}

/// The refutation profile from `start`: the stuck points of singles and, at each, the candidates
/// refuted fastest (which are then removed). At most `limit` points. `solution` (a digit per cell)
/// lets the search go on where nothing is refuted quickly: it then places the solution's digit in
/// the first of the cells with the fewest candidates, as a lucky guess would.
pub fn profile<const W: usize>(
    geo: &Geometry<W>,
    budget: Budget,
    start: &State<W>,
    solution: &[u8],
    limit: usize,
) -> Vec<StuckPoint> {
    let mut st = start.clone();
    let mut out = Vec::new();
    if !propagate(geo, &mut st) {
        return out;
    }
    // The budget ends the profile early (the model then gives no numbers).
    while !st.is_solved(geo) && out.len() < limit && !budget.passed() {
        let open = st.open_cells(geo);
        let c = st.candidate_count(geo);
        let mut best = usize::MAX;
        let mut refuted: Vec<(usize, usize)> = Vec::new();
        let mut trial = st.clone();
        for cell in open.iter() {
            if budget.passed() {
                return out;
            }
            for d in 0..geo.digits {
                if !st.planes[d].contains(cell) {
                    continue;
                }
                if let Some(r) = refutation_depth(geo, &st, &mut trial, (cell, d), best) {
                    if r < best {
                        best = r;
                        refuted.clear();
                    }
                    if r == best {
                        refuted.push((cell, d));
                    }
                }
            }
        }
        if refuted.is_empty() {
            out.push(StuckPoint { candidates: c, shortest: 0, length: 0 });
            // Nothing fails fast: go on with the solution's digit in the most constrained cell.
            let cell = open.iter().min_by_key(|&cl| st.cell_mask(geo, cl).count_ones());
            let Some(cell) = cell else { break };
            let d = solution.get(cell).copied().unwrap_or(0) as usize;
            if d == 0 || !place(geo, &mut st, cell, d - 1) || !propagate(geo, &mut st) {
                break;
            }
            continue;
        }
        out.push(StuckPoint { candidates: c, shortest: refuted.len(), length: best });
        for (cell, d) in refuted {
            st.planes[d].remove(cell);
        }
        if !propagate(geo, &mut st) {
            break;
        }
    }
    out
}

/// The search-effort term: ln(1 + sum over stuck points of ln(C / R) per empty cell), a point
/// where nothing was refuted counting ln C + 2.
pub fn search_effort(points: &[StuckPoint], empty_cells: usize) -> f64 {
    let s: f64 = points
        .iter()
        .map(|p| {
            let c = p.candidates.max(1) as f64;
            if p.shortest > 0 { (c / p.shortest as f64).ln() } else { c.ln() + 2.0 }
        })
        .sum();
    (s / empty_cells.max(1) as f64).ln_1p()
}
