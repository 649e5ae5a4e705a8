//! The pencilmark C ABI: a thin layer over the `pencilmark` kernel, built as `libpencilmark.so` /
//! `libpencilmark.a`, with the header `include/pencilmark.h` generated from this file by cbindgen
//! (`PENCILMARK_BLESS=1 cargo test -p pencilmark-tests --test header`).
//!
//! Every export is `#[unsafe(no_mangle)] pub unsafe extern "C" fn` whose body runs inside
//! [`ffi_boundary!`]: a panic becomes a fallback value, never an unwind into C. Pointers are
//! checked for NULL, text is checked for UTF-8, and results are owned strings released only by
//! [`pm_free`]. There is no global mutable state; see the header's top comment for the
//! thread-safety statement.
//!
//! Rust names equal C names, hence `non_camel_case_types`.

#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]
#![allow(non_camel_case_types)]

#[macro_use]
mod boundary;
mod jobs;
mod many;

use std::ffi::{CString, c_char};

use boundary::{StrError, borrow_bytes, borrow_str, into_c_string};
use engine::{ErrorKind, error_object};

/// The ABI version this header describes. Compare it with pm_abi_version() once at start-up: a
/// library with another ABI version must not be used with this header.
pub const PENCILMARK_ABI_VERSION: u32 = 1;

/// The largest cell array the fast paths take: a 25x25 board.
pub const PM_MAX_CELLS: usize = 625;

/// Status codes. Functions return them as int32_t (never as this enum type); every failure is
/// negative, so a non-negative result of pm_count_solutions or pm_solve is a count.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum pm_status {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullArgument = -1,
    /// A text argument was not valid UTF-8.
    InvalidUtf8 = -2,
    /// The cells do not form a puzzle: a length that is not a square board (16, 36, 64, 81, 100,
    /// 144, 196, 225, 256, 400 or 625 cells), or a byte that is neither a value 0..=D nor a symbol
    /// of the one-line form.
    InvalidPuzzle = -3,
    /// The options JSON was not valid.
    InvalidOptions = -4,
    /// This CPU lacks an instruction-set extension the library was compiled for.
    CpuUnsupported = -5,
    /// The library failed internally (a caught panic); the call had no effect.
    Panic = -6,
    /// The output buffer is shorter than the cell array.
    BufferTooSmall = -7,
    /// The time limit passed before the count was finished.
    Undecided = -8,
}

/// "pencilmark <version> abi=<abi> simd=<level>" for each SIMD level the kernel reports.
macro_rules! version_text {
    ($level:literal) => {
        concat!("pencilmark ", env!("CARGO_PKG_VERSION"), " abi=1 simd=", $level, "\0")
    };
}

/// The static version string for this build and CPU.
fn version_text() -> &'static str {
    match engine::simd_level() {
        "sse2" => version_text!("sse2"),
        "avx2" => version_text!("avx2"),
        "avx512f" => version_text!("avx512f"),
        "neon" => version_text!("neon"),
        "scalar" => version_text!("scalar"),
        _ => version_text!("unknown"),
    }
}

/// The library's version, ABI version and SIMD level, e.g. "pencilmark 1.1.0 abi=1 simd=sse2".
///
/// The string is static: never free it.
///
/// # Safety
///
/// None: callable from any thread at any time.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_version() -> *const c_char {
    ffi_boundary! { version_text().as_ptr().cast::<c_char>() }
}

/// The ABI version of the loaded library. Compare it with PENCILMARK_ABI_VERSION at start-up.
///
/// # Safety
///
/// None: callable from any thread at any time.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_abi_version() -> u32 {
    ffi_boundary! { PENCILMARK_ABI_VERSION }
}

