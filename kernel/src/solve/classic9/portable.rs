//! Portable path: plain `[u32; 4]` lanes, no intrinsics and no `unsafe`. The engine is the same, so
//! results (counts and first solution) are bit-identical to the SIMD paths. Used on targets without
//! a SIMD path and with the `scalar` feature; the compiler still vectorises what it can.

use super::grid::Grid;
use super::lanes::Lanes;
use super::search::count_with;
use crate::solve::Cutoff;

/// Portable (no intrinsics) path; same results as `count`. Exposed for tests/benches.
#[cfg(any(test, feature = "internals"))]
pub fn count_portable(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (Ok(n) | Err(n)) = count_portable_cut(givens, limit, solution, None);
    n
}

/// As [`count_portable`], giving up at `cutoff`: `Err(solutions found so far)`.
pub(super) fn count_portable_cut(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    count_with::<Scalar>(givens, limit, solution, cutoff)
}

#[derive(Clone, Copy)]
struct Scalar([u32; 4]);

impl Scalar {
    #[inline(always)]
    fn map(self, f: impl Fn(u32) -> u32) -> Self {
        Scalar([f(self.0[0]), f(self.0[1]), f(self.0[2]), f(self.0[3])])
    }
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(u32, u32) -> u32) -> Self {
        Scalar([f(self.0[0], o.0[0]), f(self.0[1], o.0[1]), f(self.0[2], o.0[2]), f(self.0[3], o.0[3])])
    }
}

impl Lanes for Scalar {
    const L: usize = 1;
    const NV: usize = 9;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        Scalar(g.0[i])
    }
    #[inline(always)]
    fn store(self, g: &mut Grid, i: usize) {
        g.0[i] = self.0;
    }
    #[inline(always)]
    fn splat3(x: u32) -> Self {
        Scalar([x, x, x, 0])
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Scalar([x; 4])
    }
    #[inline(always)]
    fn zero() -> Self {
        Scalar([0; 4])
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        self.zip(o, |a, b| a & !b)
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        self.map(|a| a << N)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        self.map(|a| a >> N)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, |a, b| a.wrapping_sub(b))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, |a, b| a.wrapping_add(b))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        self.zip(o, |a, b| if a == b { !0 } else { 0 })
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        Scalar([self.0[1], self.0[2], self.0[0], self.0[3]])
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        Scalar([self.0[2], self.0[0], self.0[1], self.0[3]])
    }
    #[inline(always)]
    fn zero_lanes(self) -> Self {
        self.map(|a| if a == 0 { !0 } else { 0 })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn swap1(self) -> Self {
        self
    }
    #[inline(always)]
    fn swap2(self) -> Self {
        self
    }
    #[inline(always)]
    fn valid(_i: usize) -> Self {
        Scalar([!0, !0, !0, 0])
    }
}
