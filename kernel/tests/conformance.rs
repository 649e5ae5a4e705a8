//! Conformance with the reference cards (data/fixtures/reference-cards-7band.jsonl: cards of
//! pencilmark 1.0.0rc1 re-mapped to the 7 bands).

use pencilmark::{RateOptions, rate_str};
use serde_json::Value;
use std::path::PathBuf;

struct Reference {
    source: String,
    puzzle: String,
    card: Value,
}

fn references() -> Vec<Reference> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/fixtures/reference-cards-7band.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            Reference {
                source: v["source"].as_str().unwrap().to_string(),
                puzzle: v["puzzle"].as_str().unwrap().to_string(),
                card: v["card"].clone(),
            }
        })
        .collect()
}

/// (code, chip) of each contains entry.
fn chips(card: &Value) -> Vec<(String, String)> {
    card["contains"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["code"].as_str().unwrap().to_string(), e["chip"].as_str().unwrap().to_string()))
        .collect()
}

/// The hardest band this build rates (every classic technique up to it is searched).
fn rated_bands() -> u64 {
    pencilmark::techniques::rated_max_band() as u64
}

/// Per reference band: (cards, band agrees, band + contains codes and chips agree).
fn agreement() -> [(usize, usize, usize); 7] {
    let opts = RateOptions::with_fields(&["band", "band_index", "contains"]).unwrap();
    let mut per_band = [(0, 0, 0); 7];
    for r in references().iter().filter(|r| r.card["band_index"].as_u64().unwrap() <= rated_bands()) {
        let band = r.card["band_index"].as_u64().unwrap() as usize;
        per_band[band].0 += 1;
        let ours: Value = match rate_str(&r.puzzle, &opts) {
            Ok(card) => serde_json::from_str(&card.to_json()).unwrap(),
            Err(e) => {
                eprintln!("  {}: error {e}", r.source);
                continue;
            }
        };
        if ours["band"] == r.card["band"] {
            per_band[band].1 += 1;
        }
        if ours["band"] == r.card["band"] && chips(&ours) == chips(&r.card) {
            per_band[band].2 += 1;
        } else {
            eprintln!(
                "  {}: ours {} {:?}, reference {} {:?}",
                r.source,
                ours["band"],
                chips(&ours),
                r.card["band"],
                chips(&r.card)
            );
        }
    }
    per_band
}

fn share(
    per_band: &[(usize, usize, usize)],
    bands: std::ops::RangeInclusive<usize>,
    pick: fn(&(usize, usize, usize)) -> usize,
) -> f64 {
    let (n, k) = bands.fold((0, 0), |(n, k), b| (n + per_band[b].0, k + pick(&per_band[b])));
    k as f64 / n.max(1) as f64
}

/// Issue 4 asks for 90% agreement of band, contains codes and chips up to Very Hard. Hard and Very
/// Hard differ mostly in alternatives (chips), which depend on which shape the reference writes a
/// chain under (a hash of the position). README.md quotes the shares.
#[test]
fn band_and_contains_agree_with_the_reference() {
    let per_band = agreement();
    for (b, (n, band_ok, all_ok)) in per_band.iter().enumerate().filter(|(_, t)| t.0 > 0) {
        eprintln!("band {b}: {n} cards, band agrees on {band_ok}, band + contains on {all_ok}");
    }
    let top = rated_bands() as usize;
    assert!(
        per_band[..=top.min(2)].iter().map(|t| t.0).sum::<usize>() >= 100,
        "the fixture covers the bands"
    );
    let easy = share(&per_band, 0..=top.min(2), |t| t.2);
    assert!(easy >= 0.9, "band + contains up to Medium: {easy:.3} below 90%");
    let bands = share(&per_band, 0..=top, |t| t.1);
    assert!(bands >= 0.95, "band alone: {bands:.3} below 95%");
    // Issue 4's measure covers the bands up to Very Hard; Expert cards (band 5) are checked for
    // their band in expert_conformance.rs, and their contains is reported above.
    let top = top.min(4);
    let all = share(&per_band, 0..=top, |t| t.2);
    assert!(all >= 0.9, "band + contains up to band {top}: {all:.3} below 90%");
}

/// Every classic technique of every band is searched, so no classic puzzle is refused for want
/// of a technique (trial by full search, Extreme, is the last resort).
#[test]
fn every_band_is_rated() {
    assert_eq!(rated_bands(), 6);
}

#[test]
fn cards_are_deterministic() {
    let opts = RateOptions::with_fields(&["band", "contains", "steps"]).unwrap();
    for r in references().iter().take(40) {
        let a = rate_str(&r.puzzle, &opts).map(|c| c.to_json());
        let b = rate_str(&r.puzzle, &opts).map(|c| c.to_json());
        assert_eq!(a, b, "{}", r.source);
    }
}

/// The worked example of grade-card-format.txt: its band and contains exactly.
#[test]
fn worked_example() {
    let card = rate_str(
        "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......",
        &RateOptions::default(),
    )
    .unwrap();
    let json: Value = serde_json::from_str(&card.to_json()).unwrap();
    assert_eq!(json["band"], "Hard");
    let expected: Value = serde_json::from_str(
        r#"[{"code": "HSI", "chip": "HSI", "name": "Hidden Single", "band": 0},
            {"code": "NSI", "chip": "NSI", "name": "Naked Single", "band": 1},
            {"code": "NPR", "chip": "NPR/HPR", "name": "Naked Pair", "band": 2, "alternatives": ["HPR"], "uses": 1},
            {"code": "XWG", "chip": "XWG/KTE/SCL/MCH", "name": "X-Wing", "band": 3, "alternatives": ["KTE", "SCL", "MCH"], "uses": 1}]"#,
    )
    .unwrap();
    assert_eq!(json["contains"], expected);
}
