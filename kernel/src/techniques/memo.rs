//! A per-digit memo for searches that look at one digit's candidates at a time (fish, X-chains),
//! a placed-digit memo for searches done in the head (they read the placed digits alone), moves
//! kept per whole position, and data several searches of one position share (`shared`).
//!
//! Such a search's moves for digit d depend only on the board and on where d is still open. One
//! step of a route changes the candidates of one or a few digits, so most digits are searched again
//! in a position that is, for them, the same as before; the reruns of the technique list (shrink,
//! alternatives) and the written route repeat them many more times. The memo keeps each digit's
//! moves, found as if the digit were searched first, and appends them under the search's cap on
//! moves per code, which gives the very list the search would have made.
//!
//! The memo is on only inside a `memo_scope`, which names the board and the start position: the
//! band route and then the model's written routes of one puzzle share the entries, and a scope on
//! another puzzle (or board) empties the memo first. The entries stay after the last scope ends,
//! until the next puzzle on this thread, so that the next scope on the same puzzle finds them.

use super::{Move, State, Tech};
use crate::bits::CellSet;
use crate::board::Geometry;
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
/// The puzzle (`identity` words) the entries belong to, and the entries.
type Entries = (Vec<u64>, HashMap<Key, Vec<Move>>);

/// Per type, the last position some data was built for, and the data.
type Shared = Vec<(TypeId, Vec<u64>, Rc<dyn Any>)>;

thread_local! {
    /// Data that several searches of one position read (the almost locked sets, say): kept for
    /// the last position each kind was built for, as the searches of a position run one by one.
    static SHARED: RefCell<Shared> = const { RefCell::new(Vec::new()) };
    /// The puzzles (board and start, as `identity` words) of the open scopes, innermost last.
    static SCOPES: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
    /// The puzzle the memo's entries belong to, and the entries.
    static MEMO: RefCell<Entries> = RefCell::new((Vec::new(), HashMap::new()));
}

/// Everything the per-digit searches read of a board (its houses and how they are grouped), then
/// the start position.
fn identity<const W: usize>(geo: &Geometry<W>, start: &State<W>) -> Vec<u64> {
    let mut id: Vec<u64> = vec![W as u64, geo.cells as u64, geo.digits as u64, geo.houses.len() as u64];
    for h in &geo.houses {
        id.extend_from_slice(&h.0);
    }
    for family in [&geo.rows, &geo.cols, &geo.boxes, &geo.complete_houses] {
        id.push(family.len() as u64);
        id.extend(family.iter().map(|&h| h as u64));
    }
    id.extend(geo.pos.iter().flat_map(|&(r, c)| [r as u64, c as u64]));
    for plane in start.planes[..geo.digits].iter().chain(std::iter::once(&start.placed)) {
        id.extend_from_slice(&plane.0);
    }
    id
}

/// Makes the memo's entries those of `id`'s puzzle (emptying it when they were another's).
fn claim(id: &[u64]) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.0 != id {
            m.0 = id.to_vec();
            m.1.clear();
            SHARED.with(|s| s.borrow_mut().clear());
        }
    });
}

/// Turns the memo on for this thread, for searches on `geo` from the puzzle `start`, until the
/// guard is dropped. Every search inside must be on that board.
pub fn memo_scope<const W: usize>(geo: &Geometry<W>, start: &State<W>) -> MemoScope {
    let id = identity(geo, start);
    claim(&id);
    SCOPES.with(|s| s.borrow_mut().push(id));
    MemoScope { _not_send: std::marker::PhantomData }
}

/// Ends a memo scope when dropped (an enclosing scope on another puzzle gets an empty memo back).
pub struct MemoScope {
    /// The scope belongs to the thread that opened it.
    _not_send: std::marker::PhantomData<*const ()>,
}

