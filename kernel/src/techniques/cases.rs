//! Case analysis (Expert): a person splits on a small choice and follows each case a few rounds.
//!
//! A *round* is one sweep of the logic a person applies in a case: the naked singles on the board,
//! then the hidden singles house by house; or, when there is none and the logic allows it, every
//! pointing / claiming lock at once (or the naked / hidden pairs, for the forcing nets of
//! `forcing.rs`). A case
//! ends in a contradiction when a cell loses its last candidate, a house loses the last place for
//! a digit, or two singles of one round clash.
//!
//! - STR Short trial: one option of a bivalue cell breaks within `STR_ROUNDS` rounds of singles;
//!   the cell takes its other digit.
//! - WIF What if: one side of a two-way choice (a bivalue cell, or a digit with two places in a
//!   house) breaks within `WIF_ROUNDS` rounds of singles and locks; the other side holds.
//! - EWY Either way: both sides of a two-way choice lead, within `EWY_ROUNDS` rounds of singles,
//!   to the same placement or elimination.
//! - CAS Case analysis: a candidate whose assumption breaks within `CAS_ROUNDS` rounds of singles
//!   and locks is eliminated (refutation); or every option of a cell with at most three candidates,
//!   or every place of a digit with at most three places in a house, removes the same candidate
//!   (cell / house case analysis). One elimination per move; a choice of fewer options first (the
//!   reference's CAS steps are matched best that way: 62 of its 113 steps offered exactly).
//!
//! The round bounds keep the cases short enough to follow in the head or on paper; longer cases
//! are forcing chains (Extreme, `forcing.rs`).

use super::memo::Searcher;
use super::{Candidate, MAX_MOVES_PER_TECHNIQUE, Move, Pattern, SearchContext, State, Tech, code};
use crate::bits::{CellSet, count_at_least};
use crate::board::{Geometry, MAX_DIGITS};
use crate::solve::Node;

/// Rounds of singles a short trial follows.
pub const STR_ROUNDS: u32 = 3;
/// Rounds of singles and locks a what-if follows.
pub const WIF_ROUNDS: u32 = 4;
/// Rounds of singles an either-way split follows.
pub const EWY_ROUNDS: u32 = 4;
/// Rounds of singles and locks a case analysis follows.
pub const CAS_ROUNDS: u32 = 3;
/// Most options (a cell's candidates, a digit's places in a house) a case analysis splits on.
pub const CAS_OPTIONS: u32 = 3;

/// The logic applied inside a case, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Logic {
    /// Naked and hidden singles.
    Singles,
    /// Singles, then pointing / claiming locks.
    Locked,
    /// Singles, locks, then naked and hidden pairs.
    Pairs,
}

/// How a case ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A contradiction after this many rounds.
    Contradiction(u32),
    /// No contradiction; this many rounds made progress.
    Open(u32),
}

impl Outcome {
    pub fn is_contradiction(self) -> bool {
        matches!(self, Outcome::Contradiction(_))
    }
    pub fn rounds(self) -> u32 {
        match self {
            Outcome::Contradiction(r) | Outcome::Open(r) => r,
        }
    }
}

/// The case position of a route state (a copy: cases never touch the route).
pub(crate) fn node_of<const W: usize>(st: &State<W>) -> Node<W> {
    Node { planes: st.planes, placed: st.placed }
}

/// True when a complete house of the node has no place left for a digit.
fn house_without_digit<const W: usize>(geo: &Geometry<W>, node: &Node<W>) -> bool {
    geo.complete_houses
        .iter()
        .any(|&h| node.planes[..geo.digits].iter().any(|p| !p.intersects(&geo.houses[h])))
}

