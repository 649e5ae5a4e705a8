//! Boundary tests: the exports called the way C calls them.

use super::*;
use std::ffi::{CStr, CString};
use std::ptr;

const EASY: &str = "...........3..48..81.........1.53...4....86....5..6.13.7..91.3...98...4...4.6...5";
const EASY_SOLUTION: &str =
    "746582391953174862812639574691753428437218659285946713578491236369825147124367985";
const MULTI: &str = ".....................816.......3......5...1..73..4..869.6...2.484.572.93...4.9...";
const CONFLICT: &str = "3324.18.9..1...3............4.7.8.1.78.5.2.36....9....2..6.9..39.......88...7...5";

/// Takes ownership of a pm_* result and returns it as a String.
fn take(p: *mut c_char) -> String {
    assert!(!p.is_null());
    // SAFETY: `p` is a non-NULL result of pm_rate / pm_rate_many, read before it is freed once.
    let s = unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
    // SAFETY: `p` came from a pm_* function and is freed exactly once here.
    unsafe { pm_free(p) };
    s
}

fn rate(puzzle: &str, options: Option<&str>) -> String {
    let p = CString::new(puzzle).unwrap();
    let o = options.map(|o| CString::new(o).unwrap());
    // SAFETY: both pointers are NULL or valid NUL-terminated strings alive for the call.
    take(unsafe { pm_rate(p.as_ptr(), o.as_ref().map_or(ptr::null(), |o| o.as_ptr())) })
}

fn rate_many(puzzles: &str, options: Option<&str>) -> String {
    let p = CString::new(puzzles).unwrap();
    let o = options.map(|o| CString::new(o).unwrap());
    // SAFETY: both pointers are NULL or valid NUL-terminated strings alive for the call.
    take(unsafe { pm_rate_many(p.as_ptr(), o.as_ref().map_or(ptr::null(), |o| o.as_ptr())) })
}

fn error_of(json: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v.get("error").map(|e| e.as_str().unwrap().to_owned())
}

/// The "kind" of an error object (None for a card).
fn kind_of(json: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v.get("kind").map(|e| e.as_str().unwrap().to_owned())
}

fn static_str(p: *const c_char) -> &'static str {
    // SAFETY: pm_version and pm_status_str return static NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap()
}

#[test]
fn version_names_the_crate_abi_and_simd_level() {
    // SAFETY: pm_version has no preconditions.
    let v = static_str(unsafe { pm_version() });
    assert_eq!(
        v,
        format!(
            "pencilmark {} abi={PENCILMARK_ABI_VERSION} simd={}",
            env!("CARGO_PKG_VERSION"),
            engine::simd_level()
        )
    );
    assert_eq!(env!("CARGO_PKG_VERSION"), engine::VERSION);
    // SAFETY: pm_abi_version has no preconditions.
    assert_eq!(unsafe { pm_abi_version() }, PENCILMARK_ABI_VERSION);
}

