//! The band route and the technique list (how-a-card-is-computed.txt sections 2-4).
//!
//! `band_path` solves the way a person does: at each position it takes the first technique in
//! study order that has a move (so the lowest band first), the cheapest of its moves, applies it
//! and starts again from the simplest technique. `contains` shrinks the list of techniques the
//! route used to the shortest that still solves at the same band, and finds the alternatives that
//! could stand in for each listed technique (its chip).

use crate::board::Geometry;
use crate::price::PriceSet;
use crate::techniques::{Candidate, Move, Search, SearchContext, State, Tech, cap_moves, code, searches};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

/// What a route reads besides its position: the context of its searches (board, budget, memo)
/// and the prices that order the moves of one technique (the grader model's route set).
#[derive(Clone, Copy)]
pub struct RouteContext<'a, const W: usize> {
    pub search: SearchContext<'a, W>,
    pub prices: &'a PriceSet,
}

impl<'a, const W: usize> RouteContext<'a, W> {
    /// Routes on `geo` with the shipped model's route prices, no budget and no memo.
    #[cfg(any(test, feature = "internals"))]
    pub fn plain(geo: &'a Geometry<W>) -> Self {
        RouteContext {
            search: SearchContext::plain(geo),
            prices: &crate::price::GraderModel::shipped().route,
        }
    }

    fn geo(&self) -> &'a Geometry<W> {
        self.search.geo
    }

    fn out_of_time(&self) -> bool {
        self.search.budget.passed()
    }
}

/// One step of a route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub tech: Tech,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    pub houses: Vec<usize>,
    /// The rules beyond houses the step reads (indices into the document's rules).
    pub rules: Vec<usize>,
    pub digits: u32,
    /// The pattern the move carried: `Pattern::Unbuilt` on a route, whose searches do not build
    /// it (the notation finds it again).
    pub pattern: crate::techniques::Pattern,
}

impl From<Move> for Step {
    fn from(m: Move) -> Step {
        Step {
            tech: m.tech,
            placements: m.placements,
            eliminations: m.eliminations,
            houses: m.houses,
            rules: m.rules,
            digits: m.digits,
            pattern: m.pattern,
        }
    }
}

/// Why a route ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The grid is full.
    Solved,
    /// No technique allowed on this route has a move.
    Stuck,
    /// The deadline passed.
    Deadline,
    /// A rerun took a technique its list may not use (the shrink and the alternatives reject such a
    /// route whatever follows, so it ends there).
    Rejected,
}

/// A route from the givens.
#[derive(Clone, Debug)]
pub struct Path {
    pub solved: bool,
    pub steps: Vec<Step>,
    /// Open cells left when the route stopped (0 when solved).
    pub open_left: usize,
    pub stop: Stop,
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

/// The capped moves of every search, per position: the reruns of one technique list (shrink,
/// alternatives) walk the same positions again and again.
pub struct MoveCache<const W: usize> {
    map: HashMap<Vec<u64>, Vec<Option<Vec<Move>>>>,
}

impl<const W: usize> Default for MoveCache<W> {
    fn default() -> Self {
        MoveCache { map: HashMap::new() }
    }
}

impl<const W: usize> MoveCache<W> {
    fn slot(&mut self, geo: &Geometry<W>, st: &State<W>, searches: usize) -> &mut Vec<Option<Vec<Move>>> {
        self.map.entry(st.position_words(geo)).or_insert_with(|| vec![None; searches])
    }

