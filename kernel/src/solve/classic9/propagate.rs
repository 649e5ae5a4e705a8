//! Propagation: sweeps of the four rules over all planes, repeated to a fixpoint.

use super::grid::{ALL, C9, CM0, CM01, CM2, CM12, M0, M01, M2, M12, ROW0, TRI};
use super::lanes::Lanes;

/// What the fixpoint left: a contradiction, a complete grid, or open cells to branch on.
pub(super) enum Status {
    Dead,
    Solved,
    Open,
}

/// Row mask (all 9 cells) of every row of `x` that holds at least one bit.
#[inline(always)]
fn rows_of<V: Lanes>(x: V) -> V {
    let t = x.or(x.shr::<1>()).or(x.shr::<2>());
    let r = t.or(t.shr::<3>()).or(t.shr::<6>()).and(V::splat(ROW0));
    r.shl::<9>().sub(r)
}

/// Fixpoint driver: runs sweeps until nothing changes, or until a sweep solves no new cell.
/// `from_start`: count the cells already solved on entry, so that a first sweep that solves
/// nothing new ends the node at once (pays off under cell branching, where a node starts from a
/// placed guess; under band branching the extra count costs more than it saves).
/// `cleared`: the single cells of the grid had their rows cleared in their plane (every node but
/// the root: the sweeps clear them, a guess clears its peers), so that a sweep that finds no new
/// single may skip that clearing; false for the root, whose first sweep then clears them all.
#[inline(always)]
pub(super) fn fixpoint<V: Lanes>(
    s: &mut [V; 9],
    from_start: bool,
    cleared: bool,
    triad: bool,
) -> (Status, V, V) {
    let allv = V::splat3(ALL);
    let mut prev = V::zero();
    if from_start {
        let (mut ones, mut twos) = (V::zero(), V::zero());
        for i in 0..V::NV {
            twos = twos.or(ones.and(s[i]));
            ones = ones.or(s[i]);
        }
        let (ones, twos) = V::fold_counts(ones, twos);
        prev = ones.andn(twos);
    }
    let mut cleared = cleared;
    loop {
        let before = *s;
        let st = sweep(s, prev, cleared);
        cleared = true;
        let (ones, twos) = match st {
            None => return (Status::Dead, V::zero(), V::zero()),
            Some(x) => x,
        };
        let mut diff = V::zero();
        for i in 0..V::NV {
            diff = diff.or(before[i].xor(s[i]));
        }
        let single = ones.andn(twos);
        let open = !allv.andn(single).is_zero();
        if diff.is_zero() || open && single.xor(prev).is_zero() {
            if !open {
                if diff.is_zero() {
                    return (Status::Solved, ones, twos);
                }
            } else if !triad {
                return (Status::Open, ones, twos);
            } else {
                // No cell was solved by this sweep: before branching, try the triad rule
                match triads(s) {
                    None => return (Status::Dead, V::zero(), V::zero()),
                    Some(true) => {
                        prev = single;
                        continue;
                    }
                    Some(false) => return (Status::Open, ones, twos),
                }
            }
        }
        prev = single;
    }
}

/// Triads of a band that lie on some permutation of its rows x boxes matrix (sparse bits 9r+3k).
#[inline(always)]
fn perm_filter_h<V: Lanes>(sm: V, all: V) -> V {
    // keep[r][k] = M[r][k] & (M[r+1][k+1] & M[r+2][k+2] | M[r+1][k+2] & M[r+2][k+1]), with the
    // row rotation taken out: R1(c1 & R1(c2) | c2 & R1(c1)), c1/c2 = boxes rotated by 1/2
    let c1 = sm.shr::<3>().and(V::splat(M01)).or(sm.shl::<6>().and(V::splat(M2)));
    let c2 = sm.shr::<6>().and(V::splat(M0)).or(sm.shl::<3>().and(V::splat(M12)));
    let rot = |x: V| x.shr::<9>().or(x.shl::<18>().and(all));
    sm.and(rot(c1.and(rot(c2)).or(c2.and(rot(c1)))))
}

