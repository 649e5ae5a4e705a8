//! The card's `se` field: Sudoku Explainer-style ratings (card-reference.txt, pencilmark.se).
//! Each step takes its technique's value on SE's classic scale (the `se` column of
//! kernel/data/techniques.csv); ER is the hardest step, EP the hardest before the first
//! placement, ED the first step's value. The steps are SE's way through the puzzle rather than
//! the band route: at every position the move with the lowest SE value, as Sudoku Explainer takes
//! it (a person's route by band and study order takes a Hidden Triple, 4.0 on SE's scale, where SE
//! takes an X-Wing at 3.2), with SE's rules only: those of ours that SE has, the searches the band
//! route does not make (unique rectangles and loops, BUG, longer single-digit chains, SE's wings
//! and aligned exclusions), and where none applies SE's own chain rules, rated by their length
//! (se_chains.rs). Approximate still where SE's rules and ours differ in detail (docs/status.md).

use super::se_chains::{self, Mode};
use super::se_exclusion;
use super::se_loops;
use super::se_wings;
use crate::board::{Board, HouseKind};
use crate::budget::Budget;
use crate::route::Step;
use crate::techniques::{
    ChainNode, Move, Pattern, Search, SearchContext, State, Tech, chains, code, searches, uniqueness,
};
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

/// A move's value. SE rates a hidden single in a box 1.2 and in a row or column 1.5, a locked
/// candidate from a row or column (claiming) 2.8 against 2.6 from a box (pointing), an X-chain by
/// its strong links ([`x_chain_value`]), and a bent set by its size and the most candidates one
/// of its cells holds ([`bent_set_value`]; `candidates` counts a cell's).
fn move_value(board: &Board, m: &Move, candidates: impl Fn(usize) -> u32) -> f64 {
    let in_line = |house: Option<&usize>| {
        house.is_some_and(|&h| matches!(board.houses[h].kind, HouseKind::Row | HouseKind::Column))
    };
    match (m.tech, &m.pattern) {
        (t, _) if (t == code::HSI || t == code::FHS) && in_line(m.houses.first()) => 1.5,
        (t, _) if t == code::PPR && in_line(m.houses.first()) => 2.8,
        (t, Pattern::Chain(nodes)) if t == code::XCL => x_chain_value(nodes),
        // BUG type 2 (several cells, one extra digit): SE's 5.7.
        (t, Pattern::Cells(_)) if t == code::BUG => BUG_TYPE_TWO_VALUE,
        (t, Pattern::Cells(cells)) if t == code::URC && cells.len() >= 6 => {
            se_loops::value(cells.len(), se_loops::kind(m))
        }
        (t, Pattern::Wing { cells, .. }) if t == code::WXZ => {
            bent_set_value(cells.len(), cells.iter().map(|&c| candidates(c)).max().unwrap_or(0))
        }
        (t, _) => tech_value(t),
    }
}

/// Sukaku Explainer's WXYZ-Wing (4 cells) and VWXYZ-Wing (5): 5.5 and 6.2, plus a tenth for each
/// step the largest cell (`most` candidates) is nearer the middle size, 3 (WXYZ: 3 gives 5.6;
/// VWXYZ: 2 and 4 give 6.3, 3 gives 6.4).
fn bent_set_value(cells: usize, most: u32) -> f64 {
    let (base, reach) = if cells >= 5 { (6.2, 2.0) } else { (tech_value(code::WXZ), 1.0) };
    tenths(base + (reach - (3.0 - most as f64).abs()).max(0.0) * 0.1)
}

/// SE's Aligned Triplet Exclusion.
const ALIGNED_TRIPLET_VALUE: f64 = 7.5;

/// SE's BUG type 2, a tenth above BUG+1.
const BUG_TYPE_TWO_VALUE: f64 = 5.7;

