//! Step explanations (grade-card-format.txt section 5) on real routes: every step of the
//! reference cards' puzzles carries its notation and its short sentence, the short sentence
//! starts with the step's own result and names its technique, for every technique the routes meet.

use serde_json::Value;
use std::collections::BTreeSet;

const FIXTURE: &str = include_str!("../../data/fixtures/reference-cards-7band.jsonl");

/// The result a step's short sentence starts with: "r3c5 = 4" per placement, "r6c6, r7c6 ≠ 3" per
/// eliminated digit, joined by "; ".
fn result_of(step: &Value) -> String {
    let mut parts = Vec::new();
    if let Some(p) = step["placement"].as_str() {
        parts.push(p.replace('=', " = "));
    }
    let elims: Vec<(&str, &str)> = step["eliminations"]
        .as_array()
        .map(|a| a.iter().map(|e| e.as_str().unwrap().split_once('#').unwrap()).collect())
        .unwrap_or_default();
    let mut digits: Vec<&str> = elims.iter().map(|(_, d)| *d).collect();
    digits.sort_unstable();
    digits.dedup();
    for d in digits {
        let cells: Vec<&str> = elims.iter().filter(|(_, x)| *x == d).map(|(c, _)| *c).collect();
        parts.push(format!("{} ≠ {d}", cells.join(", ")));
    }
    parts.join("; ")
}

#[test]
fn every_step_has_notation_and_a_short_sentence() {
    let mut seen = BTreeSet::new();
    // The harder cards: their routes meet the most techniques.
    for line in FIXTURE.lines() {
        let entry: Value = serde_json::from_str(line).unwrap();
        if !["Hard", "Very Hard"].contains(&entry["card"]["band"].as_str().unwrap()) {
            continue;
        }
        let card: Value = serde_json::from_str(&pencilmark::rate_json(
            entry["puzzle"].as_str().unwrap(),
            Some(r#"{"fields": ["band"], "explain": ["notation", "short"]}"#),
        ))
        .unwrap();
        for step in card["steps"].as_array().unwrap_or_else(|| panic!("{card}")) {
            let e = &step["explanation"];
            let notation = e["notation"].as_str().unwrap();
            let short = e["short"].as_str().unwrap();
            let name = step["name"].as_str().unwrap();
            assert!(notation.starts_with(name), "{step}");
            let head = format!("{}: {name}", result_of(step));
            assert!(short.starts_with(&head), "{short} should start with {head}");
            seen.insert(step["code"].as_str().unwrap().to_string());
        }
    }
    assert!(seen.len() >= 15, "techniques met: {seen:?}");
}

/// On a samurai (21 x 21, five grids), rows and columns are named by where they lie on the board:
/// "row 13 in columns 7-15" in words, "r13c7-15" in notation, never a house number beyond the
/// board's 21 lines.
#[test]
fn multi_grid_houses_are_named_by_their_place_on_the_board() {
    let examples = include_str!("../../data/examples/variants.jsonl");
    let samurai = examples.lines().rfind(|l| l.contains(r#""rows":21"#)).expect("a samurai example");
    let card: Value = serde_json::from_str(&pencilmark::rate_json(
        samurai,
        Some(r#"{"fields": ["band"], "explain": ["notation", "short"]}"#),
    ))
    .unwrap();
    let number_after = |text: &str, word: &str| -> Vec<usize> {
        text.match_indices(word)
            .filter_map(|(i, _)| {
                text[i + word.len()..]
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|n| n.parse().ok())
            })
            .collect()
    };
    let mut partial = 0;
    for step in card["steps"].as_array().unwrap_or_else(|| panic!("{card}")) {
        let short = step["explanation"]["short"].as_str().unwrap();
        for n in number_after(short, "row ").into_iter().chain(number_after(short, "column ")) {
            assert!((1..=21).contains(&n), "{short}");
        }
        if short.contains(" in columns ") || short.contains(" in rows ") {
            partial += 1;
        }
    }
    assert!(partial > 0, "no step reads a row or column of one grid: {card}");
}
