//! The rule layer: every rule family of puzzle-format.md section 4 that is not a house.
//!
//! Each family file has two independent halves: `satisfied`, the rule's meaning read straight
//! from the spec's table and checked on digits, and `compile`, which turns the typed rule into
//! [`Constraint`]s whose propagators narrow candidate masks. The search ([`search`]) runs the
//! propagators after singles and checks `satisfied` of every rule on every full grid, so a
//! weak propagator costs time, never correctness.

mod arrow;
mod cage;
mod cell_marks;
mod clone;
mod constraint;
mod contains;
mod corner;
mod counting;
mod edges;
mod entropy;
mod equal_sum;
mod lines;
mod negative;
mod neighbours;
mod outside;
mod pair_ops;
mod relation;
pub mod search;
mod sums;
mod table;
mod vudoku;

pub use constraint::Constraint;
#[cfg(any(test, feature = "internals"))]
pub use constraint::{AutomatonLayer, Move};
pub use search::RuleSolver;
#[cfg(any(test, feature = "internals"))]
pub use search::TimedOut;

use crate::board::{Board, HouseKind};
use crate::format::document::Area;
use crate::format::{Document, Pos, RuleKind};

/// The most digits a board with rules may have: a candidate mask is one `u32`.
pub const MAX_DIGITS: usize = 31;

/// Where each board position sits among the engine's cells (reading order of existing cells).
#[derive(Clone, Debug)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    pub digits: usize,
    index: Vec<Option<usize>>,
    /// For each engine cell, the box-or-region house of `D` cells containing it, the last one
    /// stated (what `region_sum` cuts a line by).
    pub region_of: Vec<Option<usize>>,
    /// The document's rules, for rules whose meaning depends on others (`negative` exemptions
    /// and grid areas, `neighbours` within boxes or regions, areas named by a grid origin).
    pub rules: Vec<RuleKind>,
    /// The board's houses (engine cells), for propagators that may assume distinct digits.
    houses: Vec<Vec<usize>>,
}

impl Layout {
    pub fn new(doc: &Document, board: &Board) -> Layout {
        let mut index = vec![None; doc.rows * doc.cols];
        for (i, p) in doc.cells().iter().enumerate() {
            index[p.r * doc.cols + p.c] = Some(i);
        }
        let mut region_of = vec![None; board.cell_count()];
        for (h, house) in board.houses.iter().enumerate() {
            if matches!(house.kind, HouseKind::Box | HouseKind::Region) && house.cells.len() == board.digits {
                for &c in &house.cells {
                    region_of[c] = Some(h);
                }
            }
        }
        let rules = doc.rules.iter().map(|r| r.kind.clone()).collect();
        let houses = board.houses.iter().map(|h| h.cells.clone()).collect();
        Layout { rows: doc.rows, cols: doc.cols, digits: doc.digits, index, region_of, rules, houses }
    }

    /// True when the engine cells all lie in one house (their digits are distinct).
    pub fn in_one_house(&self, cells: &[usize]) -> bool {
        self.houses.iter().any(|h| cells.iter().all(|c| h.contains(c)))
    }

    /// The position (r, c) when it is a cell (not off the board, not a gap).
    pub fn cell_at(&self, r: isize, c: isize) -> Option<Pos> {
        let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
        (r < self.rows && c < self.cols && self.index[r * self.cols + c].is_some()).then_some(Pos::new(r, c))
    }

    /// Every cell in reading order.
    pub fn positions(&self) -> Vec<Pos> {
        (0..self.rows * self.cols)
            .filter(|&i| self.index[i].is_some())
            .map(|i| Pos::new(i / self.cols, i % self.cols))
            .collect()
    }

    /// The cells of an area (1.7): a grid origin's D x D cells, or the listed cells.
    pub fn area_cells(&self, area: &Area) -> Vec<Pos> {
        match area {
            Area::Origin(o) => (0..self.digits * self.digits)
                .filter_map(|i| {
                    self.cell_at((o.r + i / self.digits) as isize, (o.c + i % self.digits) as isize)
                })
                .collect(),
            Area::Cells(cells) => cells.clone(),
        }
    }

    /// The engine cell at a position (the reader checked that rule cells exist).
    pub fn cell(&self, p: Pos) -> usize {
        self.index[p.r * self.cols + p.c].expect("rule cells exist")
    }

    pub fn cells(&self, ps: &[Pos]) -> Vec<usize> {
        ps.iter().map(|&p| self.cell(p)).collect()
    }

    /// The position (row, column), when it is on the board and a cell.
    pub fn at(&self, r: i64, c: i64) -> Option<Pos> {
        let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
        (r < self.rows && c < self.cols && self.index[r * self.cols + c].is_some()).then_some(Pos::new(r, c))
    }
}

