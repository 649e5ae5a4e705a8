//! The rules of a `sudoku-puzzle` document (puzzle-format.md section 4): each family's members
//! checked against one table, then the family's own checks in a function of its own, into the
//! typed rule. Reading values (cells, digits, sides, pair operators) is written once in [`Ctx`].

use super::FormatError;
use super::document::{Area, Document, PairOp, Pos, RuleKind, Side, parse_cell_name};
use super::exchange::fail;
use super::geometry::{OutsideFault, adjacent, is_block, outside_fault, touching};
use super::json::Json;

/// The kinds of a `line` rule (puzzle-format.md section 4.4).
pub const LINE_KINDS: &[&str] = &[
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
];

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
        "line" => f(LINE_KINDS, &["cells"], &["closed", "value", "groups"]),
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

/// The document being read, for the checks that depend on it (cells, digits, the outside).
pub(super) struct Ctx<'a> {
    pub(super) doc: &'a Document,
}

impl Ctx<'_> {
    pub(super) fn cell_name(&self, path: &str, s: &str) -> Result<Pos, FormatError> {
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

    pub(super) fn digit_list(&self, path: &str, v: &Json, min: usize) -> Result<Vec<i64>, FormatError> {
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

    /// Outside-clue checks (2.4).
    fn outside(&self, path: &str, side: Side, cells: &[Pos], diagonal_ok: bool) -> Result<(), FormatError> {
        match outside_fault(self.doc, side, cells, diagonal_ok) {
            None => Ok(()),
            Some(OutsideFault::SideIsCell) => fail(
                path,
                format!(
                    "the clue sits on the {} of {}, but that position is a cell",
                    side.name(),
                    cells[0].name()
                ),
            ),
            Some(OutsideFault::WrongDirection) => {
                fail(path, format!("the cells must run away from the {} side", side.name()))
            }
            Some(OutsideFault::NotCollinear) => fail(path, "the cells are not collinear and contiguous"),
        }
    }
}

impl Ctx<'_> {
    /// Reads rule `i`: its type, its members against the family's table, its kind, then the
    /// family's own checks.
    pub(super) fn rule(&self, i: usize, r: &Json) -> Result<RuleKind, FormatError> {
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
        let rule = RuleReader { ctx: self, r, t, kind, path };
        match t {
            "grid" | "box_grid" => rule.read_grid(),
            "box" => rule.read_box(),
            "row" => rule.read_row(),
            "column" => rule.read_column(),
            "region" => rule.read_region(),
            "cage" => rule.read_cage(),
            "line" => rule.read_line(),
            "arrow" => rule.read_arrow(),
            "edge" => rule.read_edge(),
            "corner" => rule.read_corner(),
            "sum" => rule.read_sum(),
            "sandwich" | "xsum" | "skyscraper" | "rossini" | "first_seen" => rule.read_outside_clue(),
            "neighbours" => rule.read_neighbours(),
            "relation" => rule.read_relation(),
            "cell" => rule.read_cell(),
            "negative" => rule.read_negative(),
            "contains" => rule.read_contains(),
            "appears" => rule.read_appears(),
            "clone" | "isomorphic" => rule.read_clone(),
            "count" => rule.read_count(),
            "distinct_count" => rule.read_distinct_count(),
            "global_entropy" => rule.read_global_entropy(),
            "equal_sum" => rule.read_equal_sum(),
            "vudoku" => rule.read_vudoku(),
            "table" => rule.read_table(),
            _ => unreachable!("every family of `family` is read"),
        }
    }
}

/// One rule object being read: its members, type and kind, and the JSON path errors name.
struct RuleReader<'a> {
    ctx: &'a Ctx<'a>,
    r: &'a Json,
    t: &'a str,
    kind: Option<&'a str>,
    path: String,
}

