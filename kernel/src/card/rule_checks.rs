//! What the rule checks of the card (grade-card-format.txt section 4: decorative, barely_used,
//! redundant) read: the puzzle's rule families beyond the houses, how many steps of the route
//! read each one, and whether the puzzle stays unique without it.
//!
//! A step reads a rule when its move names it (a variant technique, or a trial searched under
//! every rule), when it reads a house the rule states (a hidden single in a diagonal), or when a
//! single it places rests on the rule: a candidate it needs gone is gone only because the digit
//! stands in a house of the rule, or because the rule marks that cell (odd, even, ...). The rows,
//! columns and boxes of the grid are never a family.

use crate::board::{Board, Geometry, HouseKind};
use crate::format::document::{Document, RuleKind};
use crate::route::Step;
use crate::techniques::State;
use crate::techniques::rule_moves::RuleTechniques;
use std::collections::BTreeSet;
use std::time::Instant;

/// One family of rules and how the puzzle uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyUse {
    /// As a person names the family in an error ("line thermo", "edge kropki white").
    pub name: String,
    /// Its rules: indices into the document's rules.
    pub rules: Vec<usize>,
    /// Those rules' ids, where they have one.
    pub ids: Vec<String>,
    /// Steps of the route that read at least one of its rules.
    pub steps: usize,
    /// Whether the puzzle has more than one solution without the family's rules (None: the
    /// time limit passed before the solver decided).
    pub needed: Option<bool>,
}

/// The family of a rule: None for the rules that only lay out the grid (grid, box_grid, box,
/// row, column). Kropki dots split by colour (the spec's "all the white dots" is one family);
/// X and V stay one family, and so do odd and even marks, and low and high marks, as a solver
/// reads them together (the reference's classes, describe's Odd-Even and Low-High).
fn family_name(kind: &RuleKind) -> Option<String> {
    match kind {
        RuleKind::Grid { .. }
        | RuleKind::BoxGrid { .. }
        | RuleKind::Box { .. }
        | RuleKind::Row { .. }
        | RuleKind::Column { .. } => None,
        RuleKind::Edge { color: Some(c), .. } => Some(format!("{} {c}", kind.family())),
        RuleKind::Cell { kind: k, .. } if k == "odd" || k == "even" => Some("cell odd / even".into()),
        RuleKind::Cell { kind: k, .. } if k == "low" || k == "high" => Some("cell low / high".into()),
        _ => Some(kind.family()),
    }
}

/// The document's families in the order of their first rule.
fn families(doc: &Document) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for r in &doc.rules {
        let Some(name) = family_name(&r.kind) else { continue };
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some((_, rules)) => rules.push(r.index),
            None => out.push((name, vec![r.index])),
        }
    }
    out
}

/// True when the document has a rule family the checks look at.
pub fn has_families(doc: &Document) -> bool {
    doc.rules.iter().any(|r| family_name(&r.kind).is_some())
}

/// Per house of `board`, the document's rules that state it (a region, a cage without sum).
fn house_rules(doc: &Document, board: &Board) -> Vec<Vec<usize>> {
    let cell_of = |p: &crate::format::document::Pos| board.cell_pos.binary_search(&(p.r, p.c)).ok();
    let stated: Vec<(usize, Vec<usize>)> = doc
        .rules
        .iter()
        .filter_map(|r| match &r.kind {
            RuleKind::Region { cells, .. } | RuleKind::Cage { cells, sum: None } => {
                let mut cs: Vec<usize> = cells.iter().filter_map(cell_of).collect();
                cs.sort_unstable();
                cs.dedup();
                Some((r.index, cs))
            }
            _ => None,
        })
        .collect();
    board
        .houses
        .iter()
        .map(|h| stated.iter().filter(|(_, cs)| *cs == h.cells).map(|(i, _)| *i).collect())
        .collect()
}

/// Per step of `steps` (walked from `start`), the document rules it reads.
pub fn rules_read<const W: usize>(
    geo: &Geometry<W>,
    board: &Board,
    doc: &Document,
    rules: Option<&RuleTechniques>,
    start: &State<W>,
    steps: &[Step],
) -> Vec<BTreeSet<usize>> {
    let by_house = house_rules(doc, board);
    let marks = rules.map(RuleTechniques::marks).unwrap_or_default();
    // Why candidate (cell, digit) is gone in `st`: the rules of the houses where the digit
    // stands, or the mark that rules it out; nothing when a row, column or box already
    // explains it (or an earlier step removed it).
    let gone_by = |st: &State<W>, cell: usize, digit: u8, out: &mut BTreeSet<usize>| {
        let mut through = Vec::new();
        for &h in &geo.cell_houses[cell] {
            if !geo.houses[h].iter().any(|y| y != cell && st.values[y] == digit) {
                continue;
            }
            match board.houses[h].kind {
                HouseKind::Row | HouseKind::Column | HouseKind::Box => return,
                _ => through.extend(&by_house[h]),
            }
        }
        if through.is_empty() {
            through.extend(marks.iter().filter(|m| m.0 == cell && m.1 >> (digit - 1) & 1 == 1).map(|m| m.2));
        }
        out.extend(through);
    };
    let mut st = start.clone();
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        let mut read: BTreeSet<usize> = step.rules.iter().copied().collect();
        read.extend(step.houses.iter().flat_map(|&h| by_house[h].iter().copied()));
        for p in &step.placements {
            let hidden: Vec<usize> =
                step.houses.iter().copied().filter(|&h| geo.houses[h].contains(p.cell)).collect();
            if hidden.is_empty() {
                // A naked single: every other digit of the cell is gone.
                for e in (1..=geo.digits as u8).filter(|&e| e != p.digit) {
                    gone_by(&st, p.cell, e, &mut read);
                }
            }
            for h in hidden {
                // A hidden single: the digit is gone from the house's other open cells.
                for y in geo.houses[h].iter().filter(|&y| y != p.cell && st.values[y] == 0) {
                    gone_by(&st, y, p.digit, &mut read);
                }
            }
        }
        st.apply_step(geo, &step.placements, &step.eliminations);
        out.push(read);
    }
    out
}

/// The families of `doc` with their use on the route (`read`, per step the rules it reads) and
/// whether each is needed for uniqueness, decided by the exact solver by `deadline`.
pub fn family_uses(doc: &Document, read: &[BTreeSet<usize>], deadline: Option<Instant>) -> Vec<FamilyUse> {
    families(doc)
        .into_iter()
        .map(|(name, rules)| {
            let steps = read.iter().filter(|s| rules.iter().any(|r| s.contains(r))).count();
            let ids =
                doc.rules.iter().filter(|r| rules.contains(&r.index)).filter_map(|r| r.id.clone()).collect();
            let needed = needed(doc, &rules, deadline);
            FamilyUse { name, rules, ids, steps, needed }
        })
        .collect()
}

/// Whether `doc` has more than one solution without `rules` (None: undecided by `deadline`).
fn needed(doc: &Document, rules: &[usize], deadline: Option<Instant>) -> Option<bool> {
    let mut without = doc.clone();
    without.rules.retain(|r| !rules.contains(&r.index));
    let puzzle = crate::format::from_document(without).ok()?;
    let count = crate::solve::count_until(&puzzle, 2, deadline).ok()??;
    Some(count.count >= 2)
}
