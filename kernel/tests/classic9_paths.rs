//! The SIMD 9x9 counter: every compiled path (portable, SSE2, AVX2, AVX-512 where the CPU has them,
//! NEON on aarch64, and the dispatching `count`) gives the same counts and the same first solution on samples of
//! the puzzle samples kept in the repository (data/samples), and agrees with the general solver.
//! When ../shared/data/puzzles sits beside the repository, samples of every file there are
//! checked too.

use pencilmark::board::Board;
use pencilmark::solve::{Solver, classic9 as c9, oracle};
use std::path::{Path, PathBuf};

type CountFn = fn(&[u8; 81], u32, Option<&mut [u8; 81]>) -> u32;

fn paths() -> Vec<(&'static str, CountFn)> {
    let mut v: Vec<(&'static str, CountFn)> = vec![("count", c9::count), ("portable", c9::count_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        v.push(("sse2", c9::count_sse2));
        if c9::count_avx2(&[0; 81], 1, None).is_some() {
            v.push(("avx2", |g, l, s| c9::count_avx2(g, l, s).unwrap()));
        }
        if c9::count_avx512(&[0; 81], 1, None).is_some() {
            v.push(("avx512", |g, l, s| c9::count_avx512(g, l, s).unwrap()));
        }
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    v.push(("neon", c9::count_neon));
    v
}

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

/// About `n` evenly spaced puzzles of a file (its first tab-separated column; a .tsv file's
/// header skipped), with their line numbers.
fn load(path: &Path, n: usize) -> Vec<(usize, [u8; 81])> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = usize::from(path.extension().is_some_and(|e| e == "tsv"));
    let lines: Vec<&str> = text.lines().skip(header).collect();
    let step = (lines.len() / n).max(1);
    lines
        .iter()
        .enumerate()
        .step_by(step)
        .map(|(i, l)| {
            let mut g = [0u8; 81];
            for (k, b) in l.split('\t').next().unwrap().bytes().enumerate() {
                g[k] = if b == b'.' { 0 } else { b - b'0' };
            }
            (i + 1 + header, g)
        })
        .collect()
}

fn check(path: &Path, n: usize, expected: u32) {
    let name = path.file_name().unwrap().to_string_lossy();
    let board = Board::standard(9).unwrap();
    let general = Solver::new(&board).unwrap();
    for (k, (line, g)) in load(path, n).into_iter().enumerate() {
        let mut first: Option<[u8; 81]> = None;
        for (path, f) in paths() {
            for limit in [1, 2, 3] {
                let mut sol = [0u8; 81];
                let c = f(&g, limit, Some(&mut sol));
                // `expected` 2 means two or more: a limit of 3 may find a third.
                if expected == 2 {
                    assert!((2.min(limit)..=limit).contains(&c), "{name}:{line} {path} limit {limit}: {c}");
                } else {
                    assert_eq!(c, expected.min(limit), "{name}:{line} {path} limit {limit}");
                }
                if c > 0 {
                    assert!(oracle::is_solution(&board, &g, &sol), "{name}:{line} {path}");
                    match first {
                        None => first = Some(sol),
                        Some(f) => assert_eq!(f, sol, "{name}:{line} {path}: same first solution"),
                    }
                }
            }
        }
        // The general solver agrees on a smaller sample.
        if k % 10 == 0 {
            assert_eq!(general.count_general(&g, 2, None), expected, "{name}:{line} general");
        }
    }
}

#[test]
fn unique_samples() {
    check(&repo_sample("classic-unique.tsv"), 280, 1);
}

#[test]
fn multi_and_no_solution_samples() {
    check(&repo_sample("classic-multi.tsv"), 250, 2);
    check(&repo_sample("classic-none.tsv"), 110, 0);
}

#[test]
fn unique_sets_beside_the_repository() {
    for (name, n) in [
        ("classic-17clue.txt", 400),
        ("classic-top1465.txt", 200),
        ("classic-hardest-1905-11plus.txt", 200),
        ("classic-hardest-1106.txt", 100),
        ("classic-easy.txt", 200),
        ("classic-norvig-top95.txt", 95),
    ] {
        if let Some(path) = shared(name) {
            check(&path, n, 1);
        }
    }
}

#[test]
fn multi_and_no_solution_sets_beside_the_repository() {
    for (name, n, expected) in [
        ("classic-serg-multi-benchmark.txt", 400, 2),
        ("classic-multi-solution.txt", 250, 2),
        ("classic-no-solution.txt", 450, 0),
    ] {
        if let Some(path) = shared(name) {
            check(&path, n, expected);
        }
    }
}

/// The level the dispatch reports is one of this architecture's paths, NEON on aarch64.
#[test]
fn reported_level_matches_the_architecture() {
    let level = c9::isa_name();
    if cfg!(feature = "scalar") {
        assert_eq!(level, "scalar");
    } else if cfg!(target_arch = "x86_64") {
        assert!(["sse2", "avx2", "avx512f"].contains(&level), "{level}");
    } else if cfg!(all(target_arch = "aarch64", target_feature = "neon")) {
        assert_eq!(level, "neon");
    } else {
        assert_eq!(level, "scalar");
    }
    assert_eq!(pencilmark::simd_level(), level);
}

#[test]
fn edge_cases() {
    let empty = [0u8; 81];
    for (path, f) in paths() {
        assert_eq!(f(&empty, 2, None), 2, "{path}: empty grid");
        let mut sol = [0u8; 81];
        assert_eq!(f(&empty, 1, Some(&mut sol)), 1);
        // A solved grid is its own unique solution.
        let solved = sol;
        assert_eq!(f(&solved, 2, None), 1, "{path}: solved grid");
        // Two equal givens in a row conflict.
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[8] = 5;
        assert_eq!(f(&clash, 2, None), 0, "{path}: conflicting givens");
    }
}