/// `v` rounded to tenths, as SE's values are (sums of tenths are not exact in binary).
pub(super) fn tenths(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// SE's (serate's) strong-link fish by their number of strong links: 2 is the Turbot family
/// (4.0-4.2, the SKY / KTE / TUR rows of the table), then 5.4, 5.8, 6.2, 6.6, 7.0, 7.4.
const STRONG_LINK_VALUES: [f64; 6] = [5.4, 5.8, 6.2, 6.6, 7.0, 7.4];

/// An X-chain's value on the classic 9x9 board: by its strong links, 0.1 more when its strong links
/// lie in two kinds of house and 0.2 more in three, 0.3 more (and no such addition) when a node
/// is a group of cells.
fn x_chain_value(nodes: &[ChainNode]) -> f64 {
    let strong = nodes.len() / 2;
    let Some(&base) = STRONG_LINK_VALUES.get(strong.saturating_sub(3)) else {
        return tech_value(code::XCL);
    };
    if nodes.iter().any(|n| n.cells.len() > 1) {
        return tenths(base + 0.3);
    }
    // The house each strong link lies in: a row or a column if it can, else its box.
    let mut kinds = [false; 3];
    for pair in nodes.chunks_exact(2) {
        let (a, b) = (pair[0].cells[0], pair[1].cells[0]);
        let kind = if a / 9 == b / 9 {
            0
        } else if a % 9 == b % 9 {
            1
        } else {
            2
        };
        kinds[kind] = true;
    }
    let lines_of_both_kinds = kinds[0] && kinds[1];
    match (lines_of_both_kinds, kinds[2]) {
        (false, false) => base,
        (true, true) => tenths(base + 0.2),
        _ => tenths(base + 0.1),
    }
}

/// SE's addition for a chain's length: 0.1 for each step of 4, 6, 8, 12, 16, 24, 32, ... nodes
/// beyond the two ends that the chain goes past.
pub(super) fn length_extra(nodes: usize) -> f64 {
    let length = nodes.saturating_sub(2);
    let (mut ceiling, mut extra, mut odd) = (4, 0.0, false);
    while length > ceiling {
        extra += 0.1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    extra
}

/// The lowest value a move of `tech` can have.
fn lowest_value(tech: Tech) -> f64 {
    if tech == code::XCL { STRONG_LINK_VALUES[0] } else { tech_value(tech) }
}

/// The techniques SE has a rule for, at its values (its chains by their length): SE's way takes
/// nothing else. SE has no colouring, Medusa, almost locked sets, Sue de Coq or case analysis, and
/// no forms made without notes (it rates the notes' versions); its forcing chains are searched
/// as SE counts them ([`se_chains`]), not by our forcing techniques.
const SE_RULES: [Tech; 27] = [
    code::FHS,
    code::HSI,
    code::NSI,
    code::PPR,
    code::NPR,
    code::HPR,
    code::NTR,
    code::HTR,
    code::XWG,
    code::SKY,
    code::KTE,
    code::TUR,
    code::ERE,
    code::FXW,
    code::SWF,
    code::FSW,
    code::YWG,
    code::XYZ,
    code::URC,
    code::BUG,
    code::NQD,
    code::HQD,
    code::JLF,
    code::FJF,
    code::WXZ,
    code::XCL,
    code::APE,
];

/// Searches only SE's way takes: SE's unique loops, wings over a pivot and Aligned Pair
/// Exclusion, single-digit chains of up to six strong links (the band route's stop at four), and
/// the uniqueness techniques, which the band route leaves out (it does not assume one solution)
/// but SE takes at their values (a unique rectangle 4.5, BUG 5.6): a card is only ever made for a
/// puzzle proved unique.
fn se_only_searches<const W: usize>() -> [Search<W>; 7] {
    [
        Search { find: se_unique_loops::<W>, codes: &[code::URC] },
        Search { find: se_pivot_wings::<W>, codes: &[code::WXZ] },
        Search { find: se_aligned_pair_exclusion::<W>, codes: &[code::APE] },
        Search { find: chains::long_x_chain::<W>, codes: &[code::XCL] },
        Search { find: uniqueness::unique_rectangle::<W>, codes: &[code::URC] },
        Search { find: uniqueness::bug_plus_one::<W>, codes: &[code::BUG] },
        Search { find: uniqueness::bug_type_two::<W>, codes: &[code::BUG] },
    ]
}

/// SE's own Aligned Pair Exclusion ([`se_exclusion`]), which SE's way takes instead of ours.
fn se_aligned_pair_exclusion<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    out.extend(se_exclusion::aligned_exclusion(&se_chains::grid(cx.geo, st), 2));
}

/// SE's unique loops of 6 to 10 cells ([`se_loops`]).
fn se_unique_loops<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    out.extend(se_loops::unique_loops(&se_chains::grid(cx.geo, st)));
}

/// Sukaku Explainer's WXYZ- and VWXYZ-Wings ([`se_wings`]), beside our bent sets.
fn se_pivot_wings<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    out.extend(se_wings::pivot_wings(&se_chains::grid(cx.geo, st)));
}

/// SE's way through a puzzle: from `start`, repeatedly the move with the lowest SE value (the
/// cheapest of those by the search's own order), and where none of SE's rules below its forcing
/// chains applies, the forcing chain SE would take ([`se_chains`]); each step with its value.
/// Ends when the grid is full, nothing applies, or the budget passes (then None).
pub fn se_path<const W: usize>(
    cx: &SearchContext<W>,
    board: &Board,
    start: &State<W>,
) -> Option<Vec<(Step, f64)>> {
    let geo = cx.geo;
    // Searches by the lowest value any of their shapes can have (a hidden single's is the box
    // value), so that the walk can stop at the first search that cannot beat the best move found.
    let mut all: Vec<_> = searches::<W>()
        .into_iter()
        .filter(|s| s.codes != [code::APE])
        .chain(se_only_searches())
        .filter(|s| s.codes.iter().any(|t| SE_RULES.contains(t)))
        .map(|s| (s.codes.iter().map(|&t| lowest_value(t)).fold(f64::MAX, f64::min), s))
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
                if !SE_RULES.contains(&m.tech) || (m.placements.is_empty() && m.eliminations.is_empty()) {
                    continue;
                }
                let v = move_value(board, &m, |c| st.cell_mask(geo, c).count_ones());
                if best.as_ref().is_none_or(|(b, bm)| (v, m.cost) < (*b, bm.cost)) {
                    best = Some((v, m));
                }
            }
        }
        let (value, mv) = match best {
            Some(found) => found,
            None => forcing_chain(geo, &st, &cx.budget)?,
        };
        st.apply(geo, &mv);
        steps.push((Step::from(mv), value));
    }
    Some(steps)
}

