//! SSE2 path: one plane per 128-bit vector. SSE2 is part of the x86_64 baseline, so this path needs
//! no detection and is the floor of the run-time dispatch.
//!
//! Safety contract: every intrinsic here is SSE2, which every x86_64 CPU has; the only pointers
//! are the aligned plane loads and stores of `Grid`, each justified where it is made.

use super::grid::Grid;
use super::lanes::Lanes;
use super::search::count_with;
use crate::solve::Cutoff;
use core::arch::x86_64::*;

/// SSE2 path (x86_64 baseline). Exposed for tests/benches.
#[cfg(any(test, feature = "internals"))]
pub fn count_sse2(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (Ok(n) | Err(n)) = count_sse2_cut(givens, limit, solution, None);
    n
}

/// As [`count_sse2`], giving up at `cutoff`: `Err(solutions found so far)`.
pub(super) fn count_sse2_cut(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    count_with::<Sse2>(givens, limit, solution, cutoff)
}

/// Calls an SSE2 intrinsic that takes no pointer.
macro_rules! sse2 {
    ($e:expr) => {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the intrinsic's target
        // feature is always available; the wrapped intrinsics take no pointers.
        unsafe { $e }
    };
}

#[derive(Clone, Copy)]
struct Sse2(__m128i);

impl Lanes for Sse2 {
    const L: usize = 1;
    const NV: usize = 9;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        // SAFETY: g.0[i] is 16 bytes, 16-aligned (Grid is align(64), planes are 16 bytes); SSE2 is baseline on x86_64.
        Sse2(unsafe { _mm_load_si128(g.0[i].as_ptr() as *const __m128i) })
    }
    #[inline(always)]
    fn store(self, g: &mut Grid, i: usize) {
        // SAFETY: as in `load`, the destination is a 16-aligned 16-byte plane.
        unsafe { _mm_store_si128(g.0[i].as_mut_ptr() as *mut __m128i, self.0) }
    }
    #[inline(always)]
    fn splat3(x: u32) -> Self {
        Sse2(sse2!(_mm_set_epi32(0, x as i32, x as i32, x as i32)))
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Sse2(sse2!(_mm_set1_epi32(x as i32)))
    }
    #[inline(always)]
    fn zero() -> Self {
        Sse2(sse2!(_mm_setzero_si128()))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Sse2(sse2!(_mm_and_si128(self.0, o.0)))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Sse2(sse2!(_mm_or_si128(self.0, o.0)))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        Sse2(sse2!(_mm_xor_si128(self.0, o.0)))
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        Sse2(sse2!(_mm_andnot_si128(o.0, self.0)))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Sse2(sse2!(_mm_slli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Sse2(sse2!(_mm_srli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Sse2(sse2!(_mm_sub_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Sse2(sse2!(_mm_add_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        Sse2(sse2!(_mm_cmpeq_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        Sse2(sse2!(_mm_shuffle_epi32::<0b11_00_10_01>(self.0)))
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        Sse2(sse2!(_mm_shuffle_epi32::<0b11_01_00_10>(self.0)))
    }
    #[inline(always)]
    fn zero_lanes(self) -> Self {
        Sse2(sse2!(_mm_cmpeq_epi32(self.0, _mm_setzero_si128())))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        sse2!(_mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128()))) == 0xFFFF
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
        Self::splat3(!0)
    }
}