    /// The moves of each search (indexed as `searches`) kept for a position (its
    /// `State::position_words`), if the route met it.
    pub(crate) fn at(&self, position: &[u64]) -> Option<&[Option<Vec<Move>>]> {
        self.map.get(position).map(Vec::as_slice)
    }
}

/// Whether a ban covers `m`. Banning the Empty Rectangle bans the written technique; a short
/// chain seen in the head keeps its shape's name (ERE) but stays usable, as in the reference,
/// where the Skyscraper, Kite and Turbot codes name shapes and ban them everywhere.
fn is_banned(m: &Move, banned: &[Tech]) -> bool {
    let in_the_head_er = m.tech == code::ERE && !m.placements.is_empty();
    !in_the_head_er && banned.contains(&m.tech)
}

/// The move a person takes next: the lowest band that has a move, then the lowest study order,
/// then the cheapest. Searches run lazily, lowest band first: a search whose every shape is of a
/// higher band than the best move so far, or later in study order, cannot beat it. `cached`
/// holds the moves already found in this position, one entry per search.
fn next_move<const W: usize>(
    cx: &RouteContext<W>,
    st: &State<W>,
    searches: &[Search<W>],
    max_band: u8,
    banned: &[Tech],
    buf: &mut Vec<Move>,
    mut cached: Option<&mut Vec<Option<Vec<Move>>>>,
) -> Option<Move> {
    let key = |m: &Move| (m.tech.band(), m.tech.order(), m.cost);
    let mut best: Option<Move> = None;
    for (i, s) in searches.iter().enumerate() {
        if s.min_band() > max_band || best.as_ref().is_some_and(|b| s.min_band() > b.tech.band()) {
            break;
        }
        // (An Empty Rectangle seen in the head stays usable under a ban: see `is_banned`.)
        if s.codes.iter().all(|&t| banned.contains(&t) && t != code::ERE) {
            continue;
        }
        // No move of this search can come before the best one: every code it names is later.
        if best
            .as_ref()
            .is_some_and(|b| s.codes.iter().all(|t| (t.band(), t.order()) > (b.tech.band(), b.tech.order())))
        {
            continue;
        }
        let hit = cached.as_ref().is_some_and(|c| c[i].is_some());
        if !hit {
            if cx.out_of_time() {
                return None;
            }
            buf.clear();
            (s.find)(&cx.search, st, buf);
            crate::price::band_order::price_moves(cx.geo(), cx.prices, st, buf);
            cap_moves(buf);
        }
        // The moves are read where they are (in the cache, or in `buf` without one): only the
        // best is copied.
        let moves: &[Move] = match cached.as_deref_mut() {
            Some(c) => {
                // A search the deadline cut short is not kept.
                if !hit && !cx.out_of_time() {
                    c[i] = Some(std::mem::take(buf));
                }
                c[i].as_deref().unwrap_or(buf)
            }
            None => buf,
        };
        let mut pick: Option<&Move> = None;
        for m in moves {
            if !is_banned(m, banned)
                && m.tech.band() <= max_band
                && best.as_ref().is_none_or(|b| key(m) < key(b))
                && pick.is_none_or(|p| key(m) < key(p))
            {
                pick = Some(m);
            }
        }
        if let Some(m) = pick {
            best = Some(m.clone());
        }
    }
    best
}

/// Solves band by band from `start`, never using a technique in `banned` nor one above `max_band`.
/// Stops early (`Stop::Deadline`) when the context's budget passes.
#[cfg(any(test, feature = "internals"))]
pub fn band_path<const W: usize>(
    cx: &RouteContext<W>,
    start: &State<W>,
    banned: &[Tech],
    max_band: u8,
) -> Path {
    band_path_cached(cx, start, banned, max_band, None, &|_, _| true)
}

/// `band_path` with the moves of each position kept in (and read from) `cache`, ending
/// (`Stop::Rejected`) at the first step that `usable` refuses, given its technique and that
/// technique's uses on the route so far, this one included.
pub fn band_path_cached<const W: usize>(
    cx: &RouteContext<W>,
    start: &State<W>,
    banned: &[Tech],
    max_band: u8,
    mut cache: Option<&mut MoveCache<W>>,
    usable: &dyn Fn(Tech, usize) -> bool,
) -> Path {
    let geo = cx.geo();
    let searches = searches::<W>();
    let mut st = start.clone();
    let mut steps = Vec::new();
    let mut buf = Vec::new();
    let mut stop = Stop::Solved;
    while !st.is_solved(geo) {
        if cx.out_of_time() {
            stop = Stop::Deadline;
            break;
        }
        let slot = cache.as_deref_mut().map(|c| c.slot(geo, &st, searches.len()));
        let Some(mv) = next_move(cx, &st, &searches, max_band, banned, &mut buf, slot) else {
            stop = if cx.out_of_time() { Stop::Deadline } else { Stop::Stuck };
            break;
        };
        let uses = 1 + steps.iter().filter(|s: &&Step| s.tech == mv.tech).count();
        if !usable(mv.tech, uses) {
            stop = Stop::Rejected;
            break;
        }
        st.apply(geo, &mv);
        steps.push(Step::from(mv));
    }
    let open_left = st.open_cells(geo).len() as usize;
    Path { solved: open_left == 0, steps, open_left, stop }
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
    /// Band of the band route; None (Unknown) when the route did not finish: logic ran out with
    /// guessing allowed, or the deadline passed.
    pub band: Option<u8>,
    /// Listed techniques sorted by band and study order, full houses folded into a single.
    pub listed: Vec<Listed>,
    /// The route the list describes (after the shrink).
    pub route: Path,
    /// With guessing allowed: the first step (1-based) human logic could not make.
    pub stopped_at_step: Option<usize>,
    /// False when the deadline passed before the list was final (band Unknown when it passed on
    /// the band route; otherwise the list may not be minimal or may miss alternatives).
    pub completed: bool,
}

/// How the band route and the list are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteOptions {
    /// Search the alternatives of listed techniques.
    pub alternatives: bool,
    /// The hardest band the route may use.
    pub max_band: u8,
    /// Stop where no technique applies instead of proving an elimination by full search (TRL).
    pub allow_guessing: bool,
    /// Shrink the list to the shortest one (contains); without it the list is the first route's
    /// techniques, which is all the band and the full first route's steps need.
    pub shrink: bool,
}

