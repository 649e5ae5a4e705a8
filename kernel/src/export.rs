//! The canonical export of a `sudoku-puzzle` document with its unique solution (puzzle-format.md
//! 5.3): the format layer writes, this module proves. It sits above `solve` because the proof is a
//! search, and `format` stays below it (reading and writing never search).

use crate::Error;
use crate::format::json::Json;
use crate::format::{self, Document};
use crate::solve::{self, Solver};

/// How many search nodes the canonical writer spends proving a puzzle unique before it gives up
/// with an error (a deterministic bound, a few seconds at most on the largest boards).
pub const EXPORT_MAX_NODES: u64 = 1_000_000;

/// The rule layer's search gets this fraction of the node budget: its nodes propagate every rule
/// (with the whole budget, exporting the exchange fixtures took 23 s instead of under 1 s).
const RULE_NODE_SHARE: u64 = 100;

/// The canonical text of a document: `dumps(to_export(doc))`.
#[cfg(any(test, feature = "internals"))]
pub fn canonical_text(doc: &Document) -> Result<String, Error> {
    canonical_text_with_budget(doc, EXPORT_MAX_NODES)
}

/// As [`canonical_text`], with the number of search nodes the uniqueness proof may use.
pub fn canonical_text_with_budget(doc: &Document, max_nodes: u64) -> Result<String, Error> {
    Ok(format::canonical::dumps(&to_export_with_budget(doc, true, true, max_nodes)?, true))
}

/// The reference's `to_export`: the document read into the engine model and written back in one
/// spelling per mechanic (5.3), rules in the order of 5.4. `with_solution` adds the unique
/// solution (only for puzzles whose rules the engine solves); `describe` fills an empty
/// `meta.type` / `meta.rules_text` (section 7).
#[cfg(any(test, feature = "internals"))]
pub fn to_export(doc: &Document, with_solution: bool, describe: bool) -> Result<Json, Error> {
    to_export_with_budget(doc, with_solution, describe, EXPORT_MAX_NODES)
}

/// As [`to_export`], with the number of search nodes the uniqueness proof may use: an error
/// when uniqueness is not decided within them.
pub fn to_export_with_budget(
    doc: &Document,
    with_solution: bool,
    describe: bool,
    max_nodes: u64,
) -> Result<Json, Error> {
    let solution = if with_solution {
        // The writer reads a house-less plain board as the classic one; so does the proof.
        let implied = format::writer::with_implied_houses(doc);
        unique_solution(implied.as_ref().unwrap_or(doc), max_nodes)?
    } else {
        None
    };
    Ok(format::writer::write_export(doc, solution.as_deref(), describe))
}

/// The unique solution of a puzzle whose rules the engine solves, in reading order; `None` when
/// it has none or several (or rules the engine does not solve). A puzzle of houses only that
/// `max_nodes` do not decide is an error; one with other rules (the rule layer's search, its
/// share of the budget) then goes without a solution, as the reference's text does where its
/// solver gives up.
fn unique_solution(doc: &Document, max_nodes: u64) -> Result<Option<Vec<u8>>, Error> {
    if !doc.houses_only() {
        let Ok(p) = format::from_document(doc.clone()) else { return Ok(None) };
        // Vendor rules and `custom` are not solved: the text carries no solution.
        let Ok(solver) = crate::rules::RuleSolver::new(doc, &p.board) else { return Ok(None) };
        let nodes = (max_nodes / RULE_NODE_SHARE).max(1);
        return match solver.count_cut(&p.givens, 2, Some(solve::Cutoff::Nodes(nodes))) {
            Ok(c) if c.count == 1 => Ok(c.solution),
            Ok(_) | Err(_) => Ok(None),
        };
    }
    let Ok(p) = format::from_document(doc.clone()) else { return Ok(None) };
    let Ok(solver) = Solver::new(&p.board) else { return Ok(None) };
    match solver.count_with_budget(&p.givens, 2, max_nodes) {
        Ok(c) if c.count == 1 => Ok(c.solution),
        Ok(_) => Ok(None),
        Err(e) => Err(Error::SearchLimit { max_nodes: e.max_nodes }),
    }
}
