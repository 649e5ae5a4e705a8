//! Chains: single-digit X-chains (Skyscraper, 2-String Kite, Turbot Fish, longer and grouped
//! X-chains), the Empty Rectangle, XY-chains, Remote Pairs and Chute Remote Pairs, and the short
//! chains a person reasons in the head (on the placed-digit view, ending in a single).
//!
//! A chain alternates strong links (of two nodes, one is true: a digit's only two places in a
//! house, or a bivalue cell's two digits) and weak links (two nodes that cannot both be true). A
//! node is a candidate (cell and digit) or, in grouped chains, the candidates of one digit in a
//! box-line segment. A chain that starts and ends with a strong link proves that one of its two
//! ends is true, so a candidate that sees both ends is false.

use super::memo::Searcher;
use super::{
    Candidate, ChainNode, Move, Pattern, SearchContext, State, Tech, code, new_singles, structural_cost,
};
use crate::bits::CellSet;
use crate::board::Geometry;

/// Cost offset of a written (notes) chain over the same shape done in the head: a person who sees
/// the shape without notes places the digit before writing anything down.
const WRITTEN: u32 = 1 << 28;
/// Longest X-chains searched: plain and grouped (rc1 lists up to 7 and 9 links).
const MAX_X_LINKS: usize = 7;
const MAX_GROUPED_X_LINKS: usize = 9;
/// Longest XY-chain: 4 bivalue cells. The reference lists XY-chains of up to 8 cells, but 204 of
/// the 232 it lists at 245 recorded positions have at most 4, while an unbounded search offers
/// six times as many; the longer ones made XY-Chain an alternative to 3D Medusa on Very Hard
/// cards where the reference has none (Very Hard fixture cards whose band and contains agree:
/// 2 -> 11 of 24, bands unchanged). Longer XY-chains are still found, as AICs (Expert).
const MAX_XY_LINKS: usize = 7;
/// Longest chain reasoned in the head.
const MAX_HEAD_LINKS: usize = 5;
const NONE: usize = usize::MAX;
/// Cost step between chain shapes of one length: above any spread, below one more link.
const SHAPE_STEP: u32 = 10_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Row,
    Col,
    Box,
    Other,
}

/// Per-search lookups: the kind of each house and each cell's row, column and box.
struct Lines {
    kind: Vec<Kind>,
    row_of: Vec<usize>,
    col_of: Vec<usize>,
    box_of: Vec<usize>,
}

impl Lines {
    fn new<const W: usize>(geo: &Geometry<W>) -> Lines {
        let mut kind = vec![Kind::Other; geo.houses.len()];
        let (mut row_of, mut col_of, mut box_of) =
            (vec![NONE; geo.cells], vec![NONE; geo.cells], vec![NONE; geo.cells]);
        for (list, k) in [(&geo.rows, Kind::Row), (&geo.cols, Kind::Col), (&geo.boxes, Kind::Box)] {
            for &h in list {
                kind[h] = k;
                for c in geo.houses[h].iter() {
                    match k {
                        Kind::Row => row_of[c] = h,
                        Kind::Col => col_of[c] = h,
                        _ => box_of[c] = h,
                    }
                }
            }
        }
        Lines { kind, row_of, col_of, box_of }
    }

    fn is_line(&self, h: usize) -> bool {
        matches!(self.kind[h], Kind::Row | Kind::Col)
    }
}

/// A chain node: one digit in one cell, or in the cells of a box-line segment (a group).
#[derive(Clone, Debug)]
struct Node<const W: usize> {
    digit: usize,
    cells: CellSet<W>,
    /// Cells that see every cell of the node.
    sees: CellSet<W>,
    group: bool,
}

/// The link graph a chain search walks. Links carry the house they are read in (NONE for the
/// link between the two digits of a bivalue cell or two digits of one cell).
struct Graph<const W: usize> {
    nodes: Vec<Node<W>>,
    strong: Vec<Vec<(usize, usize)>>,
    weak: Vec<Vec<(usize, usize)>>,
    /// Per digit, per cell: the node of that single candidate (NONE when absent).
    cell_node: Vec<Vec<usize>>,
}

impl<const W: usize> Graph<W> {
    fn new(geo: &Geometry<W>) -> Graph<W> {
        Graph {
            nodes: Vec::new(),
            strong: Vec::new(),
            weak: Vec::new(),
            cell_node: vec![Vec::new(); geo.digits],
        }
    }

    /// Adds a node with room for `weak_room` weak links (so that its list does not grow link by link).
    fn push(&mut self, node: Node<W>, weak_room: usize) -> usize {
        self.nodes.push(node);
        self.strong.push(Vec::new());
        self.weak.push(Vec::with_capacity(weak_room));
        self.nodes.len() - 1
    }

    fn link(list: &mut [Vec<(usize, usize)>], a: usize, b: usize, house: usize) {
        if !list[a].iter().any(|&(n, _)| n == b) {
            list[a].push((b, house));
            list[b].push((a, house));
        }
    }

    /// The node of a set of cells of digit `d` (a cell or a segment group), creating none.
    fn find(&self, d: usize, cells: &CellSet<W>) -> Option<usize> {
        if cells.is_single() {
            let n = self.cell_node[d][cells.first()?];
            return (n != NONE).then_some(n);
        }
        self.nodes.iter().position(|n| n.digit == d && n.group && n.cells == *cells)
    }

    /// Adds digit `d` on `plane` (its open candidates): cell nodes, segment groups when
    /// `grouped`, strong links (bilocal houses) and weak links (nodes that see each other).
    fn add_digit(&mut self, geo: &Geometry<W>, lines: &Lines, d: usize, plane: &CellSet<W>, grouped: bool) {
        let first = self.nodes.len();
        self.cell_node[d] = vec![NONE; geo.cells];
        for c in plane.iter() {
            // Its weak links: its peers holding the digit, a few groups, its cell's other digits.
            let room = plane.and(&geo.peers[c]).len() as usize + 4 + geo.digits;
            let n = self.push(
                Node { digit: d, cells: CellSet::from_cells([c]), sees: geo.peers[c], group: false },
                room,
            );
            self.cell_node[d][c] = n;
        }
        if grouped {
            for &b in &geo.boxes {
                for &l in geo.rows.iter().chain(&geo.cols) {
                    let seg = plane.and(&geo.houses[b]).and(&geo.houses[l]);
                    if seg.len() >= 2 {
                        let sees = seg.iter().fold(geo.all, |acc, c| acc.and(&geo.peers[c]));
                        let room = plane.and(&sees).len() as usize + 4;
                        self.push(Node { digit: d, cells: seg, sees, group: true }, room);
                    }
                }
            }
        }
        // Strong links, lines first so that a pair bilocal in a line and a box is read in the line.
        let mut order: Vec<usize> =
            geo.complete_houses.iter().copied().filter(|&h| lines.is_line(h)).collect();
        order.extend(geo.complete_houses.iter().copied().filter(|&h| !lines.is_line(h)));
        for h in order {
            let spots = plane.and(&geo.houses[h]);
            if spots.len() < 2 {
                continue;
            }
            if spots.len() == 2 {
                let mut it = spots.iter();
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                Self::link(&mut self.strong, self.cell_node[d][a], self.cell_node[d][b], h);
                continue;
            }
            if !grouped {
                continue;
            }
            // Two parts, each a box-line segment: a grouped strong link.
            let splits: Vec<&Vec<usize>> =
                if lines.is_line(h) { vec![&geo.boxes] } else { vec![&geo.rows, &geo.cols] };
            for split in splits {
                let parts: Vec<CellSet<W>> =
                    split.iter().map(|&p| spots.and(&geo.houses[p])).filter(|s| !s.is_empty()).collect();
                if parts.len() != 2 {
                    continue;
                }
                if let (Some(a), Some(b)) = (self.find(d, &parts[0]), self.find(d, &parts[1])) {
                    Self::link(&mut self.strong, a, b, h);
                }
            }
        }
        // Weak links between nodes of this digit.
        for i in first..self.nodes.len() {
            for j in i + 1..self.nodes.len() {
                let (a, b) = (&self.nodes[i], &self.nodes[j]);
                if !a.cells.intersects(&b.cells) && b.cells.is_subset(&a.sees) {
                    let house = common_house(geo, &a.cells.or(&b.cells));
                    self.weak[i].push((j, house));
                    self.weak[j].push((i, house));
                }
            }
        }
    }

    /// Adds the links inside cells: strong between the two digits of a bivalue cell, weak between
    /// any two digits of a cell.
    fn add_cells(&mut self, geo: &Geometry<W>, st: &State<W>) {
        for c in st.open_cells(geo).iter() {
            let ns: Vec<usize> = (0..geo.digits)
                .filter(|&d| !self.cell_node[d].is_empty() && self.cell_node[d][c] != NONE)
                .map(|d| self.cell_node[d][c])
                .collect();
            if ns.len() == 2 && st.cell_mask(geo, c).count_ones() == 2 {
                Self::link(&mut self.strong, ns[0], ns[1], NONE);
            }
            for (i, &a) in ns.iter().enumerate() {
                for &b in &ns[i + 1..] {
                    Self::link(&mut self.weak, a, b, NONE);
                }
            }
        }
    }
}

/// The first house holding every cell of `cells` (NONE when there is none).
fn common_house<const W: usize>(geo: &Geometry<W>, cells: &CellSet<W>) -> usize {
    let Some(c) = cells.first() else { return NONE };
    geo.cell_houses[c].iter().copied().find(|&h| cells.is_subset(&geo.houses[h])).unwrap_or(NONE)
}

