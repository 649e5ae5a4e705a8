//! The publishing checks on rule families (grade-card-format.txt section 4: decorative,
//! barely_used, redundant) on real puzzles: a family neither needed nor read, one read but not
//! needed, one read in too few steps, and boards whose houses are no family.

use pencilmark::{count_json, rate_json};
use serde_json::{Value, json};

const VARIANTS: &str = include_str!("../../data/examples/variants.jsonl");
const RC1_VARIANTS: &str = include_str!("../../data/fixtures/rc1-generated-variants.jsonl");
/// The worked example of the route docs (a Hard classic).
const WORKED: &str = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";

fn rate(doc: &Value, quality: &str) -> Value {
    let opts = format!(r#"{{"fields": ["band", "issues", "reject", "warning"], "quality": {quality}}}"#);
    serde_json::from_str(&rate_json(&doc.to_string(), Some(&opts))).unwrap()
}

/// The rule checks of a card: (code, severity, rules).
fn rule_issues(card: &Value) -> Vec<(String, String, Vec<u64>)> {
    card["issues"]
        .as_array()
        .unwrap_or_else(|| panic!("{card}"))
        .iter()
        .filter(|i| ["decorative", "barely_used", "redundant"].contains(&i["code"].as_str().unwrap()))
        .map(|i| {
            let rules = i["rules"].as_array().expect("a rule check names its rules");
            (
                i["code"].as_str().unwrap().to_string(),
                i["severity"].as_str().unwrap().to_string(),
                rules.iter().map(|r| r.as_u64().unwrap()).collect(),
            )
        })
        .collect()
}

fn classic_document(puzzle: &str, extra_rules: Vec<Value>) -> Value {
    let givens: Vec<u32> = puzzle.chars().map(|c| c.to_digit(10).unwrap_or(0)).collect();
    let mut rules = vec![json!({"type": "box_grid", "origin": "r1c1", "box": [3, 3]})];
    rules.extend(extra_rules);
    json!({"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 9, "cols": 9},
           "digits": 9, "givens": givens, "rules": rules})
}

fn count(doc: &Value) -> u64 {
    let v: Value = serde_json::from_str(&count_json(&doc.to_string(), None)).unwrap();
    v["count"].as_u64().unwrap_or_else(|| panic!("{v}"))
}

fn variant_line(text: &str, title: &str) -> Value {
    text.lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["meta"]["title"] == title || v["document"]["meta"]["title"] == title)
        .map(|v| if v.get("document").is_some() { v["document"].clone() } else { v })
        .unwrap_or_else(|| panic!("no puzzle titled {title}"))
}

