//! Uniqueness techniques: Unique Rectangles (types 1 to 4 and the hidden rectangle) and BUG+1.
//!
//! They assume the puzzle has one solution, which the band route does not (they are in
//! `NOT_ON_ROUTE`), so they are offered only as finders for callers that know the puzzle is
//! unique; no search of `searches()` runs them.
//!
//! A unique rectangle is four open cells at the corners of two rows and two columns, in exactly
//! two boxes, that all may hold the two digits a and b. If all four ended as only a and b, the
//! two digits could swap between the corners and the puzzle would have two solutions; so they do
//! not:
//! - type 1: three corners hold only {a,b}: the fourth loses a and b;
//! - type 2: two corners hold only {a,b}, the other two (the roof) {a,b,c}: one roof cell is c,
//!   so c leaves every cell that sees both;
//! - type 3: the roof cells share a house and their extra digits E act as one cell of candidates
//!   E: with k-1 other cells of that house they form a naked subset of k digits, which leave the
//!   rest of the house;
//! - type 4: the roof cells share a house in which a can go only to them: one of them is a, so
//!   neither can be b (it would leave the other as a and the rectangle deadly);
//! - hidden rectangle: a corner F holds only {a,b}; at the opposite corner E, a can go in E's row
//!   only to E and the rectangle cell of that row, and in E's column only to E and the rectangle
//!   cell of that column: E is not b (E = b would put a on both its neighbours, then b on F,
//!   all four in {a,b}). The reference release also takes the form where a's strong links are
//!   F's row, F's column and E's long side (the one crossing boxes), and only those two forms:
//!   matched exactly on its move lists of 245 reference positions.
//!
//! BUG+1: every open cell holds two candidates except one cell with three, and every digit has
//! zero or two places in every house except one digit of that cell, with three places in each of
//! its houses. Without it the position would be a BUG (bivalue universal grave, which has two
//! solutions or none): that cell takes the digit.

use super::subsets::for_each_combination;
use super::wings::{cell_masks, push_distinct};
use super::{Candidate, Move, Pattern, SearchContext, State, code, structural_cost};
use crate::bits::CellSet;
use crate::board::Geometry;

fn candidates(cell: usize, digits: u32) -> impl Iterator<Item = Candidate> {
    (0..32).filter(move |d| digits >> d & 1 == 1).map(move |d| Candidate { cell, digit: d as u8 + 1 })
}

/// The row and column house of a cell.
fn row_col<const W: usize>(geo: &Geometry<W>, cell: usize) -> (usize, usize) {
    let hs = &geo.cell_houses[cell];
    let row = *hs.iter().find(|h| geo.rows.contains(h)).expect("a cell of a classic grid has a row");
    let col = *hs.iter().find(|h| geo.cols.contains(h)).expect("a cell of a classic grid has a column");
    (row, col)
}

/// False where a rule beyond houses may forbid the swap a deadly pattern needs: uniqueness
/// arguments say nothing then.
fn deadly_patterns_apply<const W: usize>(cx: &SearchContext<W>) -> bool {
    cx.rules.is_none()
}

/// Unique Rectangles of types 1, 2, 3, 4 and hidden rectangles, all named URC.
pub fn unique_rectangle<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    if !deadly_patterns_apply(cx) {
        return;
    }
    let geo = cx.geo;
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let (nr, nc) = geo.pos.iter().fold((0, 0), |(r, c), &(pr, pc)| (r.max(pr + 1), c.max(pc + 1)));
    let mut at = vec![None; nr * nc];
    for (cell, &(r, c)) in geo.pos.iter().enumerate() {
        at[r * nc + c] = Some(cell);
    }
    let mut found = Vec::new();
    for r1 in 0..nr {
        for r2 in r1 + 1..nr {
            for c1 in 0..nc {
                for c2 in c1 + 1..nc {
                    let corners = [at[r1 * nc + c1], at[r1 * nc + c2], at[r2 * nc + c1], at[r2 * nc + c2]];
                    let [Some(p), Some(q), Some(r), Some(s)] = corners else { continue };
                    let cells = [p, q, r, s];
                    if cells.iter().any(|&c| !open.contains(c)) {
                        continue;
                    }
                    let common = cells.iter().fold(u32::MAX, |acc, &c| acc & masks[c]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let mut boxes: Vec<usize> = cells.iter().filter_map(|&c| geo.box_of[c]).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 || !swappable(geo, cells) {
                        continue;
                    }
                    for a in 0..geo.digits {
                        for b in a + 1..geo.digits {
                            if common >> a & 1 == 1 && common >> b & 1 == 1 {
                                rectangle(geo, st, &masks, cells, a, b, &mut found);
                            }
                        }
                    }
                }
            }
        }
    }
    out.extend(found);
}

