//! `clone` and `isomorphic` (4.14): regions whose corresponding cells (same index) hold equal
//! digits, or digits related by one bijection of 1..D.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct CloneRegions;

impl Family for CloneRegions {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        match rule {
            RuleKind::Clone { regions } => {
                let Some(first) = regions.first() else { return false };
                regions.iter().all(|g| g.len() == first.len())
                    && regions.iter().all(|g| g.iter().zip(first).all(|(&p, &q)| digits.x(p) == digits.x(q)))
            }
            // A bijection σ with σ(x(r0[i])) = x(r1[i]) exists iff the pairs define a function
            // that is one-to-one (it then extends to a bijection of 1..D).
            RuleKind::Isomorphic { regions } => {
                let [r0, r1] = regions.as_slice() else { return false };
                if r0.len() != r1.len() {
                    return false;
                }
                let pairs: Vec<(i64, i64)> =
                    r0.iter().zip(r1).map(|(&p, &q)| (digits.x(p), digits.x(q))).collect();
                pairs.iter().all(|&(x, y)| pairs.iter().all(|&(u, v)| (x == u) == (y == v)))
            }
            _ => false,
        }
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        match rule {
            RuleKind::Clone { regions } => {
                let Some((first, rest)) = regions.split_first() else {
                    return Err("a clone needs at least 2 regions".into());
                };
                let first = layout.cells(first);
                let mut out = Vec::new();
                for g in rest {
                    if g.len() != first.len() {
                        return Err("the clone regions differ in size".into());
                    }
                    for (&a, &p) in first.iter().zip(g) {
                        out.push(Constraint::pair(a, layout.cell(p), layout.digits, |x, y| x == y));
                    }
                }
                Ok(out)
            }
            RuleKind::Isomorphic { regions } => {
                let [r0, r1] = regions.as_slice() else {
                    return Err("an isomorphic rule has exactly 2 regions".into());
                };
                if r0.len() != r1.len() {
                    return Err("the isomorphic regions differ in size".into());
                }
                Ok(vec![Constraint::Bijection { a: layout.cells(r0), b: layout.cells(r1) }])
            }
            _ => Ok(Vec::new()),
        }
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "EQD"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let (RuleKind::Clone { regions } | RuleKind::Isomorphic { regions }) = rule else { return None };
        Some(regions.iter().flat_map(|g| layout.cells(g)).collect())
    }
}
