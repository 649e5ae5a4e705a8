//! Alternating Inference Chains (AIC) over candidates, with grouped nodes.
//!
//! A node is one digit in one cell, or one digit in the cells of a box-line segment (a group). A
//! strong link joins two nodes of which one must be true: the two digits of a bivalue cell, or the
//! only two places (cells or segments) of a digit in a house. A weak link joins two nodes that
//! cannot both be true: two digits of one cell, or one digit in cells that see each other. A chain
//! that starts and ends with a strong link and alternates proves that one of its two ends is true:
//! - ends of one digit: the digit leaves every cell that sees both ends;
//! - ends of two digits in one cell: the cell's other digits go;
//! - ends of two digits in cells that see each other: each end's cell loses the other end's digit.
//!
//! The AIC search reports only chains that are neither X-chains (one digit) nor XY-chains (only
//! bivalue cells): those have their own, lower-band searches. Chains of 5 to 15 links, one move
//! per effect (its cheapest chain).
//!
//! NLP (Nice Loop): a chain whose ends are themselves weakly linked closes into a continuous loop;
//! then every weak link of the loop is strong too, and each eliminates (a digit from the cells
//! seeing both of its places, or a cell's other digits). A loop is reported only when it
//! eliminates a candidate that no AIC of the position eliminates (as the reference release, which
//! names such eliminations AIC first: loops cut at a weak link are AICs).

use super::chains::SHORT_CHAIN_LINKS;
use super::memo::Searcher;
use super::wings::cell_masks;
use super::{Candidate, ChainNode, Move, Pattern, SearchContext, State, code};
use crate::bits::CellSet;
use crate::board::Geometry;
use std::collections::HashMap;

/// Longest chain searched (8 strong links), and the shortest (3-link chains are lower shapes).
pub(super) const MAX_LINKS: usize = 15;
const MIN_LINKS: usize = 5;
/// The "house" of a link inside one cell.
pub(super) const IN_CELL: usize = usize::MAX - 1;
/// The "house" of a strong link between two digits of one almost locked set.
pub(super) const IN_ALS: usize = usize::MAX - 2;
/// Chain kinds the search accepts (flags of the links a chain uses).
const BILOCAL: usize = 1;
const CELL_LINK: usize = 2;
const ALS_LINK: usize = 4;
/// AIC: both a bilocal link and a link inside a cell, no ALS; AAC: an ALS link.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Mixed,
    WithAls,
}
const NONE: usize = usize::MAX;

/// A chain node: a digit in one cell or in a box-line segment.
#[derive(Clone, Debug)]
pub(super) struct Node<const W: usize> {
    pub digit: usize,
    pub cells: CellSet<W>,
    /// Cells that see every cell of the node.
    pub sees: CellSet<W>,
    pub group: bool,
}

/// The link graph of a position: nodes, strong and weak links with the house each is read in
/// (`IN_CELL` for links between digits of one cell).
pub(super) struct Net<const W: usize> {
    pub nodes: Vec<Node<W>>,
    pub strong: Vec<Vec<(usize, usize)>>,
    pub weak: Vec<Vec<(usize, usize)>>,
    pub masks: Vec<u32>,
    /// The almost locked sets of the net: the ids of their nodes, and their cells.
    pub als_sets: Vec<(std::ops::Range<usize>, CellSet<W>)>,
}

fn link(list: &mut [Vec<(usize, usize)>], a: usize, b: usize, house: usize) {
    if a != b && !list[a].iter().any(|&(n, _)| n == b) {
        list[a].push((b, house));
        list[b].push((a, house));
    }
}

impl<const W: usize> Net<W> {
    pub fn new(geo: &Geometry<W>, st: &State<W>, grouped: bool) -> Net<W> {
        Self::with_als(geo, st, grouped, &[])
    }

