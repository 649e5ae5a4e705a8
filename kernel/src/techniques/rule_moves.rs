//! The variant techniques that read one rule at a time (the V rows of techniques.md): what a rule's
//! cells can still hold given the others, by the rule layer's own propagators.
//!
//! - LSI / CSI (band 0): a placement seen without notes: the rule, read on the placed digits,
//!   leaves a cell or a house one place for a digit (CSI when that cell is the last open cell of
//!   the rule, as the last cell of a cage).
//! - the elimination codes (band 2 and up): on the notes, the candidates a rule's cells lose, named
//!   by the rule's family (`Family::technique`: a cage's sums CGC, a thermo's ranges LNR, a dot's
//!   pairs PWC, ...).
//!
//! The propagators are sound (they remove only digits no solution of their rule can use), so every
//! move is a true deduction; the exact solver checks the same rules independently.

use super::{Candidate, Move, Pattern, SearchContext, State, Tech, code, new_singles, structural_cost};
use crate::board::Geometry;
use crate::rules::RuleSolver;

/// A document's rules as the techniques read them: the compiled rules and, per rule, the
/// technique its deductions are named by and the cells it reads.
pub struct RuleTechniques {
    pub solver: RuleSolver,
    rules: Vec<(Tech, Option<Vec<usize>>)>,
    /// The pairs of rules `rule_pairs` reads together.
    pairs: Vec<(usize, usize)>,
    /// The puzzle's unique solution, where the caller proved it (engine cells).
    solution: Option<Vec<u8>>,
}

impl RuleTechniques {
    pub fn new(solver: RuleSolver) -> RuleTechniques {
        let rules = solver
            .rule_summaries()
            .into_iter()
            .map(|(c, scope)| {
                let tech = Tech::from_code(c).expect("every family names a row of the technique table");
                (tech, scope.map(<[usize]>::to_vec))
            })
            .collect();
        let pairs = solver.touching_rules();
        RuleTechniques { solver, rules, pairs, solution: None }
    }

    /// These rules for a puzzle whose unique solution is `solution` (one digit per engine cell).
    pub fn with_solution(self, solution: Vec<u8>) -> RuleTechniques {
        RuleTechniques { solution: Some(solution), ..self }
    }

    /// Whether the rules' search finds no solution within `masks` (one per engine cell) with
    /// `digit` (0-based) assumed in `cell`; None when it passed `deadline`. With the puzzle's
    /// unique solution known and masks that hold nothing the puzzle rules out (its givens placed,
    /// as in a position), every solution within them is that one, so the answer is read off it
    /// without a search (trial and error asks this of every candidate).
    pub fn refutes(
        &self,
        masks: &[u32],
        cell: usize,
        digit: usize,
        deadline: Option<std::time::Instant>,
    ) -> Option<bool> {
        let root = self.solver.root_masks();
        if let Some(sol) = &self.solution
            && sol.len() == masks.len()
            && masks.iter().zip(root).all(|(&m, &r)| m & !r == 0)
        {
            let within = masks.iter().zip(sol).all(|(&m, &v)| v != 0 && m >> (v - 1) & 1 == 1);
            return Some(!(within && usize::from(sol[cell]) == digit + 1));
        }
        let mut assumed = masks.to_vec();
        assumed[cell] = 1 << digit;
        self.solver.count_masks(assumed, 1, deadline).ok().map(|c| c.count == 0)
    }

    /// What the puzzle states before any technique: the given candidates, and the rules on one
    /// cell (an odd or even mark), which a person applies as they read the grid.
    pub fn start_eliminations<const W: usize>(&self, geo: &Geometry<W>, st: &State<W>) -> Vec<Candidate> {
        let mut masks = masks_of(geo, st, self.solver.root_masks());
        for (i, (_, scope)) in self.rules.iter().enumerate() {
            if scope.as_ref().is_some_and(|s| s.len() == 1) {
                self.solver.narrow_by_rule(i, &mut masks);
            }
        }
        removed(geo, st, &masks)
    }

