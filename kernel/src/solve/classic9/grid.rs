//! The candidate grid in band layout (see the module doc of `classic9`), its masks, and the
//! conversions from givens and to a solution.

/// planes 0..9 = digits 1..9, planes 9..12 = always-zero dummies (vector padding); lanes = bands 0,1,2 and an unused 0 lane.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
pub(super) struct Grid(pub(super) [[u32; 4]; 12]);

pub(super) const ALL: u32 = 0x7FF_FFFF; // 27 cells of a band
pub(super) const TRI: u32 = 0o111_111_111; // lowest bit of every triad (positions 3t)
pub(super) const ROW0: u32 = 1 | 1 << 9 | 1 << 18; // first bit of each row
pub(super) const M0: u32 = ROW0; // triads of box 0
pub(super) const M01: u32 = ROW0 | ROW0 << 3; // triads of boxes 0,1
pub(super) const M2: u32 = ROW0 << 6; // triads of box 2
pub(super) const M12: u32 = ROW0 << 3 | ROW0 << 6; // triads of boxes 1,2
pub(super) const C9: u32 = 0x1FF; // 9 columns
pub(super) const CM0: u32 = 0b001_001_001; // column 0 of each stack
pub(super) const CM01: u32 = 0b011_011_011;
pub(super) const CM2: u32 = 0b100_100_100;
pub(super) const CM12: u32 = 0b110_110_110;

/// For each cell, its 20 peers (row, column, box) in band layout, excluding the cell itself.
pub(super) const PEERS: [[u32; 4]; 81] = {
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

/// Builds the candidate grid from the givens, with the number of givens. Returns None on values
/// out of range (defensive).
/// Visits only the givens through a mask of the filled cells: a branch per cell mispredicts often
/// enough (30-odd givens in no pattern) to cost a tenth of an easy count.
#[inline(always)]
pub(super) fn init_grid(givens: &[u8; 81]) -> Option<(Grid, u32)> {
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

pub(super) fn write_solution(g: &Grid, out: &mut [u8; 81]) {
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