/// Rates one puzzle: a one-line classic (81 symbols for 9x9, '.' or '0' for a blank; other sizes
/// by length; whitespace is ignored).
///
/// `options_json` is NULL or "" for the defaults, or a JSON object with the keys "fields" (array
/// of card field names), "alternatives" (bool), "max_seconds" (number: a time limit per card; the
/// card then carries "completed"), "allow_guessing" (bool: stop where logic runs out, band
/// "Unknown"), "explain" (steps with their explanations: true for every level, or a level
/// "notation", "short" or "teach", or a list of them; notation comes with any),
/// "grader_model" (object of named model overrides, e.g. {"score.map.A": "x1.2"}), "quality"
/// (the publishing checks of the fields "issues", "reject", "warning", e.g. {"trivial":
/// {"limit": 0.5}, "trial": {"severity": "off"}}) and "jobs" (int >= 1, used by pm_rate_many
/// only). Unknown keys are an error.
///
/// Returns the grade card as JSON, or an object {"error": "...", "kind": "..."} when the puzzle has
/// no card or an argument is wrong. "kind" is what a program branches on: "invalid" (not
/// readable, NULL or not UTF-8, invalid options), "no_solution", "not_unique", "undecided"
/// (max_seconds passed before uniqueness was proven), "unsupported" (rules, board or technique
/// beyond this build; a CPU without the instruction set it was built for), "internal" (a bug,
/// caught); new kinds may be added. A puzzle text over 16 MiB is refused ("invalid") before it
/// is read, so that no input can exhaust the host's memory. A card always has the key "format",
/// an error never: test for the key "error". The result is never NULL in practice; free it with
/// pm_free.
///
/// # Safety
///
/// `puzzle` and `options_json` are each NULL or a NUL-terminated string that stays valid and
/// unmodified until the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_rate(puzzle: *const c_char, options_json: *const c_char) -> *mut c_char {
    ffi_boundary! {
        // SAFETY: the caller's guarantees are the ones `puzzle_call` needs.
        unsafe { puzzle_call(puzzle, options_json, engine::rate_json) }
    }
}

/// Rates many puzzles, one per line ('\n' or "\r\n"; blank lines and lines starting with '#' are
/// skipped; line numbers count every line from 1), on `jobs` worker threads (options key "jobs";
/// default: the available cores; a larger value is capped at them).
///
/// Returns a JSON array with one element per puzzle line, in input order: the card, exactly as
/// pm_rate returns it for that line, or {"error": "...", "kind": "...", "line": N} in its place.
/// When the whole call fails (NULL puzzles, invalid options, no threads) it returns a single
/// {"error": "...", "kind": "..."} object instead of an array. Free the result with pm_free.
///
/// # Safety
///
/// `puzzles` and `options_json` are each NULL or a NUL-terminated string that stays valid and
/// unmodified until the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_rate_many(puzzles: *const c_char, options_json: *const c_char) -> *mut c_char {
    ffi_boundary! {
        // SAFETY: the caller guarantees `options_json` is NULL or a valid NUL-terminated string.
        let options = match unsafe { borrow_str(options_json) } {
            Ok(s) => Some(s),
            Err(StrError::Null) => None,
            Err(StrError::InvalidUtf8) => {
                return into_c_string(error_object(ErrorKind::Invalid, "invalid options: not valid UTF-8"));
            }
        };
        // SAFETY: the caller guarantees `puzzles` is NULL or a valid NUL-terminated string.
        let Some(bytes) = (unsafe { borrow_bytes(puzzles) }) else {
            return into_c_string(error_object(ErrorKind::Invalid, "the puzzles are NULL"));
        };
        if let Some(feature) = boundary::missing_cpu_feature() {
            return into_c_string(cpu_error(feature));
        }
        into_c_string(many::rate_many(bytes, options))
    }
}

/// Counts the solutions of one puzzle: a one-line classic or a sudoku-puzzle document, with any
/// board shape and any rule family the rule layer solves (killer cages, thermos, arrows, ...).
///
/// `options_json` is NULL or "" for the defaults, or a JSON object with the keys "limit" (stop at
/// this many solutions, 1 to 4294967295, default 2: 2 proves uniqueness), "solution" (bool:
/// also return the first solution found) and "max_seconds" (number: a time limit; past it the
/// answer is an "undecided" error). Unknown keys are an error.
///
/// Returns {"count": N} (N = min(solutions, limit)), with "solution": "<one-line grid>" when
/// asked for and N > 0, or an {"error": "...", "kind": "..."} object as pm_rate describes.
/// Free the result with pm_free.
///
/// # Safety
///
/// `puzzle` and `options_json` are each NULL or a NUL-terminated string that stays valid and
/// unmodified until the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_count(puzzle: *const c_char, options_json: *const c_char) -> *mut c_char {
    ffi_boundary! {
        // SAFETY: the caller's guarantees are the ones `puzzle_call` needs.
        unsafe { puzzle_call(puzzle, options_json, engine::count_json) }
    }
}

