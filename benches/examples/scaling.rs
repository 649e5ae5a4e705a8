//! Batch scaling of count-to-2 against what the machine itself allows: for each set, the time of
//! one thread counting it, of `batch::count_packed` with 1 and N jobs, and of N independent OS
//! threads each counting the whole set at once (no shared work: the ceiling this machine gives N
//! threads). Best of `reps` runs each.
//!
//! `cargo run --release -p pencilmark-benches --example scaling [reps] [jobs]`

use pencilmark::batch::count_packed;
use pencilmark::solve::classic9;
use pencilmark_benches::{SETS, cells, load};
use std::hint::black_box;
use std::time::Instant;

fn best<F: FnMut()>(reps: usize, mut f: F) -> f64 {
    (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reps: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let jobs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    println!(
        "{:<12} {:>9} {:>9} {:>9} {:>11} {:>11}",
        "set", "1 thread", "batch 1", "batch N", "batch N/1", "machine N/1"
    );
    for &(file, label, max) in SETS {
        let puzzles: Vec<[u8; 81]> = load(file, max).iter().map(|l| cells(l)).collect();
        let packed: Vec<u8> =
            puzzles.iter().flat_map(|p| p.iter().map(|&v| if v == 0 { b'.' } else { b'0' + v })).collect();
        let count_all =
            |ps: &[[u8; 81]]| ps.iter().map(|p| classic9::count(black_box(p), 2, None)).sum::<u32>();
        let one = best(reps, || {
            black_box(count_all(&puzzles));
        });
        let batch1 = best(reps, || {
            black_box(count_packed(&packed, 81, 2, Some(1)).unwrap());
        });
        let batch_n = best(reps, || {
            black_box(count_packed(&packed, 81, 2, Some(jobs)).unwrap());
        });
        // N threads, each the whole set: with perfect scaling this takes as long as one thread.
        let independent = best(reps, || {
            std::thread::scope(|s| {
                for _ in 0..jobs {
                    s.spawn(|| black_box(count_all(&puzzles)));
                }
            });
        });
        let n = puzzles.len() as f64;
        println!(
            "{:<12} {:>8.2}µ {:>8.2}µ {:>8.2}µ {:>10.2}x {:>10.2}x",
            label,
            one / n * 1e6,
            batch1 / n * 1e6,
            batch_n / n * 1e6,
            batch1 / batch_n,
            jobs as f64 * one / independent
        );
    }
}
