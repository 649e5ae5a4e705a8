//! `sum` (4.8): little_killer, frame, group and corner sums; digits may repeat.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Sums;

impl Family for Sums {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Sum { sum, cells, .. } = rule else { return false };
        digits.xs(cells).iter().sum::<i64>() == *sum
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Sum { sum, cells, .. } = rule else { return Ok(Vec::new()) };
        Ok(vec![Constraint::Linear {
            terms: layout.cells(cells).into_iter().map(|c| (c, 1)).collect(),
            total: *sum,
        }])
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "SUM"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Sum { cells, .. } = rule else { return None };
        Some(layout.cells(cells))
    }
}
