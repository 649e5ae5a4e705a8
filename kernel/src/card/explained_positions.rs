//! Every explanation level on a real position for the techniques the band route rarely reaches
//! (the cheaper case splits and chains get there first): the position before the step on a
//! reference route, the technique's own search run on it as the route runs it (no pattern), and
//! the step explained as a card explains it (the pattern found again). The routes' techniques are
//! checked on whole cards in kernel/tests/explanations_techniques.rs.

use super::notation::{step_notation, step_pattern};
use super::{short::short_text, teach::teach_text};
use crate::board::Board;
use crate::route::Step;
use crate::techniques::test_positions::{AACE, AICE, APEE, NLPE, QUIET, SDCE, classic9, from_grid};
use crate::techniques::{Finder, SearchContext, Tech, aic, als, cases, code};

/// The cell names ("r4c5") in a text, in order.
fn cell_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let number = |mut i: usize| {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > start).then_some(i)
    };
    for i in 0..b.len() {
        if b[i] == b'r'
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
            && let Some(j) = number(i + 1)
            && b.get(j) == Some(&b'c')
            && let Some(k) = number(j + 1)
        {
            out.push(text[i..k].to_string());
        }
    }
    out
}

/// The cheapest move of `tech` that `find` makes on the first of `grids` where it makes one,
/// explained: its notation holds the pattern (cells and every word of `marks`), its short
/// sentence is one sentence that starts with the result and names a cell of the pattern, and its
/// teach text names every result cell and that cell.
fn check(find: Finder<2>, tech: Tech, grids: &[&str], marks: &[&str]) {
    let (board, geo) = (Board::standard(9).unwrap(), classic9());
    let found = grids.iter().find_map(|g| {
        let st = from_grid(&geo, g);
        let mut moves = Vec::new();
        find(&SearchContext::plain(&geo), &st, &mut moves);
        moves.into_iter().filter(|m| m.tech == tech).min_by_key(|m| m.cost).map(|m| (st, Step::from(m)))
    });
    let (before, step) = found.unwrap_or_else(|| panic!("no {} move on the positions", tech.code()));
    let cx = SearchContext::plain(&geo).building_patterns();
    let pattern = step_pattern(&cx, &before, &step);
    let notation = step_notation(&board, &cx, &before, &step);
    let short = short_text(&board, &step, &pattern);
    let teach = teach_text(&board, &geo, &before, &step, &pattern)
        .unwrap_or_else(|| panic!("{}: no teach text for {notation}", tech.code()));

    let name = tech.name();
    let (head, result) = notation.split_once(" => ").unwrap_or_else(|| panic!("{notation}"));
    let head = head.strip_prefix(&format!("{name}: ")).unwrap_or_else(|| panic!("{notation}"));
    assert!(!cell_names(head).is_empty() || head.contains("r{"), "no cells in the pattern: {notation}");
    assert!(!result.is_empty(), "{notation}");
    for m in marks {
        assert!(head.contains(m), "{notation} should hold {m}");
    }
    let result_words = short.split(": ").next().unwrap();
    assert!(short.starts_with(&format!("{result_words}: {name}")), "{short}");
    assert!(!short.contains(". ") && !short.ends_with('.'), "one sentence: {short}");
    let named = cell_names(&short[result_words.len() + name.len() + 2..]);
    assert!(!named.is_empty(), "the short sentence names no cell of the pattern: {short}");
    let result_cells =
        step.placements.iter().chain(&step.eliminations).map(|c| board.cell_name(c.cell)).collect::<Vec<_>>();
    for cell in result_cells.iter().chain(&named[..1]) {
        assert!(teach.contains(cell.as_str()), "{teach} should name {cell}");
    }
    assert!(teach.ends_with('.') && teach.matches(". ").count() >= 2, "a few sentences: {teach}");
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
    check(cases::either_way::<2>, code::EWY, &[AICE.0, QUIET.0, APEE.0, AACE.0, NLPE.0, SDCE.0], &["("]);
}

#[test]
fn short_trial() {
    check(cases::short_trial::<2>, code::STR, &[AICE.0, QUIET.0, APEE.0, AACE.0, NLPE.0, SDCE.0], &["("]);
}
