//! The houses (all-different cell sets) a document states: the rows, columns and boxes of its
//! grids, and its house rules, read from the typed rules (the engine board) or from written rules
//! (the fingerprint and the describer), with one grid expansion for both.

use super::document::{Document, Pos, RuleKind, parse_cell_name};
use super::json::Json;
use crate::board::HouseKind;

/// The houses a document states (puzzle-format.md 4.1, 4.2): the rows, columns and boxes of its
/// grids, its box / row / column rules, its regions and its cages without a sum, in file order.
pub fn document_houses(doc: &Document) -> Vec<(HouseKind, Vec<Pos>)> {
    let mut out = Vec::new();
    for r in &doc.rules {
        match &r.kind {
            RuleKind::Grid { origin } | RuleKind::BoxGrid { origin, .. } => {
                let units = grid_units(doc, origin.r as isize, origin.c as isize, r.kind.box_shape());
                for (k, cells) in units.expect("checked by the reader") {
                    let kind = match k {
                        "row" => HouseKind::Row,
                        "col" => HouseKind::Column,
                        _ => HouseKind::Box,
                    };
                    out.push((kind, cells));
                }
            }
            RuleKind::Box { cells } => out.push((HouseKind::Box, cells.clone())),
            RuleKind::Row { cells } => out.push((HouseKind::Row, cells.clone())),
            RuleKind::Column { cells } => out.push((HouseKind::Column, cells.clone())),
            RuleKind::Region { cells, .. } | RuleKind::Cage { cells, sum: None } => {
                out.push((HouseKind::Region, cells.clone()))
            }
            _ => {}
        }
    }
    out
}

/// The rows ("row"), columns ("col") and, given a box shape, boxes ("box") of the grid at
/// (`r0`, `c0`); `None` when no grid of the document stands there.
pub(super) fn grid_units(
    doc: &Document,
    r0: isize,
    c0: isize,
    shape: Option<(usize, usize)>,
) -> Option<Vec<(&'static str, Vec<Pos>)>> {
    if r0 < 0 || c0 < 0 {
        return None;
    }
    let g = doc.grid_cells(Pos::new(r0 as usize, c0 as usize))?;
    let d = doc.digits;
    let mut out: Vec<(&'static str, Vec<Pos>)> =
        (0..d).map(|i| ("row", g[i * d..(i + 1) * d].to_vec())).collect();
    out.extend((0..d).map(|j| ("col", (0..d).map(|i| g[i * d + j]).collect())));
    if let Some((bh, bw)) = shape {
        for br in (0..d).step_by(bh) {
            for bc in (0..d).step_by(bw) {
                out.push((
                    "box",
                    (0..bh)
                        .flat_map(|a| (0..bw).map(move |b| (a, b)))
                        .map(|(a, b)| g[(br + a) * d + bc + b])
                        .collect(),
                ));
            }
        }
    }
    Some(out)
}

/// The cells as a set: sorted, without repeats.
pub(super) fn set_of(cells: &[Pos]) -> Vec<Pos> {
    let mut v = cells.to_vec();
    v.sort();
    v.dedup();
    v
}

/// The houses a written house rule states, kinds "row" / "col" / "box": a `grid` / `box_grid` its
/// rows, columns and boxes (none when its origin is not a grid), a `row` / `column` / `box` itself;
/// `None` for every other rule. Used on exported rules (fingerprint, describe).
pub(super) fn rule_houses(doc: &Document, r: &Json) -> Option<Vec<(&'static str, Vec<Pos>)>> {
    let cells = || -> Vec<Pos> {
        let names = r.get("cells").and_then(Json::as_arr).unwrap_or(&[]);
        names.iter().filter_map(|x| x.as_str().and_then(parse_cell_name)).collect()
    };
    match r.get("type").and_then(Json::as_str)? {
        "grid" | "box_grid" => {
            let Some(o) = r.get("origin").and_then(Json::as_str).and_then(parse_cell_name) else {
                return Some(Vec::new());
            };
            let shape = r
                .get("box")
                .and_then(Json::as_arr)
                .and_then(|b| Some((b.first()?.as_int()? as usize, b.get(1)?.as_int()? as usize)));
            Some(grid_units(doc, o.r as isize, o.c as isize, shape).unwrap_or_default())
        }
        "row" => Some(vec![("row", cells())]),
        "column" => Some(vec![("col", cells())]),
        "box" => Some(vec![("box", cells())]),
        _ => None,
    }
}