/// Whether a and b could swap between the corners (r1c1, r1c2, r2c1, r2c2) of a rectangle filled
/// alternately with them and every house stay valid: each house must hold as many corners of the
/// diagonal r1c1-r2c2 as of the other. Rows, columns and two boxes do, but a samurai's rows end
/// where its grids do, and a jigsaw region, a diagonal or a window may hold one corner alone: then
/// the rectangle is not deadly and proves nothing.
fn swappable<const W: usize>(geo: &Geometry<W>, cells: [usize; 4]) -> bool {
    let [p, q, r, s] = cells;
    let mut houses: Vec<usize> = cells.iter().flat_map(|&c| geo.cell_houses[c].iter().copied()).collect();
    houses.sort_unstable();
    houses.dedup();
    houses.iter().all(|&h| {
        let count = |a: usize, b: usize| geo.houses[h].contains(a) as u32 + geo.houses[h].contains(b) as u32;
        count(p, s) == count(q, r)
    })
}

/// The moves of one rectangle (corners in the order r1c1, r1c2, r2c1, r2c2) on digits a, b.
fn rectangle<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    masks: &[u32],
    cells: [usize; 4],
    a: usize,
    b: usize,
    found: &mut Vec<Move>,
) {
    let open = st.open_cells(geo);
    let ab = 1u32 << a | 1 << b;
    let extra: Vec<u32> = cells.iter().map(|&c| masks[c] & !ab).collect();
    let floor: Vec<usize> = (0..4).filter(|&i| extra[i] == 0).collect();
    let roof: Vec<usize> = (0..4).filter(|&i| extra[i] != 0).collect();
    let ur = CellSet::<W>::from_cells(cells);
    let (row1, col1) = row_col(geo, cells[0]);
    let (row2, col2) = row_col(geo, cells[3]);
    let houses = vec![row1, row2, col1, col2];
    let emit = |eliminations: Vec<Candidate>, digits: u32, found: &mut Vec<Move>| {
        if eliminations.is_empty() {
            return;
        }
        let mut eliminations = eliminations;
        eliminations.sort();
        eliminations.dedup();
        let cost = structural_cost(geo, digits, houses.len(), cells, 0);
        push_distinct(
            found,
            Move {
                rules: Vec::new(),
                tech: code::URC,
                placements: Vec::new(),
                eliminations,
                houses: houses.clone(),
                digits,
                cost,
                pattern: Pattern::Unbuilt,
            },
        );
    };
    match floor.len() {
        3 => {
            // Type 1.
            let cell = cells[roof[0]];
            emit(candidates(cell, ab).collect(), ab, found);
        }
        2 => {
            let (x, y) = (cells[roof[0]], cells[roof[1]]);
            let (ex, ey) = (extra[roof[0]], extra[roof[1]]);
            // Type 2: one same extra digit in both roof cells.
            if ex == ey && ex.count_ones() == 1 {
                let c = ex.trailing_zeros() as usize;
                let targets = st.planes[c].and(&open).and(&geo.peers[x]).and(&geo.peers[y]).and_not(&ur);
                emit(
                    targets.iter().map(|cell| Candidate { cell, digit: c as u8 + 1 }).collect(),
                    ab | ex,
                    found,
                );
            }
            let shared: Vec<usize> =
                geo.cell_houses[x].iter().copied().filter(|&h| geo.houses[h].contains(y)).collect();
            for &h in &shared {
                let house = geo.houses[h].and(&open);
                // Type 4: a (or b) goes only to the roof cells in this house: the other digit leaves them.
                for (u, v) in [(a, b), (b, a)] {
                    if st.planes[u].and(&house) == CellSet::from_cells([x, y]) {
                        let elims =
                            [x, y].into_iter().map(|cell| Candidate { cell, digit: v as u8 + 1 }).collect();
                        emit(elims, ab, found);
                    }
                }
                // Type 3: the roof's extra digits with k-1 other cells make a naked subset of k.
                let e = ex | ey;
                let others: Vec<usize> = house.iter().filter(|&c| c != x && c != y).collect();
                for m in 1..=3usize {
                    for_each_combination(others.len(), m, &mut |pick| {
                        let union = pick.iter().fold(e, |acc, &i| acc | masks[others[i]]);
                        if union.count_ones() as usize != m + 1 {
                            return true;
                        }
                        let mut elims = Vec::new();
                        for (i, &c) in others.iter().enumerate() {
                            if !pick.contains(&i) {
                                elims.extend(candidates(c, masks[c] & union));
                            }
                        }
                        emit(elims, ab | union, found);
                        true
                    });
                }
            }
        }
        _ => {}
    }
    // Hidden rectangle: from a corner f holding only {a,b}, the opposite corner e.
    if floor.len() < 4 {
        // Sides: rows (0,1), (2,3); columns (0,2), (1,3).
        let lines = [(0, 1, row1), (2, 3, row2), (0, 2, col1), (1, 3, col2)];
        // The long sides (those that cross from one box to the other) are the columns when the
        // two cells of a row side share a box, else the rows.
        let rows_in_boxes = geo.box_of[cells[0]] == geo.box_of[cells[1]];
        for (u, v) in [(a, b), (b, a)] {
            // Sides on which u has no other place in the line (strong links).
            let strong = lines.map(|(i, j, h)| {
                st.planes[u].and(&geo.houses[h]).and(&open) == CellSet::from_cells([cells[i], cells[j]])
            });
            if !strong.iter().any(|&s| s) {
                continue;
            }
            for &f in &floor {
                let e = 3 - f;
                // Side index of a corner's row and column.
                let row_of = |i: usize| i / 2;
                let col_of = |i: usize| 2 + i % 2;
                let (e_row, e_col) = (strong[row_of(e)], strong[col_of(e)]);
                let (f_row, f_col) = (strong[row_of(f)], strong[col_of(f)]);
                // e's side that crosses boxes.
                let e_long = if rows_in_boxes { e_col } else { e_row };
                if (e_row && e_col) || (f_row && f_col && e_long) {
                    emit(vec![Candidate { cell: cells[e], digit: v as u8 + 1 }], ab, found);
                }
            }
        }
    }
}

