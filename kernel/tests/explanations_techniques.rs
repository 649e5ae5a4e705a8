//! Explanations per technique (grade-card-format.txt section 5) on real routes: for each
//! technique, a step of it on the route of a reference card (data/fixtures), of a published
//! puzzle (../shared/data/puzzles, when present) or of a variant puzzle made by the reference's
//! generator (data/fixtures/rc1-generated-variants.jsonl) carries a notation with its pattern
//! (cells, sets or choice, not just its digits), a short sentence that starts with its result and
//! names the pattern's cells, and a teach text that names the step's cells. The techniques the
//! routes rarely reach are checked on positions in kernel/src/card/explained_positions.rs.

use pencilmark::board::{Board, Geometry};
use pencilmark::route::Step;
use pencilmark::techniques::{Candidate, SearchContext, State, Tech, uniqueness};
use serde_json::Value;
use std::sync::OnceLock;

mod common;
use common::result_of;
#[path = "common/cell_names.rs"]
mod cell_names;
use cell_names::cell_names;

const FIXTURE: &str = include_str!("../../data/fixtures/reference-cards-7band.jsonl");
const VARIANTS: &str = include_str!("../../data/fixtures/rc1-generated-variants.jsonl");
const OPTIONS: &str = r#"{"fields": ["band"], "explain": ["notation", "short", "teach"], "max_seconds": 30}"#;

/// The explained steps of the cards of `puzzles` (puzzle text or JSON documents).
fn explained(puzzles: &[String]) -> Vec<Value> {
    puzzles
        .iter()
        .flat_map(|p| {
            let card: Value = serde_json::from_str(&pencilmark::rate_json(p, Some(OPTIONS))).unwrap();
            card["steps"].as_array().cloned().unwrap_or_else(|| panic!("no steps: {card}"))
        })
        .collect()
}

/// The explained steps of the cards of the fixture's harder puzzles and of a few of the hardest
/// published ones, rated once for every test.
fn steps() -> &'static Vec<Value> {
    static STEPS: OnceLock<Vec<Value>> = OnceLock::new();
    STEPS.get_or_init(|| {
        let mut puzzles: Vec<String> = FIXTURE
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|e| {
                ["Hard", "Very Hard", "Expert", "Extreme"].contains(&e["card"]["band"].as_str().unwrap())
            })
            .map(|e| e["puzzle"].as_str().unwrap().to_string())
            .collect();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles");
        if let Ok(text) = std::fs::read_to_string(dir.join("classic-hardest-1106.txt")) {
            let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
            puzzles.extend(lines.iter().step_by(lines.len() / 12).take(12).map(|l| l.to_string()));
        }
        // Its 24th puzzle places a digit through a hidden triple in the head.
        if let Ok(text) = std::fs::read_to_string(dir.join("classic-top1465.txt")) {
            puzzles.extend(text.lines().skip(3).step_by(4).take(25).map(|l| l.to_string()));
        }
        explained(&puzzles)
    })
}

/// The explained steps of the cards of the reference generator's variant puzzles.
fn variant_steps() -> &'static Vec<Value> {
    static STEPS: OnceLock<Vec<Value>> = OnceLock::new();
    STEPS.get_or_init(|| {
        let documents: Vec<String> = VARIANTS
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["document"].to_string())
            .collect();
        explained(&documents)
    })
}

fn result_cells(step: &Value) -> Vec<String> {
    let mut cells: Vec<String> =
        step["placement"].as_str().map(|p| p.split('=').next().unwrap().to_string()).into_iter().collect();
    for e in step["eliminations"].as_array().into_iter().flatten() {
        cells.push(e.as_str().unwrap().split('#').next().unwrap().to_string());
    }
    cells
}

/// A step of `code` on the routes: its notation names the pattern (`marks`: words it must hold,
/// besides a cell), its short sentence is one sentence starting with the result and naming the
/// pattern's cells, and its teach text names the result cells and the pattern's first cell.
fn check(code: &str, marks: &[&str]) {
    check_on(steps(), code, marks)
}

