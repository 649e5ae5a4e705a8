//! Human techniques: the registry (from the `data/` table) and the move finders, one module per
//! family. A finder looks at a `State` and reports moves: the technique that makes them, what they
//! place and eliminate, and the houses and digits they read.

pub mod aic;
pub mod als;
pub mod cases;
pub mod chains;
pub mod colouring;
pub mod context;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod memo;
pub mod rule_moves;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

use crate::bits::CellSet;
use crate::board::{Geometry, MAX_DIGITS};
pub use context::SearchContext;
pub use memo::Memo;

/// A technique, as its row in the technique table (study order = row order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tech(pub usize);

/// One row of the technique table.
#[derive(Debug)]
pub struct TechniqueInfo {
    pub code: &'static str,
    pub name: &'static str,
    pub band: u8,
    /// True for classic techniques (C), false for variant-only ones (V).
    pub classic: bool,
    /// The techniques this one is a special case of (an X-Wing is a Skyscraper).
    pub special_case_of: &'static [Tech],
    /// Its value on Sudoku Explainer's classic scale; None where SE has no such rule.
    pub se: Option<f64>,
}

include!(concat!(env!("OUT_DIR"), "/technique_table.rs"));

impl Tech {
    pub fn info(self) -> &'static TechniqueInfo {
        &TECHNIQUES[self.0]
    }
    pub fn code(self) -> &'static str {
        self.info().code
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
    pub fn band(self) -> u8 {
        self.info().band
    }
    /// Position in the study order (lower = simpler).
    pub fn order(self) -> usize {
        self.0
    }
    pub fn from_code(code: &str) -> Option<Tech> {
        TECHNIQUES.iter().position(|t| t.code == code).map(Tech)
    }
    /// Why the technique works, in plain words for a learner (kernel/data/teach.csv).
    pub fn teach_why(self) -> &'static str {
        TEACH_WHY[self.0]
    }
    /// True for the single codes, which a card lists without a `uses` count.
    pub fn is_single(self) -> bool {
        [code::FHS, code::HSI, code::NSI, code::CSI, code::LSI].contains(&self)
    }
    /// True when a learner who knows `general` can do `self`: `self` is `general` or, through the
    /// table's special-case relation (transitively), a special case of it.
    pub fn is_covered_by(self, general: Tech) -> bool {
        if self == general {
            return true;
        }
        self.info().special_case_of.iter().any(|&g| g.is_covered_by(general))
    }
}

/// The name of a band index.
pub fn band_name(band: u8) -> &'static str {
    BAND_NAMES[band as usize]
}

/// A candidate position: `digit` (1..=D) in `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    pub cell: usize,
    pub digit: u8,
}

/// One move a technique offers in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub tech: Tech,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    /// Houses the move reads, in the order its notation names them.
    pub houses: Vec<usize>,
    /// The rules beyond houses the move reads (indices into the document's rules): empty for
    /// the techniques on houses alone.
    pub rules: Vec<usize>,
    /// Digits the move is about (bit d-1 for digit d).
    pub digits: u32,
    /// Tie-break among moves of one technique: lower is found first by a person.
    pub cost: u32,
    /// The cells, chain or sets the move uses, as its notation names them; built only inside
    /// [`SearchContext::patterns`] (the route never prints it, and building it for every move found would
    /// cost an allocation per move), else `Pattern::Unbuilt`.
    pub pattern: Pattern,
}

