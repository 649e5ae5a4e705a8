//! Development tool: our in-the-head chains (MCH, one per placement, uncapped, with route prices)
//! at positions given as rc1 candidate masks, for `tools/rc1-oracle` comparisons.
//!
//! cargo run --release -p pencilmark --example head_chain_listing -- POSITIONS.jsonl > OURS.jsonl
//!
//! Each input line holds `cand`: 81 masks (bit d-1 for digit d; a single bit is a placed digit).
use pencilmark::board::{Board, Geometry};
use pencilmark::price::GraderModel;
use pencilmark::techniques::{Candidate, Pattern, SearchContext, State, code};
use serde_json::{Value, json};

fn main() {
    let file = std::env::args().nth(1).expect("POSITIONS.jsonl");
    let text = std::fs::read_to_string(file).expect("positions file");
    let geo: Geometry<2> = Geometry::new(&Board::classic(9, 3, 3).unwrap());
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let cand: Vec<u32> =
            v["cand"].as_array().unwrap().iter().map(|m| m.as_u64().unwrap() as u32).collect();
        let givens: Vec<u8> = cand
            .iter()
            .map(|&m| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect();
        let mut st = State::new(&geo, &givens).unwrap();
        let elims: Vec<Candidate> = (0..81)
            .filter(|&c| givens[c] == 0)
            .flat_map(|c| {
                let m = cand[c];
                (1..=9u8)
                    .filter(move |&d| m >> (d - 1) & 1 == 0)
                    .map(move |d| Candidate { cell: c, digit: d })
            })
            .filter(|e| st.cell_mask(&geo, e.cell) >> (e.digit - 1) & 1 == 1)
            .collect();
        st.apply_step(&geo, &[], &elims);
        let mut moves = Vec::new();
        pencilmark::techniques::chains::head_chain(&SearchContext::plain(&geo), &st, &mut moves);
        pencilmark::price::band_order::price_moves(&geo, &GraderModel::shipped().route, &st, &mut moves);
        let candidates = st.candidate_count(&geo);
        let listed: Vec<Value> = moves
            .iter()
            .filter(|m| m.tech == code::MCH)
            .map(|m| {
                let (nodes, x): (Vec<Value>, Vec<f64>) = match &m.pattern {
                    Pattern::Chain(n) => (
                        n.iter().map(|n| json!([n.cells, n.digit])).collect(),
                        pencilmark::price::features::head_chain_features(
                            &geo,
                            n,
                            st.cell_mask(&geo, m.placements[0].cell).count_ones(),
                            candidates,
                        )
                        .x
                        .to_vec(),
                    ),
                    _ => (Vec::new(), Vec::new()),
                };
                let place = [m.placements[0].cell, m.placements[0].digit as usize];
                json!({"place": place, "d": m.cost as f64 / 1e5, "nodes": nodes, "x": x})
            })
            .collect();
        println!("{}", json!({"src": v["src"], "chains": listed}));
    }
}
