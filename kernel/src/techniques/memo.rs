//! A per-digit memo for searches that look at one digit's candidates at a time (fish, X-chains),
//! a placed-digit memo for searches done in the head (they read the placed digits alone), moves
//! kept per whole position, data several searches of one position share (`shared`), and the rule
//! layer's filling searches (`fillings`, keyed by the rules, the cells and their candidates).
//!
//! Such a search's moves for digit d depend only on the board and on where d is still open. One
//! step of a route changes the candidates of one or a few digits, so most digits are searched again
//! in a position that is, for them, the same as before; the reruns of the technique list (shrink,
//! alternatives) and the written route repeat them many more times. The memo keeps each digit's
//! moves, found as if the digit were searched first, and appends them under the search's cap on
//! moves per code, which gives the very list the search would have made.
//!
//! The memo is a value, [`Memo`], owned by the rating of one puzzle and lent to its searches in
//! their [`SearchContext`]: the band route and then the model's written routes of the puzzle
//! share the entries, and they are dropped with the rating. A context without a memo (a single
//! search in a test, the notation's re-run of a step) searches afresh every time.

use super::{Move, SearchContext, State, Tech};
use crate::bits::CellSet;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Which per-digit search a memo entry belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Searcher {
    XWing,
    Fish,
    XChain,
    /// The X-chain search within the written route's short-chain limit.
    ShortXChain,
    /// The X-chain search of SE's way (longer chains).
    LongXChain,
    /// Searches on the placed-digit view: keyed by the placed digits alone.
    HeadChain,
    HeadSubset,
    HeadLock,
    /// Nice loops, found by the AIC search's own pass: keyed by the whole position.
    NiceLoop,
    /// The nice loops of the written route's short AICs.
    ShortNiceLoop,
    /// Searches whose moves are kept per whole position (the band route and the written route
    /// meet some positions; the costliest searches are not run twice there).
    AlsChain,
    CaseAnalysis,
}

type Key = (Searcher, usize, Vec<u64>);

/// Per type, the last position some data was built for, and the data.
type Shared = Vec<(TypeId, Vec<u64>, Rc<dyn Any>)>;

/// The memo of one rating: owned by the call that rates a puzzle and handed to its searches
/// through their [`SearchContext`], so that nothing outlives the call and two ratings never
/// share entries. Every search that uses one memo must be on one board.
#[derive(Default)]
pub struct Memo {
    /// Moves kept per searcher and key.
    entries: RefCell<HashMap<Key, Vec<Move>>>,
    /// Data that several searches of one position read (the almost locked sets, say): kept for
    /// the last position each kind was built for, as the searches of a position run one by one.
    shared: RefCell<Shared>,
    /// The rule layer's filling searches (`rule_moves`): a pure function of the rules read, the
    /// cells and their candidates, keyed by all three; the result is the cells' narrowed
    /// candidates (None when the rules cannot hold or the search passed its bound).
    fillings: RefCell<HashMap<Vec<u32>, Option<Vec<u32>>>>,
}

impl Memo {
    fn get(&self, key: &Key) -> Option<Vec<Move>> {
        self.entries.borrow().get(key).cloned()
    }

    fn keep(&self, key: Key, moves: Vec<Move>) {
        self.entries.borrow_mut().insert(key, moves);
    }

    /// The filling search's result kept under `key`, or the one `search` gives (then kept).
    /// The entries are dropped once there are `FILLINGS_KEPT` of them, which bounds the memory
    /// of a long rating; every entry is a pure function of its key, so results never depend on
    /// what was kept.
    pub fn fillings(&self, key: Vec<u32>, search: impl FnOnce() -> Option<Vec<u32>>) -> Option<Vec<u32>> {
        if let Some(found) = self.fillings.borrow().get(&key) {
            return found.clone();
        }
        let found = search();
        let mut kept = self.fillings.borrow_mut();
        if kept.len() >= FILLINGS_KEPT {
            kept.clear();
        }
        kept.insert(key, found.clone());
        found
    }
}

/// At most this many filling searches are kept (a few tens of megabytes at most).
const FILLINGS_KEPT: usize = 100_000;

