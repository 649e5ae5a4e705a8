//! Aligned Pair and Triplet Exclusion as Sudoku Explainer finds them (6.2 and 7.5 on its scale),
//! for SE's way on classic 9x9. SE's base cells need not see each other: any two (or three) cells
//! with at least two excluders seeing them all (cells with two candidates, or three for triplets);
//! a combination of digits for the base cells is impossible when an excluder holds only digits of
//! it, or when two cells that see each other take the same digit. A digit of a base cell in no
//! possible combination goes. For triplets the third cell is an excluder of one of the first two,
//! as SE picks them. The band route's APE (techniques/als.rs) is the
//! reference release's narrower form (base cells that see each other) and stays as it is.

use super::se_chains::{Grid, peers, sees};
use crate::techniques::{Candidate, Move, Pattern, code};

/// SE's Aligned Pair Exclusion (`degree` 2) or Aligned Triplet Exclusion (3) moves on `grid`,
/// in SE's order of base cells.
pub fn aligned_exclusion(grid: &Grid, degree: usize) -> Vec<Move> {
    // Base cells: two candidates or more, some excluder (a peer with 2 to `degree` candidates)
    // among their peers, and no peer left with one candidate (SE skips the rule while a naked
    // single waits).
    let mut excluders = [0u128; 81];
    let mut bases: Vec<usize> = Vec::new();
    for cell in 0..81 {
        if grid[cell].count_ones() < 2 {
            continue;
        }
        let (mut ex, mut single) = (0u128, false);
        for c in peers(cell) {
            match grid[c].count_ones() as usize {
                1 => single = true,
                n if n >= 2 && n <= degree => ex |= 1 << c,
                _ => {}
            }
        }
        if !single && ex != 0 {
            excluders[cell] = ex;
            bases.push(cell);
        }
    }
    let base_set = bases.iter().fold(0u128, |m, &c| m | 1 << c);
    let mut moves = Vec::new();
    let mut done = std::collections::HashSet::new();
    for (i, &a) in bases.iter().enumerate() {
        for &b in &bases[i + 1..] {
            // A third cell, for triplets, among the excluders of the first two.
            let tails: Vec<Option<usize>> = if degree == 2 {
                vec![None]
            } else {
                let twin = (excluders[a] | excluders[b]) & base_set & !(1 << a | 1 << b);
                (0..81).filter(|&c| twin >> c & 1 == 1).map(Some).collect()
            };
            for tail in tails {
                let mut cells: Vec<usize> = [a, b].into_iter().chain(tail).collect();
                let common = cells.iter().fold(!0u128, |m, &c| m & excluders[c]);
                if common.count_ones() < 2 {
                    continue;
                }
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                if degree > 2 && !done.insert(sorted) {
                    continue;
                }
                if let Some(mv) = exclusion(grid, &mut cells, common) {
                    moves.push(mv);
                }
            }
        }
    }
    moves
}

/// What the base `cells` lose: digits in no combination that the cells' own houses and the
/// `common` excluders allow.
fn exclusion(grid: &Grid, cells: &mut [usize], common: u128) -> Option<Move> {
    let excluders: Vec<u16> = (0..81).filter(|&c| common >> c & 1 == 1).map(|c| grid[c]).collect();
    let digits: Vec<Vec<usize>> =
        cells.iter().map(|&c| (0..9).filter(|d| grid[c] >> d & 1 == 1).collect()).collect();
    let mut allowed = vec![0u16; cells.len()];
    let mut pick = vec![0usize; cells.len()];
    'combos: loop {
        let combo: Vec<usize> = pick.iter().zip(&digits).map(|(&i, ds)| ds[i]).collect();
        let same_digit_seen = (0..cells.len())
            .any(|i| (i + 1..cells.len()).any(|j| combo[i] == combo[j] && sees(cells[i], cells[j])));
        let mask = combo.iter().fold(0u16, |m, &d| m | 1 << d);
        if !same_digit_seen && !excluders.iter().any(|&m| m & !mask == 0) {
            for (a, &d) in allowed.iter_mut().zip(&combo) {
                *a |= 1 << d;
            }
        }
        for i in 0..pick.len() {
            pick[i] += 1;
            if pick[i] < digits[i].len() {
                continue 'combos;
            }
            pick[i] = 0;
        }
        break;
    }
    let eliminations: Vec<Candidate> = cells
        .iter()
        .zip(&allowed)
        .flat_map(|(&cell, &ok)| {
            let gone = grid[cell] & !ok;
            (0..9).filter(move |d| gone >> d & 1 == 1).map(move |d| Candidate { cell, digit: d as u8 + 1 })
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let digits = eliminations.iter().fold(0, |m, c| m | 1 << (c.digit - 1));
    Some(Move {
        rules: Vec::new(),
        tech: code::APE,
        placements: Vec::new(),
        eliminations,
        houses: Vec::new(),
        digits,
        cost: 0,
        pattern: Pattern::Cells(cells.to_vec()),
    })
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
        let moves = aligned_exclusion(&grid, 2);
        let found =
            moves.iter().find(|m| m.pattern == Pattern::Cells(vec![0, 8])).expect("the pair r1c1, r1c9");
        assert_eq!(found.eliminations, [Candidate { cell: 0, digit: 1 }, Candidate { cell: 8, digit: 1 }]);
    }
}