fn check_on(steps: &[Value], code: &str, marks: &[&str]) {
    let step = steps
        .iter()
        .find(|s| {
            s["code"] == code
                && marks.iter().all(|m| s["explanation"]["notation"].as_str().unwrap().contains(m))
        })
        .unwrap_or_else(|| {
            let seen: Vec<&Value> = steps.iter().filter(|s| s["code"] == code).take(3).collect();
            panic!("no {code} step with {marks:?} on the routes: {seen:?}")
        });
    let e = &step["explanation"];
    let (notation, short, teach) =
        (e["notation"].as_str().unwrap(), e["short"].as_str().unwrap(), e["teach"].as_str().unwrap());
    let name = step["name"].as_str().unwrap();
    let (head, result) = notation.split_once(" => ").unwrap_or_else(|| panic!("{notation}"));
    let pattern = head.strip_prefix(&format!("{name}: ")).unwrap_or_else(|| panic!("{notation}"));
    assert!(pattern.contains('r') && pattern.contains('c'), "{code}: no cells in the pattern of {notation}");
    assert!(!result.is_empty(), "{notation}");
    let start = format!("{}: {name}", result_of(step));
    assert!(short.starts_with(&start), "{short} should start with {start}");
    assert!(!short.contains(". ") && !short.ends_with('.'), "one sentence: {short}");
    let named = cell_names(&short[start.len()..]);
    assert!(!named.is_empty(), "{code}: the short sentence names no cell of the pattern: {short}");
    for cell in result_cells(step) {
        assert!(teach.contains(&cell), "{teach} should name {cell}");
    }
    assert!(teach.contains(&named[0]), "{code}: {teach} should name {}", named[0]);
}

#[test]
fn pointing_claiming_in_the_head() {
    check("PPR", &["locked in", "single"]);
}

#[test]
fn subset_in_the_head() {
    check("MSI", &["hidden", "single"]);
}

#[test]
fn case_analysis() {
    check("CAS", &["("]);
}

#[test]
fn what_if() {
    check("WIF", &["(contradiction)"]);
}

#[test]
fn forcing_chains() {
    check("FCH", &["("]);
}

#[test]
fn forcing_nets() {
    check("FNT", &["("]);
}

#[test]
fn nested_forcing_chains() {
    check("NFC", &["(contradiction)"]);
}

#[test]
fn trial_and_error() {
    check("TRL", &["(contradiction)"]);
}

#[test]
fn techniques_with_built_patterns() {
    for code in ["YWG", "XYZ", "SKY", "KTE", "TUR", "XCL", "ERE", "XYC", "AIC", "ALS", "AXY"] {
        check(code, &[]);
    }
}

/// Every step of a variant card is explained at every level (its position is replayed under the
/// puzzle's rules, as the route found it), and each variant technique on the routes names its
/// cells at every level.
#[test]
fn variant_techniques() {
    let steps = variant_steps();
    for s in steps {
        let e = &s["explanation"];
        assert!(e["short"].is_string() && e["teach"].is_string(), "{s}");
        assert!(e["notation"].as_str().unwrap().contains(" => ") || s["placement"].is_string(), "{s}");
    }
    for code in ["CGC", "ARW", "RNB", "PWC", "LNR", "RUL"] {
        check_on(steps, code, &[]);
    }
    // The rule singles write their notation as the classic singles do ("Last cell of a cage /
    // line: r3c1=1"); the short and teach texts name the rule's cells they read.
    for code in ["LSI", "CSI"] {
        let s = steps.iter().find(|s| s["code"] == code).unwrap_or_else(|| panic!("no {code} step"));
        let (short, teach) =
            (s["explanation"]["short"].as_str().unwrap(), s["explanation"]["teach"].as_str().unwrap());
        let placed = s["placement"].as_str().unwrap().split('=').next().unwrap();
        let read: Vec<String> = cell_names(short).into_iter().filter(|c| c != placed).collect();
        assert!(!read.is_empty(), "{code}: {short} names no cell the rule reads");
        assert!(teach.contains(placed) && teach.contains(&read[0]), "{teach}");
    }
}

/// The routes take no uniqueness step: a unique rectangle of type 1 built on an empty grid (r1c1,
/// r1c4, r2c1 with only 1 and 2, r2c4 with 1, 2 and 3) names its four cells, as HoDoKu does.
#[test]
fn unique_rectangle_names_its_cells() {
    let board = Board::standard(9).unwrap();
    let geo = Geometry::<2>::new(&board);
    let mut st = State::new(&geo, &[0; 81]).unwrap();
    let keep = |cell: usize| -> &[u8] {
        match cell {
            0 | 3 | 9 => &[1, 2],
            12 => &[1, 2, 3],
            _ => &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        }
    };
    let gone: Vec<Candidate> = (0..81)
        .flat_map(|cell| {
            (1..=9u8).filter(move |d| !keep(cell).contains(d)).map(move |digit| Candidate { cell, digit })
        })
        .collect();
    st.apply_step(&geo, &[], &gone);
    let mut moves = Vec::new();
    uniqueness::unique_rectangle(&SearchContext::plain(&geo), &st, &mut moves);
    let urc = Tech::from_code("URC").unwrap();
    let mv = moves.into_iter().find(|m| m.tech == urc).expect("a unique rectangle");
    let step: Step = mv.into();
    let cx = SearchContext::plain(&geo).building_patterns();
    let notation = pencilmark::card::notation::step_notation(&board, &cx, &st, &step);
    assert!(notation.contains("1/2 r12c14 => r2c4<>1,"), "{notation}");
}
