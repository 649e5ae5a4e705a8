//! Solution counts against the puzzle samples kept in the repository (data/samples, each count
//! checked there by an independent counter), against the public datasets when
//! ../shared/data/puzzles sits beside the repository (its README gives the counts, checked with
//! two independent solvers), and against generated puzzles of every classic size, checked with
//! the naive oracle or by exhibiting solutions.

use pencilmark::board::Board;
use pencilmark::format::read_classic;
use pencilmark::solve::{Solver, oracle};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

/// A puzzle file of the repository's data/samples.
fn repo_sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/samples").join(name)
}

/// A file of ../shared/data/puzzles, when that directory sits beside the repository.
fn shared(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles").join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("note: {} is absent; only the repository's samples are checked", path.display());
        None
    }
}

/// The puzzles of a file: each line's first tab-separated column, a .tsv file's header skipped.
fn dataset(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines: Vec<String> = text.lines().map(|l| l.split('\t').next().unwrap().to_string()).collect();
    if path.extension().is_some_and(|e| e == "tsv") {
        lines.remove(0);
    }
    lines
}

/// About `n` lines spread evenly over the file (all of a short file).
fn sample(lines: &[String], n: usize) -> Vec<(usize, &String)> {
    let step = (lines.len() / n).max(1);
    lines.iter().enumerate().step_by(step).map(|(i, l)| (i + 1, l)).collect()
}

/// Every sampled puzzle of `file` has `expected` solutions (2 = two or more) and a valid first solution.
fn check_file(path: &Path, n: usize, expected: u32) {
    let file = path.file_name().unwrap().to_string_lossy();
    let lines = dataset(path);
    let solver = Solver::new(&Board::standard(9).unwrap()).unwrap();
    for (line, text) in sample(&lines, n) {
        let p = read_classic(text).unwrap();
        let c = solver.count(p.givens(), 2);
        assert_eq!(c.count, expected, "{file}:{line}");
        if let Some(sol) = &c.solution {
            assert!(oracle::is_solution(p.board(), p.givens(), sol), "{file}:{line} solution");
        }
        // limit 1 stops at the first solution; a higher limit never reports fewer than limit 2.
        assert_eq!(solver.count(p.givens(), 1).count, expected.min(1), "{file}:{line} limit 1");
    }
}

#[test]
fn repository_samples() {
    check_file(&repo_sample("classic-unique.tsv"), 280, 1);
    check_file(&repo_sample("classic-multi.tsv"), 250, 2);
    check_file(&repo_sample("classic-none.tsv"), 110, 0);
}

#[test]
fn unique_sets_beside_the_repository() {
    for (name, n) in [
        ("classic-17clue.txt", 300),
        ("classic-top1465.txt", 150),
        ("classic-hardest-1905-11plus.txt", 150),
        ("classic-hardest-1106.txt", 75),
        ("classic-norvig-top95.txt", 95),
        ("classic-norvig-hardest.txt", 11),
        ("classic-easy.txt", 200),
        ("classic-se-rated.tsv", 200),
        ("classic-human-rated.tsv", 100),
        ("classic-qqwing-rated.tsv", 100),
    ] {
        if let Some(path) = shared(name) {
            check_file(&path, n, 1);
        }
    }
}

#[test]
fn multi_and_no_solution_sets_beside_the_repository() {
    for (name, n, expected) in [
        ("classic-serg-multi-benchmark.txt", 300, 2),
        ("classic-multi-solution.txt", 150, 2),
        ("classic-no-solution.txt", 450, 0),
    ] {
        if let Some(path) = shared(name) {
            check_file(&path, n, expected);
        }
    }
}

#[test]
fn oracle_agrees_on_a_sample_of_each_kind() {
    let solver = Solver::new(&Board::standard(9).unwrap()).unwrap();
    for (file, n) in [("classic-unique.tsv", 10), ("classic-multi.tsv", 10), ("classic-none.tsv", 10)] {
        for (line, text) in sample(&dataset(&repo_sample(file)), n) {
            let p = read_classic(text).unwrap();
            assert_eq!(
                solver.count(p.givens(), 2).count,
                oracle::count(p.board(), p.givens(), 2),
                "{file}:{line}"
            );
        }
    }
}

