//! The search: the plan from the number of givens, the depth-first search over a fixed-size stack,
//! and the choice of what to branch on (band configurations or a cell).

use super::grid::{C9, CM0, CM01, CM2, CM12, Grid, PEERS, TRI, init_grid, write_solution};
use super::lanes::{Lanes, load_all, store_all};
use super::propagate::{Status, fixpoint};
use crate::solve::Cutoff;
use core::mem::MaybeUninit;

/// The whole count on one instruction set: every path's entry point is this, inlined into a
/// function compiled for its instruction set. With a cutoff the search may give up:
/// `Err(solutions found so far)`.
#[inline(always)]
pub(super) fn count_with<V: Lanes>(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    let Some((g, clues)) = init_grid(givens) else {
        return Ok(0);
    };
    let (stop, band) = plan(clues, limit);
    solve::<V>(&g, stop, band, limit, solution, cutoff)
}

/// Whether the search is past its cutoff on entering its `nodes`-th node. A puzzle with few
/// givens and no solution can take the 9x9 search minutes, so a caller's time limit is read here
/// too; the first 1023 nodes always run, so a puzzle that quick is answered even with a limit of 0.
#[inline(always)]
fn spent(cutoff: Option<Cutoff>, nodes: u64) -> bool {
    match cutoff {
        None => false,
        Some(Cutoff::Nodes(max)) => nodes > max,
        // The clock is read every 1024 nodes (about 0.1 ms of search).
        Some(Cutoff::Deadline(at)) => nodes.is_multiple_of(1024) && std::time::Instant::now() >= at,
    }
}

/// Use the 16-clue theorem (McGuire, Tugemann, Civario 2012: no sudoku with 16 or fewer clues
/// has a unique solution): with <= 16 givens, one solution implies at least two.
const SIXTEEN_CLUE_SHORTCUT: bool = true;

/// Search plan from the number of givens:
/// - stop: number of solutions after which the search may stop: `limit`, or 1 when the first
///   solution already proves `min(count, limit) == limit` (limit == 2 and at most 16 givens);
/// - band: branch on band configurations (best for proving uniqueness of 17..=30-clue puzzles)
///   rather than on bivalue cells (best for finding solutions of under-constrained puzzles
///   and for the nearly solved many-clue ones).
#[inline(always)]
fn plan(clues: u32, limit: u32) -> (u32, bool) {
    let stop = if SIXTEEN_CLUE_SHORTCUT && limit == 2 && clues <= 16 { 1 } else { limit };
    (stop, (17..=30).contains(&clues))
}

/// Depth-first search from `init`: returns the count as `plan` defines it (stop, limit) and writes
/// the first solution found into `solution`.
#[inline(always)]
fn solve<V: Lanes>(
    init: &Grid,
    stop: u32,
    band: bool,
    limit: u32,
    mut solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    let mut nodes: u64 = 0;
    let mut stack: [MaybeUninit<Grid>; STACK] = [const { MaybeUninit::uninit() }; STACK];
    let mut sp = 0usize;
    let mut count = 0u32;
    let mut s: [V; 9] = load_all(init);
    // the root's single cells have not had their rows cleared yet
    let mut root = true;
    loop {
        nodes += 1;
        if spent(cutoff, nodes) {
            return Err(count);
        }
        let (st, _ones, _twos) = fixpoint(&mut s, !band, !root, band);
        root = false;
        match st {
            Status::Dead => {}
            Status::Solved => {
                count += 1;
                if count == 1
                    && let Some(out) = solution.as_deref_mut()
                {
                    let mut g = Grid([[0; 4]; 12]);
                    store_all(&s, &mut g);
                    write_solution(&g, out);
                }
                if count >= stop {
                    return Ok(if count >= limit { count } else { limit });
                }
            }
            Status::Open => {
                let mut g = Grid([[0; 4]; 12]);
                store_all(&s, &mut g);
                let cb = if band { choose_band_v(&s) } else { None };
                if let Some((o, j, d, mut confs)) = cb {
                    // k-way branch over the remaining configurations of digit d in band j
                    let first = confs.trailing_zeros() as usize;
                    confs &= confs - 1;
                    while confs != 0 {
                        let c = confs.trailing_zeros() as usize;
                        confs &= confs - 1;
                        let mut alt = g;
                        restrict(&mut alt, o, j, d, c);
                        stack[sp].write(alt);
                        sp += 1;
                    }
                    restrict(&mut g, o, j, d, first);
                    s = load_all(&g);
                    continue;
                }
                let (b, bit) = choose_cell_v(&s);
                let m = 1u32 << bit;
                let mut d = 0;
                while g.0[d][b] & m == 0 {
                    d += 1;
                }
                let peers = &PEERS[b * 27 + bit as usize];
                let mut alt = g;
                alt.0[d][b] &= !m;
                // A bivalue cell's alternative is a placement too: propagate it the same way.
                let mut e = d + 1;
                while e < 9 && g.0[e][b] & m == 0 {
                    e += 1;
                }
                if e < 9 && (e + 1..9).all(|f| g.0[f][b] & m == 0) {
                    for l in 0..3 {
                        alt.0[e][l] &= !peers[l];
                    }
                }
                stack[sp].write(alt);
                sp += 1;
                for e in 0..9 {
                    if e != d {
                        g.0[e][b] &= !m;
                    }
                }
                // Place the guess in its own plane too (its row, column and box), so that the
                // first sweep of the child already sees it propagated (one sweep fewer a node).
                for l in 0..3 {
                    g.0[d][l] &= !peers[l];
                }
                s = load_all(&g);
                continue;
            }
        }
        if sp == 0 {
            return Ok(count);
        }
        sp -= 1;
        // SAFETY: stack[sp] was written by the push that incremented sp past it.
        let g = unsafe { stack[sp].assume_init_ref() };
        s = load_all(g);
    }
}

