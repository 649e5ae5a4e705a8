//! Exact classic 9x9 solution counter (count up to a limit, return the first solution).
//!
//! ```text
//! LAYOUT
//! ======
//! The grid is split into three horizontal BANDS of three rows each.  For every
//! digit d (a "plane") and every band b we keep one 27-bit word of candidates:
//!
//!      word[d][b], bit = 9*row_in_band + col                (row_in_band 0..2)
//!
//!      col:  0 1 2 | 3 4 5 | 6 7 8
//!           +------+-------+------+
//!      r0   | 0 1 2| 3 4 5 | 6 7 8|      bits 0..8
//!      r1   | 9 ...| 12..  | ..17 |      bits 9..17
//!      r2   |18 ...| 21..  | ..26 |      bits 18..26
//!           +------+-------+------+
//!             box0   box1    box2
//!
//! A "triad" is the 3 cells of one row inside one box (a box row).  Triad (r,k)
//! is bits 9r+3k .. 9r+3k+2; collapsing every triad onto its lowest bit gives a
//! sparse 3x3 matrix (rows r x boxes k) at bit positions 9r+3k.
//!
//! One plane = 4 x u32 lanes  [band0 | band1 | band2 | 0]  = one 128-bit vector.
//!
//!      SSE2 / portable : 9 vectors of 4 lanes, vector i = plane i
//!      AVX2            : 5 vectors of 8 lanes, vector i = planes (2i, 2i+1);
//!                        the 10th plane is an always-empty dummy.
//!      AVX-512F        : 3 vectors of 16 lanes, vector i = planes 4i..4i+3;
//!                        planes 9..11 are always-empty dummies.
//!
//! Band-local work (rows, boxes) is lane-wise; work across bands (columns,
//! stacks) uses lane rotations [b0 b1 b2 x] -> [b1 b2 b0 x] (pshufd, which
//! works per 128-bit half on AVX2); work across digits (cells) is a vertical
//! OR/AND over the plane vectors (plus a half swap on AVX2).
//!
//! PROPAGATION (one full sweep over all planes, repeated until nothing changes,
//! or until a sweep that changed something solved no new cell: the search then
//! branches without a confirming sweep; a complete grid is always confirmed)
//!   1. horizontal triads: per (digit, band) the 3x3 matrix rows x boxes must
//!      contain a permutation (each row and each box of the band holds the digit
//!      exactly once).  Keep only triads that lie on some permutation:
//!        keep[r][k] = M[r][k] & (M[r+1][k+1]&M[r+2][k+2] | M[r+1][k+2]&M[r+2][k+1])
//!      This is locked candidates (pointing + claiming) along rows, hidden
//!      singles in rows/boxes, and "digit missing from a row/box" detection.
//!   2. vertical triads: the same on the matrix columns x bands of each stack
//!      (columns of one box x the three bands), using lane rotations.  Gives
//!      column eliminations, hidden singles in columns, locked candidates in
//!      columns.
//!   3. a row of a plane holding a single cell is a placed digit: clear that
//!      cell in every other plane.
//!   4. naked singles (cells with one candidate, bit-sliced counting over the
//!      planes): clear the rest of the row in that digit's plane; empty cell
//!      = contradiction.
//! A grid where every cell holds one candidate and sweep 1/2 removed nothing
//! and found no empty row/box/column is a valid solution (81 cells, every
//! digit at least once in each of its 9 rows/cols/boxes => exactly once).
//!
//! SEARCH: iterative DFS with an explicit fixed-size stack (no heap).
//!   17..=30 givens: tdoku-style branching on band CONFIGURATIONS: a digit's
//!     placement in a band (or stack) is one of the 6 permutations of its 3x3
//!     triad matrix; take the band/stack with the fewest configurations over
//!     all digits (not fully fixed), its digit with the fewest (>= 2), and
//!     branch k-ways, one child per configuration.  Best for proving
//!     uniqueness (halves the nodes on the hardest sets).
//!   other clue counts: branch on the first cell with 2 candidates (else the
//!     first unsolved cell): lowest digit first, pushed alternative = that
//!     digit removed.  Finds solutions of under-constrained puzzles faster.
//!   <= 16 givens and limit == 2: stop at the first solution and return 2
//!     (16-clue theorem, McGuire-Tugemann-Civario 2012: no 16-clue sudoku is
//!     unique); see SIXTEEN_CLUE_SHORTCUT.
//!
//! ISA LEVELS
//!   x86_64 default          : AVX-512F path if detected at run time (cached),
//!                             else AVX2, else SSE2 (always present on x86_64).
//!                             All three are the same generic code (`Lanes`).
//!   other arch / `scalar`   : portable path ([u32; 4] lanes, same algorithm,
//!                             bit-identical results, same first solution).
//! ```

