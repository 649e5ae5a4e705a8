//! Every explanation level on a real position for the techniques the band route rarely reaches
//! (the cheaper case splits and chains get there first): the position before the step on a
//! reference route, the technique's own search run on it as the route runs it (no pattern), and
//! the step explained as a card explains it (the pattern found again); and the variant families
//! whose techniques the reference generator's puzzles do not reach, each on an empty board under
//! one of its rules. The routes' techniques are checked on whole cards in
//! kernel/tests/explanations_techniques.rs.

use super::notation::{step_notation, step_pattern};
use super::{short::short_text, teach::teach_text};
use crate::board::{Board, Geometry};
use crate::route::Step;
use crate::rules::RuleSolver;
use crate::techniques::rule_moves::{self, RuleTechniques};
use crate::techniques::test_positions::{
    AACE, AICE, APEE, CARD208_STEP9, NLPE, QUIET, SDCE, classic9, from_candidates, from_grid,
};
use crate::techniques::{Finder, SearchContext, State, Tech, aic, als, cases, chains, code, forcing, wings};
// One reader of cell names for these tests and the explanation tests of kernel/tests.
#[path = "../../tests/common/cell_names.rs"]
mod cell_names;
use cell_names::cell_names;

/// The cheapest move of `tech` that `find` makes on the first of `grids` (candidate grids) where
/// it makes one, explained as the route's step would be.
fn check(find: Finder<2>, tech: Tech, grids: &[&str], marks: &[&str]) {
    let geo = classic9();
    check_states(find, tech, grids.iter().map(|g| from_grid(&geo, g)).collect(), marks);
}

/// [`check`] on positions given as states.
fn check_states(find: Finder<2>, tech: Tech, states: Vec<State<2>>, marks: &[&str]) {
    let (board, geo) = (Board::standard(9).unwrap(), classic9());
    let found = states.into_iter().find_map(|st| {
        let mut moves = Vec::new();
        find(&SearchContext::plain(&geo), &st, &mut moves);
        moves.into_iter().filter(|m| m.tech == tech).min_by_key(|m| m.cost).map(|m| (st, Step::from(m)))
    });
    let (before, step) = found.unwrap_or_else(|| panic!("no {} move on the positions", tech.code()));
    check_explained(&board, &SearchContext::plain(&geo), &before, &step, marks);
}

/// `step` (a route's move, without its pattern) explained on `before`: its notation holds the
/// pattern (cells and every word of `marks`), its short sentence is one sentence that starts with
/// the result and names a cell of the pattern, and its teach text is a few sentences naming every
/// result cell and that cell.
fn check_explained(board: &Board, cx: &SearchContext<2>, before: &State<2>, step: &Step, marks: &[&str]) {
    let (tech, geo) = (step.tech, cx.geo);
    let cx = cx.building_patterns();
    let pattern = step_pattern(&cx, before, step);
    let notation = step_notation(board, &cx, before, step);
    let short = short_text(board, step, &pattern);
    let teach = teach_text(board, geo, before, step, &pattern)
        .unwrap_or_else(|| panic!("{}: no teach text for {notation}", tech.code()));

    let name = tech.name();
    let (head, result) = notation.split_once(" => ").unwrap_or_else(|| panic!("{notation}"));
    let head = head.strip_prefix(&format!("{name}: ")).unwrap_or_else(|| panic!("{notation}"));
    // Pattern Overlay's pattern is its digit's placement patterns, which no cells name.
    let cells = tech != code::POM;
    assert!(
        !cells || !cell_names(head).is_empty() || head.contains("r{"),
        "no cells in the pattern: {notation}"
    );
    assert!(!result.is_empty(), "{notation}");
    for m in marks {
        assert!(head.contains(m), "{notation} should hold {m}");
    }
    let result_words = short.split(": ").next().unwrap();
    assert!(short.starts_with(&format!("{result_words}: {name}")), "{short}");
    assert!(!short.contains(". ") && !short.ends_with('.'), "one sentence: {short}");
    let named = cell_names(&short[result_words.len() + name.len() + 2..]);
    assert!(!cells || !named.is_empty(), "the short sentence names no cell of the pattern: {short}");
    let result_cells =
        step.placements.iter().chain(&step.eliminations).map(|c| board.cell_name(c.cell)).collect::<Vec<_>>();
    for cell in result_cells.iter().chain(named.first()) {
        assert!(teach.contains(cell.as_str()), "{teach} should name {cell}");
    }
    assert!(teach.ends_with('.') && teach.matches(". ").count() >= 2, "a few sentences: {teach}");
}

#[test]
fn fireworks() {
    let geo = classic9();
    check_states(wings::fireworks::<2>, code::FIR, vec![from_candidates(&geo, CARD208_STEP9)], &[]);
}

/// Four bivalue cells {1, 2}, each seeing the next (r1c1 - r1c5 - r5c5 - r5c9); r1c9 and r5c1 see
/// both ends.
#[test]
fn remote_pairs() {
    let mut tokens = vec!["3456789"; 81];
    for cell in [0, 4, 40, 44] {
        tokens[cell] = "12";
    }
    tokens[8] = "123";
    tokens[36] = "123";
    check(chains::remote_pairs::<2>, code::RMP, &[&tokens.join(" ")], &[]);
}

