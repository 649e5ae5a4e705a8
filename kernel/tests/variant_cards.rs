//! Cards of house-only variants (jigsaw, X-sudoku, windoku, samurai): every example puzzle with a
//! band also gets its difficulty and time. A unique rectangle that is not deadly on the board (a
//! samurai's rows end at its grids' edges) once cleared a true candidate on the samurai, and its
//! written route then stalled with both numbers null.

use pencilmark::rate_json;
use serde_json::Value;

const EXAMPLES: &str = include_str!("../../data/examples/variants.jsonl");

#[test]
fn every_house_only_example_with_a_band_has_difficulty_and_time() {
    let opts = r#"{"fields": ["band", "difficulty", "time"]}"#;
    let mut rated = 0;
    for (i, line) in EXAMPLES.lines().enumerate().filter(|(_, l)| l.starts_with('{')) {
        let card: Value = serde_json::from_str(&rate_json(line, Some(opts))).unwrap();
        assert!(card.get("error").is_none(), "line {}: {card}", i + 1);
        if card["band"] != "Unknown" {
            assert!(card["difficulty"].is_number(), "line {}: {card}", i + 1);
            assert!(card["time"].is_number(), "line {}: {card}", i + 1);
            rated += 1;
        }
    }
    assert!(rated >= 4, "only {rated} examples rated");
}

/// A windoku's five hidden groups (rows 1, 5 and 9 of columns 2-4, ...: what three lines hold
/// besides two windows) are houses for the techniques, as for the reference release: its numbers
/// for the windoku example (difficulty 7.4, time 23.7; rc1 on `data/examples/variants.jsonl`
/// line 4) were 9.5 and 44.0 here without them, a route through chains and 3D Medusa.
#[test]
fn a_windoku_is_rated_with_its_hidden_regions() {
    let line = EXAMPLES.lines().nth(3).unwrap();
    let opts = r#"{"fields": ["difficulty", "time", "band", "steps"], "explain": ["short"]}"#;
    let card: Value = serde_json::from_str(&rate_json(line, Some(opts))).unwrap();
    let difficulty = card["difficulty"].as_f64().unwrap();
    let time = card["time"].as_f64().unwrap();
    assert!((difficulty - 7.4).abs() <= 0.3, "{difficulty}");
    assert!((time - 23.7).abs() <= 2.37, "{time}");
    let texts: Vec<&str> =
        card["steps"].as_array().unwrap().iter().filter_map(|s| s["explanation"]["short"].as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("hidden region r159c234")), "{texts:#?}");
}
