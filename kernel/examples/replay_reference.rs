//! Development tool: replays the reference cards' routes step by step and checks, at each step,
//! whether our searches offer the same move (same code, same placement / eliminations).
//!
//! cargo run --release -p pencilmark --example replay_reference -- [CODE,CODE,...] [FILE] [-v]
//!
//! FILE (a path with a `/`) defaults to the repository's data/fixtures/reference-cards-7band.jsonl
//! (../shared/data/reference-cards/classic-7band.jsonl has all 250 cards). With codes, only steps
//! of those codes are checked. Prints per code: steps seen, how many our
//! searches offer exactly (same code and effect), offer with the effect under another code, or miss.
//! `-v` prints every miss with the moves we offered instead.
//!
//! `--moves` prints instead, for the Hard and Very Hard cards, one JSON line per step of band Hard
//! or above with every move we offer there (bands up to Very Hard, eight per technique), for
//! `tools/rc1-oracle/compare_positions.py` (each move: code, band, eliminations, placements,
//! notation; `... --example replay_reference -- --moves >
//! ourmoves.jsonl`).

use pencilmark::board::Board;
use pencilmark::format::read_classic;
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::{Candidate, SearchContext, State, Tech, all_moves};
use serde_json::Value;
use std::collections::BTreeMap;

fn parse_candidate(board: &Board, text: &str, sep: char) -> Candidate {
    // "r4c5#7" or "r2c8=3"
    let (cell, digit) = text.split_once(sep).unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let cell = board.cell_pos.iter().position(|&p| p == (r - 1, c - 1)).unwrap();
    Candidate { cell, digit: digit.parse().unwrap() }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let dump_moves = args.iter().any(|a| a == "--moves");
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let only: Option<Vec<String>> =
        positional.first().filter(|s| !s.contains('/')).map(|s| s.split(',').map(String::from).collect());
    let file = positional
        .iter()
        .find(|s| s.contains('/'))
        .map(|s| s.as_str())
        .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/reference-cards-7band.jsonl"));
    let text = std::fs::read_to_string(file).expect("reference file");
    // code -> (steps, exact, other code, missed, exact and our cheapest of that code)
    let mut tally: BTreeMap<String, [usize; 5]> = BTreeMap::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let p = read_classic(v["puzzle"].as_str().unwrap()).unwrap();
        let hard = matches!(v["card"]["band_index"].as_u64(), Some(3 | 4));
        if dump_moves && !hard {
            continue;
        }
        let geometry = AnyGeometry::new(p.board()).unwrap();
        pencilmark::on_geometry!(&geometry, geo => {
            let mut st = State::new(geo, p.givens()).unwrap();
            for step in v["card"]["steps"].as_array().unwrap() {
                let code = step["code"].as_str().unwrap().to_string();
                let mut placements: Vec<Candidate> = step["placement"]
                    .as_str()
                    .map(|s| vec![parse_candidate(p.board(), s, '=')])
                    .unwrap_or_default();
                let mut eliminations: Vec<Candidate> = step["eliminations"]
                    .as_array()
                    .map(|a| a.iter().map(|e| parse_candidate(p.board(), e.as_str().unwrap(), '#')).collect())
                    .unwrap_or_default();
                placements.sort();
                eliminations.sort();
                if dump_moves {
                    if step["band"].as_u64() >= Some(3) {
                        let moves = all_moves(&SearchContext::plain(geo).building_patterns(), &st, 4);
                        print_moves(p.board(), geo, &st, v["source"].as_str().unwrap(), &step["n"], &moves);
                    }
                    st.apply_step(geo, &placements, &eliminations);
                    continue;
                }
                let wanted = only.as_ref().is_none_or(|o| o.contains(&code));
                if std::env::var("TIMING").is_ok() && step["band"].as_u64() == Some(5) {
                    // Time of each band-5 search at the reference's Expert positions.
                    for s in pencilmark::techniques::searches().iter().filter(|s| s.min_band() == 5) {
                        let t = std::time::Instant::now();
                        let mut found = Vec::new();
                        (s.find)(&SearchContext::plain(geo), &st, &mut found);
                        let us = t.elapsed().as_micros();
                        eprintln!("TIME\t{}\t{}", s.codes[0].code(), us);
                    }
                }
                if std::env::var("DUMP").is_ok() && step["band"].as_u64() >= Some(3) {
                    for m in all_moves(&SearchContext::plain(geo), &st, 6) {
                        if m.tech.band() == 5 {
                            let e: Vec<(usize, u8)> = m.eliminations.iter().map(|c| (c.cell, c.digit)).collect();
                            eprintln!("DUMP\t{}\t{}\t{}\t{:?}\t{}", v["source"].as_str().unwrap(), step["n"], m.tech.code(), e, m.cost);
                        }
                    }
                }
                if wanted && code != "HSI" && code != "FHS" {
                    let tech = Tech::from_code(&code).expect("known code");
                    let moves = all_moves(&SearchContext::plain(geo), &st, 6);
                    let same_effect = |m: &pencilmark::techniques::Move| {
                        let mut mp = m.placements.clone();
                        let mut me = m.eliminations.clone();
                        mp.sort();
                        me.sort();
                        mp == placements && me == eliminations
                    };
                    let t = tally.entry(code.clone()).or_insert([0; 5]);
                    t[0] += 1;
                    if moves.iter().any(|m| m.tech == tech && same_effect(m)) {
                        t[1] += 1;
                        let first = moves.iter().filter(|m| m.tech == tech).min_by_key(|m| m.cost);
                        if first.is_some_and(same_effect) {
                            t[4] += 1;
                        } else if verbose && let Some(m) = first {
                            println!("{} step {}: {code} not first; ours first {:?}", v["source"], step["n"], m.eliminations);
                        }
                    } else if let Some(m) = moves.iter().find(|m| same_effect(m)) {
                        t[2] += 1;
                        if verbose {
                            println!("{} step {}: {code} offered as {}", v["source"], step["n"], m.tech.code());
                        }
                    } else {
                        t[3] += 1;
                        if verbose {
                            let ours: Vec<String> = moves
                                .iter()
                                .filter(|m| m.tech == tech)
                                .map(|m| format!("{:?}/{:?}", m.placements, m.eliminations))
                                .collect();
                            println!(
                                "{} step {}: missed {code} {:?} {:?}; ours of that code: {:?}",
                                v["source"], step["n"], step.get("placement"), step.get("eliminations"), ours
                            );
                        }
                    }
                }
                st.apply_step(geo, &placements, &eliminations);
            }
        });
    }
    if dump_moves {
        return;
    }
    println!("{:<5} {:>6} {:>6} {:>6} {:>6} {:>6}", "code", "steps", "exact", "other", "missed", "first");
    for (code, t) in &tally {
        println!("{:<5} {:>6} {:>6} {:>6} {:>6} {:>6}", code, t[0], t[1], t[2], t[3], t[4]);
    }
}

