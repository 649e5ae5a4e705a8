//! Fuzzes the puzzle reader (one-line and sudoku-puzzle documents): it must never panic, and a
//! document it accepts must turn into a board (or a clean error) and back into a document.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = pencilmark::format::read(text) else { return };
    let _ = p.to_document();
    let _ = p.unsolved_families();
});
