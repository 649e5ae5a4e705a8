//! `equal_sum` (4.14): all segments (each a set of cells) have the same sum.

use super::{Constraint, Digits, Family, Layout};
use crate::format::{Pos, RuleKind};

pub struct EqualSum;

/// A segment's cells, each once (2.5: each segment is a set).
fn set_of(cells: &[Pos]) -> Vec<Pos> {
    let mut out = cells.to_vec();
    out.sort_unstable();
    out.dedup();
    out
}

impl Family for EqualSum {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::EqualSum { segments } = rule else { return false };
        let sums: Vec<i64> = segments.iter().map(|s| digits.xs(&set_of(s)).iter().sum()).collect();
        sums.windows(2).all(|w| w[0] == w[1])
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::EqualSum { segments } = rule else { return Ok(Vec::new()) };
        let Some((first, rest)) = segments.split_first() else { return Ok(Vec::new()) };
        let first = layout.cells(&set_of(first));
        // Σ segment − Σ first = 0 for every other segment; a cell in both cancels out.
        Ok(rest
            .iter()
            .map(|s| {
                let mut terms: Vec<(usize, i64)> = Vec::new();
                let cells = layout.cells(&set_of(s));
                for (c, k) in cells.into_iter().map(|c| (c, 1)).chain(first.iter().map(|&c| (c, -1))) {
                    match terms.iter_mut().find(|t| t.0 == c) {
                        Some(t) => t.1 += k,
                        None => terms.push((c, k)),
                    }
                }
                terms.retain(|t| t.1 != 0);
                Constraint::Linear { terms, total: 0 }
            })
            .collect())
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "EQS"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::EqualSum { segments } = rule else { return None };
        Some(segments.iter().flat_map(|s| layout.cells(s)).collect())
    }
}