    /// The graph with, for each almost locked set (cells, digits) of two cells or more, one node
    /// per digit (its cells in the set), strongly linked to each other (if the set loses one
    /// digit, it holds all the others).
    pub fn with_als(geo: &Geometry<W>, st: &State<W>, grouped: bool, als: &[(CellSet<W>, u32)]) -> Net<W> {
        let open = st.open_cells(geo);
        let masks = cell_masks(geo, st);
        let mut nodes: Vec<Node<W>> = Vec::new();
        let mut cell_node = vec![NONE; geo.digits * geo.cells];
        let mut groups: Vec<usize> = Vec::new();
        for d in 0..geo.digits {
            let plane = st.planes[d].and(&open);
            for c in plane.iter() {
                cell_node[d * geo.cells + c] = nodes.len();
                nodes.push(Node {
                    digit: d,
                    cells: CellSet::from_cells([c]),
                    sees: geo.peers[c],
                    group: false,
                });
            }
            if grouped {
                for &b in &geo.boxes {
                    let in_box = plane.and(&geo.houses[b]);
                    if in_box.len() < 2 {
                        continue;
                    }
                    for &l in geo.rows.iter().chain(&geo.cols) {
                        let seg = in_box.and(&geo.houses[l]);
                        if seg.len() >= 2 {
                            let sees = seg.iter().fold(geo.all, |acc, c| acc.and(&geo.peers[c]));
                            groups.push(nodes.len());
                            nodes.push(Node { digit: d, cells: seg, sees, group: true });
                        }
                    }
                }
            }
        }
        let mut als_nodes: Vec<Vec<usize>> = Vec::new();
        let mut als_sets = Vec::new();
        for &(cells, mask) in als.iter().filter(|(c, _)| c.len() >= 2) {
            let start = nodes.len();
            let mut ids = Vec::new();
            for d in 0..geo.digits {
                if mask >> d & 1 == 1 {
                    let spots = st.planes[d].and(&cells);
                    let sees = spots.iter().fold(geo.all, |acc, c| acc.and(&geo.peers[c]));
                    ids.push(nodes.len());
                    nodes.push(Node { digit: d, cells: spots, sees, group: true });
                }
            }
            als_nodes.push(ids);
            als_sets.push((start..nodes.len(), cells));
        }
        // Room for each node's links, so that the lists do not grow link by link: its weak links join
        // the nodes of its digit that it sees (its peers holding the digit, and a few groups) and
        // a single node's other digits in its cell; strong links are few.
        let weak = nodes
            .iter()
            .map(|nd| {
                let same_digit = st.planes[nd.digit].and(&open).and(&nd.sees).len() as usize;
                let in_cell =
                    if nd.group { 0 } else { masks[nd.cells.first().expect("cell")].count_ones() as usize };
                Vec::with_capacity(same_digit + in_cell + 4)
            })
            .collect();
        let strong = (0..nodes.len()).map(|_| Vec::with_capacity(4)).collect();
        let mut net = Net { nodes, strong, weak, masks, als_sets };
        let find = |net: &Net<W>, d: usize, cells: &CellSet<W>| -> usize {
            if cells.is_single() {
                return cell_node[d * geo.cells + cells.first().expect("cell")];
            }
            groups
                .iter()
                .copied()
                .find(|&g| net.nodes[g].digit == d && net.nodes[g].cells == *cells)
                .unwrap_or(NONE)
        };
        let is_line = |h: usize| geo.rows.contains(&h) || geo.cols.contains(&h);
        for d in 0..geo.digits {
            let plane = st.planes[d].and(&open);
            for &h in &geo.complete_houses {
                let spots = plane.and(&geo.houses[h]);
                let k = spots.len();
                if k < 2 {
                    continue;
                }
                if k == 2 {
                    let mut it = spots.iter();
                    let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                    let (a, b) = (cell_node[d * geo.cells + a], cell_node[d * geo.cells + b]);
                    link(&mut net.strong, a, b, h);
                    continue;
                }
                if !grouped {
                    continue;
                }
                let splits: [&Vec<usize>; 2] =
                    if is_line(h) { [&geo.boxes, &geo.boxes] } else { [&geo.rows, &geo.cols] };
                for (i, split) in splits.iter().enumerate() {
                    if i == 1 && is_line(h) {
                        break;
                    }
                    let mut parts = [CellSet::EMPTY; 2];
                    let mut np = 0;
                    for &p in split.iter() {
                        let part = spots.and(&geo.houses[p]);
                        if !part.is_empty() {
                            if np < 2 {
                                parts[np] = part;
                            }
                            np += 1;
                        }
                    }
                    if np != 2 {
                        continue;
                    }
                    let (a, b) = (find(&net, d, &parts[0]), find(&net, d, &parts[1]));
                    if a != NONE && b != NONE {
                        link(&mut net.strong, a, b, h);
                    }
                }
            }
        }
        // Weak links of one digit: disjoint nodes that see each other.
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); geo.digits];
        for (i, nd) in net.nodes.iter().enumerate() {
            by_digit[nd.digit].push(i);
        }
        for list in &by_digit {
            for (x, &i) in list.iter().enumerate() {
                for &j in &list[x + 1..] {
                    let (a, b) = (&net.nodes[i], &net.nodes[j]);
                    if !a.cells.intersects(&b.cells) && b.cells.is_subset(&a.sees) {
                        let both = a.cells.or(&b.cells);
                        let c = both.first().expect("cell");
                        let h = geo.cell_houses[c]
                            .iter()
                            .copied()
                            .find(|&h| both.is_subset(&geo.houses[h]))
                            .unwrap_or(NONE);
                        net.weak[i].push((j, h));
                        net.weak[j].push((i, h));
                    }
                }
            }
        }
        for ids in &als_nodes {
            for (i, &a) in ids.iter().enumerate() {
                for &b in &ids[i + 1..] {
                    link(&mut net.strong, a, b, IN_ALS);
                }
            }
        }
        // Links inside cells.
        let mut ns: Vec<usize> = Vec::with_capacity(geo.digits);
        for c in open.iter() {
            let m = net.masks[c];
            ns.clear();
            ns.extend((0..geo.digits).filter(|&d| m >> d & 1 == 1).map(|d| cell_node[d * geo.cells + c]));
            if ns.len() == 2 {
                link(&mut net.strong, ns[0], ns[1], IN_CELL);
            }
            for (i, &a) in ns.iter().enumerate() {
                for &b in &ns[i + 1..] {
                    link(&mut net.weak, a, b, IN_CELL);
                }
            }
        }
        net
    }

    /// True when `ends_elims` is not empty, without building the list (the chain searches ask it
    /// of every pair of ends they reach).
    pub fn ends_eliminate(&self, geo: &Geometry<W>, st: &State<W>, s: usize, e: usize) -> bool {
        let (a, b) = (&self.nodes[s], &self.nodes[e]);
        if a.digit == b.digit {
            return st.planes[a.digit].and(&a.sees).and(&b.sees).intersects(&st.open_cells(geo));
        }
        if !a.group && !b.group && a.cells == b.cells {
            let c = a.cells.first().expect("cell");
            let others = self.masks[c] & !(1 << a.digit) & !(1 << b.digit);
            return (0..geo.digits).any(|d| others >> d & 1 == 1);
        }
        [(a, b), (b, a)].into_iter().any(|(x, y)| {
            !x.group && {
                let c = x.cells.first().expect("cell");
                self.masks[c] >> y.digit & 1 == 1 && y.sees.contains(c) && !y.cells.contains(c)
            }
        })
    }

    /// What "one of nodes `s` and `e` is true" eliminates, on the candidates of `st`.
    pub fn ends_elims(&self, geo: &Geometry<W>, st: &State<W>, s: usize, e: usize) -> Vec<Candidate> {
        let (a, b) = (&self.nodes[s], &self.nodes[e]);
        let mut out = Vec::new();
        if a.digit == b.digit {
            let hit = st.planes[a.digit].and(&a.sees).and(&b.sees).and(&st.open_cells(geo));
            out.extend(hit.iter().map(|cell| Candidate { cell, digit: a.digit as u8 + 1 }));
            return out;
        }
        if !a.group && !b.group && a.cells == b.cells {
            let c = a.cells.first().expect("cell");
            let others = self.masks[c] & !(1 << a.digit) & !(1 << b.digit);
            for d in 0..geo.digits {
                if others >> d & 1 == 1 {
                    out.push(Candidate { cell: c, digit: d as u8 + 1 });
                }
            }
            return out;
        }
        // A single cell of one end that holds the other end's digit and sees all its cells.
        for (x, y) in [(a, b), (b, a)] {
            if x.group {
                continue;
            }
            let c = x.cells.first().expect("cell");
            if self.masks[c] >> y.digit & 1 == 1 && y.sees.contains(c) && !y.cells.contains(c) {
                out.push(Candidate { cell: c, digit: y.digit as u8 + 1 });
            }
        }
        out.sort();
        out
    }
}

