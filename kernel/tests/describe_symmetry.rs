//! The card's `describe` and `symmetry` fields against the reference release's describe() and
//! symmetry_of() (data/fixtures/describe-symmetry-rc1.jsonl: 195 classic puzzles, the example
//! variants and the exchange fixtures; made by tools/rc1-oracle/describe_symmetry.py).

use pencilmark::card::symmetry::symmetries;
use pencilmark::format::{describe, read};
use serde_json::Value;

fn fixture() -> Vec<Value> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/");
    std::fs::read_to_string(format!("{root}describe-symmetry-rc1.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn text_of(entry: &Value) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/exchange/");
    match (&entry["puzzle"], &entry["file"]) {
        (Value::String(s), _) => s.clone(),
        (Value::Object(_), _) => entry["puzzle"].to_string(),
        (_, Value::String(f)) => std::fs::read_to_string(format!("{root}{f}")).unwrap(),
        _ => panic!("a fixture entry without a puzzle: {entry}"),
    }
}

#[test]
fn describe_and_symmetry_agree_with_the_reference() {
    let entries = fixture();
    assert!(entries.len() >= 300, "{}", entries.len());
    let mut describe_differ = Vec::new();
    for entry in &entries {
        let text = text_of(entry);
        let p = read(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        let ours = serde_json::to_value(describe(&p.to_document())).unwrap();
        if ours != entry["describe"] {
            describe_differ.push(format!(
                "{}\n  ours {ours}\n  rc1  {}",
                &text[..text.len().min(90)],
                entry["describe"]
            ));
        }
        // The exchange fixtures test rule spellings; rc1 counts the positions of some outside
        // clues as board cells there, so only the puzzles' patterns are compared.
        if entry.get("file").is_none() {
            let sym = serde_json::to_value(symmetries(p.board(), p.givens())).unwrap();
            assert_eq!(sym, entry["symmetry"], "{text}");
        }
    }
    assert!(
        describe_differ.is_empty(),
        "{} of {} differ:\n{}",
        describe_differ.len(),
        entries.len(),
        describe_differ.join("\n")
    );
}

#[test]
fn card_fields_come_in_the_spec_order() {
    let opts = pencilmark::RateOptions::with_fields(&["symmetry", "describe", "steps", "band"]).unwrap();
    let card = pencilmark::rate_str(
        "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1",
        &opts,
    )
    .unwrap()
    .to_json();
    let at = |k: &str| card.find(&format!("\"{k}\":")).unwrap();
    assert!(
        at("band") < at("steps") && at("steps") < at("describe") && at("describe") < at("symmetry"),
        "{card}"
    );
    assert!(card.contains(
        r#""describe":{"type":"Sudoku","rules":{"Sudoku":"Place 1–9 in every row, column and 3×3 box."}}"#
    ));
    assert!(
        card.ends_with(r#""symmetry":[{"kind":"rot180","of":"givens"},{"kind":"rot90","of":"givens"}]}"#),
        "{card}"
    );
}