/// BUG+1: the one cell with three candidates takes the digit that has three places in its houses.
pub fn bug_plus_one<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    if !deadly_patterns_apply(cx) {
        return;
    }
    let geo = cx.geo;
    // The argument needs every house complete: then the other candidate of each cell of a
    // solution of the grave forms a second solution, and a house of fewer cells than digits could
    // hold one digit twice there.
    if geo.complete_houses.len() != geo.houses.len() {
        return;
    }
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut three = None;
    for cell in open.iter() {
        match masks[cell].count_ones() {
            2 => {}
            3 if three.is_none() => three = Some(cell),
            _ => return,
        }
    }
    let Some(cell) = three else { return };
    // The digit of the cell with three places in each of its houses.
    let mut digit = None;
    for d in (0..geo.digits).filter(|d| masks[cell] >> d & 1 == 1) {
        let counts: Vec<u32> = geo.cell_houses[cell]
            .iter()
            .map(|&h| st.planes[d].and(&geo.houses[h]).and(&open).len())
            .collect();
        if counts.iter().all(|&n| n == 3) {
            if digit.is_some() {
                return;
            }
            digit = Some(d);
        }
    }
    let Some(x) = digit else { return };
    // Every other (house, digit) has zero or two places.
    for &h in &geo.complete_houses {
        let house = geo.houses[h].and(&open);
        for d in 0..geo.digits {
            let n = st.planes[d].and(&house).len();
            let allowed = if d == x && house.contains(cell) { n == 3 } else { n == 0 || n == 2 };
            if !allowed {
                return;
            }
        }
    }
    let houses = geo.cell_houses[cell].clone();
    out.push(Move {
        rules: Vec::new(),
        tech: code::BUG,
        placements: vec![Candidate { cell, digit: x as u8 + 1 }],
        eliminations: Vec::new(),
        cost: structural_cost(geo, 1 << x, houses.len(), [cell], 0),
        houses,
        digits: 1 << x,
        pattern: Pattern::Unbuilt,
    });
}

