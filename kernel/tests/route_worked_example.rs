//! The band route on the spec's worked example, step by step where the reference release's route
//! is known (its card in the oracle notes): the pointing, naked pair and X-Wing steps make exactly
//! the reference's eliminations, and each of those techniques is silent where it must be.

use pencilmark::read;
use pencilmark::route::RouteContext;
use pencilmark::route::band_path;
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::SearchContext;
use pencilmark::techniques::{Candidate, State, code, fish, intersections, singles, subsets};

const WORKED: &str = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";

fn cand(board: &pencilmark::board::Board, name: &str) -> Candidate {
    let (cell, digit) = name.split_once('#').unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let pos = (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1);
    Candidate { cell: board.cell_pos.iter().position(|&p| p == pos).unwrap(), digit: digit.parse().unwrap() }
}

#[test]
fn worked_example_route() {
    let p = read(WORKED).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let start = State::new(&geo, p.givens()).unwrap();
    let route = band_path(&RouteContext::plain(&geo), &start, &[], 4);
    assert!(route.solved);
    let step =
        |tech| route.steps.iter().find(|s| s.tech == tech).unwrap_or_else(|| panic!("{tech:?} on the route"));
    let sorted = |v: &[Candidate]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    // rc1's route: PPR r5c9#8; NPR r4c5#8 r4c6#4; XWG r6c6#3 r7c6#3 r9c6#3 (oracle notes, worked example).
    assert_eq!(sorted(&step(code::PPR).eliminations), vec![cand(p.board(), "r5c9#8")]);
    assert_eq!(
        sorted(&step(code::NPR).eliminations),
        sorted(&[cand(p.board(), "r4c5#8"), cand(p.board(), "r4c6#4")])
    );
    assert_eq!(
        sorted(&step(code::XWG).eliminations),
        sorted(&[cand(p.board(), "r6c6#3"), cand(p.board(), "r7c6#3"), cand(p.board(), "r9c6#3")])
    );
    // Nothing fires on the solved grid.
    let mut solved = start.clone();
    for s in &route.steps {
        solved.apply_step(&geo, &s.placements, &s.eliminations);
    }
    assert!(solved.is_solved(&geo));
    let cx = SearchContext::plain(&geo);
    let mut out = Vec::new();
    singles::full_house(&cx, &solved, &mut out);
    singles::hidden_single(&cx, &solved, &mut out);
    singles::naked_single(&cx, &solved, &mut out);
    intersections::pointing_claiming(&cx, &solved, &mut out);
    subsets::naked_pair(&cx, &solved, &mut out);
    fish::x_wing(&cx, &solved, &mut out);
    fish::fish(&cx, &solved, &mut out);
    assert!(out.is_empty(), "{out:?}");
    // On the givens, the X-Wing of the route is not there yet: it needs the naked pair first.
    let mut out = Vec::new();
    fish::x_wing(&cx, &start, &mut out);
    assert!(!out.iter().any(|m| sorted(&m.eliminations) == sorted(&step(code::XWG).eliminations)));
}

/// The notation of every step of the worked example's route: the spec's X-Wing line exactly, and
/// the pattern of the pointing and naked-pair steps read from the position before them.
#[test]
fn worked_example_notation() {
    let p = read(WORKED).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let start = State::new(&geo, p.givens()).unwrap();
    let route = band_path(&RouteContext::plain(&geo), &start, &[], 4);
    let mut st = start.clone();
    let mut lines = Vec::new();
    let cx = SearchContext::plain(&geo).building_patterns();
    for s in &route.steps {
        lines.push((s.tech, pencilmark::card::notation::step_notation(p.board(), &cx, &st, s)));
        st.apply_step(&geo, &s.placements, &s.eliminations);
    }
    let of = |tech| lines.iter().find(|(t, _)| *t == tech).map(|(_, l)| l.as_str()).unwrap();
    assert_eq!(of(code::XWG), "X-Wing: 3 r58 c68 => r679c6<>3");
    assert_eq!(of(code::PPR), "Pointing / Box-Line Reduction: 8 in c8 => r5c9<>8");
    assert_eq!(of(code::NPR), "Naked Pair: 4,8 in r4c48 => r4c6<>4, r4c5<>8");
    for (tech, line) in &lines {
        if tech.is_single() {
            let (name, result) = line.split_once(": ").unwrap();
            assert_eq!(name, tech.name());
            assert!(result.len() == 6 && &result[..1] == "r" && &result[4..5] == "=", "{line}");
        }
    }
}

