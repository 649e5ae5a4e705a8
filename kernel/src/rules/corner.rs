//! `corner` (4.7): battenburg, mathrax and exclude on a 2x2 block written TL, TR, BL, BR.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Corner;

/// A mathrax operation on one diagonal pair.
fn math(op: &str, value: Option<i64>, a: i64, b: i64) -> bool {
    match (op, value) {
        ("+", Some(v)) => a + b == v,
        ("-", Some(v)) => (a - b).abs() == v,
        ("x", Some(v)) => a * b == v,
        ("/", Some(v)) => a.max(b) == v * a.min(b),
        ("even", _) => a % 2 == 0 && b % 2 == 0,
        ("odd", _) => a % 2 == 1 && b % 2 == 1,
        _ => false,
    }
}

impl Family for Corner {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Corner { kind, cells, op, value } = rule else { return false };
        if cells.len() != 4 {
            return false;
        }
        let x = digits.xs(cells);
        let (tl, tr, bl, br) = (x[0], x[1], x[2], x[3]);
        match kind.as_str() {
            "battenburg" => tl % 2 == br % 2 && tr % 2 == bl % 2 && tl % 2 != tr % 2,
            "mathrax" => op.as_deref().is_some_and(|o| math(o, *value, tl, br) && math(o, *value, tr, bl)),
            "exclude" => value.is_some_and(|v| x.iter().all(|&d| d != v)),
            _ => false,
        }
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Corner { kind, cells, op, value } = rule else { return Ok(Vec::new()) };
        if cells.len() != 4 {
            return Err("a corner clue has exactly four cells".into());
        }
        let c = layout.cells(cells);
        let d = layout.digits;
        let value = *value;
        Ok(match kind.as_str() {
            "battenburg" => vec![
                Constraint::pair(c[0], c[3], d, |a, b| a % 2 == b % 2),
                Constraint::pair(c[1], c[2], d, |a, b| a % 2 == b % 2),
                Constraint::pair(c[0], c[1], d, |a, b| a % 2 != b % 2),
            ],
            "mathrax" => {
                let op = op.clone().unwrap_or_default();
                vec![
                    Constraint::pair(c[0], c[3], d, |a, b| math(&op, value, a, b)),
                    Constraint::pair(c[1], c[2], d, |a, b| math(&op, value, a, b)),
                ]
            }
            "exclude" => {
                c.iter().map(|&k| Constraint::pair(k, k, d, |a, b| a == b && Some(a) != value)).collect()
            }
            other => return Err(format!("unknown corner kind {other:?}")),
        })
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "TBL"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Corner { cells, .. } = rule else { return None };
        Some(layout.cells(cells))
    }
}
