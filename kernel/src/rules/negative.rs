//! `negative` (4.13): every clue of a family is shown, so each position of that family's shape
//! that carries no clue of the family (and lies inside the grids and the area) must not satisfy
//! the selected clue. Propagation: pair supports for unmarked orthogonal pairs, the cell's mask
//! for cell classes, small automata over the parities of a battenburg block and the digits of a
//! rossini triple.

use super::edges::edge_holds;
use super::{Constraint, Digits, Family, Layout};
use crate::format::document::Area;
use crate::format::json::Json;
use crate::format::{Pos, RuleKind};

pub struct Negative;

/// The D x D areas of the `grid` / `box_grid` rules.
fn grid_areas(layout: &Layout) -> Vec<Vec<Pos>> {
    layout
        .rules
        .iter()
        .filter_map(|r| match r {
            RuleKind::Grid { origin } | RuleKind::BoxGrid { origin, .. } => {
                Some(layout.area_cells(&Area::Origin(*origin)))
            }
            _ => None,
        })
        .collect()
}

/// True when the board is a D x D square with no gaps (what the rossini positions need).
fn gap_free_square(layout: &Layout) -> bool {
    layout.rows == layout.digits
        && layout.cols == layout.digits
        && layout.positions().len() == layout.digits * layout.digits
}

/// The positions a negative constrains (4.13): every position of the family's shape inside one
/// grid area and inside the area, minus those carrying a clue of the family. Each position is
/// its cells in the order the test reads them.
fn unmarked_positions(rule: &RuleKind, layout: &Layout) -> Result<Vec<Vec<Pos>>, String> {
    let RuleKind::Negative { of, selector, split, area } = rule else { return Ok(Vec::new()) };
    let grids = grid_areas(layout);
    let in_one_grid =
        |cells: &[Pos]| grids.is_empty() || grids.iter().any(|g| cells.iter().all(|p| g.contains(p)));
    let area = area.as_ref().map(|a| layout.area_cells(a));
    let in_area = |cells: &[Pos]| area.as_ref().is_none_or(|a| cells.iter().all(|p| a.contains(p)));
    let mut out = Vec::new();
    match of.as_str() {
        "kropki" | "xv" | "difference" | "ratio" | "product" | "sum" => {
            let marked = |p: Pos, q: Pos| {
                layout.rules.iter().any(|r| {
                    matches!(r, RuleKind::Edge { kind, cells, .. }
                        if kind == of && cells.len() == 2 && cells.contains(&p) && cells.contains(&q))
                })
            };
            for p in layout.positions() {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    let Some(q) = layout.cell_at(p.r as isize + dr, p.c as isize + dc) else { continue };
                    if in_one_grid(&[p, q]) && in_area(&[p, q]) && !marked(p, q) {
                        out.push(vec![p, q]);
                    }
                }
            }
        }
        "rossini" => {
            if !gap_free_square(layout) {
                return Err("a negative of rossini needs a gap-free D x D board".into());
            }
            let d = layout.digits;
            let marked = |cells: &[Pos]| {
                layout.rules.iter().any(|r| matches!(r, RuleKind::Rossini { cells: c, .. } if c == cells))
            };
            // The first 3 cells inwards from each end of every row and column.
            for line in 0..d {
                if d < 3 {
                    break;
                }
                let from_left = (0..3).map(|k| Pos::new(line, k)).collect::<Vec<_>>();
                let from_right = (0..3).map(|k| Pos::new(line, d - 1 - k)).collect::<Vec<_>>();
                let from_top = (0..3).map(|k| Pos::new(k, line)).collect::<Vec<_>>();
                let from_bottom = (0..3).map(|k| Pos::new(d - 1 - k, line)).collect::<Vec<_>>();
                for cells in [from_left, from_right, from_top, from_bottom] {
                    if in_area(&cells) && !marked(&cells) {
                        out.push(cells);
                    }
                }
            }
        }
        "battenburg" => {
            let marked = |cells: &[Pos]| {
                layout.rules.iter().any(
                    |r| matches!(r, RuleKind::Corner { kind, cells: c, .. } if kind == "battenburg" && c == cells),
                )
            };
            for p in layout.positions() {
                let block: Option<Vec<Pos>> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .iter()
                    .map(|&(dr, dc)| layout.cell_at(p.r as isize + dr, p.c as isize + dc))
                    .collect();
                if let Some(block) = block
                    && in_one_grid(&block)
                    && in_area(&block)
                    && !marked(&block)
                {
                    out.push(block);
                }
            }
        }
        "cell" => {
            let kind = selector.as_ref().and_then(Json::as_str).unwrap_or_default();
            let marked = |p: Pos| {
                layout.rules.iter().any(|r| {
                    matches!(r, RuleKind::Cell { kind: k, cells, split: s, .. }
                        if k == kind && cells.contains(&p) && (!matches!(kind, "low" | "high") || s == split))
                })
            };
            // `area` restricts low/high as it does odd/even (the spec's prose; the reference
            // ignores it there, appendix A.10).
            for p in layout.positions() {
                if in_area(&[p]) && !marked(p) {
                    out.push(vec![p]);
                }
            }
        }
        other => return Err(format!("no negative of {other:?}")),
    }
    Ok(out)
}