impl<const W: usize> SearchContext<'_, W> {
    /// The memo, when moves may be kept: not while a step is explained (patterns are built only
    /// then, and those moves are not the memo's).
    fn position_memo(&self) -> Option<&Memo> {
        self.memo.filter(|_| !self.patterns)
    }

    /// True when moves may be kept per position (see `position_memo`).
    pub fn keeps_positions(&self) -> bool {
        self.position_memo().is_some()
    }

    /// Appends to `out` the moves `search` makes for digit `d`, whose open candidates are `plane`;
    /// `out` must hold nothing but the moves of the digits searched before it. `search` appends
    /// the digit's moves to the list it is given, collecting at most `cap` moves of one code
    /// (counting the moves the list held before), and reads nothing but `plane` and the board.
    pub fn per_digit(
        &self,
        searcher: Searcher,
        d: usize,
        plane: &CellSet<W>,
        cap: usize,
        out: &mut Vec<Move>,
        search: impl FnOnce(&mut Vec<Move>),
    ) {
        let Some(memo) = self.memo else {
            search(out);
            return;
        };
        let key: Key = (searcher, d, plane.0.to_vec());
        let own = match memo.get(&key) {
            Some(moves) => moves,
            None => {
                let mut own = Vec::new();
                search(&mut own);
                memo.keep(key, own.clone());
                own
            }
        };
        // The search skips a move once `cap` of its code are listed; the moves of earlier digits
        // count too (no move of another digit is ever the same move, so nothing else differs).
        let mut listed: Vec<(Tech, usize)> = Vec::new();
        for m in &out[..] {
            match listed.iter_mut().find(|(t, _)| *t == m.tech) {
                Some((_, n)) => *n += 1,
                None => listed.push((m.tech, 1)),
            }
        }
        for m in own {
            let n = match listed.iter_mut().find(|(t, _)| *t == m.tech) {
                Some((_, n)) => n,
                None => {
                    listed.push((m.tech, 0));
                    &mut listed.last_mut().expect("just pushed").1
                }
            };
            if *n < cap {
                *n += 1;
                out.push(m);
            }
        }
    }

    /// Appends to `out` the moves `search` makes in a position whose placed digits are `values`;
    /// `search` must read nothing of the position but those digits (a search done in the head,
    /// which never reads the notes), and must not read `out`. Elimination steps leave the placed
    /// digits as they were, and the reruns of the technique list reach the same placements in
    /// many orders, so one entry serves many positions.
    pub fn per_placements(
        &self,
        searcher: Searcher,
        values: &[u8],
        out: &mut Vec<Move>,
        search: impl FnOnce(&mut Vec<Move>),
    ) {
        let Some(memo) = self.position_memo() else {
            search(out);
            return;
        };
        // Digits up to 25 fit in a byte: eight cells a word.
        let packed: Vec<u64> = values
            .chunks(8)
            .map(|c| c.iter().enumerate().fold(0u64, |acc, (i, &v)| acc | (v as u64) << (8 * i)))
            .collect();
        self.kept_or_found(memo, (searcher, values.len(), packed), out, search);
    }

    /// Appends to `out` the moves kept under `key`, or those `search` finds (then kept).
    fn kept_or_found(&self, memo: &Memo, key: Key, out: &mut Vec<Move>, search: impl FnOnce(&mut Vec<Move>)) {
        if let Some(moves) = memo.get(&key) {
            out.extend(moves);
            return;
        }
        let mut own = Vec::new();
        search(&mut own);
        // A search the budget cut short is not kept.
        if !self.budget.passed() {
            memo.keep(key, own.clone());
        }
        out.extend(own);
    }

    fn position_key(&self, searcher: Searcher, st: &State<W>) -> Key {
        (searcher, 0, st.position_words(self.geo))
    }

    /// Keeps `moves`, found for `searcher` by another search's pass over `st`, for `for_position`.
    pub fn store_for_position(&self, searcher: Searcher, st: &State<W>, moves: Vec<Move>) {
        // A search the budget cut short is not kept.
        if let Some(memo) = self.position_memo()
            && !self.budget.passed()
        {
            memo.keep(self.position_key(searcher, st), moves);
        }
    }

    /// The moves kept for `searcher` in position `st`, if any.
    pub fn for_position(&self, searcher: Searcher, st: &State<W>) -> Option<Vec<Move>> {
        self.position_memo()?.get(&self.position_key(searcher, st))
    }

    /// The data `build` makes for position `st`, built once for the searches of that position
    /// that ask for it in turn (with a memo; without one, built on every call). `build` must read
    /// nothing but the position and the board.
    pub fn shared<T: 'static>(&self, st: &State<W>, build: impl FnOnce() -> T) -> Rc<T> {
        let Some(memo) = self.memo else {
            return Rc::new(build());
        };
        let key = st.position_words(self.geo);
        let kind = TypeId::of::<T>();
        let hit = memo
            .shared
            .borrow()
            .iter()
            .find(|(k, at, _)| *k == kind && *at == key)
            .map(|(_, _, data)| data.clone());
        if let Some(data) = hit.and_then(|d| d.downcast::<T>().ok()) {
            return data;
        }
        let data = Rc::new(build());
        let mut shared = memo.shared.borrow_mut();
        shared.retain(|(k, _, _)| *k != kind);
        shared.push((kind, key, data.clone() as Rc<dyn Any>));
        data
    }

    /// Appends to `out` the moves `search` makes in position `st`, kept per whole position.
    /// `search` must read nothing but the position and the board, and must not read `out`.
    pub fn per_position(
        &self,
        searcher: Searcher,
        st: &State<W>,
        out: &mut Vec<Move>,
        search: impl FnOnce(&mut Vec<Move>),
    ) {
        let Some(memo) = self.position_memo() else {
            search(out);
            return;
        };
        self.kept_or_found(memo, self.position_key(searcher, st), out, search);
    }
}