/// One round of singles: the naked singles, then the hidden singles house by house (each
/// placement is seen by the houses after it). Some(true) when a single was placed, None on a
/// contradiction (a clash, or a complete house without a place for a digit).
fn singles_round<const W: usize>(
    geo: &Geometry<W>,
    node: &mut Node<W>,
    open: &CellSet<W>,
    ones: &CellSet<W>,
    twos: &CellSet<W>,
) -> Option<bool> {
    let mut placed_any = false;
    for cell in ones.and_not(twos).iter() {
        let d = (0..geo.digits).find(|&d| node.planes[d].contains(cell))?;
        if !node.place(geo, cell, d) {
            return None;
        }
        placed_any = true;
    }
    for &h in &geo.complete_houses {
        let house = &geo.houses[h];
        for d in 0..geo.digits {
            let spots = node.planes[d].and(house);
            if spots.is_empty() {
                return None;
            }
            if spots.is_single() {
                let cell = spots.first()?;
                if open.contains(cell) && !node.placed.contains(cell) {
                    if !node.place(geo, cell, d) {
                        return None;
                    }
                    placed_any = true;
                }
            }
        }
    }
    Some(placed_any)
}

/// The digits of a position whose locks clear nothing, with their open candidates: in a case
/// where a digit's open candidates are still those, its locks clear nothing either.
pub(crate) struct QuietLocks<const W: usize> {
    /// Bit d: digit index d's locks clear nothing in the position.
    quiet: u32,
    open_candidates: [CellSet<W>; MAX_DIGITS],
}

impl<const W: usize> QuietLocks<W> {
    pub(crate) fn of(geo: &Geometry<W>, node: &Node<W>) -> QuietLocks<W> {
        let open = geo.all.and_not(&node.placed);
        let mut open_candidates = [CellSet::EMPTY; MAX_DIGITS];
        let mut quiet = 0;
        for (d, slot) in open_candidates[..geo.digits].iter_mut().enumerate() {
            *slot = node.planes[d].and(&open);
            let mut probe = *node;
            if !digit_locks(geo, &mut probe, d, &node.planes[d], &open) {
                quiet |= 1 << d;
            }
        }
        QuietLocks { quiet, open_candidates }
    }

    /// True when digit index `d`, with open candidates `now`, clears nothing.
    fn skips(&self, d: usize, now: &CellSet<W>) -> bool {
        self.quiet >> d & 1 == 1 && self.open_candidates[d] == *now
    }
}

/// The locks of digit index `d` (candidates `plane` at the start of the round) applied to
/// `node`: true when a candidate went.
fn digit_locks<const W: usize>(
    geo: &Geometry<W>,
    node: &mut Node<W>,
    d: usize,
    plane: &CellSet<W>,
    open: &CellSet<W>,
) -> bool {
    let mut any = false;
    // The intersections come grouped by house `a`: its spots are read once per group.
    let mut spots_in: Option<(usize, CellSet<W>)> = None;
    for &(a, b) in &geo.intersections {
        let spots = match spots_in {
            Some((h, spots)) if h == a => spots,
            _ => {
                let spots = plane.and(&geo.houses[a]).and(open);
                spots_in = Some((a, spots));
                spots
            }
        };
        any |= lock(geo, node, d, &spots, open, (a, b));
    }
    any
}

/// The lock of digit index `d` in house `a` inside house `b`, given `spots`, the digit's open
/// candidates in `a` at the start of the round, applied to `node`: true when a candidate went.
fn lock<const W: usize>(
    geo: &Geometry<W>,
    node: &mut Node<W>,
    d: usize,
    spots: &CellSet<W>,
    open: &CellSet<W>,
    (a, b): (usize, usize),
) -> bool {
    if spots.is_empty() || !spots.is_subset(&geo.houses[b]) {
        return false;
    }
    let cleared = node.planes[d].and(&geo.houses[b]).and(open).and_not(&geo.houses[a]);
    node.planes[d] = node.planes[d].and_not(&cleared);
    !cleared.is_empty()
}

/// One round of pointing / claiming locks, all at once: true when a candidate went. A lock
/// clears only its own digit, so the digits go one by one; `quiet` skips those known to clear
/// nothing.
fn locks_round<const W: usize>(
    geo: &Geometry<W>,
    node: &mut Node<W>,
    open: &CellSet<W>,
    quiet: Option<&QuietLocks<W>>,
) -> bool {
    let snap = node.planes;
    let mut any = false;
    for (d, plane) in snap[..geo.digits].iter().enumerate() {
        if quiet.is_some_and(|q| q.skips(d, &plane.and(open))) {
            continue;
        }
        any |= digit_locks(geo, node, d, plane, open);
    }
    any
}

