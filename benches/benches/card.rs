//! The card: band and contains of everyday puzzles (classic-easy.txt) and of the hardest common
//! set (classic-top1465.txt, Expert and Extreme routes), parsed outside the loop.
//!
//! cargo bench -p pencilmark-benches --bench card
//!
//! Per-puzzle median and p99 (issue 5 asks for the median and p99 of top1465):
//! cargo run --release -p pencilmark-benches --example route_times -- classic-top1465.txt 200

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

fn card_top1465(c: &mut Criterion) {
    // Up to Extreme whatever the build rates by default (the Expert pattern techniques may be
    // missing from a development build).
    let opts = RateOptions { max_band_override: Some(6), ..RateOptions::default() };
    let puzzles: Vec<_> = load("classic-top1465.txt", 24)
        .iter()
        .map(|l| pencilmark::read_puzzle(l).unwrap())
        .filter(|p| rate(p, &opts).is_ok())
        .collect();
    let mut g = c.benchmark_group("card/top1465");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(20));
    g.bench_function("band+contains", |b| {
        b.iter(|| puzzles.iter().filter(|p| rate(black_box(p), &opts).is_ok()).count())
    });
    let band_only = RateOptions { fields: vec![pencilmark::card::Field::Band], ..opts.clone() };
    g.bench_function("band", |b| {
        b.iter(|| puzzles.iter().filter(|p| rate(black_box(p), &band_only).is_ok()).count())
    });
    g.finish();
}

criterion_group!(benches, card, card_top1465);
criterion_main!(benches);
