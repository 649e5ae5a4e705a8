//! `table` (4.14): the digits of the cells, in order, form one of the `allowed` tuples; with
//! `where`, so does every placement of the offsets on an anchor cell whose offset cells all exist.

use super::{Constraint, Digits, Family, Layout};
use crate::format::{Pos, RuleKind};

pub struct Table;

/// The cells of every placement: the given cells, or for each anchor cell in reading order the
/// cells anchor + offset (in `where` order) when they all exist.
fn placements(rule: &RuleKind, layout: &Layout) -> Vec<Vec<Pos>> {
    let RuleKind::Table { cells, offsets, .. } = rule else { return Vec::new() };
    if let Some(cs) = cells {
        return vec![cs.clone()];
    }
    let Some(offs) = offsets else { return Vec::new() };
    let mut out = Vec::new();
    for r in 0..layout.rows as i64 {
        for c in 0..layout.cols as i64 {
            if layout.at(r, c).is_none() {
                continue;
            }
            let placed: Option<Vec<Pos>> =
                offs.iter().map(|&(dr, dc)| layout.at(r.saturating_add(dr), c.saturating_add(dc))).collect();
            out.extend(placed);
        }
    }
    out
}

/// The rows of `allowed` that digits can form on `cells`: every entry a digit 1..D, and a cell
/// listed twice given one digit.
pub(super) fn tuples_for(cells: &[usize], allowed: &[Vec<i64>], digits: usize) -> Vec<Vec<u8>> {
    allowed
        .iter()
        .filter(|t| t.len() == cells.len() && t.iter().all(|v| (1..=digits as i64).contains(v)))
        .filter(|t| (0..cells.len()).all(|i| (0..i).all(|j| cells[i] != cells[j] || t[i] == t[j])))
        .map(|t| t.iter().map(|&v| v as u8).collect())
        .collect()
}

impl Family for Table {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Table { allowed, .. } = rule else { return false };
        placements(rule, digits.layout).iter().all(|cells| allowed.contains(&digits.xs(cells)))
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Table { allowed, cells, offsets } = rule else { return Ok(Vec::new()) };
        if cells.is_some() == offsets.is_some() {
            return Err("a table has exactly one of cells and where".into());
        }
        Ok(placements(rule, layout)
            .iter()
            .map(|p| {
                let ids = layout.cells(p);
                Constraint::Tuples { tuples: tuples_for(&ids, allowed, layout.digits), cells: ids }
            })
            .collect())
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "TBL"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        Some(placements(rule, layout).iter().flat_map(|p| layout.cells(p)).collect())
    }
}
