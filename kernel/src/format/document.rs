//! The `sudoku-puzzle` document as the reader checked it (puzzle-format.md sections 1-4): positions,
//! typed rules and the board, with the questions the writer and the engine ask of them.

use super::json::Json;

/// A board position, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub r: usize,
    pub c: usize,
}

impl Pos {
    pub fn new(r: usize, c: usize) -> Pos {
        Pos { r, c }
    }

    /// "r3c5".
    pub fn name(self) -> String {
        format!("r{}c{}", self.r + 1, self.c + 1)
    }
}

/// Parses a cell name (`r<row>c<col>`, 1-based, lowercase, no leading zeros) to a 0-based position.
pub fn parse_cell_name(s: &str) -> Option<Pos> {
    let rest = s.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    let num = |t: &str| -> Option<usize> {
        let b = t.as_bytes();
        if b.is_empty() || b.len() > 6 || b[0] == b'0' || !b.iter().all(u8::is_ascii_digit) {
            return None;
        }
        t.parse().ok()
    };
    Some(Pos::new(num(r)? - 1, num(c)? - 1))
}

/// A side of an outside clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The step from a cell to the position on this side of it.
    pub fn step(self) -> (isize, isize) {
        match self {
            Side::Top => (-1, 0),
            Side::Bottom => (1, 0),
            Side::Left => (0, -1),
            Side::Right => (0, 1),
        }
    }

    pub(super) fn parse(s: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// Where a rule applies: a grid's origin or a list of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Area {
    Origin(Pos),
    Cells(Vec<Pos>),
}

/// A pair operator (4.0): the name and its parameters as written (checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairOp {
    pub op: String,
    pub params: Json,
}

/// One typed rule (section 4). Cell lists keep the written order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleKind {
    Grid {
        origin: Pos,
    },
    BoxGrid {
        origin: Pos,
        box_h: usize,
        box_w: usize,
    },
    Box {
        cells: Vec<Pos>,
    },
    Row {
        cells: Vec<Pos>,
    },
    Column {
        cells: Vec<Pos>,
    },
    Region {
        kind: String,
        cells: Vec<Pos>,
    },
    Cage {
        cells: Vec<Pos>,
        sum: Option<i64>,
    },
    Line {
        kind: String,
        cells: Vec<Pos>,
        closed: bool,
        value: Option<i64>,
        groups: Option<Vec<Vec<i64>>>,
    },
    Arrow {
        bulb: Vec<Pos>,
        lines: Vec<Vec<Pos>>,
    },
    Edge {
        kind: String,
        cells: Vec<Pos>,
        color: Option<String>,
        letter: Option<String>,
        value: Option<i64>,
    },
    Corner {
        kind: String,
        cells: Vec<Pos>,
        op: Option<String>,
        value: Option<i64>,
    },
    Sum {
        kind: String,
        sum: i64,
        cells: Vec<Pos>,
        side: Option<Side>,
    },
    Sandwich {
        sum: i64,
        side: Side,
        cells: Vec<Pos>,
    },
    Xsum {
        sum: i64,
        side: Side,
        cells: Vec<Pos>,
    },
    Skyscraper {
        value: i64,
        side: Side,
        cells: Vec<Pos>,
    },
    Rossini {
        arrow: String,
        side: Side,
        cells: Vec<Pos>,
    },
    FirstSeen {
        value: i64,
        digits: Vec<i64>,
        side: Side,
        cells: Vec<Pos>,
    },
    Neighbours {
        kind: Option<String>,
        op: Option<PairOp>,
        step: Option<String>,
        within: Option<String>,
        area: Option<Area>,
        except: Vec<[Pos; 2]>,
    },
    Relation {
        op: PairOp,
        pairs: Vec<[Pos; 2]>,
    },
    Cell {
        kind: String,
        cells: Vec<Pos>,
        split: Option<i64>,
        values: Vec<i64>,
    },
    Negative {
        of: String,
        selector: Option<Json>,
        split: Option<i64>,
        area: Option<Area>,
    },
    Contains {
        digits: Vec<i64>,
        cells: Vec<Pos>,
    },
    Appears {
        source: Pos,
        cells: Vec<Pos>,
    },
    Clone {
        regions: Vec<Vec<Pos>>,
    },
    Isomorphic {
        regions: Vec<Vec<Pos>>,
    },
    Count {
        cells: Vec<Pos>,
        each: Option<i64>,
        counts: Option<Vec<(i64, i64)>>,
        circles: bool,
    },
    DistinctCount {
        value: i64,
        cells: Vec<Pos>,
        side: Option<Side>,
    },
    GlobalEntropy,
    EqualSum {
        segments: Vec<Vec<Pos>>,
    },
    Vudoku {
        cells: Vec<Pos>,
    },
    Table {
        allowed: Vec<Vec<i64>>,
        cells: Option<Vec<Pos>>,
        offsets: Option<Vec<(i64, i64)>>,
    },
}