/// The reference release's price of a chain, as a log price (its order within one search): the
/// chain length dominates (links times log links), then digits, houses and spread.
pub(super) fn chain_price<const W: usize>(
    geo: &Geometry<W>,
    cells: &CellSet<W>,
    digits: u32,
    houses: usize,
    links: usize,
) -> u32 {
    let n = cells.len().max(1) as f64;
    let touched = spanned(geo, cells);
    let spread = touched / (2.0 * n.sqrt() + 1.0);
    let l = links.max(1) as f64;
    let ll = l.ln();
    let z = 0.2456 * (houses.max(1) as f64).ln()
        + 1.0433 * (digits.count_ones().max(1) as f64).ln()
        + 0.235 * spread.max(1e-6).ln()
        + 0.00086 * n.ln()
        + 0.00118 * l
        + 0.0288 * ll * n.ln()
        + 0.2858 * l * ll
        + 0.1108 * ll * std::f64::consts::LN_2;
    (z.max(0.0) * 100_000.0) as u32
}

/// One chain: its nodes and the house of each link.
pub(super) struct Chain {
    pub nodes: Vec<usize>,
    pub houses: Vec<usize>,
}

impl Chain {
    pub fn cells<const W: usize>(&self, net: &Net<W>) -> CellSet<W> {
        self.nodes.iter().fold(CellSet::EMPTY, |acc, &n| acc.or(&net.nodes[n].cells))
    }
    pub fn digits<const W: usize>(&self, net: &Net<W>) -> u32 {
        self.nodes.iter().fold(0, |acc, &n| acc | 1 << net.nodes[n].digit)
    }
    /// Links read in a house (bilocal strong links and weak links between cells).
    pub fn house_links(&self) -> usize {
        self.houses.iter().filter(|&&h| h != IN_CELL && h != IN_ALS).count()
    }
    pub fn named_houses(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for &h in &self.houses {
            if h != IN_CELL && h != IN_ALS && h != NONE && !out.contains(&h) {
                out.push(h);
            }
        }
        out
    }
    /// No node twice and no candidate in two nodes.
    fn is_simple<const W: usize>(&self, net: &Net<W>) -> bool {
        for (i, &a) in self.nodes.iter().enumerate() {
            for &b in &self.nodes[i + 1..] {
                let (x, y) = (&net.nodes[a], &net.nodes[b]);
                if a == b || (x.digit == y.digit && x.cells.intersects(&y.cells)) {
                    return false;
                }
            }
        }
        true
    }
}

