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
    /// How many of the cells hold a digit of `set`: a count k with `allowed[k]` (counts past the
    /// end of `allowed` are not allowed).
    Count { cells: Vec<usize>, set: u32, allowed: Vec<bool> },
    /// The digit of `source` also stands in at least one of `cells`.
    Appears { source: usize, cells: Vec<usize> },
    /// Exactly `value` different digits among the cells (each cell listed once).
    DistinctCount { cells: Vec<usize>, value: usize },
    /// The cells' digits, in order, form one of the tuples (every tuple of digits 1..D).
    Tuples { cells: Vec<usize>, tuples: Vec<Vec<u8>> },
    /// One bijection σ of the digits maps x(a[i]) to x(b[i]) for every i: a[i] holds x exactly
    /// when b[i] holds σ(x).
    Bijection { a: Vec<usize>, b: Vec<usize> },
    /// The digits of `cells`, read in order, are a word some run of a nondeterministic automaton
    /// accepts (built by [`Constraint::automaton`]). `layers[i]` holds the moves on reading cell
    /// i; states are numbered per layer, layer 0 holds only the start state 0, and `accepting`
    /// marks the accepting states after the last cell. Propagation keeps exactly the digits that
    /// some accepted run through the current masks uses.
    Automaton { cells: Vec<usize>, layers: Vec<AutomatonLayer>, accepting: Vec<bool> },
}

/// The moves on reading one cell: state s of the layer moves by `moves[starts[s]..starts[s+1]]`.
#[derive(Clone, Debug)]
pub struct AutomatonLayer {
    pub starts: Vec<u32>,
    pub moves: Vec<Move>,
}

/// A move to state `to` of the next layer on any digit of the mask `digits`.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub to: u32,
    pub digits: u32,
}

