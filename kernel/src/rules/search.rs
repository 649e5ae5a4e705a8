//! The exact search for documents with rules: candidate masks per cell, singles over the board's
//! houses, then every rule propagator, to a fixpoint; branching on the open cell with the fewest
//! candidates. Every rule's `satisfied` is checked once its cells are all placed (and on every
//! full grid), so counts never depend on how strong the propagators are. No node limit; an
//! optional deadline makes it give up instead.

use super::constraint::Contradiction;
use super::{CompiledRule, Constraint, Digits, Layout};
use crate::board::Board;
use crate::format::Document;
use crate::solve::Count;
use crate::solve::Cutoff;
use std::time::Instant;

/// A document's board and rules compiled for counting.
pub struct RuleSolver {
    layout: Layout,
    digits: usize,
    cells: usize,
    /// For each cell, the cells sharing a house with it.
    peers: Vec<Vec<usize>>,
    /// Houses of exactly D cells (hidden singles).
    complete: Vec<Vec<usize>>,
    rules: Vec<CompiledRule>,
    constraints: Vec<Constraint>,
    /// Each cell's digits before the givens: all of 1..D, or its given candidates (1.5).
    root: Vec<u32>,
}

/// The search stopped at its deadline before it could decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedOut;

impl RuleSolver {
    /// Compiles a document on its engine board; an error names a rule no family solves.
    pub fn new(doc: &Document, board: &Board) -> Result<RuleSolver, String> {
        if board.digits > super::MAX_DIGITS {
            return Err(format!(
                "rules on {} digits are beyond the rule layer ({} at most)",
                board.digits,
                super::MAX_DIGITS
            ));
        }
        let layout = Layout::new(doc, board);
        let (rules, constraints) = super::compile(doc, &layout)?;
        let n = board.cell_count();
        let mut peers = vec![Vec::new(); n];
        for h in &board.houses {
            for &a in &h.cells {
                peers[a].extend(h.cells.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let complete =
            board.houses.iter().filter(|h| h.cells.len() == board.digits).map(|h| h.cells.clone()).collect();
        let all = if board.digits >= 32 { u32::MAX } else { (1u32 << board.digits) - 1 };
        let mut root = vec![all; n];
        // Pencil marks: the cell's digit is one of those listed (an empty list leaves none).
        for (p, ds) in doc.candidates.iter().flatten() {
            let c = layout.cell(*p);
            root[c] &= ds.iter().fold(0u32, |m, &v| m | 1 << (v - 1));
        }
        Ok(RuleSolver { layout, digits: board.digits, cells: n, peers, complete, rules, constraints, root })
    }

    /// Counts solutions of `givens` (0 = empty) up to `limit`, giving up at `deadline`.
    pub fn count(&self, givens: &[u8], limit: u32, deadline: Option<Instant>) -> Result<Count, TimedOut> {
        self.count_cut(givens, limit, deadline.map(Cutoff::Deadline))
    }

    /// As [`RuleSolver::count`], giving up at `cutoff`: a deadline, or a number of search nodes
    /// (deterministic, for the canonical writer).
    pub(crate) fn count_cut(
        &self,
        givens: &[u8],
        limit: u32,
        cutoff: Option<Cutoff>,
    ) -> Result<Count, TimedOut> {
        let mut root = self.root.clone();
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                if usize::from(v) > self.digits {
                    return Ok(Count { count: 0, solution: None });
                }
                // A given keeps its own candidates: one that contradicts them leaves nothing.
                root[c] &= 1 << (v - 1);
            }
        }
        self.count_from(root, limit, cutoff)
    }

    /// Counts the solutions within candidate masks (one per engine cell) up to `limit`.
    pub fn count_masks(
        &self,
        masks: Vec<u32>,
        limit: u32,
        deadline: Option<Instant>,
    ) -> Result<Count, TimedOut> {
        self.count_from(masks, limit, deadline.map(Cutoff::Deadline))
    }

    /// The rules the techniques read, in document order: each one's technique code and the
    /// cells it reads (None for a rule over the whole board).
    pub fn rule_summaries(&self) -> Vec<(&'static str, Option<&[usize]>)> {
        self.rules.iter().map(|r| (r.family.technique(&r.rule), r.scope.as_deref())).collect()
    }

    /// The index in the document's rules of compiled rule `i`.
    pub fn document_index(&self, i: usize) -> usize {
        self.rules[i].index
    }

    /// The document indices of every compiled rule, in order.
    pub fn document_indices(&self) -> Vec<usize> {
        self.rules.iter().map(|r| r.index).collect()
    }

    /// Each cell's digits before the givens (all of them, or its given candidates).
    pub fn root_masks(&self) -> &[u32] {
        &self.root
    }

    /// Narrows `masks` by rule `i` alone: its propagators to a fixpoint, then, once its cells are
    /// all placed, its meaning. False when the rule cannot hold within the masks.
    pub fn narrow_by_rule(&self, i: usize, masks: &mut [u32]) -> bool {
        let r = &self.rules[i];
        loop {
            let mut changed = false;
            for k in &self.constraints[r.constraints.clone()] {
                if k.propagate(masks, &mut changed).is_err() {
                    return false;
                }
            }
            if !changed {
                break;
            }
        }
        let values = values_of(masks);
        let placed = match &r.scope {
            Some(scope) => scope.iter().all(|&c| values[c] != 0),
            None => values.iter().all(|&v| v != 0),
        };
        !placed || r.family.satisfied(&r.rule, &Digits { layout: &self.layout, values: &values })
    }

    /// Narrows `masks` to the digits some filling of the cells of `rules` and the `extra` cells
    /// uses, where a filling keeps cells that share a house apart and satisfies every one of those
    /// rules: what a person sees reading those rules together with the houses (with the open cells
    /// of a house as `extra`, each filling also fills that house, its missing digits each once).
    /// None when the rules cannot hold, or when the filling search passes `max_nodes` (the masks
    /// are then unchanged; a node bound, not a clock, so that the same position always gives the
    /// same answer). Rules over the whole board take no part. Reads and narrows those cells only.
    pub fn narrow_over(
        &self,
        rules: &[usize],
        extra: &[usize],
        masks: &mut [u32],
        max_nodes: u32,
    ) -> Option<()> {
        let mut cells: Vec<usize> = Vec::new();
        for &i in rules {
            for &c in self.rules[i].scope.as_deref()? {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        for &c in extra {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        if cells.is_empty() {
            return Some(());
        }
        // The cell at which each rule's last cell is filled: it is checked there.
        let checks: Vec<(usize, usize)> = rules
            .iter()
            .map(|&i| {
                let last =
                    self.rules[i].scope.as_deref().into_iter().flatten().map(|c| {
                        cells.iter().position(|x| x == c).expect("a rule's cell is among the cells")
                    });
                (last.max().unwrap_or(0), i)
            })
            .collect();
        let apart: Vec<Vec<usize>> = (0..cells.len())
            .map(|k| (0..k).filter(|&j| self.peers[cells[k]].binary_search(&cells[j]).is_ok()).collect())
            .collect();
        let mut values = values_of(masks);
        let mut support = vec![0u32; cells.len()];
        let mut nodes = 0u32;
        let mut choice = vec![0u32; cells.len()]; // digits still to try at each depth
        let mut depth = 0;
        choice[0] = masks[cells[0]];
        loop {
            if choice[depth] == 0 {
                values[cells[depth]] = 0;
                if depth == 0 {
                    break;
                }
                depth -= 1;
                continue;
            }
            nodes += 1;
            if nodes > max_nodes {
                return None;
            }
            let d = choice[depth].trailing_zeros();
            choice[depth] &= choice[depth] - 1;
            let v = d as u8 + 1;
            if apart[depth].iter().any(|&j| values[cells[j]] == v) {
                continue;
            }
            values[cells[depth]] = v;
            let holds = checks.iter().filter(|&&(at, _)| at == depth).all(|&(_, i)| {
                let r = &self.rules[i];
                r.family.satisfied(&r.rule, &Digits { layout: &self.layout, values: &values })
            });
            if !holds {
                continue;
            }
            if depth + 1 == cells.len() {
                for (k, &c) in cells.iter().enumerate() {
                    support[k] |= 1 << (values[c] - 1);
                }
                continue;
            }
            depth += 1;
            choice[depth] = masks[cells[depth]];
        }
        if support.contains(&0) {
            return None;
        }
        for (k, &c) in cells.iter().enumerate() {
            masks[c] &= support[k];
        }
        Some(())
    }

    /// Pairs of rules (with cells of their own) a person reads together: they share a cell.
    pub fn touching_rules(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for i in 0..self.rules.len() {
            let Some(a) = self.rules[i].scope.as_deref() else { continue };
            for j in i + 1..self.rules.len() {
                let Some(b) = self.rules[j].scope.as_deref() else { continue };
                if a.iter().any(|c| b.contains(c)) {
                    pairs.push((i, j));
                }
            }
        }
        pairs
    }

    fn count_from(&self, root: Vec<u32>, limit: u32, cutoff: Option<Cutoff>) -> Result<Count, TimedOut> {
        let limit = limit.max(1);
        let mut count = 0;
        let mut first = None;
        // Each node with the cell branched on to make it (None at the root). A cell whose
        // branches keep failing gains weight, and the next branch prefers it (dom/wdeg-like):
        // sums over many cells fail deep below the cell that decides them.
        let mut stack = vec![(root, None::<usize>)];
        let mut fails = vec![0u32; self.cells];
        let mut nodes: u64 = 0;
        while let Some((mut masks, branched)) = stack.pop() {
            nodes += 1;
            let spent = match cutoff {
                None => false,
                Some(Cutoff::Nodes(max)) => nodes > max,
                Some(Cutoff::Deadline(at)) => nodes.is_multiple_of(256) && Instant::now() >= at,
            };
            if spent {
                return Err(TimedOut);
            }
            if self.propagate(&mut masks).is_err() {
                if let Some(c) = branched {
                    fails[c] += 1;
                }
                continue;
            }
            // The open cell with the fewest candidates per failure weight; none open = a full
            // grid. Compared as count·(1+w') < count'·(1+w) to stay in integers.
            let open = (0..self.cells).filter(|&c| !masks[c].is_power_of_two()).min_by(|&a, &b| {
                let key = |c: usize| u64::from(masks[c].count_ones());
                let w = |c: usize| 1 + u64::from(fails[c]);
                (key(a) * w(b)).cmp(&(key(b) * w(a)))
            });
            let Some(cell) = open else {
                let values = values_of(&masks);
                if self.full_grid_ok(&values) {
                    count += 1;
                    if first.is_none() {
                        first = Some(values);
                    }
                    if count >= limit {
                        break;
                    }
                }
                continue;
            };
            // Pushed in reverse so the smallest digit is tried first.
            let m = masks[cell];
            for d in (0..32).rev().filter(|d| m >> d & 1 == 1) {
                let mut child = masks.clone();
                child[cell] = 1 << d;
                stack.push((child, Some(cell)));
            }
        }
        Ok(Count { count, solution: first })
    }

    /// Houses and every rule on a full grid.
    fn full_grid_ok(&self, values: &[u8]) -> bool {
        let houses_ok = (0..self.cells).all(|c| self.peers[c].iter().all(|&p| values[p] != values[c]));
        let digits = Digits { layout: &self.layout, values };
        houses_ok && self.rules.iter().all(|r| r.family.satisfied(&r.rule, &digits))
    }

    /// Singles, rule propagators and the placed-rule checks to a fixpoint.
    fn propagate(&self, masks: &mut [u32]) -> Result<(), Contradiction> {
        let mut done = vec![false; self.cells];
        loop {
            let mut changed = false;
            // Naked singles: a placed digit leaves its peers.
            for c in 0..self.cells {
                let m = masks[c];
                if m == 0 {
                    return Err(Contradiction);
                }
                if m.is_power_of_two() && !done[c] {
                    done[c] = true;
                    for &p in &self.peers[c] {
                        if masks[p] & m != 0 {
                            masks[p] &= !m;
                            if masks[p] == 0 {
                                return Err(Contradiction);
                            }
                            changed = true;
                        }
                    }
                }
            }
            if changed {
                continue;
            }
            // Hidden singles in houses of D cells.
            for h in &self.complete {
                let mut once = 0u32;
                let mut twice = 0u32;
                let mut placed = 0u32;
                for &c in h {
                    let m = masks[c];
                    twice |= once & m;
                    once |= m;
                    if m.is_power_of_two() {
                        placed |= m;
                    }
                }
                if once.count_ones() < self.digits as u32 {
                    return Err(Contradiction);
                }
                // A placed digit is in one place already: only the others can make a single.
                let single = once & !twice & !placed;
                if single == 0 {
                    continue;
                }
                for &c in h {
                    let hit = masks[c] & single;
                    if hit != 0 && masks[c] != hit {
                        if !hit.is_power_of_two() {
                            return Err(Contradiction);
                        }
                        masks[c] = hit;
                        changed = true;
                    }
                }
            }
            if changed {
                continue;
            }
            for k in &self.constraints {
                k.propagate(masks, &mut changed)?;
            }
            if changed {
                continue;
            }
            // Rules whose cells are all placed must hold.
            let values = values_of(masks);
            let digits = Digits { layout: &self.layout, values: &values };
            for r in &self.rules {
                if let Some(scope) = &r.scope
                    && scope.iter().all(|&c| values[c] != 0)
                    && !r.family.satisfied(&r.rule, &digits)
                {
                    return Err(Contradiction);
                }
            }
            return Ok(());
        }
    }
}

/// The placed digit of each cell (0 where several remain).
fn values_of(masks: &[u32]) -> Vec<u8> {
    masks.iter().map(|&m| if m.is_power_of_two() { m.trailing_zeros() as u8 + 1 } else { 0 }).collect()
}
