//! Step explanations (grade-card-format.txt section 5) on real routes: every step of the
//! reference cards' puzzles carries its notation and its short sentence, the short sentence
//! starts with the step's own result and names its technique, for every technique the routes meet.

use serde_json::Value;
use std::collections::BTreeSet;

const FIXTURE: &str = include_str!("../../data/fixtures/reference-cards-7band.jsonl");

mod common;
use common::result_of;

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

/// The cells a step's result names: its placement's cell and its eliminations' cells.
fn result_cells(step: &Value) -> Vec<String> {
    let mut cells: Vec<String> =
        step["placement"].as_str().map(|p| p.split('=').next().unwrap().to_string()).into_iter().collect();
    for e in step["eliminations"].as_array().into_iter().flatten() {
        cells.push(e.as_str().unwrap().split('#').next().unwrap().to_string());
    }
    cells
}

/// Cards with steps explained at every level for the fixture's puzzles of these bands.
fn teach_cards(bands: &[&str]) -> Vec<Value> {
    FIXTURE
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| bands.contains(&e["card"]["band"].as_str().unwrap()))
        .map(|e| {
            serde_json::from_str(&pencilmark::rate_json(
                e["puzzle"].as_str().unwrap(),
                Some(r#"{"fields": ["band"], "explain": ["notation", "short", "teach"]}"#),
            ))
            .unwrap()
        })
        .collect()
}

/// Every technique the hard routes meet gets a teach text: where to look, why (the technique's
/// text from kernel/data/teach.csv) and what it achieves (every result cell named, "So ..." last).
#[test]
fn every_step_of_hard_routes_has_a_teach_text() {
    let mut seen = BTreeSet::new();
    for card in teach_cards(&["Hard", "Very Hard", "Expert"]) {
        for step in card["steps"].as_array().unwrap_or_else(|| panic!("{card}")) {
            let teach = step["explanation"]["teach"].as_str().unwrap_or_else(|| panic!("no teach: {step}"));
            for cell in result_cells(step) {
                assert!(teach.contains(&cell), "{teach} should name {cell}");
            }
            let last = teach.rfind("So ").unwrap_or_else(|| panic!("{teach}"));
            assert!(teach[last..].ends_with('.') && teach.matches(". ").count() >= 2, "{teach}");
            seen.insert(step["code"].as_str().unwrap().to_string());
        }
    }
    assert!(seen.len() >= 20, "techniques met: {seen:?}");
}

/// Evenly spaced puzzles of a file in ../shared/data/puzzles, beside the repository (None when
/// it is absent).
fn shared_sample(file: &str, n: usize) -> Option<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles").join(file);
    let text = std::fs::read_to_string(path).ok()?;
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    Some(lines.iter().step_by((lines.len() / n).max(1)).take(n).map(|l| l.to_string()).collect())
}

/// The Expert and Extreme techniques (ALS chains, case analysis, forcing, trial) on the hardest
/// published puzzles: every step has a teach text that names its result cells; the case and
/// forcing steps point at the choice they split on.
#[test]
fn hardest_puzzles_have_teach_texts_for_every_step() {
    let Some(puzzles) = shared_sample("classic-hardest-1106.txt", 12) else {
        eprintln!("../shared/data/puzzles is absent: skipped");
        return;
    };
    let mut seen = BTreeSet::new();
    for p in puzzles {
        let card: Value = serde_json::from_str(&pencilmark::rate_json(
            &p,
            Some(r#"{"fields": ["band"], "explain": ["teach"], "max_seconds": 30}"#),
        ))
        .unwrap();
        for step in card["steps"].as_array().unwrap_or_else(|| panic!("{card}")) {
            let teach = step["explanation"]["teach"].as_str().unwrap_or_else(|| panic!("no teach: {step}"));
            for cell in result_cells(step) {
                assert!(teach.contains(&cell), "{teach} should name {cell}");
            }
            let code = step["code"].as_str().unwrap();
            if ["CAS", "FCH", "FNT", "NFC", "TRL"].contains(&code) {
                assert!(teach.contains("suppose it") || teach.contains("in turn"), "{teach}");
            }
            seen.insert(code.to_string());
        }
    }
    assert!(seen.contains("FCH") || seen.contains("TRL"), "techniques met: {seen:?}");
}

/// Teach texts the reference cards' routes never reach, on published puzzles whose written routes
/// take them (read from ../shared/data/puzzles when present; these files may not be copied here):
/// Multi-Colouring names its clusters, Hidden Quad its house and digits, Either way its choice.
#[test]
fn published_routes_teach_multi_colouring_hidden_quad_and_either_way() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles");
    let cases = [
        ("classic-top1465.txt", 135, "MCL", ["Colour the places for 2", "clusters"]),
        (
            "classic-top1465.txt",
            510,
            "HQD",
            ["In box 8, the digits 2, 3, 6 and 7 can only go in", "four digits"],
        ),
        ("classic-hardest-1106.txt", 74, "EWY", ["places for 7 in column 3 (r2c3 or r6c3)", "either way"]),
    ];
    for (file, line, code, words) in cases {
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
            eprintln!("../shared/data/puzzles is absent: skipped");
            return;
        };
        let puzzle = text.lines().nth(line - 1).unwrap();
        let card: Value = serde_json::from_str(&pencilmark::rate_json(
            puzzle,
            Some(r#"{"fields": ["contains", "steps"], "explain": ["teach"]}"#),
        ))
        .unwrap();
        let steps = card["steps"].as_array().unwrap_or_else(|| panic!("{card}"));
        let step =
            steps.iter().find(|s| s["code"] == code).unwrap_or_else(|| panic!("no {code} step: {card}"));
        let teach = step["explanation"]["teach"].as_str().unwrap();
        for w in words {
            assert!(teach.contains(w), "{code}: {teach}");
        }
        for cell in result_cells(step) {
            assert!(teach.contains(&cell), "{teach} should name {cell}");
        }
    }
}

