//! A small exact search for puzzles whose rules are houses and killer cages (cages with a sum),
//! which the bitboard solver does not take yet; the canonical export proves uniqueness with it. Depth-first, the empty cell
//! with the fewest candidates first, cage sums pruned by the smallest and largest digits the rest
//! of the cage can still take; a node budget bounds it like the engine's count.

use super::BudgetExhausted;
use crate::format::{Document, Pos, RuleKind, document_houses};
use std::collections::HashMap;

/// Counts the solutions of a document of houses and cages up to `limit`; the first one in reading
/// order. An error when `max_nodes` search nodes were not enough to decide.
pub(crate) fn count(
    doc: &Document,
    limit: u32,
    max_nodes: u64,
) -> Result<(u32, Option<Vec<u8>>), BudgetExhausted> {
    let cells = doc.cells();
    let index: HashMap<Pos, usize> = cells.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let ids = |cs: &[Pos]| -> Vec<usize> { cs.iter().filter_map(|p| index.get(p).copied()).collect() };
    // No-repeat groups (houses, regions, every cage) and the sums.
    let mut groups: Vec<Vec<usize>> = document_houses(doc).iter().map(|(_, cs)| ids(cs)).collect();
    let mut sums: Vec<(Vec<usize>, i64)> = Vec::new();
    for r in &doc.rules {
        if let RuleKind::Cage { cells, sum: Some(s) } = &r.kind {
            groups.push(ids(cells));
            sums.push((ids(cells), *s));
        }
    }
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (g, cs) in groups.iter().enumerate() {
        for &c in cs {
            of_cell[c].push(g);
        }
    }
    let mut sums_of: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (k, (cs, _)) in sums.iter().enumerate() {
        for &c in cs {
            sums_of[c].push(k);
        }
    }
    let values: Vec<u8> = doc.givens.iter().filter_map(|g| *g).collect();
    let mut s = Search {
        d: doc.digits,
        groups,
        of_cell,
        sums,
        sums_of,
        values,
        count: 0,
        limit: limit.max(1),
        first: None,
        nodes: 0,
        max_nodes,
    };
    // Givens that repeat in a group or break a cage: no solution.
    for g in &s.groups {
        let mut seen = 0u64;
        for &c in g {
            let v = s.values[c];
            if v != 0 {
                if seen >> v & 1 == 1 {
                    return Ok((0, None));
                }
                seen |= 1 << v;
            }
        }
    }
    if (0..s.sums.len()).any(|k| !s.cage_ok(k)) {
        return Ok((0, None));
    }
    s.dfs()?;
    Ok((s.count, s.first))
}

struct Search {
    d: usize,
    groups: Vec<Vec<usize>>,
    of_cell: Vec<Vec<usize>>,
    sums: Vec<(Vec<usize>, i64)>,
    sums_of: Vec<Vec<usize>>,
    values: Vec<u8>,
    count: u32,
    limit: u32,
    first: Option<Vec<u8>>,
    nodes: u64,
    max_nodes: u64,
}

impl Search {
    /// Digits (bit v) the cell can still take: none used in its groups.
    fn candidates(&self, c: usize) -> u64 {
        let mut used = 0u64;
        for &g in &self.of_cell[c] {
            for &x in &self.groups[g] {
                used |= 1 << self.values[x];
            }
        }
        let all = ((1u64 << self.d) - 1) << 1;
        all & !used
    }

    /// Whether cage k can still reach its sum with distinct digits in its empty cells.
    fn cage_ok(&self, k: usize) -> bool {
        let (cs, target) = &self.sums[k];
        let mut partial = 0i64;
        let mut used = 0u64;
        let mut empty = 0usize;
        for &c in cs {
            let v = self.values[c];
            if v == 0 {
                empty += 1;
            } else {
                partial += v as i64;
                used |= 1 << v;
            }
        }
        let free: Vec<i64> = (1..=self.d as i64).filter(|v| used >> v & 1 == 0).collect();
        if free.len() < empty {
            return false;
        }
        let lo: i64 = free[..empty].iter().sum();
        let hi: i64 = free[free.len() - empty..].iter().sum();
        partial + lo <= *target && *target <= partial + hi
    }

    fn dfs(&mut self) -> Result<(), BudgetExhausted> {
        if self.nodes >= self.max_nodes {
            return Err(BudgetExhausted { max_nodes: self.max_nodes, found: self.count });
        }
        self.nodes += 1;
        let mut best: Option<(u32, usize, u64)> = None;
        for c in 0..self.values.len() {
            if self.values[c] != 0 {
                continue;
            }
            let m = self.candidates(c);
            let n = m.count_ones();
            if n == 0 {
                return Ok(());
            }
            if best.is_none_or(|b| n < b.0) {
                best = Some((n, c, m));
            }
        }
        let Some((_, c, mut m)) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(self.values.clone());
            }
            return Ok(());
        };
        while m != 0 {
            let v = m.trailing_zeros() as u8;
            m &= m - 1;
            self.values[c] = v;
            let ok = (0..self.sums_of[c].len()).all(|i| self.cage_ok(self.sums_of[c][i]));
            if ok {
                self.dfs()?;
            }
            self.values[c] = 0;
            if self.count >= self.limit {
                return Ok(());
            }
        }
        Ok(())
    }
}
