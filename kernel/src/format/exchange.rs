//! The strict reader of the `sudoku-puzzle` exchange format, format_version 1
//! (puzzle-format.md sections 1-4). Every check of section 3 is made; a file that fails one is
//! refused whole, with the JSON path of the offending member and the reason.

use super::FormatError;
use super::json::{self, Json};

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

    fn parse(s: &str) -> Option<Side> {
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
}

/// A rule as read: its index in the file, its object (checked, members in file order) and its
/// typed form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub index: usize,
    pub raw: Json,
    pub kind: RuleKind,
}

impl Rule {
    pub fn type_name(&self) -> &str {
        self.raw.get("type").and_then(Json::as_str).unwrap_or("?")
    }

    /// "line thermo", "cage", "negative of kropki": the family as a person names it in an error.
    pub fn family(&self) -> String {
        let t = self.type_name();
        if let Some(k) = self.raw.get("kind").and_then(Json::as_str) {
            format!("{t} {k}")
        } else if let Some(o) = self.raw.get("of").and_then(Json::as_str) {
            format!("{t} of {o}")
        } else {
            t.to_string()
        }
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

/// Reads and checks a `sudoku-puzzle` document.
pub fn read_document(text: &str) -> Result<Document, FormatError> {
    let v = json::parse(text).map_err(|m| FormatError { message: m, column: None })?;
    from_json(&v)
}

fn fail<T>(path: &str, msg: impl AsRef<str>) -> Result<T, FormatError> {
    Err(FormatError { message: format!("{path}: {}", msg.as_ref()), column: None })
}

/// The top-level members a document may have, in the canonical order (puzzle-format.md 1.1, 5.1).
pub(crate) const TOP_KEYS: [&str; 13] = [
    "format",
    "format_version",
    "$schema",
    "meta",
    "board",
    "digits",
    "givens",
    "solution",
    "candidates",
    "rules",
    "decorations",
    "style",
    "ext",
];

/// Checks a parsed JSON value as a `sudoku-puzzle` document.
pub fn from_json(v: &Json) -> Result<Document, FormatError> {
    let Some(top) = v.as_obj() else {
        return fail("$", format!("a sudoku-puzzle document is a JSON object, not {}", v.type_name()));
    };
    match v.get("format") {
        None => {
            return fail(
                "$",
                "missing \"format\" (a sudoku-puzzle document starts {\"format\": \"sudoku-puzzle\", ...)",
            );
        }
        Some(Json::Str(s)) if s == "sudoku-puzzle" => {}
        Some(other) => {
            return fail("format", format!("expected \"sudoku-puzzle\", found {}", other.dumps(", ", ": ")));
        }
    }
    match v.get("format_version") {
        None => return fail("$", "missing \"format_version\""),
        Some(Json::Int(1)) => {}
        Some(Json::Int(n)) if *n > 1 => {
            return fail(
                "format_version",
                format!("version {n} is newer than this reader (it reads version 1)"),
            );
        }
        Some(other) => {
            return fail(
                "format_version",
                format!("expected the integer 1, found {}", other.dumps(", ", ": ")),
            );
        }
    }
    for (k, _) in top {
        if !TOP_KEYS.contains(&k.as_str()) {
            return fail(
                &format!("$.{k}"),
                format!("unknown top-level member \"{k}\" (allowed: {})", TOP_KEYS.join(", ")),
            );
        }
    }
    for k in ["board", "digits", "givens", "rules"] {
        if v.get(k).is_none() {
            return fail("$", format!("missing required member \"{k}\""));
        }
    }
    let board = v.get("board").expect("checked");
    let Some(bm) = board.as_obj() else {
        return fail(
            "board",
            format!("expected an object {{\"rows\": R, \"cols\": C}}, found {}", board.type_name()),
        );
    };
    for (k, _) in bm {
        if k != "rows" && k != "cols" {
            return fail(&format!("board.{k}"), "unknown member (board has only \"rows\" and \"cols\")");
        }
    }
    let dim = |k: &str| -> Result<usize, FormatError> {
        match board.get(k) {
            None => fail("board", format!("missing \"{k}\"")),
            Some(Json::Int(n)) if *n >= 1 && *n <= 1000 => Ok(*n as usize),
            Some(Json::Int(n)) if *n >= 1 => {
                fail(&format!("board.{k}"), format!("{n} is larger than this reader allows (1000)"))
            }
            Some(x) => fail(
                &format!("board.{k}"),
                format!("expected an integer >= 1, found {}", x.dumps(", ", ": ")),
            ),
        }
    };
    let rows = dim("rows")?;
    let cols = dim("cols")?;
    let digits = match v.get("digits").expect("checked") {
        Json::Int(n) if (1..=99).contains(n) => *n as usize,
        Json::Int(n) if *n >= 1 => {
            return fail("digits", format!("{n} digits is more than this reader allows (99)"));
        }
        x => return fail("digits", format!("expected an integer >= 1, found {}", x.dumps(", ", ": "))),
    };
    let givens_v = v.get("givens").expect("checked");
    let Some(ga) = givens_v.as_arr() else {
        return fail(
            "givens",
            format!("expected an array of {} entries, found {}", rows * cols, givens_v.type_name()),
        );
    };
    if ga.len() != rows * cols {
        return fail(
            "givens",
            format!(
                "{} entries, but the {rows}x{cols} board needs {} (one per position, row by row)",
                ga.len(),
                rows * cols
            ),
        );
    }
    let mut givens = Vec::with_capacity(ga.len());
    for (i, g) in ga.iter().enumerate() {
        let (r, c) = (i / cols + 1, i % cols + 1);
        match g {
            Json::Null => givens.push(None),
            Json::Int(n) if *n >= 0 && *n as usize <= digits => givens.push(Some(*n as u8)),
            Json::Int(n) => {
                return fail(
                    &format!("givens[{i}]"),
                    format!("r{r}c{c} holds {n}; digits are 1..{digits} (0 = empty, null = no cell)"),
                );
            }
            x => {
                return fail(
                    &format!("givens[{i}]"),
                    format!(
                        "r{r}c{c}: expected an integer 0..{digits} or null, found {}",
                        x.dumps(", ", ": ")
                    ),
                );
            }
        }
    }
    if givens.iter().all(Option::is_none) {
        return fail("givens", "every entry is null: the board has no cell");
    }
    if (0..cols).all(|c| givens[(rows - 1) * cols + c].is_none()) {
        return fail(
            "givens",
            format!("the last row (row {rows}) holds no cell: the board ends at its last row with a cell"),
        );
    }
    if (0..rows).all(|r| givens[r * cols + cols - 1].is_none()) {
        return fail(
            "givens",
            format!(
                "the last column (column {cols}) holds no cell: the board ends at its last column with a cell"
            ),
        );
    }
    let mut doc = Document {
        meta: None,
        rows,
        cols,
        digits,
        givens,
        solution: None,
        candidates: None,
        rules: Vec::new(),
        schema: None,
        decorations: None,
        style: None,
        ext: None,
    };
    if let Some(s) = v.get("solution") {
        let Some(sa) = s.as_arr() else {
            return fail(
                "solution",
                format!("expected an array of {} entries, found {}", rows * cols, s.type_name()),
            );
        };
        if sa.len() != rows * cols {
            return fail("solution", format!("{} entries, but the board needs {}", sa.len(), rows * cols));
        }
        let mut sol = Vec::with_capacity(sa.len());
        for (i, x) in sa.iter().enumerate() {
            let gap = doc.givens[i].is_none();
            match (x, gap) {
                (Json::Null, true) => sol.push(None),
                (Json::Null, false) => {
                    return fail(
                        &format!("solution[{i}]"),
                        format!("null at r{}c{}, which is a cell", i / cols + 1, i % cols + 1),
                    );
                }
                (_, true) => {
                    return fail(
                        &format!("solution[{i}]"),
                        format!("r{}c{} is a gap: its entry must be null", i / cols + 1, i % cols + 1),
                    );
                }
                (Json::Int(n), false) if *n >= 1 && *n as usize <= digits => sol.push(Some(*n as u8)),
                (x, false) => {
                    return fail(
                        &format!("solution[{i}]"),
                        format!("expected a digit 1..{digits}, found {}", x.dumps(", ", ": ")),
                    );
                }
            }
        }
        doc.solution = Some(sol);
    }
    for (k, slot) in [("meta", 0), ("style", 1), ("ext", 2)] {
        if let Some(x) = v.get(k) {
            let Some(m) = x.as_obj() else {
                return fail(k, format!("expected an object, found {}", x.type_name()));
            };
            if k == "ext" {
                for (name, _) in m {
                    if !reverse_dns(name) {
                        return fail(
                            &format!("ext.{name}"),
                            "vendor data keys are reverse-DNS names such as \"com.example\"",
                        );
                    }
                }
            }
            match slot {
                0 => doc.meta = Some(x.clone()),
                1 => doc.style = Some(x.clone()),
                _ => doc.ext = Some(x.clone()),
            }
        }
    }
    if let Some(x) = v.get("$schema") {
        if x.as_str().is_none() {
            return fail("$schema", format!("expected a string, found {}", x.type_name()));
        }
        doc.schema = Some(x.clone());
    }
    if let Some(x) = v.get("decorations") {
        let Some(a) = x.as_arr() else {
            return fail("decorations", format!("expected an array, found {}", x.type_name()));
        };
        for (i, d) in a.iter().enumerate() {
            let ok = d.as_obj().is_some()
                && matches!(
                    d.get("kind").and_then(Json::as_str),
                    Some("line" | "arrow" | "rect" | "circle" | "text")
                );
            if !ok {
                return fail(
                    &format!("decorations[{i}]"),
                    "expected an object with \"kind\" line, arrow, rect, circle or text",
                );
            }
        }
        doc.decorations = Some(x.clone());
    }
    let ctx = Ctx { doc: &doc };
    let mut candidates = None;
    if let Some(x) = v.get("candidates") {
        let Some(m) = x.as_obj() else {
            return fail(
                "candidates",
                format!("expected an object (cell name -> digits), found {}", x.type_name()),
            );
        };
        let mut out = Vec::with_capacity(m.len());
        for (k, vals) in m {
            let path = format!("candidates.{k}");
            let p = ctx.cell_name(&path, k)?;
            let ds = ctx.digit_list(&path, vals, 0)?;
            let mut seen = ds.clone();
            seen.sort_unstable();
            if seen.windows(2).any(|w| w[0] == w[1]) {
                return fail(&path, "a digit is listed twice");
            }
            out.push((p, ds.into_iter().map(|d| d as u8).collect()));
        }
        candidates = Some(out);
    }
    let rules_v = v.get("rules").expect("checked");
    let Some(ra) = rules_v.as_arr() else {
        return fail("rules", format!("expected an array of rule objects, found {}", rules_v.type_name()));
    };
    let mut rules = Vec::with_capacity(ra.len());
    for (i, r) in ra.iter().enumerate() {
        rules.push(Rule { index: i, raw: r.clone(), kind: ctx.rule(i, r)? });
    }
    // Areas given as an origin must name a grid of the file.
    let origins: Vec<Pos> = rules
        .iter()
        .filter_map(|r| match r.kind {
            RuleKind::Grid { origin } | RuleKind::BoxGrid { origin, .. } => Some(origin),
            _ => None,
        })
        .collect();
    for r in &rules {
        let area = match &r.kind {
            RuleKind::Neighbours { area, .. } | RuleKind::Negative { area, .. } => area,
            _ => continue,
        };
        if let Some(Area::Origin(o)) = area
            && !origins.contains(o)
        {
            return fail(
                &format!("rules[{}] ({}).area", r.index, r.type_name()),
                format!("\"{}\" is not the origin of a grid or box_grid rule of this file", o.name()),
            );
        }
    }
    doc.rules = rules;
    doc.candidates = candidates;
    Ok(doc)
}

fn reverse_dns(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

/// The members each rule family allows: (type, kinds or empty, required, optional).
struct Family {
    kinds: &'static [&'static str],
    required: &'static [&'static str],
    optional: &'static [&'static str],
}

