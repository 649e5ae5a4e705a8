//! Patterns read from a step itself and the position before it, for the techniques whose moves
//! say enough (houses and digits) to rebuild what they used without running their search again:
//! placements through locks or a subset in the head, case splits, forcing and trials, and the
//! uniqueness techniques (the rectangle's cells, the BUG cell).

use crate::board::Geometry;
use crate::route::Step;
use crate::techniques::{Candidate, HeadLock, Pattern, State, Tech, code};

/// The techniques that split on a choice or try one candidate.
pub(super) const CASES: [Tech; 9] =
    [code::CAS, code::EWY, code::WIF, code::STR, code::FCH, code::FNT, code::NFC, code::NIS, code::TRL];

/// The pattern of `step` as its houses and digits give it on `before`; None for the other
/// techniques (and where the step does not fit the shape its technique makes).
pub(super) fn derived_pattern<const W: usize>(
    geo: &Geometry<W>,
    before: &State<W>,
    step: &Step,
) -> Option<Pattern> {
    let t = step.tech;
    if t == code::PPR && !step.placements.is_empty() {
        return head_locks(geo, before, step);
    }
    if t == code::MSI {
        return head_subset(geo, before, step);
    }
    if CASES.contains(&t) {
        return cases(geo, before, step);
    }
    if t == code::URC && step.houses.len() == 4 {
        // Two rows, then two columns: the rectangle is where they cross.
        let (rows, cols) = step.houses.split_at(2);
        let mut cells: Vec<usize> = rows
            .iter()
            .flat_map(|&r| cols.iter().map(move |&c| (r, c)))
            .filter_map(|(r, c)| geo.houses[r].and(&geo.houses[c]).first())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        return (cells.len() == 4).then_some(Pattern::Cells(cells));
    }
    if t == code::BUG && step.placements.len() == 1 {
        return Some(Pattern::Cells(vec![step.placements[0].cell]));
    }
    None
}

/// The placement's single: the house it is hidden in (the step's last house when it names one
/// after its `pairs` of lock houses), None for a naked single.
fn single_house(step: &Step, named: usize) -> Option<usize> {
    (step.houses.len() > named).then(|| step.houses[step.houses.len() - 1])
}

/// A placement through locks on the placed digits: the houses come as (locked in, clears) pairs,
/// then the single's house.
fn head_locks<const W: usize>(geo: &Geometry<W>, before: &State<W>, step: &Step) -> Option<Pattern> {
    let view = before.placed_view(geo);
    let open = view.open_cells(geo);
    let pairs = step.houses.len() / 2;
    let mut locks = Vec::new();
    for pair in step.houses[..2 * pairs].chunks(2) {
        let (from, to) = (pair[0], pair[1]);
        for d in (0..geo.digits).filter(|&d| step.digits >> d & 1 == 1) {
            let spots = view.planes[d].and(&geo.houses[from]).and(&open);
            if spots.len() >= 2 && spots.is_subset(&geo.houses[to]) {
                let lock = HeadLock { digit: d as u8 + 1, from, to, cells: spots.iter().collect() };
                if !locks.contains(&lock) {
                    locks.push(lock);
                }
            }
        }
    }
    if locks.is_empty() {
        return None;
    }
    Some(Pattern::HeadLocks { locks, single: single_house(step, 2 * pairs) })
}

/// A placement through a naked or hidden pair or triple on the placed digits: the subset's house
/// first, then the single's house; its digits are the step's, with or without the placed one.
fn head_subset<const W: usize>(geo: &Geometry<W>, before: &State<W>, step: &Step) -> Option<Pattern> {
    let house = *step.houses.first()?;
    let digit = step.placements.first()?.digit;
    let view = before.placed_view(geo);
    let open = geo.houses[house].and(&view.open_cells(geo));
    let without = step.digits & !(1 << (digit - 1));
    for mask in [without, step.digits] {
        let k = mask.count_ones() as usize;
        if !(2..=3).contains(&k) {
            continue;
        }
        for naked in [true, false] {
            let cells: Vec<usize> = open
                .iter()
                .filter(|&c| {
                    let m = view.cell_mask(geo, c);
                    if naked { m & !mask == 0 } else { m & mask != 0 }
                })
                .collect();
            if cells.len() == k {
                let single = single_house(step, 1);
                return Some(Pattern::HeadSubset { house, cells, digits: mask, naked, single });
            }
        }
    }
    None
}

/// The choice a case or trial step follows: the one candidate assumed (a refutation), the side
/// of a two-way choice that breaks (what if, short trial), or every option of a cell or of a
/// digit's places in a house (the options agree).
fn cases<const W: usize>(geo: &Geometry<W>, before: &State<W>, step: &Step) -> Option<Pattern> {
    let t = step.tech;
    let open = before.open_cells(geo);
    let places = |h: usize, d: u8| before.planes[d as usize - 1].and(&geo.houses[h]).and(&open);
    let broken = |options: Vec<Candidate>, house: Option<usize>| {
        Some(Pattern::Cases { options, house, contradiction: true })
    };
    // A refutation: the step's one elimination is the candidate assumed.
    if let ([], [e]) = (step.placements.as_slice(), step.eliminations.as_slice())
        && step.digits == 1 << (e.digit - 1)
        && (step.houses == geo.cell_houses[e.cell] || [code::NIS, code::NFC, code::TRL].contains(&t))
    {
        return broken(vec![*e], None);
    }
    if t == code::WIF || t == code::STR {
        let p = *step.placements.first()?;
        return match step.houses.as_slice() {
            [h] => {
                let other = places(*h, p.digit).iter().find(|&c| c != p.cell)?;
                broken(vec![Candidate { cell: other, digit: p.digit }], Some(*h))
            }
            _ => {
                let other = before.cell_mask(geo, p.cell) & !(1 << (p.digit - 1));
                (other.count_ones() == 1).then_some(())?;
                broken(vec![Candidate { cell: p.cell, digit: other.trailing_zeros() as u8 + 1 }], None)
            }
        };
    }
    let result = step.placements.iter().chain(&step.eliminations).fold(0u32, |m, c| m | 1 << (c.digit - 1));
    let options: Vec<Candidate> = match step.houses.as_slice() {
        [h] => {
            let choice =
                if (step.digits & !result).count_ones() == 1 { step.digits & !result } else { step.digits };
            (choice.count_ones() == 1).then_some(())?;
            let d = choice.trailing_zeros() as u8 + 1;
            places(*h, d).iter().map(|cell| Candidate { cell, digit: d }).collect()
        }
        [first, rest @ ..] => {
            let common = rest.iter().fold(geo.houses[*first].and(&open), |acc, &h| acc.and(&geo.houses[h]));
            let cell = common.first().filter(|_| common.len() == 1)?;
            (geo.cell_houses[cell] == step.houses).then_some(())?;
            let m = before.cell_mask(geo, cell);
            (0..geo.digits)
                .filter(|d| m >> d & 1 == 1)
                .map(|d| Candidate { cell, digit: d as u8 + 1 })
                .collect()
        }
        [] => return None,
    };
    let house = (step.houses.len() == 1).then(|| step.houses[0]);
    (options.len() >= 2).then_some(Pattern::Cases { options, house, contradiction: false })
}
