//! Fuzzes the whole rating path as the C ABI's pm_rate takes it (`rate_json`: read, prove unique,
//! route, model, card with every field): it must never panic and always return one JSON object,
//! a card or an error with a kind. The first byte picks the options; each rating is bounded by
//! max_seconds so that one input never runs for long.
#![no_main]

use libfuzzer_sys::fuzz_target;

const OPTIONS: [&str; 4] = [
    r#"{"max_seconds": 0.2}"#,
    r#"{"max_seconds": 0.2, "fields": ["band", "difficulty", "time_p90", "contains", "issues", "reject", "se", "describe", "symmetry"], "explain": true}"#,
    r#"{"max_seconds": 0.2, "allow_guessing": true, "alternatives": false, "quality": {"trivial": {"limit": 0.1}}}"#,
    r#"{"max_seconds": 0.2, "fields": ["steps"], "grader_model": {"score.map.A": "x2"}}"#,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let out = pencilmark::rate_json(text, Some(OPTIONS[usize::from(pick) % OPTIONS.len()]));
    let v: serde_json::Value = serde_json::from_str(&out).expect("rate_json returns JSON");
    assert!(v.get("format").is_some() != v.get("error").is_some(), "a card or an error: {out}");
    if v.get("error").is_some() {
        assert!(v["kind"].is_string(), "an error names its kind: {out}");
    }
});