/// One position's moves as a JSON line: {"src": line id, "n": step, "moves": [[code, band,
/// eliminations, placements], ...]}, cells named rNcM.
fn print_moves<const W: usize>(
    board: &Board,
    geo: &pencilmark::board::Geometry<W>,
    st: &State<W>,
    source: &str,
    step: &Value,
    moves: &[pencilmark::techniques::Move],
) {
    let id = source.split(':').nth(1).unwrap_or(source).split(' ').next().unwrap_or(source);
    let moves: Vec<Value> = moves
        .iter()
        .map(|m| {
            let mut e: Vec<String> =
                m.eliminations.iter().map(|c| format!("{}#{}", board.cell_name(c.cell), c.digit)).collect();
            e.sort();
            let pl: Vec<String> =
                m.placements.iter().map(|c| format!("{}={}", board.cell_name(c.cell), c.digit)).collect();
            // The notation last: `compare_positions.py` reads the first four.
            let note = pencilmark::card::notation::step_notation(
                board,
                &SearchContext::plain(geo).building_patterns(),
                st,
                &pencilmark::route::Step::from(m.clone()),
            );
            serde_json::json!([m.tech.code(), m.tech.band(), e, pl, note])
        })
        .collect();
    println!("{}", serde_json::json!({"src": id, "n": step, "moves": moves}));
}
