//! The canonical writer proves uniqueness with a node budget: an adversarial document (a 25x25
//! board whose first row must put 16 cells on 15 digits, which propagation cannot see) gets a
//! clear error instead of a search without end; the budgeted count agrees with the plain one
//! whenever it finishes.

use pencilmark::export::{canonical_text, canonical_text_with_budget};
use pencilmark::format::{fingerprint, read, read_document};
use pencilmark::solve::Solver;
use pencilmark::{Error, RateOptions, rate};

/// An n x n classic (n = b*b) whose first `holes + 1` cells of row 1 can only hold 1..=holes: the
/// digits above `holes` stand in rows 2..b of the boxes those cells are in.
fn pigeonhole(b: usize, holes: usize) -> String {
    let n = b * b;
    let mut g = vec![vec![0usize; n]; n];
    let boxes = (holes + 1).div_ceil(b);
    for bx in 0..boxes {
        let mut used = vec![0usize; b - 1];
        for (k, digit) in (holes + 1..=n).enumerate() {
            let i = (k + bx) % (b - 1);
            g[1 + i][bx * b + used[i]] = digit;
            used[i] += 1;
        }
    }
    let givens: Vec<String> = g.iter().flatten().map(|v| v.to_string()).collect();
    format!(
        r#"{{"format":"sudoku-puzzle","format_version":1,"board":{{"rows":{n},"cols":{n}}},"digits":{n},"givens":[{}],"rules":[{{"type":"box_grid","origin":"r1c1","box":[{b},{b}]}}]}}"#,
        givens.join(",")
    )
}

#[test]
fn export_of_an_adversarial_document_stops_with_an_error() {
    let doc = read_document(&pigeonhole(5, 15)).unwrap();
    let e = canonical_text_with_budget(&doc, 2_000).unwrap_err();
    assert_eq!(e.kind(), pencilmark::ErrorKind::Undecided);
    assert_eq!(
        e.to_string(),
        "undecided: uniqueness not decided within 2000 search nodes (the canonical text holds the solution only \
         when the puzzle has exactly one)"
    );
    // The fingerprint never searches.
    assert!(fingerprint(&doc).unwrap().starts_with("sha256:"));
}

#[test]
fn budgeted_count_stops_and_agrees_when_it_finishes() {
    let p = read(&pigeonhole(5, 15)).unwrap();
    let s = Solver::new(p.board()).unwrap();
    let e = s.count_with_budget(p.givens(), 2, 500).unwrap_err();
    assert_eq!((e.max_nodes, e.found), (500, 0));
    assert_eq!(e.to_string(), "the search ran out of its budget of 500 nodes");
    // Small pigeonholes are decided (no solution) within the budget, as the plain count says.
    let p = read(&pigeonhole(3, 4)).unwrap();
    let s = Solver::new(p.board()).unwrap();
    assert_eq!(s.count_with_budget(p.givens(), 2, 100_000).unwrap(), s.count(p.givens(), 2));
    assert_eq!(s.count(p.givens(), 2).count, 0);
    // A unique 16x16 and a samurai: same count and solution as without a budget.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/exchange/");
    for name in ["classic8", "samurai", "jigsaw9"] {
        let p = read(&std::fs::read_to_string(format!("{dir}{name}.json")).unwrap()).unwrap();
        let s = Solver::new(p.board()).unwrap();
        let c = s.count_with_budget(p.givens(), 2, 1_000_000).unwrap();
        assert_eq!(c, s.count(p.givens(), 2), "{name}");
        assert_eq!(c.count, 1, "{name}");
        // The default budget writes the solution as before.
        assert!(canonical_text(p.document().unwrap()).unwrap().contains("\"solution\""), "{name}");
    }
}

#[test]
fn killer_cages_are_solved_for_the_canonical_text_within_the_budget() {
    // The 4x4 killer of puzzle-format.md 5.6: the rule layer finds its unique solution.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/exchange/");
    let doc = read_document(&std::fs::read_to_string(format!("{dir}spec-example-3-killer4.json")).unwrap())
        .unwrap();
    let text = canonical_text(&doc).unwrap();
    assert!(text.contains(" \"solution\": [\n    1, 2, 3, 4,\n    4, 3, 1, 2,"), "{text}");
    // Undecided within its budget, a puzzle with rules beyond houses is written without a
    // solution (a puzzle of houses only is an error, above): a 9x9 killer of the bench set needs
    // more than one node of search, and gets its solution with the whole budget.
    let set = include_str!("../../data/samples/variants-9x9.jsonl");
    let entry: serde_json::Value = serde_json::from_str(set.lines().next().unwrap()).unwrap();
    assert_eq!(entry["kind"], "killer");
    let mut killer = entry["document"].clone();
    killer.as_object_mut().unwrap().remove("solution");
    let killer = read_document(&killer.to_string()).unwrap();
    assert!(!canonical_text_with_budget(&killer, 1).unwrap().contains("\"solution\""));
    assert!(canonical_text(&killer).unwrap().contains("\"solution\""));
}