/// What a move uses, between its digits and its result in the notation (HoDoKu's pattern).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Pattern {
    /// Not built: the search ran outside [`SearchContext::patterns`], or the technique has no such pattern.
    #[default]
    Unbuilt,
    /// A wing's cells, pivot first, and the digit it eliminates (z).
    Wing { cells: Vec<usize>, z: u8 },
    /// Cells a move reads, in notation order (Fireworks, Chute Remote Pairs).
    Cells(Vec<usize>),
    /// A 3-link single-digit chain a = b - c = d read as its two ends (a, d) connected by the
    /// cells of its weak link (b, c): Skyscraper, 2-String Kite.
    Connected([usize; 4]),
    /// An empty rectangle: its box and the conjugate pair, the end on the box's line first.
    BoxAndPair { house: usize, pair: [usize; 2] },
    /// An alternating chain of nodes, the first link strong, then weak, strong, ... (X-chains,
    /// and, one candidate per node, XY-chains and remote pairs).
    Chain(Vec<ChainNode>),
    /// Colour clusters of one digit, each as its two colours' cells.
    Colours(Vec<[Vec<usize>; 2]>),
    /// A 3D Medusa cluster: its two colours' candidates.
    CandidateColours([Vec<Candidate>; 2]),
    /// Almost locked sets (each its cells) and the restricted common digits (mask) linking them.
    Als { sets: Vec<Vec<usize>>, x: u32 },
    /// An ALS chain: its nodes as a chain's, and per strong link through an almost locked set
    /// (link i joins node i to node i+1) that set's cells.
    AlsChain { nodes: Vec<ChainNode>, sets: Vec<(usize, Vec<usize>)> },
    /// A Death Blossom: the stem cell and, per stem digit, its petal (an almost locked set).
    Blossom { stem: usize, petals: Vec<(u8, Vec<usize>)> },
    /// A Sue de Coq: the crossing cells of a box and a line, and the cells of the line and of
    /// the box that take its digits with them.
    SueDeCoq { cross: Vec<usize>, line: Vec<usize>, boxed: Vec<usize> },
    /// Aligned Pair Exclusion: the two cells and the bivalue cells whose digits exclude
    /// combinations of theirs.
    Excluded { pair: [usize; 2], by: Vec<usize> },
    /// A placement through locks in the head: each lock (digit, house it is locked in, house it
    /// clears, the locked cells on the placed-digit view), and the house of the single left
    /// (None: a naked single).
    HeadLocks { locks: Vec<HeadLock>, single: Option<usize> },
    /// A placement through a subset in the head: the subset's house, cells and digits (naked
    /// or hidden, on the placed-digit view), and the house of the single left (None: naked).
    HeadSubset { house: usize, cells: Vec<usize>, digits: u32, naked: bool, single: Option<usize> },
    /// A case split or a trial: the options followed (a cell's candidates, a digit's places in a
    /// house, or the one candidate assumed), the house they are a digit's places in, and whether
    /// the options break (a contradiction) rather than agree on the result.
    Cases { options: Vec<Candidate>, house: Option<usize>, contradiction: bool },
}

/// A digit locked in the part of house `from` that lies in house `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadLock {
    pub digit: u8,
    pub from: usize,
    pub to: usize,
    pub cells: Vec<usize>,
}

/// A chain node: one digit in one cell, or in the cells of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainNode {
    pub cells: Vec<usize>,
    pub digit: u8,
}

/// The most moves a search reports per position: the cheapest, by `Move::cost`.
pub const MAX_MOVES_PER_TECHNIQUE: usize = 8;