#![allow(clippy::needless_range_loop)]

use core::mem::MaybeUninit;

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/// givens: 81 cells row-major, 0 = empty, 1..=9 = given digit. Values above 9 are the caller's error (never passed).
/// Returns min(number of solutions, limit) (limit >= 1). When the return value is >= 1, `solution` (if Some) holds the first solution found.
/// A puzzle whose givens already conflict returns 0. Complete: no node limit.
#[inline]
pub fn count(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(feature = "scalar")))]
    {
        match isa_level() {
            // SAFETY: AVX-512F support was verified at run time by `isa_level`.
            3 => unsafe { count_avx512_unchecked(givens, limit, solution) },
            // SAFETY: AVX2 support was verified at run time by `isa_level`.
            2 => unsafe { count_avx2_unchecked(givens, limit, solution) },
            _ => count_sse2(givens, limit, solution),
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "scalar"))))]
    {
        count_portable(givens, limit, solution)
    }
}

/// Portable (no intrinsics) path; same results as `count`. Exposed for tests/benches.
#[doc(hidden)]
pub fn count_portable(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (g, clues) = match init_grid(givens) {
        Some(x) => x,
        None => return 0,
    };
    {
        let (stop, band) = plan(clues, limit);
        solve::<Scalar>(&g, stop, band, limit, solution)
    }
}

/// SSE2 path (x86_64 baseline). Exposed for tests/benches.
#[doc(hidden)]
#[cfg(target_arch = "x86_64")]
pub fn count_sse2(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (g, clues) = match init_grid(givens) {
        Some(x) => x,
        None => return 0,
    };
    {
        let (stop, band) = plan(clues, limit);
        solve::<Sse2>(&g, stop, band, limit, solution)
    }
}

