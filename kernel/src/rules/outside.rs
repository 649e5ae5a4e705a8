//! Outside clues (4.9): sandwich, xsum, skyscraper, rossini, first_seen. Each reads its ordered
//! `cells` from the clue inwards.
//!
//! Propagation: rossini is three pair supports; the others are automata reading the cells in
//! order (`Constraint::automaton`), which keep exactly the digits some filling of the clue's own
//! cells can use. Repeats are allowed except where the clue's cells share a house: then sandwich
//! ends occur once, sandwich middles and x-sum prefixes do not repeat, and a skyscraper line
//! holding all D digits ends at D.

use super::{Constraint, Digits, Family, Layout};
use crate::format::{Pos, RuleKind};

pub struct Outside;

impl Family for Outside {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let d = digits.layout.digits as i64;
        match rule {
            RuleKind::Sandwich { sum, cells, .. } => {
                // Some position of a 1 and some position of a D bracket cells summing to `sum`.
                let x = digits.xs(cells);
                (0..x.len()).any(|i| {
                    x[i] == 1
                        && (0..x.len()).any(|j| {
                            let (lo, hi) = (i.min(j), i.max(j));
                            x[j] == d && x.iter().take(hi).skip(lo + 1).sum::<i64>() == *sum
                        })
                })
            }
            RuleKind::Xsum { sum, cells, .. } => {
                let x = digits.xs(cells);
                let first = x.first().copied().unwrap_or(0);
                first >= 1 && first as usize <= x.len() && x[..first as usize].iter().sum::<i64>() == *sum
            }
            RuleKind::Skyscraper { value, cells, .. } => {
                let x = digits.xs(cells);
                let seen = (0..x.len()).filter(|&i| x[..i].iter().all(|&before| x[i] > before)).count();
                seen as i64 == *value
            }
            RuleKind::Rossini { arrow, cells, .. } => {
                let x = digits.xs(cells);
                x.len() == 3
                    && match arrow.as_str() {
                        "in" => x[0] < x[1] && x[1] < x[2],
                        "out" => x[0] > x[1] && x[1] > x[2],
                        _ => false,
                    }
            }
            RuleKind::FirstSeen { value, digits: listed, cells, .. } => {
                digits.xs(cells).into_iter().find(|x| listed.contains(x)) == Some(*value)
            }
            _ => false,
        }
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let d = layout.digits;
        let distinct = |cells: &[Pos]| layout.in_one_house(&layout.cells(cells));
        let automaton = match rule {
            // Tracking the middle digits is exact for a house but larger: beyond the automaton
            // limit, the version with repeats.
            RuleKind::Sandwich { sum, cells, .. } => sandwich(layout.cells(cells), d, *sum, distinct(cells))
                .or_else(|| sandwich(layout.cells(cells), d, *sum, false)),
            RuleKind::Xsum { sum, cells, .. } => xsum(layout.cells(cells), d, *sum, distinct(cells))
                .or_else(|| xsum(layout.cells(cells), d, *sum, false)),
            RuleKind::Skyscraper { value, cells, .. } => {
                skyscraper(layout.cells(cells), d, *value, distinct(cells) && cells.len() == d)
            }
            RuleKind::FirstSeen { value, digits, cells, .. } => {
                first_seen(layout.cells(cells), d, *value, digits.clone())
            }
            RuleKind::Rossini { arrow, cells, .. } => {
                if cells.len() != 3 {
                    return Err("a rossini clue has exactly 3 cells".into());
                }
                let c = layout.cells(cells);
                let rising = match arrow.as_str() {
                    "in" => true,
                    "out" => false,
                    other => return Err(format!("unknown rossini arrow {other:?} (expected in or out)")),
                };
                let ordered = move |a: i64, b: i64| if rising { a < b } else { a > b };
                return Ok(vec![
                    Constraint::pair(c[0], c[1], d, ordered),
                    Constraint::pair(c[1], c[2], d, ordered),
                    Constraint::pair(c[0], c[2], d, ordered),
                ]);
            }
            _ => return Ok(Vec::new()),
        };
        // Too large an automaton (huge boards): the placed check alone keeps the count exact.
        Ok(automaton.into_iter().collect())
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, rule: &RuleKind) -> &'static str {
        match rule {
            RuleKind::Sandwich { .. } => "SWC",
            RuleKind::Xsum { .. } => "XSC",
            RuleKind::Skyscraper { .. } => "SKC",
            _ => "TBL",
        }
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        match rule {
            RuleKind::Sandwich { cells, .. }
            | RuleKind::Xsum { cells, .. }
            | RuleKind::Skyscraper { cells, .. }
            | RuleKind::Rossini { cells, .. }
            | RuleKind::FirstSeen { cells, .. } => Some(layout.cells(cells)),
            _ => None,
        }
    }
}

