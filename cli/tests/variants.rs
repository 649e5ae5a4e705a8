//! `pencilmark solve`, `count` and `rate` on a variant document.

mod common;

use common::pencilmark;

/// A 4x4 with a thermo, a killer cage, a less-than edge and an arrow; its only solution is
/// 1234 3412 2143 4321.
const VARIANT: &str = r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4,"cols":4},"digits":4,"givens":[0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,1],"rules":[{"type":"box_grid","origin":"r1c1","box":[2,2]},{"type":"line","kind":"thermo","cells":["r1c1","r1c2","r1c3","r1c4"]},{"type":"cage","cells":["r2c1","r2c2"],"sum":7},{"type":"edge","kind":"less","cells":["r3c2","r3c1"]},{"type":"arrow","bulb":["r3c3"],"lines":[["r3c4","r4c4"]]}]}"#;

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = pencilmark(args, stdin.as_bytes());
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn solve_and_count_take_variant_documents() {
    let (code, out, err) = run(&["solve", "-"], &format!("{VARIANT}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"solution\":\"1234341221434321\""), "{out}");
    let (code, out, err) = run(&["count", "-"], &format!("{VARIANT}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"count\":1"), "{out}");
    // Without the arrow the puzzle has more than one solution.
    let loose = VARIANT.replace(r#",{"type":"arrow","bulb":["r3c3"],"lines":[["r3c4","r4c4"]]}"#, "");
    let (_, out, _) = run(&["count", "-"], &format!("{loose}\n"));
    assert!(out.contains("\"count\":2"), "{out}");
}

#[test]
fn rate_grades_variant_documents() {
    let (code, out, err) = run(&["rate", "-"], &format!("{VARIANT}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"band\":\"") && !out.contains("\"error\""), "{out}{err}");
}
