//! Conformance on the Expert cards of the reference fixture (data/fixtures/reference-cards-7band.jsonl:
//! pencilmark 1.0.0rc1 re-mapped to the 7 bands; 34 Expert cards, no Extreme ones). Issue 5 asks
//! for the same band on at least 85% of them. The band + contains share is reported (release
//! builds: `cargo test --release -p pencilmark --test expert_conformance -- --nocapture`); it
//! depends on the Expert pattern techniques (AIC, ALS, ...) as much as on the case techniques.

use pencilmark::{RateOptions, rate_str};
use serde_json::Value;
use std::path::PathBuf;

fn expert_cards() -> Vec<(String, String, Value)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/fixtures/reference-cards-7band.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["card"]["band_index"].as_u64().unwrap() >= 5)
        .map(|v| {
            (v["source"].as_str().unwrap().into(), v["puzzle"].as_str().unwrap().into(), v["card"].clone())
        })
        .collect()
}

fn chips(card: &Value) -> Vec<String> {
    card["contains"].as_array().unwrap().iter().map(|e| e["chip"].as_str().unwrap().to_string()).collect()
}

#[test]
fn expert_cards_get_the_reference_band() {
    let cards = expert_cards();
    assert!(cards.len() >= 30, "the fixture holds the Expert cards");
    // The list search is the slow part: only release builds compare contains.
    let with_contains = !cfg!(debug_assertions);
    let fields: &[&str] = if with_contains { &["band", "contains"] } else { &["band"] };
    let mut opts = RateOptions::with_fields(fields).unwrap();
    opts.max_band_override = Some(6);
    let (mut band_ok, mut all_ok) = (0, 0);
    for (source, puzzle, reference) in &cards {
        let ours: Value = serde_json::from_str(&rate_str(puzzle, &opts).unwrap().to_json()).unwrap();
        if ours["band"] == reference["band"] {
            band_ok += 1;
        }
        if with_contains {
            if ours["band"] == reference["band"] && chips(&ours) == chips(reference) {
                all_ok += 1;
            } else {
                eprintln!(
                    "  {source}: ours {} {:?}, reference {:?}",
                    ours["band"],
                    chips(&ours),
                    chips(reference)
                );
            }
        }
    }
    let n = cards.len();
    eprintln!("Expert cards: band {band_ok}/{n}; band + contains {all_ok}/{n} (compared: {with_contains})");
    let share = band_ok as f64 / n as f64;
    assert!(share >= 0.85, "band agrees on {band_ok}/{n} Expert cards, below 85%");
}