/// One round of pointing / claiming locks, all at once, intersection by intersection (the
/// order `locks_round` must match): true when a candidate went.
#[cfg(test)]
fn locks_round_plain<const W: usize>(geo: &Geometry<W>, node: &mut Node<W>, open: &CellSet<W>) -> bool {
    let snap = node.planes;
    let mut any = false;
    for &(a, b) in &geo.intersections {
        for (d, plane) in snap[..geo.digits].iter().enumerate() {
            any |= lock(geo, node, d, &plane.and(&geo.houses[a]).and(open), open, (a, b));
        }
    }
    any
}

/// One round of naked and hidden pairs: true when a candidate went.
fn pairs_round<const W: usize>(geo: &Geometry<W>, node: &mut Node<W>, open: &CellSet<W>) -> bool {
    let digits = geo.digits;
    let snap = node.planes;
    let [_, twos, threes] = count_at_least(&snap[..digits], open);
    let bivalue = twos.and_not(&threes);
    let mask_of = |cell: usize| (0..digits).filter(|&d| snap[d].contains(cell)).fold(0u32, |m, d| m | 1 << d);
    let mut any = false;
    for &h in &geo.complete_houses {
        let house = geo.houses[h].and(open);
        // Naked pairs.
        let bi: Vec<usize> = bivalue.and(&house).iter().collect();
        for (i, &a) in bi.iter().enumerate() {
            let ma = mask_of(a);
            for &b in &bi[i + 1..] {
                if mask_of(b) != ma {
                    continue;
                }
                let mut rest = house;
                rest.remove(a);
                rest.remove(b);
                for d in (0..digits).filter(|&d| ma & (1 << d) != 0) {
                    if node.planes[d].intersects(&rest) {
                        node.planes[d] = node.planes[d].and_not(&rest);
                        any = true;
                    }
                }
            }
        }
        // Hidden pairs.
        for d in 0..digits {
            let sd = snap[d].and(&house);
            if sd.len() != 2 {
                continue;
            }
            for (e, other) in snap[..digits].iter().enumerate().skip(d + 1) {
                if other.and(&house) != sd {
                    continue;
                }
                for (f, plane) in node.planes[..digits].iter_mut().enumerate() {
                    if f != d && f != e && plane.intersects(&sd) {
                        *plane = plane.and_not(&sd);
                        any = true;
                    }
                }
            }
        }
    }
    any
}

/// Follows a case for at most `max_rounds` rounds of `logic`.
pub(crate) fn propagate<const W: usize>(
    geo: &Geometry<W>,
    node: &mut Node<W>,
    logic: Logic,
    max_rounds: u32,
) -> Outcome {
    propagate_quiet(geo, node, logic, max_rounds, None)
}

/// `propagate`, with the quiet locks of the position the case started from, when known.
fn propagate_quiet<const W: usize>(
    geo: &Geometry<W>,
    node: &mut Node<W>,
    logic: Logic,
    max_rounds: u32,
    quiet: Option<&QuietLocks<W>>,
) -> Outcome {
    let mut rounds = 0;
    loop {
        let open = geo.all.and_not(&node.placed);
        let [ones, twos, _] = count_at_least(&node.planes[..geo.digits], &open);
        if !open.is_subset(&ones) {
            return Outcome::Contradiction(rounds);
        }
        if open.is_empty() || rounds >= max_rounds {
            return if house_without_digit(geo, node) {
                Outcome::Contradiction(rounds)
            } else {
                Outcome::Open(rounds)
            };
        }
        let progress = match singles_round(geo, node, &open, &ones, &twos) {
            None => return Outcome::Contradiction(rounds + 1),
            Some(true) => true,
            Some(false) => {
                (logic >= Logic::Locked && locks_round(geo, node, &open, quiet))
                    || (logic >= Logic::Pairs && pairs_round(geo, node, &open))
            }
        };
        if !progress {
            return Outcome::Open(rounds);
        }
        rounds += 1;
    }
}