    /// The rules on one cell (marks): each one's cell, the digits it rules out there, and its
    /// index in the document's rules.
    pub fn marks(&self) -> Vec<(usize, u32, usize)> {
        let root = self.solver.root_masks();
        let mut out = Vec::new();
        for (i, (_, scope)) in self.rules.iter().enumerate() {
            let Some(&[cell]) = scope.as_deref() else { continue };
            let mut masks = root.to_vec();
            // A mark no digit of its cell satisfies rules out everything.
            let _ = self.solver.narrow_by_rule(i, &mut masks);
            out.push((cell, root[cell] & !masks[cell], self.solver.document_index(i)));
        }
        out
    }
}

/// Each cell's candidates in `st`, within its root mask.
fn masks_of<const W: usize>(geo: &Geometry<W>, st: &State<W>, root: &[u32]) -> Vec<u32> {
    (0..geo.cells).map(|c| st.cell_mask(geo, c) & root.get(c).copied().unwrap_or(u32::MAX)).collect()
}

/// The candidates of `st` that `masks` no longer hold, by cell then digit.
fn removed<const W: usize>(geo: &Geometry<W>, st: &State<W>, masks: &[u32]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (cell, &m) in masks.iter().enumerate() {
        let gone = st.cell_mask(geo, cell) & !m;
        for d in (0..geo.digits).filter(|d| gone >> d & 1 == 1) {
            out.push(Candidate { cell, digit: d as u8 + 1 });
        }
    }
    out
}

fn digits_of(cands: &[Candidate]) -> u32 {
    cands.iter().fold(0, |m, c| m | 1 << (c.digit - 1))
}

/// LSI / CSI: placements a rule gives on the placed digits alone.
pub fn rule_readings<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let Some(rt) = cx.rules else { return };
    let geo = cx.geo;
    let mut view = st.placed_view(geo);
    let root = rt.solver.root_masks();
    let given = removed(geo, &view, &masks_of(geo, &view, root));
    view.apply_step(geo, &[], &given);
    let base = masks_of(geo, &view, root);
    for (i, (_, scope)) in rt.rules.iter().enumerate() {
        let mut masks = base.clone();
        if !rt.solver.narrow_by_rule(i, &mut masks) {
            continue;
        }
        let gone = removed(geo, &view, &masks);
        if gone.is_empty() {
            continue;
        }
        let mut after = view.clone();
        after.apply_step(geo, &[], &gone);
        let open_in_rule = scope.as_ref().map(|s| s.iter().filter(|&&c| !view.placed.contains(c)).count());
        for (cell, d, house) in new_singles(geo, &view, &after) {
            let last = open_in_rule == Some(1) && scope.as_ref().is_some_and(|s| s.contains(&cell));
            let houses: Vec<usize> = house.into_iter().collect();
            let cells = scope.clone().unwrap_or_else(|| vec![cell]);
            out.push(Move {
                tech: if last { code::CSI } else { code::LSI },
                placements: vec![Candidate { cell, digit: d as u8 + 1 }],
                eliminations: Vec::new(),
                cost: structural_cost(geo, 1 << d, houses.len() + 1, cells.iter().copied(), 0),
                houses,
                rules: vec![rt.solver.document_index(i)],
                digits: 1 << d,
                pattern: Pattern::Cells(cells),
            });
        }
    }
}

/// The candidates each rule's cells lose on the notes, named by the rule's family.
pub fn rule_eliminations<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let Some(rt) = cx.rules else { return };
    let geo = cx.geo;
    let base = masks_of(geo, st, rt.solver.root_masks());
    for (i, (tech, scope)) in rt.rules.iter().enumerate() {
        let mut masks = base.clone();
        if !narrow_alone(cx, rt, i, &mut masks) {
            continue;
        }
        let gone = removed(geo, st, &masks);
        if gone.is_empty() {
            continue;
        }
        let digits = digits_of(&gone);
        let cells = scope.clone().unwrap_or_else(|| gone.iter().map(|c| c.cell).collect());
        out.push(Move {
            rules: vec![rt.solver.document_index(i)],
            tech: *tech,
            cost: structural_cost(geo, digits, 1, cells.iter().copied(), 0),
            placements: Vec::new(),
            eliminations: gone,
            houses: Vec::new(),
            digits,
            // A rule over the whole board (anti-knight) has no cells of its own to name.
            pattern: if scope.is_some() { Pattern::Cells(cells) } else { Pattern::Unbuilt },
        });
    }
}