/// The most transitions an automaton may have; beyond it a rule keeps only its placed check.
const AUTOMATON_LIMIT: usize = 100_000;

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

    /// The automaton over `cells` that starts in `start`, moves by `step` (every state reachable
    /// from a state on reading a digit; none = the word is rejected) and accepts the words ending
    /// in a state where `accept` holds. States are explored over the digits 1..=D, so any state
    /// type with finitely many reachable values works. `None` when it would exceed
    /// `AUTOMATON_LIMIT` moves (the caller then relies on its rule's placed check).
    pub fn automaton<S: Ord + Clone>(
        cells: Vec<usize>,
        digits: usize,
        start: S,
        step: impl Fn(&S, i64) -> Vec<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Option<Constraint> {
        let mut states = vec![start];
        let mut layers = Vec::with_capacity(cells.len());
        let mut total = 0;
        for _ in &cells {
            let mut ids = std::collections::BTreeMap::new();
            let mut next_states = Vec::new();
            let mut starts = vec![0u32];
            let mut moves = Vec::new();
            for s in &states {
                // The digits leading to each next state, merged into one move per target.
                let mut targets = std::collections::BTreeMap::new();
                for v in 1..=digits {
                    for t in step(s, v as i64) {
                        let to = *ids.entry(t.clone()).or_insert_with(|| {
                            next_states.push(t);
                            next_states.len() as u32 - 1
                        });
                        *targets.entry(to).or_insert(0u32) |= 1 << (v - 1);
                    }
                }
                moves.extend(targets.into_iter().map(|(to, digits)| Move { to, digits }));
                starts.push(moves.len() as u32);
                // Checked per state so that one huge layer is never built in full.
                if total + moves.len() > AUTOMATON_LIMIT {
                    return None;
                }
            }
            total += moves.len();
            layers.push(AutomatonLayer { starts, moves });
            states = next_states;
        }
        let accepting = states.iter().map(accept).collect();
        Some(Constraint::Automaton { cells, layers, accepting })
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
            Constraint::Count { cells, set, allowed } => count(masks, cells, *set, allowed, changed),
            Constraint::Appears { source, cells } => {
                // The source keeps the digits some cell can still show.
                let union = cells.iter().fold(0, |u, &c| u | masks[c]);
                narrow(masks, *source, union, changed)?;
                let m = masks[*source];
                if m.is_power_of_two() {
                    let mut holders = cells.iter().filter(|&&c| masks[c] & m != 0);
                    if let (Some(&only), None) = (holders.next(), holders.next()) {
                        narrow(masks, only, m, changed)?;
                    }
                }
                Ok(())
            }
            Constraint::DistinctCount { cells, value } => {
                let (mut placed, mut union, mut open) = (0u32, 0u32, 0usize);
                for &c in cells {
                    let m = masks[c];
                    union |= m;
                    if m.is_power_of_two() {
                        placed |= m;
                    } else {
                        open += 1;
                    }
                }
                let have = placed.count_ones() as usize;
                // Fewest different digits: those placed; most: placed + one new per open cell.
                if have > *value || have + open < *value || (union.count_ones() as usize) < *value {
                    return Err(Contradiction);
                }
                if have == *value {
                    for &c in cells {
                        narrow(masks, c, placed, changed)?;
                    }
                } else if have + open == *value {
                    // Every open cell must bring a digit not yet placed.
                    for &c in cells {
                        if !masks[c].is_power_of_two() {
                            narrow(masks, c, !placed, changed)?;
                        }
                    }
                }
                Ok(())
            }
            Constraint::Tuples { cells, tuples } => {
                // Generalised arc consistency: each cell keeps the digits of the tuples that still
                // fit every cell.
                let mut support = vec![0u32; cells.len()];
                for t in tuples {
                    if cells.iter().zip(t).all(|(&c, &v)| masks[c] >> (v - 1) & 1 == 1) {
                        for (s, &v) in support.iter_mut().zip(t) {
                            *s |= 1 << (v - 1);
                        }
                    }
                }
                for (&c, &s) in cells.iter().zip(&support) {
                    narrow(masks, c, s, changed)?;
                }
                Ok(())
            }
            Constraint::Bijection { a, b } => bijection(masks, a, b, changed),
            Constraint::Automaton { cells, layers, accepting } => {
                // States of all layers in one flat array: layer i starts at offset[i].
                let mut offset = Vec::with_capacity(layers.len() + 1);
                let mut width = 0;
                for layer in layers {
                    offset.push(width);
                    width += layer.starts.len() - 1;
                }
                offset.push(width);
                width += accepting.len();
                // Forward: the states some run through the masks reaches before each cell.
                let mut reached = vec![false; width];
                reached[0] = true;
                for (i, layer) in layers.iter().enumerate() {
                    let m = masks[cells[i]];
                    for s in 0..layer.starts.len() - 1 {
                        if reached[offset[i] + s] {
                            let (a, b) = (layer.starts[s] as usize, layer.starts[s + 1] as usize);
                            for mv in &layer.moves[a..b] {
                                if mv.digits & m != 0 {
                                    reached[offset[i + 1] + mv.to as usize] = true;
                                }
                            }
                        }
                    }
                }
                // Backward: keep the moves that also lead on to acceptance; their digits stay.
                let mut alive = vec![false; width];
                let last = offset[layers.len()];
                for (s, &acc) in accepting.iter().enumerate() {
                    alive[last + s] = acc && reached[last + s];
                }
                for (i, layer) in layers.iter().enumerate().rev() {
                    let m = masks[cells[i]];
                    let mut support = 0u32;
                    for s in 0..layer.starts.len() - 1 {
                        if reached[offset[i] + s] {
                            let (a, b) = (layer.starts[s] as usize, layer.starts[s + 1] as usize);
                            for mv in &layer.moves[a..b] {
                                let hit = mv.digits & m;
                                if hit != 0 && alive[offset[i + 1] + mv.to as usize] {
                                    alive[offset[i] + s] = true;
                                    support |= hit;
                                }
                            }
                        }
                    }
                    narrow(masks, cells[i], support, changed)?;
                }
                // No cells: the empty word itself must be accepted.
                if alive[0] { Ok(()) } else { Err(Contradiction) }
            }
        }
    }
}

/// `Constraint::Count`: the count lies between the cells that must hold a digit of `set` and
/// those that can; at the top of the allowed counts in that range the others lose the set, at the
/// bottom the ones that can take it.
fn count(
    masks: &mut [u32],
    cells: &[usize],
    set: u32,
    allowed: &[bool],
    changed: &mut bool,
) -> Result<(), Contradiction> {
    let (mut sure, mut possible) = (0usize, 0usize);
    for &c in cells {
        let m = masks[c];
        if m & set != 0 {
            possible += 1;
            if m & !set == 0 {
                sure += 1;
            }
        }
    }
    let ok = |k: &usize| allowed.get(*k).copied().unwrap_or(false);
    let Some(lo) = (sure..=possible).find(ok) else { return Err(Contradiction) };
    let hi = (sure..=possible).rev().find(ok).unwrap_or(lo);
    for &c in cells {
        let m = masks[c];
        let open = m & set != 0 && m & !set != 0;
        if open && hi == sure {
            narrow(masks, c, !set, changed)?;
        } else if open && lo == possible {
            narrow(masks, c, set, changed)?;
        }
    }
    Ok(())
}