impl RuleKind {
    /// True for the rules that state houses (all-different cell sets) and nothing else.
    pub fn is_house(&self) -> bool {
        matches!(
            self,
            RuleKind::Grid { .. }
                | RuleKind::BoxGrid { .. }
                | RuleKind::Box { .. }
                | RuleKind::Row { .. }
                | RuleKind::Column { .. }
                | RuleKind::Region { .. }
                | RuleKind::Cage { sum: None, .. }
        )
    }

    /// The box shape (height, width) of a `box_grid`; `None` for every other rule.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        match *self {
            RuleKind::BoxGrid { box_h, box_w, .. } => Some((box_h, box_w)),
            _ => None,
        }
    }
}

/// A rule as read: its index in the file and its typed form (the one copy of its content; the
/// written form is [`RuleKind::to_json`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub index: usize,
    pub kind: RuleKind,
    /// Its `id` as written (ignored by solving; the publishing checks name rules by it).
    pub id: Option<String>,
}

impl Rule {
    pub fn type_name(&self) -> &'static str {
        self.kind.type_name()
    }

    /// "line thermo", "cage", "negative of kropki": the family as a person names it in an error.
    pub fn family(&self) -> String {
        self.kind.family()
    }
}

/// A `sudoku-puzzle` document, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    pub meta: Option<Json>,
    pub rows: usize,
    pub cols: usize,
    pub digits: usize,
    /// R*C entries, row by row: None = gap, Some(0) = empty cell, Some(v) = given.
    pub givens: Vec<Option<u8>>,
    pub solution: Option<Vec<Option<u8>>>,
    /// Pencil marks in file order (digits as written, deduplicated by the reader only for checks).
    pub candidates: Option<Vec<(Pos, Vec<u8>)>>,
    pub rules: Vec<Rule>,
    /// `$schema`, `decorations`, `style`, `ext` as written (never inspected for rules).
    pub schema: Option<Json>,
    pub decorations: Option<Json>,
    pub style: Option<Json>,
    pub ext: Option<Json>,
}

impl Document {
    pub fn is_cell(&self, p: Pos) -> bool {
        p.r < self.rows && p.c < self.cols && self.givens[p.r * self.cols + p.c].is_some()
    }

    pub fn is_cell_at(&self, r: isize, c: isize) -> bool {
        r >= 0 && c >= 0 && self.is_cell(Pos::new(r as usize, c as usize))
    }

    /// Existing cells in reading order.
    pub fn cells(&self) -> Vec<Pos> {
        (0..self.rows * self.cols)
            .filter(|&i| self.givens[i].is_some())
            .map(|i| Pos::new(i / self.cols, i % self.cols))
            .collect()
    }

    /// The D x D cells of a grid at `origin`, in reading order (None if one is missing).
    pub fn grid_cells(&self, origin: Pos) -> Option<Vec<Pos>> {
        let d = self.digits;
        let mut out = Vec::with_capacity(d * d);
        for r in origin.r..origin.r + d {
            for c in origin.c..origin.c + d {
                let p = Pos::new(r, c);
                if !self.is_cell(p) {
                    return None;
                }
                out.push(p);
            }
        }
        Some(out)
    }

    /// The cells an area names.
    pub fn area_cells(&self, a: &Area) -> Vec<Pos> {
        match a {
            Area::Origin(o) => self.grid_cells(*o).unwrap_or_default(),
            Area::Cells(c) => c.clone(),
        }
    }

    /// True when every rule is a house and no cell carries candidates: the house solver decides
    /// it; anything else goes through the rule layer.
    pub fn houses_only(&self) -> bool {
        self.candidates.is_none() && self.rules.iter().all(|r| r.kind.is_house())
    }

    /// The origins of the `grid` / `box_grid` rules.
    pub fn grid_origins(&self) -> Vec<Pos> {
        self.rules
            .iter()
            .filter_map(|r| match r.kind {
                RuleKind::Grid { origin } | RuleKind::BoxGrid { origin, .. } => Some(origin),
                _ => None,
            })
            .collect()
    }
}