#[test]
fn max_seconds_bounds_the_uniqueness_proof_of_a_large_board() {
    // Without a limit this proof runs for hours; with one, the rating stops at the deadline.
    let p = read(&pigeonhole(5, 15)).unwrap();
    let opts = RateOptions { max_seconds: Some(0.2), ..RateOptions::default() };
    let started = std::time::Instant::now();
    assert_eq!(rate(&p, &opts).unwrap_err(), Error::Undecided);
    // Loose bound (the test machine may be busy): the limit stopped it, not a finished search.
    assert!(started.elapsed().as_secs_f64() < 30.0);
    // An 8x8 with a unique solution counts the same under a generous limit.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/exchange/");
    let p = read(&std::fs::read_to_string(format!("{dir}classic8.json")).unwrap()).unwrap();
    let s = Solver::new(p.board()).unwrap();
    let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
    assert_eq!(s.count_until(p.givens(), 2, far).unwrap(), s.count(p.givens(), 2));
}

/// A 16x16 killer of about a hundred cages (two or three cells each, read along the rows in a
/// snake) with sums from a valid grid, once as read and once with one sum off by one: with
/// `max_seconds` each count ends in time with the right verdict (here the grid alone, then no
/// solution, each proved in well under the limit) or `Undecided`, and any solution it returns
/// keeps every cage.
#[test]
fn a_16x16_with_a_hundred_cages_stays_within_max_seconds() {
    let n = 16;
    let value = |r: usize, c: usize| (r * 4 + r / 4 + c) % n + 1;
    let snake: Vec<(usize, usize)> =
        (0..n).flat_map(|r| (0..n).map(move |c| (r, if r % 2 == 0 { c } else { n - 1 - c }))).collect();
    let mut cages: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut rest = &snake[..];
    for size in [2, 3, 2, 3, 2].iter().cycle() {
        if rest.is_empty() {
            break;
        }
        let (cage, tail) = rest.split_at((*size).min(rest.len()));
        cages.push(cage.to_vec());
        rest = tail;
    }
    assert!(cages.len() >= 100, "{} cages", cages.len());
    for off_by in [0, 1] {
        let rules: Vec<String> = cages
            .iter()
            .enumerate()
            .map(|(i, cage)| {
                let sum: usize =
                    cage.iter().map(|&(r, c)| value(r, c)).sum::<usize>() + if i == 40 { off_by } else { 0 };
                let cells: Vec<String> =
                    cage.iter().map(|&(r, c)| format!("\"r{}c{}\"", r + 1, c + 1)).collect();
                format!(r#"{{"type":"cage","sum":{sum},"cells":[{}]}}"#, cells.join(","))
            })
            .collect();
        let doc = format!(
            r#"{{"format":"sudoku-puzzle","format_version":1,"board":{{"rows":16,"cols":16}},"digits":16,"givens":[{}],"rules":[{{"type":"box_grid","origin":"r1c1","box":[4,4]}},{}]}}"#,
            vec!["0"; n * n].join(","),
            rules.join(",")
        );
        let opts = pencilmark::CountOptions { limit: 2, solution: true, max_seconds: Some(0.5) };
        let started = std::time::Instant::now();
        let counted = pencilmark::count_str(&doc, &opts);
        // Loose bound (the test machine may be busy): the limit stopped it, not a finished search.
        assert!(started.elapsed().as_secs_f64() < 30.0, "off by {off_by}");
        eprintln!("off by {off_by}: {:?}", counted.as_ref().map(|c| c.count));
        match counted {
            Ok(c) => {
                assert_eq!(c.count, if off_by == 0 { 1 } else { 0 }, "off by {off_by}");
                if let Some(s) = c.solution {
                    for (i, cage) in cages.iter().enumerate() {
                        let got: usize = cage.iter().map(|&(r, c)| s[r * n + c] as usize).sum();
                        let want: usize = cage.iter().map(|&(r, c)| value(r, c)).sum::<usize>()
                            + if i == 40 { off_by } else { 0 };
                        assert_eq!(got, want, "off by {off_by}: cage {i}");
                    }
                }
            }
            Err(e) => assert_eq!(e, Error::Undecided, "off by {off_by}"),
        }
    }
}

/// The canonical text carries the unique solution of variant puzzles too (the rule layer proves
/// it): one puzzle of each kind of the variant bench set, its solution removed before export.
#[test]
fn export_writes_the_solution_of_variant_puzzles() {
    let set = include_str!("../../data/samples/variants-9x9.jsonl");
    let mut kinds = std::collections::BTreeSet::new();
    for line in set.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let kind = entry["kind"].as_str().unwrap();
        // Little killers and non-consecutive take seconds unoptimised; the rest are quick.
        if matches!(kind, "little_killer" | "nonconsecutive") || !kinds.insert(kind.to_string()) {
            continue;
        }
        let mut doc = entry["document"].clone();
        let want = doc.as_object_mut().unwrap().remove("solution").unwrap();
        let read = read_document(&doc.to_string()).unwrap();
        assert!(read.solution.is_none());
        let canon = read_document(&canonical_text(&read).unwrap()).unwrap();
        let got: Vec<u64> = canon
            .solution
            .unwrap_or_else(|| panic!("{kind}: no solution"))
            .iter()
            .map(|v| u64::from(v.unwrap()))
            .collect();
        let want: Vec<u64> = want.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(got, want, "{kind}");
    }
    assert!(kinds.len() >= 20, "{} kinds", kinds.len());
}