/// AVX2 path if the CPU has it, else None. Exposed for tests/benches.
#[doc(hidden)]
#[cfg(target_arch = "x86_64")]
pub fn count_avx2(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> Option<u32> {
    if has_avx2() {
        // SAFETY: AVX2 support was verified at run time by `has_avx2`.
        Some(unsafe { count_avx2_unchecked(givens, limit, solution) })
    } else {
        None
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn count_avx2_unchecked(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (g, clues) = match init_grid(givens) {
        Some(x) => x,
        None => return 0,
    };
    {
        let (stop, band) = plan(clues, limit);
        solve::<Avx2>(&g, stop, band, limit, solution)
    }
}

/// AVX-512F path if the CPU has it, else None. Exposed for tests/benches.
#[doc(hidden)]
#[cfg(target_arch = "x86_64")]
pub fn count_avx512(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> Option<u32> {
    if isa_level() >= 3 {
        // SAFETY: AVX-512F support was verified at run time by `isa_level`.
        Some(unsafe { count_avx512_unchecked(givens, limit, solution) })
    } else {
        None
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn count_avx512_unchecked(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (g, clues) = match init_grid(givens) {
        Some(x) => x,
        None => return 0,
    };
    {
        let (stop, band) = plan(clues, limit);
        solve::<Avx512>(&g, stop, band, limit, solution)
    }
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx2() -> bool {
    isa_level() >= 2
}

/// The instruction-set level the 9x9 counter runs at on this CPU (detected once): "avx512f",
/// "avx2" or "sse2" on x86-64, "scalar" with the `scalar` feature or on other architectures.
pub fn isa_name() -> &'static str {
    #[cfg(all(target_arch = "x86_64", not(feature = "scalar")))]
    {
        match isa_level() {
            3 => "avx512f",
            2 => "avx2",
            _ => "sse2",
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "scalar"))))]
    {
        "scalar"
    }
}

/// Best usable ISA level, detected once: 1 = SSE2, 2 = AVX2, 3 = AVX-512F.
#[cfg(target_arch = "x86_64")]
#[inline]
fn isa_level() -> u8 {
    use core::sync::atomic::{AtomicU8, Ordering};
    static CACHE: AtomicU8 = AtomicU8::new(0); // 0 = not detected yet
    match CACHE.load(Ordering::Relaxed) {
        0 => {
            let avx2 = std::is_x86_feature_detected!("avx2");
            let l = if avx2 && std::is_x86_feature_detected!("avx512f") {
                3
            } else if avx2 {
                2
            } else {
                1
            };
            CACHE.store(l, Ordering::Relaxed);
            l
        }
        l => l,
    }
}

// ---------------------------------------------------------------------------
// Grid representation and constants
// ---------------------------------------------------------------------------

/// planes 0..9 = digits 1..9, planes 9..12 = always-zero dummies (vector padding); lanes = bands 0,1,2 and an unused 0 lane.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Grid([[u32; 4]; 12]);

const ALL: u32 = 0x7FF_FFFF; // 27 cells of a band
const TRI: u32 = 0o111_111_111; // lowest bit of every triad (positions 3t)
const ROW0: u32 = 1 | 1 << 9 | 1 << 18; // first bit of each row
const M0: u32 = ROW0; // triads of box 0
const M01: u32 = ROW0 | ROW0 << 3; // triads of boxes 0,1
const M2: u32 = ROW0 << 6; // triads of box 2
const M12: u32 = ROW0 << 3 | ROW0 << 6; // triads of boxes 1,2
const C9: u32 = 0x1FF; // 9 columns
const CM0: u32 = 0b001_001_001; // column 0 of each stack
const CM01: u32 = 0b011_011_011;
const CM2: u32 = 0b100_100_100;
const CM12: u32 = 0b110_110_110;

/// For each cell, its 20 peers (row, column, box) in band layout, excluding the cell itself.
const PEERS: [[u32; 4]; 81] = {
    let mut t = [[0u32; 4]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 81 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r == r2 || c == c2 || (r / 3 == r2 / 3 && c / 3 == c2 / 3)) {
                t[i][j / 27] |= 1 << (j % 27);
            }
            j += 1;
        }
        i += 1;
    }
    t
};

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

/// Builds the candidate grid from the givens, with the number of givens. Returns None on values
/// out of range (defensive).
/// Visits only the givens through a mask of the filled cells: a branch per cell mispredicts often
/// enough (30-odd givens in no pattern) to cost a tenth of an easy count.
#[inline(always)]
fn init_grid(givens: &[u8; 81]) -> Option<(Grid, u32)> {
    if givens.iter().any(|&v| v > 9) {
        return None;
    }
    let mut filled = [0u32; 3];
    for b in 0..3 {
        for k in 0..27 {
            filled[b] |= ((givens[27 * b + k] != 0) as u32) << k;
        }
    }
    let mut peers_of = [[0u32; 3]; 9];
    let mut placed = [[0u32; 3]; 9];
    for b in 0..3 {
        let mut w = filled[b];
        while w != 0 {
            let k = w.trailing_zeros() as usize;
            w &= w - 1;
            let i = 27 * b + k;
            let d = givens[i] as usize - 1;
            let p = &PEERS[i];
            for l in 0..3 {
                peers_of[d][l] |= p[l];
            }
            placed[d][b] |= 1 << k;
        }
    }
    let mut g = Grid([[0; 4]; 12]);
    for d in 0..9 {
        for l in 0..3 {
            // not a peer of a given d, and not a cell given another digit
            g.0[d][l] = ALL & !peers_of[d][l] & !(filled[l] & !placed[d][l]);
        }
    }
    Some((g, filled.iter().map(|w| w.count_ones()).sum()))
}

// ---------------------------------------------------------------------------
// Lane abstraction: L planes of 4 x u32 per vector
// ---------------------------------------------------------------------------

trait Lanes: Copy {
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
    /// (a, b, c) in lanes 0..2 of every plane, 0 in lane 3
    fn set3(a: u32, b: u32, c: u32) -> Self;
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
    fn set3(a: u32, b: u32, c: u32) -> Self {
        Scalar([a, b, c, 0])
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

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// Calls an SSE2 intrinsic.
#[cfg(target_arch = "x86_64")]
macro_rules! sse2 {
    ($e:expr) => {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the intrinsic's target
        // feature is always available; the wrapped intrinsics take no pointers.
        unsafe { $e }
    };
}

#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Sse2(__m128i);

#[cfg(target_arch = "x86_64")]
impl Lanes for Sse2 {
    const L: usize = 1;
    const NV: usize = 9;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        // SAFETY: g.0[i] is 16 bytes, 16-aligned (Grid is align(32), planes are 16 bytes); SSE2 is baseline on x86_64.
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
    fn set3(a: u32, b: u32, c: u32) -> Self {
        Sse2(sse2!(_mm_set_epi32(0, c as i32, b as i32, a as i32)))
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

/// Only ever constructed/used inside `count_avx2_unchecked`, i.e. after AVX2 was detected.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx2(__m256i);

#[cfg(target_arch = "x86_64")]
impl Lanes for Avx2 {
    const L: usize = 2;
    const NV: usize = 5;
    #[inline(always)]
    fn load(g: &Grid, i: usize) -> Self {
        // SAFETY: planes 2i,2i+1 are 32 contiguous bytes, 32-aligned (Grid is align(32)); AVX2 was detected.
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
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_set_epi32(0, x, x, x, 0, x, x, x) })
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_set1_epi32(x as i32) })
    }
    #[inline(always)]
    fn zero() -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_setzero_si256() })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_and_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_or_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_xor_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_andnot_si256(o.0, self.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_sub_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_add_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_cmpeq_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn set3(a: u32, b: u32, c: u32) -> Self {
        let (a, b, c) = (a as i32, b as i32, c as i32);
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_set_epi32(0, c, b, a, 0, c, b, a) })
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_shuffle_epi32::<0b11_00_10_01>(self.0) })
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_shuffle_epi32::<0b11_01_00_10>(self.0) })
    }
    #[inline(always)]
    fn zero_lanes(self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_cmpeq_epi32(self.0, _mm256_setzero_si256()) })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        unsafe { _mm256_testz_si256(self.0, self.0) != 0 }
    }
    #[inline(always)]
    fn swap1(self) -> Self {
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe { _mm256_permute4x64_epi64::<0b01_00_11_10>(self.0) })
    }
    #[inline(always)]
    fn swap2(self) -> Self {
        self
    }
    #[inline(always)]
    fn valid(i: usize) -> Self {
        let m = !0;
        // SAFETY: AVX2 was detected before any Avx2 value is used.
        Avx2(unsafe {
            if i == 4 {
                _mm256_set_epi32(0, 0, 0, 0, 0, m, m, m)
            } else {
                _mm256_set_epi32(0, m, m, m, 0, m, m, m)
            }
        })
    }
}

