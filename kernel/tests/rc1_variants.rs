//! 9x9 variant puzzles made by the reference release's generator (pencilmark==1.0.0rc1,
//! `pencilmark.gen`, MIT licence; written by tools/rc1-oracle/gen_variants.py as sudoku-puzzle
//! documents with the generator's solution): the rule layer proves each unique and finds the
//! reference's solution.

use serde_json::Value;

const FIXTURE: &str = include_str!("../../data/fixtures/rc1-generated-variants.jsonl");

#[test]
fn the_reference_generators_puzzles_have_its_solution_and_no_other() {
    let mut kinds = std::collections::BTreeSet::new();
    for line in FIXTURE.lines().filter(|l| !l.trim().is_empty()) {
        let entry: Value = serde_json::from_str(line).unwrap();
        let kind = entry["kind"].as_str().unwrap();
        let doc = entry["document"].to_string();
        let opts = pencilmark::CountOptions { limit: 2, solution: true, max_seconds: Some(60.0) };
        let counted = pencilmark::count_str(&doc, &opts).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(counted.count, 1, "{kind} seed {}", entry["seed"]);
        let ours: String = counted.solution.unwrap().iter().map(|&v| char::from(b'0' + v)).collect();
        assert_eq!(ours, entry["solution"].as_str().unwrap(), "{kind} seed {}", entry["seed"]);
        kinds.insert(kind.to_string());
    }
    assert!(!kinds.is_empty(), "the fixture holds no puzzle");
}
