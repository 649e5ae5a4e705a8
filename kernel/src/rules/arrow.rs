//! `arrow` (4.5): the bulb read as a number (digits in bulb order) equals each shaft's sum.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;
use std::collections::BTreeMap;

pub struct Arrow;

/// The weight of each bulb cell: 10^(len-1-i); `None` when the number overflows.
fn bulb_weights(len: usize) -> Option<Vec<i64>> {
    (0..len).map(|i| 10i64.checked_pow(u32::try_from(len - 1 - i).ok()?)).collect()
}

impl Family for Arrow {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::Arrow { bulb, lines } = rule else { return false };
        let Some(weights) = bulb_weights(bulb.len()) else { return false };
        let n: i64 = digits.xs(bulb).iter().zip(&weights).map(|(x, w)| x * w).sum();
        lines.iter().all(|shaft| digits.xs(shaft).iter().sum::<i64>() == n)
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Arrow { bulb, lines } = rule else { return Ok(Vec::new()) };
        let Some(weights) = bulb_weights(bulb.len()) else {
            return Err(format!("a bulb of {} cells is a number too large to sum to", bulb.len()));
        };
        let mut out = Vec::new();
        for shaft in lines {
            // Σ shaft − N = 0, a cell in both bulb and shaft gets both coefficients.
            let mut terms: BTreeMap<usize, i64> = BTreeMap::new();
            for &p in shaft {
                *terms.entry(layout.cell(p)).or_default() += 1;
            }
            for (&p, w) in bulb.iter().zip(&weights) {
                *terms.entry(layout.cell(p)).or_default() -= w;
            }
            out.push(Constraint::Linear {
                terms: terms.into_iter().filter(|t| t.1 != 0).collect(),
                total: 0,
            });
        }
        Ok(out)
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "ARW"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Arrow { bulb, lines } = rule else { return None };
        let mut all = layout.cells(bulb);
        for shaft in lines {
            all.extend(layout.cells(shaft));
        }
        Some(all)
    }
}
