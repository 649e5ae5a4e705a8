//! The route up to Extreme: every uniquely solvable classic puzzle gets a band and contains
//! (the hardest of the repository's samples, data/samples/classic-unique.tsv, and when
//! ../shared/data/puzzles sits beside the repository, samples of classic-top1465.txt and
//! classic-hardest-1106.txt, deterministically), and the
//! options allow_guessing and max_seconds behave as grade-card-format.txt sections 1-2 say.
//!
//! The samples are small in debug builds (CI) and larger in release (`cargo test --release`).

use pencilmark::{Error, RateOptions, rate_str};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Instant;

/// Evenly spaced puzzle lines of a file in ../shared/data/puzzles (None when it is absent).
fn sample(file: &str, n: usize) -> Option<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles").join(file);
    let text = std::fs::read_to_string(path).ok()?;
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.split('\t').next().unwrap_or("").to_string())
        .filter(|l| l.len() == 81)
        .collect();
    let step = (lines.len() / n.max(1)).max(1);
    Some(lines.into_iter().step_by(step).take(n).collect())
}

/// Options up to Extreme: this test is about bands 5-6 whatever else the build searches.
fn extreme(fields: &[&str]) -> RateOptions {
    let mut o = RateOptions::with_fields(fields).unwrap();
    o.max_band_override = Some(6);
    o
}

fn json(card: &pencilmark::card::Card) -> Value {
    serde_json::from_str(&card.to_json()).unwrap()
}

/// A hard puzzle (classic-hardest-1106.txt): Extreme, its route needs forcing and trial.
const HARDEST: &str = "1.......9.4...3.8...2...6...7..58.......2.......7.4.5...6...2...3.8...7.9.......1";
/// An Expert puzzle (classic-se-rated.tsv line 6980, SE 8.1; the reference card: Expert).
const EXPERT: &str = "....2....9...3...54..6.7..1..7.4.6....48592..2.8...9.4.3.....8....3.2.....9.7.4..";

/// The repository's sample puzzles rated SE `min_se` or more (its source column names the rating).
fn repo_sample_rated_at_least(min_se: f64) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/samples/classic-unique.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let (puzzle, source) = l.split_once('\t')?;
            let se: f64 = source.split_once(" SE ")?.1.parse().ok()?;
            (se >= min_se).then(|| puzzle.to_string())
        })
        .collect()
}

fn every_unique_puzzle_gets_a_band(file: &str, n: usize) {
    let Some(lines) = sample(file, n) else {
        eprintln!(
            "note: ../shared/data/puzzles/{file} not found: skipped (the repository's samples are checked)"
        );
        return;
    };
    all_get_bands(file, &lines);
}

fn all_get_bands(file: &str, lines: &[String]) {
    let opts = extreme(&["band", "band_index", "contains"]);
    let mut rated = 0;
    for line in lines {
        let first = match rate_str(line, &opts) {
            Err(Error::NotUnique { .. }) | Err(Error::NoSolution { .. }) => continue,
            other => other.unwrap_or_else(|e| panic!("{line}: {e}")),
        };
        let card = json(&first);
        let band = card["band_index"].as_u64().unwrap_or_else(|| panic!("{line}: no band: {card}"));
        assert!(band <= 6 && card["band"] != "Unknown", "{line}");
        let contains = card["contains"].as_array().unwrap();
        assert!(!contains.is_empty(), "{line}");
        assert_eq!(contains.iter().map(|e| e["band"].as_u64().unwrap()).max(), Some(band), "{line}");
        let again = rate_str(line, &opts).unwrap().to_json();
        assert_eq!(first.to_json(), again, "{line}: not deterministic");
        rated += 1;
    }
    assert!(rated > 0, "{file}: nothing rated");
}

#[test]
fn hardest_repository_samples_get_bands() {
    let lines = repo_sample_rated_at_least(8.0);
    assert!(lines.len() >= 10, "data/samples/classic-unique.tsv has {} puzzles of SE 8 and up", lines.len());
    let n = if cfg!(debug_assertions) { 3 } else { lines.len() };
    let step = lines.len() / n;
    let picked: Vec<String> = lines.into_iter().step_by(step).take(n).collect();
    all_get_bands("data/samples/classic-unique.tsv", &picked);
}