/// The case `digit index d in cell`, followed: the node and how it ended (a contradiction at
/// once when `d` is not a candidate there).
pub(crate) fn assume<const W: usize>(
    geo: &Geometry<W>,
    base: &Node<W>,
    cell: usize,
    d: usize,
    logic: Logic,
    max_rounds: u32,
) -> (Node<W>, Outcome) {
    assume_quiet(geo, base, cell, d, logic, max_rounds, None)
}

/// `assume`, with the quiet locks of `base` when known (the cases of one position share them).
fn assume_quiet<const W: usize>(
    geo: &Geometry<W>,
    base: &Node<W>,
    cell: usize,
    d: usize,
    logic: Logic,
    max_rounds: u32,
    quiet: Option<&QuietLocks<W>>,
) -> (Node<W>, Outcome) {
    let mut node = *base;
    if !node.place(geo, cell, d) {
        return (node, Outcome::Contradiction(0));
    }
    let out = propagate_quiet(geo, &mut node, logic, max_rounds, quiet);
    (node, out)
}

/// Candidate digits (bit d for digit index d) of a cell in a node.
pub fn mask_of<const W: usize>(geo: &Geometry<W>, planes: &[CellSet<W>; MAX_DIGITS], cell: usize) -> u32 {
    (0..geo.digits).filter(|&d| planes[d].contains(cell)).fold(0, |m, d| m | 1 << d)
}

/// A two- or more-way choice: the options (cell, digit index) of which exactly one holds.
#[derive(Clone, Debug)]
pub struct Choice {
    pub options: Vec<(usize, usize)>,
    /// The house of a digit's places, None for a cell's candidates.
    pub house: Option<usize>,
}

/// Choices with 2..=`max` options: cells by their candidates, then digits by their places in a
/// complete house (each digit once per set of places).
pub fn choices<const W: usize>(geo: &Geometry<W>, st: &State<W>, max: u32) -> Vec<Choice> {
    let open = st.open_cells(geo);
    let mut out = Vec::new();
    for cell in open.iter() {
        let m = mask_of(geo, &st.planes, cell);
        if (2..=max).contains(&m.count_ones()) {
            let options = (0..geo.digits).filter(|&d| m & (1 << d) != 0).map(|d| (cell, d)).collect();
            out.push(Choice { options, house: None });
        }
    }
    let mut seen: Vec<(usize, CellSet<W>)> = Vec::new();
    for &h in &geo.complete_houses {
        for d in 0..geo.digits {
            let spots = st.planes[d].and(&geo.houses[h]).and(&open);
            let n = spots.len();
            if n < 2 || n > max || seen.contains(&(d, spots)) {
                continue;
            }
            seen.push((d, spots));
            out.push(Choice { options: spots.iter().map(|c| (c, d)).collect(), house: Some(h) });
        }
    }
    out
}

/// What every surviving case of a choice agrees on: candidates of `st` that no surviving case
/// keeps, and cells every surviving case fills with the same digit (still open in `st`). None when
/// no case survives.
pub(crate) fn common_effects<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    cases: &[(Node<W>, Outcome)],
) -> Option<(Vec<Candidate>, Vec<Candidate>)> {
    let open = st.open_cells(geo);
    let alive: Vec<&Node<W>> = cases.iter().filter(|(_, o)| !o.is_contradiction()).map(|(n, _)| n).collect();
    if alive.is_empty() {
        return None;
    }
    let mut eliminations = Vec::new();
    let mut placements = Vec::new();
    for d in 0..geo.digits {
        let mut gone = st.planes[d].and(&open);
        let mut filled = st.planes[d].and(&open);
        for n in &alive {
            gone = gone.and_not(&n.planes[d]);
            filled = filled.and(&n.planes[d]).and(&n.placed);
        }
        eliminations.extend(gone.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }));
        placements.extend(filled.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }));
    }
    eliminations.sort();
    placements.sort();
    Some((eliminations, placements))
}

/// Ordering cost of a case move: fewer options (a refutation counts its cell's candidates),
/// then fewer rounds, then board order.
fn case_cost(rounds: u32, options: usize, first_cell: usize) -> u32 {
    (options.min(99) as u32) * 1_000_000 + rounds.min(99) * 10_000 + first_cell.min(9_999) as u32
}

