//! Fish: X-Wing, Swordfish, Jellyfish, and the finned, sashimi and Franken forms.
//!
//! For one digit, n base houses whose candidates do not overlap, covered by n cover houses: every
//! placement of the digit in the base houses lies in the cover houses, so the digit leaves the rest
//! of the cover houses. Basic fish use rows as bases and columns as covers (or the reverse). Franken
//! fish may use boxes among the bases or the covers. Finned: some base candidates (the fins) lie
//! outside the covers; then only cover cells that see every fin lose the digit.

use super::memo::Searcher;
use super::{Candidate, Move, Pattern, SearchContext, State, Tech, code, structural_cost};
use crate::bits::CellSet;
use crate::board::Geometry;

fn basic_code(n: usize) -> Tech {
    match n {
        2 => code::XWG,
        3 => code::SWF,
        _ => code::JLF,
    }
}

/// The most fins a finned fish may have (they must all see the eliminated cells).
const MAX_FINS: u32 = 5;
/// The most moves of one code the search collects before the route keeps the cheapest eight.
const MAX_COLLECTED: usize = 32;

/// Calls `f` with every set of `n` bases (indices, increasing) whose candidates do not overlap and
/// touch at most `reach` cover houses together, with their candidates' union and the covers they
/// touch (the union of their `touch` bits).
fn for_each_base_set<const W: usize>(
    bases: &[(usize, CellSet<W>)],
    touch: &[u128],
    n: usize,
    reach: usize,
    f: &mut dyn FnMut(&[usize], CellSet<W>, u128) -> bool,
) {
    struct Walk<'a, const W: usize> {
        bases: &'a [(usize, CellSet<W>)],
        touch: &'a [u128],
        n: usize,
        reach: usize,
        pick: Vec<usize>,
    }
    impl<const W: usize> Walk<'_, W> {
        fn go(
            &mut self,
            from: usize,
            body: CellSet<W>,
            reached: u128,
            f: &mut dyn FnMut(&[usize], CellSet<W>, u128) -> bool,
        ) -> bool {
            if self.pick.len() == self.n {
                return f(&self.pick, body, reached);
            }
            for i in from..self.bases.len() {
                let r = reached | self.touch[i];
                if self.bases[i].1.intersects(&body) || r.count_ones() as usize > self.reach {
                    continue;
                }
                self.pick.push(i);
                let go_on = self.go(i + 1, body.or(&self.bases[i].1), r, f);
                self.pick.pop();
                if !go_on {
                    return false;
                }
            }
            true
        }
    }
    Walk { bases, touch, n, reach, pick: Vec::with_capacity(n) }.go(0, CellSet::EMPTY, 0, f);
}

/// Cells that see every cell of `cells` (and are not in it).
fn common_peers<const W: usize>(geo: &Geometry<W>, cells: &CellSet<W>) -> CellSet<W> {
    let mut seen = geo.all;
    for c in cells.iter() {
        seen &= geo.peers[c];
    }
    seen.and_not(cells)
}

/// Bit k for each of the first 128 houses of `cover_family` that `keep` accepts (by index k).
fn cover_mask(cover_family: &[usize], keep: impl Fn(usize) -> bool) -> u128 {
    (0..cover_family.len().min(128)).filter(|&k| keep(k)).fold(0, |m, k| m | 1 << k)
}

/// Which fish a search reports.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Rows against columns without fins: X-Wing, Swordfish, Jellyfish.
    Basic,
    /// Rows against columns with fins (FRK), plus the basic sizes above two.
    FinnedAndLarger,
    /// Boxes among the bases or covers (FRK).
    Franken,
}