/// Breadth-first search of alternating chains (strong link first and last) over states (node,
/// parity, used a bilocal link, used a link inside a cell). For each start S and end E > S reached
/// by a chain of `min_links..=max_links` links that uses both kinds of link, calls `want(S, E)`
/// and, when it says yes, `f` with the shortest such chain.
pub(super) fn each_mixed_chain<const W: usize>(
    cx: &SearchContext<W>,
    net: &Net<W>,
    kind: Kind,
    min_links: usize,
    max_links: usize,
    want: &mut dyn FnMut(usize, usize) -> bool,
    f: &mut dyn FnMut(Chain),
) {
    let geo = cx.geo;
    let n = net.nodes.len();
    let mut dist = vec![u8::MAX; n * 16];
    let mut parent = vec![(0u32, 0usize); n * 16];
    // The chain kept for each state: its digits, cells and links read in houses. Among chains of
    // one length reaching a state, the cheaper (fewer digits, houses, less spread) is kept.
    let mut digits = vec![0u32; n * 16];
    let mut cells = vec![CellSet::<W>::EMPTY; n * 16];
    let mut hl = vec![0u8; n * 16];
    // The logarithms of the small counts below, looked up rather than recomputed.
    let ln: Vec<f64> = (0..=255).map(|i| (i as f64).ln()).collect();
    // The spread term's logarithm for small (houses spanned, cells), filled as met (NaN until then).
    let mut spread_ln = [f64::NAN; 64 * 64];
    // The rows, columns and boxes of each node, and of the chain kept for each state.
    let node_span: Vec<u128> = net.nodes.iter().map(|nd| span_mask(geo, &nd.cells)).collect();
    let mut span = vec![0u128; n * 16];
    let mut part = |d: u32, c: &CellSet<W>, sp: u128, h: u8| -> f64 {
        let cells = c.len().max(1);
        let touched = sp.count_ones() as f64;
        let spread = |touched: f64| (touched / (2.0 * (cells as f64).sqrt() + 1.0)).ln();
        let slot = touched as usize * 64 + cells as usize;
        let spread_term = if touched < 64.0 && cells < 64 {
            if spread_ln[slot].is_nan() {
                spread_ln[slot] = spread(touched);
            }
            spread_ln[slot]
        } else {
            spread(touched)
        };
        1.0433 * ln[d.count_ones().max(1) as usize] + 0.2456 * ln[h.max(1) as usize] + 0.235 * spread_term
    };
    // `part` of the chain kept for each state, once asked for (NaN until then).
    let mut kept_part = vec![f64::NAN; n * 16];
    let mut touched: Vec<usize> = Vec::new();
    let mut frontier: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = Vec::new();
    for s in 0..n {
        if net.strong[s].is_empty() || net.nodes[s].group {
            continue;
        }
        // A long search stops at the deadline (its moves are then not kept).
        if cx.budget.passed() {
            return;
        }
        for &t in &touched {
            dist[t] = u8::MAX;
        }
        touched.clear();
        dist[s * 16] = 0;
        digits[s * 16] = 1 << net.nodes[s].digit;
        cells[s * 16] = net.nodes[s].cells;
        span[s * 16] = node_span[s];
        hl[s * 16] = 0;
        touched.push(s * 16);
        frontier.clear();
        frontier.push(s * 16);
        for k in 1..=max_links {
            let on = k % 2;
            next.clear();
            for &u in &frontier {
                let (node, flags) = (u / 16, u % 8);
                let links = if on == 1 { &net.strong[node] } else { &net.weak[node] };
                for &(v, h) in links {
                    let nf = flags
                        | match h {
                            IN_CELL => CELL_LINK,
                            IN_ALS => ALS_LINK,
                            _ if on == 1 => BILOCAL,
                            _ => 0,
                        };
                    let sv = v * 16 + on * 8 + nf;
                    // Reached sooner: nothing to compare.
                    if dist[sv] != u8::MAX && dist[sv] as usize != k {
                        continue;
                    }
                    let nd = digits[u] | 1 << net.nodes[v].digit;
                    let nc = cells[u].or(&net.nodes[v].cells);
                    let nsp = span[u] | node_span[v];
                    let nh = hl[u] + (h != IN_CELL && h != IN_ALS) as u8;
                    if dist[sv] == u8::MAX {
                        dist[sv] = k as u8;
                        touched.push(sv);
                        next.push(sv);
                        kept_part[sv] = f64::NAN;
                    } else {
                        if kept_part[sv].is_nan() {
                            kept_part[sv] = part(digits[sv], &cells[sv], span[sv], hl[sv]);
                        }
                        let p = part(nd, &nc, nsp, nh);
                        if p >= kept_part[sv] {
                            continue;
                        }
                        kept_part[sv] = p;
                    }
                    parent[sv] = (u as u32, h);
                    digits[sv] = nd;
                    cells[sv] = nc;
                    span[sv] = nsp;
                    hl[sv] = nh;
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            if frontier.is_empty() {
                break;
            }
            if on == 1 && k >= min_links {
                for &sv in &frontier {
                    let e = sv / 16;
                    let used = sv % 8;
                    let ok = match kind {
                        Kind::Mixed => used == BILOCAL | CELL_LINK,
                        Kind::WithAls => used & ALS_LINK != 0,
                    };
                    if !ok || e <= s || net.nodes[e].group || !want(s, e) {
                        continue;
                    }
                    let mut nodes = vec![e];
                    let mut houses = Vec::with_capacity(k);
                    let mut cur = sv;
                    while cur != s * 16 {
                        let (p, h) = parent[cur];
                        houses.push(h);
                        cur = p as usize;
                        nodes.push(cur / 16);
                    }
                    nodes.reverse();
                    houses.reverse();
                    let chain = Chain { nodes, houses };
                    if chain.is_simple(net) {
                        f(chain);
                    }
                }
            }
        }
    }
}

/// Rows, columns and boxes the cells occupy.
fn spanned<const W: usize>(geo: &Geometry<W>, cells: &CellSet<W>) -> f64 {
    span_mask(geo, cells).count_ones() as f64
}

/// The rows (bits 0-31), columns (32-63) and boxes (64-95) the cells occupy: boards are at most
/// 25 wide.
fn span_mask<const W: usize>(geo: &Geometry<W>, cells: &CellSet<W>) -> u128 {
    let mut mask = 0u128;
    for c in cells.iter() {
        let (r, col) = geo.pos[c];
        mask |= 1 << (r & 31) | 1 << (32 + (col & 31));
        if let Some(b) = geo.box_of[c] {
            mask |= 1 << (64 + (b & 31));
        }
    }
    mask
}

/// What a continuous loop (the chain plus a weak link from its end back to its start) eliminates:
/// every weak link of the loop acts as a strong one.
fn loop_elims<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    net: &Net<W>,
    ch: &Chain,
    closing: usize,
) -> Vec<Candidate> {
    let open = st.open_cells(geo);
    let k = ch.nodes.len();
    let mut out: Vec<Candidate> = Vec::new();
    let mut weak_pairs: Vec<(usize, usize, usize)> = Vec::new();
    for i in (1..k - 1).step_by(2) {
        weak_pairs.push((ch.nodes[i], ch.nodes[i + 1], ch.houses[i]));
    }
    weak_pairs.push((ch.nodes[k - 1], ch.nodes[0], closing));
    let loop_cells = ch.cells(net);
    for (a, b, h) in weak_pairs {
        let (x, y) = (&net.nodes[a], &net.nodes[b]);
        if h == IN_CELL {
            let c = x.cells.first().expect("cell");
            let others = net.masks[c] & !(1 << x.digit) & !(1 << y.digit);
            for d in 0..geo.digits {
                if others >> d & 1 == 1 {
                    out.push(Candidate { cell: c, digit: d as u8 + 1 });
                }
            }
        } else {
            let hit = st.planes[x.digit].and(&x.sees).and(&y.sees).and(&open);
            for cell in hit.iter() {
                // A candidate of the loop itself stays.
                let in_loop = loop_cells.contains(cell)
                    && ch
                        .nodes
                        .iter()
                        .any(|&n| net.nodes[n].digit == x.digit && net.nodes[n].cells.contains(cell));
                if !in_loop {
                    out.push(Candidate { cell, digit: x.digit as u8 + 1 });
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The weak link closing a chain from its end `e` back to its start `s`, if any.
fn closing_link<const W: usize>(net: &Net<W>, s: usize, e: usize) -> Option<usize> {
    net.weak[e].iter().find(|&&(v, _)| v == s).map(|&(_, h)| h)
}

/// AIC: alternating inference chains mixing digits and link kinds (see the module doc). The same
/// pass finds the position's nice loops, kept for `nice_loop`.
pub fn aic<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    aic_within(cx, st, MAX_LINKS, Searcher::NiceLoop, out)
}

/// The written route's first chain tier: AICs of `SHORT_CHAIN_LINKS` links (the shortest).
pub fn short_aic<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    aic_within(cx, st, SHORT_CHAIN_LINKS, Searcher::ShortNiceLoop, out)
}

/// AICs of up to `max_links` links into `out`; the nice loops of the same pass are kept for
/// `loops_searcher` (read by the nice-loop search of the same length).
fn aic_within<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    max_links: usize,
    loops_searcher: Searcher,
    out: &mut Vec<Move>,
) {
    let net = grouped_net(cx, st);
    if cx.keeps_positions() {
        let mut loops = Vec::new();
        search_net(cx, st, &net, Kind::Mixed, max_links, out, Some(&mut loops));
        cx.store_for_position(loops_searcher, st, loops);
    } else {
        search_net(cx, st, &net, Kind::Mixed, max_links, out, None);
    }
}

/// The written route's first chain tier: the nice loops of the short AICs.
pub fn short_nice_loop<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    nice_loop_within(cx, st, SHORT_CHAIN_LINKS, Searcher::ShortNiceLoop, out)
}

/// NLP: continuous nice loops that eliminate more than their chain read as an AIC.
pub fn nice_loop<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    nice_loop_within(cx, st, MAX_LINKS, Searcher::NiceLoop, out)
}

fn nice_loop_within<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    max_links: usize,
    searcher: Searcher,
    out: &mut Vec<Move>,
) {
    if let Some(loops) = cx.for_position(searcher, st) {
        out.extend(loops);
        return;
    }
    let net = grouped_net(cx, st);
    search_net(cx, st, &net, Kind::Mixed, max_links, &mut Vec::new(), Some(out));
}

