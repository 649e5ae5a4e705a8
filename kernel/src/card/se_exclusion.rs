//! Aligned Pair Exclusion as Sudoku Explainer finds it (6.2 on its scale), for SE's way on
//! classic 9x9. SE's base cells need not see each other: any two cells with at least two bivalue
//! cells seeing both (the excluders); a pair of digits for the two is impossible when an excluder
//! holds just those digits, or when the digits are equal and the cells see each other. A digit of
//! a base cell in no possible pair goes. The band route's APE (techniques/als.rs) is the
//! reference release's narrower form (base cells that see each other) and stays as it is.

use super::se_chains::{Grid, peers};
use crate::techniques::{Candidate, Move, Pattern, code};

/// SE's Aligned Pair Exclusion moves on `grid`, in SE's order of base cells.
pub fn aligned_pair_exclusion(grid: &Grid) -> Vec<Move> {
    // Base cells: two candidates or more, some bivalue cell among their peers, and no peer left
    // with one candidate (SE skips the rule while a naked single waits).
    let mut bases: Vec<(usize, u128)> = Vec::new();
    for cell in 0..81 {
        if grid[cell].count_ones() < 2 {
            continue;
        }
        let (mut excluders, mut single) = (0u128, false);
        for c in peers(cell) {
            match grid[c].count_ones() {
                1 => single = true,
                2 => excluders |= 1 << c,
                _ => {}
            }
        }
        if !single && excluders != 0 {
            bases.push((cell, excluders));
        }
    }
    let mut moves = Vec::new();
    for (i, &(a, ex_a)) in bases.iter().enumerate() {
        for &(b, ex_b) in &bases[i + 1..] {
            let common = ex_a & ex_b;
            if common.count_ones() < 2 {
                continue;
            }
            let excluders: Vec<u16> = (0..81).filter(|&c| common >> c & 1 == 1).map(|c| grid[c]).collect();
            let see = peers(a).contains(&b);
            let (mut ok_a, mut ok_b) = (0u16, 0u16);
            for x in (0..9).filter(|x| grid[a] >> x & 1 == 1) {
                for y in (0..9).filter(|y| grid[b] >> y & 1 == 1) {
                    let pair = 1u16 << x | 1 << y;
                    let locked = (x == y && see) || excluders.iter().any(|&m| m & !pair == 0);
                    if !locked {
                        ok_a |= 1 << x;
                        ok_b |= 1 << y;
                    }
                }
            }
            let eliminations: Vec<Candidate> = [(a, grid[a] & !ok_a), (b, grid[b] & !ok_b)]
                .into_iter()
                .flat_map(|(cell, gone)| {
                    (0..9)
                        .filter(move |d| gone >> d & 1 == 1)
                        .map(move |d| Candidate { cell, digit: d as u8 + 1 })
                })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let digits = eliminations.iter().fold(0, |m, c| m | 1 << (c.digit - 1));
            moves.push(Move {
                tech: code::APE,
                placements: Vec::new(),
                eliminations,
                houses: Vec::new(),
                digits,
                cost: 0,
                pattern: Pattern::Cells(vec![a, b]),
            });
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excluders_seeing_both_cells_remove_a_digit_with_no_pair_left() {
        // r1c1 {1,2} and r1c9 {1,3} see each other; r1c4 {1,2} and r1c5 {1,3} see both. Pairs:
        // (1,1) same digit, (1,3) locked by r1c5, (2,1) locked by r1c4, (2,3) allowed: r1c1 is 2
        // and r1c9 is 3, so 1 goes from both.
        let mut grid = [0x1ffu16; 81];
        (grid[0], grid[8], grid[3], grid[4]) = (0b011, 0b101, 0b011, 0b101);
        let moves = aligned_pair_exclusion(&grid);
        let found =
            moves.iter().find(|m| m.pattern == Pattern::Cells(vec![0, 8])).expect("the pair r1c1, r1c9");
        assert_eq!(found.eliminations, [Candidate { cell: 0, digit: 1 }, Candidate { cell: 8, digit: 1 }]);
    }
}