/// One chain found by the search: its nodes and the house of each link (links = nodes - 1).
struct Chain {
    nodes: Vec<usize>,
    houses: Vec<usize>,
}

/// Breadth-first search of alternating chains from every node: for each start S and node E that
/// the shortest chain S = .. = E (odd length, 3 to `max_links`) reaches, calls `f` with the chain.
/// `f` first gets (S, E) and says whether it wants the chain (a cheap test before rebuilding it).
fn each_chain<const W: usize>(
    g: &Graph<W>,
    max_links: usize,
    want: &mut dyn FnMut(usize, usize) -> bool,
    f: &mut dyn FnMut(Chain),
) {
    let n = g.nodes.len();
    // Per node, parity 0 = "off" (reached by a weak link or the start), 1 = "on".
    let mut dist = vec![[u8::MAX; 2]; n];
    let mut parent = vec![[(NONE, NONE); 2]; n];
    let mut frontier = Vec::new();
    let mut next = Vec::new();
    for s in 0..n {
        if g.strong[s].is_empty() {
            continue;
        }
        for x in dist.iter_mut() {
            *x = [u8::MAX; 2];
        }
        dist[s][0] = 0;
        frontier.clear();
        frontier.push(s);
        for k in 1..=max_links {
            let on = k % 2; // parity reached at distance k
            next.clear();
            for &u in &frontier {
                let links = if on == 1 { &g.strong[u] } else { &g.weak[u] };
                for &(v, h) in links {
                    if dist[v][on] == u8::MAX {
                        dist[v][on] = k as u8;
                        parent[v][on] = (u, h);
                        next.push(v);
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            if on == 1 && k >= 3 {
                for &e in &frontier {
                    // Ends on shared cells prove nothing, unless they are two digits of one cell
                    // (one of the two is true there: a loop through the cell).
                    let (a, b) = (&g.nodes[s], &g.nodes[e]);
                    let one_cell = a.digit != b.digit && !a.group && !b.group;
                    if e == s || (a.cells.intersects(&b.cells) && !one_cell) || !want(s, e) {
                        continue;
                    }
                    let mut nodes = vec![e];
                    let mut houses = Vec::new();
                    let (mut v, mut p) = (e, 1);
                    while !(v == s && p == 0) {
                        let (u, h) = parent[v][p];
                        nodes.push(u);
                        houses.push(h);
                        v = u;
                        p ^= 1;
                    }
                    nodes.reverse();
                    houses.reverse();
                    f(Chain { nodes, houses });
                }
            }
            if frontier.is_empty() {
                break;
            }
        }
    }
}

/// Candidates of `plane` (digit `d`) that see both ends of a single-digit chain.
fn ends_elims<const W: usize>(g: &Graph<W>, plane: &CellSet<W>, s: usize, e: usize) -> CellSet<W> {
    plane.and(&g.nodes[s].sees).and(&g.nodes[e].sees)
}

/// The shape of a plain 3-link single-digit chain a = b - c = d (strong links in houses h1, h2).
fn short_shape<const W: usize>(
    lines: &Lines,
    nodes: &[Node<W>],
    path: &[usize],
    h1: usize,
    h2: usize,
) -> Tech {
    let cell = |i: usize| nodes[path[i]].cells.first().expect("cell node");
    let (b, c) = (cell(1), cell(2));
    let (k1, k2) = (lines.kind[h1], lines.kind[h2]);
    let same_row = lines.row_of[b] == lines.row_of[c] && lines.row_of[b] != NONE;
    let same_col = lines.col_of[b] == lines.col_of[c] && lines.col_of[b] != NONE;
    let same_box = lines.box_of[b] == lines.box_of[c] && lines.box_of[b] != NONE;
    match (k1, k2) {
        (Kind::Row, Kind::Row) if same_col && !same_box => code::SKY,
        (Kind::Col, Kind::Col) if same_row && !same_box => code::SKY,
        (Kind::Row, Kind::Col) | (Kind::Col, Kind::Row) if same_box && !same_row && !same_col => code::KTE,
        _ => code::TUR,
    }
}

/// Every plain 3-link chain a = b - c = d of one digit's graph (each found in both directions).
/// Called with a 3-link chain's four nodes and its three link houses (strong, weak, strong).
type ShortChainFn<'a> = dyn FnMut(&[usize], usize, usize, usize) + 'a;
/// Called with the graph, the chain's code, its nodes, its link houses and the cells it clears.
type XChainFn<'a, const W: usize> = dyn FnMut(&Graph<W>, Tech, &[usize], &[usize], CellSet<W>) + 'a;

fn each_short_chain<const W: usize>(g: &Graph<W>, f: &mut ShortChainFn) {
    for a in 0..g.nodes.len() {
        if g.nodes[a].group {
            continue;
        }
        for &(b, h1) in &g.strong[a] {
            if g.nodes[b].group || h1 == NONE {
                continue;
            }
            for &(c, hw) in &g.weak[b] {
                if c == a || g.nodes[c].group || g.nodes[c].digit != g.nodes[a].digit {
                    continue;
                }
                for &(d, h2) in &g.strong[c] {
                    if d == a || d == b || g.nodes[d].group || h2 == NONE {
                        continue;
                    }
                    f(&[a, b, c, d], h1, hw, h2);
                }
            }
        }
    }
}

/// Cells of a chain's nodes.
fn chain_cells<const W: usize>(g: &Graph<W>, path: &[usize]) -> CellSet<W> {
    path.iter().fold(CellSet::EMPTY, |acc, &n| acc.or(&g.nodes[n].cells))
}

fn chain_digits<const W: usize>(g: &Graph<W>, path: &[usize]) -> u32 {
    path.iter().fold(0, |acc, &n| acc | 1 << g.nodes[n].digit)
}

/// The pattern of a chain through graph nodes `path` (links strong, weak, strong, ...): a plain
/// Skyscraper or 2-String Kite is read as its ends connected by its weak link's cells, any other
/// chain node by node.
fn chain_pattern<const W: usize>(g: &Graph<W>, tech: Tech, path: &[usize]) -> Pattern {
    let cell = |n: usize| g.nodes[n].cells.first().expect("a node has a cell");
    if [code::SKY, code::KTE].contains(&tech) && path.len() == 4 {
        return Pattern::Connected([cell(path[0]), cell(path[1]), cell(path[2]), cell(path[3])]);
    }
    Pattern::Chain(
        path.iter()
            .map(|&n| ChainNode {
                cells: g.nodes[n].cells.iter().collect(),
                digit: g.nodes[n].digit as u8 + 1,
            })
            .collect(),
    )
}

/// The candidate nodes of a chain of bivalue cells (XY-chain, remote pairs): each cell enters on
/// its digit other than the one it leaves with (`(cell, leaving digit index)` per cell).
fn cell_chain_pattern(cells: impl Iterator<Item = (usize, usize, u32)>) -> Pattern {
    let mut nodes = Vec::new();
    for (cell, out, mask) in cells {
        let entry = (mask & !(1 << out)).trailing_zeros() as u8 + 1;
        nodes.push(ChainNode { cells: vec![cell], digit: entry });
        nodes.push(ChainNode { cells: vec![cell], digit: out as u8 + 1 });
    }
    Pattern::Chain(nodes)
}

/// Houses named by a chain: its links' houses, in chain order, without repeats.
fn named_houses(houses: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for &h in houses {
        if h != NONE && !out.contains(&h) {
            out.push(h);
        }
    }
    out
}

/// A chain's cost: by digits, then length, then shape (the simpler shape of one length first:
/// ERE, SKY, KTE, TUR, then any other), then spread.
fn chain_cost<const W: usize>(
    geo: &Geometry<W>,
    tech: Tech,
    digits: u32,
    links: usize,
    cells: &CellSet<W>,
    grouped: bool,
) -> u32 {
    let rank =
        [code::ERE, code::SKY, code::KTE, code::TUR].iter().position(|&t| t == tech).unwrap_or(4) as u32;
    structural_cost(geo, digits, links, cells.iter(), 2 * links + grouped as usize) + rank * SHAPE_STEP
}

/// Keeps, per code and effect, the cheapest move. (Two codes with one effect both stay: when the
/// route has dropped one code, the other still offers the move. The plain three-link shapes are
/// the exception, as in the reference: see `one_shape_per_effect`.)
fn keep_best(found: &mut Vec<Move>, mv: Move) {
    let same =
        |m: &Move| m.tech == mv.tech && m.placements == mv.placements && m.eliminations == mv.eliminations;
    if let Some(old) = found.iter_mut().find(|m| same(m)) {
        if mv.cost < old.cost {
            *old = mv;
        }
    } else {
        found.push(mv);
    }
}

/// In the head a placement is made once, by its cheapest chain.
fn keep_per_placement(found: &mut Vec<Move>, mv: Move) {
    if let Some(old) = found.iter_mut().find(|m| m.placements == mv.placements) {
        if (mv.cost, mv.tech.order()) < (old.cost, old.tech.order()) {
            *old = mv;
        }
    } else {
        found.push(mv);
    }
}

fn elim_list<const W: usize>(cells: &CellSet<W>, d: usize) -> Vec<Candidate> {
    cells.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect()
}

/// The single-digit chains of one digit on `plane`: plain 3-link shapes and, through the
/// breadth-first search, longer chains up to `max_plain_links` and grouped ones up to `max_links`. Calls `f(tech, chain nodes,
/// link houses, eliminated cells)`; `long_code` names every chain that is not a plain 3-link shape.
fn x_chains<const W: usize>(
    geo: &Geometry<W>,
    lines: &Lines,
    d: usize,
    plane: &CellSet<W>,
    (max_plain_links, max_links): (usize, usize),
    long_code: Tech,
    f: &mut XChainFn<W>,
) {
    let mut g = Graph::new(geo);
    g.add_digit(geo, lines, d, plane, true);
    each_short_chain(&g, &mut |path, h1, hw, h2| {
        let elims = ends_elims(&g, plane, path[0], path[3]);
        if !elims.is_empty() {
            let tech = short_shape(lines, &g.nodes, path, h1, h2);
            f(&g, tech, path, &[h1, hw, h2], elims);
        }
    });
    if max_links <= 3 {
        return;
    }
    // A written X-chain starts and ends on single candidates (as the reference's does): a chain
    // ending on a group is a finned fish or a rectangle to a person, and those searches write it.
    let mut want = |s: usize, e: usize| {
        s < e && !g.nodes[s].group && !g.nodes[e].group && !ends_elims(&g, plane, s, e).is_empty()
    };
    let mut chains = Vec::new();
    each_chain(&g, max_links, &mut want, &mut |ch| chains.push(ch));
    for ch in chains {
        let links = ch.nodes.len() - 1;
        let grouped = ch.nodes.iter().any(|&n| g.nodes[n].group);
        if !grouped && (links == 3 || links > max_plain_links) {
            continue;
        }
        let elims = ends_elims(&g, plane, ch.nodes[0], ch.nodes[links]);
        if !elims.is_empty() {
            f(&g, long_code, &ch.nodes, &ch.houses, elims);
        }
    }
}

/// Written single-digit chains on the notes: Skyscraper, 2-String Kite, Turbot Fish (3 links, no
/// group; one shape per effect) and X-Chain (XCL: 5 to 7 links, or grouped up to 9).
pub fn x_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    x_chain_within(cx, st, MAX_X_LINKS, MAX_GROUPED_X_LINKS, Searcher::XChain, out)
}

/// Single-digit chains as Sudoku Explainer (serate) rates them: strong-link fish of up to six strong
/// links (11 links), grouped or not. Only SE's way takes these (`card::se`).
pub fn long_x_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    x_chain_within(cx, st, SE_X_LINKS, SE_X_LINKS, Searcher::LongXChain, out)
}

/// The longest single-digit chain on SE's way: six strong links.
const SE_X_LINKS: usize = 11;

/// The written route's first chain tier: `x_chain` up to `SHORT_CHAIN_LINKS` links.
pub fn short_x_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    x_chain_within(cx, st, SHORT_CHAIN_LINKS, SHORT_CHAIN_LINKS, Searcher::ShortXChain, out)
}