/// RUL: the candidates two rules that share a cell lose read together, beyond what each loses
/// read alone.
pub fn rule_pairs<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let Some(rt) = cx.rules else { return };
    let geo = cx.geo;
    let base = masks_of(geo, st, rt.solver.root_masks());
    for &(i, j) in &rt.pairs {
        let mut alone = base.clone();
        if !(narrow_alone(cx, rt, i, &mut alone) && narrow_alone(cx, rt, j, &mut alone)) {
            continue;
        }
        let mut together = alone.clone();
        if narrow_fillings(cx, rt, &[i, j], &[], &mut together).is_none() {
            continue;
        }
        let mut cells: Vec<usize> = rt.rules[i].1.iter().chain(&rt.rules[j].1).flatten().copied().collect();
        cells.sort_unstable();
        cells.dedup();
        // Only what the pair adds: the rest is each rule's own move.
        let found = read_together(geo, st, &together, &alone, &cells, Vec::new(), cells.clone());
        out.extend(found.map(|m| Move { rules: doc_rules(rt, &[i, j]), ..m }));
    }
}

/// The RUL move of what reading together left in `together` and reading apart left in `apart`
/// (None when together adds nothing), priced over `cost_cells`; the caller names its rules.
fn read_together<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    together: &[u32],
    apart: &[u32],
    cost_cells: &[usize],
    houses: Vec<usize>,
    cells: Vec<usize>,
) -> Option<Move> {
    let gone: Vec<Candidate> =
        removed(geo, st, together).into_iter().filter(|c| apart[c.cell] >> (c.digit - 1) & 1 == 1).collect();
    if gone.is_empty() {
        return None;
    }
    let digits = digits_of(&gone);
    Some(Move {
        rules: Vec::new(),
        tech: code::RUL,
        cost: structural_cost(geo, digits, 2, cost_cells.iter().copied(), 0),
        placements: Vec::new(),
        eliminations: gone,
        houses,
        digits,
        pattern: Pattern::Cells(cells),
    })
}

/// RUL: the candidates a rule and a house it crosses lose read together (every filling of the
/// rule's cells and of the house's open cells at once), beyond what the rule read alone and the
/// house read alone give. The fillings read are bounded as for two rules (`FILLINGS_READ`): a
/// house with many open cells and wide candidates is not read.
pub fn rule_with_house<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let Some(rt) = cx.rules else { return };
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let base = masks_of(geo, st, rt.solver.root_masks());
    // Each house's open cells, read once for every rule.
    let houses_open: Vec<Vec<usize>> = geo.houses.iter().map(|h| h.and(&open).iter().collect()).collect();
    for (i, (_, scope)) in rt.rules.iter().enumerate() {
        let Some(scope) = scope else { continue };
        let mut alone = base.clone();
        if !narrow_alone(cx, rt, i, &mut alone) {
            continue;
        }
        for (h, house_open) in houses_open.iter().enumerate() {
            let inside = scope.iter().filter(|&&c| house_open.contains(&c)).count();
            // The house adds cells the rule does not read, and the rule has open cells in it.
            if inside == 0 || house_open.len() == inside {
                continue;
            }
            let mut by_house = alone.clone();
            if narrow_fillings(cx, rt, &[], house_open, &mut by_house).is_none() {
                continue;
            }
            let mut together = by_house.clone();
            if narrow_fillings(cx, rt, &[i], house_open, &mut together).is_none() {
                continue;
            }
            let cost_cells: Vec<usize> = scope.iter().chain(house_open).copied().collect();
            let found = read_together(geo, st, &together, &by_house, &cost_cells, vec![h], scope.clone());
            out.extend(found.map(|m| Move { rules: doc_rules(rt, &[i]), ..m }));
        }
    }
}

/// The document indices of compiled rules `rules`.
fn doc_rules(rt: &RuleTechniques, rules: &[usize]) -> Vec<usize> {
    rules.iter().map(|&i| rt.solver.document_index(i)).collect()
}

/// Narrows `masks` by rule `i` read alone: its propagators, then its fillings with its cells
/// that share a house kept apart (a person reads a cage or a line that way), where they are few
/// enough to read. False when the rule cannot hold.
fn narrow_alone<const W: usize>(
    cx: &SearchContext<W>,
    rt: &RuleTechniques,
    i: usize,
    masks: &mut [u32],
) -> bool {
    if !rt.solver.narrow_by_rule(i, masks) {
        return false;
    }
    let _ = narrow_fillings(cx, rt, &[i], &[], masks);
    true
}

