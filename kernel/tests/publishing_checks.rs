//! The publishing checks (grade-card-format.txt section 4): each check on a real puzzle, the
//! quality object's limits and severities, the two flags, and the `unusual` ranges read back from
//! kernel/data/published_ranges.csv.

use pencilmark::rate_json;
use serde_json::Value;

const EXAMPLES: &str = include_str!("../../data/examples/classic.txt");
const WORKED: &str = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
/// classic-hardest-1106.txt: Extreme, solved with forcing nets.
const HARDEST: &str = "1.......9.4...3.8...2...6...7..58.......2.......7.4.5...6...2...3.8...7.9.......1";
/// A grid with one cell open: 99% given.
const NEARLY_DONE: &str = ".13298576587361294692574138376189425821453967945627813168742359734915682259836741";

fn card(puzzle: &str, quality: &str) -> Value {
    let opts = format!(
        r#"{{"fields": ["band", "difficulty", "time", "issues", "reject", "warning"], "quality": {quality}}}"#
    );
    serde_json::from_str(&rate_json(puzzle, Some(&opts))).unwrap()
}

fn codes(c: &Value) -> Vec<(String, String)> {
    c["issues"]
        .as_array()
        .unwrap_or_else(|| panic!("{c}"))
        .iter()
        .map(|i| (i["code"].as_str().unwrap().to_string(), i["severity"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn trivial_and_its_quality() {
    let c = card(NEARLY_DONE, "{}");
    assert_eq!(codes(&c), [("trivial".to_string(), "reject".to_string())], "{c}");
    assert_eq!((c["reject"].as_bool(), c["warning"].as_bool()), (Some(true), Some(false)));
    assert!(c["issues"][0]["text"].as_str().unwrap().starts_with("99% of the cells are given"), "{c}");
    let off = card(NEARLY_DONE, r#"{"trivial": {"severity": "off"}}"#);
    assert_eq!(codes(&off), [], "{off}");
    assert_eq!(off["reject"], false);
    let soft = card(NEARLY_DONE, r#"{"trivial": {"severity": "warning"}}"#);
    assert_eq!(soft["warning"], true);
    let raised = card(NEARLY_DONE, r#"{"trivial": {"limit": 1}}"#);
    assert_eq!(codes(&raised), [], "{raised}");
}

#[test]
fn trial_on_an_extreme_puzzle() {
    let c = card(HARDEST, "{}");
    assert_eq!(c["band"], "Extreme");
    assert!(codes(&c).contains(&("trial".into(), "warning".into())), "{c}");
    assert_eq!(c["warning"], true);
    let rejected = card(HARDEST, r#"{"trial": {"severity": "reject"}}"#);
    assert_eq!(rejected["reject"], true, "{rejected}");
}

#[test]
fn spike_and_tedious_at_their_limits() {
    // The worked example is Hard: its three hardest steps carry some share of its effort, which a
    // limit of 0 exceeds and a limit of 1 never does.
    let c = card(WORKED, r#"{"spike": {"limit": 0}}"#);
    assert!(codes(&c).contains(&("spike".into(), "warning".into())), "{c}");
    assert_eq!(codes(&card(WORKED, r#"{"spike": {"limit": 1}}"#)), []);
    // An Easy puzzle is tedious past 0 minutes, not past a day.
    let easy = EXAMPLES.lines().nth(1).unwrap();
    let c = card(easy, r#"{"tedious": {"limit": 0}, "unusual": {"severity": "off"}}"#);
    assert_eq!(c["band"], "Easy");
    assert_eq!(codes(&c), [("tedious".into(), "warning".into())], "{c}");
    assert_eq!(codes(&card(easy, r#"{"tedious": {"limit": 1440}, "unusual": {"severity": "off"}}"#)), []);
    // Not for the Hard worked example.
    assert!(!codes(&card(WORKED, r#"{"tedious": {"limit": 0}}"#)).iter().any(|(c, _)| c == "tedious"));
}

/// `unusual` fires exactly where the difficulty is outside the published range of its band.
#[test]
fn unusual_follows_the_published_ranges() {
    let csv = include_str!("../data/published_ranges.csv");
    let ranges: Vec<(String, Option<f64>, Option<f64>)> = csv
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].to_string(), f[2].parse().ok(), f[3].parse().ok())
        })
        .collect();
    assert_eq!(ranges.len(), 7);
    let mut fired = 0;
    for line in EXAMPLES.lines().take(6).chain([WORKED, HARDEST, NEARLY_DONE]) {
        let c = card(line, "{}");
        let d = c["difficulty"].as_f64().unwrap();
        let (_, low, high) = ranges.iter().find(|r| r.0 == c["band"]).unwrap();
        let outside = low.is_some_and(|l| d < l) || high.is_some_and(|h| d > h);
        let has = codes(&c).contains(&("unusual".into(), "reject".into()));
        assert_eq!(outside, has, "{c}");
        fired += has as usize;
    }
    assert!(fired >= 1, "the example file holds an Easy puzzle below the Easy range");
}

#[test]
fn bad_quality_objects_are_invalid_options() {
    for q in [
        r#"{"trivia": {"limit": 1}}"#,
        r#"{"trivial": {"limit": -1}}"#,
        r#"{"trivial": {"limit": "1"}}"#,
        r#"{"trial": {"limit": 1}}"#,
        r#"{"trial": {"severity": "loud"}}"#,
        r#"{"trial": {"colour": "red"}}"#,
        r#"{"trial": true}"#,
        r#"[]"#,
    ] {
        let c = card(WORKED, q);
        assert_eq!(c["kind"], "invalid", "{q}: {c}");
    }
}

/// Only asked-for fields appear, and asking for the flags alone runs the checks.
#[test]
fn flags_without_the_list() {
    let out = rate_json(NEARLY_DONE, Some(r#"{"fields": ["reject"]}"#));
    assert!(out.ends_with(r#""reject":true}"#), "{out}");
    assert!(!out.contains("issues"));
    let default = rate_json(NEARLY_DONE, None);
    assert!(!default.contains("issues") && !default.contains("reject"), "{default}");
}
