//! Fuzzes the exact solver on whole documents as the C ABI's pm_count takes them (`count_json`:
//! read, compile every rule family into constraints, propagate, search): it must never panic and
//! always return one JSON object, a count or an error with a kind. Variant documents are the
//! point: this is the path of the rule layer (cages, lines, outside clues, global rules). The
//! first byte picks the options; max_seconds bounds each input.
#![no_main]

use libfuzzer_sys::fuzz_target;

const OPTIONS: [&str; 3] = [
    r#"{"max_seconds": 0.2}"#,
    r#"{"max_seconds": 0.2, "limit": 1, "solution": true}"#,
    r#"{"max_seconds": 0.2, "limit": 5}"#,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let out = pencilmark::count_json(text, Some(OPTIONS[usize::from(pick) % OPTIONS.len()]));
    let v: serde_json::Value = serde_json::from_str(&out).expect("count_json returns JSON");
    assert!(v.get("count").is_some() != v.get("error").is_some(), "a count or an error: {out}");
    if v.get("error").is_some() {
        assert!(v["kind"].is_string(), "an error names its kind: {out}");
    }
});
