//! The `short` explanation level (grade-card-format.txt section 5): one plain sentence, result
//! first, then the technique, its digits and the houses it reads, e.g.
//! "r6c6, r7c6, r9c6 ≠ 3: X-Wing on 3 (row 5 and row 8 / column 6 and column 8)".

use crate::board::{Board, HouseKind};
use crate::route::Step;
use crate::techniques::{Candidate, ChainNode, Pattern, code};

/// The short explanation of a step, naming the cells, houses or sets of its `pattern` (as the
/// notation found it).
pub fn short_text(board: &Board, step: &Step, pattern: &Pattern) -> String {
    let mut text = result_words(board, &step.placements, &step.eliminations);
    text.push_str(": ");
    text.push_str(step.tech.name());
    let digits: Vec<String> = (0..32).filter(|d| step.digits >> d & 1 == 1).map(|d| symbol(d + 1)).collect();
    // A placement names its digit already; a single's digit is the placement's.
    if !digits.is_empty() && !step.tech.is_single() {
        text.push_str(" on ");
        text.push_str(&and_list(&digits));
    }
    if !step.houses.is_empty() {
        text.push_str(" (");
        text.push_str(&houses_words(board, &step.houses));
        text.push(')');
    }
    if let Some(words) = pattern_words(board, step, pattern) {
        text.push(' ');
        text.push_str(&words);
    }
    text
}

fn names(board: &Board, cells: &[usize]) -> String {
    and_list(&cells.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>())
}

/// A set of cells in braces: "{r1c4, r2c4, r2c6}".
fn set(board: &Board, cells: &[usize]) -> String {
    format!("{{{}}}", cells.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>().join(", "))
}

fn candidate(board: &Board, c: &Candidate) -> String {
    format!("{} = {}", board.cell_name(c.cell), symbol(c.digit))
}

/// The cells a chain visits, in order, a group's cells joined by "/": "r7c2, r5c2 and r4c1/r4c2".
fn chain_cells(board: &Board, nodes: &[ChainNode]) -> String {
    let mut seen: Vec<String> = Vec::new();
    for n in nodes {
        let name = n.cells.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>().join("/");
        if seen.last() != Some(&name) {
            seen.push(name);
        }
    }
    and_list(&seen)
}

/// The single a placement in the head leaves.
fn single_words(board: &Board, house: Option<usize>) -> String {
    match house {
        Some(h) => format!("then a hidden single in {}", board.house_words(h)),
        None => "then a naked single".to_string(),
    }
}

/// The pattern's cells, sets or choice in words, after the houses; None without a pattern.
fn pattern_words(board: &Board, step: &Step, pattern: &Pattern) -> Option<String> {
    let t = step.tech;
    Some(match pattern {
        Pattern::Unbuilt => return None,
        Pattern::Wing { cells, .. } if cells.len() == 3 && [code::YWG, code::XYZ].contains(&t) => {
            format!("with pivot {} and wings {}", board.cell_name(cells[0]), names(board, &cells[1..]))
        }
        Pattern::Wing { cells, .. } | Pattern::Cells(cells) => format!("in {}", names(board, cells)),
        Pattern::Connected([a, b, c, d]) => format!(
            "with ends {} and {} linked by {} and {}",
            board.cell_name(*a),
            board.cell_name(*d),
            board.cell_name(*b),
            board.cell_name(*c)
        ),
        Pattern::BoxAndPair { pair, .. } => format!("with the pair {}", names(board, pair)),
        Pattern::Chain(nodes) => format!("along {}", chain_cells(board, nodes)),
        Pattern::Colours(clusters) => {
            let parts: Vec<String> = clusters
                .iter()
                .map(|[a, b]| format!("{} against {}", names(board, a), names(board, b)))
                .collect();
            format!("colouring {}", parts.join("; "))
        }
        Pattern::CandidateColours([a, b]) => {
            let side =
                |cs: &[Candidate]| and_list(&cs.iter().map(|c| candidate(board, c)).collect::<Vec<_>>());
            format!("colouring {} against {}", side(a), side(b))
        }
        Pattern::Als { sets, .. } => {
            format!("with the sets {}", and_list(&sets.iter().map(|c| set(board, c)).collect::<Vec<_>>()))
        }
        Pattern::AlsChain { nodes, sets } => format!(
            "along {} through the sets {}",
            chain_cells(board, nodes),
            and_list(&sets.iter().map(|(_, c)| set(board, c)).collect::<Vec<_>>())
        ),
        Pattern::Blossom { stem, petals } => format!(
            "with stem {} and petals {}",
            board.cell_name(*stem),
            and_list(&petals.iter().map(|(_, c)| set(board, c)).collect::<Vec<_>>())
        ),
        Pattern::SueDeCoq { cross, line, boxed } => {
            format!("on {} with {} and {}", names(board, cross), set(board, line), set(board, boxed))
        }
        Pattern::Excluded { pair, by } => {
            format!("on {} (excluded by {})", names(board, pair), names(board, by))
        }
        Pattern::HeadLocks { locks, single } => {
            let locks: Vec<String> = locks
                .iter()
                .map(|l| format!("{} locked in {}", symbol(l.digit), names(board, &l.cells)))
                .collect();
            format!("through {}, {}", and_list(&locks), single_words(board, *single))
        }
        Pattern::HeadSubset { house, cells, naked, single, .. } => format!(
            "through the {} subset {} in {}, {}",
            if *naked { "naked" } else { "hidden" },
            names(board, cells),
            board.house_words(*house),
            single_words(board, *single)
        ),
        Pattern::Cases { options, contradiction: true, .. } => format!(
            "as {} breaks the puzzle",
            and_list(&options.iter().map(|c| candidate(board, c)).collect::<Vec<_>>())
        ),
        Pattern::Cases { options, .. } => {
            let options: Vec<String> = options.iter().map(|c| candidate(board, c)).collect();
            let last = options.len() - 1;
            format!("whichever of {} or {} holds", options[..last].join(", "), options[last])
        }
    })
}