fn family(t: &str) -> Option<Family> {
    let f = |kinds, required, optional| Some(Family { kinds, required, optional });
    match t {
        "grid" => f(&[], &["origin"], &[]),
        "box_grid" => f(&[], &["origin", "box"], &[]),
        "box" | "row" | "column" => f(&[], &["cells"], &[]),
        "region" => f(&["diagonal", "window", "disjoint", "colour", "extra", "region"], &["cells"], &[]),
        "cage" => f(&[], &["cells"], &["sum"]),
        "line" => f(
            &[
                "thermo",
                "slow_thermo",
                "whisper",
                "renban",
                "region_sum",
                "palindrome",
                "entropic",
                "modular",
                "parity",
                "zipper",
                "between",
                "lockout",
                "double_arrow",
            ],
            &["cells"],
            &["closed", "value", "groups"],
        ),
        "arrow" => f(&[], &["bulb", "lines"], &[]),
        "edge" => f(
            &["kropki", "xv", "difference", "sum", "product", "ratio", "less"],
            &["cells"],
            &["color", "letter", "value", "sum"],
        ),
        "corner" => f(&["battenburg", "mathrax", "exclude"], &["cells"], &["op", "value"]),
        "sum" => f(&["little_killer", "frame", "group", "corner"], &["sum", "cells"], &["side"]),
        "sandwich" | "xsum" => f(&[], &["sum", "side", "cells"], &[]),
        "skyscraper" => f(&[], &["value", "side", "cells"], &[]),
        "rossini" => f(&[], &["arrow", "side", "cells"], &[]),
        "first_seen" => f(&[], &["value", "digits", "side", "cells"], &[]),
        "neighbours" => f(
            &["antiknight", "antiking", "nonconsecutive"],
            &[],
            &["kind", "op", "params", "where", "within", "area", "except"],
        ),
        "relation" => f(&[], &["op", "params", "pairs"], &[]),
        "cell" => f(&["odd", "even", "low", "high", "set", "exclude"], &["cells"], &["split", "values"]),
        "negative" => f(&[], &["of"], &["color", "letter", "value", "sum", "kind", "split", "area"]),
        "contains" => f(&[], &["digits", "cells"], &[]),
        "appears" => f(&[], &["source", "cells"], &[]),
        "clone" | "isomorphic" => f(&[], &["regions"], &[]),
        "count" => f(&[], &["cells"], &["each", "counts", "kind"]),
        "distinct_count" => f(&[], &["value", "cells"], &["side"]),
        "global_entropy" => f(&[], &[], &[]),
        "equal_sum" => f(&[], &["segments"], &[]),
        "vudoku" => f(&[], &["cells"], &[]),
        "table" => f(&[], &["allowed"], &["cells", "where"]),
        _ => None,
    }
}

