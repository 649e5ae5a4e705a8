//! The card: band and contains of everyday puzzles (classic-easy.txt), parsed outside the loop.
//!
//! cargo bench -p pencilmark-benches --bench card

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pencilmark::{RateOptions, rate};
use pencilmark_benches::load;
use std::hint::black_box;
use std::time::Duration;

fn card(c: &mut Criterion) {
    let opts = RateOptions::default();
    let puzzles: Vec<_> = load("classic-easy.txt", 200)
        .iter()
        .map(|l| pencilmark::read_puzzle(l).unwrap())
        .filter(|p| rate(p, &opts).is_ok())
        .collect();
    let mut g = c.benchmark_group("card/easy");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    g.bench_function("band+contains", |b| {
        b.iter(|| puzzles.iter().filter(|p| rate(black_box(p), &opts).is_ok()).count())
    });
    g.finish();
}

criterion_group!(benches, card);
criterion_main!(benches);
