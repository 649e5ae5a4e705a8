//! How closely `max_seconds` is kept: the default card of hard puzzles under a few limits, and
//! the ratio of each call's wall time to its limit (median, p99, max), with how many calls the
//! limit cut (`completed: false` or band Unknown).
//! `cargo run --release -p pencilmark-benches --example limits [file] [count]`
//! (defaults: classic-hardest-1106.txt, 40 puzzles evenly spaced).

use pencilmark::{RateOptions, rate_str};
use pencilmark_benches::load;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).map(String::as_str).unwrap_or("classic-hardest-1106.txt");
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    let puzzles = load(file, count);
    for limit in [0.005, 0.02, 0.1] {
        let mut opts = RateOptions { max_seconds: Some(limit), ..RateOptions::default() };
        opts.fields.push(pencilmark::card::Field::Elapsed);
        let mut ratios: Vec<f64> = Vec::new();
        let mut worst = (0.0, String::new());
        let mut cut = 0;
        for line in &puzzles {
            let t = Instant::now();
            let card = rate_str(line, &opts);
            let ratio = t.elapsed().as_secs_f64() / limit;
            if ratio > worst.0 {
                let inside = card.as_ref().ok().and_then(|c| c.elapsed()).unwrap_or(f64::NAN) / limit;
                worst = (ratio, format!("{line}, {inside:.2} inside the call"));
            }
            ratios.push(ratio);
            if card.as_ref().map_or(true, |c| c.completed() != Some(true) || c.band().is_none()) {
                cut += 1;
            }
        }
        ratios.sort_by(f64::total_cmp);
        let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
        println!(
            "{file}: max_seconds {limit}: wall / limit median {:.2}, p99 {:.2}, max {:.2} ({}); {cut} of {} cut",
            at(0.5),
            at(0.99),
            at(1.0),
            worst.1,
            ratios.len()
        );
    }
}