/// The explain option of the JSON options (C ABI, rate_json): notation on every step; true asks for
/// every level.
#[test]
fn explain_option_in_json() {
    let card: serde_json::Value = serde_json::from_str(&pencilmark::rate_json(
        WORKED,
        Some(r#"{"fields": ["band"], "explain": true}"#),
    ))
    .unwrap();
    let steps = card["steps"].as_array().unwrap();
    assert!(
        steps.iter().all(|s| ["notation", "short", "teach"].iter().all(|l| s["explanation"][l].is_string()))
    );
    assert!(steps.iter().any(|s| s["explanation"]["notation"] == "X-Wing: 3 r58 c68 => r679c6<>3"));
    // The spec's own short sentence for this step (grade-card-format.txt section 5).
    assert!(
        steps.iter().any(|s| s["explanation"]["short"]
            == "r6c6, r7c6, r9c6 ≠ 3: X-Wing on 3 (row 5 and row 8 / column 6 and column 8)"),
        "{card}"
    );
    let notation_only: serde_json::Value = serde_json::from_str(&pencilmark::rate_json(
        WORKED,
        Some(r#"{"fields": ["band"], "explain": "notation"}"#),
    ))
    .unwrap();
    assert!(
        notation_only["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| { s["explanation"].get("short").is_none() && s["explanation"].get("teach").is_none() })
    );
    for (options, error) in [
        (r#"{"explain": ["notation", "lesson"]}"#, "unknown explanation level \"lesson\""),
        (r#"{"explain": 3}"#, "\"explain\" must be true, false, a level name or a list of them"),
    ] {
        let out: serde_json::Value =
            serde_json::from_str(&pencilmark::rate_json(WORKED, Some(options))).unwrap();
        assert!(out["error"].as_str().unwrap().contains(error), "{out}");
    }
    let plain: serde_json::Value =
        serde_json::from_str(&pencilmark::rate_json(WORKED, Some(r#"{"explain": false}"#))).unwrap();
    assert!(plain.get("steps").is_none());
}

/// A rerun that may not use a technique ends at its first step of it, with the steps before it
/// exactly as the full route makes them (the shrink rejects such a route whatever follows).
#[test]
fn rerun_ends_at_a_refused_technique() {
    use pencilmark::route::{Stop, band_path_cached};
    let p = read(WORKED).unwrap();
    let AnyGeometry::W2(geo) = AnyGeometry::new(p.board()).unwrap() else { panic!("9x9 is two words") };
    let start = State::new(&geo, p.givens()).unwrap();
    let full = band_path(&RouteContext::plain(&geo), &start, &[], 4);
    let first_npr = full.steps.iter().position(|s| s.tech == code::NPR).expect("a naked pair on the route");
    let cut = band_path_cached(&RouteContext::plain(&geo), &start, &[], 4, None, &|t, _| t != code::NPR);
    assert_eq!(cut.stop, Stop::Rejected);
    assert!(!cut.solved);
    assert_eq!(cut.steps.len(), first_npr);
    assert!(cut.steps.iter().zip(&full.steps).all(|(a, b)| a.tech == b.tech && a.placements == b.placements));
    // The uses count includes the step asked about: refusing a second hidden single keeps one.
    let one_hsi = band_path_cached(&RouteContext::plain(&geo), &start, &[], 4, None, &|t, uses| {
        t != code::HSI || uses < 2
    });
    assert_eq!(one_hsi.stop, Stop::Rejected);
    assert_eq!(one_hsi.steps.iter().filter(|s| s.tech == code::HSI).count(), 1);
}
