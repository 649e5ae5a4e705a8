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

/// Puzzles of the Sudoku Exchange puzzle bank (public domain; rated by its makers with Sukaku
/// Explainer, a serate fork), each with SE's rating and the technique that sets it on SE's way:
/// our ER must be that rating exactly.
#[test]
fn each_kind_of_step_at_its_se_value() {
    let cases = [
        // Skyscraper, 2-String Kite: the Turbot family, 4.0 and 4.1.
        ("...75......5.693...8..2..7..4......1821...5976......8..5..3..6...467.1......14...", 4.0),
        ("...5......98.1..635....9..17.3..5....5..4..8....2..3.99..1....662..5.74......6...", 4.1),
        // A unique rectangle, which the band route leaves out: 4.5; a unique loop of 6 cells: 4.6.
        (".8.....3...58.64...4.9.3.6....5.2....6.1.7.9..........718...659.56...84...3...7..", 4.5),
        ("3...4..8192.....5...46..7......8.6..6..4.7..5..2.3......9..85...7.....3954..9...8", 4.6),
        // An X-chain of three strong links, all in lines of one kind: 5.4.
        (".7.....8.5.......49.8...6.1..59.24....34589...9..3..6.2..8.7..3..9...8..3...4...6", 5.4),
        // A WXYZ-Wing: 5.5.
        (".....5..31..432..9.4.......36..8......13.78......1..74.......8.2..973..56..5.....", 5.5),
        // BUG+1: 5.6; BUG type 2 (several cells with the same extra digit): 5.7.
        ("7.......39.85.37.23...4...6..24.59.....9.8.......7....6.......72.3...6.8..7.3.1..", 5.6),
        ("..........12.5.48.4...1...63..869..15.......28..5.1..424..7..39.9.4.2.5...6...2..", 5.7),
        // SE's chains, valued by their kind and their number of implications: a single forcing
        // chain (7.0 and up), Nishio (7.5), cell and region forcing chains (8.0), dynamic ones
        // (8.5).
        ("5.......81...6...4..68.59..7...3...1...5.2......7.4....1.....5..983.174...56.91..", 7.1),
        (".2.....6.6..1....7..1.645....6.2..7...98.62...8..7.3....745.6..9....7..3.6.....8.", 7.7),
        ("5..7.......7.32.1..3...4..28....5.7...3...8...2.9....36..2...8..1.58.9.......3..5", 8.2),
        (".......61.4..7.2.....5.24.81....8..2..4.2.9..8..4....64.72.3.....6.9..2.93.......", 8.7),
        ("75.4...894...97.3...9.......6.9....3...613...1....4.2.......7...1.24...884...5.91", 9.0),
    ];
    for (puzzle, er) in cases {
        assert_eq!(se_of(puzzle)["er"], er, "{puzzle}");
    }
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
    let (mut easy, mut easy_ok, mut mid, mut mid_ok, mut all, mut all_ok) = (0, 0, 0, 0, 0, 0);
    let (mut hard, mut hard_ok) = (0, 0);
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
        } else if hi <= 6.1 {
            mid += 1;
            mid_ok += ok as usize;
        } else if lo >= 8.0 {
            hard += 1;
            hard_ok += ok as usize;
        }
    }
    eprintln!(
        "ER within 0.3: {all_ok}/{all}; rated up to 3.8: {easy_ok}/{easy}; 4.0-6.1: {mid_ok}/{mid}; \
         8.0 and up: {hard_ok}/{hard}"
    );
    assert!(easy_ok * 100 >= easy * 90, "{easy_ok}/{easy}");
    assert!(mid_ok * 100 >= mid * 80, "{mid_ok}/{mid}");
    assert!(hard_ok * 100 >= hard * 90, "{hard_ok}/{hard}");
    assert!(all_ok * 100 >= all * 90, "{all_ok}/{all}");
}