/// `Constraint::Bijection`: every pair of placed cells a[i] = x, b[i] = y fixes σ(x) = y; then in
/// every pair a[j] holds x exactly when b[j] holds y.
fn bijection(masks: &mut [u32], a: &[usize], b: &[usize], changed: &mut bool) -> Result<(), Contradiction> {
    let mut forward = [0u32; 33];
    let mut backward = [0u32; 33];
    let mut known = Vec::new();
    for (&ca, &cb) in a.iter().zip(b) {
        let (ma, mb) = (masks[ca], masks[cb]);
        if !(ma.is_power_of_two() && mb.is_power_of_two()) {
            continue;
        }
        let (x, y) = (ma.trailing_zeros() as usize + 1, mb.trailing_zeros() as usize + 1);
        // σ is a function and one-to-one.
        if (forward[x] != 0 && forward[x] != mb) || (backward[y] != 0 && backward[y] != ma) {
            return Err(Contradiction);
        }
        if forward[x] == 0 {
            forward[x] = mb;
            backward[y] = ma;
            known.push((ma, mb));
        }
    }
    for &(xm, ym) in &known {
        for (&ca, &cb) in a.iter().zip(b) {
            if masks[ca] & xm == 0 {
                narrow(masks, cb, !ym, changed)?;
            }
            if masks[cb] & ym == 0 {
                narrow(masks, ca, !xm, changed)?;
            }
            if masks[ca] == xm {
                narrow(masks, cb, ym, changed)?;
            }
            if masks[cb] == ym {
                narrow(masks, ca, xm, changed)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(k: &Constraint, masks: &mut [u32]) -> Result<bool, Contradiction> {
        let mut changed = false;
        k.propagate(masks, &mut changed)?;
        Ok(changed)
    }

    #[test]
    fn count_places_a_digit_with_one_place_left() {
        // Digit 1 at least once among cells 0..3; only cell 0 can hold it.
        let k = Constraint::Count { cells: vec![0, 1, 2], set: 1, allowed: vec![false, true, true, true] };
        let mut masks = [0b011, 0b110, 0b100];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks, [0b001, 0b110, 0b100]);
        // Exactly once, and placed: the others lose it.
        let k = Constraint::Count { cells: vec![0, 1], set: 1, allowed: vec![false, true, false] };
        let mut masks = [0b001, 0b011];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks, [0b001, 0b010]);
        let mut masks = [0b010, 0b100];
        assert_eq!(run(&k, &mut masks), Err(Contradiction));
    }

    #[test]
    fn appears_and_distinct_count_narrow() {
        let k = Constraint::Appears { source: 0, cells: vec![1, 2] };
        let mut masks = [0b111, 0b011, 0b001];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks[0], 0b011);
        let mut masks = [0b010, 0b011, 0b101];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks[1], 0b010);
        // One different digit, already placed: the rest hold it too.
        let k = Constraint::DistinctCount { cells: vec![0, 1], value: 1 };
        let mut masks = [0b100, 0b111];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks, [0b100, 0b100]);
        // Three different digits on three cells with one placed: the open ones avoid it.
        let k = Constraint::DistinctCount { cells: vec![0, 1, 2], value: 3 };
        let mut masks = [0b001, 0b011, 0b111];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks, [0b001, 0b010, 0b110]);
    }

    #[test]
    fn tuples_and_bijection_narrow() {
        let k = Constraint::Tuples { cells: vec![0, 1], tuples: vec![vec![1, 2], vec![2, 3], vec![3, 3]] };
        let mut masks = [0b011, 0b011];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks, [0b001, 0b010]);
        let mut masks = [0b100, 0b011];
        assert_eq!(run(&k, &mut masks), Err(Contradiction));
        // σ(1) = 2 from the first pair: a[1] = 1 forces b[1] = 2, and b[2] not 2 keeps a[2] off 1.
        let k = Constraint::Bijection { a: vec![0, 1, 2], b: vec![3, 4, 5] };
        let mut masks = [0b001, 0b001, 0b011, 0b010, 0b110, 0b101];
        assert_eq!(run(&k, &mut masks), Ok(true));
        assert_eq!(masks, [0b001, 0b001, 0b010, 0b010, 0b010, 0b101]);
        // σ(1) = 2 and σ(1) = 3 at once.
        let mut masks = [0b001, 0b001, 0b111, 0b010, 0b100, 0b111];
        assert_eq!(run(&k, &mut masks), Err(Contradiction));
    }
}