/// Frees a string returned by pm_rate, pm_rate_many or pm_count. NULL is a no-op.
///
/// # Safety
///
/// `s` is NULL or a string returned by pm_rate, pm_rate_many or pm_count that has not been freed yet. Free
/// each exactly once, from any thread; never pass it to free(), and never pass the static strings
/// of pm_version or pm_status_str.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_free(s: *mut c_char) {
    ffi_boundary! {
        if s.is_null() {
            return;
        }
        // SAFETY: the caller guarantees `s` came from CString::into_raw in pm_rate or
        // pm_rate_many and has not been freed, so ownership returns to a CString here once.
        drop(unsafe { CString::from_raw(s) });
    }
}

/// Counts the solutions of a classic board, stopping at `limit` (2 proves uniqueness; a limit of
/// 0 is taken as 1).
///
/// `cells` holds `len` bytes, one per cell in row order, for a D x D board (len = D*D: 16, 36, 64,
/// 81, 100, 144, 196, 225, 256, 400 or 625). Each byte is a value 0..=D (0 = empty) or an ASCII
/// symbol of the one-line form ('.' or '0' empty, '1'-'9', then 'A'... for larger boards).
///
/// Returns min(count, limit) when >= 0, or a negative PM_STATUS_*: NULL_ARGUMENT (cells NULL, even
/// when len is 0), INVALID_PUZZLE, CPU_UNSUPPORTED or PANIC. Runs on the calling thread.
///
/// # Safety
///
/// `cells` is NULL or points to `len` readable bytes that stay unmodified until the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_count_solutions(cells: *const u8, len: usize, limit: u32) -> i32 {
    ffi_boundary! {
        if cells.is_null() {
            return pm_status::NullArgument as i32;
        }
        if len > PM_MAX_CELLS {
            return pm_status::InvalidPuzzle as i32;
        }
        if !boundary::cpu_supported() {
            return pm_status::CpuUnsupported as i32;
        }
        // SAFETY: `cells` is not NULL, `len` <= PM_MAX_CELLS keeps the size far below isize::MAX,
        // u8 needs no alignment, and the caller guarantees `len` readable, unmodified bytes.
        let cells = unsafe { std::slice::from_raw_parts(cells, len) };
        match engine::count_cells(cells, limit, None) {
            Ok(n) => i32::try_from(n).unwrap_or(i32::MAX),
            Err(_) => pm_status::InvalidPuzzle as i32,
        }
    }
}

/// As pm_count_solutions, within a time limit: `max_seconds` (finite, >= 0) bounds the count, which
/// large boards, and a 9x9 with few givens and no solution, can otherwise make minutes long.
///
/// Returns min(count, limit) when >= 0, or a negative PM_STATUS_*: UNDECIDED (the limit passed
/// first), NULL_ARGUMENT, INVALID_PUZZLE, INVALID_OPTIONS (max_seconds negative or not a number),
/// CPU_UNSUPPORTED or PANIC. Runs on the calling thread.
///
/// # Safety
///
/// `cells` is NULL or points to `len` readable bytes that stay unmodified until the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_count_solutions_within(
    cells: *const u8,
    len: usize,
    limit: u32,
    max_seconds: f64,
) -> i32 {
    ffi_boundary! {
        if cells.is_null() {
            return pm_status::NullArgument as i32;
        }
        if len > PM_MAX_CELLS {
            return pm_status::InvalidPuzzle as i32;
        }
        if !(max_seconds.is_finite() && max_seconds >= 0.0) {
            return pm_status::InvalidOptions as i32;
        }
        if !boundary::cpu_supported() {
            return pm_status::CpuUnsupported as i32;
        }
        let deadline = engine::CountOptions { max_seconds: Some(max_seconds), ..Default::default() }
            .deadline_from(std::time::Instant::now());
        // SAFETY: `cells` is not NULL, `len` <= PM_MAX_CELLS keeps the size far below isize::MAX,
        // u8 needs no alignment, and the caller guarantees `len` readable, unmodified bytes.
        let cells = unsafe { std::slice::from_raw_parts(cells, len) };
        match engine::count_cells_until(cells, limit, None, deadline) {
            Ok(Some(n)) => i32::try_from(n).unwrap_or(i32::MAX),
            Ok(None) => pm_status::Undecided as i32,
            Err(_) => pm_status::InvalidPuzzle as i32,
        }
    }
}

