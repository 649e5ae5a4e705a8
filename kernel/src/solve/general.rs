//! The general exact solver: any board whose rules are houses.
//!
//! State: one candidate plane per digit (`planes[d]` = cells where digit d+1 may stand, placed
//! cells included) plus the set of placed cells. Propagation is naked singles (found with a
//! bit-sliced count over the planes) and hidden singles (one popcount per complete house and
//! digit); branching takes the unplaced cell with the fewest candidates. Complete: no node limit
//! unless the caller asks for one (`count_from_cutoff`: a node budget or a deadline).
//! The search stack is allocated once per call, never per node.

use crate::bits::{CellSet, count_at_least};
use crate::board::{Geometry, MAX_DIGITS};

/// Outcome of propagation.
enum Propagated {
    Stuck,
    Solved,
    Contradiction,
}

/// A search node: planes for each digit and the placed cells. Fixed-size so that a branch is a
/// plain copy, with no allocation per node.
#[derive(Clone, Copy)]
pub(crate) struct Node<const W: usize> {
    pub planes: [CellSet<W>; MAX_DIGITS],
    pub placed: CellSet<W>,
}

impl<const W: usize> Node<W> {
    /// Every digit possible everywhere.
    pub fn open(geo: &Geometry<W>) -> Node<W> {
        let mut planes = [CellSet::EMPTY; MAX_DIGITS];
        planes[..geo.digits].fill(geo.all);
        Node { planes, placed: CellSet::EMPTY }
    }

    /// Places digit index `d` (0-based) in `cell`; false when it is not a candidate there.
    #[inline]
    pub fn place(&mut self, geo: &Geometry<W>, cell: usize, d: usize) -> bool {
        if !self.planes[d].contains(cell) {
            return false;
        }
        for (e, plane) in self.planes[..geo.digits].iter_mut().enumerate() {
            if e != d {
                plane.remove(cell);
            }
        }
        self.planes[d] = self.planes[d].and_not(&geo.peers[cell]);
        self.placed.insert(cell);
        true
    }

    /// Applies the givens (values 1..=D, 0 empty); false when two givens conflict.
    pub fn with_givens(geo: &Geometry<W>, givens: &[u8]) -> Option<Node<W>> {
        let mut node = Node::open(geo);
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 && !node.place(geo, cell, v as usize - 1) {
                return None;
            }
        }
        Some(node)
    }

    fn propagate(&mut self, geo: &Geometry<W>) -> Propagated {
        loop {
            let open = geo.all.and_not(&self.placed);
            if open.is_empty() {
                return Propagated::Solved;
            }
            let [ones, twos, _] = count_at_least(&self.planes[..geo.digits], &open);
            if !open.is_subset(&ones) {
                return Propagated::Contradiction;
            }
            let singles = ones.and_not(&twos);
            let mut progress = false;
            for cell in singles.iter() {
                // An earlier single of this pass may have emptied this cell.
                let Some(d) = (0..geo.digits).find(|&d| self.planes[d].contains(cell)) else {
                    return Propagated::Contradiction;
                };
                if !self.placed.contains(cell) {
                    self.place(geo, cell, d);
                    progress = true;
                }
            }
            if progress {
                continue;
            }
            for &h in &geo.complete_houses {
                let house = &geo.houses[h];
                for d in 0..geo.digits {
                    let spots = self.planes[d].and(house);
                    if spots.is_empty() {
                        return Propagated::Contradiction;
                    }
                    if spots.is_single() {
                        let cell = spots.first().expect("single");
                        if !self.placed.contains(cell) {
                            self.place(geo, cell, d);
                            progress = true;
                        }
                    }
                }
            }
            if !progress {
                return Propagated::Stuck;
            }
        }
    }

    /// The open cell with the fewest candidates (a two-candidate cell when there is one).
    fn branch_cell(&self, geo: &Geometry<W>) -> usize {
        let open = geo.all.and_not(&self.placed);
        let [_, twos, threes] = count_at_least(&self.planes[..geo.digits], &open);
        if let Some(c) = twos.and_not(&threes).first() {
            return c;
        }
        let mut best = (usize::MAX, 0);
        for cell in open.iter() {
            let n = self.planes[..geo.digits].iter().filter(|p| p.contains(cell)).count();
            if n < best.0 {
                best = (n, cell);
            }
        }
        best.1
    }

    /// The digits (1..=D) of a fully placed node.
    pub fn values(&self, geo: &Geometry<W>, out: &mut [u8]) {
        for (d, p) in self.planes[..geo.digits].iter().enumerate() {
            for cell in p.iter() {
                out[cell] = d as u8 + 1;
            }
        }
        debug_assert!(out[..geo.cells].iter().all(|&v| v != 0));
    }
}

