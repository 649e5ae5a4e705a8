//! Fast timing loop for development (best of N runs, us/puzzle, count-to-2 with the solution):
//! `cargo run --release -p pencilmark-benches --features peer --example quick [reps] [filter]`.

use pencilmark::solve::classic9 as c9;
use pencilmark_benches::{SETS, cells, load};
use std::hint::black_box;
use std::time::Instant;

fn time<F: FnMut() -> u64>(reps: usize, mut f: F) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..reps {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reps: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let filter = args.get(2).cloned().unwrap_or_default();
    println!(
        "{:<12} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7} {:>7} {:>7}",
        "set", "ours", "avx2", "sse2", "portbl", "peer", "o/p", "avx2/p", "sse/p"
    );
    for &(file, label, max) in SETS {
        if !label.contains(&filter) {
            continue;
        }
        let lines = load(file, max);
        let ours: Vec<[u8; 81]> = lines.iter().map(|l| cells(l)).collect();
        let n = ours.len() as f64;
        let mut sol = [0u8; 81];
        let a = time(reps, || ours.iter().map(|p| c9::count(black_box(p), 2, Some(&mut sol)) as u64).sum());
        let e = time(reps, || {
            ours.iter().map(|p| c9::count_avx2(black_box(p), 2, Some(&mut sol)).unwrap() as u64).sum()
        });
        let b =
            time(reps, || ours.iter().map(|p| c9::count_sse2(black_box(p), 2, Some(&mut sol)) as u64).sum());
        let c = time(reps, || {
            ours.iter().map(|p| c9::count_portable(black_box(p), 2, Some(&mut sol)) as u64).sum()
        });
        #[cfg(feature = "peer")]
        let d = {
            let peer = pencilmark_benches::peer_puzzles(&lines);
            time(reps, || pencilmark_benches::peer_count2(&peer) as u64)
        };
        #[cfg(not(feature = "peer"))]
        let d = f64::NAN;
        let us = |t: f64| t / n * 1e6;
        println!(
            "{:<12} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>7.2} {:>7.2} {:>7.2}",
            label,
            us(a),
            us(e),
            us(b),
            us(c),
            us(d),
            a / d,
            e / d,
            b / d
        );
    }
}
