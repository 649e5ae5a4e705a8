//! `vudoku` (4.14): cells [vertex, arm, arm] with x(vertex) = x(arm₁) + x(arm₂) or
//! |x(arm₁) − x(arm₂)|.

use super::table::tuples_for;
use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Vudoku;

impl Family for Vudoku {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Vudoku { cells } = rule else { return false };
        let [v, a, b] = digits.xs(cells)[..] else { return false };
        v == a + b || v == (a - b).abs()
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Vudoku { cells } = rule else { return Ok(Vec::new()) };
        if cells.len() != 3 {
            return Err("a vudoku clue has exactly 3 cells: vertex, arm, arm".into());
        }
        // Every (vertex, arm, arm) triple of digits that fits, as a table (the sum and the
        // difference of two digits 1..D never coincide).
        let d = layout.digits as i64;
        let mut allowed = Vec::new();
        for a in 1..=d {
            for b in 1..=d {
                allowed.extend(
                    [a + b, (a - b).abs()].into_iter().filter(|v| (1..=d).contains(v)).map(|v| vec![v, a, b]),
                );
            }
        }
        let ids = layout.cells(cells);
        Ok(vec![Constraint::Tuples { tuples: tuples_for(&ids, &allowed, layout.digits), cells: ids }])
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "TBL"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Vudoku { cells } = rule else { return None };
        Some(layout.cells(cells))
    }
}