/// The digits of a full (or partly filled, 0 = open) grid as rules read them.
pub struct Digits<'a> {
    pub layout: &'a Layout,
    pub values: &'a [u8],
}

impl Digits<'_> {
    /// x(p): the digit at a position.
    pub fn x(&self, p: Pos) -> i64 {
        i64::from(self.values[self.layout.cell(p)])
    }

    pub fn xs(&self, ps: &[Pos]) -> Vec<i64> {
        ps.iter().map(|&p| self.x(p)).collect()
    }
}

/// The family a rule belongs to, for the solver: which file reads and compiles it.
fn family(kind: &RuleKind) -> Option<&'static dyn Family> {
    Some(match kind {
        RuleKind::Cage { .. } => &cage::Cage,
        RuleKind::Line { .. } => &lines::Lines,
        RuleKind::Arrow { .. } => &arrow::Arrow,
        RuleKind::Edge { .. } => &edges::Edges,
        RuleKind::Corner { .. } => &corner::Corner,
        RuleKind::Sum { .. } => &sums::Sums,
        RuleKind::Relation { .. } => &relation::Relation,
        RuleKind::Cell { .. } => &cell_marks::CellMarks,
        RuleKind::Contains { .. } | RuleKind::Appears { .. } => &contains::Contains,
        RuleKind::Clone { .. } | RuleKind::Isomorphic { .. } => &clone::CloneRegions,
        RuleKind::Count { .. } | RuleKind::DistinctCount { .. } => &counting::Counting,
        RuleKind::GlobalEntropy => &entropy::GlobalEntropy,
        RuleKind::EqualSum { .. } => &equal_sum::EqualSum,
        RuleKind::Vudoku { .. } => &vudoku::Vudoku,
        RuleKind::Table { .. } => &table::Table,
        RuleKind::Sandwich { .. }
        | RuleKind::Xsum { .. }
        | RuleKind::Skyscraper { .. }
        | RuleKind::Rossini { .. }
        | RuleKind::FirstSeen { .. } => &outside::Outside,
        RuleKind::Neighbours { .. } => &neighbours::Neighbours,
        RuleKind::Negative { .. } => &negative::Negative,
        _ => return None,
    })
}

/// What every rule family provides.
pub trait Family: Sync {
    /// True when the digits obey the rule (spec section 4, independent of any propagator).
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool;
    /// The propagating form of the rule; an error for a rule whose parameters cannot be used.
    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String>;
    /// The cells `satisfied` reads, when the rule reads a fixed set of cells (checked as soon as
    /// they are all placed); `None` for rules over the whole board.
    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>>;
    /// The code of the technique that names a deduction read from this rule alone (a row of
    /// kernel/data/techniques.csv; the family's techniques live with it).
    fn technique(&self, rule: &RuleKind) -> &'static str;
}

/// True when the rule is solved by the rule layer (houses are the solver's own).
pub fn is_supported(kind: &RuleKind) -> bool {
    kind.is_house() || family(kind).is_some()
}

/// `satisfied` of any non-house rule; houses are checked by the search itself (the brute-force
/// tests check every propagator against it).
#[cfg(any(test, feature = "internals"))]
pub fn satisfied(kind: &RuleKind, digits: &Digits) -> bool {
    match family(kind) {
        Some(f) => f.satisfied(kind, digits),
        None => kind.is_house(),
    }
}

/// One rule compiled for the search.
pub struct CompiledRule {
    /// Its index in the document's rules.
    pub index: usize,
    pub rule: RuleKind,
    pub family: &'static dyn Family,
    pub scope: Option<Vec<usize>>,
    /// Its propagators: this range of the compiled constraints.
    pub constraints: std::ops::Range<usize>,
}

/// Compiles a document's non-house rules; an error naming the first rule no family solves.
pub fn compile(doc: &Document, layout: &Layout) -> Result<(Vec<CompiledRule>, Vec<Constraint>), String> {
    let mut rules = Vec::new();
    let mut constraints = Vec::new();
    for r in &doc.rules {
        if r.kind.is_house() {
            continue;
        }
        let Some(f) = family(&r.kind) else {
            return Err(format!("this build of pencilmark does not solve these rules yet: {}", r.family()));
        };
        let first = constraints.len();
        constraints.extend(
            f.compile(&r.kind, layout).map_err(|e| format!("rule {} ({}): {e}", r.index + 1, r.family()))?,
        );
        rules.push(CompiledRule {
            index: r.index,
            rule: r.kind.clone(),
            family: f,
            scope: f.scope(&r.kind, layout),
            constraints: first..constraints.len(),
        });
    }
    Ok((rules, constraints))
}
