//! A typed rule written back in the spelling the reader accepts (puzzle-format.md section 4), in
//! the canonical member order: the one place a rule's members are named on the way out. The
//! writer keeps some rules verbatim through it, and an error names a rule's family from it.

use super::canonical::{RULE_ORDER, order_keys};
use super::document::{Area, Pos, RuleKind};
use super::json::Json;

/// Cell names as a JSON array.
pub(super) fn names(cells: &[Pos]) -> Json {
    Json::strs(cells.iter().map(|p| p.name()))
}

fn name_lists(lists: &[Vec<Pos>]) -> Json {
    Json::Arr(lists.iter().map(|l| names(l)).collect())
}

fn pairs(list: &[[Pos; 2]]) -> Json {
    Json::Arr(list.iter().map(|p| names(p)).collect())
}

fn area(a: &Area) -> Json {
    match a {
        Area::Origin(o) => Json::Str(o.name()),
        Area::Cells(cs) => names(cs),
    }
}

impl RuleKind {
    /// The rule's `type`.
    pub fn type_name(&self) -> &'static str {
        match self {
            RuleKind::Grid { .. } => "grid",
            RuleKind::BoxGrid { .. } => "box_grid",
            RuleKind::Box { .. } => "box",
            RuleKind::Row { .. } => "row",
            RuleKind::Column { .. } => "column",
            RuleKind::Region { .. } => "region",
            RuleKind::Cage { .. } => "cage",
            RuleKind::Line { .. } => "line",
            RuleKind::Arrow { .. } => "arrow",
            RuleKind::Edge { .. } => "edge",
            RuleKind::Corner { .. } => "corner",
            RuleKind::Sum { .. } => "sum",
            RuleKind::Sandwich { .. } => "sandwich",
            RuleKind::Xsum { .. } => "xsum",
            RuleKind::Skyscraper { .. } => "skyscraper",
            RuleKind::Rossini { .. } => "rossini",
            RuleKind::FirstSeen { .. } => "first_seen",
            RuleKind::Neighbours { .. } => "neighbours",
            RuleKind::Relation { .. } => "relation",
            RuleKind::Cell { .. } => "cell",
            RuleKind::Negative { .. } => "negative",
            RuleKind::Contains { .. } => "contains",
            RuleKind::Appears { .. } => "appears",
            RuleKind::Clone { .. } => "clone",
            RuleKind::Isomorphic { .. } => "isomorphic",
            RuleKind::Count { .. } => "count",
            RuleKind::DistinctCount { .. } => "distinct_count",
            RuleKind::GlobalEntropy => "global_entropy",
            RuleKind::EqualSum { .. } => "equal_sum",
            RuleKind::Vudoku { .. } => "vudoku",
            RuleKind::Table { .. } => "table",
        }
    }

    /// The rule as a JSON object: its `type` and every member it was read with, except the
    /// presentation members (`id`, `label`, `style`) and defaults left unwritten (`closed: false`).
    pub fn to_json(&self) -> Json {
        let mut m: Vec<(&str, Json)> = Vec::new();
        let text = |s: &str| Json::str(s);
        match self {
            RuleKind::Grid { origin } => m.push(("origin", Json::Str(origin.name()))),
            RuleKind::BoxGrid { origin, box_h, box_w } => {
                m.push(("origin", Json::Str(origin.name())));
                m.push(("box", Json::ints([*box_h as i64, *box_w as i64])));
            }
            RuleKind::Box { cells }
            | RuleKind::Row { cells }
            | RuleKind::Column { cells }
            | RuleKind::Vudoku { cells } => m.push(("cells", names(cells))),
            RuleKind::Region { kind, cells } => m.extend([("kind", text(kind)), ("cells", names(cells))]),
            RuleKind::Cage { cells, sum } => {
                m.push(("cells", names(cells)));
                m.extend(sum.map(|s| ("sum", Json::Int(s))));
            }
            RuleKind::Line { kind, cells, closed, value, groups } => {
                m.extend([("kind", text(kind)), ("cells", names(cells))]);
                if *closed {
                    m.push(("closed", Json::Bool(true)));
                }
                m.extend(value.map(|v| ("value", Json::Int(v))));
                if let Some(g) = groups {
                    m.push(("groups", Json::Arr(g.iter().map(|x| Json::ints(x.iter().copied())).collect())));
                }
            }
            RuleKind::Arrow { bulb, lines } => {
                m.extend([("bulb", names(bulb)), ("lines", name_lists(lines))])
            }
            RuleKind::Edge { kind, cells, color, letter, value } => {
                m.extend([("kind", text(kind)), ("cells", names(cells))]);
                m.extend(color.as_deref().map(|c| ("color", text(c))));
                m.extend(letter.as_deref().map(|l| ("letter", text(l))));
                // An edge of kind sum reads its number from `sum`, every other kind from `value`.
                let key = if kind == "sum" { "sum" } else { "value" };
                m.extend(value.map(|v| (key, Json::Int(v))));
            }
            RuleKind::Corner { kind, cells, op, value } => {
                m.extend([("kind", text(kind)), ("cells", names(cells))]);
                m.extend(op.as_deref().map(|o| ("op", text(o))));
                m.extend(value.map(|v| ("value", Json::Int(v))));
            }
            RuleKind::Sum { kind, sum, cells, side } => {
                m.extend([("kind", text(kind)), ("sum", Json::Int(*sum)), ("cells", names(cells))]);
                m.extend(side.map(|s| ("side", text(s.name()))));
            }
            RuleKind::Sandwich { sum, side, cells } | RuleKind::Xsum { sum, side, cells } => {
                m.extend([("sum", Json::Int(*sum)), ("side", text(side.name())), ("cells", names(cells))]);
            }
            RuleKind::Skyscraper { value, side, cells } => {
                m.extend([
                    ("value", Json::Int(*value)),
                    ("side", text(side.name())),
                    ("cells", names(cells)),
                ]);
            }
            RuleKind::Rossini { arrow, side, cells } => {
                m.extend([("arrow", text(arrow)), ("side", text(side.name())), ("cells", names(cells))]);
            }
            RuleKind::FirstSeen { value, digits, side, cells } => m.extend([
                ("value", Json::Int(*value)),
                ("digits", Json::ints(digits.iter().copied())),
                ("side", text(side.name())),
                ("cells", names(cells)),
            ]),
            RuleKind::Neighbours { kind, op, step, within, area: a, except } => {
                m.extend(kind.as_deref().map(|k| ("kind", text(k))));
                if let Some(op) = op {
                    m.extend([("op", text(&op.op)), ("params", op.params.clone())]);
                }
                m.extend(step.as_deref().map(|s| ("where", text(s))));
                m.extend(within.as_deref().map(|w| ("within", text(w))));
                m.extend(a.as_ref().map(|a| ("area", area(a))));
                if !except.is_empty() {
                    m.push(("except", pairs(except)));
                }
            }
            RuleKind::Relation { op, pairs: ps } => {
                m.extend([("op", text(&op.op)), ("params", op.params.clone()), ("pairs", pairs(ps))]);
            }
            RuleKind::Cell { kind, cells, split, values } => {
                m.extend([("kind", text(kind)), ("cells", names(cells))]);
                m.extend(split.map(|s| ("split", Json::Int(s))));
                if !values.is_empty() {
                    m.push(("values", Json::ints(values.iter().copied())));
                }
            }
            RuleKind::Negative { of, selector, split, area: a } => {
                m.push(("of", text(of)));
                // The selector's member depends on the family negated (puzzle-format.md 4.8).
                let key = match of.as_str() {
                    "kropki" => Some("color"),
                    "xv" => Some("letter"),
                    "sum" => Some("sum"),
                    "cell" => Some("kind"),
                    "difference" | "ratio" | "product" => Some("value"),
                    _ => None,
                };
                if let (Some(k), Some(s)) = (key, selector) {
                    m.push((k, s.clone()));
                }
                m.extend(split.map(|s| ("split", Json::Int(s))));
                m.extend(a.as_ref().map(|a| ("area", area(a))));
            }
            RuleKind::Contains { digits, cells } => {
                m.extend([("digits", Json::ints(digits.iter().copied())), ("cells", names(cells))]);
            }
            RuleKind::Appears { source, cells } => {
                m.extend([("source", Json::Str(source.name())), ("cells", names(cells))]);
            }
            RuleKind::Clone { regions } | RuleKind::Isomorphic { regions } => {
                m.push(("regions", name_lists(regions)));
            }
            RuleKind::Count { cells, each, counts, circles } => {
                if *circles {
                    m.push(("kind", text("circles")));
                }
                m.extend(each.map(|e| ("each", Json::Int(e))));
                if let Some(cs) = counts {
                    m.push(("counts", Json::Arr(cs.iter().map(|&(d, n)| Json::ints([d, n])).collect())));
                }
                m.push(("cells", names(cells)));
            }
            RuleKind::DistinctCount { value, cells, side } => {
                m.extend([("value", Json::Int(*value)), ("cells", names(cells))]);
                m.extend(side.map(|s| ("side", text(s.name()))));
            }
            RuleKind::GlobalEntropy => {}
            RuleKind::EqualSum { segments } => m.push(("segments", name_lists(segments))),
            RuleKind::Table { allowed, cells, offsets } => {
                m.push((
                    "allowed",
                    Json::Arr(allowed.iter().map(|t| Json::ints(t.iter().copied())).collect()),
                ));
                m.extend(cells.as_ref().map(|cs| ("cells", names(cs))));
                if let Some(offs) = offsets {
                    m.push(("where", Json::Arr(offs.iter().map(|&(r, c)| Json::ints([r, c])).collect())));
                }
            }
        }
        let mut all = vec![("type".to_string(), Json::str(self.type_name()))];
        all.extend(m.into_iter().map(|(k, v)| (k.to_string(), v)));
        Json::Obj(order_keys(&all, &RULE_ORDER))
    }

    /// "line thermo", "cage", "negative of kropki": the family as a person names it in an error.
    pub fn family(&self) -> String {
        let written = self.to_json();
        let t = self.type_name();
        if let Some(k) = written.get("kind").and_then(Json::as_str) {
            format!("{t} {k}")
        } else if let Some(o) = written.get("of").and_then(Json::as_str) {
            format!("{t} of {o}")
        } else {
            t.to_string()
        }
    }
}
