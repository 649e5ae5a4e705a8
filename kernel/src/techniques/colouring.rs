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

use super::{Candidate, Move, Pattern, SearchContext, State, Tech, code, structural_cost};
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
    clusters: Pattern,
) -> Move {
    let cost = one_digit_cost(geo, pattern);
    Move {
        rules: Vec::new(),
        tech,
        placements: Vec::new(),
        eliminations: cleared.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect(),
        houses,
        digits: 1 << d,
        cost,
        pattern: clusters,
    }
}

/// The colour clusters a move reads, when wanted: each as its two colours' cells.
fn clusters_pattern<const W: usize>(patterned: bool, clusters: &[&[CellSet<W>; 2]]) -> Pattern {
    if !patterned {
        return Pattern::Unbuilt;
    }
    Pattern::Colours(clusters.iter().map(|c| [c[0].iter().collect(), c[1].iter().collect()]).collect())
}

/// Simple Colouring (SCL): per digit and cluster, its wraps, or else its trap.
pub fn simple_colouring<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let patterned = cx.patterns;
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
                    let clusters = clusters_pattern(patterned, &[&cl.colours]);
                    out.push(one_digit_move(
                        geo,
                        code::SCL,
                        d,
                        colour,
                        &cells,
                        link_houses(&graph, &cells),
                        clusters,
                    ));
                }
            }
            if wrapped {
                continue;
            }
            let trap =
                plane.and(&seen_by(geo, &cl.colours[0])).and(&seen_by(geo, &cl.colours[1])).and_not(&cells);
            if !trap.is_empty() {
                let clusters = clusters_pattern(patterned, &[&cl.colours]);
                out.push(one_digit_move(
                    geo,
                    code::SCL,
                    d,
                    &trap,
                    &cells,
                    link_houses(&graph, &cells),
                    clusters,
                ));
            }
        }
    }
}

