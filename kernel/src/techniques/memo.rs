//! A per-digit memo for searches that look at one digit's candidates at a time (fish, X-chains).
//!
//! Such a search's moves for digit d depend only on the board and on where d is still open. One
//! step of a route changes the candidates of one or a few digits, so most digits are searched again
//! in a position that is, for them, the same as before; the reruns of the technique list (shrink,
//! alternatives) and the written route repeat them many more times. The memo keeps each digit's
//! moves, found as if the digit were searched first, and appends them under the search's cap on
//! moves per code, which gives the very list the search would have made.
//!
//! The memo is on only inside a `memo_scope` (one board at a time on this thread) and is emptied
//! when the outermost scope ends.

use super::{Move, Tech};
use crate::bits::CellSet;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// Which per-digit search a memo entry belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Searcher {
    XWing,
    Fish,
    XChain,
}

type Key = (Searcher, usize, Vec<u64>);

thread_local! {
    /// How many scopes are open on this thread (the memo is on while any is).
    static DEPTH: Cell<usize> = const { Cell::new(0) };
    static MEMO: RefCell<HashMap<Key, Vec<Move>>> = RefCell::new(HashMap::new());
}

/// Turns the memo on for this thread until the guard is dropped. Every search inside must be on
/// one board (one geometry): the memo's keys do not name it.
pub fn memo_scope() -> MemoScope {
    DEPTH.with(|d| d.set(d.get() + 1));
    MemoScope { _not_send: std::marker::PhantomData }
}

/// Ends a memo scope when dropped; the outermost one empties the memo.
pub struct MemoScope {
    /// The scope belongs to the thread that opened it.
    _not_send: std::marker::PhantomData<*const ()>,
}

impl Drop for MemoScope {
    fn drop(&mut self) {
        let depth = DEPTH.with(|d| {
            d.set(d.get() - 1);
            d.get()
        });
        if depth == 0 {
            MEMO.with(|m| m.borrow_mut().clear());
        }
    }
}

/// Appends to `out` the moves `search` makes for digit `d`, whose open candidates are `plane`;
/// `out` must hold nothing but the moves of the digits searched before it. `search` appends
/// the digit's moves to the list it is given, collecting at most `cap` moves of one code (counting
/// the moves the list held before), and reads nothing but `plane` and the board.
pub fn per_digit<const W: usize>(
    searcher: Searcher,
    d: usize,
    plane: &CellSet<W>,
    cap: usize,
    out: &mut Vec<Move>,
    search: impl FnOnce(&mut Vec<Move>),
) {
    if DEPTH.with(|d| d.get()) == 0 {
        search(out);
        return;
    }
    let key: Key = (searcher, d, plane.0.to_vec());
    let hit = MEMO.with(|m| m.borrow().get(&key).cloned());
    let own = match hit {
        Some(moves) => moves,
        None => {
            let mut own = Vec::new();
            search(&mut own);
            MEMO.with(|m| m.borrow_mut().insert(key, own.clone()));
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