/// What an unmarked position's digits must do (the negation of the selected clue), from the
/// spec's table.
fn unmarked_ok(rule: &RuleKind, x: &[i64]) -> bool {
    let RuleKind::Negative { of, selector, split, .. } = rule else { return false };
    let chosen = selector.as_ref().and_then(Json::as_str);
    let value = selector.as_ref().and_then(Json::as_int);
    let edge = |kind: &str, color: Option<&str>, letter: Option<&str>, value: Option<i64>| {
        edge_holds(kind, color, letter, value, x[0], x[1])
    };
    match of.as_str() {
        "kropki" => ["white", "black"]
            .into_iter()
            .filter(|c| chosen.is_none_or(|s| s == *c))
            .all(|c| !edge("kropki", Some(c), None, None)),
        "xv" => ["X", "V"]
            .into_iter()
            .filter(|l| chosen.is_none_or(|s| s == *l))
            .all(|l| !edge("xv", None, Some(l), None)),
        "difference" | "ratio" | "product" | "sum" => value.is_some() && !edge(of, None, None, value),
        "rossini" => {
            let distinct = x[0] != x[1] && x[1] != x[2] && x[0] != x[2];
            distinct && !(x[0] < x[1] && x[1] < x[2]) && !(x[0] > x[1] && x[1] > x[2])
        }
        "battenburg" => {
            let (tl, tr, bl, br) = (x[0] % 2, x[1] % 2, x[2] % 2, x[3] % 2);
            !(tl == br && tr == bl && tl != tr)
        }
        "cell" => match (chosen, *split) {
            (Some("odd"), _) => x[0] % 2 == 0,
            (Some("even"), _) => x[0] % 2 == 1,
            (Some("low"), Some(s)) => x[0] > s,
            (Some("high"), Some(s)) => x[0] <= s,
            _ => false,
        },
        _ => false,
    }
}

impl Family for Negative {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        unmarked_positions(rule, digits.layout)
            .is_ok_and(|positions| positions.iter().all(|cells| unmarked_ok(rule, &digits.xs(cells))))
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let RuleKind::Negative { of, .. } = rule else { return Ok(Vec::new()) };
        let d = layout.digits;
        let test = |x: &[i64]| unmarked_ok(rule, x);
        let mut out = Vec::new();
        for cells in unmarked_positions(rule, layout)? {
            let c = layout.cells(&cells);
            match c.len() {
                1 => out.push(Constraint::pair(c[0], c[0], d, |a, b| a == b && test(&[a]))),
                2 => out.push(Constraint::pair(c[0], c[1], d, |a, b| test(&[a, b]))),
                // Battenburg reads only parities: the automaton keeps parities, not digits.
                _ => out.extend(if of == "battenburg" {
                    tuple_automaton(c, d, |v| v % 2, test)
                } else {
                    tuple_automaton(c, d, |v| v, test)
                }),
            }
        }
        Ok(out)
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, _rule: &RuleKind) -> &'static str {
        "PWC"
    }

    fn scope(&self, _rule: &RuleKind, _layout: &Layout) -> Option<Vec<usize>> {
        // Positions all over the board: checked on full grids (the propagators see each one).
        None
    }
}