const SHARED: [&str; 6] = [AICE.0, QUIET.0, APEE.0, AACE.0, NLPE.0, SDCE.0];

#[test]
fn nishio() {
    check(forcing::nishio::<2>, code::NIS, &SHARED, &["(contradiction)"]);
}

#[test]
fn pattern_overlay() {
    check(forcing::pattern_overlay::<2>, code::POM, &SHARED, &["no placement pattern"]);
}

/// The variant technique `tech` on an empty 9x9 board under `rules` (exchange-format rule
/// objects besides the boxes): the start a route takes (what the rules state applied), the rule
/// moves found there as the route finds them, the cheapest of `tech` explained.
fn check_rule(rules: &str, tech: Tech) {
    let text = format!(
        r#"{{"format": "sudoku-puzzle", "format_version": 1, "board": {{"rows": 9, "cols": 9}},
            "digits": 9, "givens": {:?},
            "rules": [{{"type": "box_grid", "origin": "r1c1", "box": [3, 3]}}, {rules}]}}"#,
        [0u8; 81]
    );
    let puzzle = crate::format::read(&text).unwrap_or_else(|e| panic!("{rules}: {e}"));
    let solver = RuleSolver::new(puzzle.document.as_deref().unwrap(), &puzzle.board).unwrap();
    let rt = RuleTechniques::new(solver);
    let board = puzzle.board.with_implied_houses();
    let geo = Geometry::<2>::new(&board);
    let mut st = State::new(&geo, &puzzle.givens).unwrap();
    let stated = rt.start_eliminations(&geo, &st);
    st.apply_step(&geo, &[], &stated);
    let cx = SearchContext::plain(&geo).with_rules(&rt);
    let mut moves = Vec::new();
    rule_moves::rule_eliminations(&cx, &st, &mut moves);
    let mv = moves
        .into_iter()
        .filter(|m| m.tech == tech)
        .min_by_key(|m| m.cost)
        .unwrap_or_else(|| panic!("no {} move under {rules}", tech.code()));
    check_explained(&board, &cx, &st, &Step::from(mv), &[]);
}

#[test]
fn variant_families() {
    let cases = [
        (
            r#"{"type": "sum", "kind": "little_killer", "sum": 6, "side": "left", "cells": ["r5c1", "r6c2", "r7c3"]}"#,
            code::SUM,
        ),
        (
            r#"{"type": "sandwich", "sum": 35, "side": "left", "cells": ["r5c1", "r5c2", "r5c3", "r5c4", "r5c5", "r5c6", "r5c7", "r5c8", "r5c9"]}"#,
            code::SWC,
        ),
        (
            r#"{"type": "xsum", "sum": 1, "side": "right", "cells": ["r8c9", "r8c8", "r8c7", "r8c6", "r8c5", "r8c4", "r8c3", "r8c2", "r8c1"]}"#,
            code::XSC,
        ),
        (
            r#"{"type": "skyscraper", "value": 2, "side": "bottom", "cells": ["r9c7", "r8c7", "r7c7", "r6c7", "r5c7", "r4c7", "r3c7", "r2c7", "r1c7"]}"#,
            code::SKC,
        ),
        (
            r#"{"type": "table", "cells": ["r7c1", "r7c2"], "allowed": [[1, 2], [2, 1]], "label": "swap"}"#,
            code::TBL,
        ),
        (r#"{"type": "line", "kind": "region_sum", "cells": ["r4c1", "r4c2", "r4c3", "r4c4"]}"#, code::EQS),
        (
            r#"{"type": "cell", "kind": "even", "cells": ["r1c1"]}, {"type": "line", "kind": "parity", "cells": ["r1c1", "r1c2"]}"#,
            code::LNC,
        ),
        (
            r#"{"type": "cell", "kind": "odd", "cells": ["r4c3"]}, {"type": "line", "kind": "palindrome", "cells": ["r4c3", "r4c4", "r5c5", "r6c6", "r6c7"]}"#,
            code::EQD,
        ),
        (r#"{"type": "count", "kind": "circles", "cells": ["r1c1", "r5c5", "r9c9"]}"#, code::CNT),
        (r#"{"type": "contains", "digits": [1, 2], "cells": ["r1c1", "r1c2"]}"#, code::CBL),
    ];
    for (rules, tech) in cases {
        check_rule(rules, tech);
    }
}

#[test]
fn als_chain() {
    check(als::als_chain::<2>, code::AAC, &[AACE.0], &["{"]);
}

#[test]
fn death_blossom() {
    check(als::death_blossom::<2>, code::DEB, &[AICE.0], &["{"]);
}

#[test]
fn sue_de_coq() {
    check(als::sue_de_coq::<2>, code::SDC, &[SDCE.0], &["{", "("]);
}

#[test]
fn aligned_pair_exclusion() {
    check(als::aligned_pair_exclusion::<2>, code::APE, &[APEE.0], &["excluded by"]);
}

#[test]
fn nice_loop() {
    check(aic::nice_loop::<2>, code::NLP, &[NLPE.0], &["=4="]);
}

#[test]
fn either_way() {
    check(cases::either_way::<2>, code::EWY, &SHARED, &["("]);
}

#[test]
fn short_trial() {
    check(cases::short_trial::<2>, code::STR, &SHARED, &["("]);
}