/// Explicit DFS stack: on one path each band/stack branch fixes a distinct (orientation, band,
/// digit) (at most 54 levels, at most 5 pushes each) and a cell branch fixes a cell (at most 81).
const STACK: usize = 54 * 5 + 81;

/// The 6 permutations (configurations) of a digit in a band: row/band i -> box/column PERM[c][i].
const PERM: [[usize; 3]; 6] = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [1, 0, 2], [2, 1, 0]];

/// For a horizontal band: triad-bit masks (sparse positions 9r+3k) of each configuration.
const PERM_H: [u32; 6] = {
    let mut t = [0u32; 6];
    let mut c = 0;
    while c < 6 {
        let mut r = 0;
        while r < 3 {
            t[c] |= 1 << (9 * r + 3 * PERM[c][r]);
            r += 1;
        }
        c += 1;
    }
    t
};

/// Configuration bit masks of digit d: horizontal band j (o=0) or stack j (o=1).
#[inline(always)]
fn configs(g: &Grid, o: usize, j: usize, d: usize) -> u32 {
    let mut m = 0;
    if o == 0 {
        let w = g.0[d][j];
        let s = (w | w >> 1 | w >> 2) & TRI;
        for c in 0..6 {
            if s & PERM_H[c] == PERM_H[c] {
                m |= 1 << c;
            }
        }
    } else {
        let cp = |b: usize| {
            let w = g.0[d][b];
            (w | w >> 9 | w >> 18) >> (3 * j)
        };
        let (a, b, c2) = (cp(0), cp(1), cp(2));
        for c in 0..6 {
            let p = PERM[c];
            if (a >> p[0]) & (b >> p[1]) & (c2 >> p[2]) & 1 != 0 {
                m |= 1 << c;
            }
        }
    }
    m
}

/// Number of configurations of every (digit, band) and (digit, stack), computed with vectors.
/// h: plane d lane b = configurations of digit d in band b.
/// v: plane d lane 0 = 3-bit counts (bits 3s..3s+2) of digit d in stack s.
#[inline(always)]
fn config_counts<V: Lanes>(s: &[V; 9], h: &mut Grid, v: &mut Grid) {
    for i in 0..V::NV {
        let w = s[i];
        let sm = w.or(w.shr::<1>()).or(w.shr::<2>()).and(V::splat(TRI));
        let mut cnt = V::zero();
        for c in 0..6 {
            let pm = V::splat(PERM_H[c]);
            cnt = cnt.sub(sm.and(pm).eq(pm));
        }
        cnt.store(h, i);
        let cp = w.or(w.shr::<9>()).or(w.shr::<18>()).and(V::splat(C9));
        let y1 = cp.shr::<1>().and(V::splat(CM01)).or(cp.shl::<2>().and(V::splat(CM2)));
        let y2 = cp.shr::<2>().and(V::splat(CM0)).or(cp.shl::<1>().and(V::splat(CM12)));
        // permanent of each stack's 3x3 matrix (bands x columns), read in lane 0:
        // sum over columns j of band 0 of V0[j] * (V1[j+1] V2[j+2] + V1[j+2] V2[j+1])
        let a = cp.and(y1.rot1()).and(y2.rot2());
        let b = cp.and(y2.rot1()).and(y1.rot2());
        let per = |x: V| {
            x.and(V::splat(CM0)).add(x.shr::<1>().and(V::splat(CM0))).add(x.shr::<2>().and(V::splat(CM0)))
        };
        let acc = per(a).add(per(b));
        acc.store(v, i);
    }
}

