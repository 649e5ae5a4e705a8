//! `global_entropy` (4.14): every 2x2 block of existing cells holds a low, a middle and a high
//! digit, class(v) = ⌊3(v−1)/D⌋.

use super::{Constraint, Digits, Family, Layout};
use crate::format::{Pos, RuleKind};

pub struct GlobalEntropy;

/// Every 2x2 block of the board whose four positions are cells, as TL, TR, BL, BR.
fn blocks(layout: &Layout) -> Vec<[Pos; 4]> {
    let mut out = Vec::new();
    for r in 0..layout.rows as i64 {
        for c in 0..layout.cols as i64 {
            if let (Some(a), Some(b), Some(x), Some(y)) =
                (layout.at(r, c), layout.at(r, c + 1), layout.at(r + 1, c), layout.at(r + 1, c + 1))
            {
                out.push([a, b, x, y]);
            }
        }
    }
    out
}

impl Family for GlobalEntropy {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let RuleKind::GlobalEntropy = rule else { return false };
        let d = digits.layout.digits as i64;
        blocks(digits.layout).iter().all(|block| {
            let classes: Vec<i64> = block.iter().map(|&p| 3 * (digits.x(p) - 1) / d).collect();
            (0..3).all(|k| classes.contains(&k))
        })
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::GlobalEntropy = rule else { return Ok(Vec::new()) };
        let d = layout.digits;
        if !d.is_multiple_of(3) {
            return Err(format!("global entropy needs a number of digits divisible by 3, not {d}"));
        }
        // Each class is a third of 1..D: at least one cell of every block holds one of its digits.
        let class = |k: usize| (k * d / 3..(k + 1) * d / 3).fold(0u32, |m, i| m | 1 << i);
        let mut out = Vec::new();
        for block in blocks(layout) {
            let cells = layout.cells(&block);
            for k in 0..3 {
                out.push(Constraint::Count {
                    cells: cells.clone(),
                    set: class(k),
                    allowed: vec![false, true, true, true, true],
                });
            }
        }
        Ok(out)
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "LNC"
    }

    fn scope(&self, _rule: &RuleKind, _layout: &Layout) -> Option<Vec<usize>> {
        None
    }
}