/// True when `trial` is an acceptable route without `dropped`: solved at the same band, using only
/// listed techniques or special cases of them, and not handing `dropped`'s work to a technique of
/// a higher band or to a generalisation of it.
fn shrink_ok(trial: &Path, band: u8, current: &Path, kept: &[Tech], dropped: Tech) -> bool {
    if !trial.solved || trial.band() != Some(band) {
        return false;
    }
    let before = current.profile();
    trial.profile().iter().all(|(&t, &uses)| uses_ok(t, uses, &before, kept, dropped))
}

/// The part of `shrink_ok` one technique's uses decide; it holds for a whole route only if it
/// holds after each of its steps (uses only grow), so a rerun can end at the first that fails.
fn uses_ok(t: Tech, uses: usize, before: &BTreeMap<Tech, usize>, kept: &[Tech], dropped: Tech) -> bool {
    // A special case of the dropped technique may take its place (a pair in the head for a
    // naked pair): the list only gets simpler.
    let known = kept.iter().any(|&k| t.is_covered_by(k)) || t.is_covered_by(dropped);
    let grew = uses > before.get(&t).copied().unwrap_or(0);
    let took_over = grew && (t.band() > dropped.band() || dropped.is_covered_by(t));
    known && !took_over
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
    cx: &RouteContext<W>,
    start: &State<W>,
    route: &Path,
    x: Tech,
    cache: &mut MoveCache<W>,
) -> Vec<Tech> {
    let geo = cx.geo();
    let searches = searches::<W>();
    let mut seen: Vec<Tech> = Vec::new();
    let mut buf = Vec::new();
    for st in positions_of(geo, start, route, x, ALTERNATIVE_POSITIONS) {
        let slot = cache.slot(geo, &st, searches.len());
        // Only searches that can name a technique of x's band not seen yet.
        for (i, s) in searches.iter().enumerate() {
            if !s.codes.iter().any(|&t| t.band() == x.band() && t != x && !seen.contains(&t)) {
                continue;
            }
            if slot[i].is_none() {
                // Cut short: what was seen so far (the caller marks the list incomplete).
                if cx.out_of_time() {
                    seen.sort();
                    return seen;
                }
                buf.clear();
                (s.find)(&cx.search, &st, &mut buf);
                cap_moves(&mut buf);
                // A search the budget cut short is not kept.
                if cx.out_of_time() {
                    continue;
                }
                slot[i] = Some(buf.clone());
            }
            for m in slot[i].iter().flatten() {
                if m.tech.band() == x.band() && m.tech != x && !seen.contains(&m.tech) {
                    seen.push(m.tech);
                }
            }
        }
    }
    seen.sort();
    seen
}