/// Fish for digit `d` with bases from `base_family` and covers from `cover_family`, sizes `sizes`.
/// A set of bases all in `finned_done` was searched against the same covers for finned fish
/// (`Kind::FinnedAndLarger`, into `out`): each finned fish it makes is in `out` already, as FRK
/// with at most as many houses, so only its fish without fins are looked for again.
#[allow(clippy::too_many_arguments)]
fn search<const W: usize>(
    geo: &Geometry<W>,
    plane: &CellSet<W>,
    d: usize,
    base_family: &[usize],
    cover_family: &[usize],
    finned_done: &[usize],
    sizes: std::ops::RangeInclusive<usize>,
    kind: Kind,
    out: &mut Vec<Move>,
) {
    let franken = kind == Kind::Franken;
    // Base candidates: houses where the digit is open in at least two cells.
    let bases: Vec<(usize, CellSet<W>)> = base_family
        .iter()
        .map(|&h| (h, plane.and(&geo.houses[h])))
        .filter(|(_, spots)| spots.len() >= 2)
        .collect();
    // The digit's candidates in each cover house: only they matter to every test below.
    let cover_planes: Vec<CellSet<W>> = cover_family.iter().map(|&h| geo.houses[h].and(plane)).collect();
    // Cover houses each base touches (bit k = cover_family[k]), so that base sets reaching too
    // many covers are never completed, and a base set's covers are read off its bits. Families
    // beyond 128 houses are neither pruned nor read off: their covers are listed by a scan.
    let prunable = cover_family.len() <= 128;
    let touch: Vec<u128> = bases
        .iter()
        .map(|(_, spots)| cover_mask(cover_family, |k| spots.intersects(&cover_planes[k])))
        .collect();
    // Each base's own house among the covers (only in a geometry whose families share houses):
    // never a cover of a fish it is a base of.
    let own: Vec<u128> =
        bases.iter().map(|&(h, _)| cover_mask(cover_family, |k| cover_family[k] == h)).collect();
    // Reused per base set: the cover houses that meet the body (indices into the family), their
    // candidates, and the union of the candidates of each suffix of them (`rest[k]` = covers k..).
    let mut covers: Vec<usize> = Vec::new();
    let mut cover_cells: Vec<CellSet<W>> = Vec::new();
    let mut rest: Vec<CellSet<W>> = Vec::new();
    let max_fins = if kind == Kind::Basic { 0 } else { MAX_FINS };
    for n in sizes {
        if bases.len() < n {
            break;
        }
        // Fins may reach a few covers beyond the n the fish uses.
        let reach = if kind == Kind::Basic { n } else { n + 3 };
        let reach = if prunable { reach } else { usize::MAX };
        for_each_base_set(&bases, &touch, n, reach, &mut |pick, body, reached| {
            let base_houses = || pick.iter().map(|&i| bases[i].0);
            covers.clear();
            if prunable {
                // A cover meets the body where it meets a base's candidates.
                let mut bits = reached & !pick.iter().fold(0u128, |m, &i| m | own[i]);
                while bits != 0 {
                    covers.push(bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            } else {
                covers.extend((0..cover_family.len()).filter(|&k| {
                    !base_houses().any(|b| b == cover_family[k]) && cover_planes[k].intersects(&body)
                }));
            }
            if covers.len() < n {
                return true;
            }
            cover_cells.clear();
            cover_cells.extend(covers.iter().map(|&k| cover_planes[k]));
            rest.clear();
            rest.resize(covers.len() + 1, CellSet::EMPTY);
            for k in (0..covers.len()).rev() {
                rest[k] = rest[k + 1].or(&cover_cells[k]);
            }
            let max_fins = if pick.iter().all(|&i| finned_done.contains(&bases[i].0)) { 0 } else { max_fins };
            let walk = CoverWalk { cells: &cover_cells, rest: &rest, body, n, max_fins, geo };
            walk.go(0, 0, CellSet::EMPTY, &mut [0; MAX_SIZE], &mut |cpick, cover| {
                // Every base keeps a candidate in the covers.
                if pick.iter().any(|&i| !bases[i].1.intersects(&cover)) {
                    return;
                }
                let fins = body.and_not(&cover);
                if fins.len() > MAX_FINS
                    || (kind == Kind::Basic && !fins.is_empty())
                    || (kind == Kind::FinnedAndLarger && fins.is_empty() && n == 2)
                {
                    return;
                }
                let mut cleared = plane.and(&cover).and_not(&body);
                if !fins.is_empty() {
                    cleared &= common_peers(geo, &fins);
                }
                if cleared.is_empty() {
                    return;
                }
                let tech = if franken || !fins.is_empty() { code::FRK } else { basic_code(n) };
                if out.iter().filter(|m| m.tech == tech).count() >= MAX_COLLECTED {
                    return;
                }
                let mut houses: Vec<usize> = base_houses().collect();
                houses.extend(cpick.iter().map(|&j| cover_family[covers[j]]));
                let eliminations: Vec<Candidate> =
                    cleared.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect();
                // The same elimination from another base / cover choice adds nothing, unless it is
                // a smaller fish (the row-based search tries every size before the column-based
                // one): then the smaller one stands for it.
                let twin = out.iter().position(|m| m.tech == tech && m.eliminations == eliminations);
                if twin.is_some_and(|i| out[i].houses.len() <= houses.len()) {
                    return;
                }
                let cost =
                    structural_cost(geo, 1 << d, houses.len(), body.iter(), 2 * n - 1 + fins.len() as usize);
                let mv = Move {
                    rules: Vec::new(),
                    tech,
                    placements: Vec::new(),
                    eliminations,
                    houses,
                    digits: 1 << d,
                    cost,
                    pattern: Pattern::Unbuilt,
                };
                match twin {
                    Some(i) => out[i] = mv,
                    None => out.push(mv),
                }
            });
            true
        });
    }
}

/// The largest fish searched (Jellyfish).
const MAX_SIZE: usize = 4;

/// The choices of `n` covers for one base set, in the order of `for_each_combination`, skipping
/// only choices that cannot make a fish: more fins than allowed even if every later cover joined,
/// or fins that see no cover candidate outside the body (so nothing could be eliminated).
struct CoverWalk<'a, const W: usize> {
    geo: &'a Geometry<W>,
    /// The digit's candidates in each cover.
    cells: &'a [CellSet<W>],
    /// `rest[k]`: the union of `cells[k..]`.
    rest: &'a [CellSet<W>],
    body: CellSet<W>,
    n: usize,
    max_fins: u32,
}

impl<const W: usize> CoverWalk<'_, W> {
    fn go(
        &self,
        from: usize,
        depth: usize,
        union: CellSet<W>,
        pick: &mut [usize; MAX_SIZE],
        f: &mut impl FnMut(&[usize], CellSet<W>),
    ) {
        if depth == self.n {
            f(&pick[..self.n], union);
            return;
        }
        let last = self.cells.len() - (self.n - depth);
        for k in from..=last {
            // Fins that no cover from k on could remove: too many now means too many for every
            // later k as well (their reach is smaller).
            if self.body.and_not(&union.or(&self.rest[k])).len() > self.max_fins {
                break;
            }
            let with = union.or(&self.cells[k]);
            let reach = with.or(&self.rest[k + 1]);
            let surely_fins = self.body.and_not(&reach);
            // The fins of any completion include these; the cells they all see are the only ones
            // that could lose the digit, and those must lie in the covers outside the body.
            if !surely_fins.is_empty()
                && !common_peers(self.geo, &surely_fins).intersects(&reach.and_not(&self.body))
            {
                continue;
            }
            pick[depth] = k;
            self.go(k + 1, depth + 1, with, pick, f);
        }
    }
}

