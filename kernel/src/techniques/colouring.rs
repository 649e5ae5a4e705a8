//! Colouring: Simple Colouring, Multi-Colouring and 3D Medusa.
//!
//! A strong link joins two candidates of which exactly one is true: the only two places of a digit
//! in a house (a conjugate pair), or, for 3D Medusa, the two candidates of a bivalue cell. A
//! cluster of candidates joined by strong links falls into two colours: one colour is all true,
//! the other all false.
//!
//! - SCL, one digit, one cluster (of four cells or more): a colour twice in a house is false
//!   (wrap: its cells lose the digit); otherwise a cell seeing both colours loses the digit (trap).
//! - MCL, one digit, two clusters: when a colour of one sees a colour of the other, one of their
//!   two complements is true, so a cell seeing both complements loses the digit.
//! - 3DM, (cell, digit) candidates over several digits: a colour twice in a cell, twice for a
//!   digit in a house, or one that would leave a cell without candidates, is false (its candidates
//!   go); otherwise a candidate seeing both colours (in its cell, or its digit in a peer) goes.
//!
//! A cluster that proves a colour false offers only that move, not its traps.

use super::{Candidate, Move, State, Tech, code, structural_cost};
use crate::bits::CellSet;
use crate::board::Geometry;

/// Smallest conjugate-pair cluster Simple Colouring reads (smaller ones only repeat a lock).
const SCL_MIN_CELLS: u32 = 4;

/// The conjugate pairs of one digit: per cell, its partners, and per cell the link houses.
struct PairGraph<const W: usize> {
    partners: Vec<CellSet<W>>,
    /// (house, a, b) for each conjugate pair.
    links: Vec<(usize, usize, usize)>,
}

fn pair_graph<const W: usize>(geo: &Geometry<W>, plane: &CellSet<W>) -> PairGraph<W> {
    let mut partners = vec![CellSet::<W>::EMPTY; geo.cells];
    let mut links = Vec::new();
    for &h in &geo.complete_houses {
        let spots = plane.and(&geo.houses[h]);
        if spots.len() == 2 {
            let mut it = spots.iter();
            let (a, b) = (it.next().expect("two"), it.next().expect("two"));
            partners[a].insert(b);
            partners[b].insert(a);
            links.push((h, a, b));
        }
    }
    PairGraph { partners, links }
}

/// A one-digit cluster: its two colours.
struct Cluster<const W: usize> {
    colours: [CellSet<W>; 2],
}

impl<const W: usize> Cluster<W> {
    fn cells(&self) -> CellSet<W> {
        self.colours[0].or(&self.colours[1])
    }
}

/// The clusters of one digit, in order of their first cell.
fn clusters<const W: usize>(plane: &CellSet<W>, graph: &PairGraph<W>) -> Vec<Cluster<W>> {
    let mut seen = CellSet::<W>::EMPTY;
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in plane.iter() {
        if seen.contains(start) || graph.partners[start].is_empty() {
            continue;
        }
        let mut colours = [CellSet::<W>::EMPTY; 2];
        colours[0].insert(start);
        seen.insert(start);
        stack.push((start, 0usize));
        while let Some((cell, k)) = stack.pop() {
            for next in graph.partners[cell].iter() {
                if !seen.contains(next) {
                    seen.insert(next);
                    colours[1 - k].insert(next);
                    stack.push((next, 1 - k));
                }
            }
        }
        out.push(Cluster { colours });
    }
    out
}

/// Every cell that sees some cell of `set`.
fn seen_by<const W: usize>(geo: &Geometry<W>, set: &CellSet<W>) -> CellSet<W> {
    let mut s = CellSet::EMPTY;
    for c in set.iter() {
        s |= geo.peers[c];
    }
    s
}

/// True when two cells of `set` share a house.
fn sees_itself<const W: usize>(geo: &Geometry<W>, set: &CellSet<W>) -> bool {
    set.iter().any(|c| geo.peers[c].intersects(set))
}

/// The houses of the conjugate pairs inside `cells`, in house order.
fn link_houses<const W: usize>(graph: &PairGraph<W>, cells: &CellSet<W>) -> Vec<usize> {
    let mut h: Vec<usize> = graph
        .links
        .iter()
        .filter(|(_, a, b)| cells.contains(*a) && cells.contains(*b))
        .map(|l| l.0)
        .collect();
    h.sort_unstable();
    h.dedup();
    h
}

/// Order of one-digit colouring moves, like the reference release's price: more cells cost more,
/// then more houses touched (rows, columns and boxes of the cells); from ten cells on every move is
/// at the price ceiling and taken in the order found.
fn one_digit_cost<const W: usize>(geo: &Geometry<W>, pattern: &CellSet<W>) -> u32 {
    let cells = pattern.len();
    if cells >= 10 {
        return CEILING;
    }
    let mut touched: Vec<usize> = pattern.iter().flat_map(|c| geo.cell_houses[c].iter().copied()).collect();
    touched.sort_unstable();
    touched.dedup();
    cells << 16 | touched.len() as u32
}

