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
//! TRIAD RULE (across digits; under band branching only, once the sweeps stop
//! solving cells, before branching): the 3 cells of a triad (box row, and the
//! same for box columns) hold 3 distinct digits. Counting per triad, over the
//! planes, the digits whose kept triads include it: fewer than 3 = contradiction;
//! exactly 3 = each of them is placed in that triad (out of the rest of its row
//! and box in that band). Then the digits already placed in a triad (the only
//! triad left in their row): 4 = contradiction, 3 = the other digits leave it.
//! If that removed something, the sweeps resume.
//!
//! SEARCH: iterative DFS with an explicit fixed-size stack (no heap).
//!   17..=30 givens: tdoku-style branching on band CONFIGURATIONS: a digit's
//!     placement in a band (or stack) is one of the 6 permutations of its 3x3
//!     triad matrix; take the band/stack with the smallest product of its
//!     digits' configuration counts (not fully fixed), its digit with the
//!     fewest (>= 2), and
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
//!   aarch64 default         : NEON (always present on aarch64).
//!   other arch / `scalar`   : portable path ([u32; 4] lanes).
//!   All paths are the same generic engine over `Lanes`: bit-identical results,
//!   same first solution.
//!
//! FILES (split the way memchr splits its arch code: the engine once, one
//! small file per instruction set, each stating its `unsafe` contract once)
//!   grid.rs       the candidate grid, its masks, givens in and solution out
//!   lanes.rs      the vector trait the engine is generic over
//!   propagate.rs  the sweeps and the fixpoint
//!   search.rs     the plan, the DFS and the branching choices
//!   portable.rs, sse2.rs, avx2.rs, avx512.rs, neon.rs: one `Lanes`
//!                 implementation and the entry point of each path
//! ```

#![allow(clippy::needless_range_loop)]

mod grid;
mod lanes;
// The portable path: the engine where there is no SIMD path (or with `scalar`), and elsewhere the
// reference the tests and benches compare the SIMD paths with.
#[cfg(any(
    test,
    feature = "internals",
    feature = "scalar",
    not(any(target_arch = "x86_64", all(target_arch = "aarch64", target_feature = "neon")))
))]
mod portable;
mod propagate;
mod search;

use super::general::Cutoff;

// The SIMD paths; with `scalar` only the tests and benches compare them with the portable one.
#[cfg(all(target_arch = "x86_64", any(not(feature = "scalar"), test, feature = "internals")))]
mod avx2;
#[cfg(all(target_arch = "x86_64", any(not(feature = "scalar"), test, feature = "internals")))]
mod avx512;
#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    any(not(feature = "scalar"), test, feature = "internals")
))]
mod neon;
#[cfg(all(target_arch = "x86_64", any(not(feature = "scalar"), test, feature = "internals")))]
mod sse2;

// Each path by name, for the tests and benches that compare them (the engine dispatches).
#[cfg(all(target_arch = "x86_64", any(test, feature = "internals")))]
pub use avx2::count_avx2;
#[cfg(all(target_arch = "x86_64", any(test, feature = "internals")))]
pub use avx512::count_avx512;
#[cfg(all(target_arch = "aarch64", target_feature = "neon", any(test, feature = "internals")))]
pub use neon::count_neon;
#[cfg(any(test, feature = "internals"))]
pub use portable::count_portable;
#[cfg(all(target_arch = "x86_64", any(test, feature = "internals")))]
pub use sse2::count_sse2;

/// givens: 81 cells row-major, 0 = empty, 1..=9 = given digit. Values above 9 are the caller's error (never passed).
/// Returns min(number of solutions, limit) (limit >= 1). When the return value is >= 1, `solution` (if Some) holds the first solution found.
/// A puzzle whose givens already conflict returns 0. Complete: no node limit.
#[inline]
pub fn count(givens: &[u8; 81], limit: u32, solution: Option<&mut [u8; 81]>) -> u32 {
    let (Ok(n) | Err(n)) = count_cut(givens, limit, solution, None);
    n
}

/// As [`count`], giving up at `cutoff` (a node budget or a deadline): `Err(solutions found so
/// far)`. Most puzzles take microseconds, but a few givens with no solution can take minutes.
#[inline]
pub(crate) fn count_cut(
    givens: &[u8; 81],
    limit: u32,
    solution: Option<&mut [u8; 81]>,
    cutoff: Option<Cutoff>,
) -> Result<u32, u32> {
    #[cfg(all(target_arch = "x86_64", not(feature = "scalar")))]
    {
        match isa_level() {
            // SAFETY: AVX-512F support was verified at run time by `isa_level`.
            3 => unsafe { avx512::count_unchecked(givens, limit, solution, cutoff) },
            // SAFETY: AVX2 support was verified at run time by `isa_level`.
            2 => unsafe { avx2::count_unchecked(givens, limit, solution, cutoff) },
            _ => sse2::count_sse2_cut(givens, limit, solution, cutoff),
        }
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(feature = "scalar")))]
    {
        neon::count_neon_cut(givens, limit, solution, cutoff)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", not(feature = "scalar")),
        all(target_arch = "aarch64", target_feature = "neon", not(feature = "scalar"))
    )))]
    {
        portable::count_portable_cut(givens, limit, solution, cutoff)
    }
}

/// The instruction-set level the 9x9 counter runs at on this CPU (detected once): "avx512f",
/// "avx2" or "sse2" on x86-64, "neon" on aarch64, "scalar" with the `scalar` feature or on other
/// architectures.
pub fn isa_name() -> &'static str {
    #[cfg(all(target_arch = "x86_64", not(feature = "scalar")))]
    {
        match isa_level() {
            3 => "avx512f",
            2 => "avx2",
            _ => "sse2",
        }
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon", not(feature = "scalar")))]
    {
        "neon"
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", not(feature = "scalar")),
        all(target_arch = "aarch64", target_feature = "neon", not(feature = "scalar"))
    )))]
    {
        "scalar"
    }
}

#[cfg(all(target_arch = "x86_64", any(test, feature = "internals")))]
#[inline]
fn has_avx2() -> bool {
    isa_level() >= 2
}

/// Best usable ISA level, detected once: 1 = SSE2, 2 = AVX2, 3 = AVX-512F.
#[cfg(all(target_arch = "x86_64", any(not(feature = "scalar"), test, feature = "internals")))]
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