/// X-Wings: two rows against two columns (or the reverse), no fins. Hard, so a search of its own.
pub fn x_wing<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let fresh = out.is_empty();
    for d in 0..geo.digits {
        let plane = st.planes[d].and(&open);
        let digit = |out: &mut Vec<Move>| {
            search(geo, &plane, d, &geo.rows, &geo.cols, &[], 2..=2, Kind::Basic, out);
            search(geo, &plane, d, &geo.cols, &geo.rows, &[], 2..=2, Kind::Basic, out);
        };
        // The memo needs a list holding only this search's moves.
        if fresh {
            cx.per_digit(Searcher::XWing, d, &plane, MAX_COLLECTED, out, digit);
        } else {
            digit(out);
        }
    }
}

/// The Very Hard fish: Swordfish and Jellyfish, finned and sashimi fish of sizes 2 to 4 on rows /
/// columns, and Franken fish with boxes among the bases or covers (sizes 2 and 3).
pub fn fish<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let geo = cx.geo;
    let open = st.open_cells(geo);
    let rows_boxes: Vec<usize> = geo.rows.iter().chain(&geo.boxes).copied().collect();
    let cols_boxes: Vec<usize> = geo.cols.iter().chain(&geo.boxes).copied().collect();
    let fresh = out.is_empty();
    for d in 0..geo.digits {
        let plane = st.planes[d].and(&open);
        let digit = |out: &mut Vec<Move>| {
            search(geo, &plane, d, &geo.rows, &geo.cols, &[], 2..=4, Kind::FinnedAndLarger, out);
            search(geo, &plane, d, &geo.cols, &geo.rows, &[], 2..=4, Kind::FinnedAndLarger, out);
            if !geo.boxes.is_empty() {
                // Franken: boxes join the bases (rows + boxes covered by columns) or the covers.
                // Rows alone against columns (columns against rows) were searched just above.
                search(geo, &plane, d, &rows_boxes, &geo.cols, &geo.rows, 2..=3, Kind::Franken, out);
                search(geo, &plane, d, &geo.rows, &cols_boxes, &[], 2..=3, Kind::Franken, out);
                search(geo, &plane, d, &cols_boxes, &geo.rows, &geo.cols, 2..=3, Kind::Franken, out);
                search(geo, &plane, d, &geo.cols, &rows_boxes, &[], 2..=3, Kind::Franken, out);
            }
        };
        // The memo needs a list holding only this search's moves.
        if fresh {
            cx.per_digit(Searcher::Fish, d, &plane, MAX_COLLECTED, out, digit);
        } else {
            digit(out);
        }
    }
}

/// The written route's first chain tier: the `fish` of two bases (finned, sashimi and Franken
/// X-Wings); the reference's written route offers its larger fish only with the ALS moves.
pub fn two_base_fish<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    let mut found = Vec::new();
    fish(cx, st, &mut found);
    // Two bases and two covers.
    out.extend(found.into_iter().filter(|m| m.houses.len() <= 4));
}