/// The cells' digits, mapped by `class`, form a tuple `test` accepts (`test` must read digits
/// only through `class`): an automaton whose states are the classes read so far.
fn tuple_automaton(
    cells: Vec<usize>,
    d: usize,
    class: impl Fn(i64) -> i64,
    test: impl Fn(&[i64]) -> bool,
) -> Option<Constraint> {
    let n = cells.len();
    Constraint::automaton(
        cells,
        d,
        Some(Vec::new()),
        |read: &Option<Vec<i64>>, v| {
            let Some(read) = read else { return Vec::new() };
            let mut next = read.clone();
            next.push(class(v));
            if next.len() < n {
                vec![Some(next)]
            } else if test(&next) {
                // Complete and accepted: one final state.
                vec![None]
            } else {
                Vec::new()
            }
        },
        Option::is_none,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read;

    /// The negative (the last rule) of a document on an empty `rows` x `cols` board of 4 digits.
    fn unmarked(rows: usize, cols: usize, rules: &str) -> (RuleKind, Vec<Vec<Pos>>) {
        let givens = vec!["0"; rows * cols].join(",");
        let text = format!(
            "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":{rows},\"cols\":{cols}}},\"digits\":4,\"givens\":[{givens}],\"rules\":[{rules}]}}"
        );
        let p = read(&text).unwrap();
        let doc = p.document.as_deref().unwrap();
        let rule = doc.rules.last().unwrap().kind.clone();
        let positions = unmarked_positions(&rule, &Layout::new(doc, &p.board)).unwrap();
        (rule, positions)
    }

    const GRID: &str = r#"{"type":"box_grid","origin":"r1c1","box":[2,2]}"#;

    #[test]
    fn negative_rules_skip_marked_positions() {
        let cells = |names: &[(usize, usize)]| names.iter().map(|&(r, c)| Pos::new(r, c)).collect::<Vec<_>>();
        // Any kropki dot exempts its pair from a negative of kropki; an X does not.
        let (_, kropki) = unmarked(
            4,
            4,
            &format!(
                r#"{GRID},{{"type":"edge","kind":"kropki","cells":["r1c2","r1c1"],"color":"black"}},{{"type":"edge","kind":"xv","cells":["r2c1","r2c2"],"letter":"X"}},{{"type":"negative","of":"kropki","color":"white"}}"#
            ),
        );
        assert_eq!(kropki.len(), 23);
        assert!(!kropki.contains(&cells(&[(0, 0), (0, 1)])));
        let (_, fenced) = unmarked(
            4,
            4,
            &format!(r#"{GRID},{{"type":"negative","of":"sum","sum":5,"area":["r1c1","r1c2","r2c1"]}}"#),
        );
        assert_eq!(fenced, vec![cells(&[(0, 0), (0, 1)]), cells(&[(0, 0), (1, 0)])]);
        // Two grids side by side: the 4 pairs across their common border are nobody's.
        let (_, two) = unmarked(
            4,
            8,
            r#"{"type":"grid","origin":"r1c1"},{"type":"grid","origin":"r1c5"},{"type":"negative","of":"xv"}"#,
        );
        assert_eq!(two.len(), 48);
        let (_, rossini) = unmarked(
            4,
            4,
            &format!(
                r#"{GRID},{{"type":"rossini","side":"right","cells":["r2c4","r2c3","r2c2"],"arrow":"in"}},{{"type":"negative","of":"rossini"}}"#
            ),
        );
        assert_eq!(rossini.len(), 15);
        assert!(!rossini.contains(&cells(&[(1, 3), (1, 2), (1, 1)])));
        assert!(rossini.contains(&cells(&[(1, 0), (1, 1), (1, 2)])));
        let (_, blocks) = unmarked(
            4,
            4,
            &format!(
                r#"{GRID},{{"type":"corner","kind":"battenburg","cells":["r2c2","r2c3","r3c2","r3c3"]}},{{"type":"negative","of":"battenburg"}}"#
            ),
        );
        assert_eq!(blocks.len(), 8);
        // Low marks exempt only with the same split; `area` restricts low/high too (the spec's
        // prose; the reference ignores it there).
        let (_, low) = unmarked(
            4,
            4,
            &format!(
                r#"{GRID},{{"type":"cell","kind":"low","cells":["r1c1"],"split":2}},{{"type":"cell","kind":"low","cells":["r1c2"],"split":3}},{{"type":"negative","of":"cell","kind":"low","split":2,"area":["r1c1","r1c2","r2c1"]}}"#
            ),
        );
        assert_eq!(low.len(), 2);
        let (_, odd) = unmarked(
            4,
            4,
            &format!(
                r#"{GRID},{{"type":"cell","kind":"odd","cells":["r1c1"]}},{{"type":"negative","of":"cell","kind":"odd","area":["r1c1","r1c2"]}}"#
            ),
        );
        assert_eq!(odd, vec![cells(&[(0, 1)])]);
    }

    #[test]
    fn negative_rules_forbid_the_selected_clue() {
        let (both, _) = unmarked(4, 4, &format!(r#"{GRID},{{"type":"negative","of":"kropki"}}"#));
        let (white, _) =
            unmarked(4, 4, &format!(r#"{GRID},{{"type":"negative","of":"kropki","color":"white"}}"#));
        assert!(!unmarked_ok(&both, &[1, 2]) && !unmarked_ok(&both, &[4, 2]) && !unmarked_ok(&both, &[2, 3]));
        assert!(unmarked_ok(&both, &[1, 3]) && unmarked_ok(&white, &[2, 4]) && !unmarked_ok(&white, &[3, 2]));
        let (rossini, _) = unmarked(4, 4, &format!(r#"{GRID},{{"type":"negative","of":"rossini"}}"#));
        assert!(unmarked_ok(&rossini, &[2, 4, 1]) && !unmarked_ok(&rossini, &[3, 2, 1]));
        assert!(!unmarked_ok(&rossini, &[1, 1, 2]));
        let (high, _) =
            unmarked(4, 4, &format!(r#"{GRID},{{"type":"negative","of":"cell","kind":"high","split":3}}"#));
        assert!(unmarked_ok(&high, &[3]) && !unmarked_ok(&high, &[4]));
    }

    #[test]
    fn negative_rossini_needs_a_square_board() {
        let text = r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4,"cols":5},"digits":4,"givens":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"rules":[{"type":"grid","origin":"r1c1"},{"type":"negative","of":"rossini"}]}"#;
        let p = read(text).unwrap();
        let err = crate::solve::count(&p, 2).unwrap_err();
        assert!(err.to_string().contains("gap-free") && err.kind() == crate::ErrorKind::Invalid, "{err}");
    }
}
