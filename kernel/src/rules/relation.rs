//! `relation` (4.11): every listed pair satisfies a pair operator.

use super::pair_ops::op_holds;
use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Relation;

impl Family for Relation {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Relation { op, pairs } = rule else { return false };
        pairs.iter().all(|[a, b]| op_holds(&op.op, &op.params, digits.x(*a), digits.x(*b)))
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Relation { op, pairs } = rule else { return Ok(Vec::new()) };
        Ok(pairs
            .iter()
            .map(|[a, b]| {
                Constraint::pair(layout.cell(*a), layout.cell(*b), layout.digits, |x, y| {
                    op_holds(&op.op, &op.params, x, y)
                })
            })
            .collect())
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "PWC"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Relation { pairs, .. } = rule else { return None };
        Some(pairs.iter().flat_map(|p| [layout.cell(p[0]), layout.cell(p[1])]).collect())
    }
}