/// The same puzzle gives the same teach texts, byte for byte.
#[test]
fn teach_texts_repeat_exactly() {
    let first = teach_cards(&["Very Hard"]);
    let again = teach_cards(&["Very Hard"]);
    assert_eq!(first, again);
}

/// Prints one teach text per technique (`cargo test --test explanations -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_teach_texts() {
    let mut seen = BTreeSet::new();
    for card in teach_cards(&["Medium", "Hard", "Very Hard", "Expert"]) {
        for step in card["steps"].as_array().unwrap() {
            if seen.insert(step["code"].as_str().unwrap().to_string()) {
                println!("{} {}\n", step["code"], step["explanation"]["teach"]);
            }
        }
    }
}

/// Teach texts on boards beyond the classic 9x9: a samurai names rows and columns by their place
/// on the 21 x 21 board ("row 13 in columns 7-15"; its five grids have 45 boxes), a 16x16 its
/// sixteen houses of each kind and its digits as the card writes them; every step has one, naming
/// its result cells.
#[test]
fn teach_texts_read_right_on_a_samurai_and_a_16x16() {
    let examples = include_str!("../../data/examples/variants.jsonl");
    let samurai = examples.lines().rfind(|l| l.contains(r#""rows":21"#)).expect("a samurai example");
    // A 16x16 with one solution: a patterned grid (row r is row 0 shifted by 4 (r mod 4) + r / 4)
    // with 74 cells blanked along a fixed pattern.
    let sixteen: String = (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            let digit = (4 * (r % 4) + r / 4 + c) % 16;
            if (r * 7 + c * 11 + r * c) % 7 == 0 { '.' } else { "123456789ABCDEFG".as_bytes()[digit] as char }
        })
        .collect();
    for (puzzle, lines, boxes) in [(samurai, 21, 45), (sixteen.as_str(), 16, 16)] {
        let card: Value = serde_json::from_str(&pencilmark::rate_json(
            puzzle,
            Some(r#"{"fields": ["band"], "explain": ["teach"]}"#),
        ))
        .unwrap();
        let steps = card["steps"].as_array().unwrap_or_else(|| panic!("{card}"));
        let mut partial = 0;
        for step in steps {
            let teach = step["explanation"]["teach"].as_str().unwrap_or_else(|| panic!("{step}"));
            for cell in result_cells(step) {
                assert!(teach.contains(&cell), "{teach} should name {cell}");
            }
            if let Some(p) = step["placement"].as_str() {
                let (cell, digit) = p.split_once('=').unwrap();
                assert!(teach.ends_with(&format!("So {cell} must be {digit}.")), "{teach}");
            }
            for (word, most) in [("row ", lines), ("column ", lines), ("box ", boxes)] {
                for (i, _) in teach.match_indices(word) {
                    let n: String =
                        teach[i + word.len()..].chars().take_while(char::is_ascii_digit).collect();
                    if let Ok(n) = n.parse::<usize>() {
                        assert!((1..=most).contains(&n), "{teach}");
                    }
                }
            }
            if teach.contains(" in columns ") || teach.contains(" in rows ") {
                partial += 1;
            }
        }
        assert!(lines == 16 || partial > 0, "no step reads a row or column of one grid: {card}");
    }
}
