//! Implied houses (hidden regions): cell groups that must hold every digit once although no rule
//! names them. k disjoint complete lines hold each digit k times; take away k-1 disjoint complete
//! houses lying inside them and the D cells left hold each digit once. On a windoku, columns 2-4
//! minus the windows at r2c2 and r6c2 leave rows 1, 5 and 9 of those columns; five such groups
//! exist there, and solvers (and the reference release) read locked candidates and fish in them.
//! A classic board has none (what is left is always a box).

use super::{Board, House, HouseKind};

/// At most this many lines are combined: the windoku's groups need three (as do the jigsaw
/// leftovers of a three-row band), and the search stays small on 25x25 boards.
const MAX_LINES: usize = 3;

/// The board's implied houses, in the order found (lines in board order, rows before columns),
/// numbered from 1; a group already among the houses is not repeated. Implied houses found in one
/// round take part in the next (the windoku's fifth group comes from the other four).
pub fn implied_houses(board: &Board) -> Vec<House> {
    let n = board.cell_count();
    let d = board.digits;
    let sorted = |cells: &[usize]| {
        let mut v = cells.to_vec();
        v.sort_unstable();
        v
    };
    let mut known: Vec<Vec<usize>> = board.houses.iter().map(|h| sorted(&h.cells)).collect();
    // Complete lines by orientation; the other complete houses are what may be taken away.
    let lines = |kind: HouseKind| -> Vec<Vec<usize>> {
        board
            .houses
            .iter()
            .filter(|h| h.kind == kind && h.cells.len() == d)
            .map(|h| sorted(&h.cells))
            .collect()
    };
    let orientations = [lines(HouseKind::Row), lines(HouseKind::Column)];
    let mut blocks: Vec<Vec<usize>> = board
        .houses
        .iter()
        .filter(|h| !matches!(h.kind, HouseKind::Row | HouseKind::Column) && h.cells.len() == d)
        .map(|h| sorted(&h.cells))
        .collect();
    let mut found: Vec<Vec<usize>> = Vec::new();
    loop {
        let before = found.len();
        for group in &orientations {
            for k in 2..=MAX_LINES.min(group.len()) {
                for_each_subset(group.len(), k, &mut |picked: &[usize]| {
                    let mut inside = vec![false; n];
                    let mut size = 0;
                    for &i in picked {
                        for &c in &group[i] {
                            size += usize::from(!inside[c]);
                            inside[c] = true;
                        }
                    }
                    if size != k * d {
                        return; // the lines overlap (a multi-grid board)
                    }
                    let within: Vec<&Vec<usize>> =
                        blocks.iter().filter(|b| b.iter().all(|&c| inside[c])).collect();
                    for_each_subset(within.len(), k - 1, &mut |taken: &[usize]| {
                        let mut left = inside.clone();
                        for &t in taken {
                            for &c in within[t] {
                                if !left[c] {
                                    return; // the houses taken away overlap
                                }
                                left[c] = false;
                            }
                        }
                        let rest: Vec<usize> = (0..n).filter(|&c| left[c]).collect();
                        if !known.contains(&rest) {
                            known.push(rest.clone());
                            found.push(rest);
                        }
                    });
                });
            }
        }
        if found.len() == before {
            break;
        }
        blocks.extend(found[before..].iter().cloned());
    }
    found
        .into_iter()
        .enumerate()
        .map(|(i, cells)| House { kind: HouseKind::Implied, number: i + 1, cells })
        .collect()
}

/// Calls `f` with every k-subset of 0..n, in lexicographic order.
fn for_each_subset(n: usize, k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(start: usize, n: usize, k: usize, picked: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if picked.len() == k {
            f(picked);
            return;
        }
        for i in start..n {
            if n - i < k - picked.len() {
                break;
            }
            picked.push(i);
            go(i + 1, n, k, picked, f);
            picked.pop();
        }
    }
    go(0, n, k, &mut Vec::with_capacity(k), f);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: usize) -> Board {
        let text = include_str!("../../../data/examples/variants.jsonl");
        let doc = text.lines().filter(|l| l.starts_with('{')).nth(line).unwrap();
        crate::read(doc).unwrap().board
    }

    fn names(b: &Board, cells: &[usize]) -> String {
        cells.iter().map(|&c| b.cell_name(c)).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn a_windoku_has_its_five_hidden_groups() {
        let b = board(2);
        let found = implied_houses(&b);
        let got: Vec<String> = found.iter().map(|h| names(&b, &h.cells)).collect();
        let group = |rows: [usize; 3], cols: [usize; 3]| {
            let mut cells: Vec<(usize, usize)> =
                rows.iter().flat_map(|&r| cols.iter().map(move |&c| (r - 1, c - 1))).collect();
            cells.sort_unstable();
            cells.iter().map(|&(r, c)| format!("r{}c{}", r + 1, c + 1)).collect::<Vec<_>>().join(" ")
        };
        let mut want = vec![
            group([1, 5, 9], [2, 3, 4]),
            group([1, 5, 9], [6, 7, 8]),
            group([2, 3, 4], [1, 5, 9]),
            group([6, 7, 8], [1, 5, 9]),
            group([1, 5, 9], [1, 5, 9]),
        ];
        let mut got_sorted = got.clone();
        got_sorted.sort();
        want.sort();
        assert_eq!(got_sorted, want, "{got:#?}");
        assert!(found.iter().all(|h| h.cells.len() == 9 && h.kind == HouseKind::Implied));
    }

    #[test]
    fn classic_boards_and_x_sudoku_have_none() {
        for d in [4, 6, 9, 16] {
            assert!(implied_houses(&Board::standard(d).unwrap()).is_empty(), "{d}x{d}");
        }
        assert!(implied_houses(&board(1)).is_empty(), "X-sudoku");
    }
}