/// Counts solutions up to `limit` from a node; writes the first solution into `solution`
/// (`geo.cells` entries, digits 1..=D) when at least one exists.
pub(crate) fn count_from<const W: usize>(
    geo: &Geometry<W>,
    root: &Node<W>,
    limit: u32,
    solution: Option<&mut [u8]>,
) -> u32 {
    match search::<W, false>(geo, root, limit, solution, Cutoff::Nodes(0)) {
        Ok(n) => n,
        Err(_) => unreachable!("an unlimited search never gives up"),
    }
}

/// Where a limited search gives up.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cutoff {
    /// After visiting this many search nodes (each propagation of a node counts one):
    /// deterministic, the same input always stops at the same place.
    Nodes(u64),
    /// At this moment (the clock is read every 256 nodes, a small fraction of their cost).
    Deadline(std::time::Instant),
}

/// As [`count_from`], but gives up at `cutoff`: `Err(solutions found so far)`.
pub(crate) fn count_from_cutoff<const W: usize>(
    geo: &Geometry<W>,
    root: &Node<W>,
    limit: u32,
    solution: Option<&mut [u8]>,
    cutoff: Cutoff,
) -> Result<u32, u32> {
    search::<W, true>(geo, root, limit, solution, cutoff)
}

/// The search; with `LIMITED` false the cutoff is compiled out.
#[inline(always)]
fn search<const W: usize, const LIMITED: bool>(
    geo: &Geometry<W>,
    root: &Node<W>,
    limit: u32,
    mut solution: Option<&mut [u8]>,
    cutoff: Cutoff,
) -> Result<u32, u32> {
    let mut nodes: u64 = 0;
    struct Frame<const W: usize> {
        node: Node<W>,
        cell: usize,
        /// Digits (bit d = digit index d) still to try in `cell`.
        untried: u32,
    }
    let mut count = 0;
    // Depth never exceeds the number of cells, so this never grows.
    let mut stack: Vec<Frame<W>> = Vec::with_capacity(geo.cells + 1);
    let mut current = Some(*root);
    loop {
        if let Some(mut node) = current.take() {
            if LIMITED {
                let spent = match cutoff {
                    Cutoff::Nodes(max) => nodes >= max,
                    Cutoff::Deadline(at) => nodes.is_multiple_of(256) && std::time::Instant::now() >= at,
                };
                if spent {
                    return Err(count);
                }
                nodes += 1;
            }
            match node.propagate(geo) {
                Propagated::Contradiction => {}
                Propagated::Solved => {
                    count += 1;
                    if count == 1
                        && let Some(out) = solution.as_deref_mut()
                    {
                        node.values(geo, out);
                    }
                    if count >= limit {
                        return Ok(count);
                    }
                }
                Propagated::Stuck => {
                    let cell = node.branch_cell(geo);
                    let mut untried = 0u32;
                    for (d, p) in node.planes[..geo.digits].iter().enumerate() {
                        if p.contains(cell) {
                            untried |= 1 << d;
                        }
                    }
                    stack.push(Frame { node, cell, untried });
                }
            }
        }
        let Some(frame) = stack.last_mut() else {
            return Ok(count);
        };
        if frame.untried == 0 {
            stack.pop();
            continue;
        }
        let d = frame.untried.trailing_zeros() as usize;
        frame.untried &= frame.untried - 1;
        let mut child = frame.node;
        let cell = frame.cell;
        if frame.untried == 0 {
            stack.pop();
        }
        if child.place(geo, cell, d) {
            current = Some(child);
        }
    }
}
