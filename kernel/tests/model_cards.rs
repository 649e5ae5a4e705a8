//! Difficulty and time on the card (issue 6): the worked example of grade-card-format.txt, the
//! default fields and their order, the spread fields, rounding, and grader-model overrides.

use pencilmark::{RateOptions, rate_json, rate_str};
use serde_json::Value;

const WORKED: &str = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";

fn card(puzzle: &str, opts_json: &str) -> Value {
    serde_json::from_str(&rate_json(puzzle, Some(opts_json))).unwrap()
}

/// The card's top-level keys, in the order they are written.
fn keys_in_order(puzzle: &str, opts_json: &str) -> Vec<String> {
    let text = rate_json(puzzle, Some(opts_json));
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut keys: Vec<(usize, String)> = v
        .as_object()
        .unwrap()
        .keys()
        .map(|k| (text.find(&format!("\"{k}\":")).unwrap(), k.clone()))
        .collect();
    keys.sort();
    keys.into_iter().map(|(_, k)| k).collect()
}

#[test]
fn worked_example_difficulty_and_time() {
    let c = card(WORKED, "");
    let keys = keys_in_order(WORKED, "");
    assert_eq!(keys, ["format", "format_version", "grader", "difficulty", "time", "band", "contains"]);
    let d = c["difficulty"].as_f64().unwrap();
    let t = c["time"].as_f64().unwrap();
    eprintln!("worked example: difficulty {d} (spec 5.9), time {t} (spec 10.7)");
    // The spec's card: 5.9 and 10.7, as rounded on the card.
    assert_eq!(d, 5.9, "difficulty");
    assert_eq!(t, 10.7, "time");
    assert_eq!(c["band"], "Hard");
}

#[test]
fn numbers_are_rounded_as_the_spec_says() {
    let opts = r#"{"fields": ["difficulty", "time", "time_mean", "time_p80", "time_p20", "time_dist"]}"#;
    let c = card(WORKED, opts);
    for k in ["difficulty", "time", "time_mean", "time_p80", "time_p20"] {
        let v = c[k].as_f64().unwrap();
        assert_eq!((v * 10.0).round() / 10.0, v, "{k} = {v}");
    }
    assert_eq!(
        keys_in_order(WORKED, opts),
        [
            "format",
            "format_version",
            "grader",
            "difficulty",
            "time",
            "time_mean",
            "time_p20",
            "time_p80",
            "time_dist"
        ]
    );
    assert_eq!(c["time_dist"]["type"], "lognormal");
    assert_eq!(c["time_dist"]["sigma_players"], 0.79);
    assert_eq!(c["time_dist"]["sigma_model"], 0.33);
    let (t, p20, p80, mean) = (
        c["time"].as_f64().unwrap(),
        c["time_p20"].as_f64().unwrap(),
        c["time_p80"].as_f64().unwrap(),
        c["time_mean"].as_f64().unwrap(),
    );
    assert!(p20 < t && t < mean && mean < p80, "{p20} {t} {mean} {p80}");
    // 80% of players within median x exp(0.79 x 0.8416).
    assert!((p80 / t - (0.79f64 * 0.841_621).exp()).abs() < 0.02, "{p80} / {t}");
    assert!((p20 * p80 / (t * t) - 1.0).abs() < 0.02);
}

#[test]
fn percentile_fields_parse() {
    assert!(RateOptions::with_fields(&["time_p1", "time_p99", "time_p50"]).is_ok());
    for bad in ["time_p0", "time_p100", "time_p080", "time_px"] {
        assert!(RateOptions::with_fields(&[bad]).is_err(), "{bad}");
    }
}

#[test]
fn a_nearly_finished_grid_is_about_two_tenths() {
    let p = ".13298576587361294692574138376189425821453967945627813168742359734915682259836741";
    let c = card(p, "");
    let d = c["difficulty"].as_f64().unwrap();
    assert!((0.1..=0.4).contains(&d), "{d}");
    assert!(c["time"].as_f64().unwrap() > 0.0);
}