#[test]
fn top1465_sample_gets_bands() {
    every_unique_puzzle_gets_a_band("classic-top1465.txt", if cfg!(debug_assertions) { 4 } else { 40 });
}

#[test]
fn hardest_1106_sample_gets_bands() {
    every_unique_puzzle_gets_a_band("classic-hardest-1106.txt", if cfg!(debug_assertions) { 2 } else { 12 });
}

#[test]
fn extreme_puzzles_finish_with_trial_and_error_when_needed() {
    let card = json(&rate_str(HARDEST, &extreme(&["band", "band_index", "contains", "steps"])).unwrap());
    assert_eq!(card["band"], "Extreme");
    assert_eq!(card["band_index"], 6);
    assert!(card.get("completed").is_none() && card.get("stopped_at_step").is_none());
    let codes: Vec<&str> =
        card["contains"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
    assert!(codes.iter().any(|c| ["FCH", "FNT", "NFC", "NIS", "POM", "TRL"].contains(c)), "{codes:?}");
    let steps = card["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["placement"].is_string() || s["eliminations"].is_array()));
}

#[test]
fn allow_guessing_stops_where_logic_runs_out() {
    let mut opts = extreme(&["band", "band_index", "contains", "steps"]);
    let full = json(&rate_str(HARDEST, &opts).unwrap());
    opts.allow_guessing = true;
    let card = json(&rate_str(HARDEST, &opts).unwrap());
    if !full["contains"].as_array().unwrap().iter().any(|e| e["code"] == "TRL") {
        // Logic alone finishes this puzzle: the same card.
        assert_eq!(card, full);
        return;
    }
    assert_eq!(card["band"], "Unknown");
    assert!(card["band_index"].is_null());
    assert!(card.get("completed").is_none(), "completed only with max_seconds");
    let stopped = card["stopped_at_step"].as_u64().expect("stopped_at_step") as usize;
    let steps = card["steps"].as_array().unwrap();
    assert_eq!(steps.len() + 1, stopped);
    let listed: Vec<&str> =
        card["contains"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
    assert!(!listed.contains(&"TRL"));
    for s in steps {
        assert!(listed.contains(&s["code"].as_str().unwrap()) || s["code"] == "FHS", "{s}");
    }
    // The route up to the stop is the first route's beginning (steps without contains walk it),
    // and the first route proves by trial and error exactly where logic ran out.
    let first = json(&rate_str(HARDEST, &extreme(&["steps"])).unwrap());
    let first = first["steps"].as_array().unwrap();
    assert_eq!(&first[..steps.len()], &steps[..]);
    assert_eq!(first[steps.len()]["code"], "TRL");
    // stopped_at_step comes with contains, or on its own.
    let alone = json(
        &rate_str(HARDEST, &{
            let mut o = extreme(&["stopped_at_step"]);
            o.allow_guessing = true;
            o
        })
        .unwrap(),
    );
    assert_eq!(alone["stopped_at_step"], stopped as u64);
    assert!(alone.get("contains").is_none());
    // A puzzle logic finishes is not affected.
    let easy = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
    let g = RateOptions { allow_guessing: true, ..RateOptions::default() };
    assert_eq!(rate_str(easy, &g).unwrap(), rate_str(easy, &RateOptions::default()).unwrap());
}

#[test]
fn a_tiny_time_limit_leaves_the_band_unknown() {
    let mut opts = extreme(&["band", "band_index", "contains", "completed"]);
    opts.max_seconds = Some(0.01);
    let card = json(&rate_str(HARDEST, &opts).unwrap());
    assert_eq!(card["completed"], false);
    assert_eq!(card["band"], "Unknown");
    assert!(card["band_index"].is_null());
    assert!(card.get("stopped_at_step").is_none());
    // Whatever was found so far, in band order.
    let bands: Vec<u64> =
        card["contains"].as_array().unwrap().iter().map(|e| e["band"].as_u64().unwrap()).collect();
    assert!(bands.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn a_generous_time_limit_completes_with_the_same_card() {
    let mut opts = extreme(&["band", "band_index", "contains"]);
    let plain = json(&rate_str(EXPERT, &opts).unwrap());
    assert!(plain.get("completed").is_none());
    opts.max_seconds = Some(120.0);
    let mut card = json(&rate_str(EXPERT, &opts).unwrap());
    assert_eq!(card["completed"], true);
    card.as_object_mut().unwrap().remove("completed");
    assert_eq!(card, plain);
}

#[test]
fn the_limit_is_honoured() {
    // The full card of the hardest puzzle takes far longer than the limit (seconds).
    let limit = 0.15;
    let mut opts = extreme(&["band", "contains", "elapsed"]);
    opts.max_seconds = Some(limit);
    let t = Instant::now();
    let card = json(&rate_str(HARDEST, &opts).unwrap());
    let wall = t.elapsed().as_secs_f64();
    assert_eq!(card["completed"], false);
    let elapsed = card["elapsed"].as_f64().unwrap();
    eprintln!("limit {limit} s: card elapsed {elapsed:.4} s, wall {wall:.4} s");
    assert!(elapsed <= wall + 1e-3);
    // 10% in a quiet process; the slack absorbs a loaded test machine.
    assert!(wall < limit * 1.1 + 0.1, "{wall:.3} s for a limit of {limit} s");
}

#[test]
fn a_limit_passed_in_the_list_search_keeps_the_band() {
    // Find a limit that passes after the band route but before the list is final.
    let opts = extreme(&["band", "contains"]);
    let t = Instant::now();
    let full = json(&rate_str(EXPERT, &opts).unwrap());
    let total = t.elapsed().as_secs_f64();
    let mut band_only = extreme(&["band"]);
    let t = Instant::now();
    rate_str(EXPERT, &band_only).unwrap();
    let route = t.elapsed().as_secs_f64();
    if total < 4.0 * route {
        eprintln!("the list search is too short to cut here ({route:.3} s of {total:.3} s): skipped");
        return;
    }
    band_only.fields = vec![pencilmark::card::Field::Band, pencilmark::card::Field::Contains];
    band_only.max_seconds = Some((route * 2.0).max(total / 2.0));
    let card = json(&rate_str(EXPERT, &band_only).unwrap());
    if card["completed"] == false && card["band"] != "Unknown" {
        assert_eq!(card["band"], full["band"]);
    }
}

#[test]
fn options_from_json() {
    let o = RateOptions::from_json(r#"{"max_seconds": 2.5, "allow_guessing": true}"#).unwrap();
    assert_eq!(o.max_seconds, Some(2.5));
    assert!(o.allow_guessing);
    assert_eq!(RateOptions::from_json(r#"{"max_seconds": null}"#).unwrap().max_seconds, None);
    for bad in [r#"{"max_seconds": -1}"#, r#"{"max_seconds": "5"}"#, r#"{"allow_guessing": 1}"#] {
        assert!(matches!(RateOptions::from_json(bad), Err(Error::Options(_))), "{bad}");
    }
    let j =
        pencilmark::rate_json(HARDEST, Some(r#"{"max_seconds": 0.01, "fields": ["band", "band_index"]}"#));
    let v: Value = serde_json::from_str(&j).unwrap();
    assert!(v["band"] == "Unknown" || v["band"] == "Extreme" || v.get("error").is_some(), "{j}");
    assert!(v.get("completed").is_some() || v.get("error").is_some(), "{j}");
}

#[test]
fn a_zero_limit_is_undecided() {
    let opts = RateOptions { max_seconds: Some(0.0), ..RateOptions::default() };
    assert_eq!(rate_str(EXPERT, &opts), Err(Error::Undecided));
    assert!(Error::Undecided.to_string().contains("max_seconds"));
}

#[test]
fn elapsed_on_request() {
    let easy = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
    let card = json(&rate_str(easy, &RateOptions::with_fields(&["band", "elapsed"]).unwrap()).unwrap());
    assert!(card["elapsed"].as_f64().unwrap() >= 0.0);
    assert!(card.get("completed").is_none());
}
