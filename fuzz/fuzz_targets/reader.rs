//! Fuzzes the puzzle reader (one-line and sudoku-puzzle documents) and, for documents it accepts,
//! the canonical writer and the fingerprint: none of them may panic, and the canonical text must
//! read back to the same fingerprint.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = pencilmark::format::read(text) else { return };
    let doc = p.to_document();
    if doc.rows * doc.cols > 2000 {
        return;
    }
    let (Ok(fp), Ok(canon)) = (pencilmark::format::fingerprint(&doc), pencilmark::format::canonical_text(&doc)) else {
        return;
    };
    if let Ok(back) = pencilmark::format::read_document(&canon) {
        assert_eq!(pencilmark::format::fingerprint(&back).ok(), Some(fp));
    }
});
