//! A rating is a function of its inputs (issue 29 item 2; the C header's thread-safety sentence):
//! cards rated on several threads at once, each in its own order and some with grader_model
//! overrides, are byte-identical to the same cards rated one by one on the main thread.

use pencilmark::rate_json;

const CARDS: &str = include_str!("../../data/fixtures/reference-cards-7band.jsonl");

/// One puzzle of each band from Very Easy to Hard (the test runs unoptimised too) and the spec's
/// worked example.
fn puzzles() -> Vec<String> {
    let mut seen = Vec::new();
    let mut out =
        vec!["....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......".to_string()];
    for line in CARDS.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let band = v["card"]["band"].as_str().unwrap().to_string();
        if band != "Very Hard" && !seen.contains(&band) {
            seen.push(band);
            out.push(v["puzzle"].as_str().unwrap().to_string());
        }
    }
    out
}

const OPTIONS: [&str; 3] = [
    r#"{"fields": ["difficulty", "time", "band", "contains", "se", "steps"], "explain": ["short"]}"#,
    r#"{"grader_model": {"score.map.A": "x1.2", "time.minutes_per_unit": 23.6}}"#,
    r#"{"fields": ["band", "time_p80", "issues", "describe", "symmetry"]}"#,
];

#[test]
fn cards_rated_on_many_threads_equal_cards_rated_alone() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 5, "{} puzzles", puzzles.len());
    let jobs: Vec<(usize, usize)> =
        (0..puzzles.len()).flat_map(|p| (0..OPTIONS.len()).map(move |o| (p, o))).collect();
    let alone: Vec<String> = jobs.iter().map(|&(p, o)| rate_json(&puzzles[p], Some(OPTIONS[o]))).collect();
    // An override on one job must not reach another: the overridden cards differ from the plain ones.
    assert_ne!(alone[1], rate_json(&puzzles[0], None));
    let threads = 4;
    let together: Vec<Vec<(usize, String)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (jobs, puzzles) = (&jobs, &puzzles);
                s.spawn(move || {
                    // Each thread walks the jobs from its own starting point, half of them backwards.
                    let mut order: Vec<usize> = (0..jobs.len()).map(|i| (i + t * 5) % jobs.len()).collect();
                    if t % 2 == 1 {
                        order.reverse();
                    }
                    order
                        .into_iter()
                        .map(|i| (i, rate_json(&puzzles[jobs[i].0], Some(OPTIONS[jobs[i].1]))))
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, cards) in together.iter().enumerate() {
        assert_eq!(cards.len(), jobs.len());
        for (i, card) in cards {
            assert_eq!(card, &alone[*i], "thread {t}, puzzle {}, options {}", jobs[*i].0, jobs[*i].1);
        }
    }
}
