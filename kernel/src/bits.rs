//! Cell sets: fixed-width bitboards over the cells of a board.
//!
//! A `CellSet<W>` holds one bit per cell in `W` 64-bit words (cell `i` is bit `i % 64` of word
//! `i / 64`). `W` is a const generic chosen once per board from its cell count (1 word for a 4x4,
//! 6x6 or 8x8, 2 for 9x9, 3 for 12x12, 4 for 16x16, 10 for 25x25, more for multi-grid layouts), so
//! every operation compiles to straight-line word code for that size with no dispatch.
//!
//! ISA notes: the word loops below are written so that LLVM vectorises them at the target's
//! baseline (SSE2 on x86-64, NEON on aarch64); the struct is 16-byte aligned, the width of those
//! vectors: a 9x9 set is then exactly 16 bytes (32-byte alignment padded it to 32 and sent every
//! vector of sets through the slower aligned allocator). Nothing here depends on
//! `target-cpu=native`.

use std::fmt;

/// A set of cells, one bit per cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct CellSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> CellSet<W> {
    pub const EMPTY: Self = CellSet([0; W]);
    /// How many cells a set of this width can hold.
    pub const CAPACITY: usize = W * 64;

    /// The set of the first `n` cells.
    pub fn first_n(n: usize) -> Self {
        debug_assert!(n <= Self::CAPACITY);
        let mut s = Self::EMPTY;
        for (w, word) in s.0.iter_mut().enumerate() {
            let lo = w * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    pub fn from_cells<I: IntoIterator<Item = usize>>(cells: I) -> Self {
        let mut s = Self::EMPTY;
        for c in cells {
            s.insert(c);
        }
        s
    }

    #[inline(always)]
    pub fn contains(&self, cell: usize) -> bool {
        (self.0[cell >> 6] >> (cell & 63)) & 1 != 0
    }

    #[inline(always)]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1u64 << (cell & 63);
    }

    #[inline(always)]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1u64 << (cell & 63));
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// True when the set has exactly one cell (cheaper than `len() == 1` for wide sets).
    #[inline(always)]
    pub fn is_single(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }

    #[inline(always)]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }

    #[inline(always)]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }

    /// `self & !o`
    #[inline(always)]
    pub fn and_not(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }

    #[inline(always)]
    pub fn intersects(&self, o: &Self) -> bool {
        (0..W).any(|i| self.0[i] & o.0[i] != 0)
    }

    #[inline(always)]
    pub fn is_subset(&self, o: &Self) -> bool {
        (0..W).all(|i| self.0[i] & !o.0[i] == 0)
    }

    /// The lowest cell of the set.
    #[inline(always)]
    pub fn first(&self) -> Option<usize> {
        for (w, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
        }
        None
    }

    pub fn iter(&self) -> CellIter<W> {
        CellIter { set: *self, word: 0 }
    }
}

impl<const W: usize> std::ops::BitAndAssign for CellSet<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        for i in 0..W {
            self.0[i] &= o.0[i];
        }
    }
}

impl<const W: usize> std::ops::BitOrAssign for CellSet<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        for i in 0..W {
            self.0[i] |= o.0[i];
        }
    }
}

/// A bit-sliced count of how many of `planes` hold each cell of `mask`: the cells held by at least
/// one, at least two and at least three planes (one candidate plane per digit: naked singles are
/// `[0] & !([1])`, bivalue cells `[1] & !([2])`).
#[inline]
pub fn count_at_least<const W: usize>(planes: &[CellSet<W>], mask: &CellSet<W>) -> [CellSet<W>; 3] {
    let (mut ones, mut twos, mut threes) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
    for p in planes {
        let p = p.and(mask);
        threes |= twos.and(&p);
        twos |= ones.and(&p);
        ones |= p;
    }
    [ones, twos, threes]
}

/// Cells of a set in increasing order.
pub struct CellIter<const W: usize> {
    set: CellSet<W>,
    word: usize,
}

impl<const W: usize> Iterator for CellIter<W> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = &mut self.set.0[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> fmt::Debug for CellSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_ops() {
        let mut a = CellSet::<2>::EMPTY;
        assert!(a.is_empty());
        a.insert(3);
        a.insert(64);
        a.insert(80);
        assert_eq!(a.len(), 3);
        assert!(a.contains(64) && !a.contains(65));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![3, 64, 80]);
        assert_eq!(a.first(), Some(3));
        let b = CellSet::<2>::from_cells([64]);
        assert!(b.is_single() && !a.is_single());
        assert!(b.is_subset(&a));
        assert_eq!(a.and_not(&b).iter().collect::<Vec<_>>(), vec![3, 80]);
        assert_eq!(CellSet::<2>::first_n(81).len(), 81);
        assert_eq!(CellSet::<2>::first_n(64).len(), 64);
        a.remove(3);
        assert_eq!(a.first(), Some(64));
    }
}
