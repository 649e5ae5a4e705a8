//! Card timings over a sample of a puzzle file: median, p90, p99 and max milliseconds per puzzle,
//! and the bands and techniques of the hardest steps. By default the full default card
//! (difficulty, time, band, contains).
//! `cargo run --release -p pencilmark-benches --example route_times [file] [count] [max_band]`
//! (defaults: classic-top1465.txt, 100 puzzles evenly spaced, the bands this build rates).
//! `--band-contains`: band and contains only (no difficulty and time). `--band-only`: the band
//! alone. `--print-cards`: also print each card (default fields plus
//! band_index and steps) as a JSON line, to check that a change leaves every card as it was.
//! A `.jsonl` file is read as one `{"document": ...}` object a line (data/samples/variants-9x9.jsonl).

use pencilmark::{RateOptions, rate_str};
use pencilmark_benches::load;
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).map(String::as_str).unwrap_or("classic-top1465.txt");
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut opts = RateOptions {
        max_band_override: args.get(3).and_then(|s| s.parse().ok()),
        alternatives: !args.iter().any(|a| a == "--no-alternatives"),
        ..RateOptions::default()
    };
    if args.iter().any(|a| a == "--band-contains") {
        opts.fields = RateOptions::with_fields(&["band", "contains"]).expect("known fields").fields;
    }
    if args.iter().any(|a| a == "--band-only") {
        opts.fields = vec![pencilmark::card::Field::Band];
    }
    let fields: Vec<String> = opts.fields.iter().map(|f| format!("{f:?}").to_lowercase()).collect();
    let print_cards = args.iter().any(|a| a == "--print-cards");
    if print_cards {
        opts.fields =
            RateOptions::with_fields(&["difficulty", "time", "band", "band_index", "contains", "steps"])
                .expect("known fields")
                .fields;
    }
    let mut ms: Vec<(f64, String)> = Vec::new();
    let mut bands: BTreeMap<String, usize> = BTreeMap::new();
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    // A path to a file of one-line puzzles, or a file name in ../shared/data/puzzles.
    let lines: Vec<String> = match std::fs::read_to_string(file) {
        Ok(text) if file.ends_with(".jsonl") => text
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).expect("one JSON object a line")["document"]
                    .to_string()
            })
            .take(count)
            .collect(),
        Ok(text) => text.lines().filter(|l| l.len() >= 81).map(|l| l[..81].to_string()).take(count).collect(),
        Err(_) => load(file, count),
    };
    for line in lines {
        let t = Instant::now();
        let result = rate_str(&line, &opts);
        ms.push((t.elapsed().as_secs_f64() * 1e3, line.clone()));
        match result {
            Ok(card) => {
                if print_cards {
                    println!("{}", card.to_json());
                }
                *bands.entry(card.band().unwrap_or("?").to_string()).or_default() += 1;
                for e in card.contains().unwrap_or_default().iter().filter(|e| e.band >= 5) {
                    *codes.entry(e.code.to_string()).or_default() += 1;
                }
            }
            Err(e) => *bands.entry(format!("error: {e}")).or_default() += 1,
        }
    }
    ms.sort_by(|a, b| a.0.total_cmp(&b.0));
    let q = |p: f64| ms[((ms.len() - 1) as f64 * p).round() as usize].0;
    println!(
        "{file}: {} puzzles, {} ms: median {:.2}, p90 {:.2}, p99 {:.2}, max {:.2} ({}), total {:.0}",
        ms.len(),
        fields.join("+"),
        q(0.5),
        q(0.9),
        q(0.99),
        ms.last().map_or(0.0, |m| m.0),
        ms.last().map_or("", |m| m.1.as_str()),
        ms.iter().map(|m| m.0).sum::<f64>()
    );
    println!("bands: {bands:?}");
    println!("Expert / Extreme codes listed: {codes:?}");
}