/// Where a sandwich reading stands: no end chosen yet, inside (waiting for `close`, the other
/// end's digit, with the sum so far and, for distinct digits, the mask of middle digits used),
/// or past a closed bracket.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum SandwichState {
    Before,
    Inside { close: i64, partial: i64, used: u32 },
    Done,
}

/// The nondeterministic choice of which 1 and which D bracket: any cell holding an end may open
/// (or be passed over), any later cell holding the other end may close when the sum is met (or
/// count as a middle digit). With `distinct` digits each end occurs once, so an end digit always
/// opens or closes the bracket and never appears outside that role, and no middle digit repeats.
fn sandwich(cells: Vec<usize>, d: usize, total: i64, distinct: bool) -> Option<Constraint> {
    let top = d as i64;
    Constraint::automaton(
        cells,
        d,
        SandwichState::Before,
        |s, v| {
            let is_end = v == 1 || v == top;
            let mut next = Vec::new();
            match *s {
                SandwichState::Before => {
                    if !(distinct && is_end) {
                        next.push(SandwichState::Before);
                    }
                    // With D = 1 the same cell is both ends: an empty middle.
                    if v == 1 && v == top && total == 0 {
                        next.push(SandwichState::Done);
                    }
                    if v == 1 {
                        next.push(SandwichState::Inside { close: top, partial: 0, used: 0 });
                    }
                    if v == top {
                        next.push(SandwichState::Inside { close: 1, partial: 0, used: 0 });
                    }
                }
                SandwichState::Inside { close, partial, used } => {
                    if v == close && partial == total {
                        next.push(SandwichState::Done);
                    }
                    let bit = 1u32 << (v - 1);
                    if partial + v <= total && !(distinct && (is_end || used & bit != 0)) {
                        let used = if distinct { used | bit } else { 0 };
                        next.push(SandwichState::Inside { close, partial: partial + v, used });
                    }
                }
                SandwichState::Done => {
                    if !(distinct && is_end) {
                        next.push(SandwichState::Done);
                    }
                }
            }
            next
        },
        |s| *s == SandwichState::Done,
    )
}

/// Where an x-sum reading stands: before the first cell, `left` cells still to add to `partial`
/// (with the mask of digits used when they are distinct), or the first X cells met the sum.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum XsumState {
    Start,
    Adding { left: i64, partial: i64, used: u32 },
    Done,
}

fn xsum(cells: Vec<usize>, d: usize, total: i64, distinct: bool) -> Option<Constraint> {
    let n = cells.len() as i64;
    // Adding v with `left` cells to go (counting this one) either finishes or continues.
    let add = move |left: i64, partial: i64, used: u32, v: i64| {
        let bit = 1u32 << (v - 1);
        let partial = partial + v;
        if partial > total || (distinct && used & bit != 0) {
            None
        } else if left == 1 {
            (partial == total).then_some(XsumState::Done)
        } else {
            Some(XsumState::Adding { left: left - 1, partial, used: if distinct { used | bit } else { 0 } })
        }
    };
    Constraint::automaton(
        cells,
        d,
        XsumState::Start,
        move |s, v| match *s {
            XsumState::Start if v <= n => add(v, 0, 0, v).into_iter().collect(),
            XsumState::Start => Vec::new(),
            XsumState::Adding { left, partial, used } => add(left, partial, used, v).into_iter().collect(),
            XsumState::Done => vec![XsumState::Done],
        },
        |s| *s == XsumState::Done,
    )
}

