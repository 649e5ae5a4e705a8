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
#[inline(always)]
pub(super) fn fixpoint<V: Lanes>(s: &mut [V; 9], from_start: bool) -> (Status, V, V) {
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
    loop {
        let before = *s;
        let st = sweep(s);
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
        if diff.is_zero() {
            return (if open { Status::Open } else { Status::Solved }, ones, twos);
        }
        // No cell was solved by this sweep: branch now rather than pay for a sweep that
        // would most likely only confirm the fixpoint (a complete grid is always confirmed).
        if open && single.xor(prev).is_zero() {
            return (Status::Open, ones, twos);
        }
        prev = single;
    }
}

/// One sweep. Returns None on contradiction, else (ones, twos): cells with >=1 / >=2 candidates,
/// counted before the naked-single row clearing of this sweep.
#[inline(always)]
fn sweep<V: Lanes>(s: &mut [V; 9]) -> Option<(V, V)> {
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
        let c1 = sm.shr::<3>().and(V::splat(M01)).or(sm.shl::<6>().and(V::splat(M2)));
        let c2 = sm.shr::<6>().and(V::splat(M0)).or(sm.shl::<3>().and(V::splat(M12)));
        let r1c1 = c1.shr::<9>().or(c1.shl::<18>().and(all));
        let r1c2 = c2.shr::<9>().or(c2.shl::<18>().and(all));
        let r2c1 = c1.shl::<9>().and(all).or(c1.shr::<18>());
        let r2c2 = c2.shl::<9>().and(all).or(c2.shr::<18>());
        let k = sm.and(r1c1.and(r2c2).or(r1c2.and(r2c1)));
        bad = bad.or(k.zero_lanes().and(V::valid(i)));
        let w = w.and(k.shl::<3>().sub(k));
        // 2. vertical triads (columns x bands of each stack)
        let cp = w.or(w.shr::<9>()).or(w.shr::<18>()).and(V::splat(C9));
        let y1 = cp.shr::<1>().and(V::splat(CM01)).or(cp.shl::<2>().and(V::splat(CM2)));
        let y2 = cp.shr::<2>().and(V::splat(CM0)).or(cp.shl::<1>().and(V::splat(CM12)));
        let k2 = cp.and(y1.rot1().and(y2.rot2()).or(y2.rot1().and(y1.rot2())));
        let w = w.and(k2.or(k2.shl::<9>()).or(k2.shl::<18>()));
        // 3. rows holding exactly one cell = placed digit
        let t = w.shr::<1>();
        let u = w.shr::<2>();
        let any = w.or(t).or(u);
        let multi = w.and(t.or(u)).or(t.and(u));
        let a = any;
        let b = any.shr::<3>();
        let c = any.shr::<6>();
        let one = a.xor(b).xor(c).andn(a.and(b).and(c));
        let m = multi.or(multi.shr::<3>()).or(multi.shr::<6>());
        let rs = one.andn(m).and(V::splat(ROW0));
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
    let single = ones.andn(twos);
    for i in 0..V::NV {
        let w = s[i];
        let n = w.and(single);
        s[i] = w.andn(rows_of(n).andn(n));
    }
    Some((ones, twos))
}