/// Saturating bit-sliced counters (>=1 .. >=4) summed over the planes of a vector.
#[inline(always)]
fn fold4<V: Lanes>(a1: V, a2: V, a3: V, a4: V) -> (V, V, V, V) {
    let mut a = (a1, a2, a3, a4);
    if V::L >= 2 {
        let b = (a.0.swap1(), a.1.swap1(), a.2.swap1(), a.3.swap1());
        a = add4(a, b);
    }
    if V::L >= 4 {
        let b = (a.0.swap2(), a.1.swap2(), a.2.swap2(), a.3.swap2());
        a = add4(a, b);
    }
    a
}

/// The saturating sum of two bit-sliced counters (>=1 .. >=4).
#[inline(always)]
fn add4<V: Lanes>(a: (V, V, V, V), b: (V, V, V, V)) -> (V, V, V, V) {
    let n4 = a.3.or(b.3).or(a.2.and(b.0)).or(a.1.and(b.1)).or(a.0.and(b.2));
    let n3 = a.2.or(b.2).or(a.1.and(b.0)).or(a.0.and(b.1));
    let n2 = a.1.or(b.1).or(a.0.and(b.0));
    (a.0.or(b.0), n2, n3, n4)
}

/// The triad rule across digits: the three cells of a box row hold three distinct digits, so a
/// box row with candidates of fewer than three digits is a contradiction, and one with exactly
/// three places each of them there (removing them from the rest of that row and box). The same
/// on box columns. Returns None on contradiction, else whether something was removed.
#[inline(always)]
fn triads<V: Lanes>(s: &mut [V; 9]) -> Option<bool> {
    let tri = V::splat(TRI);
    let all = V::splat(ALL);
    let mut kk = [V::zero(); 9];
    let (mut c1, mut c2, mut c3, mut c4) = (V::zero(), V::zero(), V::zero(), V::zero());
    for i in 0..V::NV {
        let w = s[i];
        let sm = w.or(w.shr::<1>()).or(w.shr::<2>()).and(tri);
        let k = perm_filter_h(sm, all);
        kk[i] = k;
        c4 = c4.or(c3.and(k));
        c3 = c3.or(c2.and(k));
        c2 = c2.or(c1.and(k));
        c1 = c1.or(k);
    }
    let (_c1, _c2, c3, c4) = fold4(c1, c2, c3, c4);
    if !V::splat3(TRI).andn(c3).is_zero() {
        return None;
    }
    let exact3 = c3.andn(c4);
    let mut diff = V::zero();
    for i in 0..V::NV {
        let w = s[i];
        let k = kk[i];
        let f = k.and(exact3);
        let rr = f.or(f.shr::<3>()).or(f.shr::<6>()).and(V::splat(ROW0));
        let rr = rr.or(rr.shl::<3>()).or(rr.shl::<6>());
        let bx = f.or(f.shr::<9>()).or(f.shr::<18>()).and(V::splat(0o111));
        let bx = bx.or(bx.shl::<9>()).or(bx.shl::<18>());
        let k = k.andn(rr.or(bx).andn(f));
        if HIDDEN_TRIADS {
            kk[i] = k;
        } else {
            let nw = w.and(k.shl::<3>().sub(k));
            diff = diff.or(nw.xor(w));
            s[i] = nw;
        }
    }
    if HIDDEN_TRIADS {
        // a digit whose row of the band has one triad left is placed in that triad: three
        // digits placed in a triad fill it (the other digits leave it), four are a contradiction
        let mut ff = [V::zero(); 9];
        let (mut c1, mut c2, mut c3, mut c4) = (V::zero(), V::zero(), V::zero(), V::zero());
        for i in 0..V::NV {
            let k = kk[i];
            let (a, b, c) = (k, k.shr::<3>(), k.shr::<6>());
            let one = a.xor(b).xor(c).andn(a.and(b).and(c)).and(V::splat(ROW0));
            let f = k.and(one.or(one.shl::<3>()).or(one.shl::<6>()));
            ff[i] = f;
            c4 = c4.or(c3.and(f));
            c3 = c3.or(c2.and(f));
            c2 = c2.or(c1.and(f));
            c1 = c1.or(f);
        }
        let (_c1, _c2, c3, c4) = fold4(c1, c2, c3, c4);
        if !c4.is_zero() {
            return None;
        }
        for i in 0..V::NV {
            let w = s[i];
            let k = kk[i].andn(c3.andn(ff[i]));
            let nw = w.and(k.shl::<3>().sub(k));
            diff = diff.or(nw.xor(w));
            s[i] = nw;
        }
    }
    if VERTICAL_TRIADS {
        // the same on column triads (the three cells of a column inside a box): bit c of lane b
        let (mut c1, mut c2, mut c3, mut c4) = (V::zero(), V::zero(), V::zero(), V::zero());
        for i in 0..V::NV {
            let w = s[i];
            let cp = w.or(w.shr::<9>()).or(w.shr::<18>()).and(V::splat(C9));
            let k = perm_filter_v(cp);
            kk[i] = k;
            c4 = c4.or(c3.and(k));
            c3 = c3.or(c2.and(k));
            c2 = c2.or(c1.and(k));
            c1 = c1.or(k);
        }
        let (_c1, _c2, c3, c4) = fold4(c1, c2, c3, c4);
        if !V::splat3(C9).andn(c3).is_zero() {
            return None;
        }
        let exact3 = c3.andn(c4);
        for i in 0..V::NV {
            let w = s[i];
            let k = kk[i];
            let f = k.and(exact3);
            // same column in the other bands; other columns of the stack in the same band
            let oc = f.rot1().or(f.rot2());
            let st = f.or(f.shr::<1>()).or(f.shr::<2>()).and(V::splat(CM0));
            let st = st.or(st.shl::<1>()).or(st.shl::<2>());
            let k = k.andn(oc.or(st.andn(f)));
            if HIDDEN_TRIADS {
                kk[i] = k;
            } else {
                let nw = w.and(k.or(k.shl::<9>()).or(k.shl::<18>()));
                diff = diff.or(nw.xor(w));
                s[i] = nw;
            }
        }
        if HIDDEN_TRIADS {
            let mut ff = [V::zero(); 9];
            let (mut c1, mut c2, mut c3, mut c4) = (V::zero(), V::zero(), V::zero(), V::zero());
            for i in 0..V::NV {
                let k = kk[i];
                let (a, b, c) = (k, k.shr::<1>(), k.shr::<2>());
                let one = a.xor(b).xor(c).andn(a.and(b).and(c)).and(V::splat(CM0));
                let f = k.and(one.or(one.shl::<1>()).or(one.shl::<2>()));
                ff[i] = f;
                c4 = c4.or(c3.and(f));
                c3 = c3.or(c2.and(f));
                c2 = c2.or(c1.and(f));
                c1 = c1.or(f);
            }
            let (_c1, _c2, c3, c4) = fold4(c1, c2, c3, c4);
            if !c4.is_zero() {
                return None;
            }
            for i in 0..V::NV {
                let w = s[i];
                let k = kk[i].andn(c3.andn(ff[i]));
                let nw = w.and(k.or(k.shl::<9>()).or(k.shl::<18>()));
                diff = diff.or(nw.xor(w));
                s[i] = nw;
            }
        }
    }
    Some(!diff.is_zero())
}