/// The listed techniques as a card shows them: sorted by band and study order, a full house
/// folded into the hidden (or naked) single, with `uses` from the route's profile.
fn listed_entries(
    listed: &[Tech],
    profile: &BTreeMap<Tech, usize>,
    alts: Option<&BTreeMap<Tech, Vec<Tech>>>,
) -> Vec<Listed> {
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
    for &t in listed {
        if t == code::FHS && fold_into.is_some() {
            continue;
        }
        let mut uses = profile.get(&t).copied().unwrap_or(0);
        if Some(t) == fold_into {
            uses += profile.get(&code::FHS).copied().unwrap_or(0);
        }
        out.push(Listed {
            tech: t,
            alternatives: alts.map(|a| a.get(&t).cloned().unwrap_or_default()),
            uses,
        });
    }
    out.sort_by_key(|l| (l.tech.band(), l.tech.order()));
    out
}

/// The band route plus the shortest technique list with alternatives, using techniques up to
/// `opts.max_band`. Err(the route) when that route is stuck and guessing is not allowed (a build
/// that does not search every technique up to the band). A route that ran out of logic with
/// guessing allowed, or that the deadline cut, gives band Unknown and the techniques met so far.
#[cfg(any(test, feature = "internals"))]
pub fn contents<const W: usize>(
    cx: &RouteContext<W>,
    start: &State<W>,
    opts: &RouteOptions,
) -> Result<Contents, Path> {
    contents_cached(cx, start, opts, &mut MoveCache::default())
}