#[test]
fn grader_model_overrides() {
    let base = card(WORKED, "")["difficulty"].as_f64().unwrap();
    let scaled = card(WORKED, r#"{"grader_model": {"score.map.A": "x1.2"}}"#)["difficulty"].as_f64().unwrap();
    assert!(scaled > base, "{scaled} vs {base}");
    let t = card(WORKED, r#"{"grader_model": {"time.minutes_per_unit": 23.6}}"#)["time"].as_f64().unwrap();
    let t0 = card(WORKED, "")["time"].as_f64().unwrap();
    assert!((t / t0 - 2.0).abs() < 0.02, "{t} vs {t0}");
    for bad in [r#"{"grader_model": {"score.nope": 1}}"#, r#"{"grader_model": {"score.beta": "y2"}}"#] {
        let c = card(WORKED, bad);
        assert!(c["error"].as_str().unwrap().contains("grader_model"), "{c}");
    }
    let m = pencilmark::model::GraderModel::shipped();
    assert!(m.get("score.map.A").is_some_and(|a| (a - 0.8258).abs() < 1e-3));
    assert!(m.names().len() > 50);
}

/// The route prices order the band route's moves (issue 29: overrides reach every route): on
/// a Hard puzzle of top1465, scaling one route price changes the steps and the techniques the
/// card lists, and a later rate without overrides gets the shipped route back.
#[test]
fn route_price_overrides_reach_the_band_route() {
    let puzzle = ".....45..6.47...9..1...8.4....59.....5....938..7...........23..1..4...567.6......";
    let fields = r#""fields": ["steps", "contains", "band"]"#;
    let base = card(puzzle, &format!("{{{fields}}}"));
    let scaled = card(puzzle, &format!(r#"{{{fields}, "grader_model": {{"route.theta.12": "x10"}}}}"#));
    assert!(base["steps"].as_array().is_some_and(|s| !s.is_empty()), "{base}");
    assert_ne!(base["steps"], scaled["steps"]);
    assert_ne!(base["contains"], scaled["contains"]);
    // The difficulty prices are another set: scaling the same price there leaves the route alone.
    let price_only = card(puzzle, &format!(r#"{{{fields}, "grader_model": {{"price.theta.12": "x10"}}}}"#));
    assert_eq!(base["steps"], price_only["steps"]);
    assert_eq!(base, card(puzzle, &format!("{{{fields}}}")));
}

/// Every parameter at the ends of its override range still gives a card with finite numbers;
/// beyond the range, and for values that are not finite, the options are refused (kind invalid).
#[test]
fn grader_model_overrides_stay_in_range() {
    let names: Vec<String> =
        pencilmark::model::GraderModel::shipped().names().into_iter().map(|(n, _)| n).collect();
    for name in &names {
        for factor in ["x10", "x0.1", "x1"] {
            let opts = format!(
                r#"{{"fields": ["band", "difficulty", "time", "time_p90"], "grader_model": {{"{name}": "{factor}"}}}}"#
            );
            let c = card(WORKED, &opts);
            // A parameter fitted at 0 only accepts 0 (x1).
            if c.get("error").is_some() {
                assert_eq!(
                    pencilmark::model::GraderModel::shipped().get(name),
                    Some(0.0),
                    "{name} {factor}: {c}"
                );
                continue;
            }
            for key in ["difficulty", "time", "time_p90"] {
                let v = c[key].as_f64().unwrap_or_else(|| panic!("{name} {factor}: {key} is {}", c[key]));
                assert!(v.is_finite() && v >= 0.0, "{name} {factor}: {key} = {v}");
            }
        }
        for bad in [
            r#""x-1""#,
            r#""x1e308""#,
            r#""x10.5""#,
            r#""x0.09""#,
            r#""x0""#,
            "1e308",
            r#""xNaN""#,
            r#""xinf""#,
        ] {
            let c = card(WORKED, &format!(r#"{{"grader_model": {{"{name}": {bad}}}}}"#));
            assert_eq!(c["kind"], "invalid", "{name} = {bad}: {c}");
            assert!(c["error"].as_str().unwrap().contains(name.as_str()), "{c}");
        }
    }
}

#[test]
fn model_is_deterministic() {
    let opts = RateOptions::with_fields(&["difficulty", "time", "time_p90"]).unwrap();
    let a = rate_str(WORKED, &opts).unwrap().to_json();
    let b = rate_str(WORKED, &opts).unwrap().to_json();
    assert_eq!(a, b);
}

#[test]
fn difficulty_is_positive_even_on_a_complete_grid() {
    // grade-card-format.txt: difficulty is positive, a nearly finished grid about 0.2.
    let full = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let one_open = "534678912672195348198342567859761423426853791713924856961537284287419635345286.79";
    let d = |p: &str| card(p, r#"{"fields":["difficulty","band"]}"#)["difficulty"].as_f64().unwrap();
    assert!(d(full) > 0.0);
    assert!(d(full) <= d(one_open), "{} {}", d(full), d(one_open));
    assert_eq!(card(full, r#"{"fields":["band"]}"#)["band"], "Very Easy");
}

#[test]
fn shorthands_steps_and_se() {
    // grade-card-format.txt section 2: steps=True = the steps with every level; se=True = se.
    let worked = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
    let c = card(worked, r#"{"fields":["band"],"steps":true,"se":true}"#);
    assert_eq!(c["band"], "Hard");
    assert!(c["se"]["er"].as_f64().unwrap() > 0.0, "{c}");
    let first = &c["steps"][0]["explanation"];
    for level in ["notation", "short", "teach"] {
        assert!(first[level].is_string(), "{level} missing: {first}");
    }
    // Off is off, and the shorthands are checked like every option.
    let plain = card(worked, r#"{"fields":["band"],"steps":false,"se":false}"#);
    assert!(plain.get("steps").is_none() && plain.get("se").is_none(), "{plain}");
    assert!(card(worked, r#"{"steps":"yes"}"#)["error"].is_string());
}
