//! What every search reads besides the position: the board, the call's time budget, the rating's
//! memo and whether moves carry their patterns. One value, handed down by the caller, in place of
//! per-thread state: a search is a function of its context and its position.

use super::memo::Memo;
use super::rule_moves::RuleTechniques;
use crate::board::Geometry;
use crate::budget::Budget;

/// The context of the searches of one rating (or of one search run on its own).
#[derive(Clone, Copy)]
pub struct SearchContext<'a, const W: usize> {
    /// The board the searches run on.
    pub geo: &'a Geometry<W>,
    /// The long searches stop between cases once it has passed (their moves so far stand, and
    /// the caller sees the budget passed).
    pub budget: Budget,
    /// The rating's memo; None searches afresh every time.
    pub memo: Option<&'a Memo>,
    /// Build each move's pattern (the notation's re-run of a step's search). The memos that
    /// keep whole moves are bypassed then: their entries carry no pattern.
    pub patterns: bool,
    /// The puzzle's rules other than houses (None for a board of houses only): the variant
    /// techniques read them, trial searches with them, and the uniqueness techniques stay off.
    pub rules: Option<&'a RuleTechniques>,
}

impl<'a, const W: usize> SearchContext<'a, W> {
    /// Searches on `geo` with no budget, no memo and no patterns.
    pub fn plain(geo: &'a Geometry<W>) -> Self {
        SearchContext { geo, budget: Budget::UNLIMITED, memo: None, patterns: false, rules: None }
    }

    /// This context with `memo`.
    pub fn with_memo(self, memo: &'a Memo) -> Self {
        SearchContext { memo: Some(memo), ..self }
    }

    /// This context with `budget`.
    pub fn with_budget(self, budget: Budget) -> Self {
        SearchContext { budget, ..self }
    }

    /// This context with the puzzle's rules.
    pub fn with_rules(self, rules: &'a RuleTechniques) -> Self {
        SearchContext { rules: Some(rules), ..self }
    }

    /// This context building patterns, without a memo (its entries carry none).
    pub fn building_patterns(self) -> Self {
        SearchContext { patterns: true, memo: None, ..self }
    }
}