#[test]
fn rate_gives_the_kernel_card() {
    let card = rate(EASY, None);
    assert_eq!(card, engine::rate_json(EASY, None));
    let v: serde_json::Value = serde_json::from_str(&card).unwrap();
    assert_eq!(v["format"], "sudoku-grade");
    assert_eq!(v["band"], "Very Easy");
    assert_eq!(rate(EASY, Some("")), card);
    let band_only = rate(EASY, Some(r#"{"fields": ["band"]}"#));
    assert_eq!(band_only, engine::rate_json(EASY, Some(r#"{"fields": ["band"]}"#)));
}

#[test]
fn rate_reports_errors_as_objects() {
    assert!(error_of(&rate(MULTI, None)).unwrap().starts_with("not unique"));
    // Two of the solutions, for a generator author to see where the puzzle is ambiguous.
    let multi: serde_json::Value = serde_json::from_str(&rate(MULTI, None)).unwrap();
    assert_eq!(multi["solutions"].as_array().map(Vec::len), Some(2));
    assert!(error_of(&rate(CONFLICT, None)).unwrap().starts_with("no solution"));
    assert!(error_of(&rate(&EASY[1..], None)).unwrap().starts_with("unreadable puzzle"));
    assert!(error_of(&rate("", None)).unwrap().starts_with("unreadable puzzle"));
    let typo = rate(EASY, Some(r#"{"feilds": ["band"]}"#));
    assert!(error_of(&typo).unwrap().starts_with("invalid options"), "{typo}");
    let bad_json = rate(EASY, Some("{"));
    assert!(error_of(&bad_json).unwrap().starts_with("invalid options"));
    let zero_jobs = rate(EASY, Some(r#"{"jobs": 0}"#));
    assert!(error_of(&zero_jobs).unwrap().starts_with("invalid options"));
    // A program tells the failures apart by kind, never by message.
    assert_eq!(kind_of(&rate(MULTI, None)).as_deref(), Some("not_unique"));
    assert_eq!(kind_of(&rate(CONFLICT, None)).as_deref(), Some("no_solution"));
    assert_eq!(kind_of(&rate("", None)).as_deref(), Some("invalid"));
    assert_eq!(kind_of(&typo).as_deref(), Some("invalid"));
    assert_eq!(kind_of(&rate(EASY, Some(r#"{"max_seconds": 0}"#))).as_deref(), Some("undecided"));
    let variant = r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4,"cols":4},"digits":4,"givens":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"rules":[{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"cage","sum":3,"cells":["r1c1","r1c2"]},{"type":"cage","sum":4,"cells":["r1c3","r2c3"]},{"type":"cage","sum":6,"cells":["r1c4","r2c4"]},{"type":"cage","sum":6,"cells":["r2c1","r3c1"]},{"type":"cage","sum":4,"cells":["r2c2","r3c2"]},{"type":"cage","sum":10,"cells":["r3c3","r3c4","r4c3","r4c4"]},{"type":"cage","sum":7,"cells":["r4c1","r4c2"]}]}"#;
    // Variant documents are graded.
    let card: serde_json::Value = serde_json::from_str(&rate(variant, None)).unwrap();
    assert!(card.get("error").is_none() && card["band"].is_string(), "{card}");
    assert_eq!(kind_of(&rate(EASY, None)), None);
}

#[test]
fn rate_checks_null_and_utf8() {
    let o = CString::new("{}").unwrap();
    // SAFETY: NULL puzzle is allowed; `o` is a valid string.
    let null = take(unsafe { pm_rate(ptr::null(), o.as_ptr()) });
    assert_eq!(error_of(&null).unwrap(), "the puzzle is NULL");
    assert_eq!(kind_of(&null).as_deref(), Some("invalid"));

    let bad = CString::new(vec![b'.', 0xff, b'.']).unwrap();
    // SAFETY: `bad` is a valid NUL-terminated (non-UTF-8) string; NULL options are allowed.
    let invalid = take(unsafe { pm_rate(bad.as_ptr(), ptr::null()) });
    assert_eq!(error_of(&invalid).unwrap(), "the puzzle is not valid UTF-8");

    let p = CString::new(EASY).unwrap();
    // SAFETY: both are valid NUL-terminated strings.
    let invalid_opts = take(unsafe { pm_rate(p.as_ptr(), bad.as_ptr()) });
    assert_eq!(error_of(&invalid_opts).unwrap(), "invalid options: not valid UTF-8");

    // SAFETY: NULL puzzles and options are allowed.
    let null_many = take(unsafe { pm_rate_many(ptr::null(), ptr::null()) });
    assert_eq!(error_of(&null_many).unwrap(), "the puzzles are NULL");
}

#[test]
fn free_accepts_null() {
    // SAFETY: NULL is a documented no-op.
    unsafe { pm_free(ptr::null_mut()) };
}

#[test]
fn rate_many_keeps_order_and_numbers_error_lines() {
    let text = format!("# comment\n{EASY}\n\n{MULTI}\r\n{EASY}\n");
    let out = rate_many(&text, Some(r#"{"jobs": 2}"#));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0]["band"], "Very Easy");
    assert!(items[0].get("line").is_none());
    assert!(items[1]["error"].as_str().unwrap().starts_with("not unique"));
    assert_eq!(items[1]["line"], 4);
    assert_eq!(items[1]["kind"], "not_unique");
    assert_eq!(items[2], items[0]);
    let invalid = rate_many(&text, Some(r#"{"jobs": "two"}"#));
    assert!(error_of(&invalid).unwrap().starts_with("invalid options"));

    let bad = CString::new([EASY.as_bytes(), b"\n\xff\xfe\n"].concat()).unwrap();
    // SAFETY: `bad` is a valid NUL-terminated string; NULL options are allowed.
    let out = take(unsafe { pm_rate_many(bad.as_ptr(), ptr::null()) });
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[1]["error"], "the line is not valid UTF-8");
    assert_eq!(v[1]["line"], 2);
    assert_eq!(v[1]["kind"], "invalid");
}

/// The determinism check: each puzzle's JSON is byte-identical between pm_rate and
/// pm_rate_many (serial and parallel), on repeated calls.
#[test]
fn rate_and_rate_many_are_byte_identical_and_repeatable() {
    let file = include_str!("../../data/examples/classic.txt");
    let lines: Vec<&str> = file.lines().collect();
    let singles: Vec<String> = lines.iter().map(|l| rate(l, None)).collect();
    for jobs in [1, 2, 4, 32] {
        let options = format!("{{\"jobs\": {jobs}}}");
        for _ in 0..2 {
            let many = rate_many(file, Some(&options));
            let expected = singles
                .iter()
                .enumerate()
                .map(|(i, s)| match error_of(s) {
                    Some(_) => format!("{},\"line\":{}}}", &s[..s.len() - 1], i + 1),
                    None => s.clone(),
                })
                .collect::<Vec<_>>()
                .join(",");
            assert_eq!(many, format!("[{expected}]"), "jobs {jobs}");
        }
    }
    let again: Vec<String> = lines.iter().map(|l| rate(l, None)).collect();
    assert_eq!(again, singles);
}

/// The header's thread-safety sentence: pm_rate called from several threads at once, each with
/// its own options (one with a grader_model override) and order, answers as it does alone.
#[test]
fn rate_from_many_threads_at_once_answers_as_alone() {
    let file = include_str!("../../data/examples/classic.txt");
    let options =
        [None, Some(r#"{"grader_model": {"time.minutes_per_unit": 23.6}}"#), Some(r#"{"fields": ["se"]}"#)];
    let jobs: Vec<(&str, Option<&str>)> =
        file.lines().flat_map(|l| options.iter().map(move |&o| (l, o))).collect();
    let alone: Vec<String> = jobs.iter().map(|&(l, o)| rate(l, o)).collect();
    std::thread::scope(|s| {
        for t in 0..4 {
            let (jobs, alone) = (&jobs, &alone);
            s.spawn(move || {
                for k in 0..jobs.len() {
                    let i = if t % 2 == 0 { (k + t) % jobs.len() } else { jobs.len() - 1 - k };
                    assert_eq!(rate(jobs[i].0, jobs[i].1), alone[i], "thread {t}, job {i}");
                }
            });
        }
    });
}

#[test]
fn count_solutions() {
    let count = |cells: &[u8], limit: u32| {
        // SAFETY: `cells` is a live slice of `cells.len()` bytes.
        unsafe { pm_count_solutions(cells.as_ptr(), cells.len(), limit) }
    };
    assert_eq!(count(EASY.as_bytes(), 2), 1);
    assert_eq!(count(MULTI.as_bytes(), 2), 2);
    assert_eq!(count(MULTI.as_bytes(), 5), 5);
    assert_eq!(count(CONFLICT.as_bytes(), 2), 0);
    // Values instead of symbols.
    let values: Vec<u8> = EASY.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    assert_eq!(count(&values, 2), 1);
    assert_eq!(count(&EASY.as_bytes()[1..], 2), pm_status::InvalidPuzzle as i32);
    assert_eq!(count(b"", 2), pm_status::InvalidPuzzle as i32);
    assert_eq!(count(&[0u8; 626], 2), pm_status::InvalidPuzzle as i32);
    let mut bad = EASY.as_bytes().to_vec();
    bad[0] = b'x';
    assert_eq!(count(&bad, 2), pm_status::InvalidPuzzle as i32);
    // An empty 4x4 board has 288 solutions.
    assert_eq!(count(&[0u8; 16], 1000), 288);
    // SAFETY: NULL is checked even when len is 0.
    let null = unsafe { pm_count_solutions(ptr::null(), 0, 2) };
    assert_eq!(null, pm_status::NullArgument as i32);
}

#[test]
fn solve_writes_only_unique_solutions() {
    let mut out = [b'?'; 81];
    // SAFETY: live buffers of the given lengths.
    let r = unsafe { pm_solve(EASY.as_ptr(), 81, out.as_mut_ptr(), out.len()) };
    assert_eq!(r, 1);
    let expected: Vec<u8> = EASY_SOLUTION.bytes().map(|b| b - b'0').collect();
    assert_eq!(out.as_slice(), expected.as_slice());

    for (puzzle, count) in [(MULTI, 2), (CONFLICT, 0)] {
        let mut out = [b'?'; 81];
        // SAFETY: live buffers of the given lengths.
        let r = unsafe { pm_solve(puzzle.as_ptr(), 81, out.as_mut_ptr(), out.len()) };
        assert_eq!(r, count);
        assert!(out.iter().all(|&b| b == b'?'), "out untouched");
    }

    // In place.
    let mut grid = EASY.as_bytes().to_vec();
    // SAFETY: the same live buffer for input and output, which pm_solve allows.
    let r = unsafe { pm_solve(grid.as_ptr(), 81, grid.as_mut_ptr(), 81) };
    assert_eq!(r, 1);
    assert_eq!(grid, expected);

    let mut small = [0u8; 80];
    // SAFETY: live buffers of the given lengths.
    let r = unsafe { pm_solve(EASY.as_ptr(), 81, small.as_mut_ptr(), small.len()) };
    assert_eq!(r, pm_status::BufferTooSmall as i32);
    // SAFETY: NULL arguments are checked.
    let r = unsafe { pm_solve(EASY.as_ptr(), 81, ptr::null_mut(), 81) };
    assert_eq!(r, pm_status::NullArgument as i32);
    // SAFETY: NULL arguments are checked.
    let r = unsafe { pm_solve(ptr::null(), 0, out.as_mut_ptr(), 81) };
    assert_eq!(r, pm_status::NullArgument as i32);
    let big = [0u8; 700];
    let mut big_out = [0u8; 700];
    // SAFETY: live buffers of the given lengths.
    let r = unsafe { pm_solve(big.as_ptr(), 700, big_out.as_mut_ptr(), 700) };
    assert_eq!(r, pm_status::InvalidPuzzle as i32);
    // A 25x25 board fits the stack buffer.
    let mut out625 = [0u8; 625];
    // SAFETY: live buffers of the given lengths.
    let r = unsafe { pm_solve(big.as_ptr(), 625, out625.as_mut_ptr(), 625) };
    assert_eq!(r, 2);
}

fn count(puzzle: &str, options: Option<&str>) -> serde_json::Value {
    let p = CString::new(puzzle).unwrap();
    let o = options.map(|o| CString::new(o).unwrap());
    // SAFETY: both pointers are NULL or valid NUL-terminated strings alive for the call.
    serde_json::from_str(&take(unsafe {
        pm_count(p.as_ptr(), o.as_ref().map_or(ptr::null(), |o| o.as_ptr()))
    }))
    .unwrap()
}

#[test]
fn count_takes_documents_options_and_a_time_limit() {
    assert_eq!(count(EASY, None), serde_json::json!({"count": 1}));
    assert_eq!(count(EASY, Some(r#"{"solution": true}"#))["solution"], EASY_SOLUTION);
    assert_eq!(count(MULTI, Some(r#"{"limit": 5}"#))["count"], 5);
    assert_eq!(count(CONFLICT, None)["count"], 0);
    // A 4x4 with a thermo, a killer cage, a less-than edge and an arrow: unique, and not without
    // its arrow.
    let variant = r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4,"cols":4},"digits":4,"givens":[0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,1],"rules":[{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"line","kind":"thermo","cells":["r1c1","r1c2","r1c3","r1c4"]},{"type":"cage","cells":["r2c1","r2c2"],"sum":7},{"type":"edge","kind":"less","cells":["r3c2","r3c1"]},{"type":"arrow","bulb":["r3c3"],"lines":[["r3c4","r4c4"]]}]}"#;
    assert_eq!(
        count(variant, Some(r#"{"solution": true}"#)),
        serde_json::json!({"count": 1, "solution": "1234341221434321"})
    );
    let loose = variant.replace(r#",{"type":"arrow","bulb":["r3c3"],"lines":[["r3c4","r4c4"]]}"#, "");
    assert_eq!(count(&loose, None)["count"], 2);
    let empty25 = ".".repeat(625);
    assert_eq!(count(&empty25, Some(r#"{"limit": 1000000, "max_seconds": 0.1}"#))["kind"], "undecided");
    for bad in [r#"{"limit": 0}"#, r#"{"max_seconds": -1}"#, r#"{"jobs": 2}"#, "not json"] {
        assert_eq!(count(EASY, Some(bad))["kind"], "invalid", "{bad}");
    }
    assert_eq!(count("garbage", None)["kind"], "invalid");
    // SAFETY: NULL is allowed for both arguments.
    let null: serde_json::Value =
        serde_json::from_str(&take(unsafe { pm_count(ptr::null(), ptr::null()) })).unwrap();
    assert_eq!(null["kind"], "invalid");
}

#[test]
fn count_solutions_within_a_time_limit() {
    let empty25 = vec![0u8; 625];
    let easy = EASY.as_bytes();
    // SAFETY: the slices are alive for each call and hold `len` bytes.
    unsafe {
        assert_eq!(pm_count_solutions_within(easy.as_ptr(), easy.len(), 2, 0.0), 1);
        assert_eq!(pm_count_solutions_within(empty25.as_ptr(), 625, 2, 60.0), 2);
        assert_eq!(
            pm_count_solutions_within(empty25.as_ptr(), 625, 1_000_000, 0.1),
            pm_status::Undecided as i32
        );
        assert_eq!(
            pm_count_solutions_within(easy.as_ptr(), easy.len(), 2, -1.0),
            pm_status::InvalidOptions as i32
        );
        assert_eq!(
            pm_count_solutions_within(easy.as_ptr(), easy.len(), 2, f64::NAN),
            pm_status::InvalidOptions as i32
        );
        assert_eq!(pm_count_solutions_within(ptr::null(), 81, 2, 1.0), pm_status::NullArgument as i32);
        assert_eq!(pm_count_solutions_within(easy.as_ptr(), 80, 2, 1.0), pm_status::InvalidPuzzle as i32);
    }
}

#[test]
fn status_strings_cover_every_status() {
    let all = [
        pm_status::Ok,
        pm_status::NullArgument,
        pm_status::InvalidUtf8,
        pm_status::InvalidPuzzle,
        pm_status::InvalidOptions,
        pm_status::CpuUnsupported,
        pm_status::Panic,
        pm_status::BufferTooSmall,
        pm_status::Undecided,
    ];
    let mut seen = std::collections::HashSet::new();
    for s in all {
        // SAFETY: pm_status_str has no preconditions.
        let text = static_str(unsafe { pm_status_str(s as i32) });
        assert_ne!(text, "unknown status", "{s:?}");
        assert!(seen.insert(text), "{s:?} shares its text");
    }
    // SAFETY: pm_status_str has no preconditions.
    assert_eq!(static_str(unsafe { pm_status_str(42) }), "unknown status");
    assert_eq!(pm_status::Panic as i32, -6);
    assert_eq!(pm_status::Ok as i32, 0);
}

// The panic boundary, on exports-shaped functions that panic.

fn boom<T>() -> T {
    panic!("deliberate test panic")
}

unsafe extern "C" fn panicking_string() -> *mut c_char {
    ffi_boundary! { boom() }
}

unsafe extern "C" fn panicking_status() -> i32 {
    ffi_boundary! { boom() }
}

unsafe extern "C" fn panicking_static() -> *const c_char {
    ffi_boundary! { boom() }
}

unsafe extern "C" fn panicking_version() -> u32 {
    ffi_boundary! { boom() }
}

unsafe extern "C" fn panicking_unit() {
    ffi_boundary! { boom::<()>() }
}

#[test]
fn panics_become_fallback_values() {
    // SAFETY: these test functions have no preconditions.
    unsafe {
        assert_eq!(take(panicking_string()), boundary::INTERNAL_ERROR_JSON.to_str().unwrap());
        assert_eq!(panicking_status(), pm_status::Panic as i32);
        assert_eq!(static_str(panicking_static()), "internal error");
        assert_eq!(panicking_version(), 0);
        panicking_unit();
    }
}

#[test]
fn with_line_appends_to_objects() {
    assert_eq!(boundary::with_line(r#"{"error":"x"}"#, 7), r#"{"error":"x","line":7}"#);
    assert_eq!(boundary::with_line("{}", 2), r#"{"line":2}"#);
}

#[test]
fn cpu_check_passes_on_the_build_machine() {
    assert!(boundary::cpu_supported());
}

#[test]
fn max_cells_matches_the_engine() {
    // The header needs a literal; the engine is the source of the number.
    assert_eq!(crate::PM_MAX_CELLS, engine::MAX_LINE_CELLS);
}

#[test]
fn count_many_counts_packed_puzzles_in_order() {
    let easy = b"4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
    let mut cells = easy.to_vec();
    cells.extend([0u8; 81]);
    let mut clash = [0u8; 81];
    clash[0] = 3;
    clash[1] = 3;
    cells.extend(clash);
    cells.extend([b'x'; 81]);
    let mut out = [99i32; 4];
    for jobs in [0, 1, 2, 8] {
        // SAFETY: `cells` holds 4 * 81 bytes and `out` 4 slots.
        let status = unsafe { crate::pm_count_many(cells.as_ptr(), 4, 81, 2, jobs, out.as_mut_ptr()) };
        assert_eq!(status, crate::pm_status::Ok as i32);
        assert_eq!(out, [1, 2, 0, crate::pm_status::InvalidPuzzle as i32], "jobs {jobs}");
    }
    // SAFETY: NULL pointers are checked before any read.
    let status = unsafe { crate::pm_count_many(std::ptr::null(), 4, 81, 2, 0, out.as_mut_ptr()) };
    assert_eq!(status, crate::pm_status::NullArgument as i32);
    // SAFETY: `cells` holds at least 4 * 80 bytes and `out` 4 slots.
    let status = unsafe { crate::pm_count_many(cells.as_ptr(), 4, 80, 2, 0, out.as_mut_ptr()) };
    assert_eq!(status, crate::pm_status::InvalidPuzzle as i32);
}

#[test]
fn oversized_input_is_an_error_not_an_abort() {
    let huge = ".".repeat(engine::MAX_INPUT_BYTES + 1);
    let out = rate(&huge, None);
    assert_eq!(kind_of(&out).as_deref(), Some("invalid"), "{}", &out[..out.len().min(200)]);
    let many = rate_many(&format!("{EASY}\n{huge}\n"), None);
    let v: serde_json::Value = serde_json::from_str(&many).unwrap();
    assert_eq!(v[0]["band"], "Very Easy");
    assert_eq!(v[1]["kind"], "invalid");
    assert_eq!(v[1]["line"], 2);
}
