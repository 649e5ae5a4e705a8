//! Step features (how-a-card-is-computed.txt section 6): the facts about a move its price reads.
//!
//! The 18 features, in price order: const, ln cells, ln houses, ln digits, links, hidden,
//! arithmetic, relation, notes, ln spread, ln branches, ln depth, search, uniqueness, counting,
//! contradiction, held, coverage. They are measured from the move itself (placements,
//! eliminations, houses, digits) and the position, with a per-technique table for the pattern
//! facts a move does not carry (its links, branching, whether it reads digit positions).

use super::params::N_FEATURES;
use crate::bits::CellSet;
use crate::board::Geometry;
use crate::techniques::{ChainNode, Move, State, Tech, code};

pub const F_CELLS: usize = 1;
pub const F_HOUSES: usize = 2;
pub const F_DIGITS: usize = 3;
pub const F_LINKS: usize = 4;
pub const F_HIDDEN: usize = 5;
pub const F_ARITHMETIC: usize = 6;
pub const F_RELATION: usize = 7;
pub const F_NOTES: usize = 8;
pub const F_SPREAD: usize = 9;
pub const F_BRANCHES: usize = 10;
pub const F_DEPTH: usize = 11;
pub const F_SEARCH: usize = 12;
pub const F_UNIQUENESS: usize = 13;
pub const F_COUNTING: usize = 14;
pub const F_CONTRADICTION: usize = 15;
pub const F_HELD: usize = 16;
pub const F_COVERAGE: usize = 17;

/// The shape of a house as a scan sees it: 1 for a square box, sqrt 5 for a line (a 1x9 strip is
/// harder to take in at a glance than a 3x3 square).
pub const LINE_SHAPE: f64 = 2.236_067_977_499_79;

/// Kinds of scanned group in a placement's cover, as indices of the price set's K weights (the
/// reference release's order: house, cage, inequality, non-consecutive, domain, lock, ...).
pub const SCAN_HOUSE: usize = 0;
/// A digit locked in a box-line segment (pointing), read without notes.
pub const SCAN_LOCK: usize = 5;

/// The spread of a finned or mutant fish (the reference's value for its finned X-Wings).
const FINNED_FISH_SPREAD: f64 = 1.927;

/// n choose k (0 when k > n).
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Open cells of the emptiest house through `cell`: what a person weighs to find a single there
/// (the reference's search count for every single it places, with notes or without, is this
/// plus one: 7,283 direct and 2,405 written singles of its fixture routes).
fn least_open<const W: usize>(geo: &Geometry<W>, open: &CellSet<W>, cell: usize) -> usize {
    geo.cell_houses[cell].iter().map(|&h| geo.houses[h].and(open).len() as usize).min().unwrap_or(1)
}

/// Features of one move plus the scan-cover items of a placement made without notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    pub x: [f64; N_FEATURES],
    /// Per extra scanned group of a placement without notes: its kind (`SCAN_HOUSE`, ...), its
    /// shape and the items still unexplained before it.
    pub cover: Vec<(usize, f64, u32)>,
}

/// Raw facts of a move, turned into the feature vector by `Raw::vector`.
#[derive(Clone, Copy, Debug, Default)]
struct Raw {
    cells: f64,
    houses: f64,
    digits: f64,
    links: f64,
    hidden: bool,
    notes: bool,
    spread: f64,
    branches: f64,
    depth: f64,
    /// Number of competing patterns the search for this kind of move weighs (its log / ln 81).
    search: f64,
    uniqueness: bool,
    /// It adds or compares sums; it reads pair rules; it counts digits (the variant techniques).
    arithmetic: bool,
    relation: bool,
    counting: bool,
    contradiction: bool,
    /// Items a solver without notes holds in mind (0: the usual two, digit and house).
    held: f64,
}

impl Raw {
    fn vector(&self) -> [f64; N_FEATURES] {
        let ln1 = |v: f64| v.max(1.0).ln();
        let mut x = [0.0; N_FEATURES];
        x[0] = 1.0;
        x[F_CELLS] = ln1(self.cells);
        x[F_HOUSES] = ln1(self.houses);
        x[F_DIGITS] = ln1(self.digits);
        x[F_LINKS] = self.links;
        x[F_HIDDEN] = f64::from(u8::from(self.hidden));
        x[F_NOTES] = f64::from(u8::from(self.notes));
        x[F_SPREAD] = self.spread.max(1e-6).ln();
        x[F_BRANCHES] = ln1(self.branches);
        x[F_DEPTH] = ln1(self.depth);
        x[F_SEARCH] = ln1(self.search) / 81f64.ln();
        x[F_UNIQUENESS] = f64::from(u8::from(self.uniqueness));
        x[F_ARITHMETIC] = f64::from(u8::from(self.arithmetic));
        x[F_RELATION] = f64::from(u8::from(self.relation));
        x[F_COUNTING] = f64::from(u8::from(self.counting));
        x[F_CONTRADICTION] = f64::from(u8::from(self.contradiction));
        // Without notes a solver holds the scanned digits in mind; with notes the page covers them.
        x[F_HELD] = if self.notes { 0.0 } else { self.held.max(2.0).ln() };
        x[F_COVERAGE] = f64::from(u8::from(self.notes));
        x
    }
}

