//! The card's `se` field (Sudoku Explainer-style ratings): its shape, null off classic 9x9, and
//! its agreement with Sudoku Explainer's own ratings (../shared/data/puzzles/classic-se-rated.tsv,
//! evaluation only; skipped with a note where that file is absent).

use pencilmark::{RateOptions, rate_str};
use serde_json::Value;
use std::path::PathBuf;

fn se_of(puzzle: &str) -> Value {
    let opts = RateOptions::with_fields(&["se"]).unwrap();
    let card: Value = serde_json::from_str(&rate_str(puzzle, &opts).unwrap().to_json()).unwrap();
    card["se"].clone()
}

#[test]
fn singles_and_the_worked_example() {
    // Hidden singles only, some in a row or column (1.5), the first in a box (1.2).
    let easy = se_of("4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1");
    assert_eq!(easy["scale"], "classic");
    assert!([1.2, 1.5].contains(&easy["er"].as_f64().unwrap()), "{easy}");
    // The spec's worked example needs an X-Wing (3.2) on SE's way too.
    let worked = se_of("....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......");
    assert_eq!(worked["er"], 3.2, "{worked}");
    assert!(
        worked["ep"].as_f64().unwrap() <= 3.2
            && worked["ed"].as_f64().unwrap() <= worked["ep"].as_f64().unwrap()
    );
}

#[test]
fn null_off_classic_nine() {
    let jigsaw =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/examples/variants.jsonl"))
            .unwrap()
            .lines()
            .find(|l| l.starts_with('{'))
            .unwrap()
            .to_string();
    assert_eq!(se_of(&jigsaw), Value::Null);
    let four = "1...............";
    let opts = RateOptions::with_fields(&["se"]).unwrap();
    if let Ok(card) = rate_str(four, &opts) {
        assert!(card.to_json().contains("\"se\":null"));
    }
}

/// ER within 0.3 of SE's rating, per rating, on every 25th row: a guard against regressions, with
/// the floors this build reaches (docs/status.md gives the full table).
#[test]
fn agreement_with_sudoku_explainer() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles/classic-se-rated.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    let (mut easy, mut easy_ok, mut all, mut all_ok) = (0, 0, 0, 0);
    for line in text.lines().skip(1).step_by(25) {
        let f: Vec<&str> = line.split('\t').collect();
        let (lo, hi): (f64, f64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let er = se_of(f[0])["er"].as_f64().unwrap();
        let ok = er >= lo - 0.301 && er <= hi + 0.301;
        all += 1;
        all_ok += ok as usize;
        if hi <= 3.8 {
            easy += 1;
            easy_ok += ok as usize;
        }
    }
    eprintln!("ER within 0.3: {all_ok}/{all}; rated up to 3.8: {easy_ok}/{easy}");
    assert!(easy_ok * 100 >= easy * 90, "{easy_ok}/{easy}");
    assert!(all_ok * 100 >= all * 40, "{all_ok}/{all}");
}
