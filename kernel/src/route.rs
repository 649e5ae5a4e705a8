//! The band route and the technique list (how-a-card-is-computed.txt sections 2-4).
//!
//! `band_path` solves the way a person does: at each position it takes the first technique in
//! study order that has a move (so the lowest band first), the cheapest of its moves, applies it
//! and starts again from the simplest technique. `contains` shrinks the list of techniques the
//! route used to the shortest that still solves at the same band, and finds the alternatives that
//! could stand in for each listed technique (its chip).

use crate::board::Geometry;
use crate::techniques::{Candidate, Finder, Move, State, Tech, code, finders};
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

/// The first move of the simplest technique that has one, or None when every technique is stuck.
fn next_move<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    finders: &[(Tech, Finder<W>)],
    banned: &[Tech],
    buf: &mut Vec<Move>,
) -> Option<Move> {
    for &(tech, find) in finders {
        if banned.contains(&tech) {
            continue;
        }
        buf.clear();
        find(geo, st, buf);
        if let Some(best) = buf
            .iter()
            .enumerate()
            .min_by_key(|(i, m)| (m.cost, *i))
            .map(|(i, _)| i)
        {
            return Some(buf.swap_remove(best));
        }
    }
    None
}

/// Solves band by band from `start`, never using a technique in `banned`.
pub fn band_path<const W: usize>(geo: &Geometry<W>, start: &State<W>, banned: &[Tech]) -> Path {
    let finders = finders::<W>();
    let mut st = start.clone();
    let mut steps = Vec::new();
    let mut buf = Vec::new();
    while !st.is_solved(geo) {
        let Some(mv) = next_move(geo, &st, &finders, banned, &mut buf) else {
            break;
        };
        st.apply(geo, &mv);
        steps.push(Step::from(mv));
    }
    let open_left = st.open_cells(geo).len() as usize;
    Path {
        solved: open_left == 0,
        steps,
        open_left,
    }
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

/// True when some move of `tech` is on offer in one of the positions where `used` was used on `route`.
fn available_where_used<const W: usize>(
    geo: &Geometry<W>,
    start: &State<W>,
    route: &Path,
    used: Tech,
    tech: Tech,
) -> bool {
    let Some(&(_, find)) = finders::<W>().iter().find(|(t, _)| *t == tech) else {
        return false;
    };
    let mut st = start.clone();
    let mut buf = Vec::new();
    for step in &route.steps {
        if step.tech == used {
            buf.clear();
            find(geo, &st, &mut buf);
            if !buf.is_empty() {
                return true;
            }
        }
        let mv = Move {
            tech: step.tech,
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
            houses: Vec::new(),
            digits: 0,
            cost: 0,
        };
        st.apply(geo, &mv);
    }
    false
}

/// The band route plus the shortest technique list with alternatives; None when the route does
/// not solve the puzzle with the techniques the engine has.
pub fn contents<const W: usize>(
    geo: &Geometry<W>,
    start: &State<W>,
    alternatives: bool,
) -> Result<Contents, Path> {
    let base = band_path(geo, start, &[]);
    if !base.solved {
        return Err(base);
    }
    let band = base.band().unwrap_or(0);
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
    // Alternatives: same-band techniques outside the listed one's special-case chain that were on
    // offer where it was used and carry the route when it is banned.
    let mut alts: BTreeMap<Tech, Vec<Tech>> = BTreeMap::new();
    if alternatives {
        for &x in &listed {
            if x == code::FHS {
                continue;
            }
            let others: Vec<Tech> = finders::<W>()
                .iter()
                .map(|(t, _)| *t)
                .filter(|&y| {
                    y != x
                        && y.band() == x.band()
                        && !listed.contains(&y)
                        && !y.is_covered_by(x)
                        && !x.is_covered_by(y)
                })
                .collect();
            if others.is_empty() {
                continue;
            }
            let mut banned = removed.clone();
            banned.push(x);
            let trial = band_path(geo, start, &banned);
            if !trial.solved || trial.band() != Some(band) {
                continue;
            }
            let used = trial.profile();
            for y in others {
                let fits = used
                    .keys()
                    .all(|&t| t == y || listed.iter().any(|&k| k != x && t.is_covered_by(k)));
                if fits && used.contains_key(&y) && available_where_used(geo, start, &route, x, y) {
                    alts.entry(x).or_default().push(y);
                }
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
    Ok(Contents {
        band,
        listed: out,
        route,
    })
}