/// Multi-Colouring (MCL): per digit and pair of clusters, each pair of colours that see each other
/// clears the cells seeing both of their complements (one move per distinct elimination).
pub fn multi_colouring<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let patterned = cx.patterns;
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
                            clusters_pattern(patterned, &[&cls[i].colours, &cls[j].colours]),
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
pub fn medusa<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let nd = geo.digits;
    let planes: Vec<CellSet<W>> = (0..nd).map(|d| st.planes[d].and(&open)).collect();
    let patterned = cx.patterns;
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
    // One cluster's lists, emptied for each start: most clusters are a candidate or two.
    let mut cl = Medusa {
        colours: [vec![CellSet::EMPTY; nd], vec![CellSet::EMPTY; nd]],
        digits: 0,
        nodes: 0,
        houses: Vec::new(),
    };
    for start in open.iter() {
        for d0 in (0..nd).filter(|&d| masks[start] >> d & 1 == 1) {
            if seen[d0].contains(start) {
                continue;
            }
            for colour in &mut cl.colours {
                colour.fill(CellSet::EMPTY);
            }
            cl.digits = 0;
            cl.nodes = 0;
            cl.houses.clear();
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
            medusa_moves(geo, &planes, &open, &cl, patterned, out);
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
    patterned: bool,
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
            rules: Vec::new(),
            tech: code::C3DM,
            placements: Vec::new(),
            eliminations: elims,
            houses: cl.houses.clone(),
            digits: cl.digits,
            cost: medusa_cost(geo, cl, &pattern),
            pattern: if patterned {
                Pattern::CandidateColours(cl.colours.each_ref().map(|colour| {
                    let mut cands: Vec<Candidate> = (0..nd)
                        .flat_map(|d| {
                            colour[d].iter().map(move |cell| Candidate { cell, digit: d as u8 + 1 })
                        })
                        .collect();
                    cands.sort();
                    cands
                }))
            } else {
                Pattern::Unbuilt
            },
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

#[cfg(test)]
mod tests {
    //! Positions from the reference routes (card = line of classic-7band.jsonl, 0-based; step =
    //! 0-based step index), with every move of the technique the reference release lists there.
    use super::*;
    use crate::board::Board;

    /// A position from 9 rows of 9 tokens: candidate digits, or `=d` for a placed digit.
    fn position(rows: &[&str; 9]) -> (Geometry<2>, State<2>) {
        let geo = Geometry::<2>::new(&Board::standard(9).unwrap());
        let mut st = State { planes: [CellSet::EMPTY; 32], placed: CellSet::EMPTY, values: vec![0; 81] };
        for (r, row) in rows.iter().enumerate() {
            for (c, tok) in row.split_whitespace().enumerate() {
                let cell = r * 9 + c;
                if let Some(v) = tok.strip_prefix('=') {
                    let v: u8 = v.parse().unwrap();
                    st.values[cell] = v;
                    st.placed.insert(cell);
                    st.planes[v as usize - 1].insert(cell);
                } else {
                    for ch in tok.chars() {
                        st.planes[ch.to_digit(10).unwrap() as usize - 1].insert(cell);
                    }
                }
            }
        }
        (geo, st)
    }

    /// The eliminations of every move a finder offers, as sorted "r1c2#3" lists, sorted.
    fn offered(rows: &[&str; 9], find: fn(&SearchContext<2>, &State<2>, &mut Vec<Move>)) -> Vec<Vec<String>> {
        let (geo, st) = position(rows);
        let mut moves = Vec::new();
        find(&SearchContext::plain(&geo), &st, &mut moves);
        let mut out: Vec<Vec<String>> = moves
            .iter()
            .map(|m| {
                assert!(m.placements.is_empty());
                let mut e: Vec<String> = m
                    .eliminations
                    .iter()
                    .map(|e| format!("r{}c{}#{}", e.cell / 9 + 1, e.cell % 9 + 1, e.digit))
                    .collect();
                e.sort();
                e
            })
            .collect();
        out.sort();
        out
    }

    fn expected(list: &[&[&str]]) -> Vec<Vec<String>> {
        let mut out: Vec<Vec<String>> =
            list.iter().map(|m| m.iter().map(|s| s.to_string()).collect()).collect();
        out.sort();
        out
    }

    #[test]
    fn simple_colouring_trap() {
        assert_eq!(offered(&SCL_TRAP, simple_colouring), expected(SCL_TRAP_ELIMS));
    }

    #[test]
    fn simple_colouring_wrap() {
        assert_eq!(offered(&SCL_WRAP, simple_colouring), expected(SCL_WRAP_ELIMS));
    }

    #[test]
    fn simple_colouring_skips_small_clusters() {
        assert!(offered(&NONE_SCL, simple_colouring).is_empty());
    }

    #[test]
    fn multi_colouring_pairs_of_clusters() {
        assert_eq!(offered(&MCL, multi_colouring), expected(MCL_ELIMS));
        // Cheapest first: the two-by-two pattern touching fewest houses, then the order found.
        let (geo, st) = position(&MCL);
        let mut moves = Vec::new();
        multi_colouring(&SearchContext::plain(&geo), &st, &mut moves);
        let best = moves.iter().min_by_key(|m| m.cost).unwrap();
        assert_eq!(best.eliminations.len(), 4);
    }

    #[test]
    fn multi_colouring_none() {
        assert!(offered(&NONE_MCL, multi_colouring).is_empty());
    }

    #[test]
    fn medusa_trap() {
        assert_eq!(offered(&MED_TRAP, medusa), expected(MED_TRAP_ELIMS));
    }

    #[test]
    fn medusa_wrap_in_a_cell() {
        assert_eq!(offered(&MED_CELL, medusa), expected(MED_CELL_ELIMS));
    }

    #[test]
    fn medusa_wrap_in_a_house() {
        assert_eq!(offered(&MED_UNIT, medusa), expected(MED_UNIT_ELIMS));
    }

    #[test]
    fn medusa_emptied_cell() {
        assert_eq!(offered(&MED_EMPTY, medusa), expected(MED_EMPTY_ELIMS));
    }

    #[test]
    fn medusa_none() {
        assert!(offered(&NONE_MED, medusa).is_empty());
    }

    // scl_trap: card 114 step 27; rc1 lists 1 Coloring move(s)
    const SCL_TRAP: [&str; 9] = [
        "=3 =8 =1 =5 =2 =4 =6 =7 =9",
        "=2 =4 =7 =6 =1 =9 =3 =5 =8",
        "69 =5 69 =3 =7 =8 =4 =1 =2",
        "457 =9 345 =8 35 =1 57 =2 =6",
        "=1 23 235 =7 =6 35 =8 =9 =4",
        "=8 67 56 =4 =9 =2 157 =3 157",
        "569 36 =8 29 35 =7 125 =4 15",
        "457 237 2345 =1 =8 35 =9 =6 57",
        "579 =1 59 29 =4 =6 257 =8 =3",
    ];
    const SCL_TRAP_ELIMS: &[&[&str]] = &[&["r5c2#3", "r8c3#3"]];
    // scl_wrap: card 112 step 21; rc1 lists 1 Coloring move(s)
    const SCL_WRAP: [&str; 9] = [
        "348 48 =1 28 =5 =6 23 =9 =7",
        "37 =2 =9 =1 37 =4 =8 =5 =6",
        "=6 =5 378 278 =9 38 123 134 134",
        "=5 =6 34 =9 =8 =7 13 =2 134",
        "38 =1 =2 =4 =6 =5 379 378 389",
        "=9 =7 48 =3 =1 =2 =6 48 =5",
        "478 489 =5 78 =2 138 1379 =6 1389",
        "=2 89 =6 =5 37 138 =4 1378 1389",
        "=1 =3 78 =6 =4 =9 =5 78 =2",
    ];
    const SCL_WRAP_ELIMS: &[&[&str]] = &[&["r2c5#7", "r3c3#7", "r7c1#7", "r7c4#7", "r8c8#7", "r9c8#7"]];
    // mcl: card 109 step 4; rc1 lists 5 MultiColouring move(s)
    const MCL: [&str; 9] = [
        "=6 =4 589 =2 13579 357 138 1378 138",
        "29 =7 29 16 139 =8 1236 =5 =4",
        "=3 =1 258 456 457 57 =9 278 68",
        "2578 256 =1 =9 2578 =4 2368 238 368",
        "24789 29 =3 8 =6 27 =5 1248 189",
        "24589 2569 24589 =3 258 =1 =7 248 689",
        "2459 2359 =6 1458 123458 235 1348 1348 =7",
        "=1 =8 24 =7 234 =6 34 =9 =5",
        "45 35 =7 1458 13458 =9 1348 =6 =2",
    ];
    const MCL_ELIMS: &[&[&str]] = &[
        &["r1c7#3", "r4c7#3", "r7c7#3", "r9c7#3"],
        &["r1c5#3", "r7c5#3", "r9c5#3"],
        &["r7c7#3"],
        &["r1c7#3"],
        &["r4c5#2"],
    ];
    // med_trap: card 104 step 11; rc1 lists 1 3DMedusa move(s)
    const MED_TRAP: [&str; 9] = [
        "79 48 79 458 =1 =3 =2 =6 579",
        "=2 1468 169 458 =7 45 159 =3 59",
        "137 =5 137 =6 =2 =9 =4 17 =8",
        "=4 36 3569 =1 36 57 5679 =8 =2",
        "1569 16 =2 459 =8 457 =3 4579 5679",
        "=8 =7 3569 459 36 =2 569 459 =1",
        "135 13 =8 =7 =9 =6 15 =2 =4",
        "1567 =9 1567 =2 =4 18 15678 157 =3",
        "167 =2 =4 =3 =5 18 16789 179 679",
    ];
    const MED_TRAP_ELIMS: &[&[&str]] = &[&["r1c4#5", "r2c2#1", "r2c2#6"]];
    // med_cell: card 118 step 28; rc1 lists 3 3DMedusa move(s)
    const MED_CELL: [&str; 9] = [
        "=4 =3 =6 28 =9 278 =1 =5 27",
        "=8 57 57 126 =4 12 =9 =3 26",
        "=9 =1 =2 =3 67 =5 =4 68 678",
        "36 57 =9 12 38 12 3568 678 =4",
        "36 =4 =8 =7 =5 =9 36 =2 =1",
        "=1 =2 57 =4 38 =6 358 78 =9",
        "=2 =6 =4 =5 =1 38 =7 =9 38",
        "=7 =9 =3 68 =2 =4 68 =1 =5",
        "=5 =8 =1 =9 67 37 =2 =4 36",
    ];
    const MED_CELL_ELIMS: &[&[&str]] = &[
        &["r1c6#2"],
        &[
            "r1c4#8", "r1c6#7", "r1c9#2", "r2c9#6", "r3c5#6", "r3c8#6", "r3c9#7", "r3c9#8", "r7c6#8",
            "r7c9#3", "r8c4#6", "r8c7#8", "r9c5#7", "r9c6#3", "r9c9#6",
        ],
        &["r4c7#8"],
    ];
    // med_unit: card 112 step 21; rc1 lists 2 3DMedusa move(s)
    const MED_UNIT: [&str; 9] = [
        "348 48 =1 28 =5 =6 23 =9 =7",
        "37 =2 =9 =1 37 =4 =8 =5 =6",
        "=6 =5 378 278 =9 38 123 134 134",
        "=5 =6 34 =9 =8 =7 13 =2 134",
        "38 =1 =2 =4 =6 =5 379 378 389",
        "=9 =7 48 =3 =1 =2 =6 48 =5",
        "478 489 =5 78 =2 138 1379 =6 1389",
        "=2 89 =6 =5 37 138 =4 1378 1389",
        "=1 =3 78 =6 =4 =9 =5 78 =2",
    ];
    const MED_UNIT_ELIMS: &[&[&str]] = &[
        &["r2c1#3", "r2c5#7", "r3c3#7", "r3c6#3", "r7c1#7", "r7c4#7", "r8c5#3", "r8c8#7", "r9c3#8", "r9c8#7"],
        &["r3c8#3"],
    ];
    // med_empty: card 120 step 18; rc1 lists 1 3DMedusa move(s)
    const MED_EMPTY: [&str; 9] = [
        "147 17 =5 =6 =8 =3 =9 =2 47",
        "47 =6 =3 17 =9 =2 178 478 =5",
        "=2 =9 =8 =5 17 =4 17 =3 =6",
        "78 37 69 234 256 58 2578 4789 =1",
        "18 =4 =2 =9 15 =7 58 =6 =3",
        "=5 137 69 1234 126 18 278 4789 4789",
        "=9 25 =4 127 1257 =6 =3 178 278",
        "=6 25 =7 =8 =3 15 =4 19 29",
        "=3 =8 =1 27 =4 =9 =6 =5 27",
    ];
    const MED_EMPTY_ELIMS: &[&[&str]] = &[&["r1c2#1", "r4c1#8", "r4c7#5", "r5c1#1", "r5c5#5", "r5c7#8"]];
    // none_scl: card 104 step 11; rc1 lists no Coloring move
    const NONE_SCL: [&str; 9] = [
        "79 48 79 458 =1 =3 =2 =6 579",
        "=2 1468 169 458 =7 45 159 =3 59",
        "137 =5 137 =6 =2 =9 =4 17 =8",
        "=4 36 3569 =1 36 57 5679 =8 =2",
        "1569 16 =2 459 =8 457 =3 4579 5679",
        "=8 =7 3569 459 36 =2 569 459 =1",
        "135 13 =8 =7 =9 =6 15 =2 =4",
        "1567 =9 1567 =2 =4 18 15678 157 =3",
        "167 =2 =4 =3 =5 18 16789 179 679",
    ];
    // none_mcl: card 104 step 11; rc1 lists no MultiColouring move
    const NONE_MCL: [&str; 9] = [
        "79 48 79 458 =1 =3 =2 =6 579",
        "=2 1468 169 458 =7 45 159 =3 59",
        "137 =5 137 =6 =2 =9 =4 17 =8",
        "=4 36 3569 =1 36 57 5679 =8 =2",
        "1569 16 =2 459 =8 457 =3 4579 5679",
        "=8 =7 3569 459 36 =2 569 459 =1",
        "135 13 =8 =7 =9 =6 15 =2 =4",
        "1567 =9 1567 =2 =4 18 15678 157 =3",
        "167 =2 =4 =3 =5 18 16789 179 679",
    ];
    // none_med: card 106 step 15; rc1 lists no 3DMedusa move
    const NONE_MED: [&str; 9] = [
        "2346 =8 46 45 2345 =1 =7 45 =9",
        "234 24 =9 4578 234578 2458 =1 458 =6",
        "=7 =5 =1 468 468 =9 =3 48 =2",
        "=8 =3 56 =9 56 =7 =2 =1 =4",
        "12469 12469 456 4568 14568 4568 89 =3 =7",
        "149 149 =7 =2 148 =3 89 =6 =5",
        "=5 67 =2 =3 678 68 =4 =9 =1",
        "149 1479 =3 457 4579 45 =6 =2 =8",
        "469 469 =8 =1 2469 246 =5 =7 =3",
    ];

    /// Notations of a search's moves of `tech`, cheapest first: each cluster as its two colours.
    fn notations(rows: &[&str; 9], find: crate::techniques::Finder<2>, tech: Tech) -> Vec<String> {
        crate::techniques::test_positions::notations(find, &position(rows).1, tech)
    }

    #[test]
    fn colouring_notations() {
        assert_eq!(
            notations(&SCL_TRAP, simple_colouring, code::SCL),
            ["Simple Colouring: 3 (r4c3,r5c6,r7c5) / (r4c5,r7c2,r8c6) => r5c2,r8c3<>3"]
        );
        assert_eq!(
            notations(&SCL_WRAP, simple_colouring, code::SCL),
            ["Simple Colouring: 7 (r2c1,r3c4,r8c5,r9c3) / (r2c5,r3c3,r7c1,r7c4,r8c8,r9c8) \
                 => r2c5,r3c3,r7c14,r89c8<>7"]
        );
        assert_eq!(
            notations(&MCL, multi_colouring, code::MCL)[0],
            "Multi-Colouring: 3 (r2c5) / (r2c7), (r8c5) / (r8c7) => r1479c7<>3"
        );
        assert_eq!(
            notations(&MED_TRAP, medusa, code::C3DM),
            [
                "3D Medusa: 4/8 (r1c2=4,r1c4=8,r2c2=8) / (r1c2=8,r1c4=4,r2c2=4,r2c4=8) => r2c2<>1, r1c4<>5, r2c2<>6"
            ]
        );
        assert_eq!(
            notations(&MED_CELL, medusa, code::C3DM)[0],
            "3D Medusa: 1/2 (r2c4=1,r2c6=2,r4c4=2,r4c6=1) / (r2c6=1,r4c4=1,r4c6=2) => r1c6<>2"
        );
    }
}