pub(super) fn symbol(digit: u8) -> String {
    Board::digit_symbol(digit).to_string()
}

/// "a", "a and b", "a, b and c".
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "r3c5 = 4" for placements, "r6c6, r7c6, r9c6 ≠ 3" per eliminated digit; "; " between them.
fn result_words(board: &Board, placements: &[Candidate], eliminations: &[Candidate]) -> String {
    let mut parts: Vec<String> =
        placements.iter().map(|p| format!("{} = {}", board.cell_name(p.cell), symbol(p.digit))).collect();
    let mut digits: Vec<u8> = eliminations.iter().map(|e| e.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    for d in digits {
        let cells: Vec<String> =
            eliminations.iter().filter(|e| e.digit == d).map(|e| board.cell_name(e.cell)).collect();
        parts.push(format!("{} ≠ {}", cells.join(", "), symbol(d)));
    }
    parts.join("; ")
}

/// Houses in words, those of one kind in a run joined by "and", runs by " / ": "row 5 and row 8
/// / column 6 and column 8".
pub(super) fn houses_words(board: &Board, houses: &[usize]) -> String {
    let word = |h: usize| (board.houses[h].kind, board.house_words(h));
    let mut runs: Vec<(HouseKind, Vec<String>)> = Vec::new();
    for &h in houses {
        let (kind, name) = word(h);
        match runs.last_mut() {
            Some((k, names)) if *k == kind => {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            _ => runs.push((kind, vec![name])),
        }
    }
    runs.iter().map(|(_, names)| and_list(names)).collect::<Vec<_>>().join(" / ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::Tech;

    fn step(
        tech: Tech,
        placements: &[(usize, u8)],
        eliminations: &[(usize, u8)],
        houses: &[usize],
        digits: u32,
    ) -> Step {
        let c = |&(cell, digit): &(usize, u8)| Candidate { cell, digit };
        Step {
            tech,
            placements: placements.iter().map(c).collect(),
            eliminations: eliminations.iter().map(c).collect(),
            houses: houses.to_vec(),
            rules: Vec::new(),
            digits,
            pattern: Default::default(),
        }
    }

    #[test]
    fn the_spec_example_and_a_single() {
        let board = Board::standard(9).unwrap();
        let row =
            |n: usize| board.houses.iter().position(|h| h.kind == HouseKind::Row && h.number == n).unwrap();
        let col = |n: usize| {
            board.houses.iter().position(|h| h.kind == HouseKind::Column && h.number == n).unwrap()
        };
        let bx =
            |n: usize| board.houses.iter().position(|h| h.kind == HouseKind::Box && h.number == n).unwrap();
        let x_wing = step(
            code::XWG,
            &[],
            &[(5 * 9 + 5, 3), (6 * 9 + 5, 3), (8 * 9 + 5, 3)],
            &[row(5), row(8), col(6), col(8)],
            1 << 2,
        );
        assert_eq!(
            short_text(&board, &x_wing, &Pattern::Unbuilt),
            "r6c6, r7c6, r9c6 ≠ 3: X-Wing on 3 (row 5 and row 8 / column 6 and column 8)"
        );
        let single = step(code::HSI, &[(2 * 9 + 4, 4)], &[], &[bx(2)], 1 << 3);
        assert_eq!(short_text(&board, &single, &Pattern::Unbuilt), "r3c5 = 4: Hidden Single (box 2)");
        let pair = step(code::NPR, &[], &[(3 * 9 + 5, 4), (3 * 9 + 4, 8)], &[row(4)], (1 << 3) | (1 << 7));
        assert_eq!(
            short_text(&board, &pair, &Pattern::Unbuilt),
            "r4c6 ≠ 4; r4c5 ≠ 8: Naked Pair on 4 and 8 (row 4)"
        );
    }
}