/// The step SE takes where nothing simpler applies: the first of its rules (single chains and
/// cycles, Aligned Triplet Exclusion, Nishio, cell and region chains, dynamic chains) that finds
/// one, its cheapest.
fn forcing_chain<const W: usize>(
    geo: &crate::board::Geometry<W>,
    st: &State<W>,
    budget: &Budget,
) -> Option<(f64, Move)> {
    let grid = se_chains::grid(geo, st);
    let chain = |mode| se_chains::find(&grid, mode, budget);
    let single = chain(Mode::Single);
    if single.is_none() {
        // Aligned Triplet Exclusion comes between SE's single chains and Nishio.
        if let Some(mv) = se_exclusion::aligned_exclusion(&grid, 3).into_iter().next() {
            return Some((ALIGNED_TRIPLET_VALUE, mv));
        }
    }
    let found =
        single.or_else(|| [Mode::Nishio, Mode::Multiple, Mode::Dynamic].into_iter().find_map(chain))?;
    let tech = match found.mode {
        Mode::Single => code::AIC,
        Mode::Nishio => code::NIS,
        Mode::Multiple => code::FCH,
        Mode::Dynamic => code::FNT,
    };
    let mv = Move {
        rules: Vec::new(),
        tech,
        placements: found.placement.into_iter().collect(),
        digits: found.placement.iter().chain(&found.eliminations).fold(0, |m, c| m | 1 << (c.digit - 1)),
        eliminations: found.eliminations,
        houses: Vec::new(),
        cost: 0,
        pattern: Pattern::Unbuilt,
    };
    Some((found.value, mv))
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
    let cx = SearchContext::plain(geo).building_patterns().with_budget(budget);
    ratings(board, classic, &se_path(&cx, board, start)?)
}

/// SE ratings of a route; None for anything but classic 9x9 sudoku, where SE's scale is not
/// defined.
pub fn ratings(board: &Board, classic: bool, steps: &[(Step, f64)]) -> Option<Se> {
    if !(classic && board.is_classic9()) {
        return None;
    }
    let mut er: f64 = 0.0;
    let mut ep: f64 = 0.0;
    let mut placed = false;
    for (step, v) in steps {
        let v = *v;
        er = er.max(v);
        if !placed {
            ep = ep.max(v);
        }
        placed |= !step.placements.is_empty();
    }
    let ed = steps.first().map_or(0.0, |s| s.1);
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
        assert_eq!(tech_value(code::SKY), 4.0);
    }

    fn nodes(cells: &[&[usize]]) -> Vec<ChainNode> {
        cells.iter().map(|c| ChainNode { cells: c.to_vec(), digit: 1 }).collect()
    }

    #[test]
    fn a_chain_gains_a_tenth_at_each_of_ses_length_steps() {
        let steps: Vec<f64> =
            [4, 6, 7, 8, 9, 10, 11, 14, 15, 19].map(|n| (length_extra(n) * 10.0).round()).to_vec();
        assert_eq!(steps, [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0]);
    }

    #[test]
    fn an_x_chain_is_valued_by_its_strong_links_and_their_houses() {
        // Three strong links, each in a row (r1c1-r1c5, r3c5-r3c8, r6c8-r6c2).
        let rows = nodes(&[&[0], &[4], &[22], &[25], &[52], &[46]]);
        assert_eq!(x_chain_value(&rows), 5.4);
        // The last strong link in a column instead: two kinds of house.
        let mixed = nodes(&[&[0], &[4], &[22], &[25], &[52], &[70]]);
        assert_eq!(x_chain_value(&mixed), 5.5);
        // A row, a column and a box (r7c8-r9c9).
        let three = nodes(&[&[0], &[4], &[22], &[49], &[61], &[80]]);
        assert_eq!(x_chain_value(&three), 5.6);
        // A group of cells at a node: 0.3 more, whatever its houses.
        let grouped = nodes(&[&[0], &[4, 5], &[22], &[25], &[52], &[46]]);
        assert_eq!(x_chain_value(&grouped), 5.7);
        // Four strong links 5.8; beyond eight, the table's own value.
        assert_eq!(x_chain_value(&nodes(&[&[0], &[4], &[22], &[25], &[52], &[46], &[64], &[65]])), 5.8);
        assert_eq!(x_chain_value(&vec![ChainNode { cells: vec![0], digit: 1 }; 18]), tech_value(code::XCL));
    }
}