/// The chains of the first chain tier of the written route have at most this many links: the
/// reference's written route offers its X-, XY- and AIC chains of 3 and 5 links side by side with
/// fish and colouring, and longer ones only with the ALS moves (at 1 of its 161 chain steps on the
/// reference cards' routes).
pub const SHORT_CHAIN_LINKS: usize = 5;

fn x_chain_within<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    max_plain_links: usize,
    max_links: usize,
    searcher: Searcher,
    out: &mut Vec<Move>,
) {
    let geo = cx.geo;
    let lines = Lines::new(geo);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let patterned = cx.patterns;
    for d in 0..geo.digits {
        let plane = st.planes[d].and(&open);
        if plane.len() < 4 {
            continue;
        }
        // Moves of different digits never have the same effect, so each digit's list is its own.
        let search_digit = |found: &mut Vec<Move>| {
            let mut own = Vec::new();
            x_chains(
                geo,
                &lines,
                d,
                &plane,
                (max_plain_links, max_links),
                code::XCL,
                &mut |g, tech, path, houses, elims| {
                    let cells = chain_cells(g, path);
                    let grouped = path.iter().any(|&n| g.nodes[n].group);
                    keep_best(
                        &mut own,
                        Move {
                            rules: Vec::new(),
                            tech,
                            placements: Vec::new(),
                            eliminations: elim_list(&elims, d),
                            houses: named_houses(houses),
                            digits: 1 << d,
                            cost: WRITTEN + chain_cost(geo, tech, 1 << d, path.len() - 1, &cells, grouped),
                            pattern: if patterned { chain_pattern(g, tech, path) } else { Pattern::Unbuilt },
                        },
                    );
                },
            );
            one_shape_per_effect(&mut own);
            found.extend(own);
        };
        // The memo's moves carry no pattern.
        if patterned {
            search_digit(&mut found);
        } else {
            cx.per_digit(searcher, d, &plane, usize::MAX, &mut found, search_digit);
        }
    }
    out.extend(found);
}

/// The plain three-link shapes, in study order (the technique table's); an Empty Rectangle comes
/// after all of them there.
const SHORT_SHAPES: [Tech; 3] = [code::SKY, code::KTE, code::TUR];

/// One effect of the plain three-link chains is written once, under the first shape in study order
/// that makes it. The reference writes such an effect once too, under a shape it picks by a hash
/// of the whole position (removing one candidate of another digit anywhere can change its pick; a
/// symmetry of the grid does not; `tools/rc1-oracle/shapepicks.py`). No rule reproduces a hash;
/// the first shape in study order agrees with it on the most reference cards (144 of 163 up to
/// Very Hard, against 143 for the shape with most instances and 141 for writing every shape).
fn one_shape_per_effect(moves: &mut Vec<Move>) {
    let short = |t: Tech| SHORT_SHAPES.contains(&t);
    let simpler_exists = |m: &Move, all: &[Move]| {
        all.iter()
            .any(|o| short(o.tech) && o.eliminations == m.eliminations && o.tech.order() < m.tech.order())
    };
    let keep: Vec<bool> = moves.iter().map(|m| !short(m.tech) || !simpler_exists(m, moves)).collect();
    let mut flags = keep.into_iter();
    moves.retain(|_| flags.next().expect("one flag per move"));
}

