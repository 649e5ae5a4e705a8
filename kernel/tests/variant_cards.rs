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