/// tdoku-style choice (vectorised counting): the band or stack with the fewest configurations
/// over all digits that is not fully fixed, then its digit with the fewest configurations >= 2.
/// Returns (orientation, index, digit, configuration mask).
#[inline(always)]
fn choose_band_v<V: Lanes>(s: &[V; 9]) -> Option<(usize, usize, usize, u32)> {
    let mut h = Grid([[0; 4]; 12]);
    let mut v = Grid([[0; 4]; 12]);
    config_counts(s, &mut h, &mut v);
    let mut best = (0usize, 0usize);
    let mut best_total = u32::MAX;
    for j in 0..3 {
        let mut th = 0;
        let mut tv = 0;
        for d in 0..9 {
            th += LN[h.0[d][j] as usize & 7];
            tv += LN[((v.0[d][0] >> (3 * j)) & 7) as usize];
        }
        if th >= 1 && th < best_total {
            best_total = th;
            best = (0, j);
        }
        if tv >= 1 && tv < best_total {
            best_total = tv;
            best = (1, j);
        }
    }
    if best_total == u32::MAX {
        return None;
    }
    let (o, j) = best;
    let mut bd = 0;
    let mut bc = u32::MAX;
    for d in 0..9 {
        let c = if o == 0 { h.0[d][j] } else { (v.0[d][0] >> (3 * j)) & 7 };
        if c >= 2 && c < bc {
            bc = c;
            bd = d;
        }
    }
    let mut g = Grid([[0; 4]; 12]);
    store_all(s, &mut g);
    Some((o, j, bd, configs(&g, o, j, bd)))
}

/// 100 ln(n): a band's configurations over all digits, multiplied rather than added.
const LN: [u32; 8] = [0, 0, 69, 110, 139, 161, 179, 0];

/// Restricts digit d in band/stack j to configuration c.
#[inline(always)]
fn restrict(g: &mut Grid, o: usize, j: usize, d: usize, c: usize) {
    let p = PERM[c];
    if o == 0 {
        let mut keep = 0u32;
        for r in 0..3 {
            keep |= 7 << (9 * r + 3 * p[r]);
        }
        g.0[d][j] &= keep;
    } else {
        for b in 0..3 {
            let stack = 0o7 << (3 * j);
            let col = 1u32 << (3 * j + p[b]);
            let m = (C9 & !stack) | col;
            g.0[d][b] &= m | m << 9 | m << 18;
        }
    }
}

/// The cell to branch on: the first cell with two candidates (bands in order, lowest bit first),
/// else the first cell with more than one. Counts the candidates with vectors.
#[inline(always)]
fn choose_cell_v<V: Lanes>(s: &[V; 9]) -> (usize, u32) {
    let (mut ones, mut twos, mut threes) = (V::zero(), V::zero(), V::zero());
    for i in 0..V::NV {
        let w = s[i];
        threes = threes.or(twos.and(w));
        twos = twos.or(ones.and(w));
        ones = ones.or(w);
    }
    if V::L >= 2 {
        let (o, t, h) = (ones.swap1(), twos.swap1(), threes.swap1());
        threes = threes.or(h).or(twos.and(o)).or(ones.and(t));
        twos = twos.or(t).or(ones.and(o));
        ones = ones.or(o);
    }
    if V::L >= 4 {
        let (o, t, h) = (ones.swap2(), twos.swap2(), threes.swap2());
        threes = threes.or(h).or(twos.and(o)).or(ones.and(t));
        twos = twos.or(t).or(ones.and(o));
    }
    let mut g = Grid([[0; 4]; 12]);
    twos.store(&mut g, 0);
    twos.andn(threes).store(&mut g, 1);
    let (tw, bi) = (g.0[0], g.0[V::L]);
    for b in 0..3 {
        if bi[b] != 0 {
            return (b, bi[b].trailing_zeros());
        }
    }
    for b in 0..3 {
        if tw[b] != 0 {
            return (b, tw[b].trailing_zeros());
        }
    }
    (0, 0)
}