fn case_move(
    tech: Tech,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
    houses: Vec<usize>,
    digits: u32,
    cost: u32,
) -> Move {
    Move {
        tech,
        placements,
        eliminations,
        houses,
        rules: Vec::new(),
        digits,
        cost,
        pattern: Pattern::Unbuilt,
    }
}

/// Every candidate of `st` assumed and followed `rounds` rounds of `logic`, in board order
/// (cells, then digits): the cases that refutations and choices read.
pub(crate) struct Cases<const W: usize> {
    /// (cell, digit index, the case, how it ended).
    pub cases: Vec<(usize, usize, Node<W>, Outcome)>,
    /// Per cell * digits + digit: index into `cases` (u32::MAX when not a candidate).
    index: Vec<u32>,
    digits: usize,
}

impl<const W: usize> Cases<W> {
    /// None when the deadline passed before every case was followed.
    pub fn follow(cx: &SearchContext<W>, st: &State<W>, logic: Logic, rounds: u32) -> Option<Cases<W>> {
        Self::follow_where(cx, st, logic, rounds, &|_, _| true, None)
    }

    /// `follow` for the candidates (cell, digit index) that `wanted` keeps (the others have no
    /// case), reading the cases `known` has rather than following them again.
    fn follow_where(
        cx: &SearchContext<W>,
        st: &State<W>,
        logic: Logic,
        rounds: u32,
        wanted: &dyn Fn(usize, usize) -> bool,
        known: Option<&Cases<W>>,
    ) -> Option<Cases<W>> {
        let geo = cx.geo;
        let base = node_of(st);
        let quiet = (logic >= Logic::Locked).then(|| QuietLocks::of(geo, &base));
        // Room for every candidate's case (a case holds a whole position: growing the list copies them).
        let open = st.open_cells(geo);
        let mut cases =
            Vec::with_capacity(st.planes[..geo.digits].iter().map(|p| p.and(&open).len() as usize).sum());
        let mut index = vec![u32::MAX; geo.cells * geo.digits];
        for cell in st.open_cells(geo).iter() {
            if cx.budget.passed() {
                return None;
            }
            let m = mask_of(geo, &st.planes, cell);
            for d in (0..geo.digits).filter(|&d| m & (1 << d) != 0 && wanted(cell, d)) {
                let (node, outcome) = match known.and_then(|k| k.get(cell, d)) {
                    Some(&(_, _, node, outcome)) => (node, outcome),
                    None => assume_quiet(geo, &base, cell, d, logic, rounds, quiet.as_ref()),
                };
                index[cell * geo.digits + d] = cases.len() as u32;
                cases.push((cell, d, node, outcome));
            }
        }
        Some(Cases { cases, index, digits: geo.digits })
    }

    /// The case of digit index `d` in `cell`.
    pub fn get(&self, cell: usize, d: usize) -> Option<&(usize, usize, Node<W>, Outcome)> {
        let i = *self.index.get(cell * self.digits + d)?;
        self.cases.get(i as usize)
    }
}

/// A case move before it is built (a position has thousands, of which a few are kept): its one
/// elimination, its ordering cost and digits, and where its houses are read.
#[derive(Clone, Copy)]
struct CaseEffect {
    elim: Candidate,
    cost: u32,
    digits: u32,
    houses: CaseHouses,
}

/// The houses a case move reads: every house of a cell, or one house.
#[derive(Clone, Copy)]
enum CaseHouses {
    OfCell(usize),
    One(usize),
}

impl CaseEffect {
    fn build<const W: usize>(&self, geo: &Geometry<W>, tech: Tech) -> Move {
        let houses = match self.houses {
            CaseHouses::OfCell(cell) => geo.cell_houses[cell].clone(),
            CaseHouses::One(h) => vec![h],
        };
        case_move(tech, Vec::new(), vec![self.elim], houses, self.digits, self.cost)
    }
}