/// Counts many classic boards at once, across threads: the generators' batch call.
///
/// `cells` holds `n` puzzles packed back to back, `cells_per_puzzle` bytes each (all the same
/// board size; bytes as for pm_count_solutions). For puzzle i, `out[i]` receives min(count, limit)
/// when >= 0 or that puzzle's negative PM_STATUS_* (INVALID_PUZZLE, PANIC); the others are not
/// affected. `jobs` is the number of worker threads (0 = the available cores; more than the available
/// cores are capped at them); the call blocks
/// until every puzzle is counted.
///
/// Returns PM_STATUS_OK, or for the whole call NULL_ARGUMENT (cells or out NULL), INVALID_PUZZLE
/// (cells_per_puzzle not a board size), CPU_UNSUPPORTED or PANIC, with `out` then untouched.
///
/// # Safety
///
/// `cells` is NULL or points to `n * cells_per_puzzle` readable bytes, and `out` is NULL or
/// points to `n` writable int32_t; both stay valid, and untouched by other threads, until the call
/// returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_count_many(
    cells: *const u8,
    n: usize,
    cells_per_puzzle: usize,
    limit: u32,
    jobs: u32,
    out: *mut i32,
) -> i32 {
    ffi_boundary! {
        if cells.is_null() || out.is_null() {
            return pm_status::NullArgument as i32;
        }
        if cells_per_puzzle == 0 || cells_per_puzzle > PM_MAX_CELLS || n > isize::MAX as usize / PM_MAX_CELLS {
            return pm_status::InvalidPuzzle as i32;
        }
        if !boundary::cpu_supported() {
            return pm_status::CpuUnsupported as i32;
        }
        // SAFETY: `cells` is not NULL; n * cells_per_puzzle is below isize::MAX (checked above);
        // u8 needs no alignment; the caller guarantees that many readable, unmodified bytes.
        let bytes = unsafe { std::slice::from_raw_parts(cells, n * cells_per_puzzle) };
        let jobs = Some(jobs::worker_count((jobs > 0).then_some(jobs as usize), n));
        let counts = match engine::batch::count_packed(bytes, cells_per_puzzle, limit, jobs) {
            Ok(c) => c,
            Err(_) => return pm_status::InvalidPuzzle as i32,
        };
        // SAFETY: `out` is not NULL, i32-aligned and has `n` writable slots (caller's guarantee),
        // and nothing else refers to it during the call.
        let out = unsafe { std::slice::from_raw_parts_mut(out, n) };
        for (slot, c) in out.iter_mut().zip(counts) {
            *slot = match c {
                Ok(v) => i32::try_from(v).unwrap_or(i32::MAX),
                Err(_) => pm_status::InvalidPuzzle as i32,
            };
        }
        pm_status::Ok as i32
    }
}