const VERTICAL_TRIADS: bool = true;
const HIDDEN_TRIADS: bool = true;

/// Column triads of a stack that lie on some permutation of its bands x columns matrix (bit c of
/// lane b).
#[inline(always)]
fn perm_filter_v<V: Lanes>(cp: V) -> V {
    let y1 = cp.shr::<1>().and(V::splat(CM01)).or(cp.shl::<2>().and(V::splat(CM2)));
    let y2 = cp.shr::<2>().and(V::splat(CM0)).or(cp.shl::<1>().and(V::splat(CM12)));
    cp.and(y1.and(y2.rot1()).or(y2.and(y1.rot1())).rot1())
}

/// One sweep. Returns None on contradiction, else (ones, twos): cells with >=1 / >=2 candidates,
/// counted before the naked-single row clearing of this sweep.
#[inline(always)]
fn sweep<V: Lanes>(s: &mut [V; 9], prev: V, cleared: bool) -> Option<(V, V)> {
    let tri = V::splat(TRI);
    let all = V::splat(ALL);
    let allv = V::splat3(ALL);
    let mut bad = V::zero();
    let mut rany = V::zero();
    let mut r = [V::zero(); 9];
    for i in 0..V::NV {
        let w = s[i];
        // 1. horizontal triads (rows x boxes of each band)
        let sm = w.or(w.shr::<1>()).or(w.shr::<2>()).and(tri);
        let k = perm_filter_h(sm, all);
        bad = bad.or(k.zero_lanes().and(V::valid(i)));
        let w = w.and(k.shl::<3>().sub(k));
        // 2. vertical triads (columns x bands of each stack)
        let cp = w.or(w.shr::<9>()).or(w.shr::<18>()).and(V::splat(C9));
        let k2 = perm_filter_v(cp);
        let w = w.and(k2.or(k2.shl::<9>()).or(k2.shl::<18>()));
        // 3. rows holding exactly one cell = placed digit. A row of a live grid is never empty
        // here (step 1 left a permutation), so `w - ROW0` borrows inside each row only, and
        // `w & (w - ROW0)` keeps the rows with two cells or more; their fields are tested for
        // zero by adding 0x1FF, rows 0 and 2 apart from row 1 so that no carry meets a field.
        // (A row emptied by step 2 makes the lane's result meaningless, but such a grid is dead
        // and the next sweep says so: eliminations on it change no count.)
        let z = w.and(w.sub(V::splat(ROW0)));
        let e = z.and(V::splat(C9 | C9 << 18)).add(V::splat(C9 | C9 << 18));
        let o = z.and(V::splat(C9 << 9)).add(V::splat(C9 << 9));
        let many = e.shr::<9>().and(V::splat(1 | 1 << 18)).or(o.shr::<9>().and(V::splat(1 << 9)));
        let rs = V::splat(ROW0).andn(many);
        let ri = w.and(rs.shl::<9>().sub(rs));
        r[i] = ri;
        rany = rany.or(ri);
        s[i] = w;
    }
    // placed digits leave their cell in every other plane
    let rany = rany.fold_or();
    let mut ones = V::zero();
    let mut twos = V::zero();
    for i in 0..V::NV {
        let w = s[i].andn(rany.andn(r[i]));
        twos = twos.or(ones.and(w));
        ones = ones.or(w);
        s[i] = w;
    }
    let (ones, twos) = V::fold_counts(ones, twos);
    // 4. empty cells = contradiction; naked singles clear the rest of their row
    bad = bad.or(allv.andn(ones));
    if !bad.is_zero() {
        return None;
    }
    // Cells that were single before this sweep had their rows cleared then (nearly always: the
    // clearing itself can make a cell single unseen), so the loop is skipped when there is no new
    // one. Only propagation strength depends on it: a complete grid is still confirmed by steps
    // 1/2 (a digit twice in a row leaves another digit's row empty).
    let single = ones.andn(twos);
    if !cleared || !single.xor(prev).is_zero() {
        for i in 0..V::NV {
            let w = s[i];
            let n = w.and(single);
            s[i] = w.andn(rows_of(n).andn(n));
        }
    }
    Some((ones, twos))
}
