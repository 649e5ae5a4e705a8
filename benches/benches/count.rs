//! Count-to-2 (the uniqueness proof generators run) over the public puzzle files, for each code
//! path of the 9x9 counter, with the `sudoku` crate beside it when the `peer` feature is on; and the
//! general solver on generated 16x16 and 25x25 puzzles; and the rule layer on the variant puzzles
//! of data/samples/variants-9x9.jsonl, one group per kind and one benchmark per puzzle (the peer
//! there is CP-SAT, timed by tools/cpsat/count_cpsat.py on the same file).
//!
//! cargo bench -p pencilmark-benches --features peer --bench count [-- FILTER]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pencilmark::CountOptions;
use pencilmark::count::count_puzzle;
use pencilmark::format::Puzzle;
use pencilmark::solve::{Solver, classic9 as c9};
use pencilmark_benches::{SETS, cells, generated, load, variants_by_kind};
use std::hint::black_box;
use std::time::Duration;

type CountFn = fn(&[u8; 81], u32, Option<&mut [u8; 81]>) -> u32;

fn classic(c: &mut Criterion) {
    let mut paths: Vec<(&str, CountFn)> =
        vec![("pencilmark", c9::count), ("pencilmark-portable", c9::count_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        paths.push(("pencilmark-sse2", c9::count_sse2));
        if c9::count_avx2(&[0; 81], 1, None).is_some() {
            paths.push(("pencilmark-avx2", |g, l, s| c9::count_avx2(g, l, s).unwrap()));
        }
    }
    for &(file, label, max) in SETS {
        let lines = load(file, max);
        let puzzles: Vec<[u8; 81]> = lines.iter().map(|l| cells(l)).collect();
        let mut g = c.benchmark_group(format!("count2/{label}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
        for &(name, f) in &paths {
            g.bench_function(name, |b| {
                b.iter(|| {
                    let mut sol = [0u8; 81];
                    puzzles.iter().map(|p| f(black_box(p), 2, Some(&mut sol))).sum::<u32>()
                })
            });
        }
        #[cfg(feature = "peer")]
        {
            let peer = pencilmark_benches::peer_puzzles(&lines);
            g.bench_function("sudoku-crate", |b| {
                b.iter(|| pencilmark_benches::peer_count2(black_box(&peer)))
            });
        }
        g.finish();
    }
}

fn general(c: &mut Criterion) {
    for (d, n, share) in [(16, 40, 0.55), (25, 10, 0.65)] {
        let (board, puzzles) = generated(d, n, share, 7);
        let solver = Solver::new(&board).unwrap();
        let mut g = c.benchmark_group(format!("count2/generated-{d}x{d}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
        g.bench_function("pencilmark-general", |b| {
            b.iter(|| puzzles.iter().map(|p| solver.count_into(black_box(p), 2, None)).sum::<u32>())
        });
        g.finish();
    }
}

/// The variant puzzles, read outside the timed loops: (kind, [(seed, puzzle)]).
fn variant_puzzles() -> Vec<(String, Vec<(u64, Puzzle)>)> {
    let read = |doc: &str| pencilmark::read(doc).expect("a puzzle the engine reads");
    variants_by_kind()
        .into_iter()
        .map(|(kind, list)| (kind, list.iter().map(|(seed, doc)| (*seed, read(doc))).collect()))
        .collect()
}

/// Count-to-2 of each variant puzzle on its own (per-puzzle times, so that a kind's median can be
/// set beside CP-SAT's); the rule solver is built inside the timed call, as every entry point does.
/// Each puzzle is proved unique before its timing (only for the benchmarks the filter selects).
fn variants(c: &mut Criterion) {
    let count_to_2 = CountOptions { limit: 2, solution: false, max_seconds: None };
    for (kind, puzzles) in variant_puzzles() {
        let mut g = c.benchmark_group(format!("count2-variants/{kind}"));
        g.sample_size(10).warm_up_time(Duration::from_millis(200)).measurement_time(Duration::from_secs(1));
        for (seed, puzzle) in &puzzles {
            // Criterion calls the routine once per phase; one proof is enough.
            let mut proved = false;
            g.bench_with_input(BenchmarkId::new("pencilmark", seed), puzzle, |b, p| {
                if !proved {
                    let counted = count_puzzle(p, &count_to_2).expect("a count");
                    assert_eq!(counted.count, 1, "{kind} seed {seed} is not unique");
                    proved = true;
                }
                b.iter(|| count_puzzle(black_box(p), &count_to_2).unwrap().count)
            });
        }
        g.finish();
    }
}

criterion_group!(benches, classic, general, variants);
criterion_main!(benches);
