//! What the engine needs of a vector: L planes of 4 x u32 lanes (bands 0..2 and a spare lane)
//! per vector, and the lane-wise operations the propagation and the branching use. Each
//! instruction set implements it in its own file.

use super::grid::Grid;

pub(super) trait Lanes: Copy {
    /// planes per vector
    const L: usize;
    /// vectors used for the 9 planes
    const NV: usize;
    fn load(g: &Grid, i: usize) -> Self;
    fn store(self, g: &mut Grid, i: usize);
    fn splat3(x: u32) -> Self; // x in lanes 0..2 of every plane, 0 in lane 3
    fn splat(x: u32) -> Self;
    fn zero() -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// self & !o
    fn andn(self, o: Self) -> Self;
    fn shl<const N: i32>(self) -> Self;
    fn shr<const N: i32>(self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn add(self, o: Self) -> Self;
    /// lanes equal -> all ones, else 0
    fn eq(self, o: Self) -> Self;
    /// lane b <- lane (b+1)%3 (lane 3 kept)
    fn rot1(self) -> Self;
    /// lane b <- lane (b+2)%3 (lane 3 kept)
    fn rot2(self) -> Self;
    /// lanes equal to zero -> all ones, else 0
    fn zero_lanes(self) -> Self;
    fn is_zero(self) -> bool;
    /// L >= 2: swap neighbouring planes (128-bit halves of each 256-bit part)
    fn swap1(self) -> Self;
    /// L == 4: swap 256-bit halves
    fn swap2(self) -> Self;
    /// OR of all planes of the vector, broadcast to every plane
    #[inline(always)]
    fn fold_or(self) -> Self {
        let mut x = self;
        if Self::L >= 2 {
            x = x.or(x.swap1());
        }
        if Self::L >= 4 {
            x = x.or(x.swap2());
        }
        x
    }
    /// Combines per-plane-slot (>=1, >=2) counters across the planes of the vector.
    #[inline(always)]
    fn fold_counts(ones: Self, twos: Self) -> (Self, Self) {
        let (mut o, mut t) = (ones, twos);
        if Self::L >= 2 {
            let o1 = o.swap1();
            t = t.or(t.swap1()).or(o.and(o1));
            o = o.or(o1);
        }
        if Self::L >= 4 {
            let o2 = o.swap2();
            t = t.or(t.swap2()).or(o.and(o2));
            o = o.or(o2);
        }
        (o, t)
    }
    /// lanes that hold real bands for vector i
    fn valid(i: usize) -> Self;
}

/// The 9 planes of a stored grid as vectors (only the first `NV` are used).
#[inline(always)]
pub(super) fn load_all<V: Lanes>(g: &Grid) -> [V; 9] {
    let mut s = [V::zero(); 9];
    for i in 0..V::NV {
        s[i] = V::load(g, i);
    }
    s
}

/// Stores the vectors back into a grid.
#[inline(always)]
pub(super) fn store_all<V: Lanes>(s: &[V; 9], g: &mut Grid) {
    for i in 0..V::NV {
        s[i].store(g, i);
    }
}
