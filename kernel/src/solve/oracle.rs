//! A deliberately naive backtracker: the independent check the fast solvers are tested against.
//! Cell by cell in reading order, each digit checked against every house of the cell.

use crate::board::Board;

/// Counts solutions up to `limit` by plain backtracking over the board's houses.
pub fn count(board: &Board, givens: &[u8], limit: u32) -> u32 {
    let mut cell_houses = vec![Vec::new(); board.cell_count()];
    for (h, house) in board.houses.iter().enumerate() {
        for &c in &house.cells {
            cell_houses[c].push(h);
        }
    }
    let mut grid = givens.to_vec();
    // Givens must not repeat within a house.
    for house in &board.houses {
        let mut seen = 0u64;
        for &c in &house.cells {
            let v = grid[c];
            if v != 0 {
                if seen & (1 << v) != 0 {
                    return 0;
                }
                seen |= 1 << v;
            }
        }
    }
    let allowed = |grid: &[u8], cell: usize, v: u8| {
        cell_houses[cell].iter().all(|&h| board.houses[h].cells.iter().all(|&o| grid[o] != v))
    };
    // Plain backtracking; the only refinement is trying the empty cell with the fewest allowed
    // digits first, so that the test datasets finish in seconds.
    fn go(grid: &mut Vec<u8>, digits: u8, limit: u32, allowed: &dyn Fn(&[u8], usize, u8) -> bool) -> u32 {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in (0..grid.len()).filter(|&c| grid[c] == 0) {
            let options: Vec<u8> = (1..=digits).filter(|&v| allowed(grid, cell, v)).collect();
            if best.as_ref().is_none_or(|(_, b)| options.len() < b.len()) {
                let stop = options.len() <= 1;
                best = Some((cell, options));
                if stop {
                    break;
                }
            }
        }
        let Some((cell, options)) = best else {
            return 1;
        };
        let mut n = 0;
        for v in options {
            grid[cell] = v;
            n += go(grid, digits, limit - n, allowed);
            grid[cell] = 0;
            if n >= limit {
                break;
            }
        }
        n
    }
    go(&mut grid, board.digits as u8, limit.max(1), &allowed)
}

/// True when `solution` is complete, agrees with the givens, and repeats no digit in a house.
pub fn is_solution(board: &Board, givens: &[u8], solution: &[u8]) -> bool {
    if solution.len() != board.cell_count() {
        return false;
    }
    let fits = solution
        .iter()
        .zip(givens)
        .all(|(&s, &g)| (1..=board.digits as u8).contains(&s) && (g == 0 || g == s));
    fits && board.houses.iter().all(|h| {
        let mut seen = 0u64;
        h.cells.iter().all(|&c| {
            let bit = 1u64 << solution[c];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    })
}
