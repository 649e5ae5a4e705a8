//! `contains` and `appears` (4.14): listed digits that must occur among a set of cells.

use super::{Constraint, Digits, Family, Layout};
use crate::format::{Pos, RuleKind};

pub struct Contains;

/// The cells of a set, each once (2.5: `contains` and `appears` cells are sets).
fn set_of(cells: &[Pos]) -> Vec<Pos> {
    let mut out = cells.to_vec();
    out.sort_unstable();
    out.dedup();
    out
}

impl Family for Contains {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        match rule {
            // Each listed digit occurs among the cells at least as often as it is listed.
            RuleKind::Contains { digits: listed, cells } => {
                let xs = digits.xs(&set_of(cells));
                listed.iter().all(|v| {
                    let wanted = listed.iter().filter(|&w| w == v).count();
                    xs.iter().filter(|&x| x == v).count() >= wanted
                })
            }
            // The digit in source also occurs in at least one of the cells.
            RuleKind::Appears { source, cells } => {
                let s = digits.x(*source);
                cells.iter().any(|&p| digits.x(p) == s)
            }
            _ => false,
        }
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        match rule {
            RuleKind::Contains { digits: listed, cells } => {
                let ids = layout.cells(&set_of(cells));
                let n = ids.len();
                let mut out = Vec::new();
                let mut wanted = [0usize; 32];
                for &v in listed {
                    wanted[v as usize - 1] += 1;
                }
                // Each digit at least as often as listed: its places among the cells.
                let mut required = 0u32;
                for (i, &k) in wanted.iter().enumerate().filter(|(_, k)| **k > 0) {
                    required |= 1 << i;
                    out.push(Constraint::Count { cells: ids.clone(), set: 1 << i, allowed: at_least(k, n) });
                }
                // Together the listed digits take at least as many cells as listed (all of them
                // when the list is as long as the cells).
                out.push(Constraint::Count { cells: ids, set: required, allowed: at_least(listed.len(), n) });
                Ok(out)
            }
            RuleKind::Appears { source, cells } => Ok(vec![Constraint::Appears {
                source: layout.cell(*source),
                cells: layout.cells(&set_of(cells)),
            }]),
            _ => Ok(Vec::new()),
        }
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "CBL"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        match rule {
            RuleKind::Contains { cells, .. } => Some(layout.cells(cells)),
            RuleKind::Appears { source, cells } => {
                let mut out = layout.cells(cells);
                out.push(layout.cell(*source));
                Some(out)
            }
            _ => None,
        }
    }
}

/// Counts k..=n allowed (none when k > n).
fn at_least(k: usize, n: usize) -> Vec<bool> {
    (0..=n).map(|c| c >= k).collect()
}
