//! Helpers shared by the explanation tests.

use serde_json::Value;

/// The result a step's short sentence starts with: "r3c5 = 4" per placement, "r6c6, r7c6 ≠ 3" per
/// eliminated digit, joined by "; ".
pub fn result_of(step: &Value) -> String {
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
