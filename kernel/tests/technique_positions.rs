//! Fish, subsets and pairs / triples in the head on real positions: the position before a step of a
//! reference route (data/fixtures/reference-cards-7band.jsonl, replayed from the givens), where the
//! reference release lists moves of the technique (each must be offered, under the same code) and
//! where it lists none (nothing of that code may be offered). The lists are the reference engine's
//! complete move lists at those positions (no cap).

use pencilmark::board::Geometry;
use pencilmark::read;
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::SearchContext;
use pencilmark::techniques::{Candidate, Finder, Move, State, Tech, fish, subsets};
use serde_json::Value;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/reference-cards-7band.jsonl");

/// The position before step `k` (0-based) of the reference route of `source`.
fn position(source: &str, k: usize) -> (pencilmark::board::Board, Geometry<2>, State<2>) {
    let text = std::fs::read_to_string(FIXTURE).unwrap();
    let card: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["source"] == source)
        .unwrap_or_else(|| panic!("{source} in the fixture"));
    let p = read(card["puzzle"].as_str().unwrap()).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let mut st = State::new(&geo, p.givens()).unwrap();
    for step in &card["card"]["steps"].as_array().unwrap()[..k] {
        let placements: Vec<Candidate> =
            step["placement"].as_str().map(|s| vec![cand(s)]).unwrap_or_default();
        let eliminations: Vec<Candidate> = step["eliminations"]
            .as_array()
            .map(|a| a.iter().map(|e| cand(e.as_str().unwrap())).collect())
            .unwrap_or_default();
        st.apply_step(&geo, &placements, &eliminations);
    }
    (p.board().clone(), geo, st)
}

/// "r4c5#7" (elimination) or "r4c5=7" (placement) on a 9x9 board.
fn cand(text: &str) -> Candidate {
    let b = text.as_bytes();
    Candidate { cell: (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize, digit: b[5] - b'0' }
}

/// A move's effect as sorted texts: placements "r3c8=2", eliminations "r1c5#3".
fn effect(m: &Move) -> Vec<String> {
    let name = |c: &Candidate, sep: char| format!("r{}c{}{sep}{}", c.cell / 9 + 1, c.cell % 9 + 1, c.digit);
    let mut v: Vec<String> = m.placements.iter().map(|c| name(c, '=')).collect();
    v.extend(m.eliminations.iter().map(|c| name(c, '#')));
    v.sort();
    v
}

fn offered(find: Finder<2>, tech: Tech, source: &str, k: usize) -> Vec<Vec<String>> {
    let (_, geo, st) = position(source, k);
    let mut out = Vec::new();
    find(&SearchContext::plain(&geo), &st, &mut out);
    out.iter().filter(|m| m.tech == tech).map(effect).collect()
}

/// Every listed move is offered under `code`, and nothing of `code` at the quiet position.
fn check(code: &str, find: Finder<2>, fires: (&str, usize, &[&[&str]]), quiet: (&str, usize)) {
    let tech = Tech::from_code(code).unwrap();
    let ours = offered(find, tech, fires.0, fires.1);
    for listed in fires.2 {
        let mut want: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert!(ours.contains(&want), "{code} at {} step {}: {want:?} not among {ours:?}", fires.0, fires.1);
    }
    let none = offered(find, tech, quiet.0, quiet.1);
    assert!(none.is_empty(), "{code} at {} step {}: offered {none:?}", quiet.0, quiet.1);
}

const SE1004: &str = "classic-se-rated.tsv:1004 (SE 2.5)";
const SE1481: &str = "classic-se-rated.tsv:1481 (SE 3.0)";

#[test]
fn swordfish() {
    let fires: &[&[&str]] = &[&["r1c5#3", "r1c7#3", "r4c7#3", "r7c2#3", "r7c5#3", "r7c7#3"]];
    check("SWF", fish::fish::<2>, (SE1481, 4, fires), (SE1004, 11));
}

#[test]
fn franken_fish() {
    check("FRK", fish::fish::<2>, (SE1004, 11, &[&["r3c1#1"]]), ("classic-se-rated.tsv:2457 (SE 4.1)", 24));
}

#[test]
fn hidden_pair() {
    let fires: &[&[&str]] = &[&["r2c2#1", "r2c2#6"], &["r1c4#5"]];
    check("HPR", subsets::hidden_pair::<2>, (SE1004, 11, fires), ("classic-se-rated.tsv:1921 (SE 3.6)", 27));
}

#[test]
fn hidden_triple() {
    let fires: &[&[&str]] =
        &[&["r2c2#1", "r2c3#1", "r2c3#9"], &["r1c9#7", "r1c9#9"], &["r4c3#3", "r4c3#6", "r4c7#6"]];
    check(
        "HTR",
        subsets::hidden_triple::<2>,
        (SE1004, 11, fires),
        ("classic-se-rated.tsv:1689 (SE 3.2)", 22),
    );
}

#[test]
fn hidden_quad() {
    check("HQD", subsets::hidden_quad::<2>, (SE1481, 4, &[&["r7c4#8", "r9c4#8"]]), (SE1004, 11));
}

#[test]
fn naked_triple_and_quad() {
    let fires: &[&[&str]] = &[&["r1c4#5"], &["r2c2#1", "r2c2#6"]];
    check("NTR", subsets::naked_triple::<2>, (SE1004, 11, fires), (SE1481, 4));
    let fires: &[&[&str]] = &[&["r2c2#1", "r2c3#1", "r2c3#9"]];
    check("NQD", subsets::naked_quad::<2>, (SE1004, 11, fires), ("classic-se-rated.tsv:1193 (SE 2.6)", 15));
}

#[test]
fn pair_or_triple_in_the_head() {
    let fires: &[&[&str]] = &[&["r3c8=2"], &["r1c5=9"], &["r4c7=2"]];
    check(
        "MSI",
        subsets::subset_in_head::<2>,
        (SE1481, 4, fires),
        ("classic-se-rated.tsv:1689 (SE 3.2)", 22),
    );
}

/// No reference position lists a Jellyfish, so this one is built: digit 5 in rows 1, 3, 5 and 7
/// only in columns 2, 4, 6 and 8, so rows 2, 4, 6, 8 and 9 lose 5 in those columns; with one row
/// spoiled the jellyfish is gone.
#[test]
fn jellyfish() {
    let board = pencilmark::board::Board::standard(9).unwrap();
    let geo = Geometry::<2>::new(&board);
    let build = |spoiled: bool| {
        let mut st = State::new(&geo, &[0; 81]).unwrap();
        for r in [0, 2, 4, 6] {
            for c in 0..9 {
                let keep = c % 2 == 1 || (spoiled && r == 0 && c == 0);
                if !keep {
                    st.planes[4].remove(r * 9 + c);
                }
            }
        }
        st
    };
    let run = |st: &State<2>| {
        let mut out = Vec::new();
        fish::fish(&SearchContext::plain(&geo), st, &mut out);
        out
    };
    let jelly = run(&build(false));
    let want: Vec<String> = [1, 3, 5, 7, 8]
        .iter()
        .flat_map(|r| [1, 3, 5, 7].map(|c| format!("r{}c{}#5", r + 1, c + 1)))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let jlf = Tech::from_code("JLF").unwrap();
    assert!(jelly.iter().any(|m| m.tech == jlf && effect(m) == want), "{jelly:?}");
    assert!(!run(&build(true)).iter().any(|m| m.tech == jlf && effect(m) == want));
}
