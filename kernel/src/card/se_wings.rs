//! WXYZ- and VWXYZ-Wings as Sukaku Explainer (the SE fork that rated the SE bank) finds them, for
//! SE's way on classic 9x9: a pivot cell and three or four wing cells it sees, holding together
//! exactly as many digits as cells, every digit but one (z) restricted (its cells all see each
//! other): one of the cells holding z is z, so z goes from every cell seeing them all. The band
//! route's bent sets (techniques/wings.rs) are confined to one box and one line; these wings
//! reach over the pivot's row, column and box.

use super::se_chains::{Grid, peers, sees};
use crate::techniques::{Candidate, Move, Pattern, code};

/// The wings of 4 and 5 cells on `grid`.
pub fn pivot_wings(grid: &Grid) -> Vec<Move> {
    let mut moves = Vec::new();
    for pivot in 0..81 {
        let count = grid[pivot].count_ones() as usize;
        if !(2..=5).contains(&count) {
            continue;
        }
        let wings: Vec<usize> =
            peers(pivot).into_iter().filter(|&c| (2..=5).contains(&grid[c].count_ones())).collect();
        for size in 4..=5 {
            let mut pick = vec![pivot];
            extend(grid, &wings, 0, size, grid[pivot], &mut pick, &mut moves);
        }
    }
    moves
}

/// Adds wing cells from `wings[from..]` to `pick` until it holds `size` cells.
fn extend(
    grid: &Grid,
    wings: &[usize],
    from: usize,
    size: usize,
    union: u16,
    pick: &mut Vec<usize>,
    out: &mut Vec<Move>,
) {
    if pick.len() == size {
        if union.count_ones() as usize == size {
            out.extend(check(grid, pick, union));
        }
        return;
    }
    for i in from..wings.len() {
        let u = union | grid[wings[i]];
        if u.count_ones() as usize > size {
            continue;
        }
        pick.push(wings[i]);
        extend(grid, wings, i + 1, size, u, pick, out);
        pick.pop();
    }
}

/// The move of a set of cells holding as many digits as cells: z (the one unrestricted digit)
/// goes from every other cell that sees all of the set's cells holding it.
fn check(grid: &Grid, cells: &[usize], union: u16) -> Option<Move> {
    let holding = |d: usize| cells.iter().copied().filter(move |&c| grid[c] >> d & 1 == 1);
    let mut unrestricted = (0..9).filter(|&d| union >> d & 1 == 1).filter(|&d| {
        let with: Vec<usize> = holding(d).collect();
        with.iter().enumerate().any(|(i, &a)| with[i + 1..].iter().any(|&b| !sees(a, b)))
    });
    let z = unrestricted.next()?;
    if unrestricted.next().is_some() {
        return None;
    }
    let with_z: Vec<usize> = holding(z).collect();
    let eliminations: Vec<Candidate> = (0..81)
        .filter(|&c| !cells.contains(&c) && grid[c] >> z & 1 == 1 && with_z.iter().all(|&w| sees(c, w)))
        .map(|cell| Candidate { cell, digit: z as u8 + 1 })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    Some(Move {
        rules: Vec::new(),
        tech: code::WXZ,
        placements: Vec::new(),
        eliminations,
        houses: Vec::new(),
        digits: union as u32,
        cost: 0,
        pattern: Pattern::Wing { cells: cells.to_vec(), z: z as u8 + 1 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pivot_and_three_wings_remove_z_from_what_sees_every_z() {
        // Pivot r5c5 {1,2,3,4}; wings r5c4 {1,4}, r4c6 {2,4}, r5c8 {3,4}: 4 is unrestricted (r4c6
        // and r5c8 do not see each other), so r5c6, which sees all four, loses it.
        let mut grid = [0x1f0u16; 81]; // digits 5-9 elsewhere
        (grid[40], grid[39], grid[32], grid[43]) = (0b1111, 0b1001, 0b1010, 0b1100);
        grid[41] |= 0b1000;
        let moves = pivot_wings(&grid);
        assert!(moves.iter().any(|m| m.eliminations == [Candidate { cell: 41, digit: 4 }]), "{moves:?}");
    }
}
