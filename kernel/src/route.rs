//! The band route and the technique list (how-a-card-is-computed.txt sections 2-4).
//!
//! `band_path` solves the way a person does: at each position it takes the first technique in
//! study order that has a move (so the lowest band first), the cheapest of its moves, applies it
//! and starts again from the simplest technique. `contains` shrinks the list of techniques the
//! route used to the shortest that still solves at the same band, and finds the alternatives that
//! could stand in for each listed technique (its chip).

use crate::board::Geometry;
use crate::techniques::{Candidate, Move, Search, State, Tech, all_moves, cap_moves, code, searches};
use std::collections::BTreeMap;

/// One step of a route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub tech: Tech,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    pub houses: Vec<usize>,
    pub digits: u32,
}

impl From<Move> for Step {
    fn from(m: Move) -> Step {
        Step {
            tech: m.tech,
            placements: m.placements,
            eliminations: m.eliminations,
            houses: m.houses,
            digits: m.digits,
        }
    }
}

/// A route from the givens.
#[derive(Clone, Debug)]
pub struct Path {
    pub solved: bool,
    pub steps: Vec<Step>,
    /// Open cells left when the route stopped (0 when solved).
    pub open_left: usize,
}

impl Path {
    /// Band of the hardest step (None for a route without steps).
    pub fn band(&self) -> Option<u8> {
        self.steps.iter().map(|s| s.tech.band()).max()
    }

    /// Uses per technique.
    pub fn profile(&self) -> BTreeMap<Tech, usize> {
        let mut p = BTreeMap::new();
        for s in &self.steps {
            *p.entry(s.tech).or_insert(0) += 1;
        }
        p
    }
}

/// The move a person takes next: the lowest band that has a move, then the lowest study order,
/// then the cheapest. Searches run lazily, lowest band first: a search whose every shape is of a
/// higher band than the best move so far cannot beat it.
fn next_move<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    searches: &[Search<W>],
    banned: &[Tech],
    buf: &mut Vec<Move>,
) -> Option<Move> {
    let key = |m: &Move| (m.tech.band(), m.tech.order(), m.cost);
    let mut best: Option<Move> = None;
    for s in searches {
        if best.as_ref().is_some_and(|b| s.min_band() > b.tech.band()) {
            break;
        }
        if s.codes.iter().all(|t| banned.contains(t)) {
            continue;
        }
        buf.clear();
        (s.find)(geo, st, buf);
        cap_moves(buf);
        for m in buf.drain(..) {
            if !banned.contains(&m.tech) && best.as_ref().is_none_or(|b| key(&m) < key(b)) {
                best = Some(m);
            }
        }
    }
    best
}

/// Solves band by band from `start`, never using a technique in `banned` nor one above `max_band`.
pub fn band_path<const W: usize>(geo: &Geometry<W>, start: &State<W>, banned: &[Tech], max_band: u8) -> Path {
    let mut searches = searches::<W>();
    searches.retain(|s| s.min_band() <= max_band);
    let banned: Vec<Tech> = banned
        .iter()
        .copied()
        .chain(searches.iter().flat_map(|s| s.codes.iter().copied()).filter(|t| t.band() > max_band))
        .collect();
    let banned = &banned[..];
    let mut st = start.clone();
    let mut steps = Vec::new();
    let mut buf = Vec::new();
    while !st.is_solved(geo) {
        let Some(mv) = next_move(geo, &st, &searches, banned, &mut buf) else {
            break;
        };
        st.apply(geo, &mv);
        steps.push(Step::from(mv));
    }
    let open_left = st.open_cells(geo).len() as usize;
    Path { solved: open_left == 0, steps, open_left }
}

/// One technique of the shortest list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub tech: Tech,
    /// Same-band techniques that can take its place (study order); None when not searched.
    pub alternatives: Option<Vec<Tech>>,
    pub uses: usize,
}

/// The technique list of a puzzle and the route it describes.
#[derive(Clone, Debug)]
pub struct Contents {
    /// Band of the band route.
    pub band: u8,
    /// Listed techniques sorted by band and study order, full houses folded into a single.
    pub listed: Vec<Listed>,
    /// The route the list describes (after the shrink).
    pub route: Path,
}

/// True when `trial` is an acceptable route without `dropped`: solved at the same band, using only
/// listed techniques or special cases of them, and not handing `dropped`'s work to a technique of
/// a higher band or to a generalisation of it.
fn shrink_ok(trial: &Path, band: u8, current: &Path, kept: &[Tech], dropped: Tech) -> bool {
    if !trial.solved || trial.band() != Some(band) {
        return false;
    }
    let before = current.profile();
    trial.profile().iter().all(|(&t, &uses)| {
        let known = kept.iter().any(|&k| t.is_covered_by(k));
        let grew = uses > before.get(&t).copied().unwrap_or(0);
        let took_over = grew && (t.band() > dropped.band() || dropped.is_covered_by(t));
        known && !took_over
    })
}

/// How many of a technique's uses on the route are searched for alternatives.
const ALTERNATIVE_POSITIONS: usize = 6;

/// The positions before the first `limit` steps of `route` that use `tech`.
fn positions_of<const W: usize>(
    geo: &Geometry<W>,
    start: &State<W>,
    route: &Path,
    tech: Tech,
    limit: usize,
) -> Vec<State<W>> {
    let mut st = start.clone();
    let mut out = Vec::new();
    for step in &route.steps {
        if out.len() == limit {
            break;
        }
        if step.tech == tech {
            out.push(st.clone());
        }
        st.apply_step(geo, &step.placements, &step.eliminations);
    }
    out
}