/// The grouped link graph of a position, built once for its AIC searches (short, full, loops).
fn grouped_net<const W: usize>(cx: &SearchContext<W>, st: &State<W>) -> std::rc::Rc<Net<W>> {
    let geo = cx.geo;
    cx.shared(st, || Net::new(geo, st, true))
}

fn keep(best: &mut HashMap<Vec<Candidate>, Move>, mv: Move) {
    match best.get(&mv.eliminations) {
        Some(old) if old.cost <= mv.cost => {}
        _ => {
            best.insert(mv.eliminations.clone(), mv);
        }
    }
}

/// The pattern of a chain through net nodes `nodes` (links strong, weak, strong, ...).
fn chain_pattern<'a, const W: usize>(net: &Net<W>, nodes: impl Iterator<Item = &'a usize>) -> Pattern {
    Pattern::Chain(
        nodes
            .map(|&n| ChainNode {
                cells: net.nodes[n].cells.iter().collect(),
                digit: net.nodes[n].digit as u8 + 1,
            })
            .collect(),
    )
}

/// The pattern of an ALS chain: its nodes, and the set of each strong link inside an almost
/// locked set (two nodes of one set's digits).
fn als_chain_pattern<const W: usize>(net: &Net<W>, nodes: &[usize]) -> Pattern {
    let Pattern::Chain(chain) = chain_pattern(net, nodes.iter()) else { unreachable!("a chain") };
    let set_of = |n: usize| net.als_sets.iter().position(|(ids, _)| ids.contains(&n));
    let sets = (0..nodes.len().saturating_sub(1))
        .step_by(2)
        .filter_map(|i| {
            let s = set_of(nodes[i])?;
            (set_of(nodes[i + 1]) == Some(s)).then(|| (i, net.als_sets[s].1.iter().collect()))
        })
        .collect();
    Pattern::AlsChain { nodes: chain, sets }
}