/// Refutations: each case that breaks, as an elimination. Cheaper: fewer candidates in the cell,
/// then fewer rounds.
fn refutations_of<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    cases: &Cases<W>,
    out: &mut Vec<CaseEffect>,
) {
    for &(cell, d, _, outcome) in &cases.cases {
        if let Outcome::Contradiction(r) = outcome {
            let n = mask_of(geo, &st.planes, cell).count_ones() as usize;
            out.push(CaseEffect {
                elim: Candidate { cell, digit: d as u8 + 1 },
                cost: case_cost(r, n, cell),
                digits: 1 << d,
                houses: CaseHouses::OfCell(cell),
            });
        }
    }
}

/// Forcing over choices: each candidate removed by every surviving case of one of `choices`, as
/// one elimination.
fn choice_forcing_of<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    cases: &Cases<W>,
    choices: &[Choice],
    out: &mut Vec<CaseEffect>,
) {
    let mut branch: Vec<(Node<W>, Outcome)> = Vec::new();
    for choice in choices {
        branch.clear();
        for &(c, d) in &choice.options {
            if let Some(&(_, _, node, outcome)) = cases.get(c, d) {
                branch.push((node, outcome));
            }
        }
        if branch.len() != choice.options.len() {
            continue;
        }
        let Some((elims, _)) = common_effects(geo, st, &branch) else {
            continue;
        };
        let r = branch.iter().map(|(_, o)| o.rounds()).max().unwrap_or(0);
        let digits = choice.options.iter().fold(0u32, |m, &(_, d)| m | 1 << d);
        let first = choice.options[0].0;
        let houses = match choice.house {
            Some(h) => CaseHouses::One(h),
            None => CaseHouses::OfCell(first),
        };
        for e in elims {
            out.push(CaseEffect {
                elim: e,
                cost: case_cost(r, choice.options.len(), first) + 1,
                digits: digits | 1 << (e.digit - 1),
                houses,
            });
        }
    }
}

/// Refutations and forcing over choices of at most `max_options` options, with cases followed
/// `rounds` rounds of `logic`.
pub(crate) fn case_search<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    logic: Logic,
    rounds: u32,
    max_options: u32,
    tech: Tech,
    out: &mut Vec<Move>,
) {
    let geo = cx.geo;
    let Some(cases) = Cases::follow(cx, st, logic, rounds) else {
        return;
    };
    let mut found = Vec::new();
    refutations_of(geo, st, &cases, &mut found);
    choice_forcing_of(geo, st, &cases, &choices(geo, st, max_options), &mut found);
    out.extend(distinct_effects(geo, found).iter().map(|e| e.build(geo, tech)));
}

/// The first `MAX_MOVES_PER_TECHNIQUE` moves of `case_search` (all that a route reads of a
/// search: it keeps the cheapest eight). The cases of the choices' options are followed first.
/// The other candidates' cases can only add refutations, each costing at least its cell's
/// candidate count (more than a choice's options) at no round: those cases are followed only when
/// fewer than eight moves are cheaper than the cheapest such refutation could be.
fn cheapest_case_moves<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    logic: Logic,
    rounds: u32,
    max_options: u32,
    tech: Tech,
    out: &mut Vec<Move>,
) {
    let geo = cx.geo;
    let choices = choices(geo, st, max_options);
    let mut in_choice = vec![false; geo.cells * geo.digits];
    for choice in &choices {
        for &(cell, d) in &choice.options {
            in_choice[cell * geo.digits + d] = true;
        }
    }
    let wanted = |cell: usize, d: usize| in_choice[cell * geo.digits + d];
    let Some(first) = Cases::follow_where(cx, st, logic, rounds, &wanted, None) else {
        return;
    };
    // The forcing over choices reads only the choices' cases: it is the same with every case.
    let mut forced = Vec::new();
    choice_forcing_of(geo, st, &first, &choices, &mut forced);
    let effects = |cases: &Cases<W>| {
        let mut found = Vec::new();
        refutations_of(geo, st, cases, &mut found);
        found.extend_from_slice(&forced);
        distinct_effects(geo, found)
    };
    let mut emit = |found: &[CaseEffect]| {
        out.extend(found.iter().take(MAX_MOVES_PER_TECHNIQUE).map(|e| e.build(geo, tech)));
    };
    let found = effects(&first);
    let floor = st
        .open_cells(geo)
        .iter()
        .filter(|&cell| (0..geo.digits).any(|d| st.planes[d].contains(cell) && !wanted(cell, d)))
        .map(|cell| case_cost(0, mask_of(geo, &st.planes, cell).count_ones() as usize, cell))
        .min();
    let sure = match floor {
        Some(floor) => found.iter().take_while(|e| e.cost < floor).count(),
        None => found.len(),
    };
    if sure >= MAX_MOVES_PER_TECHNIQUE || floor.is_none() {
        emit(&found);
        return;
    }
    if let Some(all) = Cases::follow_where(cx, st, logic, rounds, &|_, _| true, Some(&first)) {
        emit(&effects(&all));
    }
}

