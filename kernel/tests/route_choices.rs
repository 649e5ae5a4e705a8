//! Which move the band route takes where several are on offer, on puzzles of the reference
//! fixtures (classic-se-rated.tsv) where the reference release's route is known: a subset read in
//! a box before one in a line, and an Empty Rectangle seen in the head still usable when the
//! written technique is banned.

use pencilmark::read;
use pencilmark::route::RouteContext;
use pencilmark::route::{Path, band_path};
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::{Candidate, State, Tech, code};

fn cand(board: &pencilmark::board::Board, name: &str) -> Candidate {
    let (cell, digit) = name.split_once('#').or_else(|| name.split_once('=')).unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let pos = (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1);
    Candidate { cell: board.cell_pos.iter().position(|&p| p == pos).unwrap(), digit: digit.parse().unwrap() }
}

fn route(puzzle: &str, banned: &[Tech]) -> (pencilmark::board::Board, Path) {
    let p = read(puzzle).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let start = State::new(&geo, p.givens()).unwrap();
    (p.board().clone(), band_path(&RouteContext::plain(&geo), &start, banned, 4))
}

fn sorted(board: &pencilmark::board::Board, names: &[&str]) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = names.iter().map(|n| cand(board, n)).collect();
    v.sort();
    v
}

#[test]
fn a_subset_in_a_box_comes_before_one_in_a_line() {
    // classic-se-rated.tsv:2100: the pair 2,4 in r1c3,r3c3 is naked in box 1 and in column 3; the
    // reference reads it in the box (8 eliminations), not the pair of row 3 on offer too.
    let (board, r) =
        route("...1..59..8.6.....3...598.....7..3.9..7.4.1..6.1..5.....681...3.....7.2..43..6...", &[]);
    let npr = r.steps.iter().find(|s| s.tech == code::NPR).expect("a naked pair on the route");
    let mut got = npr.eliminations.clone();
    got.sort();
    assert_eq!(
        got,
        sorted(&board, &["r1c1#2", "r1c1#4", "r1c2#2", "r2c1#2", "r2c1#4", "r2c3#2", "r2c3#4", "r3c2#2"])
    );
    // classic-se-rated.tsv:1728 without naked singles: the hidden pair 1,4 of box 1 comes first.
    let (board, r) = route(
        ".35..49.....5.........8256.2..8.6.1...3.4.7...1.2.9..6.4792.........8.....63..24.",
        &[code::NSI],
    );
    let hpr = r.steps.iter().find(|s| s.tech == code::HPR).expect("a hidden pair on the route");
    let mut got = hpr.eliminations.clone();
    got.sort();
    assert_eq!(got, sorted(&board, &["r3c1#9", "r3c3#9"]));
}

#[test]
fn an_empty_rectangle_in_the_head_survives_a_ban_of_the_written_one() {
    // classic-se-rated.tsv:2206 with the other short chains banned: the route places r4c5=3 by an
    // Empty Rectangle seen in the head; the written one stays banned.
    let puzzle = "4..89...2..6...3...8.4...1....9.45.17...2...39.47.5....2...9.4...3...1..6...41..5";
    let banned = [code::SKY, code::KTE, code::TUR, code::ERE, code::MCH];
    let (board, r) = route(puzzle, &banned);
    assert!(r.solved);
    let ere: Vec<_> = r.steps.iter().filter(|s| s.tech == code::ERE).collect();
    assert!(!ere.is_empty(), "an Empty Rectangle in the head on the route");
    assert!(ere.iter().all(|s| s.eliminations.is_empty() && s.placements.len() == 1));
    assert_eq!(ere[0].placements, vec![cand(&board, "r4c5=3")]);
}

#[test]
fn a_swordfish_is_not_crowded_out_by_cheaper_franken_fish() {
    // classic-se-rated.tsv:4195 with X-Wings and short chains banned: the fish search finds more
    // than eight cheaper Franken / finned X-Wings, but the Swordfish (studied first in Very Hard)
    // keeps its own eight places, and the route takes it, as the reference does.
    let puzzle = "..1...2..6..5.1..8..........3.1.5.7...24371...........2..918..5..3...6...973.681.";
    let banned = [code::XWG, code::SKY, code::ERE, code::TUR, code::XYZ, code::NPR, code::KTE];
    let (board, r) = route(puzzle, &banned);
    let swf = r.steps.iter().find(|s| s.tech == code::SWF).expect("a Swordfish on the route");
    let mut got = swf.eliminations.clone();
    got.sort();
    assert_eq!(got, sorted(&board, &["r3c2#2", "r3c5#2", "r6c5#2", "r8c9#2"]));
}