/// The techniques of `x`'s band, other than `x`, that have a move in one of the first positions
/// where `x` was used on `route`, in study order.
fn on_offer_where_used<const W: usize>(
    geo: &Geometry<W>,
    start: &State<W>,
    route: &Path,
    x: Tech,
) -> Vec<Tech> {
    let mut seen: Vec<Tech> = Vec::new();
    for st in positions_of(geo, start, route, x, ALTERNATIVE_POSITIONS) {
        for m in all_moves(geo, &st, x.band()) {
            if m.tech.band() == x.band() && m.tech != x && !seen.contains(&m.tech) {
                seen.push(m.tech);
            }
        }
    }
    seen.sort();
    seen
}

/// The band route plus the shortest technique list with alternatives, using techniques up to
/// `max_band`; Err(the route) when that route does not solve the puzzle.
pub fn contents<const W: usize>(
    geo: &Geometry<W>,
    start: &State<W>,
    alternatives: bool,
    max_band: u8,
) -> Result<Contents, Path> {
    let base = band_path(geo, start, &[], max_band);
    if !base.solved {
        return Err(base);
    }
    let band = base.band().unwrap_or(0);
    // Reruns only count when they stay in the card's band, so they never search above it.
    let band_path =
        |geo: &Geometry<W>, start: &State<W>, banned: &[Tech]| band_path(geo, start, banned, band);
    let mut listed: Vec<Tech> = base.profile().keys().copied().collect();
    let mut removed: Vec<Tech> = Vec::new();
    let mut route = base;
    // Shrink: later techniques first, so that the simpler of two interchangeable ones stays.
    for &drop in listed.clone().iter().rev() {
        let kept: Vec<Tech> = listed.iter().copied().filter(|&t| t != drop).collect();
        let mut banned = removed.clone();
        banned.push(drop);
        let trial = band_path(geo, start, &banned);
        if shrink_ok(&trial, band, &route, &kept, drop) {
            removed.push(drop);
            listed = kept;
            route = trial;
        }
    }
    // Alternatives: a same-band technique that was on offer where a listed one was used, and that
    // carries the route when the listed one is banned (first alone, then with the other techniques
    // on offer there banned too), shares its chip.
    let mut alts: BTreeMap<Tech, Vec<Tech>> = BTreeMap::new();
    if alternatives {
        for &x in listed.iter().filter(|&&x| x != code::FHS) {
            let seen = on_offer_where_used(geo, start, &route, x);
            let mut kept: Vec<Tech> = listed.iter().copied().filter(|&t| t != x).collect();
            // The route with only `x` banned is the same for every stand-in not dropped in the shrink.
            let mut x_banned: Option<Path> = None;
            for &y in &seen {
                // Listed already, or on x's special-case chain: the subset table covers it.
                if listed.contains(&y) || y.is_covered_by(x) || x.is_covered_by(y) {
                    continue;
                }
                kept.push(y);
                let carries = |trial: &Path| {
                    trial.profile().contains_key(&y) && shrink_ok(trial, band, &route, &kept, x)
                };
                // A technique dropped in the shrink may still stand in.
                let mut banned: Vec<Tech> = removed.iter().copied().filter(|&t| t != y).collect();
                banned.push(x);
                let mut ok = false;
                if !removed.contains(&y) {
                    let trial = x_banned.get_or_insert_with(|| band_path(geo, start, &banned));
                    ok = carries(trial);
                }
                if !ok {
                    // The route may have taken another technique on offer first: ban those too.
                    banned.extend(seen.iter().copied().filter(|&t| t != y && !listed.contains(&t)));
                    ok = carries(&band_path(geo, start, &banned));
                }
                kept.pop();
                if ok {
                    alts.entry(x).or_default().push(y);
                }
            }
            // A stand-in that generalises another one of the chip adds nothing to it.
            if let Some(list) = alts.get_mut(&x) {
                let chip: Vec<Tech> = std::iter::once(x).chain(list.iter().copied()).collect();
                list.retain(|&g| !chip.iter().any(|&y| y != g && y.is_covered_by(g)));
            }
        }
    }
    let profile = route.profile();
    let has = |t: Tech| listed.contains(&t);
    // A full house is both a naked and a hidden single: list it under the hidden single (or the
    // naked single), and by itself only when no other single is on the route.
    let fold_into = if has(code::HSI) {
        Some(code::HSI)
    } else if has(code::NSI) {
        Some(code::NSI)
    } else {
        None
    };
    let mut out: Vec<Listed> = Vec::new();
    for &t in &listed {
        if t == code::FHS && fold_into.is_some() {
            continue;
        }
        let mut uses = profile.get(&t).copied().unwrap_or(0);
        if Some(t) == fold_into {
            uses += profile.get(&code::FHS).copied().unwrap_or(0);
        }
        out.push(Listed {
            tech: t,
            alternatives: alternatives.then(|| alts.get(&t).cloned().unwrap_or_default()),
            uses,
        });
    }
    out.sort_by_key(|l| (l.tech.band(), l.tech.order()));
    Ok(Contents { band, listed: out, route })
}
