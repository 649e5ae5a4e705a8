//! `edge` (4.6): a clue between two cells (kropki, xv, difference, sum, product, ratio, less).

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Edges;

/// The test an edge clue makes on its pair [a, b] (a = `cells[0]`), from the spec's table.
pub fn edge_holds(
    kind: &str,
    color: Option<&str>,
    letter: Option<&str>,
    value: Option<i64>,
    a: i64,
    b: i64,
) -> bool {
    match kind {
        "kropki" => match color {
            Some("white") => (a - b).abs() == 1,
            Some("black") => a == 2 * b || b == 2 * a,
            _ => false,
        },
        "xv" => match letter {
            Some("X") => a + b == 10,
            Some("V") => a + b == 5,
            _ => false,
        },
        "difference" => value.is_some_and(|k| (a - b).abs() == k),
        "sum" => value.is_some_and(|s| a + b == s),
        "product" => value.is_some_and(|p| a * b == p),
        "ratio" => value.is_some_and(|k| a == k * b || b == k * a),
        "less" => a < b,
        _ => false,
    }
}

impl Family for Edges {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Edge { kind, cells, color, letter, value } = rule else { return false };
        cells.len() == 2
            && edge_holds(
                kind,
                color.as_deref(),
                letter.as_deref(),
                *value,
                digits.x(cells[0]),
                digits.x(cells[1]),
            )
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Edge { kind, cells, color, letter, value } = rule else { return Ok(Vec::new()) };
        if cells.len() != 2 {
            return Err("an edge joins exactly two cells".into());
        }
        let (a, b) = (layout.cell(cells[0]), layout.cell(cells[1]));
        let (color, letter, value) = (color.clone(), letter.clone(), *value);
        Ok(vec![Constraint::pair(a, b, layout.digits, move |x, y| {
            edge_holds(kind, color.as_deref(), letter.as_deref(), value, x, y)
        })])
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "PWC"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Edge { cells, .. } = rule else { return None };
        Some(layout.cells(cells))
    }
}
