//! `neighbours` (4.10): a pair operator over every pair of cells one step apart (knight, king,
//! orthogonal or diagonal steps), optionally only within one box or region, inside an area, and
//! minus exempt pairs. Propagation: one pair support per covered pair.

use super::pair_ops::op_holds;
use super::{Constraint, Digits, Family, Layout};
use crate::format::json::Json;
use crate::format::{Pos, RuleKind};

pub struct Neighbours;

/// Board offsets (rows, columns) from a cell to its neighbour.
type Steps = &'static [(isize, isize)];

/// The steps of a `where` value; each points forward in reading order, so a pair is generated
/// once, as [earlier, later].
fn steps(name: &str) -> Option<Steps> {
    Some(match name {
        "orthogonal" => &[(0, 1), (1, 0)],
        "diagonal" => &[(1, 1), (1, -1)],
        "king" => &[(0, 1), (1, 0), (1, 1), (1, -1)],
        "knight" => &[(1, 2), (2, 1), (1, -2), (2, -1)],
        _ => return None,
    })
}

/// The operator, its parameters and the steps of a rule: a `kind` is a shorthand for an
/// operator form ((ref) antiking has diagonal steps only).
fn operator(rule: &RuleKind) -> Result<(String, Json, Steps), String> {
    let RuleKind::Neighbours { kind, op, step, .. } = rule else {
        return Err("not a neighbours rule".into());
    };
    let no_params = Json::Arr(Vec::new());
    let (op, params, step) = match (kind.as_deref(), op, step.as_deref()) {
        (Some("antiknight"), _, _) => ("different".to_string(), no_params, "knight"),
        (Some("antiking"), _, _) => ("different".to_string(), no_params, "diagonal"),
        (Some("nonconsecutive"), _, _) => ("not_consecutive".to_string(), no_params, "orthogonal"),
        (Some(other), _, _) => return Err(format!("unknown neighbours kind {other:?}")),
        (None, Some(op), Some(step)) => (op.op.clone(), op.params.clone(), step),
        _ => return Err("a neighbours rule needs a kind or an operator with its steps".into()),
    };
    let steps = steps(step).ok_or_else(|| format!("unknown neighbours step set {step:?}"))?;
    Ok((op, params, steps))
}

/// The cell sets a `within` scope names: every box house (`box_grid` boxes and `box` rules) or
/// every `region` rule.
fn scopes(within: &str, layout: &Layout) -> Vec<Vec<Pos>> {
    let mut out = Vec::new();
    for r in &layout.rules {
        match (within, r) {
            ("box", RuleKind::BoxGrid { origin, box_h, box_w }) => {
                let (h, w) = (*box_h, *box_w);
                let d = layout.digits;
                for b in 0..d {
                    let (top, left) = (origin.r + (b / (d / w)) * h, origin.c + (b % (d / w)) * w);
                    out.push((0..h * w).map(|k| Pos::new(top + k / w, left + k % w)).collect());
                }
            }
            ("box", RuleKind::Box { cells }) | ("region", RuleKind::Region { cells, .. }) => {
                out.push(cells.clone());
            }
            _ => {}
        }
    }
    out
}

/// The pairs a neighbours rule covers (its definition, 4.10): from every cell to the cell at
/// each step when it exists, kept when both lie in one `within` scope and in the area, and not
/// listed in `except` (either order).
fn covered_pairs(rule: &RuleKind, layout: &Layout) -> Result<Vec<[Pos; 2]>, String> {
    let RuleKind::Neighbours { within, area, except, .. } = rule else { return Ok(Vec::new()) };
    let (_, _, steps) = operator(rule)?;
    let scopes = within.as_deref().map(|w| scopes(w, layout));
    let area = area.as_ref().map(|a| layout.area_cells(a));
    let mut pairs = Vec::new();
    for p in layout.positions() {
        for &(dr, dc) in steps {
            let Some(q) = layout.cell_at(p.r as isize + dr, p.c as isize + dc) else { continue };
            let in_scope = scopes.as_ref().is_none_or(|s| s.iter().any(|s| s.contains(&p) && s.contains(&q)));
            let in_area = area.as_ref().is_none_or(|a| a.contains(&p) && a.contains(&q));
            let exempt = except.iter().any(|e| (e[0] == p && e[1] == q) || (e[0] == q && e[1] == p));
            if in_scope && in_area && !exempt {
                pairs.push([p, q]);
            }
        }
    }
    Ok(pairs)
}

impl Family for Neighbours {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let (Ok((op, params, _)), Ok(pairs)) = (operator(rule), covered_pairs(rule, digits.layout)) else {
            return false;
        };
        pairs.iter().all(|&[p, q]| op_holds(&op, &params, digits.x(p), digits.x(q)))
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let (op, params, _) = operator(rule)?;
        Ok(covered_pairs(rule, layout)?
            .into_iter()
            .map(|[p, q]| {
                Constraint::pair(layout.cell(p), layout.cell(q), layout.digits, |a, b| {
                    op_holds(&op, &params, a, b)
                })
            })
            .collect())
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "PWC"
    }

    fn scope(&self, _rule: &RuleKind, _layout: &Layout) -> Option<Vec<usize>> {
        // Pairs all over the board: checked on full grids (the pair supports see every pair).
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read;

    fn pairs_of(rules: &str) -> Vec<[Pos; 2]> {
        let text = format!(
            "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":4,\"cols\":4}},\"digits\":4,\"givens\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],\"rules\":[{{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}},{rules}]}}"
        );
        let p = read(&text).unwrap();
        let doc = p.document.as_deref().unwrap();
        let layout = Layout::new(doc, &p.board);
        covered_pairs(&doc.rules.last().unwrap().kind, &layout).unwrap()
    }

    #[test]
    fn neighbours_rules_cover_the_spec_pairs() {
        // Knight moves on 4x4: 2 * (3*2) ordered shapes per orientation = 24 unordered pairs.
        assert_eq!(pairs_of(r#"{"type":"neighbours","kind":"antiknight"}"#).len(), 24);
        assert_eq!(pairs_of(r#"{"type":"neighbours","kind":"antiking"}"#).len(), 18);
        assert_eq!(pairs_of(r#"{"type":"neighbours","kind":"nonconsecutive"}"#).len(), 24);
        // Inside one 2x2 box: 2 orthogonal pairs per row of a box, 4 per box.
        let boxed = pairs_of(
            r#"{"type":"neighbours","op":"different","params":[],"where":"orthogonal","within":"box"}"#,
        );
        assert_eq!(boxed.len(), 16);
        assert!(!boxed.contains(&[Pos::new(0, 1), Pos::new(0, 2)]));
        let region = pairs_of(
            r#"{"type":"region","kind":"extra","cells":["r1c1","r2c2","r3c3"]},{"type":"neighbours","op":"equal","params":[],"where":"king","within":"region"}"#,
        );
        assert_eq!(region, vec![[Pos::new(0, 0), Pos::new(1, 1)], [Pos::new(1, 1), Pos::new(2, 2)]]);
        let fenced = pairs_of(
            r#"{"type":"neighbours","kind":"nonconsecutive","area":["r1c1","r1c2","r2c1","r2c2"],"except":[["r1c2","r1c1"]]}"#,
        );
        assert_eq!(
            fenced,
            vec![
                [Pos::new(0, 0), Pos::new(1, 0)],
                [Pos::new(0, 1), Pos::new(1, 1)],
                [Pos::new(1, 0), Pos::new(1, 1)]
            ]
        );
    }
}
