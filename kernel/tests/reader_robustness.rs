//! The reader never panics: thousands of seeded mutations of real documents (truncated, bytes
//! flipped or deleted, spans duplicated, numbers replaced) go through the reader, and every
//! document it accepts through the fingerprint. The stable-Rust companion of the cargo-fuzz target
//! in fuzz/ (which needs a nightly toolchain).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

fn seeds() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/fixtures/exchange");
    let mut docs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".json"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    docs.sort();
    docs.push("4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1".into());
    docs
}

fn mutate(doc: &str, rng: &mut StdRng) -> String {
    let mut b = doc.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..4) {
        if b.is_empty() {
            break;
        }
        let i = rng.random_range(0..b.len());
        match rng.random_range(0..6) {
            0 => b.truncate(i),
            1 => b[i] = rng.random(),
            2 => {
                b.remove(i);
            }
            3 => {
                let j = rng.random_range(i..b.len().min(i + 40) + 1).min(b.len());
                let span = b[i..j].to_vec();
                b.splice(i..i, span);
            }
            4 => {
                let s: &[u8] =
                    [&b"-1"[..], b"1e309", b"0.5", b"99999999999", b"null", b"true", b"\"r0c0\"", b"[]"]
                        [rng.random_range(0..8)];
                b.splice(i..i, s.iter().copied());
            }
            _ => b[i] = b"{}[],:\"0123456789rc"[rng.random_range(0..19)],
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn mutated_documents_never_panic() {
    let mut rng = StdRng::seed_from_u64(20261129);
    let seeds = seeds();
    assert!(seeds.len() > 40);
    let mut accepted = 0;
    for _ in 0..60 {
        for doc in &seeds {
            let text = mutate(doc, &mut rng);
            let _ = pencilmark::read(&text);
            let Ok(p) = pencilmark::format::read(&text) else { continue };
            accepted += 1;
            // The fingerprint needs no solving; the canonical text writes the unique solution, and
            // proving an adversarial empty board unsolvable is a search, not a reader's job.
            let _ = pencilmark::format::fingerprint(&p.to_document());
        }
    }
    // Some mutations keep a valid document (a changed given, say): the fingerprint path runs.
    assert!(accepted > 0);
}

/// Found by the cargo-fuzz writer target (2026-11-29): a relation `sum [43]` on adjacent cells is
/// written as an edge clue no digit pair satisfies; read back, the reference writes that edge as a
/// table with no allowed pair, so its canonical text has another fingerprint than the input (the
/// reference's own behaviour, kept). Both fingerprints equal the reference's.
#[test]
fn fuzz_regression_impossible_numbered_edge() {
    use pencilmark::export::canonical_text;
    use pencilmark::format::{fingerprint, read_document};
    let input = r#"{"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 9, "cols": 9}, "digits": 9, "givens": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}, {"type": "relation", "op": "different", "params": [], "pairs": [["r1c1", "r9c9"]]}, {"type": "relation", "op": "different", "params": [], "pairs": [["r2c2", "r8c8"]]}, {"type": "relation", "op": "less", "params": [], "pairs": [["r3c3", "r3c4"]]}, {"type": "relation", "op": "sum", "params": [43], "pairs": [["r5c1", "r5c2"]]}]}"#;
    let doc = read_document(input).unwrap();
    assert_eq!(
        fingerprint(&doc).unwrap(),
        "sha256:bb0afad30f74955a1f76ffa19338ec36994e1075e6fe17d2b15b066c3b82b3ba"
    );
    let canon = canonical_text(&doc).unwrap();
    assert!(
        canon.contains(r#"{"type": "edge", "kind": "sum", "sum": 43, "cells": ["r5c1", "r5c2"]}"#),
        "{canon}"
    );
    let back = read_document(&canon).unwrap();
    assert_eq!(
        fingerprint(&back).unwrap(),
        "sha256:718bd6f3f560eabce7c8ebfbc407e0a976eeecb5fadd32662e6edc76b36eddda"
    );
    assert!(
        canonical_text(&back)
            .unwrap()
            .contains(r#"{"type": "table", "cells": ["r5c1", "r5c2"], "allowed": []}"#)
    );
}

/// Found by the cargo-fuzz writer target (2026-12-04): a relation `difference [0]` on adjacent
/// cells was written as an edge of value 0, which no reader accepts (the reference writes the same
/// unreadable edge). It stays a relation; the fingerprint is the reference's.
#[test]
fn fuzz_regression_relation_outside_the_edge_bounds_stays_a_relation() {
    use pencilmark::export::canonical_text;
    use pencilmark::format::{fingerprint, read_document};
    let zeros = vec!["0"; 81].join(", ");
    let input = format!(
        r#"{{"format": "sudoku-puzzle", "format_version": 1, "board": {{"rows": 9, "cols": 9}}, "digits": 9, "givens": [{zeros}], "rules": [{{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}}, {{"type": "relation", "op": "difference", "params": [0], "pairs": [["r5c5", "r5c6"]]}}]}}"#
    );
    let doc = read_document(&input).unwrap();
    let fp = fingerprint(&doc).unwrap();
    assert_eq!(fp, "sha256:25e532593989ac2b99c31cbfca1270aaedcfa38954bc45b993e7475406b12062");
    let canon = canonical_text(&doc).unwrap();
    assert!(canon.contains(r#""op": "difference", "params": [0]"#), "{canon}");
    assert_eq!(fingerprint(&read_document(&canon).unwrap()).unwrap(), fp);
}

/// A text over the reader's size limit is refused before it is read, in either form, through
/// every entry point that reads (memory stays bounded: a C host is never exhausted by one call).
#[test]
fn oversized_texts_are_refused_before_reading() {
    let limit = pencilmark::format::MAX_INPUT_BYTES;
    let long_line = ".".repeat(limit + 1);
    let long_doc = format!("{{\"format\": \"sudoku-puzzle\", \"pad\": \"{}\"}}", " ".repeat(limit));
    for text in [&long_line, &long_doc] {
        let e = pencilmark::format::read(text).unwrap_err();
        assert!(e.message.contains("MiB a puzzle may have"), "{e}");
        let v: serde_json::Value = serde_json::from_str(&pencilmark::rate_json(text, None)).unwrap();
        assert_eq!(v["kind"], "invalid", "{v}");
    }
    assert!(pencilmark::format::read_document(&long_doc).is_err());
}

/// Found by fuzzing `rate` (2026-12-03): eleven givens that no grid completes keep the 9x9
/// counter searching for minutes; with a time limit the uniqueness proof gives up as undecided
/// instead of ignoring it.
#[test]
fn fuzz_regression_a_9x9_without_solution_obeys_the_time_limit() {
    let line = ".................................708.......43.659.......3..............4.........";
    let opts = pencilmark::RateOptions { max_seconds: Some(0.2), ..Default::default() };
    let err = pencilmark::rate_str(line, &opts).unwrap_err();
    assert!(matches!(err, pencilmark::Error::Undecided), "{err}");
    let counted = pencilmark::count_str(
        line,
        &pencilmark::CountOptions { limit: 2, solution: false, max_seconds: Some(0.2) },
    );
    assert!(matches!(counted, Err(pencilmark::Error::Undecided)), "{counted:?}");
    let p = pencilmark::read(line).unwrap();
    let budgeted = pencilmark::solve::Solver::new(p.board()).unwrap().count_with_budget(p.givens(), 2, 1000);
    assert_eq!(budgeted.unwrap_err().found, 0);
}