/// A random full grid of a classic board: the solver's first solution of the empty board with
/// digits relabelled and rows / columns shuffled within bands and stacks, bands and stacks shuffled.
fn random_grid(board: &Board, rng: &mut StdRng) -> Vec<u8> {
    let d = board.digits;
    let (bh, bw) = board.box_shape.unwrap();
    let solver = Solver::new(board).unwrap();
    let base = solver.count(&vec![0; d * d], 1).solution.unwrap();
    let mut relabel: Vec<u8> = (1..=d as u8).collect();
    relabel.shuffle(rng);
    let shuffle_lines = |size: usize, group: usize, rng: &mut StdRng| -> Vec<usize> {
        let mut groups: Vec<usize> = (0..size / group).collect();
        groups.shuffle(rng);
        groups
            .into_iter()
            .flat_map(|g| {
                let mut inner: Vec<usize> = (0..group).map(|i| g * group + i).collect();
                inner.shuffle(rng);
                inner
            })
            .collect()
    };
    let rows = shuffle_lines(d, bh, rng);
    let cols = shuffle_lines(d, bw, rng);
    let mut grid = vec![0; d * d];
    for r in 0..d {
        for c in 0..d {
            grid[r * d + c] = relabel[base[rows[r] * d + cols[c]] as usize - 1];
        }
    }
    assert!(oracle::is_solution(board, &vec![0; d * d], &grid));
    grid
}

/// A second solution of `givens` differing from `first`, found by forcing one open cell to
/// another digit; None when every such forcing has no solution (which proves uniqueness).
fn other_solution(solver: &Solver, givens: &[u8], first: &[u8]) -> Option<Vec<u8>> {
    let d = solver.board().digits as u8;
    for cell in (0..givens.len()).filter(|&c| givens[c] == 0) {
        for v in (1..=d).filter(|&v| v != first[cell]) {
            let mut g = givens.to_vec();
            g[cell] = v;
            if let Some(s) = solver.count(&g, 1).solution {
                return Some(s);
            }
        }
    }
    None
}

#[test]
fn generated_puzzles_of_every_size() {
    let mut rng = StdRng::seed_from_u64(20261129);
    for (d, puzzles, share_given) in
        [(4, 40, 0.3), (6, 40, 0.4), (8, 20, 0.45), (9, 20, 0.35), (12, 8, 0.5), (16, 6, 0.55), (25, 3, 0.65)]
    {
        let board = Board::standard(d).unwrap();
        let solver = Solver::new(&board).unwrap();
        for i in 0..puzzles {
            let grid = random_grid(&board, &mut rng);
            let givens: Vec<u8> =
                grid.iter().map(|&v| if rng.random_bool(share_given) { v } else { 0 }).collect();
            let c = solver.count(&givens, 2);
            assert!(c.count >= 1, "{d}x{d} #{i}: a puzzle cut from a grid has a solution");
            let first = c.solution.unwrap();
            assert!(oracle::is_solution(&board, &givens, &first), "{d}x{d} #{i}");
            if d <= 6 {
                assert_eq!(c.count, oracle::count(&board, &givens, 2), "{d}x{d} #{i} oracle");
            }
            match other_solution(&solver, &givens, &first) {
                Some(second) => {
                    assert_eq!(c.count, 2, "{d}x{d} #{i}: a second solution exists");
                    assert!(oracle::is_solution(&board, &givens, &second));
                    assert_ne!(second, first);
                }
                None => assert_eq!(c.count, 1, "{d}x{d} #{i}: no second solution exists"),
            }
            // A wrong digit in an open cell that no given contradicts: usually no solution.
            if let Some(cell) = (0..givens.len()).find(|&c| givens[c] == 0) {
                let mut bad = givens.clone();
                bad[cell] = if grid[cell] == 1 { 2 } else { 1 };
                let n = solver.count(&bad, 2);
                if let Some(s) = n.solution {
                    assert!(oracle::is_solution(&board, &bad, &s));
                }
            }
        }
    }
}