fn one_digit_move<const W: usize>(
    geo: &Geometry<W>,
    tech: Tech,
    d: usize,
    cleared: &CellSet<W>,
    pattern: &CellSet<W>,
    houses: Vec<usize>,
) -> Move {
    let cost = one_digit_cost(geo, pattern);
    Move {
        tech,
        placements: Vec::new(),
        eliminations: cleared.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect(),
        houses,
        digits: 1 << d,
        cost,
    }
}

/// Simple Colouring (SCL): per digit and cluster, its wraps, or else its trap.
pub fn simple_colouring<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let open = st.open_cells(geo);
    for d in 0..geo.digits {
        let plane = st.planes[d].and(&open);
        let graph = pair_graph(geo, &plane);
        if graph.links.len() < 3 {
            continue;
        }
        for cl in clusters(&plane, &graph) {
            let cells = cl.cells();
            if cells.len() < SCL_MIN_CELLS {
                continue;
            }
            let mut wrapped = false;
            for colour in &cl.colours {
                if sees_itself(geo, colour) {
                    wrapped = true;
                    out.push(one_digit_move(geo, code::SCL, d, colour, &cells, link_houses(&graph, &cells)));
                }
            }
            if wrapped {
                continue;
            }
            let trap =
                plane.and(&seen_by(geo, &cl.colours[0])).and(&seen_by(geo, &cl.colours[1])).and_not(&cells);
            if !trap.is_empty() {
                out.push(one_digit_move(geo, code::SCL, d, &trap, &cells, link_houses(&graph, &cells)));
            }
        }
    }
}

/// Multi-Colouring (MCL): per digit and pair of clusters, each pair of colours that see each other
/// clears the cells seeing both of their complements (one move per distinct elimination).
pub fn multi_colouring<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let open = st.open_cells(geo);
    for d in 0..geo.digits {
        let plane = st.planes[d].and(&open);
        let graph = pair_graph(geo, &plane);
        if graph.links.len() < 2 {
            continue;
        }
        let cls = clusters(&plane, &graph);
        if cls.len() < 2 {
            continue;
        }
        let seen: Vec<[CellSet<W>; 2]> =
            cls.iter().map(|c| [seen_by(geo, &c.colours[0]), seen_by(geo, &c.colours[1])]).collect();
        let mut found: Vec<CellSet<W>> = Vec::new();
        for i in 0..cls.len() {
            for j in i + 1..cls.len() {
                let both = cls[i].cells().or(&cls[j].cells());
                for a in 0..2 {
                    for b in 0..2 {
                        if !seen[i][a].intersects(&cls[j].colours[b]) {
                            continue;
                        }
                        let cleared = plane.and(&seen[i][1 - a]).and(&seen[j][1 - b]).and_not(&both);
                        if cleared.is_empty() || found.contains(&cleared) {
                            continue;
                        }
                        found.push(cleared);
                        out.push(one_digit_move(
                            geo,
                            code::MCL,
                            d,
                            &cleared,
                            &both,
                            link_houses(&graph, &both),
                        ));
                    }
                }
            }
        }
    }
}

/// A 3D Medusa cluster: per colour and digit, the cells holding that coloured candidate.
struct Medusa<const W: usize> {
    colours: [Vec<CellSet<W>>; 2],
    digits: u32,
    nodes: usize,
    houses: Vec<usize>,
}

/// 3D Medusa (3DM): per cluster over two digits or more, the moves of a false colour (wrap in a
/// cell, wrap in a house, emptied cell), or else its trap.
pub fn medusa<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let open = st.open_cells(geo);
    let nd = geo.digits;
    let planes: Vec<CellSet<W>> = (0..nd).map(|d| st.planes[d].and(&open)).collect();
    let masks: Vec<u32> =
        (0..geo.cells).map(|c| if open.contains(c) { st.cell_mask(geo, c) } else { 0 }).collect();
    // Per digit: cells in a conjugate pair, and per house the pairs (by house order).
    let mut pair_houses: Vec<Vec<usize>> = vec![Vec::new(); nd];
    for (d, plane) in planes.iter().enumerate() {
        for &h in &geo.complete_houses {
            if plane.and(&geo.houses[h]).len() == 2 {
                pair_houses[d].push(h);
            }
        }
    }
    let mut seen: Vec<CellSet<W>> = vec![CellSet::EMPTY; nd];
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    for start in open.iter() {
        for d0 in (0..nd).filter(|&d| masks[start] >> d & 1 == 1) {
            if seen[d0].contains(start) {
                continue;
            }
            let mut cl = Medusa {
                colours: [vec![CellSet::EMPTY; nd], vec![CellSet::EMPTY; nd]],
                digits: 0,
                nodes: 0,
                houses: Vec::new(),
            };
            seen[d0].insert(start);
            cl.colours[0][d0].insert(start);
            stack.push((start, d0, 0));
            while let Some((cell, d, k)) = stack.pop() {
                cl.nodes += 1;
                cl.digits |= 1 << d;
                let mut push = |c: usize, e: usize, seen: &mut Vec<CellSet<W>>, cl: &mut Medusa<W>| {
                    if !seen[e].contains(c) {
                        seen[e].insert(c);
                        cl.colours[1 - k][e].insert(c);
                        stack.push((c, e, 1 - k));
                    }
                };
                let m = masks[cell];
                if m.count_ones() == 2 {
                    let e = (m & !(1 << d)).trailing_zeros() as usize;
                    push(cell, e, &mut seen, &mut cl);
                }
                for &h in &pair_houses[d] {
                    if geo.houses[h].contains(cell) {
                        let other = planes[d].and(&geo.houses[h]);
                        for c in other.iter().filter(|&c| c != cell) {
                            push(c, d, &mut seen, &mut cl);
                        }
                        cl.houses.push(h);
                    }
                }
            }
            // Two candidates alone (a bivalue cell, a conjugate pair) prove nothing new.
            if cl.digits.count_ones() < 2 || cl.nodes < 3 {
                continue;
            }
            cl.houses.sort_unstable();
            cl.houses.dedup();
            medusa_moves(geo, &planes, &open, &cl, out);
        }
    }
}