const RULE_TYPES: &str = "grid, box_grid, box, row, column, region, cage, line, arrow, edge, corner, sum, sandwich, \
xsum, skyscraper, rossini, first_seen, neighbours, relation, cell, negative, contains, appears, clone, isomorphic, \
count, distinct_count, global_entropy, equal_sum, vudoku, table";

const OPS: [(&str, Option<usize>, bool); 20] = [
    ("different", Some(0), false),
    ("equal", Some(0), false),
    ("less", Some(0), true),
    ("less_equal", Some(0), true),
    ("difference", Some(1), false),
    ("not_difference", Some(1), false),
    ("not_consecutive", Some(0), false),
    ("difference_at_least", Some(1), false),
    ("difference_at_most", Some(1), false),
    ("ratio", Some(1), false),
    ("not_ratio", Some(1), false),
    ("sum", Some(1), false),
    ("not_sum", Some(1), false),
    ("parity_differs", Some(0), false),
    ("same_third", Some(0), false),
    ("different_third", Some(0), false),
    ("same_mod3", Some(0), false),
    ("different_mod3", Some(0), false),
    ("allowed", Some(1), true),
    ("any_of", None, true),
];

/// True for the operators whose pair order matters.
pub fn directed_op(op: &str) -> bool {
    OPS.iter().any(|(o, _, d)| *o == op && *d)
}

struct Ctx<'a> {
    doc: &'a Document,
}

