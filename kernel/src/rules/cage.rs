//! `cage` (4.3): no repeated digit among the cells; with `sum`, the digits add up to it.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Cage;

impl Family for Cage {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Cage { cells, sum } = rule else { return false };
        let xs = digits.xs(cells);
        let distinct = xs.iter().enumerate().all(|(i, x)| !xs[..i].contains(x));
        distinct && sum.is_none_or(|s| xs.iter().sum::<i64>() == s)
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Cage { cells, sum } = rule else { return Ok(Vec::new()) };
        let ids = layout.cells(cells);
        let mut out = vec![Constraint::Distinct { cells: ids.clone() }];
        if let Some(total) = *sum {
            out.push(Constraint::Linear { terms: ids.iter().map(|&c| (c, 1)).collect(), total });
        }
        Ok(out)
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "CGC"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Cage { cells, .. } = rule else { return None };
        Some(layout.cells(cells))
    }
}