/// Chains of `kind` on `net` (AIC, or AAC with ALS nodes) into `out`, and with `loops` the nice
/// loops too: one pass, as both read the same chains (a loop is a chain whose ends see each other).
pub(super) fn search_net<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    net: &Net<W>,
    kind: Kind,
    max_links: usize,
    out: &mut Vec<Move>,
    loops: Option<&mut Vec<Move>>,
) {
    let geo = cx.geo;
    let mut best: HashMap<Vec<Candidate>, Move> = HashMap::new();
    let patterned = cx.patterns;
    let with_loops = loops.is_some();
    let mut want = |s: usize, e: usize| {
        (with_loops && closing_link(net, s, e).is_some()) || net.ends_eliminate(geo, st, s, e)
    };
    // Loops are kept only for candidates no chain of the search eliminates.
    let mut by_chains: Vec<Candidate> = Vec::new();
    let mut loop_moves: Vec<Move> = Vec::new();
    let mut chains = Vec::new();
    each_mixed_chain(cx, net, kind, MIN_LINKS, max_links, &mut want, &mut |ch| chains.push(ch));
    for ch in chains {
        let (s, e) = (ch.nodes[0], *ch.nodes.last().expect("chain"));
        let links = ch.houses.len();
        let cells = ch.cells(net);
        let digits = ch.digits(net);
        let elims = net.ends_elims(geo, st, s, e);
        if with_loops {
            by_chains.extend(elims.iter().copied());
        }
        // Its eliminations by a group weak link are no AIC's of the reference.
        let closing =
            closing_link(net, s, e).filter(|_| with_loops && !ch.nodes.iter().any(|&n| net.nodes[n].group));
        if let Some(h) = closing {
            let all = loop_elims(geo, st, net, &ch, h);
            if all.len() > elims.len() {
                let mut houses = ch.named_houses();
                if h != IN_CELL && h != NONE && !houses.contains(&h) {
                    houses.push(h);
                }
                let cost =
                    chain_price(geo, &cells, digits, ch.house_links() + (h != IN_CELL) as usize, links + 1);
                loop_moves.push(Move {
                    rules: Vec::new(),
                    tech: code::NLP,
                    placements: Vec::new(),
                    eliminations: all,
                    houses,
                    digits,
                    cost,
                    // The loop closes on its start node.
                    pattern: if patterned {
                        chain_pattern(net, ch.nodes.iter().chain(&ch.nodes[..1]))
                    } else {
                        Pattern::Unbuilt
                    },
                });
            }
        }
        if elims.is_empty() {
            continue;
        }
        let cost = chain_price(geo, &cells, digits, ch.house_links(), links);
        let houses = ch.named_houses();
        keep(
            &mut best,
            Move {
                rules: Vec::new(),
                tech: if kind == Kind::WithAls { code::AAC } else { code::AIC },
                placements: Vec::new(),
                eliminations: elims,
                houses,
                digits,
                cost,
                pattern: match (patterned, kind) {
                    (false, _) => Pattern::Unbuilt,
                    (true, Kind::Mixed) => chain_pattern(net, ch.nodes.iter()),
                    (true, Kind::WithAls) => als_chain_pattern(net, &ch.nodes),
                },
            },
        );
    }
    out.extend(by_cost(best));
    if let Some(loops) = loops {
        by_chains.sort();
        by_chains.dedup();
        let mut kept: HashMap<Vec<Candidate>, Move> = HashMap::new();
        for mv in loop_moves {
            if mv.eliminations.iter().any(|c| by_chains.binary_search(c).is_err()) {
                keep(&mut kept, mv);
            }
        }
        loops.extend(by_cost(kept));
    }
}

