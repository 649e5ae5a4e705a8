//! The written route's placements without notes against the reference release's own routes: at
//! positions its route reached (its placements replayed), the singles it found through a locked
//! segment without notes are offered here too, at its price.

use pencilmark::model::{GraderModel, features, price::price, written};
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::{Candidate, State, code};

/// (puzzle, rc1's placements before the step, the step's placement, rc1's price of it);
/// from the fixture cards classic-easy.txt:943 and :750 (rc1's written route, difficulty prices).
const CASES: [(&str, &str, &str, f64); 2] = [
    (
        "..........234.158.9.......7..........9.2.8.3.2.8.9.1.4..98.67.....1.2...5...7...8",
        "r9c3=2 r4c7=8 r5c7=6 r5c9=5 r6c8=7 r2c9=9 r4c8=9 r4c9=2 r7c8=2 r8c8=5 r8c7=9 r7c5=5 r2c1=7 r2c5=6 r5c3=7 r8c2=7 r8c1=8",
        "r8c5=4",
        3.720_451,
    ),
    (
        "8.3...9.4.6.....5....178...53.....68..2...1......4........5.....7..9..8.6..2.1..9",
        "r2c7=8 r1c8=7 r2c9=1 r4c5=1 r6c3=6 r1c2=1 r6c1=1 r8c3=1 r7c8=1 r9c7=7",
        "r2c1=2",
        3.763_870,
    ),
];

fn placement(board: &pencilmark::board::Board, text: &str) -> Candidate {
    let (cell, digit) = text.split_once('=').unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let pos = (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1);
    Candidate { cell: board.cell_pos.iter().position(|&p| p == pos).unwrap(), digit: digit.parse().unwrap() }
}

#[test]
fn pointing_singles_where_no_plain_single_is_left() {
    let model = GraderModel::shipped();
    for (puzzle, before, step, rc1_price) in CASES {
        let p = pencilmark::read_puzzle(puzzle).unwrap();
        let AnyGeometry::W2(geo) = AnyGeometry::new(&p.board).unwrap() else { panic!("9x9 is two words") };
        let mut st = State::new(&geo, &p.givens).unwrap();
        for text in before.split(' ') {
            st.apply_step(&geo, &[placement(&p.board, text)], &[]);
        }
        let found = features::direct_singles(&geo, &st);
        assert!(found.iter().all(|s| s.tech == code::PPR), "{puzzle}: only singles through a lock are left");
        let want = placement(&p.board, step);
        let single =
            found.iter().find(|s| s.cell == want.cell && s.digit == want.digit).expect("rc1's single");
        let ours = price(&model.price, &single.feat);
        assert!((ours - rc1_price).abs() < 1e-4, "{puzzle} {step}: price {ours}, rc1 {rc1_price}");
    }
}

/// The reference writes no notes on these Easy puzzles; neither does our route now.
#[test]
fn easy_routes_write_no_notes() {
    let model = GraderModel::shipped();
    for (puzzle, ..) in CASES {
        let p = pencilmark::read_puzzle(puzzle).unwrap();
        let AnyGeometry::W2(geo) = AnyGeometry::new(&p.board).unwrap() else { panic!("9x9 is two words") };
        let start = State::new(&geo, &p.givens).unwrap();
        let route = written::route(&geo, &start, &model.price, false).unwrap();
        assert!(route.iter().all(|s| s.direct), "{puzzle}: a step with notes");
        assert!(route.iter().any(|s| s.tech == Some(code::PPR)), "{puzzle}: a single through a lock");
    }
}
