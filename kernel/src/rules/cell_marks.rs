//! `cell` (4.12): odd, even, low, high, set and exclude marks on single cells.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct CellMarks;

/// Whether a digit fits a mark (D = number of digits).
fn fits(kind: &str, split: Option<i64>, values: &[i64], x: i64) -> bool {
    match kind {
        "odd" => x % 2 == 1,
        "even" => x % 2 == 0,
        "low" => split.is_some_and(|s| (1..=s).contains(&x)),
        "high" => split.is_some_and(|s| x > s),
        "set" => values.contains(&x),
        "exclude" => !values.contains(&x),
        _ => false,
    }
}

impl Family for CellMarks {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Cell { kind, cells, split, values } = rule else { return false };
        cells.iter().all(|&p| fits(kind, *split, values, digits.x(p)))
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Cell { kind, cells, split, values } = rule else { return Ok(Vec::new()) };
        // A pair of a cell with itself keeps the digits that fit the mark.
        Ok(cells
            .iter()
            .map(|&p| {
                let c = layout.cell(p);
                Constraint::pair(c, c, layout.digits, |x, y| x == y && fits(kind, *split, values, x))
            })
            .collect())
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "LNC"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Cell { cells, .. } = rule else { return None };
        Some(layout.cells(cells))
    }
}
