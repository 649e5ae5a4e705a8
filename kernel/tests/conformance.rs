//! Conformance with the reference cards (data/fixtures/reference-cards-7band.jsonl: cards of
//! pencilmark 1.0.0rc1 re-mapped to the 7 bands).

use pencilmark::{RateError, RateOptions, rate_str};
use serde_json::Value;
use std::path::PathBuf;

struct Reference {
    source: String,
    puzzle: String,
    card: Value,
}

fn references() -> Vec<Reference> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/fixtures/reference-cards-7band.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            Reference {
                source: v["source"].as_str().unwrap().to_string(),
                puzzle: v["puzzle"].as_str().unwrap().to_string(),
                card: v["card"].clone(),
            }
        })
        .collect()
}

/// (code, chip) of each contains entry.
fn chips(card: &Value) -> Vec<(String, String)> {
    card["contains"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["code"].as_str().unwrap().to_string(), e["chip"].as_str().unwrap().to_string()))
        .collect()
}

/// The hardest band this build rates (every classic technique up to it is searched).
fn rated_bands() -> u64 {
    pencilmark::techniques::rated_max_band() as u64
}

#[test]
fn band_and_contains_agree_with_the_reference_up_to_the_rated_band() {
    let opts = RateOptions::with_fields(&["band", "band_index", "contains"]).unwrap();
    let (mut total, mut agree) = (0, 0);
    let mut disagreements = Vec::new();
    for r in references().iter().filter(|r| r.card["band_index"].as_u64().unwrap() <= rated_bands()) {
        total += 1;
        let ours: Value = match rate_str(&r.puzzle, &opts) {
            Ok(card) => serde_json::from_str(&card.to_json()).unwrap(),
            Err(e) => {
                disagreements.push(format!("{}: error {e}", r.source));
                continue;
            }
        };
        if ours["band"] == r.card["band"] && chips(&ours) == chips(&r.card) {
            agree += 1;
        } else {
            disagreements.push(format!(
                "{}: ours {} {:?}, reference {} {:?}",
                r.source,
                ours["band"],
                chips(&ours),
                r.card["band"],
                chips(&r.card)
            ));
        }
    }
    let share = agree as f64 / total as f64;
    eprintln!("band + contains agree on {agree}/{total} ({:.1}%)", share * 100.0);
    for d in &disagreements {
        eprintln!("  {d}");
    }
    assert!(total >= 100, "the fixture covers the bands");
    assert!(share >= 0.9, "agreement {share:.3} below 90%");
}

#[test]
fn harder_puzzles_get_an_honest_error_or_the_same_band() {
    let opts = RateOptions::with_fields(&["band"]).unwrap();
    for r in references().iter().filter(|r| r.card["band_index"].as_u64().unwrap() > rated_bands()) {
        match rate_str(&r.puzzle, &opts) {
            Err(RateError::Unsupported(m)) => assert!(m.contains("needs a technique above"), "{m}"),
            Err(e) => panic!("{}: unexpected error {e}", r.source),
            Ok(card) => panic!("{}: rated {:?}, the reference says {}", r.source, card.band, r.card["band"]),
        }
    }
}

#[test]
fn cards_are_deterministic() {
    let opts = RateOptions::with_fields(&["band", "contains", "steps"]).unwrap();
    for r in references().iter().take(40) {
        let a = rate_str(&r.puzzle, &opts).map(|c| c.to_json());
        let b = rate_str(&r.puzzle, &opts).map(|c| c.to_json());
        assert_eq!(a, b, "{}", r.source);
    }
}