impl RuleReader<'_> {
    fn get(&self, k: &str) -> Option<&Json> {
        self.r.get(k)
    }

    fn has(&self, k: &str) -> bool {
        self.r.get(k).is_some()
    }

    /// The path of member `k`.
    fn p(&self, k: &str) -> String {
        format!("{}.{k}", self.path)
    }

    /// Refuses the members this form of the rule does not take.
    fn forbid(&self, keys: &[&str]) -> Result<(), FormatError> {
        for k in keys {
            if self.has(k) {
                return fail(&self.p(k), format!("\"{k}\" is not allowed here"));
            }
        }
        Ok(())
    }

    /// The rule's `cells` (a required member of the families that call it), at least `min`.
    fn cells(&self, min: usize) -> Result<Vec<Pos>, FormatError> {
        self.ctx.cells(&self.p("cells"), self.get("cells").expect("required"), min)
    }

    fn read_grid(&self) -> Result<RuleKind, FormatError> {
        let t = self.t;
        let d = self.ctx.doc.digits;
        let origin = self.ctx.cell(&self.p("origin"), self.get("origin").expect("required"))?;
        if self.ctx.doc.grid_cells(origin).is_none() {
            return fail(
                &self.p("origin"),
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
            return Ok(RuleKind::Grid { origin });
        }
        let bv = self.get("box").expect("required");
        let dims: Vec<i64> = match bv.as_arr() {
            Some(a) if a.len() == 2 => a
                .iter()
                .enumerate()
                .map(|(j, x)| self.ctx.int(&format!("{}[{j}]", self.p("box")), x, 1))
                .collect::<Result<_, _>>()?,
            _ => return fail(&self.p("box"), "expected [height, width]"),
        };
        if (dims[0] * dims[1]) as usize != d {
            return fail(&self.p("box"), format!("boxes of {}x{} do not hold {d} cells", dims[0], dims[1]));
        }
        Ok(RuleKind::BoxGrid { origin, box_h: dims[0] as usize, box_w: dims[1] as usize })
    }

    fn read_box(&self) -> Result<RuleKind, FormatError> {
        Ok(RuleKind::Box { cells: self.cells(1)? })
    }

    fn read_row(&self) -> Result<RuleKind, FormatError> {
        Ok(RuleKind::Row { cells: self.cells(1)? })
    }

    fn read_column(&self) -> Result<RuleKind, FormatError> {
        Ok(RuleKind::Column { cells: self.cells(1)? })
    }

    fn read_region(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        Ok(RuleKind::Region { kind: kind.expect("kind").to_string(), cells: self.cells(1)? })
    }

    fn read_cage(&self) -> Result<RuleKind, FormatError> {
        let sum = self.get("sum").map(|s| self.ctx.int(&self.p("sum"), s, 0)).transpose()?;
        Ok(RuleKind::Cage { cells: self.cells(1)?, sum })
    }

    fn read_line(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let d = self.ctx.doc.digits;
        let k = kind.expect("kind");
        let cs = self.cells(2)?;
        for (j, w) in cs.windows(2).enumerate() {
            if !touching(w[0], w[1]) {
                return fail(
                    &format!("{}[{}]", self.p("cells"), j + 1),
                    format!(
                        "{} does not touch {}: consecutive line cells must touch",
                        w[1].name(),
                        w[0].name()
                    ),
                );
            }
        }
        let closed = match self.get("closed") {
            None => false,
            Some(Json::Bool(b)) => *b,
            Some(x) => {
                return fail(&self.p("closed"), format!("expected a boolean, found {}", x.type_name()));
            }
        };
        if closed && !matches!(k, "whisper" | "renban" | "parity") {
            return fail(
                &self.p("closed"),
                format!("a {k} line cannot be closed (only whisper, renban and parity)"),
            );
        }
        let takes_value = matches!(k, "whisper" | "modular" | "lockout");
        if self.has("value") && !takes_value {
            return fail(&self.p("value"), format!("a {k} line takes no \"value\""));
        }
        if self.has("groups") && k != "entropic" {
            return fail(&self.p("groups"), format!("a {k} line takes no \"groups\""));
        }
        let value = self.get("value").map(|v| self.ctx.int(&self.p("value"), v, 1)).transpose()?;
        if d != 9 && takes_value && value.is_none() {
            return fail(path, format!("a {k} line on a {d}-digit board must give \"value\""));
        }
        let groups = match self.get("groups") {
            None => None,
            Some(g) => {
                let Some(ga) = g.as_arr() else {
                    return fail(&self.p("groups"), "expected an array of digit arrays");
                };
                let mut out = Vec::new();
                for (j, x) in ga.iter().enumerate() {
                    out.push(self.ctx.digit_list(&format!("{}[{j}]", self.p("groups")), x, 1)?);
                }
                Some(out)
            }
        };
        if d != 9 && k == "entropic" && groups.is_none() {
            return fail(path, format!("an entropic line on a {d}-digit board must give \"groups\""));
        }
        Ok(RuleKind::Line { kind: k.to_string(), cells: cs, closed, value, groups })
    }

    fn read_arrow(&self) -> Result<RuleKind, FormatError> {
        let bulb = self.ctx.cells(&self.p("bulb"), self.get("bulb").expect("required"), 1)?;
        let lv = self.get("lines").expect("required");
        let Some(la) = lv.as_arr() else {
            return fail(&self.p("lines"), "expected an array of shafts (each an array of cells)");
        };
        if la.is_empty() {
            return fail(&self.p("lines"), "an arrow needs at least one shaft");
        }
        let mut lines = Vec::new();
        for (j, s) in la.iter().enumerate() {
            let sp = format!("{}[{j}]", self.p("lines"));
            let shaft = self.ctx.cells(&sp, s, 1)?;
            if !bulb.iter().any(|&b| touching(b, shaft[0])) {
                return fail(
                    &sp,
                    format!("the shaft starts at {}, which touches no bulb cell", shaft[0].name()),
                );
            }
            lines.push(shaft);
        }
        Ok(RuleKind::Arrow { bulb, lines })
    }

    fn read_edge(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let k = kind.expect("kind");
        let cs = self.cells(2)?;
        if cs.len() != 2 || !adjacent(cs[0], cs[1]) {
            return fail(&self.p("cells"), "an edge clue has exactly 2 orthogonally adjacent cells");
        }
        let need: &[&str] = match k {
            "kropki" => &["color"],
            "xv" => &["letter"],
            "difference" | "product" | "ratio" => &["value"],
            "sum" => &["sum"],
            _ => &[],
        };
        for key in ["color", "letter", "value", "sum"] {
            if need.contains(&key) && !self.has(key) {
                return fail(path, format!("missing required member \"{key}\""));
            }
            if !need.contains(&key) && self.has(key) {
                return fail(&self.p(key), format!("\"{key}\" is not allowed on an edge of kind {k}"));
            }
        }
        let color = match self.get("color") {
            None => None,
            Some(Json::Str(s)) if s == "white" || s == "black" => Some(s.clone()),
            Some(x) => {
                return fail(
                    &self.p("color"),
                    format!("expected \"white\" or \"black\", found {}", x.dumps(", ", ": ")),
                );
            }
        };
        let letter = match self.get("letter") {
            None => None,
            Some(Json::Str(s)) if s == "X" || s == "V" => Some(s.clone()),
            Some(x) => {
                return fail(
                    &self.p("letter"),
                    format!("expected \"X\" or \"V\", found {}", x.dumps(", ", ": ")),
                );
            }
        };
        let value = match (self.get("value"), self.get("sum")) {
            (Some(v), _) => Some(self.ctx.int(&self.p("value"), v, 1)?),
            (_, Some(s)) => Some(self.ctx.int(&self.p("sum"), s, 0)?),
            _ => None,
        };
        Ok(RuleKind::Edge { kind: k.to_string(), cells: cs, color, letter, value })
    }

    fn read_corner(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let k = kind.expect("kind");
        let cs = self.cells(4)?;
        if !is_block(&cs) {
            return fail(
                &self.p("cells"),
                "a corner clue has the 4 cells of a 2x2 block, written top-left, top-right, bottom-left, bottom-right",
            );
        }
        let (op, value) = match k {
            "battenburg" => {
                self.forbid(&["op", "value"])?;
                (None, None)
            }
            "exclude" => {
                self.forbid(&["op"])?;
                let Some(v) = self.get("value") else {
                    return fail(path, "missing required member \"value\"");
                };
                (None, Some(self.ctx.digit(&self.p("value"), v)?))
            }
            _ => {
                let Some(o) = self.get("op").and_then(Json::as_str) else {
                    return fail(path, "a mathrax clue needs \"op\": one of +, -, x, /, even, odd");
                };
                match o {
                    "+" | "-" | "x" | "/" => {
                        let Some(v) = self.get("value") else {
                            return fail(path, format!("mathrax \"{o}\" needs \"value\""));
                        };
                        (Some(o.to_string()), Some(self.ctx.int(&self.p("value"), v, 0)?))
                    }
                    "even" | "odd" => {
                        self.forbid(&["value"])?;
                        (Some(o.to_string()), None)
                    }
                    _ => {
                        return fail(
                            &self.p("op"),
                            format!("\"{o}\" is not a mathrax op (+, -, x, /, even, odd)"),
                        );
                    }
                }
            }
        };
        Ok(RuleKind::Corner { kind: k.to_string(), cells: cs, op, value })
    }

    fn read_sum(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let k = kind.expect("kind");
        let sum = self.ctx.int(&self.p("sum"), self.get("sum").expect("required"), 0)?;
        let cs = self.cells(1)?;
        let side = match k {
            "little_killer" | "frame" => {
                let Some(s) = self.get("side") else {
                    return fail(path, format!("a {k} clue needs \"side\""));
                };
                let s = self.ctx.side(&self.p("side"), s)?;
                self.ctx.outside(&self.p("cells"), s, &cs, k == "little_killer")?;
                Some(s)
            }
            _ => {
                self.forbid(&["side"])?;
                if k == "corner" && !is_block(&cs) {
                    return fail(
                        &self.p("cells"),
                        "a corner sum has the 4 cells of a 2x2 block (TL, TR, BL, BR)",
                    );
                }
                None
            }
        };
        Ok(RuleKind::Sum { kind: k.to_string(), sum, cells: cs, side })
    }

    fn read_outside_clue(&self) -> Result<RuleKind, FormatError> {
        let t = self.t;
        let side = self.ctx.side(&self.p("side"), self.get("side").expect("required"))?;
        let cs = self.cells(1)?;
        self.ctx.outside(&self.p("cells"), side, &cs, false)?;
        Ok(match t {
            "sandwich" => RuleKind::Sandwich {
                sum: self.ctx.int(&self.p("sum"), self.get("sum").expect("required"), 0)?,
                side,
                cells: cs,
            },
            "xsum" => RuleKind::Xsum {
                sum: self.ctx.int(&self.p("sum"), self.get("sum").expect("required"), 0)?,
                side,
                cells: cs,
            },
            "skyscraper" => RuleKind::Skyscraper {
                value: self.ctx.int(&self.p("value"), self.get("value").expect("required"), 0)?,
                side,
                cells: cs,
            },
            "rossini" => {
                let arrow = match self.get("arrow").and_then(Json::as_str) {
                    Some(a @ ("in" | "out")) => a.to_string(),
                    _ => return fail(&self.p("arrow"), "expected \"in\" or \"out\""),
                };
                if cs.len() != 3 {
                    return fail(&self.p("cells"), "a rossini clue has exactly 3 cells");
                }
                RuleKind::Rossini { arrow, side, cells: cs }
            }
            _ => RuleKind::FirstSeen {
                value: self.ctx.digit(&self.p("value"), self.get("value").expect("required"))?,
                digits: self.ctx.digit_list(&self.p("digits"), self.get("digits").expect("required"), 1)?,
                side,
                cells: cs,
            },
        })
    }

    fn read_neighbours(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let op_form = self.has("op") || self.has("params") || self.has("where");
        if kind.is_some() && op_form {
            return fail(path, "give either \"kind\" or \"op\", \"params\" and \"where\", not both");
        }
        let (op, step) = if op_form {
            for k in ["op", "params", "where"] {
                if !self.has(k) {
                    return fail(
                        path,
                        format!(
                            "the operator form needs \"op\", \"params\" and \"where\"; \"{k}\" is missing"
                        ),
                    );
                }
            }
            let op =
                self.ctx.op(path, self.get("op").expect("checked"), self.get("params").expect("checked"))?;
            if op.op == "less" || op.op == "less_equal" {
                return fail(
                    &self.p("op"),
                    format!("\"{}\" is directional and cannot be used on neighbours", op.op),
                );
            }
            let step = match self.get("where").and_then(Json::as_str) {
                Some(w @ ("orthogonal" | "diagonal" | "king" | "knight")) => w.to_string(),
                _ => {
                    return fail(
                        &self.p("where"),
                        "expected \"orthogonal\", \"diagonal\", \"king\" or \"knight\"",
                    );
                }
            };
            (Some(op), Some(step))
        } else if kind.is_none() {
            return fail(
                path,
                "missing \"kind\" (antiknight, antiking, nonconsecutive) or \"op\"/\"params\"/\"where\"",
            );
        } else {
            (None, None)
        };
        let within = match self.get("within") {
            None => None,
            Some(Json::Str(s)) if s == "box" || s == "region" => Some(s.clone()),
            Some(x) => {
                return fail(
                    &self.p("within"),
                    format!("expected \"box\" or \"region\", found {}", x.dumps(", ", ": ")),
                );
            }
        };
        let area = self.get("area").map(|a| self.ctx.area(&self.p("area"), a)).transpose()?;
        let except = match self.get("except") {
            None => Vec::new(),
            Some(e) => self.ctx.pair_list(&self.p("except"), e)?,
        };
        Ok(RuleKind::Neighbours { kind: kind.map(str::to_string), op, step, within, area, except })
    }

    fn read_relation(&self) -> Result<RuleKind, FormatError> {
        let path = self.path.as_str();
        let op =
            self.ctx.op(path, self.get("op").expect("required"), self.get("params").expect("required"))?;
        let pairs = self.ctx.pair_list(&self.p("pairs"), self.get("pairs").expect("required"))?;
        if pairs.is_empty() {
            return fail(&self.p("pairs"), "at least one pair needed");
        }
        Ok(RuleKind::Relation { op, pairs })
    }

    fn read_cell(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let k = kind.expect("kind");
        let cs = self.cells(1)?;
        let (split, values) = match k {
            "odd" | "even" => {
                self.forbid(&["split", "values"])?;
                (None, Vec::new())
            }
            "low" | "high" => {
                self.forbid(&["values"])?;
                let Some(s) = self.get("split") else {
                    return fail(path, format!("a {k} mark needs \"split\""));
                };
                (Some(self.ctx.int(&self.p("split"), s, 1)?), Vec::new())
            }
            _ => {
                self.forbid(&["split"])?;
                let Some(v) = self.get("values") else {
                    return fail(path, format!("a {k} mark needs \"values\""));
                };
                (None, self.ctx.digit_list(&self.p("values"), v, 1)?)
            }
        };
        Ok(RuleKind::Cell { kind: k.to_string(), cells: cs, split, values })
    }

    fn read_negative(&self) -> Result<RuleKind, FormatError> {
        let path = self.path.as_str();
        let of = self.get("of").expect("required");
        let of = match of.as_str() {
            Some(
                o @ ("kropki" | "xv" | "difference" | "ratio" | "product" | "sum" | "rossini" | "battenburg"
                | "cell"),
            ) => o,
            _ => {
                return fail(
                    &self.p("of"),
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
            if self.has(key) && !allowed.contains(&key) {
                return fail(&self.p(key), format!("\"{key}\" is not a selector of a negative of {of}"));
            }
        }
        let mut selector = None;
        let mut split = None;
        match of {
            "kropki" => {
                if let Some(c) = self.get("color") {
                    if !matches!(c.as_str(), Some("white" | "black")) {
                        return fail(&self.p("color"), "expected \"white\" or \"black\"");
                    }
                    selector = Some(c.clone());
                }
            }
            "xv" => {
                if let Some(c) = self.get("letter") {
                    if !matches!(c.as_str(), Some("X" | "V")) {
                        return fail(&self.p("letter"), "expected \"X\" or \"V\"");
                    }
                    selector = Some(c.clone());
                }
            }
            "difference" | "ratio" | "product" | "sum" => {
                let key = if of == "sum" { "sum" } else { "value" };
                let Some(v) = self.get(key) else {
                    return fail(path, format!("a negative of {of} needs \"{key}\""));
                };
                selector = Some(Json::Int(self.ctx.int(&self.p(key), v, if of == "sum" { 0 } else { 1 })?));
            }
            "cell" => {
                let k = match self.get("kind").and_then(Json::as_str) {
                    Some(k @ ("odd" | "even" | "low" | "high")) => k,
                    _ => {
                        return fail(
                            &self.p("kind"),
                            "a negative of cell needs \"kind\": odd, even, low or high",
                        );
                    }
                };
                if k == "low" || k == "high" {
                    let Some(s) = self.get("split") else {
                        return fail(path, format!("a negative of cell {k} needs \"split\""));
                    };
                    split = Some(self.ctx.int(&self.p("split"), s, 1)?);
                } else {
                    self.forbid(&["split"])?;
                }
                selector = Some(Json::str(k));
            }
            _ => {}
        }
        let area = self.get("area").map(|a| self.ctx.area(&self.p("area"), a)).transpose()?;
        Ok(RuleKind::Negative { of: of.to_string(), selector, split, area })
    }

    fn read_contains(&self) -> Result<RuleKind, FormatError> {
        Ok(RuleKind::Contains {
            digits: self.ctx.digit_list(&self.p("digits"), self.get("digits").expect("required"), 1)?,
            cells: self.cells(1)?,
        })
    }

    fn read_appears(&self) -> Result<RuleKind, FormatError> {
        Ok(RuleKind::Appears {
            source: self.ctx.cell(&self.p("source"), self.get("source").expect("required"))?,
            cells: self.cells(1)?,
        })
    }

    fn read_clone(&self) -> Result<RuleKind, FormatError> {
        let t = self.t;
        let rv = self.get("regions").expect("required");
        let Some(ra) = rv.as_arr() else {
            return fail(&self.p("regions"), "expected an array of cell arrays");
        };
        let mut regions = Vec::new();
        for (j, x) in ra.iter().enumerate() {
            regions.push(self.ctx.cells(&format!("{}[{j}]", self.p("regions")), x, 1)?);
        }
        if t == "clone" && regions.len() < 2 {
            return fail(&self.p("regions"), "a clone needs at least 2 regions");
        }
        if t == "isomorphic" && regions.len() != 2 {
            return fail(&self.p("regions"), "an isomorphic rule has exactly 2 regions");
        }
        if regions.iter().any(|g| g.len() != regions[0].len()) {
            return fail(&self.p("regions"), "the regions differ in size");
        }
        Ok(if t == "clone" { RuleKind::Clone { regions } } else { RuleKind::Isomorphic { regions } })
    }

    fn read_count(&self) -> Result<RuleKind, FormatError> {
        let kind = self.kind;
        let path = self.path.as_str();
        let cs = self.cells(1)?;
        let modes = [self.has("each"), self.has("counts"), self.has("kind")].iter().filter(|&&b| b).count();
        if modes != 1 {
            return fail(path, "a count rule has exactly one of \"each\", \"counts\", \"kind\": \"circles\"");
        }
        if self.has("kind") && kind != Some("circles") {
            return fail(&self.p("kind"), "the only kind of count is \"circles\"");
        }
        let each = self.get("each").map(|e| self.ctx.int(&self.p("each"), e, 1)).transpose()?;
        let counts = match self.get("counts") {
            None => None,
            Some(c) => {
                let Some(ca) = c.as_arr() else {
                    return fail(&self.p("counts"), "expected an array of [digit, times] pairs");
                };
                let mut out = Vec::new();
                for (j, x) in ca.iter().enumerate() {
                    let jp = format!("{}[{j}]", self.p("counts"));
                    match x.as_arr() {
                        Some([dg, n]) => out.push((self.ctx.digit(&jp, dg)?, self.ctx.int(&jp, n, 0)?)),
                        _ => return fail(&jp, "expected [digit, times]"),
                    }
                }
                Some(out)
            }
        };
        Ok(RuleKind::Count { cells: cs, each, counts, circles: kind == Some("circles") })
    }

    fn read_distinct_count(&self) -> Result<RuleKind, FormatError> {
        let value = self.ctx.int(&self.p("value"), self.get("value").expect("required"), 1)?;
        let cs = self.cells(1)?;
        let side = match self.get("side") {
            None => None,
            Some(s) => {
                let s = self.ctx.side(&self.p("side"), s)?;
                self.ctx.outside(&self.p("cells"), s, &cs, true)?;
                Some(s)
            }
        };
        Ok(RuleKind::DistinctCount { value, cells: cs, side })
    }

    fn read_global_entropy(&self) -> Result<RuleKind, FormatError> {
        Ok(RuleKind::GlobalEntropy)
    }

    fn read_equal_sum(&self) -> Result<RuleKind, FormatError> {
        let sv = self.get("segments").expect("required");
        let Some(sa) = sv.as_arr() else {
            return fail(&self.p("segments"), "expected an array of cell arrays");
        };
        if sa.len() < 2 {
            return fail(&self.p("segments"), "at least 2 segments needed");
        }
        let mut segments = Vec::new();
        for (j, x) in sa.iter().enumerate() {
            segments.push(self.ctx.cells(&format!("{}[{j}]", self.p("segments")), x, 1)?);
        }
        Ok(RuleKind::EqualSum { segments })
    }

    fn read_vudoku(&self) -> Result<RuleKind, FormatError> {
        let cs = self.cells(3)?;
        if cs.len() != 3 {
            return fail(&self.p("cells"), "a vudoku clue has exactly 3 cells: vertex, arm, arm");
        }
        Ok(RuleKind::Vudoku { cells: cs })
    }

    fn read_table(&self) -> Result<RuleKind, FormatError> {
        let path = self.path.as_str();
        if self.has("cells") == self.has("where") {
            return fail(path, "a table has exactly one of \"cells\" and \"where\"");
        }
        let (cs, offsets, width) = if self.has("cells") {
            let cs = self.cells(1)?;
            let w = cs.len();
            (Some(cs), None, w)
        } else {
            let wv = self.get("where").expect("checked");
            let Some(wa) = wv.as_arr() else {
                return fail(&self.p("where"), "expected an array of [dr, dc] offsets");
            };
            let mut offs = Vec::new();
            for (j, x) in wa.iter().enumerate() {
                match x.as_arr() {
                    Some([Json::Int(a), Json::Int(b)]) => offs.push((*a, *b)),
                    _ => {
                        return fail(&format!("{}[{j}]", self.p("where")), "expected [dr, dc] (integers)");
                    }
                }
            }
            if offs.is_empty() {
                return fail(&self.p("where"), "at least one offset needed");
            }
            let w = offs.len();
            (None, Some(offs), w)
        };
        let av = self.get("allowed").expect("required");
        let Some(aa) = av.as_arr() else {
            return fail(&self.p("allowed"), "expected an array of digit tuples");
        };
        let mut allowed = Vec::new();
        for (j, x) in aa.iter().enumerate() {
            let jp = format!("{}[{j}]", self.p("allowed"));
            let tuple = match x.as_arr() {
                Some(a) => a.iter().map(|v| self.ctx.int(&jp, v, 0)).collect::<Result<Vec<_>, _>>()?,
                None => return fail(&jp, "expected an array of integers"),
            };
            if tuple.len() != width {
                return fail(&jp, format!("{} entries; the table has {width} columns", tuple.len()));
            }
            allowed.push(tuple);
        }
        Ok(RuleKind::Table { allowed, cells: cs, offsets })
    }
}
