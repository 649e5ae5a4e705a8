//! `count` (each, counts, circles) and `distinct_count` (4.14): how often digits occur among a
//! set of cells, and how many different ones.

use super::{Constraint, Digits, Family, Layout};
use crate::format::{Pos, RuleKind};

pub struct Counting;

/// The cells of a set, each once (2.5: `count` and `distinct_count` cells are sets).
fn set_of(cells: &[Pos]) -> Vec<Pos> {
    let mut out = cells.to_vec();
    out.sort_unstable();
    out.dedup();
    out
}

impl Family for Counting {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        match rule {
            RuleKind::Count { cells, each, counts, circles } => {
                let xs = digits.xs(&set_of(cells));
                let times = |v: i64| xs.iter().filter(|&&x| x == v).count() as i64;
                let d = digits.layout.digits as i64;
                match (each, counts, circles) {
                    // Every digit 1..D exactly k times.
                    (Some(k), None, false) => (1..=d).all(|v| times(v) == *k),
                    // Each listed digit exactly that many times.
                    (None, Some(list), false) => list.iter().all(|&(v, t)| times(v) == t),
                    // Every digit v either 0 times or exactly v times.
                    (None, None, true) => (1..=d).all(|v| times(v) == 0 || times(v) == v),
                    _ => false,
                }
            }
            RuleKind::DistinctCount { value, cells, .. } => {
                let mut xs = digits.xs(cells);
                xs.sort_unstable();
                xs.dedup();
                xs.len() as i64 == *value
            }
            _ => false,
        }
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        match rule {
            RuleKind::Count { cells, each, counts, circles } => {
                let ids = layout.cells(&set_of(cells));
                let n = ids.len();
                // The counts a digit may occur with: exactly t, or 0 / v for circles.
                let exactly = |t: i64| -> Vec<bool> { (0..=n).map(|k| k as i64 == t).collect() };
                let per_digit = |v: usize, allowed: Vec<bool>| Constraint::Count {
                    cells: ids.clone(),
                    set: 1 << (v - 1),
                    allowed,
                };
                match (each, counts, circles) {
                    (Some(k), None, false) => {
                        Ok((1..=layout.digits).map(|v| per_digit(v, exactly(*k))).collect())
                    }
                    (None, Some(list), false) => {
                        let mut out: Vec<Constraint> =
                            list.iter().map(|&(v, t)| per_digit(v as usize, exactly(t))).collect();
                        // The listed digits together take exactly their total; left out when a
                        // digit is listed with two different counts (its two per-digit counts
                        // already leave no solution).
                        let mut set = 0u32;
                        let mut total = 0i64;
                        for &(v, t) in list {
                            if set >> (v - 1) & 1 == 0 {
                                set |= 1 << (v - 1);
                                total += t;
                            }
                        }
                        if list.iter().all(|&(v, t)| list.iter().all(|&(w, u)| v != w || t == u)) {
                            out.push(Constraint::Count { cells: ids.clone(), set, allowed: exactly(total) });
                        }
                        Ok(out)
                    }
                    (None, None, true) => Ok((1..=layout.digits)
                        .map(|v| per_digit(v, (0..=n).map(|k| k == 0 || k == v).collect()))
                        .collect()),
                    _ => Err("a count rule has exactly one of each, counts, circles".into()),
                }
            }
            RuleKind::DistinctCount { value, cells, .. } => {
                let mut ids = layout.cells(cells);
                ids.sort_unstable();
                ids.dedup();
                // A value beyond any cell count cannot be met: a count of 0.
                let value = usize::try_from(*value).unwrap_or(usize::MAX);
                Ok(vec![Constraint::DistinctCount { cells: ids, value }])
            }
            _ => Ok(Vec::new()),
        }
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "CNT"
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let (RuleKind::Count { cells, .. } | RuleKind::DistinctCount { cells, .. }) = rule else {
            return None;
        };
        Some(layout.cells(cells))
    }
}