/// Keeps one effect per candidate (the cheapest; the first found on a tie: a candidate refuted
/// directly is often also removed by a choice), cheapest first.
fn distinct_effects<const W: usize>(geo: &Geometry<W>, mut found: Vec<CaseEffect>) -> Vec<CaseEffect> {
    found.sort_by_key(|e| e.cost);
    let mut seen = vec![false; geo.cells * geo.digits];
    found.retain(|e| {
        !std::mem::replace(&mut seen[e.elim.cell * geo.digits + e.elim.digit as usize - 1], true)
    });
    found
}

/// CAS Case analysis: refutations within `CAS_ROUNDS` rounds of singles and locks, then cell and
/// house case analysis over choices of at most `CAS_OPTIONS` options; the cheapest eight moves.
pub fn case_analysis<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    cx.per_position(Searcher::CaseAnalysis, st, out, |out| {
        cheapest_case_moves(cx, st, Logic::Locked, CAS_ROUNDS, CAS_OPTIONS, code::CAS, out)
    });
}

/// EWY Either way: both sides of a two-way choice agree, within `EWY_ROUNDS` rounds of singles,
/// on a placement (preferred) or an elimination.
pub fn either_way<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let base = node_of(st);
    for choice in choices(geo, st, 2) {
        if cx.budget.passed() {
            return;
        }
        let cases: Vec<(Node<W>, Outcome)> = choice
            .options
            .iter()
            .map(|&(c, d)| assume(geo, &base, c, d, Logic::Singles, EWY_ROUNDS))
            .collect();
        // A side that breaks is a what-if, not an either-way.
        if cases.iter().any(|(_, o)| o.is_contradiction()) {
            continue;
        }
        let Some((elims, places)) = common_effects(geo, st, &cases) else {
            continue;
        };
        let r = cases.iter().map(|(_, o)| o.rounds()).max().unwrap_or(0);
        let first = choice.options[0].0;
        let digits = choice.options.iter().fold(0u32, |m, &(_, d)| m | 1 << d);
        let houses: Vec<usize> = match choice.house {
            Some(h) => vec![h],
            None => geo.cell_houses[first].clone(),
        };
        for p in places {
            out.push(case_move(
                code::EWY,
                vec![p],
                Vec::new(),
                houses.clone(),
                digits | 1 << (p.digit - 1),
                case_cost(r, 2, first),
            ));
        }
        for e in elims {
            out.push(case_move(
                code::EWY,
                Vec::new(),
                vec![e],
                houses.clone(),
                digits | 1 << (e.digit - 1),
                case_cost(r, 2, first) + 500_000,
            ));
        }
    }
}

/// The two-way choices where one side breaks within `rounds` of `logic`: the other side's
/// placement as a move of `tech`. `cells_only` keeps to bivalue cells.
fn one_side_breaks<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    logic: Logic,
    rounds: u32,
    cells_only: bool,
    tech: Tech,
    out: &mut Vec<Move>,
) {
    let geo = cx.geo;
    let base = node_of(st);
    let quiet = (logic >= Logic::Locked).then(|| QuietLocks::of(geo, &base));
    for choice in choices(geo, st, 2) {
        if cells_only && choice.house.is_some() {
            continue;
        }
        if cx.budget.passed() {
            return;
        }
        for (i, &(cell, d)) in choice.options.iter().enumerate() {
            let (_, outcome) = assume_quiet(geo, &base, cell, d, logic, rounds, quiet.as_ref());
            let Outcome::Contradiction(r) = outcome else {
                continue;
            };
            let (oc, od) = choice.options[1 - i];
            let houses: Vec<usize> = match choice.house {
                Some(h) => vec![h],
                None => geo.cell_houses[cell].clone(),
            };
            out.push(case_move(
                tech,
                vec![Candidate { cell: oc, digit: od as u8 + 1 }],
                Vec::new(),
                houses,
                1 << d | 1 << od,
                case_cost(r, 2, cell),
            ));
            break;
        }
    }
}