/// State (tallest so far, cells seen so far); a value beyond what the cells can show accepts
/// nothing, which counts 0. When the cells hold all D digits (`every_digit`), the tallest at
/// the end is D.
fn skyscraper(cells: Vec<usize>, d: usize, value: i64, every_digit: bool) -> Option<Constraint> {
    let top = d as i64;
    Constraint::automaton(
        cells,
        d,
        (0i64, 0i64),
        move |&(tallest, seen), v| {
            if v <= tallest {
                vec![(tallest, seen)]
            } else if seen < value {
                vec![(v, seen + 1)]
            } else {
                Vec::new()
            }
        },
        move |&(tallest, seen)| seen == value && (!every_digit || tallest == top),
    )
}

/// State: whether a digit of `listed` has been met (then it was `value`).
fn first_seen(cells: Vec<usize>, d: usize, value: i64, listed: Vec<i64>) -> Option<Constraint> {
    Constraint::automaton(
        cells,
        d,
        false,
        move |&met, v| {
            if met || !listed.contains(&v) {
                vec![met]
            } else if v == value {
                vec![true]
            } else {
                Vec::new()
            }
        },
        |&met| met,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read;

    /// The masks of r1c1..r1c4 after propagating one clue on an empty 4x4 board (a classic one,
    /// or one without houses).
    fn narrowed(rule: &str, houses: bool) -> Vec<u32> {
        let grid = if houses { r#"{"type":"box_grid","origin":"r1c1","box":[2,2]},"# } else { "" };
        let text = format!(
            "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":4,\"cols\":4}},\"digits\":4,\"givens\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],\"rules\":[{grid}{rule}]}}"
        );
        let p = read(&text).unwrap();
        let doc = p.document.as_deref().unwrap();
        let layout = Layout::new(doc, &p.board);
        let mut masks = vec![0b1111u32; 16];
        let mut changed = true;
        while changed {
            changed = false;
            for k in Outside.compile(&doc.rules.last().unwrap().kind, &layout).unwrap() {
                k.propagate(&mut masks, &mut changed).unwrap();
            }
        }
        masks[..4].to_vec()
    }

    const ROW: &str = r#""side":"left","cells":["r1c1","r1c2","r1c3","r1c4"]"#;

    #[test]
    fn outside_clues_narrow_their_cells() {
        // The row is a house: 1 and 4 only at the ends, the middle is 2 and 3.
        let sandwich = format!(r#"{{"type":"sandwich",{ROW},"sum":5}}"#);
        assert_eq!(narrowed(&sandwich, true), [0b1001, 0b0110, 0b0110, 0b1001]);
        // Without houses the middle may repeat an end (4 + 1); the ends stay 1 and 4.
        assert_eq!(narrowed(&sandwich, false), [0b1001, 0b1111, 0b1111, 0b1001]);
        // Only X = 1 gives an x-sum of 1.
        assert_eq!(narrowed(&format!(r#"{{"type":"xsum",{ROW},"sum":1}}"#), false)[0], 0b0001);
        // An x-sum of 10 is the whole row when it is a house (4 = 1 + 2 + 3 + 4); with repeats
        // 3 + 3 + 4 or 2 + 4 + 4 also reach 10.
        let ten = format!(r#"{{"type":"xsum",{ROW},"sum":10}}"#);
        assert_eq!(narrowed(&ten, true)[0], 0b1000);
        assert_eq!(narrowed(&ten, false)[0], 0b1100);
        // Four visible cells out of four: 1, 2, 3, 4 in order.
        assert_eq!(narrowed(&format!(r#"{{"type":"skyscraper",{ROW},"value":4}}"#), false), [1, 2, 4, 8]);
        // One visible cell: in a whole row the first is the 4; with repeats (1, 1, 1, 1) anything.
        let one = format!(r#"{{"type":"skyscraper",{ROW},"value":1}}"#);
        assert_eq!(narrowed(&one, true)[0], 0b1000);
        assert_eq!(narrowed(&one, false)[0], 0b1111);
        // The first of 1/2 seen is a 2: the first cell cannot be a 1.
        let first = format!(r#"{{"type":"first_seen",{ROW},"value":2,"digits":[1,2]}}"#);
        assert_eq!(narrowed(&first, false)[0], 0b1110);
        let rossini = r#"{"type":"rossini","side":"left","cells":["r1c1","r1c2","r1c3"],"arrow":"out"}"#;
        assert_eq!(narrowed(rossini, false)[..3], [0b1100, 0b0110, 0b0011]);
    }
}