/// Only ever constructed/used inside `count_avx512_unchecked`, i.e. after AVX-512F was detected.
/// 4 planes per vector: vector i = planes 4i..4i+3 (planes 9..11 are zero dummies).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx512(__m512i);

/// Calls AVX-512F intrinsics.
#[cfg(target_arch = "x86_64")]
macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: values of type `Avx512` only exist inside `count_avx512_unchecked`, which is
        // only called after AVX-512F was detected at run time; no pointers are involved.
        unsafe { $e }
    };
}

#[cfg(target_arch = "x86_64")]
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
        Self::set3(x, x, x)
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
    fn set3(a: u32, b: u32, c: u32) -> Self {
        let (a, b, c) = (a as i32, b as i32, c as i32);
        Avx512(avx512!(_mm512_set_epi32(0, c, b, a, 0, c, b, a, 0, c, b, a, 0, c, b, a)))
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

// ---------------------------------------------------------------------------
// Engine
// ---------------------------------------------------------------------------

enum Status {
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
fn fixpoint<V: Lanes>(s: &mut [V; 9], from_start: bool) -> (Status, V, V) {
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

#[inline(always)]
fn load_all<V: Lanes>(g: &Grid) -> [V; 9] {
    let mut s = [V::zero(); 9];
    for i in 0..V::NV {
        s[i] = V::load(g, i);
    }
    s
}

#[inline(always)]
fn store_all<V: Lanes>(s: &[V; 9], g: &mut Grid) {
    for i in 0..V::NV {
        s[i].store(g, i);
    }
}

#[inline(always)]
fn solve<V: Lanes>(
    init: &Grid,
    stop: u32,
    band: bool,
    limit: u32,
    mut solution: Option<&mut [u8; 81]>,
) -> u32 {
    let mut stack: [MaybeUninit<Grid>; STACK] = [const { MaybeUninit::uninit() }; STACK];
    let mut sp = 0usize;
    let mut count = 0u32;
    let mut s: [V; 9] = load_all(init);
    loop {
        let (st, _ones, _twos) = fixpoint(&mut s, !band);
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
                    return if count >= limit { count } else { limit };
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
                let (b, bit) = choose_cell(&g);
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
            return count;
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
            th += h.0[d][j];
            tv += (v.0[d][0] >> (3 * j)) & 7;
        }
        if th >= 10 && th < best_total {
            best_total = th;
            best = (0, j);
        }
        if tv >= 10 && tv < best_total {
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

/// Scalar choice on the stored grid (cheap compared with propagation).
#[inline(always)]
fn choose_cell(g: &Grid) -> (usize, u32) {
    let mut best: Option<(usize, u32)> = None;
    for b in 0..3 {
        let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let w = g.0[d][b];
            threes |= twos & w;
            twos |= ones & w;
            ones |= w;
        }
        let bi = twos & !threes;
        if bi != 0 {
            return (b, bi.trailing_zeros());
        }
        if best.is_none() && twos != 0 {
            best = Some((b, twos.trailing_zeros()));
        }
    }
    best.unwrap_or((0, 0))
}

fn write_solution(g: &Grid, out: &mut [u8; 81]) {
    for d in 0..9 {
        for b in 0..3 {
            let mut w = g.0[d][b];
            while w != 0 {
                let bit = w.trailing_zeros() as usize;
                out[b * 27 + bit] = d as u8 + 1;
                w &= w - 1;
            }
        }
    }
}
