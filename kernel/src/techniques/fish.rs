//! Fish: X-Wing, Swordfish, Jellyfish and their finned / sashimi forms.
//!
//! For one digit, n base lines (rows, or columns) whose open spots lie in n cover lines (columns,
//! or rows): the digit leaves the cover lines outside the base lines. Finned: the spots outside the
//! cover lines (the fins) all sit in one box; only cover cells in that box lose the digit.

use super::subsets::for_each_combination;
use super::{Candidate, MAX_MOVES_PER_TECHNIQUE, Move, State, Tech, code, structural_cost};
use crate::bits::CellSet;
use crate::board::Geometry;

fn basic_code(n: usize) -> Tech {
    match n {
        2 => code::XWG,
        3 => code::SWF,
        _ => code::JLF,
    }
}

/// Fish of sizes 2 to 4 on one orientation: `bases` and `covers` are line houses.
fn orientation<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    d: usize,
    bases: &[usize],
    covers: &[usize],
    catch: &mut Vec<Move>,
) {
    let open = st.open_cells(geo);
    let plane = st.planes[d].and(&open);
    // Per base line: its open spots and the cover lines they touch (bit k = covers[k]).
    let lines: Vec<(usize, CellSet<W>, u32)> = bases
        .iter()
        .map(|&b| {
            let spots = plane.and(&geo.houses[b]);
            let touch = covers
                .iter()
                .enumerate()
                .filter(|(_, c)| spots.intersects(&geo.houses[**c]))
                .fold(0u32, |acc, (k, _)| acc | 1 << k);
            (b, spots, touch)
        })
        .filter(|(_, spots, _)| spots.len() >= 2)
        .collect();
    for n in 2..=4usize {
        if lines.len() < n {
            break;
        }
        let basic = basic_code(n);
        // Finned and sashimi fish are named by their Franken form, as the reference release does.
        let finned = code::FRK;
        for_each_combination(lines.len(), n, &mut |pick| {
            let touch = pick.iter().fold(0u32, |acc, &i| acc | lines[i].2);
            let mut base_cells = CellSet::<W>::EMPTY;
            let mut base_spots = CellSet::<W>::EMPTY;
            for &i in pick {
                base_cells |= geo.houses[lines[i].0];
                base_spots |= lines[i].1;
            }
            let cover_set = |mask: u32| -> CellSet<W> {
                let mut s = CellSet::EMPTY;
                for (k, &c) in covers.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        s |= geo.houses[c];
                    }
                }
                s
            };
            let houses = |mask: u32| -> Vec<usize> {
                let mut h: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                h.extend(covers.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1).map(|(_, &c)| c));
                h
            };
            let push = |catch: &mut Vec<Move>, tech: Tech, cleared: CellSet<W>, mask: u32| {
                // Enough of this code already: the search keeps the cheapest eight in all.
                let found = catch.iter().filter(|m| m.tech == tech).count();
                if cleared.is_empty() || found >= 4 * MAX_MOVES_PER_TECHNIQUE {
                    return;
                }
                let houses = houses(mask);
                let cost = structural_cost(geo, 1 << d, houses.len(), base_spots.iter(), 2 * n - 1);
                catch.push(Move {
                    tech,
                    placements: Vec::new(),
                    eliminations: cleared.iter().map(|cell| Candidate { cell, digit: d as u8 + 1 }).collect(),
                    houses,
                    digits: 1 << d,
                    cost,
                });
            };
            let n_touch = touch.count_ones() as usize;
            if n_touch == n {
                let cleared = plane.and(&cover_set(touch)).and_not(&base_cells);
                push(catch, basic, cleared, touch);
            } else if n_touch > n && n_touch <= n + 2 {
                // Finned: choose the n cover lines; the rest of the base spots are fins in one box.
                let touched: Vec<usize> = (0..covers.len()).filter(|k| touch >> k & 1 == 1).collect();
                for_each_combination(touched.len(), n, &mut |cpick| {
                    let mask = cpick.iter().fold(0u32, |acc, &i| acc | 1 << touched[i]);
                    let cover = cover_set(mask);
                    let fins = base_spots.and_not(&cover);
                    let Some(fin_box) = fins.first().and_then(|c| geo.box_of[c]) else {
                        return true;
                    };
                    if !fins.is_subset(&geo.houses[fin_box]) {
                        return true;
                    }
                    // Every base line keeps a spot in the cover, or the fish is not one.
                    if pick.iter().any(|&i| !lines[i].1.intersects(&cover)) {
                        return true;
                    }
                    let cleared = plane.and(&cover).and(&geo.houses[fin_box]).and_not(&base_cells);
                    push(catch, finned, cleared, mask);
                    true
                });
            }
            true
        });
    }
}

/// X-Wing, Swordfish, Jellyfish, finned and sashimi, on rows and on columns.
pub fn fish<const W: usize>(geo: &Geometry<W>, st: &State<W>, out: &mut Vec<Move>) {
    let mut catch = Vec::new();
    for d in 0..geo.digits {
        orientation(geo, st, d, &geo.rows, &geo.cols, &mut catch);
        orientation(geo, st, d, &geo.cols, &geo.rows, &mut catch);
    }
    out.extend(catch);
}