/// An ordering cost that stands in for a move's price until steps are priced (how people rank
/// moves of one technique): fewer digits first, then fewer houses, then cells closer together
/// (the area of their bounding rectangle), then a shorter chain.
pub fn structural_cost<const W: usize>(
    geo: &Geometry<W>,
    digits: u32,
    houses: usize,
    cells: impl IntoIterator<Item = usize>,
    links: usize,
) -> u32 {
    let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
    for cell in cells {
        let (r, c) = geo.pos[cell];
        (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
    }
    let spread = if r0 == usize::MAX { 0 } else { (r1 - r0 + 1) * (c1 - c0 + 1) };
    let digits = digits.count_ones() as usize;
    (digits.min(40) * 10_000_000 + houses.min(99) * 100_000 + spread.min(999) * 100 + links.min(99)) as u32
}

/// Keeps a search's cheapest `MAX_MOVES_PER_TECHNIQUE` moves of each technique (in cost order,
/// ties in found order).
pub fn cap_moves(moves: &mut Vec<Move>) {
    moves.sort_by_key(|m| m.cost);
    // Per technique: one search may name several (the fish search's Swordfish among many
    // cheaper Franken X-Wings).
    let mut kept: Vec<(Tech, usize)> = Vec::new();
    moves.retain(|m| match kept.iter_mut().find(|(t, _)| *t == m.tech) {
        Some((_, n)) if *n >= MAX_MOVES_PER_TECHNIQUE => false,
        Some((_, n)) => {
            *n += 1;
            true
        }
        None => {
            kept.push((m.tech, 1));
            true
        }
    });
}

/// A solving position in full-notes mode: every placement has cleared its peers.
#[derive(Clone, Debug)]
pub struct State<const W: usize> {
    /// `planes[d]`: cells where digit d+1 is still a candidate (placed cells included).
    pub planes: [CellSet<W>; MAX_DIGITS],
    pub placed: CellSet<W>,
    /// Digit per cell, 0 while unplaced.
    pub values: Vec<u8>,
}

impl<const W: usize> State<W> {
    /// The position after the givens; None when they conflict.
    pub fn new(geo: &Geometry<W>, givens: &[u8]) -> Option<State<W>> {
        let node = crate::solve::Node::with_givens(geo, givens)?;
        Some(State { planes: node.planes, placed: node.placed, values: givens.to_vec() })
    }

    /// The position as a person sees it without notes: candidates are the digits no placed peer
    /// holds, and every elimination written so far is ignored. The in-the-head techniques read it.
    pub fn placed_view(&self, geo: &Geometry<W>) -> State<W> {
        State::new(geo, &self.values).expect("placed digits never conflict on a route")
    }

    /// The position as words, a key for the caches of moves found per position: the candidate
    /// planes of the board's digits, then the placed cells.
    pub fn position_words(&self, geo: &Geometry<W>) -> Vec<u64> {
        let mut words: Vec<u64> = Vec::with_capacity((geo.digits + 1) * W);
        for plane in self.planes[..geo.digits].iter().chain(std::iter::once(&self.placed)) {
            words.extend_from_slice(&plane.0);
        }
        words
    }

    pub fn is_solved(&self, geo: &Geometry<W>) -> bool {
        geo.all.is_subset(&self.placed)
    }

    pub fn open_cells(&self, geo: &Geometry<W>) -> CellSet<W> {
        geo.all.and_not(&self.placed)
    }

    /// Candidate digits of a cell as a mask (bit d-1 for digit d).
    pub fn cell_mask(&self, geo: &Geometry<W>, cell: usize) -> u32 {
        let mut m = 0;
        for d in 0..geo.digits {
            if self.planes[d].contains(cell) {
                m |= 1 << d;
            }
        }
        m
    }

    /// Candidates left on open cells.
    pub fn candidate_count(&self, geo: &Geometry<W>) -> usize {
        let open = self.open_cells(geo);
        self.planes[..geo.digits].iter().map(|p| p.and(&open).len() as usize).sum()
    }

    /// Applies a move: placements clear their peers, eliminations remove candidates.
    pub fn apply(&mut self, geo: &Geometry<W>, mv: &Move) {
        self.apply_step(geo, &mv.placements, &mv.eliminations);
    }

    /// Applies placements (each clears its peers), then eliminations.
    pub fn apply_step(&mut self, geo: &Geometry<W>, placements: &[Candidate], eliminations: &[Candidate]) {
        for p in placements {
            let d = p.digit as usize - 1;
            if self.placed.contains(p.cell) {
                continue;
            }
            for (e, plane) in self.planes[..geo.digits].iter_mut().enumerate() {
                if e != d {
                    plane.remove(p.cell);
                }
            }
            self.planes[d] = self.planes[d].and_not(&geo.peers[p.cell]);
            self.placed.insert(p.cell);
            self.values[p.cell] = p.digit;
        }
        for e in eliminations {
            self.planes[e.digit as usize - 1].remove(e.cell);
        }
    }
}

/// Singles of `after` that `before` does not have: (cell, digit index 0-based, the house it is
/// hidden in, or None for a naked single). The in-the-head techniques use it: a deduction made on
/// the placed-digit view (`before`) that leaves a single (`after`) is played as that placement.
pub fn new_singles<const W: usize>(
    geo: &Geometry<W>,
    before: &State<W>,
    after: &State<W>,
) -> Vec<(usize, usize, Option<usize>)> {
    let open = after.open_cells(geo);
    let mut out = Vec::new();
    for cell in open.iter() {
        let m = after.cell_mask(geo, cell);
        if m.count_ones() == 1 && before.cell_mask(geo, cell).count_ones() > 1 {
            out.push((cell, m.trailing_zeros() as usize, None));
        }
    }
    for &h in &geo.complete_houses {
        for d in 0..geo.digits {
            let now = after.planes[d].and(&geo.houses[h]).and(&open);
            let was = before.planes[d].and(&geo.houses[h]).and(&open);
            if now.is_single() && !was.is_single() {
                let cell = now.first().expect("single");
                if !out.iter().any(|&(c, _, _)| c == cell) {
                    out.push((cell, d, Some(h)));
                }
            }
        }
    }
    out
}

/// A move finder: appends the moves it sees in a position, each named by its most specific shape.
pub type Finder<const W: usize> = fn(&SearchContext<W>, &State<W>, &mut Vec<Move>);

/// One search of the engine and the technique codes its moves can carry.
pub struct Search<const W: usize> {
    pub find: Finder<W>,
    /// Every code the search can name a move by (its shapes).
    pub codes: &'static [Tech],
}

impl<const W: usize> Search<W> {
    /// The lowest band among the search's shapes: the route runs it only from that band on.
    pub fn min_band(&self) -> u8 {
        self.codes.iter().map(|t| t.band()).min().unwrap_or(u8::MAX)
    }
}

/// Every search the engine has, lowest band first. A technique missing here is never offered.
pub fn searches<const W: usize>() -> Vec<Search<W>> {
    let mut all = vec![
        Search { find: singles::full_house::<W>, codes: &[code::FHS] },
        Search { find: singles::hidden_single::<W>, codes: &[code::HSI] },
        Search { find: singles::naked_single::<W>, codes: &[code::NSI] },
        Search { find: rule_moves::rule_readings::<W>, codes: &[code::LSI, code::CSI] },
        Search { find: intersections::pointing_claiming::<W>, codes: &[code::PPR] },
        Search { find: subsets::naked_pair::<W>, codes: &[code::NPR] },
        Search { find: subsets::hidden_pair::<W>, codes: &[code::HPR] },
        Search { find: subsets::subset_in_head::<W>, codes: &[code::MSI] },
        Search { find: rule_moves::rule_eliminations::<W>, codes: &rule_moves::RULE_ELIMINATION_CODES },
        Search { find: subsets::naked_triple::<W>, codes: &[code::NTR] },
        Search { find: rule_moves::rule_pairs::<W>, codes: &[code::RUL] },
        Search { find: rule_moves::rule_with_house::<W>, codes: &[code::RUL] },
        Search { find: subsets::hidden_triple::<W>, codes: &[code::HTR] },
        Search { find: subsets::naked_quad::<W>, codes: &[code::NQD] },
        Search { find: subsets::hidden_quad::<W>, codes: &[code::HQD] },
        Search { find: fish::x_wing::<W>, codes: &[code::XWG] },
        Search { find: fish::fish::<W>, codes: &[code::SWF, code::JLF, code::FRK] },
        Search { find: colouring::simple_colouring::<W>, codes: &[code::SCL] },
        Search { find: colouring::multi_colouring::<W>, codes: &[code::MCL] },
        Search { find: colouring::medusa::<W>, codes: &[code::C3DM] },
        Search { find: wings::y_wing::<W>, codes: &[code::YWG] },
        Search { find: wings::xyz_wing::<W>, codes: &[code::XYZ] },
        Search { find: wings::wxyz_wing::<W>, codes: &[code::WXZ] },
        Search { find: wings::fireworks::<W>, codes: &[code::FIR] },
        Search { find: chains::x_chain::<W>, codes: &[code::SKY, code::KTE, code::TUR, code::XCL] },
        Search { find: chains::empty_rectangle::<W>, codes: &[code::ERE] },
        Search {
            find: chains::head_chain::<W>,
            codes: &[code::SKY, code::KTE, code::TUR, code::ERE, code::MCH],
        },
        Search { find: chains::xy_chain::<W>, codes: &[code::XYC] },
        Search { find: chains::remote_pairs::<W>, codes: &[code::RMP] },
        Search { find: chains::chute_remote_pairs::<W>, codes: &[code::CRP] },
        Search { find: aic::aic::<W>, codes: &[code::AIC] },
        Search { find: aic::nice_loop::<W>, codes: &[code::NLP] },
        Search { find: als::als_xz::<W>, codes: &[code::ALS] },
        Search { find: als::als_xy_wing::<W>, codes: &[code::AXY] },
        Search { find: als::sue_de_coq::<W>, codes: &[code::SDC] },
        Search { find: als::aligned_pair_exclusion::<W>, codes: &[code::APE] },
        Search { find: als::als_chain::<W>, codes: &[code::AAC] },
        Search { find: als::death_blossom::<W>, codes: &[code::DEB] },
        Search { find: cases::case_analysis::<W>, codes: &[code::CAS] },
        Search { find: cases::either_way::<W>, codes: &[code::EWY] },
        Search { find: cases::what_if::<W>, codes: &[code::WIF] },
        Search { find: cases::short_trial::<W>, codes: &[code::STR] },
        Search { find: forcing::forcing_chains::<W>, codes: &[code::FCH] },
        Search { find: forcing::forcing_nets::<W>, codes: &[code::FNT] },
        Search { find: forcing::nested_forcing::<W>, codes: &[code::NFC] },
        Search { find: forcing::nishio::<W>, codes: &[code::NIS] },
        Search { find: forcing::pattern_overlay::<W>, codes: &[code::POM] },
        Search { find: forcing::trial::<W>, codes: &[code::TRL] },
    ];
    all.sort_by_key(|s| s.min_band());
    all
}

/// Classic techniques the band route deliberately never takes, as the reference release (1.0.0rc1)
/// does on classic puzzles, so that cards agree with it:
/// - SNY: Snyder marks are a notes style (pairs of marks per box) the full-notes route does not model;
/// - FXW, FSW, FJF: every finned or sashimi fish is named by its Franken form (FRK);
/// - URC, BUG, GSY: the route does not assume uniqueness;
/// - LOL, PHI, PHV: set theory is for puzzles with sums, irregular or extra regions, not classics.
pub const NOT_ON_ROUTE: [Tech; 10] = [
    code::SNY,
    code::FXW,
    code::FSW,
    code::FJF,
    code::URC,
    code::BUG,
    code::GSY,
    code::LOL,
    code::PHI,
    code::PHV,
];

/// The highest band whose classic techniques the engine searches completely: cards are given for
/// puzzles up to this band, and an honest error above it.
pub fn rated_max_band() -> u8 {
    let have = searchable_codes();
    let missing = TECHNIQUES
        .iter()
        .enumerate()
        .map(|(i, t)| (Tech(i), t))
        .filter(|(t, info)| info.classic && !have.contains(t) && !NOT_ON_ROUTE.contains(t))
        .map(|(_, info)| info.band)
        .min();
    match missing {
        Some(0) => 0,
        Some(b) => b - 1,
        None => (BAND_NAMES.len() - 1) as u8,
    }
}

/// Every code some search can produce.
pub fn searchable_codes() -> Vec<Tech> {
    let mut codes: Vec<Tech> = searches::<1>().iter().flat_map(|s| s.codes.iter().copied()).collect();
    codes.sort();
    codes.dedup();
    codes
}

/// All moves on offer in a position, from every search whose lowest band is at most `max_band`.
#[cfg(any(test, feature = "internals"))]
pub fn all_moves<const W: usize>(cx: &SearchContext<W>, st: &State<W>, max_band: u8) -> Vec<Move> {
    let mut out = Vec::new();
    let mut found = Vec::new();
    for s in searches::<W>().iter().filter(|s| s.min_band() <= max_band) {
        found.clear();
        (s.find)(cx, st, &mut found);
        cap_moves(&mut found);
        out.append(&mut found);
    }
    out.retain(|m| m.tech.band() <= max_band);
    out
}

/// Positions for the technique tests, written as the reference routes show them.
#[cfg(test)]
pub(crate) mod test_positions {
    use super::{Candidate, Finder, SearchContext, State};
    use crate::board::{Board, Geometry};

    /// A position from a candidate grid: 81 tokens, "=d" for a placed digit, else the cell's
    /// candidates (positions of the reference routes, before the step named).
    pub fn from_grid(geo: &Geometry<2>, grid: &str) -> State<2> {
        let tokens: Vec<&str> = grid.split_whitespace().collect();
        assert_eq!(tokens.len(), 81);
        let givens: Vec<u8> =
            tokens.iter().map(|t| t.strip_prefix('=').map_or(0, |d| d.parse().unwrap())).collect();
        let mut st = State::new(geo, &givens).unwrap();
        let mut gone = Vec::new();
        for (cell, t) in tokens.iter().enumerate() {
            if givens[cell] == 0 {
                for d in 1..=9u8 {
                    if st.planes[d as usize - 1].contains(cell) && !t.contains((b'0' + d) as char) {
                        gone.push(Candidate { cell, digit: d });
                    }
                }
            }
        }
        st.apply_step(geo, &[], &gone);
        st
    }

    /// Runs a search on a (candidate grid, solution) position, checks every move against the
    /// solution (no true candidate eliminated, every placement right) and returns the moves.
    pub fn run_checked(find: Finder<2>, pos: (&str, &str)) -> Vec<super::Move> {
        run_checked_in(find, pos, false)
    }

    /// [`run_checked`] with the moves' patterns built.
    pub fn run_checked_with_patterns(find: Finder<2>, pos: (&str, &str)) -> Vec<super::Move> {
        run_checked_in(find, pos, true)
    }

    fn run_checked_in(find: Finder<2>, pos: (&str, &str), patterns: bool) -> Vec<super::Move> {
        let g = classic9();
        let st = from_grid(&g, pos.0);
        let solution: Vec<u8> = pos.1.bytes().map(|b| b - b'0').collect();
        let mut out = Vec::new();
        let cx = SearchContext::plain(&g);
        find(&if patterns { cx.building_patterns() } else { cx }, &st, &mut out);
        for m in &out {
            for e in &m.eliminations {
                assert_ne!(solution[e.cell], e.digit, "{} eliminates a true candidate", m.tech.code());
            }
            for p in &m.placements {
                assert_eq!(solution[p.cell], p.digit, "{} places a wrong digit", m.tech.code());
            }
        }
        out
    }

    /// A candidate written "r4c5#7" (or a placement "r4c5=7").
    pub fn cand(text: &str) -> Candidate {
        let b = text.as_bytes();
        Candidate { cell: (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize, digit: b[5] - b'0' }
    }

    /// Whether some move of `tech` makes exactly these placements and eliminations (any order).
    pub fn offers(moves: &[super::Move], tech: super::Tech, placements: &[&str], elims: &[&str]) -> bool {
        let sorted = |texts: &[&str]| {
            let mut v: Vec<Candidate> = texts.iter().map(|t| cand(t)).collect();
            v.sort();
            v
        };
        let (p, e) = (sorted(placements), sorted(elims));
        moves.iter().any(|m| {
            let (mut mp, mut me) = (m.placements.clone(), m.eliminations.clone());
            mp.sort();
            me.sort();
            m.tech == tech && mp == p && me == e
        })
    }

    /// [`run_checked`] for searches that only eliminate: every move eliminates something.
    pub fn run_eliminating(find: Finder<2>, pos: (&str, &str)) -> Vec<super::Move> {
        let out = run_checked(find, pos);
        assert!(out.iter().all(|m| !m.eliminations.is_empty()));
        out
    }

    // Expert positions shared by the AIC and ALS tests.
    /// classic-se-rated.tsv:5907 (SE 7.2) step 25: AIC ['r3c7#6']
    pub const AICE: (&str, &str) = (
        "13 =9 18 =2 =4 16 678 =5 367 46 =7 26 =3 =8 =5 246 =1 =9 135 246 158 =9 =7 16 2468 46 346 =2 =3 =7 =5 =1 =8 46 =9 46 =8 15 159 =6 39 =4 135 =7 =2 14569 46 1569 =7 39 =2 135 =8 15 =7 15 =3 =4 =6 =9 15 =2 =8 169 26 1269 =8 =5 =3 467 46 1467 56 =8 =4 =1 =2 =7 =9 =3 56",
        "391246857472385619568971243237518496815694372946732581753469128129853764684127935",
    );
    /// classic-se-rated.tsv:7376 (SE 8.4) step 14: CAS ['r9c9#2']
    pub const QUIET: (&str, &str) = (
        "1678 1689 1569 16789 5789 =4 126 12568 =3 14678 14568 =2 1678 578 =3 146 =9 145 1468 =3 14569 1689 =2 1569 =7 168 145 =5 =2 16 679 =4 679 =3 17 =8 468 468 =3 2678 =1 2678 =5 27 =9 =9 18 =7 =3 58 258 12 =4 =6 124 1459 =8 127 =6 127 49 =3 12457 1236 =7 156 =4 39 129 =8 156 125 23 1469 1469 =5 378 278 1469 16 27",
        "785194623162873495439625781526947318843216579917358246258761934671439852394582167",
    );

    /// classic-top1465.txt:599 step 12: AIC ['r4c8#1']
    pub const SDCE: (&str, &str) = (
        "=1 235 38 =4 =6 589 239 =7 359 2358 235 =7 23 589 1589 12369 12569 =4 =9 =6 =4 23 57 157 123 =8 135 25 12579 =6 57 4579 =3 =8 12459 1579 2358 =4 389 5678 =1 56789 2679 2569 5679 58 1579 189 5678 =2 456789 14679 =3 15679 46 139 139 15678 4578 45678 4679 69 =2 46 =8 =2 =9 347 467 =5 16 1367 =7 19 =5 16 34 =2 3469 469 =8",
        "123468975857391624964275381216753849348619257579824136431586792682947513795132468",
    );

    /// classic-se-rated.tsv:7376 (SE 8.4) step 17: AIC ['r5c6#7']
    pub const APEE: (&str, &str) = (
        "1678 1689 1569 1689 5789 =4 126 12568 =3 14678 14568 =2 168 578 =3 146 =9 145 1468 =3 14569 1689 =2 1569 =7 168 145 =5 =2 16 679 =4 679 =3 17 =8 468 468 =3 2678 =1 2678 =5 27 =9 =9 18 =7 =3 58 258 12 =4 =6 124 1459 =8 127 =6 127 49 =3 1245 1236 =7 156 =4 39 129 =8 156 125 23 1469 1469 =5 38 28 1469 16 =7",
        "785194623162873495439625781526947318843216579917358246258761934671439852394582167",
    );

    /// classic-se-rated.tsv:6114 (SE 7.4) step 6: AIC ['r5c7#2']
    pub const AACE: (&str, &str) = (
        "=5 67 =2 =3 679 689 78 =4 =1 =9 347 1347 =2 157 48 =6 578 3578 136 =8 13467 1467 1567 46 2357 257 =9 =2 57 578 =9 47 =1 4578 =3 =6 136 3567 13567 467 =8 26 12457 =9 57 =4 =9 1678 =5 267 =3 1278 278 78 =7 23456 3456 468 2469 2469 358 =1 358 36 236 =9 168 126 =5 378 678 =4 =8 =1 456 46 =3 =7 =9 56 =2",
        "562398741971254683384176259257941836136782495498563127743629518629815374815437962",
    );

    /// classic-se-rated.tsv:5863 (SE 7.2) step 9: XWG ['r2c1#5', 'r2c7#5', 'r4c1#5', 'r5c7#5', 'r9c1#5']
    pub const NLPE: (&str, &str) = (
        "2379 =4 239 =5 =6 37 12389 13789 23789 23579 2579 =6 =8 =4 =1 2359 379 23579 357 =8 =1 27 23 =9 35 =6 =4 1589 159 589 =6 1389 357 =4 =2 35789 =6 259 24589 47 389 357 3589 3789 =1 14589 =3 =7 14 189 =2 589 89 =6 12378 127 238 =9 12 =4 =6 =5 238 12489 129 2489 =3 =5 =6 =7 189 289 12359 =6 2359 12 =7 =8 1239 =4 239",
        "749563218326841975581729364198635427652497831437182596873914652214356789965278143",
    );

    /// classic reference card 208, step 9: a fireworks and an XYZ-Wing (placed digits, candidates).
    pub const CARD208_STEP9: [&str; 2] = [
        "61.8.2..9...3.6.........2567.8.2...3..37..9.........6..5...78...9......5...5.1...",
        ". . 457 . 457 . 347 347 . 2459 247 24579 . 4579 . 147 1478 1478 3489 3478 479 149 1479 49 . . . . 46 . \
         1469 . 459 145 14 . 1245 246 . . 1468 458 . 1248 1248 12459 24 12459 14 1348 3458 1457 . 12478 1234 . \
         1246 2469 3469 . . 12349 124 12348 . 12467 246 3468 348 13467 12347 . 2348 23478 2467 . 34689 . 3467 \
         23479 247",
    ];

    pub fn classic9() -> Geometry<2> {
        Geometry::new(&Board::standard(9).unwrap())
    }

    /// The notations of a search's moves of `tech` in a position, cheapest first, as a route's
    /// card prints them: the route's moves carry no pattern, so the notation finds it again.
    pub fn notations(find: Finder<2>, st: &State<2>, tech: super::Tech) -> Vec<String> {
        let (board, geo) = (Board::standard(9).unwrap(), classic9());
        let mut moves = Vec::new();
        find(&SearchContext::plain(&geo), st, &mut moves);
        let cx = SearchContext::plain(&geo).building_patterns();
        super::cap_moves(&mut moves);
        moves
            .into_iter()
            .filter(|m| m.tech == tech)
            .map(|m| crate::card::notation::step_notation(&board, &cx, st, &m.into()))
            .collect()
    }

    /// A position from its placed digits (81 chars, '.' open) and the candidates of every cell
    /// (81 space-separated tokens: the candidate digits, '.' for a placed cell).
    pub fn from_candidates(geo: &Geometry<2>, pos: [&str; 2]) -> State<2> {
        let givens: Vec<u8> = pos[0].bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let mut st = State::new(geo, &givens).unwrap();
        let cands: Vec<&str> = pos[1].split_whitespace().collect();
        assert_eq!(cands.len(), 81);
        for (cell, c) in cands.iter().enumerate() {
            if *c != "." {
                for d in 1..=9u8 {
                    if !c.as_bytes().contains(&(b'0' + d)) {
                        st.planes[d as usize - 1].remove(cell);
                    }
                }
            }
        }
        st
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_spec_rows() {
        assert_eq!(code::HSI.code(), "HSI");
        assert_eq!(code::HSI.band(), 0);
        assert_eq!(code::NSI.band(), 1);
        assert_eq!(code::XWG.name(), "X-Wing");
        assert_eq!(code::C3DM.code(), "3DM");
        assert_eq!(band_name(code::TRL.band()), "Extreme");
        assert!(code::FHS.order() < code::HSI.order());
        assert!(code::FHS.is_covered_by(code::HSI));
        assert!(code::XWG.is_covered_by(code::XCL)); // XWG < SKY < TUR < XCL
        assert!(!code::HSI.is_covered_by(code::FHS));
        assert!(code::FHS.is_single() && !code::PPR.is_single());
        assert_eq!(Tech::from_code("KTE"), Some(code::KTE));
    }
}
