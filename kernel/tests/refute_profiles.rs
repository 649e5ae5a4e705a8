//! The technique-free search effort's refutation profile against rc1's own
//! (data/fixtures/rc1-refute-profiles.jsonl, written by tools/rc1-oracle/refuteprofiles.py from
//! pencilmark 1.0.0rc1, MIT): at every stuck point of every reference card's puzzle, the
//! candidates on the grid (C), the candidates refuted fastest (R) and how many placements their
//! refutation made (depth) must be rc1's, in the same order.

use pencilmark::board::Geometry;
use pencilmark::budget::Budget;
use pencilmark::model::refute;
use pencilmark::techniques::State;
use serde_json::Value;
use std::path::PathBuf;

#[test]
fn refutation_profiles_are_rc1s() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/fixtures/rc1-refute-profiles.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut cards, mut with_points, mut differ) = (0, 0, Vec::new());
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let p = pencilmark::format::read(v["puzzle"].as_str().unwrap()).unwrap();
        let solution = pencilmark::solve(&p, None).unwrap();
        let geo = Geometry::<2>::new(p.board());
        let start = State::new(&geo, p.givens()).unwrap();
        let ours: Vec<(u64, u64, u64)> =
            refute::profile(&geo, Budget::UNLIMITED, &start, &solution, refute::DEFAULT_LIMIT)
                .iter()
                .map(|s| (s.candidates as u64, s.shortest as u64, s.length as u64))
                .collect();
        let theirs: Vec<(u64, u64, u64)> = v["profile"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                let n = |i: usize| x[i].as_u64().unwrap();
                // rc1 writes a guess (nothing refuted) as depth 30 with its fourth field set.
                (n(0), n(1), if n(3) == 1 { 0 } else { n(2) })
            })
            .collect();
        cards += 1;
        with_points += usize::from(!theirs.is_empty());
        if ours != theirs {
            differ.push(format!("{}: rc1 {theirs:?} ours {ours:?}", v["source"]));
        }
    }
    assert_eq!(cards, 197);
    assert!(with_points >= 90, "{with_points} puzzles with stuck points");
    assert!(differ.is_empty(), "{} of {cards} profiles differ:\n{}", differ.len(), differ.join("\n"));
}
