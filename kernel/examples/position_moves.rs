//! Development tool: our moves (bands up to Very Hard, eight per technique) at every step of band
//! Hard or above of the Hard and Very Hard reference cards, one JSON line per position, for
//! `tools/rc1-oracle/compare_positions.py` (rc1's side: `tools/rc1-oracle/positionmoves.py`).
//!
//! cargo run --release -p pencilmark --example position_moves > ourmoves.jsonl

use pencilmark::board::Board;
use pencilmark::format::read_classic;
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::{Candidate, State, all_moves};
use serde_json::{Value, json};

fn parse_candidate(board: &Board, text: &str, sep: char) -> Candidate {
    // "r4c5#7" or "r2c8=3"
    let (cell, digit) = text.split_once(sep).unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let cell = board.cell_pos.iter().position(|&p| p == (r - 1, c - 1)).unwrap();
    Candidate { cell, digit: digit.parse().unwrap() }
}

fn main() {
    let text = std::fs::read_to_string("../shared/data/reference-cards/classic-7band.jsonl")
        .expect("reference cards");
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        if !matches!(v["card"]["band_index"].as_u64(), Some(3 | 4)) {
            continue;
        }
        let src = v["source"].as_str().unwrap();
        let id = src.split(':').nth(1).unwrap().split(' ').next().unwrap();
        let p = read_classic(v["puzzle"].as_str().unwrap()).unwrap();
        let name = |c: &Candidate| {
            let (r, col) = p.board.cell_pos[c.cell];
            format!("r{}c{}", r + 1, col + 1)
        };
        let geometry = AnyGeometry::new(&p.board).unwrap();
        pencilmark::on_geometry!(&geometry, geo => {
            let mut st = State::new(geo, &p.givens).unwrap();
            for step in v["card"]["steps"].as_array().unwrap() {
                let placements: Vec<Candidate> = step["placement"]
                    .as_str()
                    .map(|s| vec![parse_candidate(&p.board, s, '=')])
                    .unwrap_or_default();
                let eliminations: Vec<Candidate> = step["eliminations"]
                    .as_array()
                    .map(|a| a.iter().map(|e| parse_candidate(&p.board, e.as_str().unwrap(), '#')).collect())
                    .unwrap_or_default();
                if step["band"].as_u64() >= Some(3) {
                    let moves: Vec<Value> = all_moves(geo, &st, 4)
                        .iter()
                        .map(|m| {
                            let mut e: Vec<String> =
                                m.eliminations.iter().map(|c| format!("{}#{}", name(c), c.digit)).collect();
                            e.sort();
                            let pl: Vec<String> =
                                m.placements.iter().map(|c| format!("{}={}", name(c), c.digit)).collect();
                            json!([m.tech.code(), m.tech.band(), e, pl])
                        })
                        .collect();
                    println!("{}", json!({"src": id, "n": step["n"], "moves": moves}));
                }
                st.apply_step(geo, &placements, &eliminations);
            }
        });
    }
}