/// Empty rectangles of digit `d` on `plane`: a box whose spots lie on one row and one column of
/// it (at least three spots, not all on one line), and a conjugate pair in a line outside the box
/// with one end on the box's row (column). The cell where the pair's other line meets the box's
/// column (row) loses the digit. Calls `f(box cells, pair, houses, eliminated cell)`.
fn empty_rectangles<const W: usize>(
    geo: &Geometry<W>,
    lines: &Lines,
    plane: &CellSet<W>,
    f: &mut dyn FnMut(CellSet<W>, [usize; 2], [usize; 3], usize),
) {
    for &b in &geo.boxes {
        let spots = plane.and(&geo.houses[b]);
        if spots.len() < 3 {
            continue;
        }
        let box_rows: Vec<usize> =
            geo.rows.iter().copied().filter(|&r| geo.houses[r].intersects(&geo.houses[b])).collect();
        let box_cols: Vec<usize> =
            geo.cols.iter().copied().filter(|&c| geo.houses[c].intersects(&geo.houses[b])).collect();
        for &r in &box_rows {
            for &c in &box_cols {
                let (hr, hc) = (&geo.houses[r], &geo.houses[c]);
                if !spots.is_subset(&hr.or(hc)) || spots.is_subset(hr) || spots.is_subset(hc) {
                    continue;
                }
                // (pair lines, the box line the near end sits on, the box line the target sits on)
                for (pair_lines, near, far) in [(&geo.cols, r, c), (&geo.rows, c, r)] {
                    for &l in pair_lines.iter() {
                        if geo.houses[l].intersects(&geo.houses[b]) {
                            continue;
                        }
                        let pair = plane.and(&geo.houses[l]);
                        if pair.len() != 2 {
                            continue;
                        }
                        for p in pair.iter().filter(|&p| geo.houses[near].contains(p)) {
                            let q = pair.iter().find(|&x| x != p).expect("pair");
                            // The target: on q's line across (row for a column pair) and the far box line.
                            let across =
                                if lines.kind[l] == Kind::Col { lines.row_of[q] } else { lines.col_of[q] };
                            if across == NONE {
                                continue;
                            }
                            let target =
                                plane.and(&geo.houses[across]).and(&geo.houses[far]).and_not(&geo.houses[b]);
                            if let Some(x) = target.first() {
                                f(spots, [p, q], [b, l, far], x);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Empty Rectangle (ERE), written: on the notes.
pub fn empty_rectangle<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let lines = Lines::new(geo);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let patterned = cx.patterns;
    for d in 0..geo.digits {
        let plane = st.planes[d].and(&open);
        empty_rectangles(geo, &lines, &plane, &mut |spots, pair, houses, x| {
            let cells = spots.or(&CellSet::from_cells(pair));
            keep_best(
                &mut found,
                Move {
                    rules: Vec::new(),
                    tech: code::ERE,
                    placements: Vec::new(),
                    eliminations: vec![Candidate { cell: x, digit: d as u8 + 1 }],
                    houses: houses.to_vec(),
                    digits: 1 << d,
                    cost: WRITTEN + structural_cost(geo, 1 << d, 3, cells.iter(), 6 + cells.len() as usize),
                    pattern: if patterned {
                        Pattern::BoxAndPair { house: houses[0], pair }
                    } else {
                        Pattern::Unbuilt
                    },
                },
            );
        });
    }
    // One effect, one written shape (see `one_shape_per_effect`): every plain three-link shape
    // comes before the rectangle in study order, so where such a chain makes a rectangle's
    // elimination, the chain is the move. Only the rectangles' digits are searched for that.
    let mut digits = 0u32;
    for m in &found {
        digits |= m.digits;
    }
    for d in (0..geo.digits).filter(|&d| digits >> d & 1 == 1) {
        let plane = st.planes[d].and(&open);
        let mut g = Graph::new(geo);
        g.add_digit(geo, &lines, d, &plane, true);
        let mut chained: Vec<Vec<Candidate>> = Vec::new();
        each_short_chain(&g, &mut |path, _, _, _| {
            let elims = ends_elims(&g, &plane, path[0], path[3]);
            if !elims.is_empty() {
                chained.push(elim_list(&elims, d));
            }
        });
        found.retain(|m| m.digits != 1 << d || !chained.contains(&m.eliminations));
    }
    out.extend(found);
}

/// The singles a set of eliminations on the placed-digit view leaves, as (cell, digit index).
fn head_singles<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    view: &State<W>,
    elims: &[Candidate],
) -> Vec<(usize, usize)> {
    // Cheap test first: a new single needs an eliminated cell left with one digit, or a house of
    // an eliminated candidate left with one spot for that digit.
    let open = view.open_cells(geo);
    let possible = elims.iter().any(|e| {
        let d = e.digit as usize - 1;
        let gone = elims.iter().filter(|o| o.cell == e.cell).fold(0u32, |acc, o| acc | 1 << (o.digit - 1));
        if (view.cell_mask(geo, e.cell) & !gone).count_ones() == 1 {
            return true;
        }
        let left = elims.iter().filter(|o| o.digit == e.digit).fold(view.planes[d].and(&open), |acc, o| {
            let mut a = acc;
            a.remove(o.cell);
            a
        });
        geo.cell_houses[e.cell].iter().any(|&h| left.and(&geo.houses[h]).is_single())
    });
    if !possible {
        return Vec::new();
    }
    let mut after = view.clone();
    after.apply_step(geo, &[], elims);
    let st_open = st.open_cells(geo);
    new_singles(geo, view, &after)
        .into_iter()
        .filter(|&(cell, _, _)| st_open.contains(cell))
        .map(|(cell, d, _)| (cell, d))
        .collect()
}

/// What a person sees without notes before chaining: the placed-digit view, with the eliminations
/// of the pairs and locks that view shows (naked and hidden pairs, pointing and claiming; one
/// pass). The reference release's in-head chains read this view: a chain through a bilocal digit
/// that only a naked pair of the placed-digit view makes bilocal is one of them.
fn mental_view<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> State<W> {
    let mut view = st.placed_view(geo);
    {
        let open = view.open_cells(geo);
        let mut gone: Vec<Candidate> = Vec::new();
        {
            // Naked pairs.
            for &h in &geo.complete_houses {
                let cells: Vec<usize> = geo.houses[h].and(&open).iter().collect();
                for (i, &a) in cells.iter().enumerate() {
                    let m = view.cell_mask(geo, a);
                    if m.count_ones() != 2 {
                        continue;
                    }
                    for &b in &cells[i + 1..] {
                        if view.cell_mask(geo, b) == m {
                            for &c in cells.iter().filter(|&&c| c != a && c != b) {
                                for d in 0..geo.digits {
                                    if m >> d & 1 == 1 && view.planes[d].contains(c) {
                                        gone.push(Candidate { cell: c, digit: d as u8 + 1 });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        {
            // Hidden pairs.
            for &h in &geo.complete_houses {
                let spots: Vec<CellSet<W>> =
                    (0..geo.digits).map(|d| view.planes[d].and(&geo.houses[h]).and(&open)).collect();
                for x in 0..geo.digits {
                    if spots[x].len() != 2 {
                        continue;
                    }
                    for y in x + 1..geo.digits {
                        if spots[y] == spots[x] {
                            for c in spots[x].iter() {
                                for d in 0..geo.digits {
                                    if d != x && d != y && view.planes[d].contains(c) {
                                        gone.push(Candidate { cell: c, digit: d as u8 + 1 });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        {
            // Pointing and claiming.
            for &(a, b) in &geo.intersections {
                for d in 0..geo.digits {
                    let spots = view.planes[d].and(&geo.houses[a]).and(&open);
                    if spots.len() >= 2 && spots.is_subset(&geo.houses[b]) {
                        let cleared = view.planes[d].and(&geo.houses[b]).and(&open).and_not(&geo.houses[a]);
                        gone.extend(elim_list(&cleared, d));
                    }
                }
            }
        }
        view.apply_step(geo, &[], &gone);
    }
    view
}

/// The eliminations of an alternating chain between ends `s` and `e` (digits may differ).
fn aic_elims<const W: usize>(
    geo: &Geometry<W>,
    g: &Graph<W>,
    view: &State<W>,
    s: usize,
    e: usize,
) -> Vec<Candidate> {
    let (a, b) = (&g.nodes[s], &g.nodes[e]);
    let open = view.open_cells(geo);
    if a.digit == b.digit {
        return elim_list(&view.planes[a.digit].and(&open).and(&a.sees).and(&b.sees), a.digit);
    }
    if a.group || b.group {
        return Vec::new();
    }
    let (ca, cb) = (a.cells.first().expect("cell"), b.cells.first().expect("cell"));
    let mut out = Vec::new();
    if ca == cb {
        // One of two digits of a cell is true: its other digits go.
        for d in 0..geo.digits {
            if d != a.digit && d != b.digit && view.planes[d].contains(ca) {
                out.push(Candidate { cell: ca, digit: d as u8 + 1 });
            }
        }
    } else if geo.peers[ca].contains(cb) {
        if view.planes[b.digit].contains(ca) {
            out.push(Candidate { cell: ca, digit: b.digit as u8 + 1 });
        }
        if view.planes[a.digit].contains(cb) {
            out.push(Candidate { cell: cb, digit: a.digit as u8 + 1 });
        }
    }
    out.sort();
    out
}

/// Short chains in the head, on the placed-digit view, each ending in a single: the 3-link
/// single-digit shapes (SKY, KTE, TUR), the empty rectangle (ERE) and every other chain of at most
/// five links (MCH: grouped X-chains, W-Wings, 3-cell XY-chains, chains mixing bivalue cells and
/// bilocal digits). The move is the placement; the chain's eliminations are not written.
pub fn head_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    cx.per_placements(Searcher::HeadChain, &st.values, out, |out| head_chain_search(cx, st, out));
}

/// `head_chain` without the memo: reads nothing of `st` but its placed digits.
fn head_chain_search<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let view = mental_view(geo, st);
    let lines = Lines::new(geo);
    let open = view.open_cells(geo);
    let mut found: Vec<Move> = Vec::new();
    let patterned = cx.patterns;
    let emit = |found: &mut Vec<Move>,
                tech: Tech,
                elims: &[Candidate],
                houses: Vec<usize>,
                digits: u32,
                cells: CellSet<W>,
                links: usize,
                grouped: bool,
                pattern: &dyn Fn() -> Pattern| {
        for (cell, d) in head_singles(geo, st, &view, elims) {
            let mut cells = cells;
            cells.insert(cell);
            keep_per_placement(
                found,
                Move {
                    rules: Vec::new(),
                    tech,
                    placements: vec![Candidate { cell, digit: d as u8 + 1 }],
                    eliminations: Vec::new(),
                    houses: houses.clone(),
                    digits,
                    cost: chain_cost(geo, tech, digits, links, &cells, grouped),
                    // The band route prices a chain in the head by its cells and digits
                    // (`model::band_order`): its pattern is always built.
                    pattern: if patterned || tech == code::MCH { pattern() } else { Pattern::Unbuilt },
                },
            );
        }
    };
    // Single-digit shapes and the empty rectangle.
    for d in 0..geo.digits {
        let plane = view.planes[d].and(&open);
        if plane.len() < 4 {
            continue;
        }
        x_chains(geo, &lines, d, &plane, (3, 3), code::MCH, &mut |g, tech, path, houses, elims| {
            let grouped = path.iter().any(|&n| g.nodes[n].group);
            emit(
                &mut found,
                tech,
                &elim_list(&elims, d),
                named_houses(houses),
                1 << d,
                chain_cells(g, path),
                3,
                grouped,
                &|| chain_pattern(g, tech, path),
            );
        });
        empty_rectangles(geo, &lines, &plane, &mut |spots, pair, houses, x| {
            let cells = spots.or(&CellSet::from_cells(pair));
            let elims = [Candidate { cell: x, digit: d as u8 + 1 }];
            let pattern = || Pattern::BoxAndPair { house: houses[0], pair };
            emit(&mut found, code::ERE, &elims, houses.to_vec(), 1 << d, cells, 3, true, &pattern);
        });
    }
    // Everything else up to five links, over all digits with the links inside cells.
    let mut g = Graph::new(geo);
    for d in 0..geo.digits {
        let plane = view.planes[d].and(&open);
        g.add_digit(geo, &lines, d, &plane, true);
    }
    g.add_cells(geo, &view);
    let mut chains = Vec::new();
    let mut want = |s: usize, e: usize| s < e && !aic_elims(geo, &g, &view, s, e).is_empty();
    each_chain(&g, MAX_HEAD_LINKS, &mut want, &mut |ch| chains.push(ch));
    for ch in chains {
        let (s, e) = (ch.nodes[0], *ch.nodes.last().expect("chain"));
        let elims = aic_elims(geo, &g, &view, s, e);
        if elims.is_empty() {
            continue;
        }
        let links = ch.nodes.len() - 1;
        let grouped = ch.nodes.iter().any(|&n| g.nodes[n].group);
        let digits = chain_digits(&g, &ch.nodes);
        if links == 3 && !grouped && digits.count_ones() == 1 {
            continue; // a plain 3-link shape, named above
        }
        emit(
            &mut found,
            code::MCH,
            &elims,
            named_houses(&ch.houses),
            digits,
            chain_cells(&g, &ch.nodes),
            links,
            grouped,
            &|| chain_pattern(&g, code::MCH, &ch.nodes),
        );
    }
    out.extend(found);
}

/// Bivalue cells of the notes: (cell, its two-digit mask).
fn bivalue_cells<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> Vec<(usize, u32)> {
    st.open_cells(geo)
        .iter()
        .map(|c| (c, st.cell_mask(geo, c)))
        .filter(|&(_, m)| m.count_ones() == 2)
        .collect()
}

/// XY-Chain (XYC): bivalue cells, each seeing the next and sharing a digit with it; if the first
/// cell is not z, the chain forces the last to be z, so cells seeing both ends lose z. Three to
/// eight cells (5 to 15 links), except four cells of four digits whose ends do not see each other
/// (as the reference release, see `xy_chain_within`).
pub fn xy_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    xy_chain_within(cx, st, MAX_XY_LINKS, out)
}

/// The written route's first chain tier: `xy_chain` up to `SHORT_CHAIN_LINKS` links (3 cells).
pub fn short_xy_chain<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    xy_chain_within(cx, st, SHORT_CHAIN_LINKS, out)
}

fn xy_chain_within<const W: usize>(
    cx: &SearchContext<W>,
    st: &State<W>,
    max_links: usize,
    out: &mut Vec<Move>,
) {
    let geo = cx.geo;
    let cells = bivalue_cells(geo, st);
    let n = cells.len();
    if n < 3 {
        return;
    }
    let open = st.open_cells(geo);
    let max_cells = max_links.div_ceil(2);
    let patterned = cx.patterns;
    // State (i, v): cell i holds digit v (the digit the chain leaves it with).
    let mut found = Vec::new();
    let mut seen = vec![[u8::MAX; 32]; n];
    let mut parent = vec![[(NONE, 0usize); 32]; n];
    let mut frontier: Vec<(usize, usize)> = Vec::new();
    let mut next: Vec<(usize, usize)> = Vec::new();
    for start in 0..n {
        let (c0, m0) = cells[start];
        for z in (0..geo.digits).filter(|&d| m0 >> d & 1 == 1) {
            let a = (m0 & !(1 << z)).trailing_zeros() as usize; // c0 is a when it is not z
            for row in seen.iter_mut() {
                *row = [u8::MAX; 32];
            }
            seen[start][a] = 1;
            frontier.clear();
            frontier.push((start, a));
            for len in 2..=max_cells {
                next.clear();
                for &(i, v) in &frontier {
                    let ci = cells[i].0;
                    for (j, &(cj, mj)) in cells.iter().enumerate() {
                        // cj sees ci and holds v: cj is not v, so it is its other digit.
                        if mj >> v & 1 == 0 || !geo.peers[ci].contains(cj) {
                            continue;
                        }
                        let w = (mj & !(1 << v)).trailing_zeros() as usize;
                        if seen[j][w] != u8::MAX {
                            continue;
                        }
                        seen[j][w] = len as u8;
                        parent[j][w] = (i, v);
                        next.push((j, w));
                    }
                }
                std::mem::swap(&mut frontier, &mut next);
                if len >= 3 {
                    for &(j, w) in &frontier {
                        if w != z || j <= start {
                            continue;
                        }
                        let cn = cells[j].0;
                        let elims = st.planes[z].and(&open).and(&geo.peers[c0]).and(&geo.peers[cn]);
                        if elims.is_empty() {
                            continue;
                        }
                        // Rebuild the chain, (cell, the digit it leaves with) per cell; a chain
                        // through one cell twice is not one.
                        let mut path = vec![(j, w)];
                        let (mut i, mut v) = (j, w);
                        while i != start || v != a {
                            (i, v) = parent[i][v];
                            path.push((i, v));
                        }
                        let mut used = CellSet::<W>::EMPTY;
                        let mut digits = 0u32;
                        let mut ok = true;
                        for &(k, _) in &path {
                            ok &= !used.contains(cells[k].0);
                            used.insert(cells[k].0);
                            digits |= cells[k].1;
                        }
                        if !ok {
                            continue;
                        }
                        // Four cells of four different digits whose ends do not see each other:
                        // the reference lists 14 of 75 such chains at its route positions, and
                        // which ones follows its enumeration, not the chain; leaving them all out
                        // matches its cards best (`tools/rc1-oracle/xychains.py`).
                        if path.len() == 4 && digits.count_ones() == 4 && !geo.peers[c0].contains(cn) {
                            continue;
                        }
                        path.reverse();
                        let houses: Vec<usize> = path
                            .windows(2)
                            .map(|p| {
                                common_house(geo, &CellSet::from_cells([cells[p[0].0].0, cells[p[1].0].0]))
                            })
                            .collect();
                        let links = 2 * path.len() - 1;
                        keep_best(
                            &mut found,
                            Move {
                                rules: Vec::new(),
                                tech: code::XYC,
                                placements: Vec::new(),
                                eliminations: elim_list(&elims, z),
                                houses: named_houses(&houses),
                                digits,
                                cost: structural_cost(geo, digits, path.len() - 1, used.iter(), links),
                                pattern: if patterned {
                                    cell_chain_pattern(
                                        path.iter().map(|&(k, out)| (cells[k].0, out, cells[k].1)),
                                    )
                                } else {
                                    Pattern::Unbuilt
                                },
                            },
                        );
                    }
                }
                if frontier.is_empty() {
                    break;
                }
            }
        }
    }
    out.extend(found);
}

/// Remote Pairs (RMP): bivalue cells with the same two digits, each seeing the next; two of them
/// an odd number of steps apart hold both digits between them, so cells seeing both lose them.
/// (Two cells that see each other are a naked pair, which always comes first.)
pub fn remote_pairs<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let cells = bivalue_cells(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let patterned = cx.patterns;
    for (i, &(a, m)) in cells.iter().enumerate() {
        let same: Vec<usize> = cells.iter().filter(|&&(_, mm)| mm == m).map(|&(c, _)| c).collect();
        if same.len() < 2 {
            continue;
        }
        let _ = i;
        // Breadth-first from a: distance and parent per cell.
        let mut dist = vec![usize::MAX; same.len()];
        let mut parent = vec![NONE; same.len()];
        let s = same.iter().position(|&c| c == a).expect("self");
        dist[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            if dist[u] >= MAX_XY_LINKS.div_ceil(2) - 1 {
                continue;
            }
            for v in 0..same.len() {
                if dist[v] == usize::MAX && geo.peers[same[u]].contains(same[v]) {
                    dist[v] = dist[u] + 1;
                    parent[v] = u;
                    queue.push_back(v);
                }
            }
        }
        for (v, &b) in same.iter().enumerate() {
            if b <= a || dist[v] == usize::MAX || dist[v] % 2 == 0 {
                continue;
            }
            let seeing = geo.peers[a].and(&geo.peers[b]).and(&open);
            let mut elims = Vec::new();
            for d in (0..geo.digits).filter(|&d| m >> d & 1 == 1) {
                elims.extend(elim_list(&st.planes[d].and(&seeing), d));
            }
            if elims.is_empty() {
                continue;
            }
            elims.sort();
            let mut path = vec![v];
            while path[path.len() - 1] != s {
                path.push(parent[path[path.len() - 1]]);
            }
            let path_cells: Vec<usize> = path.iter().rev().map(|&k| same[k]).collect();
            let houses: Vec<usize> = path_cells
                .windows(2)
                .map(|p| common_house(geo, &CellSet::from_cells([p[0], p[1]])))
                .collect();
            keep_best(
                &mut found,
                Move {
                    rules: Vec::new(),
                    tech: code::RMP,
                    placements: Vec::new(),
                    eliminations: elims,
                    houses: named_houses(&houses),
                    digits: m,
                    cost: structural_cost(
                        geo,
                        m,
                        houses.len(),
                        path_cells.iter().copied(),
                        2 * path_cells.len() - 1,
                    ),
                    // The cells leave with the higher digit, the lower, ... in turn (HoDoKu's
                    // "2/6 r5c1 -6- r5c8 -2- ...").
                    pattern: if patterned {
                        let (low, high) = (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize);
                        cell_chain_pattern(
                            path_cells
                                .iter()
                                .enumerate()
                                .map(|(k, &c)| (c, if k % 2 == 0 { high } else { low }, m)),
                        )
                    } else {
                        Pattern::Unbuilt
                    },
                },
            );
        }
    }
    out.extend(found);
}

/// Chute Remote Pairs (CRP): two bivalue cells with the same digits {x, y} in one chute (three
/// boxes in a row or column) that do not see each other. If both were x, the chute's third line
/// would hold x in the third box; when x is neither placed nor a candidate in that box-line
/// segment, one of the two cells is y, so cells seeing both lose y.
pub fn chute_remote_pairs<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let lines = Lines::new(geo);
    let cells = bivalue_cells(geo, st);
    let open = st.open_cells(geo);
    let mut found = Vec::new();
    let patterned = cx.patterns;
    for (i, &(a, m)) in cells.iter().enumerate() {
        for &(b, mb) in &cells[i + 1..] {
            if mb != m || geo.peers[a].contains(b) {
                continue;
            }
            let (ba, bb) = (lines.box_of[a], lines.box_of[b]);
            if ba == NONE || bb == NONE {
                continue;
            }
            for line_of in [&lines.row_of, &lines.col_of] {
                let (la, lb) = (line_of[a], line_of[b]);
                // Same chute: each cell's line crosses the other cell's box.
                if !geo.houses[la].intersects(&geo.houses[bb]) || !geo.houses[lb].intersects(&geo.houses[ba])
                {
                    continue;
                }
                let chute_lines: Vec<usize> = (0..geo.houses.len())
                    .filter(|&h| lines.kind[h] == lines.kind[la] && geo.houses[h].intersects(&geo.houses[ba]))
                    .collect();
                let third_line: Vec<usize> =
                    chute_lines.iter().copied().filter(|&h| h != la && h != lb).collect();
                if chute_lines.len() != 3 || third_line.len() != 1 {
                    continue;
                }
                let l3 = third_line[0];
                let third_box: Vec<usize> = geo
                    .boxes
                    .iter()
                    .copied()
                    .filter(|&x| x != ba && x != bb && geo.houses[x].intersects(&geo.houses[l3]))
                    .filter(|&x| geo.houses[x].intersects(&geo.houses[la]))
                    .collect();
                if third_box.len() != 1 {
                    continue;
                }
                let seg = geo.houses[l3].and(&geo.houses[third_box[0]]);
                let seeing = geo.peers[a].and(&geo.peers[b]).and(&open);
                let mut elims = Vec::new();
                for x in (0..geo.digits).filter(|&d| m >> d & 1 == 1) {
                    // planes include placed cells: x absent means neither placed nor candidate.
                    if st.planes[x].intersects(&seg) {
                        continue;
                    }
                    let y = (m & !(1 << x)).trailing_zeros() as usize;
                    elims.extend(elim_list(&st.planes[y].and(&seeing), y));
                }
                if elims.is_empty() {
                    continue;
                }
                elims.sort();
                keep_best(
                    &mut found,
                    Move {
                        rules: Vec::new(),
                        tech: code::CRP,
                        placements: Vec::new(),
                        eliminations: elims,
                        houses: vec![ba, bb, l3, third_box[0]],
                        digits: m,
                        cost: structural_cost(geo, m, 4, [a, b], 3),
                        pattern: if patterned { Pattern::Cells(vec![a, b]) } else { Pattern::Unbuilt },
                    },
                );
            }
        }
    }
    out.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_positions::{cand, classic9 as geo, from_grid, offers, run_checked as run};

    /// A position from its placed digits (81 chars, '0' open) and the notes eliminated so far
    /// ("r4c5#7" each).
    fn position(geo: &Geometry<2>, values: &str, notes_gone: &[&str]) -> State<2> {
        let givens: Vec<u8> = values.bytes().map(|b| b - b'0').collect();
        let mut st = State::new(geo, &givens).unwrap();
        let elims: Vec<Candidate> = notes_gone.iter().map(|t| cand(t)).collect();
        st.apply_step(geo, &[], &elims);
        st
    }

    /// classic-se-rated.tsv:6455 (SE 7.7) 32 ['r2c4#3', 'r2c5#3', 'r2c6#3']
    const CRPE: (&str, &str) = (
        "=7 13 =8 =2 =5 136 =9 =4 36 =5 =9 13 1346 13467 13467 136 =2 =8 =2 =4 =6 13 =8 =9 137 =5 37 =4 137 179 139 139 =5 =8 =6 =2 39 =2 1359 13469 13469 =8 345 =7 34 =8 =6 35 =7 =2 34 345 =9 =1 69 =5 79 =8 14679 167 =2 =3 467 =1 37 =2 =5 3467 3467 467 =8 =9 369 =8 =4 369 3679 =2 67 =1 =5",
        "738251946591476328246389157417935862925168473863724591659817234172543689384692715",
    );
    /// classic-se-rated.tsv:2810 (SE 4.4) 29 ['r6c7#4']: an Empty Rectangle (b4) whose elimination a
    /// plain 2-String Kite also makes
    const ERE_KITE: (&str, &str) = (
        "36 37 =1 =2 =5 =4 =8 679 679 =4 =5 =9 =6 =7 =8 =3 =1 =2 =2 68 78 =9 =1 =3 67 =5 =4 =9 =2 348 =5 =6 =7 14 34 18 =1 37 =6 =4 =8 =9 =2 37 =5 =5 48 478 =1 =3 =2 467 469 689 36 =9 34 =7 =2 =5 146 =8 16 =8 46 =2 =3 =9 =1 =5 467 67 =7 =1 =5 =8 =4 =6 =9 =2 =3",
        "371254896459678312268913754924567138136489275587132649693725481842391567715846923",
    );
    /// classic-se-rated.tsv:5193 (SE 6.8) 24 ['r5c2#9'] (the reference's own Empty Rectangle step;
    /// no plain 2-String Kite or Turbot Fish makes the elimination there)
    const EREE: (&str, &str) = (
        "349 =1 2346 67 49 678 2489 =5 389 =8 79 47 =3 =5 =2 49 =1 =6 =5 69 2346 16 49 168 2489 =7 389 49 =2 468 4569 =1 569 689 =3 =7 39 689 =1 =2 =7 369 =5 =4 89 =7 =5 346 469 =8 369 69 =2 =1 =2 78 78 15 =6 15 =3 =9 =4 =1 =3 =9 =8 =2 =4 =7 =6 =5 =6 =4 =5 79 =3 79 =1 =8 =2",
        "413697258897352416562148973926415837381276549754983621278561394139824765645739182",
    );
    /// classic-se-rated.tsv:2770 (SE 4.3) 23 r9c6=6
    const EREH: (&str, &str) = (
        "=3 =9 =1 =8 =2 57 =4 57 =6 =7 =6 =5 13 =4 =9 12 =8 23 =2 =8 =4 1356 35 1567 15 3579 3579 15 1235 23 =9 =8 125 =7 =6 =4 =4 =7 =8 15 =6 125 =3 1259 259 =6 125 =9 =4 =7 =3 =8 125 25 =9 1235 23 =7 135 =4 =6 235 =8 15 =4 =6 =2 135 =8 =9 357 357 =8 235 =7 356 =9 56 25 =4 =1",
        "391825476765149283284637195532981764478562319619473852953714628146258937827396541",
    );
    /// classic-se-rated.tsv:2727 (SE 4.3) 27 ['r4c8#3']
    const KTEE: (&str, &str) = (
        "349 =8 479 =5 =1 =2 3679 3479 67 =5 49 =1 =7 =3 =6 =2 49 =8 =2 37 =6 =4 =8 =9 =5 37 =1 39 =1 59 =6 =4 =7 38 358 =2 =6 34 45 =8 =2 =1 37 357 =9 =7 =2 =8 =3 =9 =5 =1 =6 =4 49 479 =2 =1 567 =3 6789 789 567 =1 =6 =3 =9 57 =8 =4 =2 57 =8 =5 79 =2 67 =4 679 =1 =3",
        "389512647541736298276489531915647382634821759728395164492153876163978425857264913",
    );
    /// classic-se-rated.tsv:2457 (SE 4.1) 19 r2c8=5
    const KTEH: (&str, &str) = (
        "=1 =9 345 =8 457 47 37 =2 =6 358 =6 =7 =1 59 =2 =4 58 3589 =2 458 45 4567 =3 4679 =1 578 589 =6 145 145 =2 =8 14 =9 =3 =7 34 134 =8 47 1479 1479 =5 =6 =2 =9 =7 =2 =3 =6 =5 =8 =1 =4 345 1345 13456 =9 =2 =8 367 457 35 3458 =2 3456 457 1457 1347 36 =9 358 =7 3458 =9 456 45 346 =2 458 =1",
        "195847326367192458284536179651284937438719562972365814516928743823471695749653281",
    );
    /// classic-se-rated.tsv:2457 (SE 4.1) 27 ['r8c3#4']
    const SKYE: (&str, &str) = (
        "=1 =9 345 =8 457 47 37 =2 =6 38 =6 =7 =1 =9 =2 =4 =5 38 =2 458 45 56 =3 467 =1 78 =9 =6 145 145 =2 =8 14 =9 =3 =7 34 134 =8 47 147 =9 =5 =6 =2 =9 =7 =2 =3 =6 =5 =8 =1 =4 345 134 1346 =9 =2 =8 367 47 35 58 =2 346 47 147 1347 36 =9 58 =7 348 =9 56 45 346 =2 48 =1",
        "195847326367192458284536179651284937438719562972365814516928743823471695749653281",
    );
    /// classic-se-rated.tsv:4523 (SE 6.2) 11 r7c4=5: a loop through r2c4 (3 or 9 there, so not 5)
    const LOOPH: (&str, &str) = (
        "1367 167 =5 379 =2 1678 =4 39 13689 =4 =2 16 359 158 168 36 =7 13689 1367 =9 =8 37 =4 167 =2 =5 136 1267 167 126 =8 =9 =5 367 =4 367 567 567 =4 =1 =3 =2 =9 =8 67 =9 =8 =3 47 =6 47 =1 =2 =5 12568 156 1269 45 =7 148 35 39 239 258 =4 29 =6 58 =3 57 =1 279 15 =3 =7 =2 15 =9 =8 =6 =4",
        "675921438421358679398746251162895743754132986983467125816574392249683517537219864",
    );
    /// classic-se-rated.tsv:2206 (SE 4.0) 29 r5c3=1
    const SKYH: (&str, &str) = (
        "=4 13 17 =8 =9 36 67 =5 =2 25 =9 =6 15 157 27 =3 =8 =4 235 =8 257 =4 56 236 =9 =1 67 238 =6 28 =9 38 =4 =5 =7 =1 =7 =5 18 16 =2 68 =4 =9 =3 =9 13 =4 =7 13 =5 =2 =6 =8 =1 =2 58 =3 58 =9 67 =4 67 58 =4 =3 56 5678 678 =1 =2 =9 =6 =7 =9 =2 =4 =1 =8 =3 =5",
        "417893652596172384382456917268934571751628493934715268125389746843567129679241835",
    );
    /// classic-se-rated.tsv:4325 (SE 5.8) 20 ['r2c8#6'] (the reference's Turbot Fish there; no
    /// Skyscraper or 2-String Kite makes the elimination)
    const TURE: (&str, &str) = (
        "=3 14 =9 =2 =5 =6 =7 14 =8 246 247 =5 78 =1 478 =3 246 =9 246 1247 =8 37 =9 347 456 12456 26 =8 =3 24 167 24 147 =9 46 =5 =5 =9 =1 368 348 348 =2 468 =7 24 =6 =7 =9 248 =5 48 =3 =1 =9 24 246 138 =7 138 568 2568 236 =7 =8 =3 =5 =6 =2 =1 =9 =4 =1 =5 26 =4 38 =9 68 =7 236",
        "319256748675814329428397516834721965591643287267985431942178653783562194156439872",
    );
    /// classic-se-rated.tsv:3192 (SE 4.6) 32 ['r5c9#7']: a Turbot Fish (the reference's move) and
    /// a 2-String Kite both make the elimination
    const TUR_KITE: (&str, &str) = (
        "=3 =5 =9 =7 =2 =6 =1 =4 =8 18 =2 18 =5 =9 =4 =3 =7 =6 =6 =7 =4 =8 =1 =3 25 =9 25 178 =4 =3 =6 =5 =9 278 128 127 =9 18 178 =3 =4 =2 578 =6 157 =2 =6 =5 =1 =7 =8 =9 =3 =4 178 18 =6 29 =3 =5 =4 128 1279 =5 =9 278 =4 =6 =1 278 28 =3 =4 =3 12 29 =8 =7 =6 =5 129",
        "359726148128594376674813592843659217917342865265178934786935421592461783431287659",
    );
    /// classic-se-rated.tsv:5107 (SE 6.7) 18 r9c7=6
    const TURH: (&str, &str) = (
        "=1 2349 =8 34 456 36 359 259 =7 =7 23 =6 =8 15 =9 =4 25 135 =5 349 349 134 =7 =2 369 =8 136 =8 1369 =5 =2 16 1367 3679 =4 36 246 1346 1234 1357 =9 1367 =8 567 356 69 =7 39 35 =8 =4 =1 569 =2 29 =8 29 =6 =3 17 57 157 =4 46 146 =7 =9 14 =5 =2 =3 =8 =3 =5 14 147 =2 =8 67 167 =9",
        "128346957736859421549172386895261743214793865673584192982637514467915238351428679",
    );
    /// classic-se-rated.tsv:3337 (SE 4.7) 32 ['r7c4#8']
    const XCLE: (&str, &str) = (
        "=2 =9 =1 38 =4 38 =7 =5 =6 468 =5 48 =7 =2 69 =1 49 =3 46 =7 =3 =5 =1 69 =2 49 =8 38 =6 =9 =2 =5 38 =4 =1 =7 =5 48 =7 348 =9 =1 =6 38 =2 348 =1 =2 3468 368 =7 =5 38 =9 =9 48 =5 168 68 =2 =3 =7 14 =7 =2 48 138 38 =5 =9 =6 14 =1 =3 =6 =9 =7 =4 =8 =2 =5",
        "291843756854726193673519248369258417587491632412367589945682371728135964136974825",
    );
    /// classic-se-rated.tsv:5747 (SE 7.1), the position before step 22 of its band route with the
    /// 2-String Kite and Simple Colouring banned: "6 r2c4 =6= r7c4 -6- r7c2 =6= r12c2 => r2c1<>6"
    /// ends on a group (the reference writes that elimination as a finned fish only).
    const XCL_GROUP_END: (&str, &str) = (
        "=1 56 =4 =8 67 =3 29 579 257 356 356 =8 67 =9 =2 =1 457 457 =9 =7 =2 =5 =4 =1 =8 =3 =6 =7 =1 69 =2 =8 =4 369 569 35 =8 29 =3 =1 =5 69 =4 679 27 256 =4 569 =3 67 679 269 =8 =1 =4 356 567 67 =1 =8 36 =2 =9 26 29 1679 =4 =3 67 =5 16 =8 36 =8 16 =9 =2 =5 =7 146 34",
        "164873952358692174972541836716284395823159467549367281435718629297436518681925743",
    );
    /// classic-se-rated.tsv:4325 (SE 5.8) 31 ['r6c1#4']: four cells, four digits, ends apart (the
    /// reference wrote this one; it lists 14 of the 75 such chains at its route positions).
    const XYC4_APART: (&str, &str) = (
        "=3 14 =9 =2 =5 =6 =7 14 =8 =6 =7 =5 =8 =1 =4 =3 =2 =9 24 12 =8 37 =9 37 45 15 =6 =8 =3 24 17 24 17 =9 =6 =5 =5 =9 =1 =6 34 38 =2 48 =7 24 =6 =7 =9 28 =5 48 =3 =1 =9 24 246 13 =7 138 56 58 23 =7 =8 =3 =5 =6 =2 =1 =9 =4 =1 =5 26 =4 38 =9 68 =7 23",
        "319256748675814329428397516834721965591643287267985431942178653783562194156439872",
    );

    /// The solution with a few cells open: only singles are left, so no chain finds anything.
    fn singles_only<'a>(pos: (&str, &'a str)) -> (String, &'a str) {
        let grid: Vec<String> = pos
            .1
            .bytes()
            .enumerate()
            .map(|(i, b)| {
                if [0, 4, 40, 44, 80].contains(&i) {
                    (b - b'0').to_string()
                } else {
                    format!("={}", b - b'0')
                }
            })
            .collect();
        (grid.join(" "), pos.1)
    }

    fn assert_quiet(find: fn(&SearchContext<2>, &State<2>, &mut Vec<Move>), pos: (&str, &str)) {
        let (grid, solution) = singles_only(pos);
        assert!(run(find, (&grid, solution)).is_empty());
    }

    #[test]
    fn skyscraper_written() {
        let out = run(x_chain::<2>, SKYE);
        assert!(offers(&out, code::SKY, &[], &["r8c3#4"]));
        assert_quiet(x_chain::<2>, SKYE);
    }

    #[test]
    fn two_string_kite_written() {
        let out = run(x_chain::<2>, KTEE);
        assert!(offers(&out, code::KTE, &[], &["r4c8#3"]));
        assert_quiet(x_chain::<2>, KTEE);
    }

    #[test]
    fn empty_rectangle_follows_the_chain_shapes_in_study_order() {
        // The X-chain search never gives an effect away to a rectangle: that is right only while
        // the table puts the Empty Rectangle after every plain three-link shape.
        assert!(SHORT_SHAPES.iter().all(|t| t.order() < code::ERE.order()));
    }

    #[test]
    fn turbot_fish_written() {
        let out = run(x_chain::<2>, TURE);
        assert!(offers(&out, code::TUR, &[], &["r2c8#6"]));
        // One effect is written once, under the first shape in study order that makes it.
        let out = run(x_chain::<2>, TUR_KITE);
        assert!(offers(&out, code::KTE, &[], &["r5c9#7"]));
        assert!(!offers(&out, code::TUR, &[], &["r5c9#7"]));
    }

    #[test]
    fn grouped_x_chain() {
        let out = run(x_chain::<2>, XCLE);
        assert!(offers(&out, code::XCL, &[], &["r7c4#8"]));
        // Every move of the X-chain search reads one digit.
        assert!(out.iter().all(|m| m.digits.count_ones() == 1));
        // A written X-chain ends on single candidates: no chain ending on a group writes r2c1<>6.
        let out = run(x_chain::<2>, XCL_GROUP_END);
        assert!(offers(&out, code::XCL, &[], &["r7c3#6"]));
        assert!(!out.iter().any(|m| m.eliminations.contains(&cand("r2c1#6"))));
    }

    #[test]
    fn empty_rectangle_written() {
        let out = run(empty_rectangle::<2>, EREE);
        assert!(offers(&out, code::ERE, &[], &["r5c2#9"]));
        assert!(out.iter().all(|m| m.eliminations.len() == 1));
        assert_quiet(empty_rectangle::<2>, EREE);
        // Where a plain three-link chain makes the elimination, the chain is the move.
        assert!(offers(&run(x_chain::<2>, ERE_KITE), code::KTE, &[], &["r6c7#4"]));
        assert!(!run(empty_rectangle::<2>, ERE_KITE).iter().any(|m| m.eliminations.len() == 1
            && m.eliminations[0].digit == 4
            && m.eliminations[0].cell == 5 * 9 + 6));
    }

    #[test]
    fn shapes_in_the_head() {
        assert!(offers(&run(head_chain::<2>, SKYH), code::SKY, &["r5c3=1"], &[]));
        assert!(offers(&run(head_chain::<2>, KTEH), code::KTE, &["r2c8=5"], &[]));
        // A chain whose two ends are two digits of one cell: the cell's other digits go.
        assert!(offers(&run(head_chain::<2>, LOOPH), code::MCH, &["r7c4=5"], &[]));
        // The reference names this placement's chain a Turbot Fish; a 2-String Kite gives it too,
        // and one placement keeps one chain (see the report: which shape wins is not pinned down).
        let tur = run(head_chain::<2>, TURH);
        assert!([code::TUR, code::KTE].iter().any(|&t| offers(&tur, t, &["r9c7=6"], &[])));
        assert!(offers(&run(head_chain::<2>, EREH), code::ERE, &["r9c6=6"], &[]));
        // In the head, a move is a placement and nothing is written.
        assert!(
            run(head_chain::<2>, SKYH).iter().all(|m| m.placements.len() == 1 && m.eliminations.is_empty())
        );
        assert_quiet(head_chain::<2>, SKYH);
    }

    /// classic-se-rated.tsv:4986 (SE 6.6) 19 ['r4c2#1', 'r4c5#1', 'r4c8#1']
    const XYCE: (&str, &str) = (
        "149 149 =8 =7 19 =5 =6 =2 =3 =5 =3 =6 18 =4 =2 =7 =9 18 19 =2 =7 =3 =6 89 =5 =4 18 =2 1567 15 =9 178 =3 18 1678 =4 =8 147 134 =6 =2 47 =9 137 =5 1469 1479 1349 18 =5 478 =2 1378 67 1469 1489 =2 =5 3789 789 1348 178 67 =3 4568 45 =2 78 =1 48 5678 =9 =7 1589 159 =4 389 =6 138 158 =2",
        "948715623536842791127369548251973864873624915694158237412597386365281479789436152",
    );

    #[test]
    fn xy_chain_written() {
        let out = run(xy_chain::<2>, XYCE);
        assert!(offers(&out, code::XYC, &[], &["r4c2#1", "r4c5#1", "r4c8#1"]));
        assert_quiet(xy_chain::<2>, XYCE);
    }

    #[test]
    fn xy_chain_of_four_cells_needs_ends_that_see_each_other() {
        // Left out as the reference mostly does (see `xy_chain_within`): r4c3 -2- r9c3 -6- r9c7
        // -8- r6c7 (z = 4, ends apart) is not offered, while the four cells of XYCE, whose ends
        // share row 4, are.
        assert!(!offers(&run(xy_chain::<2>, XYC4_APART), code::XYC, &[], &["r6c1#4"]));
        for pos in [XYC4_APART, XYCE] {
            for m in crate::techniques::test_positions::run_checked_with_patterns(xy_chain::<2>, pos) {
                let Pattern::Chain(nodes) = &m.pattern else { panic!("an XY-chain's pattern") };
                let cells: Vec<usize> = nodes.iter().step_by(2).map(|n| n.cells[0]).collect();
                let (a, b) = (cells[0], cells[cells.len() - 1]);
                assert!(
                    cells.len() != 4 || m.digits.count_ones() != 4 || geo().peers[a].contains(b),
                    "{m:?}"
                );
            }
        }
    }

    #[test]
    fn chute_remote_pairs_written() {
        let out = run(chute_remote_pairs::<2>, CRPE);
        assert!(offers(&out, code::CRP, &[], &["r2c4#3", "r2c5#3", "r2c6#3"]));
        assert_quiet(chute_remote_pairs::<2>, CRPE);
    }

    #[test]
    fn remote_pairs_written() {
        // Four bivalue cells {1, 2}: r1c1 - r1c5 - r5c5 - r5c9, each seeing the next. The ends
        // are three steps apart, so r1c9 and r5c1 (seeing both ends) lose 1 and 2.
        let g = geo();
        let mut tokens = vec!["3456789"; 81];
        for cell in [0, 4, 40, 44] {
            tokens[cell] = "12";
        }
        tokens[8] = "123";
        tokens[36] = "123";
        let st = from_grid(&g, &tokens.join(" "));
        let mut out = Vec::new();
        remote_pairs(&SearchContext::plain(&g), &st, &mut out);
        assert!(offers(&out, code::RMP, &[], &["r1c9#1", "r1c9#2", "r5c1#1", "r5c1#2"]));
        // The 2-cell form (a naked pair) is offered too.
        assert!(offers(&out, code::RMP, &[], &["r1c9#1", "r1c9#2"]));
        // The cells leave with the higher digit, the lower, ... in turn (HoDoKu's form).
        let written = crate::techniques::test_positions::notations(remote_pairs::<2>, &st, code::RMP);
        assert!(
            written.contains(
                &"Remote Pairs: 1/2 r1c1 -2- r1c5 -1- r5c5 -2- r5c9 => r1c9,r5c1<>1, r1c9,r5c1<>2".into()
            ),
            "{written:?}"
        );
        // Cells an even number of steps apart prove nothing.
        assert!(!out.iter().any(|m| m.eliminations.iter().any(|e| e.cell == 44 || e.cell == 0)));
        assert_quiet(remote_pairs::<2>, SKYH);
    }

    #[test]
    fn short_chain_in_the_head_aic() {
        let g = geo();
        let st = position(
            &g,
            "567841392342967158918000764480000073690000045270000019826000531754318926139625487",
            &[],
        );
        let mut out = Vec::new();
        head_chain(&SearchContext::plain(&g), &st, &mut out);
        assert!(offers(&out, code::MCH, &["r4c5=9"], &[]));
    }

    /// Notations of a search's moves of `tech` on a reference position, cheapest first.
    fn notations(find: crate::techniques::Finder<2>, pos: (&str, &str), tech: Tech) -> Vec<String> {
        crate::techniques::test_positions::notations(find, &from_grid(&geo(), pos.0), tech)
    }

    #[test]
    fn single_digit_chain_notations() {
        assert_eq!(
            notations(x_chain::<2>, SKYE, code::SKY),
            ["Skyscraper: 4 in r7c1,r8c4 (connected by r5c1,r5c4) => r8c3<>4"]
        );
        assert_eq!(
            notations(x_chain::<2>, KTEE, code::KTE),
            ["2-String Kite: 3 in r3c8,r4c1 (connected by r3c2,r1c1) => r4c8<>3"]
        );
        assert_eq!(
            notations(x_chain::<2>, TURE, code::TUR),
            [
                "Turbot Fish: 6 r4c8 =6= r4c4 -6- r5c4 =6= r5c8 => r237c8<>6",
                "Turbot Fish: 6 r2c1 =6= r2c8 -6- r4c8 =6= r5c8 => r2c8<>6"
            ]
        );
        assert_eq!(
            notations(x_chain::<2>, XCLE, code::XCL),
            ["X-Chain (longer than the short shapes): 8 r1c4 =8= r1c6 -8- r4c6 =8= r4c1 -8- r5c2 \
                 =8= r7c2 => r7c4<>8"]
        );
        // A grouped node is written in compact form (r4c78).
        assert!(
            notations(x_chain::<2>, XCL_GROUP_END, code::XCL).contains(
                &"X-Chain (longer than the short shapes): 6 r4c3 =6= r4c78 -6- r5c8 =6= r5c6 -6- r8c6 \
                 =6= r7c4 => r7c3<>6"
                    .to_string()
            )
        );
        assert_eq!(
            notations(empty_rectangle::<2>, EREE, code::ERE)[0],
            "Empty Rectangle: 9 in b6 (r2c7,r2c2) => r5c2<>9"
        );
    }

    #[test]
    fn bivalue_chain_notations() {
        assert_eq!(
            notations(xy_chain::<2>, XYCE, code::XYC)[0],
            "XY-Chain: 1 1- r4c3 -5- r8c3 -4- r8c7 -8- r4c7 -1 => r4c258<>1"
        );
        assert_eq!(
            notations(chute_remote_pairs::<2>, CRPE, code::CRP),
            ["Chute Remote Pairs: 1/3 in r2c3,r3c4 => r2c456<>3"]
        );
    }

    #[test]
    fn chain_in_the_head_notations() {
        assert_eq!(
            notations(head_chain::<2>, SKYH, code::SKY),
            ["Skyscraper: 8 in r4c1,r5c6 (connected by r8c1,r8c6) => r5c3=1"]
        );
        assert_eq!(
            notations(head_chain::<2>, KTEH, code::KTE),
            ["2-String Kite: 8 in r2c1,r9c8 (connected by r8c1,r9c2) => r2c8=5"]
        );
        assert_eq!(
            notations(head_chain::<2>, EREH, code::ERE)[0],
            "Empty Rectangle: 5 in b8 (r9c7,r3c7) => r3c5=3"
        );
        // Links inside a cell are not written; a chain ending inside a cell names its last digit.
        let mixed = notations(head_chain::<2>, TURH, code::MCH);
        assert!(
            mixed.contains(
                &"Short chain in the head: 1/3/6 r2c9 =1= r2c5 -1- r4c5 -6- r4c9 -3 => r2c2=3".into()
            )
        );
    }
}
