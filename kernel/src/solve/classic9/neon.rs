//! NEON path (aarch64): one plane per 128-bit vector, like SSE2. NEON is part of the aarch64
//! baseline (`target_feature = "neon"` on every aarch64 Linux, Android and Apple target), so this
//! path needs no run-time detection and is compiled only where the feature is on.
//!
//! Safety contract: this file is compiled only where NEON is on for the whole crate, so every NEON
//! intrinsic's target feature is present on any CPU the code runs on; the only pointers are the
//! loads and stores of `Grid` planes and of constant tables, each justified where it is made.

use super::grid::Grid;
use super::lanes::Lanes;
use super::search::count_with;
use crate::solve::Cutoff;
use core::arch::aarch64::*;

/// NEON path (aarch64 baseline). Exposed for tests/benches.
#[cfg(any(test, feature = "internals"))]
pub fn count_neon(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (Ok(n) | Err(n)) = count_neon_cut(givens, limit, solution, None);
    n
}

/// As [`count_neon`], giving up at `cutoff`: `Err(solutions found so far)`.
pub(super) fn count_neon_cut(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    count_with::<Neon>(givens, limit, solution, cutoff)
}

/// Calls a NEON intrinsic that takes no pointer.
macro_rules! neon {
    ($e:expr) => {
        // SAFETY: NEON is on for the whole crate (this file is compiled only under
        // `target_feature = "neon"`, the aarch64 baseline); the wrapped intrinsics take no pointers.
        unsafe { $e }
    };
}

#[derive(Clone, Copy)]
struct Neon(uint32x4_t);

/// Byte indices for `vqtbl1q_u8` that move 32-bit lanes to [1, 2, 0, 3] (rot1) and [2, 0, 1, 3] (rot2).
const ROT1: [u8; 16] = [4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15];
const ROT2: [u8; 16] = [8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15];

/// A byte-shuffle table as a vector.
#[inline(always)]
fn table(t: &[u8; 16]) -> uint8x16_t {
    // SAFETY: reads exactly the 16 bytes of `t`; NEON is baseline (the file's contract).
    unsafe { vld1q_u8(t.as_ptr()) }
}

/// Lanes [a, b, c, d] as a vector.
#[inline(always)]
fn lanes(x: [u32; 4]) -> uint32x4_t {
    // SAFETY: reads exactly the 16 bytes of `x`; NEON is baseline (the file's contract).
    unsafe { vld1q_u32(x.as_ptr()) }
}

impl Lanes for Neon {
    const L: usize = 1;
    const NV: usize = 9;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        // SAFETY: g.0[i] (i < 12) is a 16-byte plane inside Grid; vld1q needs only 4-byte alignment.
        Neon(unsafe { vld1q_u32(g.0[i].as_ptr()) })
    }
    #[inline(always)]
    fn store(self, g: &mut Grid, i: usize) {
        // SAFETY: as in `load`, the destination is a 16-byte plane inside Grid.
        unsafe { vst1q_u32(g.0[i].as_mut_ptr(), self.0) }
    }
    #[inline(always)]
    fn splat3(x: u32) -> Self {
        Neon(lanes([x, x, x, 0]))
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Neon(neon!(vdupq_n_u32(x)))
    }
    #[inline(always)]
    fn zero() -> Self {
        Neon(neon!(vdupq_n_u32(0)))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Neon(neon!(vandq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Neon(neon!(vorrq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        Neon(neon!(veorq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        // BIC: first operand AND NOT second
        Neon(neon!(vbicq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Neon(neon!(vshlq_n_u32::<N>(self.0)))
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Neon(neon!(vshrq_n_u32::<N>(self.0)))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Neon(neon!(vsubq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Neon(neon!(vaddq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        Neon(neon!(vceqq_u32(self.0, o.0)))
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        Neon(neon!(vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(self.0), table(&ROT1)))))
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        Neon(neon!(vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(self.0), table(&ROT2)))))
    }
    #[inline(always)]
    fn zero_lanes(self) -> Self {
        Neon(neon!(vceqzq_u32(self.0)))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        neon!(vmaxvq_u32(self.0)) == 0
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
