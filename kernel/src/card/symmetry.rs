//! The card's `symmetry` field: which symmetries of the board map its cells onto cells and its
//! givens onto givens (the givens pattern, not the digits).

use crate::board::Board;
use serde::Serialize;

/// One symmetry of the givens pattern: `{"kind", "axis"?, "of": "givens"}`.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// "rot180", "rot90" or "mirror".
    pub kind: &'static str,
    /// For a mirror: "vertical" (left-right), "horizontal" (top-bottom), "diagonal" (r1c1 to
    /// the bottom right corner) or "antidiagonal".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axis: Option<&'static str>,
    /// What is symmetric: always "givens" (rule symmetry is not detected).
    pub of: &'static str,
}

/// A map of the bounding square or rectangle onto itself: (rows, cols, r, c) -> (r, c).
type Transform = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetries in the order the card lists them; the last three only on square boards.
const TRANSFORMS: [(&str, Option<&str>, bool, Transform); 6] = [
    ("rot180", None, false, |rows, cols, r, c| (rows - 1 - r, cols - 1 - c)),
    ("mirror", Some("vertical"), false, |_, cols, r, c| (r, cols - 1 - c)),
    ("mirror", Some("horizontal"), false, |rows, _, r, c| (rows - 1 - r, c)),
    ("rot90", None, true, |rows, _, r, c| (c, rows - 1 - r)),
    ("mirror", Some("diagonal"), true, |_, _, r, c| (c, r)),
    ("mirror", Some("antidiagonal"), true, |rows, cols, r, c| (cols - 1 - c, rows - 1 - r)),
];

/// Every symmetry of the board shape that also maps the givens onto givens. A rotation by 90
/// degrees implies the one by 180; both are listed.
pub fn symmetries(board: &Board, givens: &[u8]) -> Vec<Symmetry> {
    let rows = board.cell_pos.iter().map(|&(r, _)| r + 1).max().unwrap_or(0);
    let cols = board.cell_pos.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
    // What each position of the bounding rectangle holds: None = no cell, Some(given?).
    let mut at = vec![None; rows * cols];
    for (cell, &(r, c)) in board.cell_pos.iter().enumerate() {
        at[r * cols + c] = Some(givens[cell] != 0);
    }
    TRANSFORMS
        .iter()
        .filter(|(_, _, square_only, _)| !square_only || rows == cols)
        .filter(|(_, _, _, map)| {
            board.cell_pos.iter().enumerate().all(|(cell, &(r, c))| {
                let (r2, c2) = map(rows, cols, r, c);
                at[r2 * cols + c2] == Some(givens[cell] != 0)
            })
        })
        .map(|&(kind, axis, _, _)| Symmetry { kind, axis, of: "givens" })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(puzzle: &str) -> Vec<String> {
        let p = crate::read(puzzle).unwrap();
        symmetries(&p.board, &p.givens)
            .into_iter()
            .map(|s| format!("{}{}", s.kind, s.axis.map(|a| format!(" {a}")).unwrap_or_default()))
            .collect()
    }

    #[test]
    fn each_symmetry_on_a_pattern_that_has_it() {
        // Rotation by 90 (and so 180).
        let rot90 = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
        assert_eq!(of(rot90), ["rot180", "rot90"]);
        // Givens r1c1 and r1c9 only: a left-right mirror.
        let mut g = vec![b'.'; 81];
        g[0] = b'1';
        g[8] = b'2';
        let text = String::from_utf8(g.clone()).unwrap();
        assert_eq!(of(&text), ["mirror vertical"]);
        // r1c1 and r9c1: top-bottom.
        g[8] = b'.';
        g[72] = b'2';
        assert_eq!(of(&String::from_utf8(g.clone()).unwrap()), ["mirror horizontal"]);
        // r1c2 and r2c1: the main diagonal; r1c8 and r2c9: the other one.
        let mut g = vec![b'.'; 81];
        g[1] = b'1';
        g[9] = b'2';
        assert_eq!(of(&String::from_utf8(g).unwrap()), ["mirror diagonal"]);
        let mut g = vec![b'.'; 81];
        g[7] = b'1';
        g[17] = b'2';
        assert_eq!(of(&String::from_utf8(g).unwrap()), ["mirror antidiagonal"]);
        // A centre given alone has every symmetry.
        let mut g = vec![b'.'; 81];
        g[40] = b'5';
        assert_eq!(of(&String::from_utf8(g).unwrap()).len(), 6);
    }

    #[test]
    fn a_pattern_without_symmetry_has_none() {
        let worked = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
        assert!(of(worked).is_empty());
    }
}
