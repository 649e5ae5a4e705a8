//! The card: band and contains of everyday puzzles (classic-easy.txt) and of the hardest common
//! set (classic-top1465.txt, Expert and Extreme routes), and the full default card (difficulty,
//! time, band, contains) per puzzle of classic-easy.txt and classic-top1465.txt and of the variant
//! puzzles of data/samples/variants-9x9.jsonl, one benchmark per kind; puzzles parsed outside the
//! loop.
//!
//! cargo bench -p pencilmark-benches --bench card
//!
//! Per-puzzle median and p99 (issue 5 asks for the median and p99 of top1465):
//! cargo run --release -p pencilmark-benches --example route_times -- classic-top1465.txt 200
//! cargo run --release -p pencilmark-benches --example route_times -- data/samples/variants-9x9.jsonl 192

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pencilmark::{RateOptions, rate};
use pencilmark_benches::{load, variants_by_kind};
use std::hint::black_box;
use std::time::Duration;

/// Up to `n` puzzles of a file (an evenly spaced sample) that rate without error under `opts`.
fn rateable(file: &str, n: usize, opts: &RateOptions) -> Vec<pencilmark::format::Puzzle> {
    load(file, n).iter().map(|l| pencilmark::read(l).unwrap()).filter(|p| rate(p, opts).is_ok()).collect()
}

fn card(c: &mut Criterion) {
    let opts = RateOptions::with_fields(&["band", "contains"]).unwrap();
    let puzzles = rateable("classic-easy.txt", 200, &opts);
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
    let puzzles = rateable("classic-top1465.txt", 24, &opts);
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

/// One full default card per iteration, cycling through the puzzles: the mean is the per-card time.
fn default_card(c: &mut Criterion) {
    let opts = RateOptions::default();
    let mut g = c.benchmark_group("card/default");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    for (file, n) in [("classic-easy.txt", 200), ("classic-top1465.txt", 100)] {
        let puzzles = rateable(file, n, &opts);
        if puzzles.is_empty() {
            continue;
        }
        let mut i = 0;
        g.bench_function(file, |b| {
            b.iter(|| {
                i = (i + 1) % puzzles.len();
                rate(black_box(&puzzles[i]), &opts).is_ok()
            })
        });
    }
    g.finish();
}

/// The default card of the variant puzzles, one benchmark per kind cycling through its puzzles
/// (the mean is that kind's per-card time); the rule solver is compiled inside the timed call,
/// as every entry point does.
fn variant_cards(c: &mut Criterion) {
    let opts = RateOptions::default();
    let mut g = c.benchmark_group("card/variants");
    g.sample_size(10).warm_up_time(Duration::from_millis(200)).measurement_time(Duration::from_secs(2));
    for (kind, docs) in variants_by_kind() {
        let puzzles: Vec<_> = docs
            .iter()
            .map(|(_, d)| pencilmark::read(d).unwrap())
            .filter(|p| rate(p, &opts).is_ok())
            .collect();
        if puzzles.is_empty() {
            continue;
        }
        let mut i = 0;
        g.bench_function(&kind, |b| {
            b.iter(|| {
                i = (i + 1) % puzzles.len();
                rate(black_box(&puzzles[i]), &opts).is_ok()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, card, card_top1465, default_card, variant_cards);
criterion_main!(benches);