/// The shape of a house (`LINE_SHAPE` for rows and columns, 1 otherwise).
pub fn house_shape<const W: usize>(geo: &Geometry<W>, h: usize) -> f64 {
    if geo.rows.contains(&h) || geo.cols.contains(&h) { LINE_SHAPE } else { 1.0 }
}

/// Which of `groups` (each a set of items as a bit mask) a scan combines to explain `need`: the
/// smallest cover, found in group order; None when no cover exists.
fn min_cover(groups: &[u64], need: u64) -> Option<Vec<usize>> {
    let n = groups.len().min(20);
    let all = groups[..n].iter().fold(0u64, |a, g| a | g);
    if all & need != need {
        return None;
    }
    // Subsets by increasing size (Gosper's hack), each size in increasing bit order: the first
    // cover found is a smallest one, the earliest groups first.
    for k in 1..=n {
        let mut sel: u32 = (1u32 << k) - 1;
        while sel < (1u32 << n) {
            let mut cov = 0u64;
            let mut bits = sel;
            while bits != 0 {
                cov |= groups[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            if cov & need == need {
                return Some((0..n).filter(|i| sel >> i & 1 == 1).collect());
            }
            let c = sel & sel.wrapping_neg();
            let r = sel + c;
            sel = (((r ^ sel) >> 2) / c) | r;
        }
    }
    None
}

/// Items left unexplained before each group of `chosen` is added, taking first `first` (if any)
/// then the group that explains most.
fn cover_sequence(
    groups: &[u64],
    chosen: &[usize],
    need: u64,
    free_first: bool,
) -> (Vec<(usize, u32)>, usize) {
    let mut left = need;
    let mut rest: Vec<usize> = chosen.to_vec();
    let mut out = Vec::new();
    let mut first_group = chosen.first().copied().unwrap_or(0);
    let mut first = true;
    while left != 0 && !rest.is_empty() {
        // The first group of a naked single is the house listed first among the chosen (box,
        // then row, then column); after it, the group that explains most.
        let pick = if first && free_first {
            0
        } else {
            let mut bi = 0;
            for (i, &g) in rest.iter().enumerate() {
                if (groups[g] & left).count_ones() > (groups[rest[bi]] & left).count_ones() {
                    bi = i;
                }
            }
            bi
        };
        let g = rest.remove(pick);
        if first {
            first_group = g;
        }
        if !(first && free_first) {
            out.push((g, left.count_ones()));
        }
        first = false;
        left &= !groups[g];
    }
    (out, first_group)
}

/// Houses of a cell in scan order: box, then row, then column, then any other.
fn scan_order<const W: usize>(geo: &Geometry<W>, cell: usize) -> Vec<usize> {
    let hs = &geo.cell_houses[cell];
    let rank = |h: &usize| {
        if geo.boxes.contains(h) {
            0
        } else if geo.rows.contains(h) {
            1
        } else if geo.cols.contains(h) {
            2
        } else {
            3
        }
    };
    let mut v: Vec<usize> = hs.iter().copied().filter(|&h| geo.complete_houses.contains(&h)).collect();
    v.sort_by_key(|h| (rank(h), *h));
    v
}

/// Digits placed in a house, as a mask.
fn placed_digits<const W: usize>(geo: &Geometry<W>, st: &State<W>, h: usize) -> u64 {
    geo.houses[h]
        .and(&st.placed)
        .iter()
        .fold(0u64, |m, c| if st.values[c] > 0 { m | 1 << (st.values[c] - 1) } else { m })
}

/// A placement found without notes, with its features.
#[derive(Clone, Debug)]
pub struct DirectSingle {
    pub tech: Tech,
    pub cell: usize,
    pub digit: u8,
    pub feat: Features,
}

/// Every single a solver finds on the placed digits alone (full houses, hidden and naked
/// singles), each with its features and the scan cover it needs.
pub fn direct_singles<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> Vec<DirectSingle> {
    let open = st.open_cells(geo);
    let nd = geo.digits;
    let mut out = Vec::new();
    // Digits placed per house (0 for a house that is not complete).
    let mut house_digits = vec![0u64; geo.houses.len()];
    for &h in &geo.complete_houses {
        house_digits[h] = placed_digits(geo, st, h);
    }
    for &h in &geo.complete_houses {
        let house_open = geo.houses[h].and(&open);
        if house_open.is_empty() {
            continue;
        }
        let shape = house_shape(geo, h);
        if house_open.is_single() {
            let cell = house_open.first().unwrap_or(0);
            let m = st.cell_mask(geo, cell);
            if m.count_ones() == 1 {
                let raw = Raw {
                    cells: nd as f64,
                    houses: 1.0,
                    digits: 1.0,
                    spread: shape,
                    search: 2.0,
                    ..Raw::default()
                };
                out.push(DirectSingle {
                    tech: code::FHS,
                    cell,
                    digit: m.trailing_zeros() as u8 + 1,
                    feat: Features { x: raw.vector(), cover: Vec::new() },
                });
            }
            continue;
        }
        for d in 0..nd {
            let spots = st.planes[d].and(&house_open);
            if !spots.is_single() {
                continue;
            }
            let cell = spots.first().unwrap_or(0);
            out.extend(hidden_single(geo, &open, h, d, cell, &house_digits, &[]));
        }
    }
    // A hidden single can be read in each house where it is one: every reading is offered, and
    // the route prices them all and keeps the cheapest (the reference's reading at each of its
    // direct hidden singles). Sorted so that the order never depends on the house order.
    out.sort_by(|a, b| {
        (a.cell, a.digit, a.feat.x[F_SPREAD], a.feat.x[F_CELLS])
            .partial_cmp(&(b.cell, b.digit, b.feat.x[F_SPREAD], b.feat.x[F_CELLS]))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let [ones, twos, _] = crate::bits::count_at_least(&st.planes[..nd], &open);
    for cell in ones.and_not(&twos).iter() {
        let m = u64::from(st.cell_mask(geo, cell));
        if m.count_ones() == 1 {
            out.extend(naked_single(geo, cell, m, &house_digits, &[]));
        }
    }
    if out.is_empty() {
        out = pointing_singles(geo, st, &house_digits);
    }
    out
}

/// A digit locked in a box-line segment on the placed digits alone: its spots in a box all on one
/// line (pointing) clear the line's other cells; its spots in a line all in one box (claiming)
/// clear the box's other cells.
struct Lock<const W: usize> {
    digit: usize,
    /// The house whose other cells the lock clears (the line, or the box).
    clears_in: usize,
    /// The digit's spots in the segment.
    spots: u32,
    /// The open cells it clears of the digit.
    clears: CellSet<W>,
    /// The shape of the house that holds the spots (a box for pointing, a line for claiming):
    /// the scanned group the lock adds to a single's cover.
    shape: f64,
}

fn pointing_locks<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> Vec<Lock<W>> {
    let open = st.open_cells(geo);
    let mut locks = Vec::new();
    for &b in &geo.boxes {
        for d in 0..geo.digits {
            let spots = st.planes[d].and(&geo.houses[b]).and(&open);
            if spots.len() < 2 {
                continue;
            }
            for &line in geo.rows.iter().chain(&geo.cols) {
                if spots.is_subset(&geo.houses[line]) {
                    let clears = geo.houses[line].and(&open).and_not(&geo.houses[b]).and(&st.planes[d]);
                    if !clears.is_empty() {
                        locks.push(Lock {
                            digit: d,
                            clears_in: line,
                            spots: spots.len(),
                            clears,
                            shape: 1.0,
                        });
                    }
                }
            }
        }
    }
    // Claiming: a line's spots all in one box clear the box's other cells.
    for &line in geo.rows.iter().chain(&geo.cols) {
        for d in 0..geo.digits {
            let spots = st.planes[d].and(&geo.houses[line]).and(&open);
            if spots.len() < 2 {
                continue;
            }
            for &b in &geo.boxes {
                if spots.is_subset(&geo.houses[b]) {
                    let clears = geo.houses[b].and(&open).and_not(&geo.houses[line]).and(&st.planes[d]);
                    if !clears.is_empty() {
                        locks.push(Lock {
                            digit: d,
                            clears_in: b,
                            spots: spots.len(),
                            clears,
                            shape: LINE_SHAPE,
                        });
                    }
                }
            }
        }
    }
    locks
}

/// Singles found without notes once a locked segment is seen (the reference's "Hidden / Naked
/// Single + Pointing (direct)"; its written route makes them, it never writes notes on the Very
/// Easy and Easy fixture puzzles), offered only where no plain single is left: a hidden single
/// whose other spots in its house are cleared by houses and locks, a naked single whose other
/// digits are. The lock is one more link and one more scanned group (kind `SCAN_LOCK`, shaped as
/// the house that holds its spots for a hidden single, as the first house read for a naked one:
/// the reference's prices at the reference positions).
fn pointing_singles<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    house_digits: &[u64],
) -> Vec<DirectSingle> {
    let locks = pointing_locks(geo, st);
    let mut out = Vec::new();
    if locks.is_empty() {
        return out;
    }
    let open = st.open_cells(geo);
    let nd = geo.digits;
    for &h in &geo.complete_houses {
        let house_open = geo.houses[h].and(&open);
        for d in 0..nd {
            let spots = st.planes[d].and(&house_open);
            if spots.len() < 2 {
                continue;
            }
            let cleared =
                locks.iter().filter(|l| l.digit == d).fold(CellSet::<W>::EMPTY, |a, l| a.or(&l.clears));
            let left = spots.and_not(&cleared);
            let Some(cell) = left.first().filter(|_| left.is_single()) else { continue };
            let locks: Vec<&Lock<W>> = locks.iter().filter(|l| l.digit == d && l.clears_in != h).collect();
            out.extend(hidden_single(geo, &open, h, d, cell, house_digits, &locks));
        }
    }
    // One hidden single per placement, read as a plain one is: in its box when it is one there,
    // else in a line; then the scan that leaves the fewest items to explain.
    let scan_size = |s: &DirectSingle| (s.feat.cover.iter().map(|c| c.2).sum::<u32>(), s.feat.cover.len());
    out.sort_by(|a, b| {
        (a.cell, a.digit, a.feat.x[F_SPREAD], scan_size(a))
            .partial_cmp(&(b.cell, b.digit, b.feat.x[F_SPREAD], scan_size(b)))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    out.dedup_by(|b, a| a.cell == b.cell && a.digit == b.digit);
    for cell in open.iter() {
        let m = u64::from(st.cell_mask(geo, cell));
        let cell_locks: Vec<&Lock<W>> = locks.iter().filter(|l| l.clears.contains(cell)).collect();
        let left = cell_locks.iter().fold(m, |a, l| a & !(1 << l.digit));
        if m.count_ones() >= 2 && left.count_ones() == 1 {
            out.extend(naked_single(geo, cell, left, house_digits, &cell_locks));
        }
    }
    out
}

/// The groups a single's scan combines (`min_cover` of `items`, the groups' item masks) and
/// whether a lock is among them. Without locks a single always has its cover (an empty one where
/// the clearing house is not complete); with locks, None when no cover needs one: the locks do
/// not make it a single.
fn scan_cover(
    groups: &[(usize, f64, u64)],
    items: &[u64],
    need: u64,
    with_locks: bool,
) -> Option<(Vec<usize>, bool)> {
    let chosen =
        if with_locks { min_cover(items, need)? } else { min_cover(items, need).unwrap_or_default() };
    let locked = chosen.iter().any(|&g| groups[g].0 == SCAN_LOCK);
    (locked || !with_locks).then_some((chosen, locked))
}

/// The hidden single of digit `d` in `cell`, read in house `h` (`open`: the open cells): the
/// scan explains why each other open cell of the house cannot hold the digit, by houses that hold
/// it and by `locks` (of `d`). With locks, a single none of them is needed for is not one (None).
fn hidden_single<const W: usize>(
    geo: &Geometry<W>,
    open: &CellSet<W>,
    h: usize,
    d: usize,
    cell: usize,
    house_digits: &[u64],
    locks: &[&Lock<W>],
) -> Option<DirectSingle> {
    let house_open = geo.houses[h].and(open);
    let others: Vec<usize> = house_open.iter().filter(|&c| c != cell).collect();
    let mask = |cells: &CellSet<W>| {
        others.iter().enumerate().fold(0u64, |m, (i, &c)| if cells.contains(c) { m | 1 << i } else { m })
    };
    // (kind, shape, the other cells it explains): houses that hold the digit and see some of the
    // other open cells, then the locks, shaped as the house that holds their spots.
    let mut groups: Vec<(usize, f64, u64)> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for &o in &others {
        for &g in &geo.cell_houses[o] {
            if g != h && !seen.contains(&g) && house_digits[g] >> d & 1 == 1 {
                seen.push(g);
                groups.push((SCAN_HOUSE, house_shape(geo, g), mask(&geo.houses[g])));
            }
        }
    }
    let shape = house_shape(geo, h);
    let mut lock_spots: Vec<u32> = vec![0; groups.len()];
    // A cover takes the earliest lock that serves: the cheapest scan first, a line-shaped lock
    // (claiming) before a box-shaped one, then the fewest spots held.
    let mut locks = locks.to_vec();
    locks.sort_by(|a, b| b.shape.total_cmp(&a.shape).then(a.spots.cmp(&b.spots)));
    for l in &locks {
        let m = mask(&l.clears);
        if m != 0 {
            groups.push((SCAN_LOCK, l.shape, m));
            lock_spots.push(l.spots);
        }
    }
    let need = if others.len() >= 64 { u64::MAX } else { (1u64 << others.len()) - 1 };
    let items: Vec<u64> = groups.iter().map(|g| g.2).collect();
    let (chosen, locked) = scan_cover(&groups, &items, need, !locks.is_empty())?;
    let (seq, _) = cover_sequence(&items, &chosen, need, false);
    let cover: Vec<(usize, f64, u32)> = seq.iter().map(|&(g, u)| (groups[g].0, groups[g].1, u)).collect();
    let raw = Raw {
        cells: house_open.len() as f64,
        houses: 1.0 + cover.len() as f64,
        digits: 1.0,
        links: if locked { 1.0 } else { 0.0 },
        hidden: true,
        spread: shape,
        search: least_open(geo, open, cell) as f64 + 1.0,
        held: f64::from(1 + chosen.iter().map(|&g| lock_spots[g]).sum::<u32>()),
        ..Raw::default()
    };
    let tech = if locked { code::PPR } else { code::HSI };
    Some(DirectSingle { tech, cell, digit: d as u8 + 1, feat: Features { x: raw.vector(), cover } })
}

/// The naked single of `cell` (`left`: the one digit left on the placed digits once `locks`
/// clear theirs): the scan explains every other digit by the cell's houses (box,
/// row, column; the first one read is free, each house a reading of its own) and the locks,
/// shaped as that first house. With locks, a single none of them is needed for is not one (None).
fn naked_single<const W: usize>(
    geo: &Geometry<W>,
    cell: usize,
    left: u64,
    house_digits: &[u64],
    locks: &[&Lock<W>],
) -> Vec<DirectSingle> {
    let nd = geo.digits;
    let houses = scan_order(geo, cell);
    let mut groups: Vec<(usize, f64, u64)> =
        houses.iter().map(|&h| (SCAN_HOUSE, house_shape(geo, h), house_digits[h])).collect();
    let mut lock_spots: Vec<u32> = vec![0; groups.len()];
    // The lock is scanned as the first house read; of two that serve, the one holding fewer
    // spots is the cheaper reading.
    let mut locks = locks.to_vec();
    locks.sort_by_key(|l| l.spots);
    for l in &locks {
        // (Its shape is the first house's, known once a reading picks one: see `cover` below.)
        groups.push((SCAN_LOCK, 0.0, 1 << l.digit));
        lock_spots.push(l.spots);
    }
    let all: u64 = if nd >= 64 { u64::MAX } else { (1u64 << nd) - 1 };
    let need = all & !left;
    let items: Vec<u64> = groups.iter().map(|g| g.2).collect();
    // Without locks the scan may start from any house of the cell that explains something: one
    // reading per first house, the rest by the fewest houses, and the route prices them all and
    // keeps the cheapest (the reference's reading at each of its naked singles without notes).
    let mut readings: Vec<(Vec<usize>, bool)> = Vec::new();
    // The other houses' items, with the first house's blanked (a cover never takes it).
    let mut rest_items = items.clone();
    for f in 0..houses.len() {
        let rest = need & !items[f];
        if items[f] & need == 0 && rest != 0 {
            continue;
        }
        rest_items[f] = 0;
        let more = if rest == 0 { Some(Vec::new()) } else { min_cover(&rest_items, rest) };
        rest_items[f] = items[f];
        if let Some(more) = more {
            let locked = more.iter().any(|&g| groups[g].0 == SCAN_LOCK);
            if locked || locks.is_empty() {
                readings.push((std::iter::once(f).chain(more).collect(), locked));
            }
        }
    }
    if readings.is_empty() {
        match scan_cover(&groups, &items, need, !locks.is_empty()) {
            Some(r) => readings.push(r),
            None => return Vec::new(),
        }
    }
    let mut out: Vec<DirectSingle> = Vec::new();
    for (chosen, locked) in readings {
        // Items of a naked single: the board's digits, the one being placed included.
        let (seq, first) = cover_sequence(&items, &chosen, need, true);
        let first_shape = groups.get(first).map_or(1.0, |g| g.1);
        let shape = |g: usize| if groups[g].0 == SCAN_LOCK { first_shape } else { groups[g].1 };
        let cover: Vec<(usize, f64, u32)> =
            seq.iter().map(|&(g, u)| (groups[g].0, shape(g), u + 1)).collect();
        let raw = Raw {
            cells: 1.0,
            houses: chosen.len().max(1) as f64,
            digits: 1.0,
            links: if locked { 1.0 } else { 0.0 },
            spread: first_shape,
            search: nd as f64 + 1.0,
            held: f64::from(1 + chosen.iter().map(|&g| lock_spots[g]).sum::<u32>()),
            ..Raw::default()
        };
        let tech = if locked { code::PPR } else { code::NSI };
        let feat = Features { x: raw.vector(), cover };
        // Readings that come out the same are priced once.
        if !out.iter().any(|o| o.feat == feat) {
            out.push(DirectSingle { tech, cell, digit: left.trailing_zeros() as u8 + 1, feat });
        }
    }
    out
}

/// Facts of a position with notes that the search counts of its moves read, counted once.
pub struct NotesPosition<const W: usize> {
    open: CellSet<W>,
    /// Open cells per complete house.
    house_open: Vec<usize>,
    /// Box-line segments with two or more open cells: where a locked candidate can be.
    busy_segments: usize,
}

/// The counts of `NotesPosition` for `st`.
pub fn notes_position<const W: usize>(geo: &Geometry<W>, st: &State<W>) -> NotesPosition<W> {
    let open = st.open_cells(geo);
    let house_open = geo.complete_houses.iter().map(|&h| geo.houses[h].and(&open).len() as usize).collect();
    let busy_segments = geo
        .boxes
        .iter()
        .flat_map(|&b| geo.rows.iter().chain(&geo.cols).map(move |&l| (b, l)))
        .filter(|&(b, l)| geo.houses[b].and(&geo.houses[l]).and(&open).len() >= 2)
        .count();
    NotesPosition { open, house_open, busy_segments }
}

/// The features of a move made on written notes, one per way it can be read: a hidden single in
/// each house where it is one (the route keeps the cheapest reading, as the reference does at
/// each of its 2,104 written hidden singles with a choice), any other move one way.
pub fn notes_readings<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    pos: &NotesPosition<W>,
    mv: &Move,
) -> Vec<Features> {
    if (mv.tech == code::HSI || mv.tech == code::FHS)
        && let Some(p) = mv.placements.first()
    {
        let plane = st.planes[p.digit as usize - 1].and(&pos.open);
        let readings: Vec<Features> = geo.cell_houses[p.cell]
            .iter()
            .filter(|&&h| plane.and(&geo.houses[h]).is_single())
            .map(|&h| notes_move(geo, st, pos, mv, Some(h)))
            .collect();
        if !readings.is_empty() {
            return readings;
        }
    }
    vec![notes_move(geo, st, pos, mv, mv.houses.first().copied())]
}

/// The features of a move made on written notes, read in `house` (its first house, or for a
/// hidden single the house it is read in).
fn notes_move<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    pos: &NotesPosition<W>,
    mv: &Move,
    house: Option<usize>,
) -> Features {
    let t = mv.tech;
    let nd = mv.digits.count_ones() as f64;
    let nh = mv.houses.len() as f64;
    let open = pos.open;
    let shape = house.map_or(1.0, |h| house_shape(geo, h));
    let mut raw =
        Raw { notes: true, digits: nd.max(1.0), houses: nh.max(1.0), spread: shape, ..Raw::default() };
    let chain = |raw: &mut Raw, links: f64, cells: f64, spread: f64, search: f64| {
        raw.links = links;
        raw.depth = links;
        raw.branches = 2.0;
        raw.cells = cells;
        raw.spread = spread;
        raw.search = search;
    };
    match t {
        // On notes a full house is read as the hidden single of its house.
        _ if t == code::HSI || t == code::FHS => {
            let h = house.unwrap_or(0);
            let n = geo.houses[h].and(&open).len() as f64;
            raw.cells = n.max(1.0);
            raw.houses = 1.0;
            raw.hidden = true;
            raw.spread = house_shape(geo, h);
            let cell = mv.placements.first().map_or(0, |p| p.cell);
            raw.search = least_open(geo, &open, cell) as f64 + 1.0;
        }
        _ if t == code::NSI => {
            raw.cells = 1.0;
            raw.houses = 1.0;
            raw.spread = 1.0;
            raw.search = 2.0;
        }
        _ if t == code::PPR => {
            let a = mv.houses.first().copied().unwrap_or(0);
            let d = mv.digits.trailing_zeros() as usize;
            raw.cells = st.planes[d.min(geo.digits - 1)].and(&geo.houses[a]).and(&open).len() as f64;
            raw.houses = 2.0;
            raw.hidden = true;
            raw.spread = LINE_SHAPE.sqrt();
            // Each busy segment is read for pointing and for claiming (the reference's count at
            // all 268 of its written locked candidates).
            raw.search = (2 * pos.busy_segments + 1) as f64;
        }
        _ if [code::NPR, code::NTR, code::NQD, code::HPR, code::HTR, code::HQD].contains(&t) => {
            raw.cells = nd;
            raw.houses = 1.0;
            raw.hidden = [code::HPR, code::HTR, code::HQD].contains(&t);
            // Every choice of as many open cells in a house (the reference's count at 111 of its
            // 112 written subsets).
            raw.search = (1 + pos.house_open.iter().map(|&n| choose(n, nd as usize)).sum::<usize>()) as f64;
        }
        _ if [code::XWG, code::SWF, code::JLF, code::FRK].contains(&t) => {
            // Bases first, then as many covers (fish.rs); the body is the digit's candidates in
            // the bases, fins included.
            let n = (mv.houses.len() / 2).max(1);
            let d = (mv.digits.trailing_zeros() as usize).min(geo.digits - 1);
            let plane = st.planes[d].and(&open);
            let body: u32 = mv.houses[..n].iter().map(|&h| plane.and(&geo.houses[h]).len()).sum();
            let finned = t == code::FRK;
            raw.cells = f64::from(body) + if finned { 1.0 } else { 0.0 };
            raw.houses = (2 * n) as f64;
            raw.hidden = true;
            raw.spread = if finned { FINNED_FISH_SPREAD } else { LINE_SHAPE };
            if finned {
                raw.branches = 2.0;
            }
            // The competing patterns: every choice of n rows, and of n columns, where the digit is
            // still open (the reference's count at all 167 fish steps of its fixture routes).
            let open_lines =
                |lines: &[usize]| lines.iter().filter(|&&h| plane.intersects(&geo.houses[h])).count();
            raw.search = (choose(open_lines(&geo.rows), n) + choose(open_lines(&geo.cols), n) + 1) as f64;
        }
        _ if [code::SKY, code::KTE, code::TUR, code::ERE].contains(&t) => {
            raw.hidden = true;
            raw.houses = 3.0;
            chain(&mut raw, 3.0, 4.0, 1.8, 240.0);
        }
        _ if t == code::XCL => {
            // One house per link (the reference's count at its X-Chain steps).
            raw.hidden = true;
            let links = nh.max(3.0);
            raw.houses = links;
            chain(&mut raw, links, links + 1.0, 1.865, 450.0);
        }
        _ if [code::SCL, code::MCL].contains(&t) => {
            raw.hidden = true;
            let links = nh.max(3.0);
            chain(&mut raw, links, links + 1.0, 1.8, 100.0);
        }
        _ if t == code::C3DM => {
            raw.hidden = true;
            let links = nh.max(3.0);
            chain(&mut raw, links, links + 1.0, 1.7, 60.0);
            raw.houses = nh.max(3.0) * 2.0;
            raw.contradiction = true;
        }
        _ if [code::YWG, code::XYZ].contains(&t) => {
            raw.houses = 2.0;
            raw.digits = 3.0;
            chain(&mut raw, 2.0, 3.0, 1.568, 400.0);
        }
        _ if t == code::WXZ => {
            raw.houses = 2.0;
            raw.digits = nd.max(4.0);
            chain(&mut raw, 2.0, nd.max(4.0), 1.7, 100.0);
        }
        _ if [code::XYC, code::RMP].contains(&t) => {
            let links = (2.0 * nh - 1.0).max(5.0);
            raw.houses = nh.max(2.0);
            chain(&mut raw, links, (links + 1.0) / 2.0, 1.9, 450.0);
        }
        _ if t == code::CRP => {
            raw.houses = 3.0;
            raw.digits = 2.0;
            chain(&mut raw, 2.0, 5.0, 2.01, 440.0);
        }
        _ if t == code::URC => {
            // Type 1 (both rectangle digits leave the one corner with extra candidates) is read on
            // that corner's candidates too; the other types use a strong link (hidden).
            let type_1 = matches!(mv.eliminations.as_slice(), [a, b] if a.cell == b.cell);
            // The reference counts the corner's two eliminated candidates as cells too.
            raw.cells = if type_1 { 6.0 } else { 4.0 };
            raw.hidden = !type_1;
            raw.houses = 2.0;
            raw.digits = 2.0;
            raw.branches = 2.0;
            raw.uniqueness = true;
            raw.spread = 1.2;
            raw.search = 330.0;
        }
        _ if t == code::BUG => {
            raw.cells = open.len() as f64;
            raw.houses = 27.0;
            raw.digits = 9.0;
            raw.branches = 2.0;
            raw.uniqueness = true;
            raw.search = 2.0;
        }
        _ if [code::AIC, code::NLP, code::AAC].contains(&t) => {
            // The houses the chain names, a cell more than those, and links (strong and weak) as
            // the reference counts them at its AIC steps: 5 up to four houses, then two a house.
            raw.hidden = true;
            let houses = nh.max(2.0);
            let links = (2.0 * houses - 3.0).max(5.0);
            raw.houses = houses;
            chain(&mut raw, links, houses + 1.0, 1.9, 450.0);
        }
        _ if [code::ALS, code::AXY, code::DEB, code::SDC, code::APE].contains(&t) => {
            raw.houses = nh.max(2.0);
            chain(&mut raw, 2.0, nd.max(3.0) + 1.0, 1.9, 200.0);
        }
        // Case splits, forcing and trial: a search that ends in a contradiction.
        _ if t.band() >= 5 => {
            raw.cells = mv.eliminations.len().max(mv.placements.len()).max(2) as f64;
            raw.branches = if [code::FNT, code::NFC, code::POM, code::TRL].contains(&t) { 3.0 } else { 2.0 };
            raw.depth = if [code::NFC, code::TRL].contains(&t) { 8.0 } else { 4.0 };
            raw.contradiction = true;
            raw.search = 100.0;
        }
        // A rule read on its cells: the rule is one house of the move, its cells the pattern.
        _ if !t.info().classic => {
            let cells = match &mv.pattern {
                crate::techniques::Pattern::Cells(c) => c.len(),
                _ => mv.eliminations.len().max(mv.placements.len()),
            };
            raw.cells = cells.max(2) as f64;
            raw.houses = nh.max(1.0);
            raw.branches = 2.0;
            raw.search = 100.0;
            raw.arithmetic =
                [code::CGC, code::SUM, code::ARW, code::IOU, code::SWC, code::XSC, code::EQS, code::SBD]
                    .contains(&t);
            raw.relation = [code::PWC, code::LNR, code::DOM].contains(&t);
            raw.counting = [code::CNT, code::DGC, code::CLC, code::LNC].contains(&t);
        }
        _ => {
            raw.cells = mv.eliminations.len().max(mv.placements.len()).max(2) as f64;
            raw.branches = 2.0;
            raw.search = 100.0;
        }
    }
    Features { x: raw.vector(), cover: Vec::new() }
}

/// The features of a chain seen in the head (MCH) as the reference prices it, from its nodes:
/// the chain's distinct cells plus the target single's cell, one house per link between different
/// cells, its digits, its links (3 for a three-link chain, else 5) as deep, hidden unless it is an
/// XY-chain (each cell entered and left on its two digits), the target's candidates on the notes
/// plus one held (`target_candidates`), a spread of (rows + columns + boxes the chain's cells
/// touch) / (1 + 2 sqrt(chain cells)), and a search that weighs each of the notes' `candidates`
/// once per link.
pub fn head_chain_features<const W: usize>(
    geo: &Geometry<W>,
    nodes: &[ChainNode],
    target_candidates: u32,
    candidates: usize,
) -> Features {
    let mut cells: Vec<usize> = nodes.iter().flat_map(|n| n.cells.iter().copied()).collect();
    cells.sort_unstable();
    cells.dedup();
    let hops = nodes.windows(2).filter(|w| w[0].cells != w[1].cells).count();
    let digits = nodes.iter().fold(0u32, |a, n| a | 1 << n.digit).count_ones();
    let hidden = nodes.windows(2).filter(|w| w[0].cells == w[1].cells).count() * 2 != nodes.len();
    let links = if nodes.len() == 4 { 3 } else { 5 };
    // Rows, columns and boxes as sorted lists: any geometry (multi-grids have many houses).
    let mut rows: Vec<usize> = cells.iter().map(|&c| geo.pos[c].0).collect();
    let mut cols: Vec<usize> = cells.iter().map(|&c| geo.pos[c].1).collect();
    let mut boxes: Vec<usize> = cells.iter().filter_map(|&c| geo.box_of[c]).collect();
    for v in [&mut rows, &mut cols, &mut boxes] {
        v.sort_unstable();
        v.dedup();
    }
    let m = cells.len() as f64;
    let raw = Raw {
        cells: m + 1.0,
        houses: hops as f64,
        digits: f64::from(digits),
        links: links as f64,
        hidden,
        spread: (rows.len() + cols.len() + boxes.len()) as f64 / (1.0 + 2.0 * m.sqrt()),
        branches: 2.0,
        depth: links as f64,
        held: f64::from(target_candidates + 1),
        search: (links * candidates + 1) as f64,
        ..Raw::default()
    };
    Features { x: raw.vector(), cover: Vec::new() }
}
