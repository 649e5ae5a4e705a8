//! The 9x9 count path allocates nothing per call (a counting global allocator shows zero).

use pencilmark::solve::classic9 as c9;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Only this test thread's allocations count (the harness's threads may allocate meanwhile).
    static TRACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn note() {
    if TRACK.with(|t| t.get()) {
        ALLOCS.fetch_add(1, Ordering::SeqCst);
    }
}

// SAFETY: forwards to the system allocator unchanged, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        note();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static A: Counting = Counting;

fn parse(s: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (i, c) in s.bytes().enumerate() {
        g[i] = if c == b'.' { 0 } else { c - b'0' };
    }
    g
}

#[test]
fn count_allocates_nothing() {
    let puzzles = [
        parse("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"),
        parse(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."),
        parse("..............1..2..3..4.5...........1...67..8...5..3.........6...8.....5.2.3...."),
        [0u8; 81],
    ];
    // Warm up: std's one-time CPU feature detection may allocate on first use.
    let mut sol = [0u8; 81];
    for p in &puzzles {
        c9::count(p, 2, Some(&mut sol));
    }
    TRACK.with(|t| t.set(true));
    // The counter sees this thread's allocations.
    drop(Vec::<u8>::with_capacity(std::hint::black_box(16)));
    assert_eq!(ALLOCS.load(Ordering::SeqCst), 1);
    let before = ALLOCS.load(Ordering::SeqCst);
    let mut total = 0;
    for p in &puzzles {
        total += c9::count(p, 2, Some(&mut sol));
        total += c9::count(p, 50, None);
        total += c9::count_portable(p, 2, Some(&mut sol));
    }
    let after = ALLOCS.load(Ordering::SeqCst);
    TRACK.with(|t| t.set(false));
    assert!(total > 0);
    assert_eq!(after - before, 0, "the 9x9 count path allocated");
}