/// [`RuleSolver::narrow_over`] within `FILLINGS_READ`, kept in the rating's memo: a route reads
/// the same rules on the same candidates step after step (only a few cells change per step), and
/// the technique list and the written routes read them again.
fn narrow_fillings<const W: usize>(
    cx: &SearchContext<W>,
    rt: &RuleTechniques,
    rules: &[usize],
    extra: &[usize],
    masks: &mut [u32],
) -> Option<()> {
    let Some(memo) = cx.memo else {
        return rt.solver.narrow_over(rules, extra, masks, FILLINGS_READ);
    };
    // The search reads and narrows only these cells (a rule over the whole board reads none and
    // takes no part); a cell listed twice is harmless.
    let cells: Vec<usize> =
        rules.iter().flat_map(|&i| rt.rules[i].1.iter().flatten()).chain(extra).copied().collect();
    let mut key: Vec<u32> = rules.iter().map(|&i| i as u32).collect();
    key.push(u32::MAX);
    key.extend(extra.iter().map(|&c| c as u32));
    key.push(u32::MAX);
    key.extend(cells.iter().map(|&c| masks[c]));
    let narrowed = memo.fillings(key, || {
        let mut after = masks.to_vec();
        rt.solver
            .narrow_over(rules, extra, &mut after, FILLINGS_READ)
            .map(|()| cells.iter().map(|&c| after[c]).collect())
    })?;
    for (&c, m) in cells.iter().zip(narrowed) {
        masks[c] = m;
    }
    Some(())
}

/// Fillings a person reads of one rule or of two together (a node bound of the filling search,
/// so that the same position always gives the same moves): larger cages and lines are read by
/// their propagators alone.
const FILLINGS_READ: u32 = 20_000;

/// The codes `rule_eliminations` can name a move by (every family's `technique`).
pub const RULE_ELIMINATION_CODES: [Tech; 15] = [
    code::CGC,
    code::SUM,
    code::ARW,
    code::RNB,
    code::PWC,
    code::TBL,
    code::LNR,
    code::LNC,
    code::SWC,
    code::XSC,
    code::SKC,
    code::CNT,
    code::EQD,
    code::EQS,
    code::CBL,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Trial and error's question read off the proven solution gives what the rules' search gives,
    /// for every candidate of the start position and of positions with a wrong digit assumed
    /// (masks that no longer hold the solution take the search).
    #[test]
    fn refutes_reads_the_solution_as_the_search_would() {
        let set =
            std::fs::read_to_string("../data/samples/variants-9x9.jsonl").expect("the variant sample set");
        for line in set.lines().step_by(37) {
            let value: serde_json::Value = serde_json::from_str(line).expect("one JSON object a line");
            let puzzle = crate::format::read(&value["document"].to_string()).expect("a sample puzzle reads");
            let solution = crate::unique_solution_until(&puzzle, None).expect("a sample puzzle is unique");
            let solver = || RuleSolver::new(puzzle.document.as_deref().unwrap(), &puzzle.board).unwrap();
            let searched = RuleTechniques::new(solver());
            let read = RuleTechniques::new(solver()).with_solution(solution.clone());
            let mut start = searched.solver.root_masks().to_vec();
            for (c, &v) in puzzle.givens.iter().enumerate() {
                if v != 0 {
                    start[c] &= 1 << (v - 1);
                }
            }
            let wrong = (0..start.len()).find(|&c| puzzle.givens[c] == 0).expect("an open cell");
            let mut off = start.clone();
            off[wrong] &= !(1 << (solution[wrong] - 1));
            for masks in [start, off] {
                for c in (0..masks.len()).step_by(5) {
                    for d in (0..9).filter(|d| masks[c] >> d & 1 == 1) {
                        assert_eq!(
                            read.refutes(&masks, c, d, None),
                            searched.refutes(&masks, c, d, None),
                            "{}: r{}c{} = {}",
                            value["kind"],
                            c / 9 + 1,
                            c % 9 + 1,
                            d + 1
                        );
                    }
                }
            }
        }
    }
}