impl Ctx<'_> {
    fn cell_name(&self, path: &str, s: &str) -> Result<Pos, FormatError> {
        let Some(p) = parse_cell_name(s) else {
            let hint = if s.bytes().any(|b| b.is_ascii_uppercase()) { " (names are lowercase)" } else { "" };
            return fail(
                path,
                format!("\"{s}\" is not a cell name: expected r<row>c<column> such as \"r1c1\"{hint}"),
            );
        };
        if p.r >= self.doc.rows || p.c >= self.doc.cols {
            return fail(path, format!("{s} is outside the {}x{} board", self.doc.rows, self.doc.cols));
        }
        if !self.doc.is_cell(p) {
            return fail(path, format!("{s} is a gap (null in givens), not a cell"));
        }
        Ok(p)
    }

    fn cell(&self, path: &str, v: &Json) -> Result<Pos, FormatError> {
        match v {
            Json::Str(s) => self.cell_name(path, s),
            x => fail(path, format!("expected a cell name such as \"r1c1\", found {}", x.dumps(", ", ": "))),
        }
    }

    fn cells(&self, path: &str, v: &Json, min: usize) -> Result<Vec<Pos>, FormatError> {
        let Some(a) = v.as_arr() else {
            return fail(path, format!("expected an array of cell names, found {}", v.type_name()));
        };
        if a.len() < min {
            return fail(path, format!("{} cells; at least {min} needed", a.len()));
        }
        a.iter().enumerate().map(|(i, x)| self.cell(&format!("{path}[{i}]"), x)).collect()
    }

    fn int(&self, path: &str, v: &Json, min: i64) -> Result<i64, FormatError> {
        match v {
            Json::Int(n) if *n >= min => Ok(*n),
            Json::Int(n) => fail(path, format!("{n} is below the smallest allowed value {min}")),
            x => fail(path, format!("expected an integer, found {}", x.dumps(", ", ": "))),
        }
    }

    fn digit(&self, path: &str, v: &Json) -> Result<i64, FormatError> {
        let d = self.doc.digits as i64;
        match v {
            Json::Int(n) if (1..=d).contains(n) => Ok(*n),
            Json::Int(n) => fail(path, format!("{n} is not a digit of this puzzle (1..{d})")),
            x => fail(path, format!("expected a digit 1..{d}, found {}", x.dumps(", ", ": "))),
        }
    }

    fn digit_list(&self, path: &str, v: &Json, min: usize) -> Result<Vec<i64>, FormatError> {
        let Some(a) = v.as_arr() else {
            return fail(path, format!("expected an array of digits, found {}", v.type_name()));
        };
        if a.len() < min {
            return fail(path, format!("at least {min} digits needed"));
        }
        a.iter().enumerate().map(|(i, x)| self.digit(&format!("{path}[{i}]"), x)).collect()
    }

    fn side(&self, path: &str, v: &Json) -> Result<Side, FormatError> {
        match v.as_str().and_then(Side::parse) {
            Some(s) => Ok(s),
            None => fail(
                path,
                format!("expected \"top\", \"bottom\", \"left\" or \"right\", found {}", v.dumps(", ", ": ")),
            ),
        }
    }

    fn area(&self, path: &str, v: &Json) -> Result<Area, FormatError> {
        match v {
            Json::Str(s) => Ok(Area::Origin(self.cell_name(path, s)?)),
            Json::Arr(_) => Ok(Area::Cells(self.cells(path, v, 1)?)),
            x => fail(path, format!("expected a grid origin or an array of cells, found {}", x.type_name())),
        }
    }

    fn pair_list(&self, path: &str, v: &Json) -> Result<Vec<[Pos; 2]>, FormatError> {
        let Some(a) = v.as_arr() else {
            return fail(path, format!("expected an array of cell pairs, found {}", v.type_name()));
        };
        let mut out = Vec::with_capacity(a.len());
        for (i, p) in a.iter().enumerate() {
            let pp = format!("{path}[{i}]");
            let cs = self.cells(&pp, p, 2)?;
            if cs.len() != 2 {
                return fail(&pp, format!("a pair has exactly 2 cells, not {}", cs.len()));
            }
            out.push([cs[0], cs[1]]);
        }
        Ok(out)
    }

    fn op(&self, path: &str, op: &Json, params: &Json) -> Result<PairOp, FormatError> {
        let Some(name) = op.as_str() else {
            return fail(path, format!("\"op\" must be a string, found {}", op.type_name()));
        };
        let Some(&(_, n, _)) = OPS.iter().find(|(o, _, _)| *o == name) else {
            let names: Vec<&str> = OPS.iter().map(|o| o.0).collect();
            return fail(path, format!("unknown pair operator \"{name}\" (known: {})", names.join(", ")));
        };
        let Some(pa) = params.as_arr() else {
            return fail(path, format!("\"params\" must be an array, found {}", params.type_name()));
        };
        if let Some(n) = n
            && pa.len() != n
        {
            return fail(
                path,
                format!("operator \"{name}\" takes {n} parameter(s) in \"params\", found {}", pa.len()),
            );
        }
        match name {
            "allowed" => {
                let Some(list) = pa[0].as_arr() else {
                    return fail(path, "\"allowed\" takes one parameter: an array of [a, b] digit pairs");
                };
                for (i, p) in list.iter().enumerate() {
                    let ok = p.as_arr().is_some_and(|a| a.len() == 2);
                    if !ok {
                        return fail(&format!("{path}.params[0][{i}]"), "expected a pair of digits [a, b]");
                    }
                    for x in p.as_arr().expect("checked") {
                        self.digit(&format!("{path}.params[0][{i}]"), x)?;
                    }
                }
            }
            "any_of" => {
                for (i, p) in pa.iter().enumerate() {
                    match p.as_arr() {
                        Some([o, ps]) => {
                            self.op(&format!("{path}.params[{i}]"), o, ps)?;
                        }
                        _ => return fail(&format!("{path}.params[{i}]"), "expected [op, params]"),
                    }
                }
            }
            _ => {
                for (i, x) in pa.iter().enumerate() {
                    self.int(&format!("{path}.params[{i}]"), x, 0)?;
                }
            }
        }
        Ok(PairOp { op: name.to_string(), params: params.clone() })
    }

    fn touching(a: Pos, b: Pos) -> bool {
        a != b && a.r.abs_diff(b.r) <= 1 && a.c.abs_diff(b.c) <= 1
    }

    fn adjacent(a: Pos, b: Pos) -> bool {
        a.r.abs_diff(b.r) + a.c.abs_diff(b.c) == 1
    }

    fn is_block(cells: &[Pos]) -> bool {
        cells.len() == 4 && {
            let p = cells[0];
            cells[1] == Pos::new(p.r, p.c + 1)
                && cells[2] == Pos::new(p.r + 1, p.c)
                && cells[3] == Pos::new(p.r + 1, p.c + 1)
        }
    }

    /// Outside-clue checks (2.4).
    fn outside(&self, path: &str, side: Side, cells: &[Pos], diagonal_ok: bool) -> Result<(), FormatError> {
        let (sr, sc) = side.step();
        let p = cells[0];
        if self.doc.is_cell_at(p.r as isize + sr, p.c as isize + sc) {
            return fail(
                path,
                format!("the clue sits on the {} of {}, but that position is a cell", side.name(), p.name()),
            );
        }
        if cells.len() > 1 {
            let (dr, dc) = (cells[1].r as isize - p.r as isize, cells[1].c as isize - p.c as isize);
            let straight = (dr, dc) == (-sr, -sc);
            let diag = diagonal_ok
                && dr.abs() == 1
                && dc.abs() == 1
                && ((sr != 0 && dr == -sr) || (sc != 0 && dc == -sc));
            if !straight && !diag {
                return fail(path, format!("the cells must run away from the {} side", side.name()));
            }
            for w in cells.windows(2) {
                if (w[1].r as isize - w[0].r as isize, w[1].c as isize - w[0].c as isize) != (dr, dc) {
                    return fail(path, "the cells are not collinear and contiguous");
                }
            }
        }
        Ok(())
    }

    fn rule(&self, i: usize, r: &Json) -> Result<RuleKind, FormatError> {
        let base = format!("rules[{i}]");
        let Some(members) = r.as_obj() else {
            return fail(&base, format!("a rule is an object, not {}", r.type_name()));
        };
        let Some(tv) = r.get("type") else {
            return fail(&base, "missing \"type\"");
        };
        let Some(t) = tv.as_str() else {
            return fail(&format!("{base}.type"), format!("expected a string, found {}", tv.type_name()));
        };
        if t == "custom" {
            return fail(
                &base,
                "rule type \"custom\" is reserved for a future rule language; use \"table\" or \"relation\"",
            );
        }
        if t.contains(':') {
            return fail(&base, format!("vendor rule \"{t}\" is not implemented by this reader"));
        }
        let Some(fam) = family(t) else {
            return fail(&base, format!("unknown rule type \"{t}\" (known: {RULE_TYPES})"));
        };
        let path = format!("{base} ({t})");
        for (k, v) in members {
            let known = matches!(k.as_str(), "type" | "id" | "label" | "style")
                || fam.required.contains(&k.as_str())
                || fam.optional.contains(&k.as_str())
                || (k == "kind" && !fam.kinds.is_empty());
            if !known {
                return fail(&format!("{path}.{k}"), format!("unknown member \"{k}\" for a {t} rule"));
            }
            match k.as_str() {
                "id" | "label" if v.as_str().is_none() => {
                    return fail(
                        &format!("{path}.{k}"),
                        format!("expected a string, found {}", v.type_name()),
                    );
                }
                "style" if v.as_obj().is_none() => {
                    return fail(
                        &format!("{path}.style"),
                        format!("expected an object, found {}", v.type_name()),
                    );
                }
                _ => {}
            }
        }
        for k in fam.required {
            if r.get(k).is_none() {
                return fail(&path, format!("missing required member \"{k}\""));
            }
        }
        let kind: Option<&str> = match r.get("kind") {
            None if !fam.kinds.is_empty() && !matches!(t, "neighbours" | "count") => {
                return fail(&path, format!("missing \"kind\" (one of {})", fam.kinds.join(", ")));
            }
            None => None,
            Some(kv) if t == "negative" || t == "count" => Some(kv.as_str().unwrap_or("")),
            Some(kv) => match kv.as_str() {
                Some(k) if fam.kinds.contains(&k) => Some(k),
                _ => {
                    return fail(
                        &format!("{path}.kind"),
                        format!(
                            "{} is not a kind of {t} (kinds: {})",
                            kv.dumps(", ", ": "),
                            fam.kinds.join(", ")
                        ),
                    );
                }
            },
        };
        let path = match kind {
            Some(k) if t != "negative" => format!("{base} ({t} {k})"),
            _ => path,
        };
        let get = |k: &str| r.get(k);
        let has = |k: &str| r.get(k).is_some();
        let p = |k: &str| format!("{path}.{k}");
        let forbid = |keys: &[&str]| -> Result<(), FormatError> {
            for k in keys {
                if has(k) {
                    return fail(&p(k), format!("\"{k}\" is not allowed here"));
                }
            }
            Ok(())
        };
        let cells = |min: usize| self.cells(&p("cells"), get("cells").expect("required"), min);
        let d = self.doc.digits;
        Ok(match t {
            "grid" | "box_grid" => {
                let origin = self.cell(&p("origin"), get("origin").expect("required"))?;
                if self.doc.grid_cells(origin).is_none() {
                    return fail(
                        &p("origin"),
                        format!(
                            "the {d}x{d} grid from {} does not fit: a position of rows {}..{}, columns {}..{} is a gap or off the board",
                            origin.name(),
                            origin.r + 1,
                            origin.r + d,
                            origin.c + 1,
                            origin.c + d
                        ),
                    );
                }
                if t == "grid" {
                    RuleKind::Grid { origin }
                } else {
                    let bv = get("box").expect("required");
                    let dims: Vec<i64> = match bv.as_arr() {
                        Some(a) if a.len() == 2 => a
                            .iter()
                            .enumerate()
                            .map(|(j, x)| self.int(&format!("{}[{j}]", p("box")), x, 1))
                            .collect::<Result<_, _>>()?,
                        _ => return fail(&p("box"), "expected [height, width]"),
                    };
                    if (dims[0] * dims[1]) as usize != d {
                        return fail(
                            &p("box"),
                            format!("boxes of {}x{} do not hold {d} cells", dims[0], dims[1]),
                        );
                    }
                    RuleKind::BoxGrid { origin, box_h: dims[0] as usize, box_w: dims[1] as usize }
                }
            }
            "box" => RuleKind::Box { cells: cells(1)? },
            "row" => RuleKind::Row { cells: cells(1)? },
            "column" => RuleKind::Column { cells: cells(1)? },
            "region" => RuleKind::Region { kind: kind.expect("kind").to_string(), cells: cells(1)? },
            "cage" => {
                let sum = get("sum").map(|s| self.int(&p("sum"), s, 0)).transpose()?;
                RuleKind::Cage { cells: cells(1)?, sum }
            }
            "line" => {
                let k = kind.expect("kind");
                let cs = cells(2)?;
                for (j, w) in cs.windows(2).enumerate() {
                    if !Self::touching(w[0], w[1]) {
                        return fail(
                            &format!("{}[{}]", p("cells"), j + 1),
                            format!(
                                "{} does not touch {}: consecutive line cells must touch",
                                w[1].name(),
                                w[0].name()
                            ),
                        );
                    }
                }
                let closed = match get("closed") {
                    None => false,
                    Some(Json::Bool(b)) => *b,
                    Some(x) => {
                        return fail(&p("closed"), format!("expected a boolean, found {}", x.type_name()));
                    }
                };
                if closed && !matches!(k, "whisper" | "renban" | "parity") {
                    return fail(
                        &p("closed"),
                        format!("a {k} line cannot be closed (only whisper, renban and parity)"),
                    );
                }
                let takes_value = matches!(k, "whisper" | "modular" | "lockout");
                if has("value") && !takes_value {
                    return fail(&p("value"), format!("a {k} line takes no \"value\""));
                }
                if has("groups") && k != "entropic" {
                    return fail(&p("groups"), format!("a {k} line takes no \"groups\""));
                }
                let value = get("value").map(|v| self.int(&p("value"), v, 1)).transpose()?;
                if d != 9 && takes_value && value.is_none() {
                    return fail(&path, format!("a {k} line on a {d}-digit board must give \"value\""));
                }
                let groups = match get("groups") {
                    None => None,
                    Some(g) => {
                        let Some(ga) = g.as_arr() else {
                            return fail(&p("groups"), "expected an array of digit arrays");
                        };
                        let mut out = Vec::new();
                        for (j, x) in ga.iter().enumerate() {
                            out.push(self.digit_list(&format!("{}[{j}]", p("groups")), x, 1)?);
                        }
                        Some(out)
                    }
                };
                if d != 9 && k == "entropic" && groups.is_none() {
                    return fail(
                        &path,
                        format!("an entropic line on a {d}-digit board must give \"groups\""),
                    );
                }
                RuleKind::Line { kind: k.to_string(), cells: cs, closed, value, groups }
            }
            "arrow" => {
                let bulb = self.cells(&p("bulb"), get("bulb").expect("required"), 1)?;
                let lv = get("lines").expect("required");
                let Some(la) = lv.as_arr() else {
                    return fail(&p("lines"), "expected an array of shafts (each an array of cells)");
                };
                if la.is_empty() {
                    return fail(&p("lines"), "an arrow needs at least one shaft");
                }
                let mut lines = Vec::new();
                for (j, s) in la.iter().enumerate() {
                    let sp = format!("{}[{j}]", p("lines"));
                    let shaft = self.cells(&sp, s, 1)?;
                    if !bulb.iter().any(|&b| Self::touching(b, shaft[0])) {
                        return fail(
                            &sp,
                            format!("the shaft starts at {}, which touches no bulb cell", shaft[0].name()),
                        );
                    }
                    lines.push(shaft);
                }
                RuleKind::Arrow { bulb, lines }
            }
            "edge" => {
                let k = kind.expect("kind");
                let cs = cells(2)?;
                if cs.len() != 2 || !Self::adjacent(cs[0], cs[1]) {
                    return fail(&p("cells"), "an edge clue has exactly 2 orthogonally adjacent cells");
                }
                let need: &[&str] = match k {
                    "kropki" => &["color"],
                    "xv" => &["letter"],
                    "difference" | "product" | "ratio" => &["value"],
                    "sum" => &["sum"],
                    _ => &[],
                };
                for key in ["color", "letter", "value", "sum"] {
                    if need.contains(&key) && !has(key) {
                        return fail(&path, format!("missing required member \"{key}\""));
                    }
                    if !need.contains(&key) && has(key) {
                        return fail(&p(key), format!("\"{key}\" is not allowed on an edge of kind {k}"));
                    }
                }
                let color = match get("color") {
                    None => None,
                    Some(Json::Str(s)) if s == "white" || s == "black" => Some(s.clone()),
                    Some(x) => {
                        return fail(
                            &p("color"),
                            format!("expected \"white\" or \"black\", found {}", x.dumps(", ", ": ")),
                        );
                    }
                };
                let letter = match get("letter") {
                    None => None,
                    Some(Json::Str(s)) if s == "X" || s == "V" => Some(s.clone()),
                    Some(x) => {
                        return fail(
                            &p("letter"),
                            format!("expected \"X\" or \"V\", found {}", x.dumps(", ", ": ")),
                        );
                    }
                };
                let value = match (get("value"), get("sum")) {
                    (Some(v), _) => Some(self.int(&p("value"), v, 1)?),
                    (_, Some(s)) => Some(self.int(&p("sum"), s, 0)?),
                    _ => None,
                };
                RuleKind::Edge { kind: k.to_string(), cells: cs, color, letter, value }
            }
            "corner" => {
                let k = kind.expect("kind");
                let cs = cells(4)?;
                if !Self::is_block(&cs) {
                    return fail(
                        &p("cells"),
                        "a corner clue has the 4 cells of a 2x2 block, written top-left, top-right, bottom-left, bottom-right",
                    );
                }
                let (op, value) = match k {
                    "battenburg" => {
                        forbid(&["op", "value"])?;
                        (None, None)
                    }
                    "exclude" => {
                        forbid(&["op"])?;
                        let Some(v) = get("value") else {
                            return fail(&path, "missing required member \"value\"");
                        };
                        (None, Some(self.digit(&p("value"), v)?))
                    }
                    _ => {
                        let Some(o) = get("op").and_then(Json::as_str) else {
                            return fail(&path, "a mathrax clue needs \"op\": one of +, -, x, /, even, odd");
                        };
                        match o {
                            "+" | "-" | "x" | "/" => {
                                let Some(v) = get("value") else {
                                    return fail(&path, format!("mathrax \"{o}\" needs \"value\""));
                                };
                                (Some(o.to_string()), Some(self.int(&p("value"), v, 0)?))
                            }
                            "even" | "odd" => {
                                forbid(&["value"])?;
                                (Some(o.to_string()), None)
                            }
                            _ => {
                                return fail(
                                    &p("op"),
                                    format!("\"{o}\" is not a mathrax op (+, -, x, /, even, odd)"),
                                );
                            }
                        }
                    }
                };
                RuleKind::Corner { kind: k.to_string(), cells: cs, op, value }
            }
            "sum" => {
                let k = kind.expect("kind");
                let sum = self.int(&p("sum"), get("sum").expect("required"), 0)?;
                let cs = cells(1)?;
                let side = match k {
                    "little_killer" | "frame" => {
                        let Some(s) = get("side") else {
                            return fail(&path, format!("a {k} clue needs \"side\""));
                        };
                        let s = self.side(&p("side"), s)?;
                        self.outside(&p("cells"), s, &cs, k == "little_killer")?;
                        Some(s)
                    }
                    _ => {
                        forbid(&["side"])?;
                        if k == "corner" && !Self::is_block(&cs) {
                            return fail(
                                &p("cells"),
                                "a corner sum has the 4 cells of a 2x2 block (TL, TR, BL, BR)",
                            );
                        }
                        None
                    }
                };
                RuleKind::Sum { kind: k.to_string(), sum, cells: cs, side }
            }
            "sandwich" | "xsum" | "skyscraper" | "rossini" | "first_seen" => {
                let side = self.side(&p("side"), get("side").expect("required"))?;
                let cs = cells(1)?;
                self.outside(&p("cells"), side, &cs, false)?;
                match t {
                    "sandwich" => RuleKind::Sandwich {
                        sum: self.int(&p("sum"), get("sum").expect("required"), 0)?,
                        side,
                        cells: cs,
                    },
                    "xsum" => RuleKind::Xsum {
                        sum: self.int(&p("sum"), get("sum").expect("required"), 0)?,
                        side,
                        cells: cs,
                    },
                    "skyscraper" => RuleKind::Skyscraper {
                        value: self.int(&p("value"), get("value").expect("required"), 0)?,
                        side,
                        cells: cs,
                    },
                    "rossini" => {
                        let arrow = match get("arrow").and_then(Json::as_str) {
                            Some(a @ ("in" | "out")) => a.to_string(),
                            _ => return fail(&p("arrow"), "expected \"in\" or \"out\""),
                        };
                        if cs.len() != 3 {
                            return fail(&p("cells"), "a rossini clue has exactly 3 cells");
                        }
                        RuleKind::Rossini { arrow, side, cells: cs }
                    }
                    _ => RuleKind::FirstSeen {
                        value: self.digit(&p("value"), get("value").expect("required"))?,
                        digits: self.digit_list(&p("digits"), get("digits").expect("required"), 1)?,
                        side,
                        cells: cs,
                    },
                }
            }
            "neighbours" => {
                let op_form = has("op") || has("params") || has("where");
                if kind.is_some() && op_form {
                    return fail(&path, "give either \"kind\" or \"op\", \"params\" and \"where\", not both");
                }
                let (op, step) = if op_form {
                    for k in ["op", "params", "where"] {
                        if !has(k) {
                            return fail(
                                &path,
                                format!(
                                    "the operator form needs \"op\", \"params\" and \"where\"; \"{k}\" is missing"
                                ),
                            );
                        }
                    }
                    let op = self.op(&path, get("op").expect("checked"), get("params").expect("checked"))?;
                    if op.op == "less" || op.op == "less_equal" {
                        return fail(
                            &p("op"),
                            format!("\"{}\" is directional and cannot be used on neighbours", op.op),
                        );
                    }
                    let step = match get("where").and_then(Json::as_str) {
                        Some(w @ ("orthogonal" | "diagonal" | "king" | "knight")) => w.to_string(),
                        _ => {
                            return fail(
                                &p("where"),
                                "expected \"orthogonal\", \"diagonal\", \"king\" or \"knight\"",
                            );
                        }
                    };
                    (Some(op), Some(step))
                } else if kind.is_none() {
                    return fail(
                        &path,
                        "missing \"kind\" (antiknight, antiking, nonconsecutive) or \"op\"/\"params\"/\"where\"",
                    );
                } else {
                    (None, None)
                };
                let within = match get("within") {
                    None => None,
                    Some(Json::Str(s)) if s == "box" || s == "region" => Some(s.clone()),
                    Some(x) => {
                        return fail(
                            &p("within"),
                            format!("expected \"box\" or \"region\", found {}", x.dumps(", ", ": ")),
                        );
                    }
                };
                let area = get("area").map(|a| self.area(&p("area"), a)).transpose()?;
                let except = match get("except") {
                    None => Vec::new(),
                    Some(e) => self.pair_list(&p("except"), e)?,
                };
                RuleKind::Neighbours { kind: kind.map(str::to_string), op, step, within, area, except }
            }
            "relation" => {
                let op = self.op(&path, get("op").expect("required"), get("params").expect("required"))?;
                let pairs = self.pair_list(&p("pairs"), get("pairs").expect("required"))?;
                if pairs.is_empty() {
                    return fail(&p("pairs"), "at least one pair needed");
                }
                RuleKind::Relation { op, pairs }
            }
            "cell" => {
                let k = kind.expect("kind");
                let cs = cells(1)?;
                let (split, values) = match k {
                    "odd" | "even" => {
                        forbid(&["split", "values"])?;
                        (None, Vec::new())
                    }
                    "low" | "high" => {
                        forbid(&["values"])?;
                        let Some(s) = get("split") else {
                            return fail(&path, format!("a {k} mark needs \"split\""));
                        };
                        (Some(self.int(&p("split"), s, 1)?), Vec::new())
                    }
                    _ => {
                        forbid(&["split"])?;
                        let Some(v) = get("values") else {
                            return fail(&path, format!("a {k} mark needs \"values\""));
                        };
                        (None, self.digit_list(&p("values"), v, 1)?)
                    }
                };
                RuleKind::Cell { kind: k.to_string(), cells: cs, split, values }
            }
            "negative" => {
                let of = get("of").expect("required");
                let of = match of.as_str() {
                    Some(
                        o @ ("kropki" | "xv" | "difference" | "ratio" | "product" | "sum" | "rossini"
                        | "battenburg" | "cell"),
                    ) => o,
                    _ => {
                        return fail(
                            &p("of"),
                            format!(
                                "{} is not a family with a negative (kropki, xv, difference, ratio, product, sum, rossini, battenburg, cell)",
                                of.dumps(", ", ": ")
                            ),
                        );
                    }
                };
                let allowed: &[&str] = match of {
                    "kropki" => &["color"],
                    "xv" => &["letter"],
                    "difference" | "ratio" | "product" => &["value"],
                    "sum" => &["sum"],
                    "cell" => &["kind", "split"],
                    _ => &[],
                };
                for key in ["color", "letter", "value", "sum", "kind", "split"] {
                    if has(key) && !allowed.contains(&key) {
                        return fail(&p(key), format!("\"{key}\" is not a selector of a negative of {of}"));
                    }
                }
                let mut selector = None;
                let mut split = None;
                match of {
                    "kropki" => {
                        if let Some(c) = get("color") {
                            if !matches!(c.as_str(), Some("white" | "black")) {
                                return fail(&p("color"), "expected \"white\" or \"black\"");
                            }
                            selector = Some(c.clone());
                        }
                    }
                    "xv" => {
                        if let Some(c) = get("letter") {
                            if !matches!(c.as_str(), Some("X" | "V")) {
                                return fail(&p("letter"), "expected \"X\" or \"V\"");
                            }
                            selector = Some(c.clone());
                        }
                    }
                    "difference" | "ratio" | "product" | "sum" => {
                        let key = if of == "sum" { "sum" } else { "value" };
                        let Some(v) = get(key) else {
                            return fail(&path, format!("a negative of {of} needs \"{key}\""));
                        };
                        selector = Some(Json::Int(self.int(&p(key), v, if of == "sum" { 0 } else { 1 })?));
                    }
                    "cell" => {
                        let k = match get("kind").and_then(Json::as_str) {
                            Some(k @ ("odd" | "even" | "low" | "high")) => k,
                            _ => {
                                return fail(
                                    &p("kind"),
                                    "a negative of cell needs \"kind\": odd, even, low or high",
                                );
                            }
                        };
                        if k == "low" || k == "high" {
                            let Some(s) = get("split") else {
                                return fail(&path, format!("a negative of cell {k} needs \"split\""));
                            };
                            split = Some(self.int(&p("split"), s, 1)?);
                        } else {
                            forbid(&["split"])?;
                        }
                        selector = Some(Json::str(k));
                    }
                    _ => {}
                }
                let area = get("area").map(|a| self.area(&p("area"), a)).transpose()?;
                RuleKind::Negative { of: of.to_string(), selector, split, area }
            }
            "contains" => RuleKind::Contains {
                digits: self.digit_list(&p("digits"), get("digits").expect("required"), 1)?,
                cells: cells(1)?,
            },
            "appears" => RuleKind::Appears {
                source: self.cell(&p("source"), get("source").expect("required"))?,
                cells: cells(1)?,
            },
            "clone" | "isomorphic" => {
                let rv = get("regions").expect("required");
                let Some(ra) = rv.as_arr() else {
                    return fail(&p("regions"), "expected an array of cell arrays");
                };
                let mut regions = Vec::new();
                for (j, x) in ra.iter().enumerate() {
                    regions.push(self.cells(&format!("{}[{j}]", p("regions")), x, 1)?);
                }
                if t == "clone" && regions.len() < 2 {
                    return fail(&p("regions"), "a clone needs at least 2 regions");
                }
                if t == "isomorphic" && regions.len() != 2 {
                    return fail(&p("regions"), "an isomorphic rule has exactly 2 regions");
                }
                if regions.iter().any(|g| g.len() != regions[0].len()) {
                    return fail(&p("regions"), "the regions differ in size");
                }
                if t == "clone" { RuleKind::Clone { regions } } else { RuleKind::Isomorphic { regions } }
            }
            "count" => {
                let cs = cells(1)?;
                let modes = [has("each"), has("counts"), has("kind")].iter().filter(|&&b| b).count();
                if modes != 1 {
                    return fail(
                        &path,
                        "a count rule has exactly one of \"each\", \"counts\", \"kind\": \"circles\"",
                    );
                }
                if has("kind") && kind != Some("circles") {
                    return fail(&p("kind"), "the only kind of count is \"circles\"");
                }
                let each = get("each").map(|e| self.int(&p("each"), e, 1)).transpose()?;
                let counts = match get("counts") {
                    None => None,
                    Some(c) => {
                        let Some(ca) = c.as_arr() else {
                            return fail(&p("counts"), "expected an array of [digit, times] pairs");
                        };
                        let mut out = Vec::new();
                        for (j, x) in ca.iter().enumerate() {
                            let jp = format!("{}[{j}]", p("counts"));
                            match x.as_arr() {
                                Some([dg, n]) => out.push((self.digit(&jp, dg)?, self.int(&jp, n, 0)?)),
                                _ => return fail(&jp, "expected [digit, times]"),
                            }
                        }
                        Some(out)
                    }
                };
                RuleKind::Count { cells: cs, each, counts, circles: kind == Some("circles") }
            }
            "distinct_count" => {
                let value = self.int(&p("value"), get("value").expect("required"), 1)?;
                let cs = cells(1)?;
                let side = match get("side") {
                    None => None,
                    Some(s) => {
                        let s = self.side(&p("side"), s)?;
                        self.outside(&p("cells"), s, &cs, true)?;
                        Some(s)
                    }
                };
                RuleKind::DistinctCount { value, cells: cs, side }
            }
            "global_entropy" => RuleKind::GlobalEntropy,
            "equal_sum" => {
                let sv = get("segments").expect("required");
                let Some(sa) = sv.as_arr() else {
                    return fail(&p("segments"), "expected an array of cell arrays");
                };
                if sa.len() < 2 {
                    return fail(&p("segments"), "at least 2 segments needed");
                }
                let mut segments = Vec::new();
                for (j, x) in sa.iter().enumerate() {
                    segments.push(self.cells(&format!("{}[{j}]", p("segments")), x, 1)?);
                }
                RuleKind::EqualSum { segments }
            }
            "vudoku" => {
                let cs = cells(3)?;
                if cs.len() != 3 {
                    return fail(&p("cells"), "a vudoku clue has exactly 3 cells: vertex, arm, arm");
                }
                RuleKind::Vudoku { cells: cs }
            }
            "table" => {
                if has("cells") == has("where") {
                    return fail(&path, "a table has exactly one of \"cells\" and \"where\"");
                }
                let (cs, offsets, width) = if has("cells") {
                    let cs = cells(1)?;
                    let w = cs.len();
                    (Some(cs), None, w)
                } else {
                    let wv = get("where").expect("checked");
                    let Some(wa) = wv.as_arr() else {
                        return fail(&p("where"), "expected an array of [dr, dc] offsets");
                    };
                    let mut offs = Vec::new();
                    for (j, x) in wa.iter().enumerate() {
                        match x.as_arr() {
                            Some([Json::Int(a), Json::Int(b)]) => offs.push((*a, *b)),
                            _ => {
                                return fail(&format!("{}[{j}]", p("where")), "expected [dr, dc] (integers)");
                            }
                        }
                    }
                    if offs.is_empty() {
                        return fail(&p("where"), "at least one offset needed");
                    }
                    let w = offs.len();
                    (None, Some(offs), w)
                };
                let av = get("allowed").expect("required");
                let Some(aa) = av.as_arr() else {
                    return fail(&p("allowed"), "expected an array of digit tuples");
                };
                let mut allowed = Vec::new();
                for (j, x) in aa.iter().enumerate() {
                    let jp = format!("{}[{j}]", p("allowed"));
                    let tuple = match x.as_arr() {
                        Some(a) => a.iter().map(|v| self.int(&jp, v, 0)).collect::<Result<Vec<_>, _>>()?,
                        None => return fail(&jp, "expected an array of integers"),
                    };
                    if tuple.len() != width {
                        return fail(&jp, format!("{} entries; the table has {width} columns", tuple.len()));
                    }
                    allowed.push(tuple);
                }
                RuleKind::Table { allowed, cells: cs, offsets }
            }
            _ => unreachable!("every family of `family` is handled"),
        })
    }
}
