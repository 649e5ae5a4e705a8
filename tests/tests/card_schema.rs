//! Every card the library produces, with every field and option the tests use, validates against
//! the card's JSON Schema (`schemas/sudoku-grade.schema.json`, the 1.1.0 card format). The CLI's
//! records are these cards with a `"line"` key added; the C ABI returns the library's text.

use serde_json::Value;
use std::path::Path;

fn repo(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&repo("schemas/sudoku-grade.schema.json")).unwrap();
    jsonschema::draft202012::new(&schema).expect("the schema compiles")
}

/// Puzzles of every kind the examples and samples hold: classic lines, house-only variants and
/// every 25th sampled classic (Very Easy to Extreme).
fn puzzles() -> Vec<String> {
    let mut out: Vec<String> = repo("data/examples/classic.txt")
        .lines()
        .chain(repo("data/examples/variants.jsonl").lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let sample = repo("data/samples/classic-unique.tsv");
    out.extend(sample.lines().skip(1).step_by(25).map(|l| l.split('\t').next().unwrap().to_owned()));
    // A complete grid and a grid with one open cell.
    out.push("534678912672195348198342567859761423426853791713924856961537284287419635345286179".into());
    out.push("534678912672195348198342567859761423426853791713924856961537284287419635345286.79".into());
    out
}

const EVERY_FIELD: &str = "difficulty,time,time_mean,time_dist,band,band_index,contains,stopped_at_step,completed,\
elapsed,issues,reject,warning,se,steps,describe,symmetry,time_p1,time_p10,time_p50,time_p80,time_p99";

fn options() -> Vec<String> {
    let fields: Vec<String> = EVERY_FIELD.split(',').map(|f| format!("\"{f}\"")).collect();
    let all = fields.join(",");
    vec![
        String::new(),
        format!(r#"{{"fields":[{all}],"explain":true,"max_seconds":60}}"#),
        format!(r#"{{"fields":[{all}],"alternatives":false,"allow_guessing":true}}"#),
        r#"{"steps":true,"se":true}"#.into(),
        r#"{"fields":["band","steps"],"explain":"notation"}"#.into(),
        // A limit so small that the route or the numbers are cut: band Unknown, null numbers.
        format!(r#"{{"fields":[{all}],"max_seconds":0.000001}}"#),
    ]
}

#[test]
fn every_card_validates_against_the_schema() {
    let schema = validator();
    let mut cards = 0;
    let mut keys = std::collections::BTreeSet::new();
    for p in &puzzles() {
        for o in &options() {
            let text = pencilmark::rate_json(p, Some(o));
            let v: Value = serde_json::from_str(&text).unwrap();
            if v.get("error").is_some() {
                continue;
            }
            let problems: Vec<String> =
                schema.iter_errors(&v).map(|e| format!("{e} at {}", e.instance_path)).collect();
            assert!(problems.is_empty(), "{p} with {o}: {problems:?}\n{text}");
            keys.extend(v.as_object().unwrap().keys().cloned());
            cards += 1;
        }
    }
    assert!(cards > 100, "{cards} cards");
    // Every field of the card was produced somewhere (so the schema checked each).
    for f in EVERY_FIELD.split(',') {
        assert!(keys.contains(f) || f == "stopped_at_step", "{f} never produced");
    }
}

#[test]
fn the_schema_refuses_what_the_card_format_does_not_allow() {
    let schema = validator();
    let card = pencilmark::rate_json(
        "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......",
        Some(r#"{"steps":true,"fields":["band","band_index","contains"]}"#),
    );
    let good: Value = serde_json::from_str(&card).unwrap();
    assert!(schema.is_valid(&good));
    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        schema.is_valid(&v)
    };
    assert!(!broken(&|v| v["band"] = "Expertish".into()));
    assert!(!broken(&|v| v["band_index"] = 7.into()));
    assert!(!broken(&|v| v["contains"][0]["band"] = 9.into()));
    assert!(!broken(&|v| v["steps"][0]["placement"] = "r1c1:3".into()));
    assert!(!broken(&|v| v["steps"][0]["explanation"].as_object_mut().unwrap().clear()));
    assert!(!broken(&|v| v["surprise"] = true.into()));
    assert!(!broken(&|v| v["time_p100"] = 3.0.into()));
}
