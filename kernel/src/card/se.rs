//! The card's `se` field: Sudoku Explainer-style ratings (card-reference.txt, pencilmark.se).
//! Each step takes its technique's value on SE's classic scale (the `se` column of
//! kernel/data/techniques.csv); ER is the hardest step, EP the hardest before the first
//! placement, ED the first step's value. The steps are SE's way through the puzzle rather than
//! the band route: at every position the move with the lowest SE value, as Sudoku Explainer takes
//! it (a person's route by band and study order takes a Skyscraper, 6.6 on SE's scale, where SE
//! takes an XY-Wing at 4.2). Approximate still: our techniques are not SE's rules.

use crate::board::{Board, HouseKind};
use crate::budget::Budget;
use crate::route::Step;
use crate::techniques::{Move, SearchContext, State, Tech, code, searches};
use serde::Serialize;

/// `{"er", "ep", "ed", "scale": "classic"}`.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct Se {
    pub er: f64,
    pub ep: f64,
    pub ed: f64,
    pub scale: &'static str,
}

/// SE's value for a technique it has no rule for and that is no special case of one.
const FALLBACK: f64 = 7.0;

/// The technique's SE value: its own, else the largest of the techniques it is a special case of
/// (transitively), else [`FALLBACK`].
fn tech_value(tech: Tech) -> f64 {
    tech.info().se.unwrap_or_else(|| {
        tech.info()
            .special_case_of
            .iter()
            .map(|&g| tech_value(g))
            .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))))
            .unwrap_or(FALLBACK)
    })
}

/// A step's value. SE rates a hidden single in a box 1.2 and in a row or column 1.5, and a locked
/// candidate from a row or column (claiming) 2.8 against 2.6 from a box (pointing).
fn move_value(board: &Board, tech: Tech, houses: &[usize]) -> f64 {
    let in_line = |house: Option<&usize>| {
        house.is_some_and(|&h| matches!(board.houses[h].kind, HouseKind::Row | HouseKind::Column))
    };
    match tech {
        t if (t == code::HSI || t == code::FHS) && in_line(houses.first()) => 1.5,
        t if t == code::PPR && in_line(houses.first()) => 2.8,
        t => tech_value(t),
    }
}

fn step_value(board: &Board, step: &Step) -> f64 {
    move_value(board, step.tech, &step.houses)
}

/// Forms SE has no rule for: subsets and short chains seen without notes (SE rates the notes'
/// versions; its "direct" hidden subsets are narrower than ours).
const NOT_SE: [Tech; 2] = [code::MSI, code::MCH];

/// SE's way through a puzzle: from `start`, repeatedly the move with the lowest SE value (the
/// cheapest of those by the search's own order), until the grid is full, nothing applies, or the
/// budget passes (then None).
pub fn se_path<const W: usize>(cx: &SearchContext<W>, board: &Board, start: &State<W>) -> Option<Vec<Step>> {
    let geo = cx.geo;
    // Searches by the lowest value any of their shapes can have (a hidden single's is the box
    // value), so that the walk can stop at the first search that cannot beat the best move found.
    let mut all: Vec<_> = searches::<W>()
        .into_iter()
        .filter(|s| !s.codes.iter().all(|t| NOT_SE.contains(t)))
        .map(|s| (s.codes.iter().map(|&t| tech_value(t)).fold(f64::MAX, f64::min), s))
        .collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut st = start.clone();
    let mut steps = Vec::new();
    let mut buf: Vec<Move> = Vec::new();
    while !st.is_solved(geo) {
        let mut best: Option<(f64, Move)> = None;
        for (floor, s) in &all {
            if best.as_ref().is_some_and(|(v, _)| *v <= *floor) {
                break;
            }
            if cx.budget.passed() {
                return None;
            }
            buf.clear();
            (s.find)(cx, &st, &mut buf);
            for m in buf.drain(..) {
                if NOT_SE.contains(&m.tech) || (m.placements.is_empty() && m.eliminations.is_empty()) {
                    continue;
                }
                let v = move_value(board, m.tech, &m.houses);
                if best.as_ref().is_none_or(|(b, bm)| (v, m.cost) < (*b, bm.cost)) {
                    best = Some((v, m));
                }
            }
        }
        let (_, mv) = best?;
        st.apply(geo, &mv);
        steps.push(Step::from(mv));
    }
    Some(steps)
}

/// SE ratings from SE's way through the puzzle ([`se_path`]); None for anything but classic 9x9
/// (`classic`: the puzzle has no rule but its houses), or when the way is not found within the
/// budget.
pub fn rate<const W: usize>(
    geo_board: (&crate::board::Geometry<W>, &Board),
    start: &State<W>,
    classic: bool,
    budget: Budget,
) -> Option<Se> {
    let (geo, board) = geo_board;
    if !(classic && board.is_classic9()) {
        return None;
    }
    let cx = SearchContext::plain(geo).with_budget(budget);
    ratings(board, classic, &se_path(&cx, board, start)?)
}

/// SE ratings of a route; None for anything but classic 9x9 sudoku, where SE's scale is not
/// defined.
pub fn ratings(board: &Board, classic: bool, steps: &[Step]) -> Option<Se> {
    if !(classic && board.is_classic9()) {
        return None;
    }
    let mut er: f64 = 0.0;
    let mut ep: f64 = 0.0;
    let mut placed = false;
    for step in steps {
        let v = step_value(board, step);
        er = er.max(v);
        if !placed {
            ep = ep.max(v);
        }
        placed |= !step.placements.is_empty();
    }
    let ed = steps.first().map_or(0.0, |s| step_value(board, s));
    Some(Se { er, ep, ed, scale: "classic" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_classic_technique_has_a_value_on_the_scale() {
        for (i, t) in crate::techniques::TECHNIQUES.iter().enumerate() {
            let v = tech_value(Tech(i));
            assert!((1.0..=10.0).contains(&v), "{} {v}", t.code);
        }
        assert_eq!(tech_value(code::NSI), 2.3);
        assert_eq!(tech_value(code::XWG), 3.2);
    }
}
