//! Unique loops as Sudoku Explainer finds them (types 1 and 2), for SE's way on classic 9x9: a
//! closed path of 6, 8 or 10 cells holding two digits a and b, each cell sharing a house with the
//! next, every row, column and box holding none or two of its cells, an odd number of steps apart
//! on the path. If
//! every cell held only a and b, they could swap along the path: two solutions. So in a unique
//! puzzle a cell holding more loses a and b when it is the only one (type 1), and when the cells
//! holding more all hold one same extra digit c, one of them is c and c goes from every cell
//! seeing them all (type 2). Unique rectangles (4 cells) are the band route's search.

use super::se::tenths;
use super::se_chains::{Grid, houses_of, sees};
use crate::techniques::{Candidate, Move, Pattern, code};

/// SE's value of a unique loop of `cells` cells and `type` 1 or 2: 4.5, plus 0.1 for 6 cells,
/// 0.2 for 8, 0.5 for 10 or more, plus 0.1 for type 2.
pub fn value(cells: usize, kind: u8) -> f64 {
    let size: f64 = match cells {
        0..=5 => 0.0,
        6 | 7 => 0.1,
        8 | 9 => 0.2,
        _ => 0.5,
    };
    tenths(4.5 + size + if kind == 2 { 0.1 } else { 0.0 })
}

/// The type of a unique loop's move: 1 when it removes digits of the loop's pair, else 2.
pub fn kind(m: &Move) -> u8 {
    if m.eliminations.iter().all(|e| m.digits >> (e.digit - 1) & 1 == 1) { 1 } else { 2 }
}

/// The unique loops of 6 to 10 cells on `grid`.
pub fn unique_loops(grid: &Grid) -> Vec<Move> {
    let mut out = Vec::new();
    for a in 0..9 {
        for b in a + 1..9 {
            let pair = 1u16 << a | 1 << b;
            let cells: Vec<usize> = (0..81).filter(|&c| grid[c] & pair == pair).collect();
            if cells.len() < 6 {
                continue;
            }
            for &start in &cells {
                let mut path = vec![start];
                walk(grid, pair, &cells, &mut path, &mut out);
            }
        }
    }
    out
}

/// Extends `path` (from its first cell, the smallest of the loop) by cells of `cells` that share a
/// house with the last, no house holding more than two of the path's cells; at 6, 8 and 10 cells, a
/// path whose last cell sees its first is checked as a loop.
fn walk(grid: &Grid, pair: u16, cells: &[usize], path: &mut Vec<usize>, out: &mut Vec<Move>) {
    let (first, last) = (path[0], *path.last().unwrap());
    if path.len() >= 6 && path.len().is_multiple_of(2) && sees(last, first) && path[1] < last {
        out.extend(check(grid, pair, path));
    }
    if path.len() == 10 {
        return;
    }
    for &next in cells {
        if next > first
            && !path.contains(&next)
            && sees(last, next)
            && houses_of(next)
                .iter()
                .all(|&h| path.iter().filter(|&&c| houses_of(c).contains(&h)).count() < 2)
            && extras_allowed(grid, pair, path, next)
        {
            path.push(next);
            walk(grid, pair, cells, path, out);
            path.pop();
        }
    }
}

/// Whether `next` may join the path's cells holding more than the pair: types 1 and 2 allow one
/// such cell with any extras, or several with one same extra digit.
fn extras_allowed(grid: &Grid, pair: u16, path: &[usize], next: usize) -> bool {
    let extra = grid[next] & !pair;
    extra == 0
        || path.iter().all(|&c| grid[c] == pair)
        || (extra.count_ones() == 1 && path.iter().all(|&c| grid[c] & !pair == 0 || grid[c] & !pair == extra))
}

/// The move of a closed path, if it is a deadly loop of type 1 or 2.
fn check(grid: &Grid, pair: u16, path: &[usize]) -> Option<Move> {
    // Every row, column and box holds none or two of the loop's cells, an even and an odd one
    // along the loop (a and b alternate): with one, or two of one parity, a swap of a and b would
    // leave a digit twice in the house.
    let mut in_house = [[0u8; 2]; 27];
    for (i, &c) in path.iter().enumerate() {
        for h in houses_of(c) {
            in_house[h][i % 2] += 1;
        }
    }
    if in_house.iter().any(|&[even, odd]| even + odd != 0 && (even, odd) != (1, 1)) {
        return None;
    }
    let extra: Vec<usize> = path.iter().copied().filter(|&c| grid[c] != pair).collect();
    let digit = |d: usize, cell: usize| Candidate { cell, digit: d as u8 + 1 };
    let (kind, eliminations) = match extra.as_slice() {
        [one] => (1, (0..9).filter(|d| pair >> d & 1 == 1).map(|d| digit(d, *one)).collect::<Vec<_>>()),
        [first, ..] => {
            let more = grid[*first] & !pair;
            if more.count_ones() != 1 || extra.iter().any(|&c| grid[c] != pair | more) {
                return None;
            }
            let z = more.trailing_zeros() as usize;
            let elims: Vec<Candidate> = (0..81)
                .filter(|&c| !path.contains(&c) && grid[c] >> z & 1 == 1 && extra.iter().all(|&e| sees(c, e)))
                .map(|c| digit(z, c))
                .collect();
            (2, elims)
        }
        [] => return None,
    };
    if eliminations.is_empty() {
        return None;
    }
    let mv = Move {
        rules: Vec::new(),
        tech: code::URC,
        placements: Vec::new(),
        eliminations,
        houses: Vec::new(),
        digits: pair as u32,
        cost: 0,
        pattern: Pattern::Cells(path.to_vec()),
    };
    debug_assert_eq!(self::kind(&mv), kind);
    Some(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_six_cell_loop_with_one_extra_cell_loses_the_pair_there() {
        // {1,2} in r1c1, r1c2, r4c2, r4c5, r5c5 and r5c1 (with a 3): every row, column and box
        // holds two of them, one at an even and one at an odd place along the loop.
        let mut grid = [0x1fcu16; 81]; // digits 3-9 elsewhere
        for c in [0, 1, 28, 31, 40] {
            grid[c] = 0b11;
        }
        grid[36] = 0b111;
        let loops = unique_loops(&grid);
        let want = [Candidate { cell: 36, digit: 1 }, Candidate { cell: 36, digit: 2 }];
        let found = loops.iter().find(|m| m.eliminations == want).expect("the loop");
        assert_eq!((found.pattern.clone(), kind(found)), (Pattern::Cells(vec![0, 1, 28, 31, 40, 36]), 1));
        assert_eq!(value(6, 1), 4.6);
        assert_eq!(value(8, 2), 4.8);
    }
}
