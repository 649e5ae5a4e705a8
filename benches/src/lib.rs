//! Shared inputs of the benchmarks: samples of the public puzzle files and generated puzzles of
//! larger boards, loaded and checked outside the timed loops.

use pencilmark::board::Board;
use pencilmark::solve::Solver;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

/// (file in ../shared/data/puzzles, label, most puzzles taken: an evenly spaced sample)
pub const SETS: &[(&str, &str, usize)] = &[
    ("classic-easy.txt", "easy", 2050),
    ("classic-17clue.txt", "17clue", 2000),
    ("classic-multi-solution.txt", "multi", 500),
    ("classic-serg-multi-benchmark.txt", "serg-multi", 2000),
    ("classic-top1465.txt", "top1465", 1465),
    ("classic-hardest-1905-11plus.txt", "hardest1905", 1000),
    ("classic-hardest-1106.txt", "hardest1106", 375),
    ("classic-no-solution.txt", "nosolution", 450),
];

/// The variant puzzles of data/samples/variants-9x9.jsonl (made by `examples/variant_set.rs`,
/// 6 of each of 32 kinds) in file order: (kind, seed, the document as JSON text).
pub fn variant_documents() -> Vec<(String, u64, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/samples/variants-9x9.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let item: serde_json::Value = serde_json::from_str(line).expect("one JSON object a line");
            let kind = item["kind"].as_str().expect("a kind").to_string();
            (kind, item["seed"].as_u64().expect("a seed"), item["document"].to_string())
        })
        .collect()
}

/// The variant puzzles grouped by kind in file order: (kind, [(seed, document text)]).
pub fn variants_by_kind() -> Vec<(String, Vec<(u64, String)>)> {
    let mut kinds: Vec<(String, Vec<(u64, String)>)> = Vec::new();
    for (kind, seed, doc) in variant_documents() {
        match kinds.last_mut() {
            Some((k, list)) if *k == kind => list.push((seed, doc)),
            _ => kinds.push((kind, vec![(seed, doc)])),
        }
    }
    kinds
}

/// An evenly spaced sample of at most `max` puzzle lines of a file.
pub fn load(file: &str, max: usize) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<String> =
        text.lines().map(|l| l.split('\t').next().unwrap().to_string()).filter(|l| l.len() == 81).collect();
    if lines.len() <= max {
        return lines;
    }
    let step = lines.len() as f64 / max as f64;
    (0..max).map(|i| lines[(i as f64 * step) as usize].clone()).collect()
}

/// An 81-character line as cell values (0 = empty).
pub fn cells(line: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (i, c) in line.bytes().enumerate() {
        g[i] = if c.is_ascii_digit() { c - b'0' } else { 0 };
    }
    g
}

/// `n` puzzles of a D x D classic with about `share` of the cells given, cut at random (fixed
/// seed) from random full grids: a mix of unique and multi-solution puzzles for the general solver.
pub fn generated(d: usize, n: usize, share: f64, seed: u64) -> (Board, Vec<Vec<u8>>) {
    let board = Board::standard(d).unwrap();
    let solver = Solver::new(&board).unwrap();
    let base = solver.count(&vec![0; d * d], 1).solution.unwrap();
    let (bh, bw) = board.box_shape.unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut relabel: Vec<u8> = (1..=d as u8).collect();
        relabel.shuffle(&mut rng);
        let mut shuffle_lines = |group: usize| -> Vec<usize> {
            let mut groups: Vec<usize> = (0..d / group).collect();
            groups.shuffle(&mut rng);
            groups
                .into_iter()
                .flat_map(|g| {
                    let mut inner: Vec<usize> = (0..group).map(|i| g * group + i).collect();
                    inner.shuffle(&mut rng);
                    inner
                })
                .collect()
        };
        let rows = shuffle_lines(bh);
        let cols = shuffle_lines(bw);
        let grid: Vec<u8> =
            (0..d * d).map(|i| relabel[base[rows[i / d] * d + cols[i % d]] as usize - 1]).collect();
        out.push(grid.iter().map(|&v| if rng.random_bool(share) { v } else { 0 }).collect());
    }
    (board, out)
}

/// The peer's inputs: the lines parsed by the `sudoku` crate (AGPL-3.0, `peer` feature only).
#[cfg(feature = "peer")]
pub fn peer_puzzles(lines: &[String]) -> Vec<sudoku::Sudoku> {
    lines.iter().map(|l| sudoku::Sudoku::from_str_line(l).expect("a valid line")).collect()
}

/// The peer's count-to-2 over every puzzle: the same work as ours.
#[cfg(feature = "peer")]
pub fn peer_count2(puzzles: &[sudoku::Sudoku]) -> usize {
    puzzles.iter().map(|s| std::hint::black_box(*s).solutions_count_up_to(2)).sum()
}
