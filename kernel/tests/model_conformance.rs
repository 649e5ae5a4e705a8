//! Conformance of difficulty and time with the reference release (issue 6): the reference cards
//! (data/fixtures/reference-cards-7band.jsonl, pencilmark 1.0.0rc1 re-mapped to 7 bands) and the
//! rank correlation of our time with real players' mean solve times beside rc1's
//! (../shared/data/puzzles/classic-human-rated.tsv; evaluation only, nothing is fitted on it).
//!
//! Run with `--nocapture` to see the report.

use pencilmark::board::Geometry;
use pencilmark::model::{self, GraderModel, Numbers};
use pencilmark::techniques::SearchContext;
use pencilmark::techniques::State;
use serde_json::Value;
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The model's numbers for a classic 9x9 puzzle (None when it is not unique or the written route
/// cannot finish it).
fn numbers(puzzle: &str) -> Option<Numbers> {
    let p = pencilmark::format::read(puzzle).ok()?;
    let solution = pencilmark::solve(&p, None).ok()?;
    let geo = Geometry::<2>::new(p.board());
    let start = State::new(&geo, p.givens())?;
    model::compute(&SearchContext::plain(&geo), p.board(), &start, &solution, GraderModel::shipped())
}

fn quantiles(v: &mut [f64]) -> String {
    v.sort_by(f64::total_cmp);
    let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    format!(
        "min {:+.2} p10 {:+.2} p25 {:+.2} median {:+.2} p75 {:+.2} p90 {:+.2} max {:+.2}",
        q(0.0),
        q(0.1),
        q(0.25),
        q(0.5),
        q(0.75),
        q(0.9),
        q(1.0)
    )
}

#[test]
fn reference_cards_difficulty_and_time() {
    let text = std::fs::read_to_string(repo().join("data/fixtures/reference-cards-7band.jsonl")).unwrap();
    let bands = ["Very Easy", "Easy", "Medium", "Hard", "Very Hard", "Expert", "Extreme"];
    // Per band: cards, difficulty within 0.3 (or rc1 below 2), time within 10%, both.
    let mut per_band = [(0usize, 0usize, 0usize, 0usize); 7];
    let (mut dd, mut tt) = (Vec::new(), Vec::new());
    let mut missing = 0;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let puzzle = v["puzzle"].as_str().unwrap();
        let card = &v["card"];
        let band = card["band_index"].as_u64().unwrap() as usize;
        let (rd, rt) = (card["difficulty"].as_f64().unwrap(), card["time"].as_f64().unwrap());
        per_band[band].0 += 1;
        let Some(n) = numbers(puzzle) else {
            missing += 1;
            continue;
        };
        let (d, t) = (model::round_to(n.difficulty, 1), model::round_to(n.time, 1));
        // Difficulty is compared from about 2 upward: below it 1.1.0's map is not rc1's.
        let d_ok = rd < 2.0 || (d - rd).abs() <= 0.3 + 1e-9;
        let t_ok = (t / rt - 1.0).abs() <= 0.1 + 1e-9;
        if rd >= 2.0 {
            dd.push(d - rd);
        }
        tt.push(t / rt - 1.0);
        if std::env::var("PM_LIST").is_ok() && band <= 4 && !(d_ok && t_ok) {
            eprintln!(
                "FAIL {} band {band} d {d:.1} rd {rd:.1} t {t:.1} rt {rt:.1} ({:+.0}%)",
                v["source"],
                100.0 * (t / rt - 1.0)
            );
        }
        per_band[band].1 += usize::from(d_ok);
        per_band[band].2 += usize::from(t_ok);
        per_band[band].3 += usize::from(d_ok && t_ok);
    }
    let total: usize = per_band.iter().map(|b| b.0).sum();
    let both: usize = per_band.iter().map(|b| b.3).sum();
    let rated: usize = per_band[..5].iter().map(|b| b.0).sum();
    let rated_both: usize = per_band[..5].iter().map(|b| b.3).sum();
    eprintln!("reference cards: {total}, of them without our numbers (written route stuck): {missing}");
    for (i, b) in per_band.iter().enumerate().filter(|(_, b)| b.0 > 0) {
        eprintln!(
            "  {:<9} {:>3} cards: difficulty within 0.3 {:>3}, time within 10% {:>3}, both {:>3} ({:.0}%)",
            bands[i],
            b.0,
            b.1,
            b.2,
            b.3,
            100.0 * b.3 as f64 / b.0 as f64
        );
    }
    eprintln!(
        "  all: both {both} / {total} ({:.1}%); bands up to Very Hard: {rated_both} / {rated} ({:.1}%)",
        100.0 * both as f64 / total as f64,
        100.0 * rated_both as f64 / rated as f64
    );
    eprintln!("  difficulty - rc1 (rc1 >= 2): {}", quantiles(&mut dd));
    eprintln!("  time / rc1 - 1:              {}", quantiles(&mut tt));
    // The target is 90% of the cards; this asserts the floor reached (README, "Difficulty and time").
    let share = rated_both as f64 / rated as f64;
    assert!(share >= FLOOR_RATED, "share within both tolerances up to Very Hard: {share:.3}");
}

/// Share of the cards up to Very Hard with difficulty and time both within tolerance that this
/// build reaches (the target is 0.90).
const FLOOR_RATED: f64 = 0.92;

/// Spearman rank correlation (average ranks for ties).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    fn ranks(v: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
        let mut r = vec![0.0; v.len()];
        let mut i = 0;
        while i < idx.len() {
            let mut j = i;
            while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
                j += 1;
            }
            for k in i..=j {
                r[idx[k]] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        r
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

#[test]
fn rank_correlation_with_players() {
    let path = repo().join("../shared/data/puzzles/classic-human-rated.tsv");
    let Ok(players) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} not found (the puzzles are not copied into the repo)", path.display());
        return;
    };
    let rc1 = std::fs::read_to_string(repo().join("data/fixtures/human-rated-rc1.tsv")).unwrap();
    let rc1: std::collections::HashMap<usize, f64> = rc1
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Some((f.first()?.parse().ok()?, f.get(2)?.parse().ok()?))
        })
        .collect();
    let (mut ours, mut theirs, mut seconds) = (Vec::new(), Vec::new(), Vec::new());
    let mut skipped = 0;
    for (i, l) in players.lines().enumerate().skip(1) {
        let f: Vec<&str> = l.split('\t').collect();
        let (Some(p), Some(s)) = (f.first(), f.get(3).and_then(|s| s.parse::<f64>().ok())) else { continue };
        match (numbers(p), rc1.get(&(i + 1))) {
            (Some(n), Some(&t)) => {
                ours.push(n.time);
                theirs.push(t);
                seconds.push(s);
            }
            _ => skipped += 1,
        }
    }
    let r_ours = spearman(&ours, &seconds);
    let r_rc1 = spearman(&theirs, &seconds);
    eprintln!(
        "Spearman with players' mean solve times, {} puzzles ({skipped} without both numbers): ours {r_ours:.3}, rc1 {r_rc1:.3}",
        ours.len()
    );
    assert!(r_ours >= SPEARMAN_FLOOR, "{r_ours}");
}

/// The rank correlation this build reaches, rounded down.
const SPEARMAN_FLOOR: f64 = 0.53;