/// One move per elimination set, cheapest first (ties by eliminations: deterministic).
fn by_cost(best: HashMap<Vec<Candidate>, Move>) -> Vec<Move> {
    let mut found: Vec<Move> = best.into_values().collect();
    found.sort_by(|a, b| (a.cost, &a.eliminations).cmp(&(b.cost, &b.eliminations)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_positions::{AICE, NLPE, QUIET, cand, offers, run_eliminating as run};

    #[test]
    fn aic_fires_as_the_reference() {
        let out = run(aic::<2>, AICE);
        assert!(offers(&out, code::AIC, &[], &["r3c7#6"]));
        assert!(out.len() > 1 && out.iter().all(|m| m.tech == code::AIC));
        // The reference's pick is the cheapest.
        let first = out.iter().min_by_key(|m| m.cost).unwrap();
        assert_eq!(first.eliminations, vec![cand("r3c7#6")]);
    }

    #[test]
    fn aic_silent_where_the_reference_has_none() {
        assert!(run(aic::<2>, QUIET).is_empty());
    }

    #[test]
    fn nice_loop_only_beyond_the_aics() {
        let out = run(nice_loop::<2>, NLPE);
        assert!(offers(&out, code::NLP, &[], &["r2c7#5", "r3c1#3", "r5c7#5", "r6c1#1", "r6c1#8", "r6c1#9"]));
        assert!(run(nice_loop::<2>, AICE).is_empty());
        assert!(run(nice_loop::<2>, QUIET).is_empty());
    }

    /// Notations of a search's moves of `tech` on a reference position, cheapest first.
    fn notations(
        find: crate::techniques::Finder<2>,
        pos: (&str, &str),
        tech: crate::techniques::Tech,
    ) -> Vec<String> {
        use crate::techniques::test_positions::{classic9, from_grid, notations};
        notations(find, &from_grid(&classic9(), pos.0), tech)
    }

    #[test]
    fn chain_notations() {
        assert_eq!(
            notations(aic::<2>, AICE, code::AIC)[0],
            "Alternating Inference Chain: 2/6 r3c7 =2= r3c2 -2- r8c2 -6- r8c8 =6= r3c8 => r3c7<>6"
        );
        assert_eq!(
            notations(nice_loop::<2>, NLPE, code::NLP),
            [
                "Nice Loop: 4/5/7 r6c1 =4= r6c4 -4- r5c4 -7- r3c4 =7= r3c1 =5= r3c7 -5- r6c7 =5= r6c1 -4 => r6c1<>1, r3c1<>3, r25c7<>5, r6c1<>8, r6c1<>9"
            ]
        );
    }
}
