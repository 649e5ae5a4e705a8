//! AVX2 path: two planes per 256-bit vector (five vectors, the tenth plane an always-empty dummy);
//! picked at run time when the CPU has AVX2.
//!
//! Safety contract: `Avx2` is private to this file and its values are only made inside
//! `count_unchecked`, a function compiled for AVX2 that is only entered after
//! `is_x86_feature_detected!("avx2")` said yes (`count_avx2` here, or the dispatch in `classic9`).
//! So every AVX2 intrinsic runs on a CPU that has it; the only pointers are the aligned plane loads
//! and stores of `Grid`, each justified where it is made.

use super::grid::Grid;
use super::lanes::Lanes;
use super::search::count_with;
use crate::solve::Cutoff;
use core::arch::x86_64::*;

/// AVX2 path if the CPU has it, else None. Exposed for tests/benches.
#[cfg(any(test, feature = "internals"))]
pub fn count_avx2(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> Option<u32> {
    if super::has_avx2() {
        // SAFETY: AVX2 support was verified at run time by `has_avx2`.
        let (Ok(n) | Err(n)) = unsafe { count_unchecked(givens, limit, solution, None) };
        Some(n)
    } else {
        None
    }
}

/// The AVX2 count. Safety: the CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn count_unchecked(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    count_with::<Avx2>(givens, limit, solution, cutoff)
}

/// Calls an AVX2 intrinsic that takes no pointer.
macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: values of type `Avx2` only exist inside `count_unchecked`, which is only
        // entered after AVX2 was detected at run time (the file's contract); no pointers.
        unsafe { $e }
    };
}

#[derive(Clone, Copy)]
struct Avx2(__m256i);

impl Lanes for Avx2 {
    const L: usize = 2;
    const NV: usize = 5;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        // SAFETY: planes 2i, 2i+1 (i < 5) are 32 contiguous bytes inside Grid, 32-aligned (Grid is
        // align(64), planes are 16 bytes); AVX2 was detected (the file's contract).
        Avx2(unsafe { _mm256_load_si256(g.0[2 * i].as_ptr() as *const __m256i) })
    }
    #[inline(always)]
    fn store(self, g: &mut Grid, i: usize) {
        // SAFETY: as in `load`; AVX2 was detected.
        unsafe { _mm256_store_si256(g.0[2 * i].as_mut_ptr() as *mut __m256i, self.0) }
    }
    #[inline(always)]
    fn splat3(x: u32) -> Self {
        let x = x as i32;
        Avx2(avx2!(_mm256_set_epi32(0, x, x, x, 0, x, x, x)))
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Avx2(avx2!(_mm256_set1_epi32(x as i32)))
    }
    #[inline(always)]
    fn zero() -> Self {
        Avx2(avx2!(_mm256_setzero_si256()))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_and_si256(self.0, o.0)))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_or_si256(self.0, o.0)))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_xor_si256(self.0, o.0)))
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_andnot_si256(o.0, self.0)))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Avx2(avx2!(_mm256_slli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Avx2(avx2!(_mm256_srli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_sub_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_add_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_cmpeq_epi32(self.0, o.0)))
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        Avx2(avx2!(_mm256_shuffle_epi32::<0b11_00_10_01>(self.0)))
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        Avx2(avx2!(_mm256_shuffle_epi32::<0b11_01_00_10>(self.0)))
    }
    #[inline(always)]
    fn zero_lanes(self) -> Self {
        Avx2(avx2!(_mm256_cmpeq_epi32(self.0, _mm256_setzero_si256())))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        avx2!(_mm256_testz_si256(self.0, self.0)) != 0
    }
    #[inline(always)]
    fn swap1(self) -> Self {
        Avx2(avx2!(_mm256_permute4x64_epi64::<0b01_00_11_10>(self.0)))
    }
    #[inline(always)]
    fn swap2(self) -> Self {
        self
    }
    #[inline(always)]
    fn valid(i: usize) -> Self {
        let m = !0;
        Avx2(if i == 4 {
            avx2!(_mm256_set_epi32(0, 0, 0, 0, 0, m, m, m))
        } else {
            avx2!(_mm256_set_epi32(0, m, m, m, 0, m, m, m))
        })
    }
}
