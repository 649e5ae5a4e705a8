//! AVX-512F path: four planes per 512-bit vector (three vectors, planes 9..11 always-empty
//! dummies); picked at run time when the CPU has AVX-512F.
//!
//! Safety contract: `Avx512` is private to this file and its values are only made inside
//! `count_unchecked`, a function compiled for AVX-512F that is only entered after
//! `is_x86_feature_detected!("avx512f")` said yes (`count_avx512` here, or the dispatch in
//! `classic9`). So every AVX-512F intrinsic runs on a CPU that has it; the only pointers are the
//! aligned plane loads and stores of `Grid`, each justified where it is made.

use super::grid::Grid;
use super::lanes::Lanes;
use super::search::count_with;
use crate::solve::Cutoff;
use core::arch::x86_64::*;

/// AVX-512F path if the CPU has it, else None. Exposed for tests/benches.
#[cfg(any(test, feature = "internals"))]
pub fn count_avx512(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> Option<u32> {
    if super::isa_level() >= 3 {
        // SAFETY: AVX-512F support was verified at run time by `isa_level`.
        let (Ok(n) | Err(n)) = unsafe { count_unchecked(givens, limit, solution, None) };
        Some(n)
    } else {
        None
    }
}

/// The AVX-512F count. Safety: the CPU must have AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn count_unchecked(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    count_with::<Avx512>(givens, limit, solution, cutoff)
}

#[derive(Clone, Copy)]
struct Avx512(__m512i);

/// Calls AVX-512F intrinsics.
macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: values of type `Avx512` only exist inside `count_unchecked`, which is only
        // entered after AVX-512F was detected at run time (the file's contract); no pointers.
        unsafe { $e }
    };
}

impl Lanes for Avx512 {
    const L: usize = 4;
    const NV: usize = 3;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        // SAFETY: planes 4i..4i+3 (i < 3) are 64 contiguous bytes inside the 64-aligned Grid; AVX-512F was detected.
        Avx512(unsafe { _mm512_load_si512(g.0[4 * i].as_ptr() as *const __m512i) })
    }
    #[inline(always)]
    fn store(self, g: &mut Grid, i: usize) {
        // SAFETY: as in `load`; AVX-512F was detected.
        unsafe { _mm512_store_si512(g.0[4 * i].as_mut_ptr() as *mut __m512i, self.0) }
    }
    #[inline(always)]
    fn splat3(x: u32) -> Self {
        let x = x as i32;
        Avx512(avx512!(_mm512_set_epi32(0, x, x, x, 0, x, x, x, 0, x, x, x, 0, x, x, x)))
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Avx512(avx512!(_mm512_set1_epi32(x as i32)))
    }
    #[inline(always)]
    fn zero() -> Self {
        Avx512(avx512!(_mm512_setzero_si512()))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_and_si512(self.0, o.0)))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_or_si512(self.0, o.0)))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_xor_si512(self.0, o.0)))
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_andnot_si512(o.0, self.0)))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Avx512(avx512!(_mm512_sll_epi32(self.0, _mm_cvtsi32_si128(N))))
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Avx512(avx512!(_mm512_srl_epi32(self.0, _mm_cvtsi32_si128(N))))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_sub_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_add_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_maskz_mov_epi32(_mm512_cmpeq_epi32_mask(self.0, o.0), _mm512_set1_epi32(-1))))
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        Avx512(avx512!(_mm512_shuffle_epi32::<0b11_00_10_01>(self.0)))
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        Avx512(avx512!(_mm512_shuffle_epi32::<0b11_01_00_10>(self.0)))
    }
    #[inline(always)]
    fn zero_lanes(self) -> Self {
        Self::zero().eq(self)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        avx512!(_mm512_test_epi32_mask(self.0, self.0)) == 0
    }
    #[inline(always)]
    fn swap1(self) -> Self {
        Avx512(avx512!(_mm512_shuffle_i32x4::<0b10_11_00_01>(self.0, self.0)))
    }
    #[inline(always)]
    fn swap2(self) -> Self {
        Avx512(avx512!(_mm512_shuffle_i32x4::<0b01_00_11_10>(self.0, self.0)))
    }
    #[inline(always)]
    fn valid(i: usize) -> Self {
        let m = -1;
        Avx512(avx512!(if i == 2 {
            _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, m, m, m)
        } else {
            _mm512_set_epi32(0, m, m, m, 0, m, m, m, 0, m, m, m, 0, m, m, m)
        }))
    }
}