/// The cost every move at the price ceiling shares: those are taken in the order found.
const CEILING: u32 = u32::MAX / 2;

/// Order of 3D Medusa moves, like the reference release's price: it grows by about one step per
/// candidate of the cluster and a half step per digit beyond two, and reaches its ceiling from
/// 9 candidates over 2 digits, 8 over 3, and always from 4 digits.
fn medusa_cost<const W: usize>(geo: &Geometry<W>, cl: &Medusa<W>, pattern: &CellSet<W>) -> u32 {
    let digits = cl.digits.count_ones() as usize;
    let steps = 2 * cl.nodes + (digits - 2);
    if digits >= 4 || steps >= 17 {
        return CEILING;
    }
    let links = cl.nodes.saturating_sub(1);
    structural_cost(geo, 1, steps, pattern.iter(), links)
}

fn medusa_moves<const W: usize>(
    geo: &Geometry<W>,
    planes: &[CellSet<W>],
    open: &CellSet<W>,
    cl: &Medusa<W>,
    out: &mut Vec<Move>,
) {
    let nd = planes.len();
    let cells: [CellSet<W>; 2] =
        [0, 1].map(|k| cl.colours[k].iter().fold(CellSet::EMPTY, |acc: CellSet<W>, s| acc.or(s)));
    let pattern = cells[0].or(&cells[1]);
    // sees[k][d]: cells whose candidate d sees colour k (its digit in a peer, or another digit of
    // colour k in its own cell).
    let sees: [Vec<CellSet<W>>; 2] = [0, 1].map(|k| {
        (0..nd)
            .map(|d| {
                if cl.digits >> d & 1 == 0 {
                    return cells[k];
                }
                let mut s = seen_by(geo, &cl.colours[k][d]);
                for e in (0..nd).filter(|&e| e != d && cl.digits >> e & 1 == 1) {
                    s |= cl.colours[k][e];
                }
                s
            })
            .collect()
    });
    let uncoloured: Vec<CellSet<W>> =
        (0..nd).map(|d| planes[d].and_not(&cl.colours[0][d]).and_not(&cl.colours[1][d])).collect();
    let make = |elims: Vec<Candidate>| -> Move {
        Move {
            tech: code::C3DM,
            placements: Vec::new(),
            eliminations: elims,
            houses: cl.houses.clone(),
            digits: cl.digits,
            cost: medusa_cost(geo, cl, &pattern),
        }
    };
    let mut false_colour = false;
    for (col, sees_k) in cl.colours.iter().zip(&sees) {
        // A colour twice in a cell.
        let mut wrap = false;
        let mut acc = CellSet::<W>::EMPTY;
        for s in col {
            if acc.intersects(s) {
                wrap = true;
                break;
            }
            acc |= *s;
        }
        // A colour twice for a digit in a house.
        wrap = wrap || col.iter().any(|s| sees_itself(geo, s));
        // A cell whose candidates are all uncoloured and all see the colour.
        if !wrap {
            let mut emptied = open.and_not(&pattern);
            for d in 0..nd {
                // Cells with candidate d keep it unless it sees the colour.
                let keeps = planes[d].and_not(&uncoloured[d].and(&sees_k[d]));
                emptied = emptied.and_not(&keeps);
            }
            wrap = !emptied.is_empty();
        }
        if wrap {
            false_colour = true;
            let mut elims = Vec::new();
            for (d, s) in col.iter().enumerate() {
                elims.extend(s.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }));
            }
            elims.sort();
            out.push(make(elims));
        }
    }
    if false_colour {
        return;
    }
    let mut elims = Vec::new();
    for d in 0..nd {
        let trap = uncoloured[d].and(&sees[0][d]).and(&sees[1][d]);
        elims.extend(trap.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }));
    }
    if !elims.is_empty() {
        elims.sort();
        out.push(make(elims));
    }
}