/// BUG type 2: every cell with more than two candidates has one extra digit, the same digit x in
/// all of them, and without the extras the grid would be a grave (each digit twice or not at all in
/// every house). One of those cells is x, so a cell that sees them all is not. Sudoku Explainer
/// takes it (card::se); the routes do not.
pub fn bug_type_two<const W: usize>(cx: &SearchContext<W>, st: &State<W>, out: &mut Vec<Move>) {
    if !deadly_patterns_apply(cx) {
        return;
    }
    let geo = cx.geo;
    if geo.complete_houses.len() != geo.houses.len() {
        return;
    }
    let masks = cell_masks(geo, st);
    let open = st.open_cells(geo);
    let mut extra_cells = Vec::new();
    for cell in open.iter() {
        match masks[cell].count_ones() {
            0 | 1 => return,
            2 => {}
            _ => extra_cells.push(cell),
        }
    }
    if extra_cells.len() < 2 {
        return;
    }
    // The extra digit of a cell has more than two places in each of its houses.
    let mut x = None;
    for &cell in &extra_cells {
        let extras: Vec<usize> = (0..geo.digits)
            .filter(|&d| masks[cell] >> d & 1 == 1)
            .filter(|&d| {
                geo.cell_houses[cell].iter().all(|&h| st.planes[d].and(&geo.houses[h]).and(&open).len() > 2)
            })
            .collect();
        if masks[cell].count_ones() != 3 || extras.len() != 1 || x.is_some_and(|x| x != extras[0]) {
            return;
        }
        x = Some(extras[0]);
    }
    let Some(x) = x else { return };
    // Without x in those cells, every digit has zero or two places in every house.
    let mut without = st.planes[x].and(&open);
    for &cell in &extra_cells {
        without.remove(cell);
    }
    for &h in &geo.complete_houses {
        let house = geo.houses[h].and(&open);
        for d in 0..geo.digits {
            let n = if d == x { without.and(&house).len() } else { st.planes[d].and(&house).len() };
            if n != 0 && n != 2 {
                return;
            }
        }
    }
    let mut seen = st.planes[x].and(&open);
    for &cell in &extra_cells {
        seen = seen.and(&geo.peers[cell]);
    }
    let eliminations: Vec<Candidate> =
        seen.iter().map(|cell| Candidate { cell, digit: x as u8 + 1 }).collect();
    if eliminations.is_empty() {
        return;
    }
    out.push(Move {
        rules: Vec::new(),
        tech: code::BUG,
        placements: Vec::new(),
        cost: structural_cost(geo, 1 << x, 0, extra_cells.iter().copied(), 0),
        eliminations,
        houses: Vec::new(),
        digits: 1 << x,
        pattern: Pattern::Cells(extra_cells),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::{Finder, test_positions};

    /// Positions from reference routes (full notes): placed digits, then every cell's candidates
    /// ("." for a placed cell). The expected moves are the reference release's own list there.
    const UR1: [&str; 2] = [
        "76.1..59..8.67..3131..598..42.7613.9..7.4.1..6.1..5....7681...31....762..43..6.1.",
        ". . 24 . 238 2348 . . 24 59 . 59 . . 24 24 . . . . 24 24 . . . 467 2467 . . 58 . . . . 58 . 589 359 . 239 \
         . 238 . 568 256 . 39 . 239 2389 . 247 478 247 259 . . . . 24 49 45 . . 59 589 3459 39 . . . 458 2589 . . \
         259 29 . 79 . 578",
    ];
    const UR2_UR4: [&str; 2] = [
        ".8.512...5.17362.82.64895.1.1.647..26..8217.9728395164..21.3...1639.842.85.2.4.13",
        "349 . 479 . . . 369 3479 67 . 49 . . . . . 49 . . 37 . . . . . 37 . 39 . 59 . . . 38 58 . . 34 45 . . . \
         . 35 . . . . . . . . . . 49 479 . . 567 . 689 789 567 . . . . 57 . . . 57 . . 79 . 67 . 69 . .",
    ];
    const UR3: [&str; 2] = [
        "..1.56.97.291.485665..9....56.987.2..12465...97.3126.5..5.2..6.2.65..4..13.6495.2",
        "348 48 . 28 . . 23 . . 37 . . . 37 . . . . . . 378 278 . 38 123 134 134 . . 34 . . . 13 . 134 38 . . . . \
         . 79 378 389 . . 48 . . . . 48 . 478 489 . 78 . 13 79 . 13 . 89 . . 37 138 . 1378 1389 . . 78 . . . . 78 .",
    ];
    const HIDDEN: [&str; 2] = [
        "19.8...26.6719245.2...3.1.96..28.937..8..9562972365814...928....2.....9.7.9...2.1",
        ". . 345 . 457 47 37 . . 38 . . . . . . . 38 . 458 45 4567 . 467 . 78 . . 145 145 . . 14 . . . 34 134 . \
         47 147 . . . . . . . . . . . . . 345 134 1346 . . . 367 47 35 3458 . 346 47 147 1347 36 . 358 . 348 . \
         456 45 346 . 48 .",
    ];
    const BUG1: [&str; 2] = [
        "359726148128594376674813592.43659...9..342.65265178934..6.354..59.461.8343..8765.",
        ". . . . . . . . . . . . . . . . . . . . . . . . . . . 78 . . . . . 28 12 17 . 18 17 . . . 78 . . . . . . \
         . . . . . 78 18 . 29 . . . 12 179 . . 27 . . . 27 . . . . 12 29 . . . . 19",
    ];
    /// No unique rectangle and no BUG here.
    const NONE: [&str; 2] = [
        ".8...17.9..9...1.6751..93.283.9.7214.......37..72.3.655.23..491..3...628..81..573",
        "2346 . 46 45 2345 . . 45 . 234 24 . 4578 234578 2458 . 458 . . . . 468 468 . . 48 . . . 56 . 56 . . . . \
         12469 12469 456 4568 14568 4568 89 . . 149 149 . . 148 . 89 . . . 67 . . 678 68 . . . 149 1479 . 457 \
         4579 45 . . . 469 469 . . 2469 246 . . .",
    ];

    /// A move's effect: (placements, eliminations) as (cell, digit).
    type Effect = (Vec<(usize, u8)>, Vec<(usize, u8)>);

    /// The effects of a finder's moves, sorted: (placements, eliminations) as (cell, digit).
    fn effects(find: Finder<2>, pos: [&str; 2]) -> Vec<Effect> {
        let geo = test_positions::classic9();
        let st = test_positions::from_candidates(&geo, pos);
        let mut out = Vec::new();
        find(&SearchContext::plain(&geo), &st, &mut out);
        let pairs = |v: &[Candidate]| v.iter().map(|c| (c.cell, c.digit)).collect::<Vec<_>>();
        let mut e: Vec<_> = out.iter().map(|m| (pairs(&m.placements), pairs(&m.eliminations))).collect();
        e.sort();
        e
    }

    fn elims(list: &[&[(usize, u8)]]) -> Vec<Effect> {
        let mut e: Vec<_> = list.iter().map(|l| (Vec::new(), l.to_vec())).collect();
        e.sort();
        e
    }

    #[test]
    fn unique_rectangle_type_1() {
        // r1c3, r1c9, r3c3 hold only {2,4}: r3c9 loses 2 and 4.
        assert_eq!(effects(unique_rectangle::<2>, UR1), elims(&[&[(26, 2), (26, 4)]]));
    }

    #[test]
    fn unique_rectangle_types_2_and_4_and_hidden() {
        // Rectangle r7c5 r7c9 r8c5 r8c9 on {5,7}, roof {5,6,7} in row 7.
        assert_eq!(
            effects(unique_rectangle::<2>, UR2_UR4),
            elims(&[&[(60, 6)], &[(58, 7), (62, 7)], &[(58, 7)], &[(62, 7)]])
        );
    }

    #[test]
    fn unique_rectangle_type_3() {
        // Roof r8c6 {1,3,8}, r8c9 {1,3,8,9}: extras {8,9} make a pair with r8c2 {8,9}.
        assert_eq!(effects(unique_rectangle::<2>, UR3), elims(&[&[(70, 8)], &[(54, 8)]]));
    }

    #[test]
    fn hidden_rectangle() {
        assert_eq!(effects(unique_rectangle::<2>, HIDDEN), elims(&[&[(28, 4)], &[(56, 3)], &[(63, 3)]]));
    }

    #[test]
    fn bug_plus_one_places() {
        // Every open cell is bivalue but r7c9 {1,7,9}; 1 has three places in its row, column and box.
        assert_eq!(effects(bug_plus_one::<2>, BUG1), vec![(vec![(62, 1)], vec![])]);
        assert!(effects(bug_plus_one::<2>, UR1).is_empty());
    }

    #[test]
    fn nothing_without_a_pattern() {
        assert!(effects(unique_rectangle::<2>, NONE).is_empty());
        assert!(effects(bug_plus_one::<2>, NONE).is_empty());
    }
}

#[cfg(test)]
mod samurai {
    use super::swappable;
    use crate::board::Geometry;

    /// On a samurai board a rectangle can swap its digits only when every one of the five grids
    /// that holds a corner holds all four (a grid's rows and columns end at its edge).
    #[test]
    fn a_rectangle_is_deadly_only_inside_every_grid_it_meets() {
        let text = include_str!("../../../data/examples/variants.jsonl");
        let doc = text.lines().find(|l| l.contains("\"rows\":21")).expect("the samurai example");
        let board = crate::read(doc).unwrap().board;
        let geo = Geometry::<6>::new(&board);
        let grids = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];
        let inside = |cell: usize, (r0, c0): (usize, usize)| {
            let (r, c) = geo.pos[cell];
            (r0..r0 + 9).contains(&r) && (c0..c0 + 9).contains(&c)
        };
        let at = |r: usize, c: usize| geo.pos.iter().position(|&p| p == (r, c));
        let (mut deadly, mut not) = (0, 0);
        for (r1, r2) in [(0, 3), (6, 7), (6, 12), (7, 14), (12, 16), (3, 8)] {
            for c1 in 0..21 {
                for c2 in c1 + 1..21 {
                    let corners = [at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)];
                    let [Some(p), Some(q), Some(r), Some(s)] = corners else { continue };
                    let cells = [p, q, r, s];
                    let mut boxes: Vec<usize> = cells.iter().filter_map(|&c| geo.box_of[c]).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    let expected = grids.iter().all(|&g| {
                        let n = cells.iter().filter(|&&c| inside(c, g)).count();
                        n == 0 || n == 4
                    });
                    assert_eq!(
                        swappable(&geo, cells),
                        expected,
                        "corners r{}c{} r{}c{}",
                        r1 + 1,
                        c1 + 1,
                        r2 + 1,
                        c2 + 1
                    );
                    if expected { deadly += 1 } else { not += 1 }
                }
            }
        }
        assert!(deadly > 0 && not > 0, "both kinds of rectangle are tried ({deadly} deadly, {not} not)");
    }
}
