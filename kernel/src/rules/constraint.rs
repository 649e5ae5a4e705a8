//! The propagating forms rules compile to, and how each narrows candidate masks (bit v-1 of a
//! mask = digit v still possible). A propagator only removes digits no solution of its
//! constraint can use; `Err(Contradiction)` means a cell lost its last candidate.

/// A cell lost its last candidate: no solution below this node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A propagating constraint over engine cells.
#[derive(Clone, Debug)]
pub enum Constraint {
    /// Two cells whose digits form an allowed pair: `ok[a]` = mask of digits b allowed with a
    /// (index a = digit, 1-based).
    Pair { a: usize, b: usize, ok: Vec<u32> },
    /// Σ coef·x = total over the terms (a cell listed twice is sound, only weaker).
    Linear { terms: Vec<(usize, i64)>, total: i64 },
    /// No digit twice among the cells.
    Distinct { cells: Vec<usize> },
    /// The digits form a run of consecutive values (with `Distinct`, a renban): every digit lies
    /// within n-1 of every other.
    Window { cells: Vec<usize> },
    /// Every cell of `middle` holds a digit strictly between the two ends.
    Between { ends: [usize; 2], middle: Vec<usize> },
}

fn low(m: u32) -> i64 {
    i64::from(m.trailing_zeros()) + 1
}

fn high(m: u32) -> i64 {
    32 - i64::from(m.leading_zeros())
}

/// The mask of digits lo..=hi (clamped to 1..=31).
fn range(lo: i64, hi: i64) -> u32 {
    let lo = lo.max(1);
    let hi = hi.min(31);
    if lo > hi {
        return 0;
    }
    let upto = |v: i64| -> u32 { if v >= 32 { u32::MAX } else { (1u32 << v) - 1 } };
    upto(hi) & !upto(lo - 1)
}

/// Narrows `masks[cell]` to `keep`; Err when nothing is left.
fn narrow(masks: &mut [u32], cell: usize, keep: u32, changed: &mut bool) -> Result<(), Contradiction> {
    let m = masks[cell] & keep;
    if m == 0 {
        return Err(Contradiction);
    }
    if m != masks[cell] {
        masks[cell] = m;
        *changed = true;
    }
    Ok(())
}

impl Constraint {
    /// A pair constraint from a test on two digits.
    pub fn pair(a: usize, b: usize, digits: usize, test: impl Fn(i64, i64) -> bool) -> Constraint {
        let mut ok = vec![0u32; digits + 1];
        for (x, row) in ok.iter_mut().enumerate().skip(1) {
            for y in 1..=digits {
                if test(x as i64, y as i64) {
                    *row |= 1 << (y - 1);
                }
            }
        }
        Constraint::Pair { a, b, ok }
    }

    /// Narrows the masks; `changed` is set when a digit was removed.
    pub fn propagate(&self, masks: &mut [u32], changed: &mut bool) -> Result<(), Contradiction> {
        match self {
            Constraint::Pair { a, b, ok } => {
                let (ma, mb) = (masks[*a], masks[*b]);
                let mut keep_b = 0;
                let mut keep_a = 0;
                let mut m = ma;
                while m != 0 {
                    let x = m.trailing_zeros() as usize + 1;
                    m &= m - 1;
                    if ok[x] & mb != 0 {
                        keep_a |= 1 << (x - 1);
                        keep_b |= ok[x] & mb;
                    }
                }
                narrow(masks, *a, keep_a, changed)?;
                if a == b {
                    // One cell paired with itself: the digits x with (x, x) allowed.
                    let same =
                        (1..ok.len()).filter(|&x| ok[x] >> (x - 1) & 1 == 1).fold(0, |s, x| s | 1 << (x - 1));
                    return narrow(masks, *a, same, changed);
                }
                narrow(masks, *b, keep_b, changed)
            }
            Constraint::Linear { terms, total } => {
                // Bounds: each term must fit between the total minus the others' extremes.
                let bounds = |m: u32, c: i64| {
                    if c >= 0 { (c * low(m), c * high(m)) } else { (c * high(m), c * low(m)) }
                };
                let (mut min_sum, mut max_sum) = (0, 0);
                for &(cell, c) in terms {
                    let (lo, hi) = bounds(masks[cell], c);
                    min_sum += lo;
                    max_sum += hi;
                }
                if *total < min_sum || *total > max_sum {
                    return Err(Contradiction);
                }
                for &(cell, c) in terms {
                    let m = masks[cell];
                    let (lo, hi) = bounds(m, c);
                    let want_lo = total - (max_sum - hi);
                    let want_hi = total - (min_sum - lo);
                    let mut keep = 0;
                    let mut rest = m;
                    while rest != 0 {
                        let v = i64::from(rest.trailing_zeros()) + 1;
                        rest &= rest - 1;
                        if (want_lo..=want_hi).contains(&(c * v)) {
                            keep |= 1 << (v - 1);
                        }
                    }
                    narrow(masks, cell, keep, changed)?;
                }
                Ok(())
            }
            Constraint::Distinct { cells } => {
                let mut placed = 0u32;
                for &c in cells {
                    let m = masks[c];
                    if m.is_power_of_two() {
                        if placed & m != 0 {
                            return Err(Contradiction);
                        }
                        placed |= m;
                    }
                }
                let mut union = 0u32;
                for &c in cells {
                    if !masks[c].is_power_of_two() {
                        narrow(masks, c, !placed, changed)?;
                    }
                    union |= masks[c];
                }
                // Pigeonhole: n cells need n different digits.
                if (union.count_ones() as usize) < cells.len() {
                    return Err(Contradiction);
                }
                Ok(())
            }
            Constraint::Window { cells } => {
                let n = cells.len() as i64;
                let lo = cells.iter().map(|&c| low(masks[c])).max().unwrap_or(1);
                let hi = cells.iter().map(|&c| high(masks[c])).min().unwrap_or(31);
                let keep = range(lo - (n - 1), hi + (n - 1));
                for &c in cells {
                    narrow(masks, c, keep, changed)?;
                }
                Ok(())
            }
            Constraint::Between { ends, middle } => {
                let (ma, mb) = (masks[ends[0]], masks[ends[1]]);
                // v fits when one end can be below it and the other above it.
                let below = |m: u32, v: i64| low(m) < v;
                let above = |m: u32, v: i64| high(m) > v;
                let mut keep = 0u32;
                for v in 1..=31i64 {
                    if (below(ma, v) && above(mb, v)) || (below(mb, v) && above(ma, v)) {
                        keep |= 1 << (v - 1);
                    }
                }
                for &c in middle {
                    narrow(masks, c, keep, changed)?;
                }
                Ok(())
            }
        }
    }
}
