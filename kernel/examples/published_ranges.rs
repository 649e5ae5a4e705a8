//! Derives kernel/data/published_ranges.csv, the ranges of the publishing check `unusual`: per
//! band, the 10th and 90th percentile of our difficulty over published classic 9x9 puzzles.
//!
//!     cargo run --release -p pencilmark --example published_ranges -- \
//!         ../shared/data/puzzles/classic-human-rated.tsv ../shared/data/puzzles/classic-easy.txt \
//!         ../shared/data/puzzles/classic-top1465.txt > kernel/data/published_ranges.csv
//!
//! Input files: one puzzle per line as its first field; a first line that is no puzzle (a TSV
//! header) is skipped.

use pencilmark::RateOptions;
use pencilmark::batch::rate_many;
use pencilmark::techniques::band_name;

/// The nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let mut puzzles = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        for (i, line) in text.lines().enumerate() {
            let first = line.split_whitespace().next().unwrap_or("");
            if first.len() == 81 {
                puzzles.push(first.to_string());
            } else if i > 0 && !first.is_empty() {
                panic!("{f} line {}: not a 9x9 puzzle", i + 1);
            }
        }
    }
    let texts: Vec<&str> = puzzles.iter().map(String::as_str).collect();
    let opts = RateOptions::with_fields(&["band_index", "difficulty"]).unwrap();
    let cards = rate_many(&texts, &opts).expect("worker threads");
    let mut by_band: Vec<Vec<f64>> = vec![Vec::new(); 7];
    let mut failed = 0;
    for card in cards {
        match card {
            Ok(c) => match (c.band_index(), c.difficulty()) {
                (Some(b), Some(d)) => by_band[b as usize].push(d),
                _ => failed += 1,
            },
            Err(_) => failed += 1,
        }
    }
    let names: Vec<&str> = files.iter().map(|f| f.rsplit('/').next().unwrap_or(f)).collect();
    println!(
        "# The publishing check `unusual` (grade-card-format.txt section 4): per band, the middle 80% of our"
    );
    println!(
        "# difficulty over published classic 9x9 puzzles ({}; {} puzzles,",
        names.join(", "),
        texts.len()
    );
    println!(
        "# {failed} without a band or difficulty left out). Made by kernel/examples/published_ranges.rs."
    );
    println!(
        "# low: 10th percentile (none for Very Easy), high: 90th (none for Extreme); puzzles: how many of that band."
    );
    println!("family,band,low,high,puzzles");
    for (b, values) in by_band.iter_mut().enumerate() {
        if values.is_empty() {
            continue;
        }
        values.sort_by(f64::total_cmp);
        let low = if b == 0 { String::new() } else { format!("{:.1}", percentile(values, 0.1)) };
        let high = if b == 6 { String::new() } else { format!("{:.1}", percentile(values, 0.9)) };
        println!("classic,{},{low},{high},{}", band_name(b as u8), values.len());
    }
}