/// WIF What if: one side of a two-way choice breaks within `WIF_ROUNDS` rounds of singles and
/// locks; the other side is placed.
pub fn what_if<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    one_side_breaks(cx, st, Logic::Locked, WIF_ROUNDS, false, code::WIF, out);
}

/// STR Short trial: one digit of a bivalue cell breaks within `STR_ROUNDS` rounds of singles; the
/// cell takes the other.
pub fn short_trial<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    one_side_breaks(cx, st, Logic::Singles, STR_ROUNDS, true, code::STR, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_positions::{AICE, QUIET, classic9, from_grid};

    /// Two Expert positions (one without locks) and a fresh puzzle full of them.
    fn sample_positions(geo: &Geometry<2>) -> [State<2>; 3] {
        let fresh: Vec<u8> =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
        [from_grid(geo, AICE.0), from_grid(geo, QUIET.0), State::new(geo, &fresh).expect("valid")]
    }

    fn same<const W: usize>(a: &Node<W>, b: &Node<W>) -> bool {
        a.planes == b.planes && a.placed == b.placed
    }

    /// The cheapest case moves, found following the choices' cases first, are the first moves of
    /// the search that follows every case, on Expert positions and on a fresh puzzle.
    #[test]
    fn cheapest_case_moves_are_the_full_search_s_first() {
        let geo = classic9();
        let positions = sample_positions(&geo);
        for st in &positions {
            let mut full = Vec::new();
            case_search(
                &SearchContext::plain(&geo),
                st,
                Logic::Locked,
                CAS_ROUNDS,
                CAS_OPTIONS,
                code::CAS,
                &mut full,
            );
            full.truncate(MAX_MOVES_PER_TECHNIQUE);
            let mut cheapest = Vec::new();
            cheapest_case_moves(
                &SearchContext::plain(&geo),
                st,
                Logic::Locked,
                CAS_ROUNDS,
                CAS_OPTIONS,
                code::CAS,
                &mut cheapest,
            );
            assert_eq!(cheapest, full);
        }
    }

    /// Every case of a few positions (Expert ones without locks, and a fresh puzzle full of
    /// them): the rounds of locks digit by digit, skipping the quiet digits, end exactly as the
    /// plain rounds, intersection by intersection.
    #[test]
    fn quiet_locks_change_nothing() {
        let geo = classic9();
        let positions = sample_positions(&geo);
        let mut rounds_compared = 0;
        for st in &positions {
            let base = node_of(st);
            let quiet = QuietLocks::of(&geo, &base);
            for cell in st.open_cells(&geo).iter() {
                for d in (0..9).filter(|&d| st.planes[d].contains(cell)) {
                    let with = assume_quiet(&geo, &base, cell, d, Logic::Locked, 8, Some(&quiet));
                    let without = assume_quiet(&geo, &base, cell, d, Logic::Locked, 8, None);
                    assert_eq!(with.1, without.1);
                    assert!(same(&with.0, &without.0));
                    // One round of locks on the case after its placement, both ways.
                    let mut digit_major = base;
                    digit_major.place(&geo, cell, d);
                    let mut plain = digit_major;
                    let open = geo.all.and_not(&plain.placed);
                    let a = locks_round(&geo, &mut digit_major, &open, Some(&quiet));
                    let b = locks_round_plain(&geo, &mut plain, &open);
                    assert_eq!(a, b);
                    assert!(same(&digit_major, &plain));
                    rounds_compared += b as usize;
                }
            }
        }
        // The fresh puzzle's locks do clear candidates: the comparison is not vacuous.
        assert!(rounds_compared > 0);
    }
}