impl Drop for MemoScope {
    fn drop(&mut self) {
        SCOPES.with(|s| {
            let mut s = s.borrow_mut();
            s.pop();
            if let Some(outer) = s.last() {
                claim(outer);
            }
        });
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
    if SCOPES.with(|s| s.borrow().is_empty()) {
        search(out);
        return;
    }
    let key: Key = (searcher, d, plane.0.to_vec());
    let hit = MEMO.with(|m| m.borrow().1.get(&key).cloned());
    let own = match hit {
        Some(moves) => moves,
        None => {
            let mut own = Vec::new();
            search(&mut own);
            MEMO.with(|m| m.borrow_mut().1.insert(key, own.clone()));
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
/// `search` must read nothing of the position but those digits (a search done in the head, which
/// never reads the notes), and must not read `out`. Elimination steps leave the placed digits as
/// they were, and the reruns of the technique list reach the same placements in many orders, so
/// one entry serves many positions.
pub fn per_placements(
    searcher: Searcher,
    values: &[u8],
    out: &mut Vec<Move>,
    search: impl FnOnce(&mut Vec<Move>),
) {
    if !keeps_positions() {
        search(out);
        return;
    }
    // Digits up to 25 fit in a byte: eight cells a word.
    let packed: Vec<u64> = values
        .chunks(8)
        .map(|c| c.iter().enumerate().fold(0u64, |acc, (i, &v)| acc | (v as u64) << (8 * i)))
        .collect();
    kept_or_found((searcher, values.len(), packed), out, search);
}

/// Appends to `out` the moves kept under `key`, or those `search` finds (then kept).
fn kept_or_found(key: Key, out: &mut Vec<Move>, search: impl FnOnce(&mut Vec<Move>)) {
    if let Some(moves) = MEMO.with(|m| m.borrow().1.get(&key).cloned()) {
        out.extend(moves);
        return;
    }
    let mut own = Vec::new();
    search(&mut own);
    // A search the deadline cut short is not kept.
    if !crate::route::deadline_passed() {
        MEMO.with(|m| m.borrow_mut().1.insert(key, own.clone()));
    }
    out.extend(own);
}

fn position_key<const W: usize>(searcher: Searcher, geo: &Geometry<W>, st: &State<W>) -> Key {
    (searcher, 0, st.position_words(geo))
}

/// True when moves may be kept (inside a scope, and no step being explained: a step's pattern
/// is built only then, and those moves are not the memo's).
pub fn keeps_positions() -> bool {
    SCOPES.with(|s| !s.borrow().is_empty()) && !super::patterns_wanted()
}

/// Keeps `moves`, found for `searcher` by another search's pass over `st`, for `for_position`.
pub fn store_for_position<const W: usize>(
    searcher: Searcher,
    geo: &Geometry<W>,
    st: &State<W>,
    moves: Vec<Move>,
) {
    // A search the deadline cut short is not kept.
    if keeps_positions() && !crate::route::deadline_passed() {
        MEMO.with(|m| m.borrow_mut().1.insert(position_key(searcher, geo, st), moves));
    }
}

/// The moves kept for `searcher` in position `st`, if any.
pub fn for_position<const W: usize>(
    searcher: Searcher,
    geo: &Geometry<W>,
    st: &State<W>,
) -> Option<Vec<Move>> {
    if !keeps_positions() {
        return None;
    }
    MEMO.with(|m| m.borrow().1.get(&position_key(searcher, geo, st)).cloned())
}

/// The data `build` makes for position `st`, built once for the searches of that position that
/// ask for it in turn (inside a scope; outside one, built on every call). `build` must read
/// nothing but the position and the scope's board.
pub fn shared<T: 'static, const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    build: impl FnOnce() -> T,
) -> Rc<T> {
    if SCOPES.with(|s| s.borrow().is_empty()) {
        return Rc::new(build());
    }
    let key = st.position_words(geo);
    let kind = TypeId::of::<T>();
    let hit = SHARED.with(|s| {
        s.borrow().iter().find(|(k, at, _)| *k == kind && *at == key).map(|(_, _, data)| data.clone())
    });
    if let Some(data) = hit.and_then(|d| d.downcast::<T>().ok()) {
        return data;
    }
    let data = Rc::new(build());
    SHARED.with(|s| {
        let mut s = s.borrow_mut();
        s.retain(|(k, _, _)| *k != kind);
        s.push((kind, key, data.clone() as Rc<dyn Any>));
    });
    data
}

/// Appends to `out` the moves `search` makes in position `st`, kept per whole position. `search`
/// must read nothing but the position and the scope's board, and must not read `out`.
pub fn per_position<const W: usize>(
    searcher: Searcher,
    geo: &Geometry<W>,
    st: &State<W>,
    out: &mut Vec<Move>,
    search: impl FnOnce(&mut Vec<Move>),
) {
    if !keeps_positions() {
        search(out);
        return;
    }
    kept_or_found(position_key(searcher, geo, st), out, search);
}