/// Solves a classic board (cells as for pm_count_solutions) and writes the solution, values
/// 1..=D, to `out` only when it is unique.
///
/// Returns the number of solutions found, up to 2: 1 when the solution is unique and `out` holds
/// it, 0 for no solution, 2 for more than one (`out` untouched in both cases); or a negative
/// PM_STATUS_*: NULL_ARGUMENT (cells or out NULL), INVALID_PUZZLE, BUFFER_TOO_SMALL (out_len <
/// len), CPU_UNSUPPORTED or PANIC. `out` may be the same buffer as `cells` (solving in place).
/// Runs on the calling thread; the library allocates nothing of its own for the result.
///
/// # Safety
///
/// `cells` is NULL or points to `len` readable bytes, and `out` is NULL or points to `out_len`
/// writable bytes; both stay valid, and untouched by other threads, until the call returns.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_solve(cells: *const u8, len: usize, out: *mut u8, out_len: usize) -> i32 {
    ffi_boundary! {
        if cells.is_null() || out.is_null() {
            return pm_status::NullArgument as i32;
        }
        if len > PM_MAX_CELLS {
            return pm_status::InvalidPuzzle as i32;
        }
        if out_len < len {
            return pm_status::BufferTooSmall as i32;
        }
        if !boundary::cpu_supported() {
            return pm_status::CpuUnsupported as i32;
        }
        let mut solution = [0u8; PM_MAX_CELLS];
        let count = {
            // SAFETY: `cells` is not NULL, `len` <= PM_MAX_CELLS, u8 needs no alignment, and the
            // caller guarantees `len` readable, unmodified bytes. The slice ends with this block,
            // before `out` (which may alias `cells`) is written.
            let cells = unsafe { std::slice::from_raw_parts(cells, len) };
            match engine::count_cells(cells, 2, Some(&mut solution[..len])) {
                Ok(n) => n,
                Err(_) => return pm_status::InvalidPuzzle as i32,
            }
        };
        if count == 1 {
            // SAFETY: `out` is not NULL and the caller guarantees `out_len` >= `len` writable
            // bytes; `solution` is a local array, so the two regions cannot overlap, and no
            // reference into `cells` / `out` is alive.
            unsafe { std::ptr::copy_nonoverlapping(solution.as_ptr(), out, len) };
        }
        count.min(2) as i32
    }
}

/// A static English text for a status code (for any int32_t; unknown codes get "unknown status").
/// Never free it.
///
/// # Safety
///
/// None: callable from any thread at any time.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pm_status_str(status: i32) -> *const c_char {
    ffi_boundary! {
        let text = match status {
            s if s == pm_status::Ok as i32 => c"ok",
            s if s == pm_status::NullArgument as i32 => c"a required argument is NULL",
            s if s == pm_status::InvalidUtf8 as i32 => c"a text argument is not valid UTF-8",
            s if s == pm_status::InvalidPuzzle as i32 => c"the cells do not form a puzzle",
            s if s == pm_status::InvalidOptions as i32 => c"the options are not valid",
            s if s == pm_status::CpuUnsupported as i32 => {
                c"this CPU lacks an instruction set the library was built for"
            }
            s if s == pm_status::Panic as i32 => c"internal error",
            s if s == pm_status::BufferTooSmall as i32 => c"the output buffer is too small",
            s if s == pm_status::Undecided as i32 => c"the time limit passed before the count was finished",
            _ => c"unknown status",
        };
        text.as_ptr()
    }
}

/// The body of pm_rate and pm_count: both texts checked (NULL puzzle and invalid UTF-8 are error
/// objects, NULL options the defaults) and the CPU checked before `answer` runs.
///
/// # Safety
///
/// `puzzle` and `options_json` are each NULL or a NUL-terminated string that stays valid and
/// unmodified until the call returns.
unsafe fn puzzle_call(
    puzzle: *const c_char,
    options_json: *const c_char,
    answer: fn(&str, Option<&str>) -> String,
) -> *mut c_char {
    // SAFETY: the caller guarantees `options_json` is NULL or a valid NUL-terminated string.
    let options = match unsafe { borrow_str(options_json) } {
        Ok(s) => Some(s),
        Err(StrError::Null) => None,
        Err(StrError::InvalidUtf8) => {
            return into_c_string(error_object(ErrorKind::Invalid, "invalid options: not valid UTF-8"));
        }
    };
    // SAFETY: the caller guarantees `puzzle` is NULL or a valid NUL-terminated string.
    let text = match unsafe { borrow_str(puzzle) } {
        Ok(s) => s,
        Err(StrError::Null) => return into_c_string(error_object(ErrorKind::Invalid, "the puzzle is NULL")),
        Err(StrError::InvalidUtf8) => {
            return into_c_string(error_object(ErrorKind::Invalid, "the puzzle is not valid UTF-8"));
        }
    };
    if let Some(feature) = boundary::missing_cpu_feature() {
        return into_c_string(cpu_error(feature));
    }
    into_c_string(answer(text, options))
}

fn cpu_error(feature: &str) -> String {
    error_object(
        ErrorKind::Unsupported,
        &format!("this CPU lacks {feature}, which this build of libpencilmark was compiled for"),
    )
}

#[cfg(test)]
mod tests;