#[test]
fn a_thermo_over_two_givens_is_decorative() {
    // r4c1 = 2 and r4c2 = 3 are given: the thermo holds and no step can read it.
    let thermo = json!({"type": "line", "kind": "thermo", "cells": ["r4c1", "r4c2"], "id": "t1"});
    let doc = classic_document(WORKED, vec![thermo]);
    let card = rate(&doc, "{}");
    assert_eq!(rule_issues(&card), [("decorative".into(), "reject".into(), vec![1])], "{card}");
    let issue = card["issues"].as_array().unwrap().iter().find(|i| i["code"] == "decorative").unwrap();
    assert_eq!(issue["ids"], json!(["t1"]), "{card}");
    assert!(issue["text"].as_str().unwrap().starts_with("line thermo (rule 1): not needed"), "{card}");
    assert_eq!(card["reject"], true);
    // The check can be turned off or softened like any other.
    assert_eq!(rule_issues(&rate(&doc, r#"{"decorative": {"severity": "off"}}"#)), []);
    let soft = rate(&doc, r#"{"decorative": {"severity": "warning"}}"#);
    assert_eq!((soft["reject"].as_bool(), soft["warning"].as_bool()), (Some(false), Some(true)), "{soft}");
}

#[test]
fn diagonals_read_but_not_needed_are_redundant() {
    // The X-Sudoku example with solution digits added off the diagonals, in reading order,
    // until it is unique without them: the diagonals are still read, no longer needed.
    let mut doc = variant_line(VARIANTS, "x-sudoku");
    let solution = solve(&doc);
    let houses_only = |d: &Value| {
        let mut plain = d.clone();
        plain["rules"] = json!([d["rules"][0].clone()]);
        plain
    };
    assert_eq!(count(&houses_only(&doc)), 2, "the diagonals are needed to begin with");
    let on_diagonal = |c: usize| c / 9 == c % 9 || c / 9 + c % 9 == 8;
    for c in (0..81).filter(|&c| !on_diagonal(c)) {
        if count(&houses_only(&doc)) == 1 {
            break;
        }
        if doc["givens"][c] == 0 {
            doc["givens"][c] = json!(solution[c]);
        }
    }
    assert_eq!(count(&houses_only(&doc)), 1);
    let card = rate(&doc, "{}");
    assert_eq!(rule_issues(&card), [("redundant".into(), "warning".into(), vec![1, 2])], "{card}");
    let text = card["issues"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("region diagonal (rules 1, 2): used in "), "{card}");
    assert!(text.ends_with("but the puzzle is unique without it"), "{card}");
}

#[test]
fn parity_marks_read_in_fewer_steps_than_the_limit_are_barely_used() {
    // An rc1 parity puzzle (seed 4): its odd and even marks are one family, needed, and read
    // in some steps of the solve; a limit above that count flags them, one at it does not.
    let doc = variant_line(RC1_VARIANTS, "rc1 generator: parity, seed 4");
    let marks: Vec<u64> = (1..=13).collect();
    assert_eq!(rule_issues(&rate(&doc, "{}")), []);
    let strict = rate(&doc, r#"{"barely_used": {"limit": 100}}"#);
    assert_eq!(rule_issues(&strict), [("barely_used".into(), "warning".into(), marks)], "{strict}");
    let text =
        strict["issues"].as_array().unwrap().iter().find(|i| i["code"] == "barely_used").unwrap()["text"]
            .as_str()
            .unwrap()
            .to_string();
    let prefix = "cell odd / even (rules 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13): used in only ";
    let steps: f64 = text
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{text}"))
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(steps >= 3.0, "{text}");
    let at = rate(&doc, &format!(r#"{{"barely_used": {{"limit": {steps}}}}}"#));
    assert_eq!(rule_issues(&at), [], "{at}");
    let above = rate(&doc, &format!(r#"{{"barely_used": {{"limit": {}}}}}"#, steps + 1.0));
    assert_eq!(rule_issues(&above).len(), 1, "{above}");
}

#[test]
fn houses_are_no_family() {
    // Jigsaw regions and samurai grids only lay out the board; the classic worked example has
    // no rules at all beyond them.
    for line in VARIANTS.lines().filter(|l| l.starts_with('{')) {
        let doc: Value = serde_json::from_str(line).unwrap();
        let title = doc["meta"]["title"].as_str().unwrap_or("").to_string();
        if title.contains("jigsaw") || title.contains("samurai") {
            let card = rate(&doc, r#"{"barely_used": {"limit": 100}}"#);
            assert_eq!(rule_issues(&card), [], "{title}: {card}");
        }
    }
    let card = rate(&classic_document(WORKED, Vec::new()), r#"{"barely_used": {"limit": 100}}"#);
    assert_eq!(rule_issues(&card), [], "{card}");
}

fn solve(doc: &Value) -> Vec<u32> {
    let opts = r#"{"limit": 2, "solution": true}"#;
    let v: Value = serde_json::from_str(&count_json(&doc.to_string(), Some(opts))).unwrap();
    let s = v["solution"].as_str().unwrap_or_else(|| panic!("{v}"));
    s.chars().map(|c| c.to_digit(10).unwrap()).collect()
}