/// `contents` with the moves of each position kept in `cache` (the written route of the same
/// puzzle reads them: the two routes meet many positions).
pub fn contents_cached<const W: usize>(
    cx: &RouteContext<W>,
    start: &State<W>,
    opts: &RouteOptions,
    cache: &mut MoveCache<W>,
) -> Result<Contents, Path> {
    let alternatives = opts.alternatives;
    // Guessing allowed: where logic runs out the route stops instead of proving by full search.
    let guess_ban: Vec<Tech> = if opts.allow_guessing { vec![code::TRL] } else { Vec::new() };
    let base = band_path_cached(cx, start, &guess_ban, opts.max_band, Some(&mut *cache), &|_, _| true);
    if base.stop != Stop::Solved {
        if base.stop == Stop::Stuck && !opts.allow_guessing {
            return Err(base);
        }
        let profile = base.profile();
        let listed: Vec<Tech> = profile.keys().copied().collect();
        let stopped_at_step = (base.stop == Stop::Stuck).then_some(base.steps.len() + 1);
        return Ok(Contents {
            band: None,
            listed: listed_entries(&listed, &profile, None),
            completed: base.stop != Stop::Deadline,
            stopped_at_step,
            route: base,
        });
    }
    let band = base.band().unwrap_or(0);
    if !opts.shrink {
        let profile = base.profile();
        let listed: Vec<Tech> = profile.keys().copied().collect();
        let listed = listed_entries(&listed, &profile, None);
        return Ok(Contents {
            band: Some(band),
            listed,
            route: base,
            stopped_at_step: None,
            completed: true,
        });
    }
    let mut completed = true;
    // Reruns only count when they stay in the card's band, so they never search above it, and
    // when every step passes `uses_ok` against the current route with `dropped` banned and only
    // `kept` techniques usable, so they end at the first step that does not.
    let band_path = |start: &State<W>,
                     banned: &[Tech],
                     cache: &mut MoveCache<W>,
                     (current, kept, dropped): (&Path, &[Tech], Tech),
                     admits: &dyn Fn(Tech) -> bool| {
        let banned: Vec<Tech> = banned.iter().chain(&guess_ban).copied().collect();
        let before = current.profile();
        let usable = |t: Tech, uses: usize| uses_ok(t, uses, &before, kept, dropped) && admits(t);
        band_path_cached(cx, start, &banned, band, Some(cache), &usable)
    };
    let mut listed: Vec<Tech> = base.profile().keys().copied().collect();
    let mut removed: Vec<Tech> = Vec::new();
    let mut route = base;
    // Shrink: later techniques first, so that the simpler of two interchangeable ones stays. A
    // drop can list new techniques (its special cases) and free ones that failed before, so the
    // list is passed over again after every change, until a pass changes nothing.
    let mut failed: Vec<Tech> = Vec::new();
    'passes: loop {
        let mut changed = false;
        for &drop in listed.clone().iter().rev() {
            // A full house folds into the singles on the card: it is never dropped. A technique
            // dropped before can be listed still, by a form its ban leaves usable (a rectangle
            // seen in the head): its ban is already in place.
            if drop == code::FHS
                || failed.contains(&drop)
                || removed.contains(&drop)
                || !listed.contains(&drop)
            {
                continue;
            }
            let kept: Vec<Tech> = listed.iter().copied().filter(|&t| t != drop).collect();
            let mut banned = removed.clone();
            banned.push(drop);
            let trial = band_path(start, &banned, cache, (&route, &kept, drop), &|_| true);
            if trial.stop == Stop::Deadline {
                completed = false;
                break 'passes;
            }
            if shrink_ok(&trial, band, &route, &kept, drop) {
                removed.push(drop);
                // The special cases that took the dropped technique's place are listed now.
                listed = trial.profile().keys().copied().collect();
                route = trial;
                changed = true;
                failed.clear();
            } else {
                failed.push(drop);
            }
        }
        if !changed {
            break;
        }
    }
    // Alternatives: a same-band technique that was on offer where a listed one was used, and that
    // carries the route when the listed one is banned (first alone, then with the other techniques
    // on offer there banned too), shares its chip.
    let mut alts: BTreeMap<Tech, Vec<Tech>> = BTreeMap::new();
    if alternatives && completed {
        'listed: for &x in listed.iter().filter(|&&x| x != code::FHS) {
            let seen = on_offer_where_used(cx, start, &route, x, cache);
            let mut kept: Vec<Tech> = listed.iter().copied().filter(|&t| t != x).collect();
            let without_x = kept.clone();
            // Listed already, or on x's special-case chain: the subset table covers it. Trial and
            // error always gets through: it is no one's alternative.
            let candidate = |y: Tech| {
                !(listed.contains(&y) || y.is_covered_by(x) || x.is_covered_by(y) || y == code::TRL)
            };
            // The route with only `x` banned is the same for every stand-in not dropped in the shrink.
            let mut x_banned: Option<Path> = None;
            let stand_ins: Vec<Tech> =
                seen.iter().copied().filter(|&y| candidate(y) && !removed.contains(&y)).collect();
            // That route carries a stand-in only if the stand-in covers every technique it used
            // that the list without `x` lacks: it ends as soon as no stand-in does.
            let lacking: RefCell<Vec<Tech>> = RefCell::new(Vec::new());
            let one_stand_in = |t: Tech| {
                if without_x.iter().any(|&k| t.is_covered_by(k)) {
                    return true;
                }
                let mut lacking = lacking.borrow_mut();
                if !lacking.contains(&t) {
                    lacking.push(t);
                }
                stand_ins.iter().any(|&y| lacking.iter().all(|&u| u.is_covered_by(y)))
            };
            for &y in &seen {
                if cx.out_of_time() {
                    completed = false;
                    break 'listed;
                }
                if !candidate(y) {
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
                    // Shared by every stand-in: it may use any of them.
                    let usable: Vec<Tech> = kept.iter().chain(&seen).copied().collect();
                    let trial = x_banned.get_or_insert_with(|| {
                        band_path(start, &banned, cache, (&route, &usable, x), &one_stand_in)
                    });
                    ok = carries(trial);
                }
                if !ok {
                    // The route may have taken another technique on offer first: ban those too.
                    banned.extend(seen.iter().copied().filter(|&t| t != y && !listed.contains(&t)));
                    ok = carries(&band_path(start, &banned, cache, (&route, &kept, x), &|_| true));
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
        if cx.out_of_time() {
            completed = false;
        }
    }
    let profile = route.profile();
    let listed = listed_entries(&listed, &profile, alternatives.then_some(&alts));
    Ok(Contents { band: Some(band), listed, route, stopped_at_step: None, completed })
}
