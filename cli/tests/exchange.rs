//! `pencilmark export`, `fingerprint` and `validate` on sudoku-puzzle documents.

mod common;

use common::pencilmark;

fn run(args: &[&str], stdin: &str) -> (i32, String) {
    let out = pencilmark(args, stdin.as_bytes());
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap())
}

fn fixture(name: &str) -> String {
    format!("{}/../data/fixtures/exchange/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn export_writes_the_canonical_text() {
    let (code, out) = run(&["export", &fixture("spec-example-2-jigsaw6.json")], "");
    assert_eq!(code, 0);
    assert_eq!(out, std::fs::read_to_string(fixture("spec-example-2-jigsaw6.canonical.json")).unwrap());
}

#[test]
fn fingerprint_one_per_line() {
    let a = std::fs::read_to_string(fixture("samurai.json")).unwrap();
    let classic = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
    let (code, out) = run(&["fingerprint", "-"], &format!("{}\n# comment\n{classic}\n", a.trim()));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], std::fs::read_to_string(fixture("samurai.fingerprint")).unwrap().trim());
    assert!(lines[1].starts_with("sha256:") && lines[1].len() == 71);
}

#[test]
fn validate_says_ok_or_why() {
    let bad = r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":4,"cols":4},"digits":4,"givens":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"rules":[{"type":"box_grid","origin":"r1c1","box":[2,2],"size":4}]}"#;
    let good = bad.replace(r#","size":4"#, "");
    let (code, out) = run(&["validate", "-"], &format!("{good}\n{bad}\n{{\"format\":\n"));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok");
    assert_eq!(
        lines[1],
        "error: line 2: unreadable puzzle: rules[0] (box_grid).size: unknown member \"size\" for a box_grid rule"
    );
    assert!(
        lines[2].starts_with("error: line 3: unreadable puzzle: the JSON text ends too early (truncated?)"),
        "{}",
        lines[2]
    );
}

#[test]
fn count_reads_json_lines() {
    let doc = std::fs::read_to_string(fixture("x-sudoku.json")).unwrap();
    let (code, out) = run(&["count", "-"], &doc);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.trim(), r#"{"count":1,"line":1}"#);
}

/// A 25x25 classic whose first row must put 16 cells on 15 digits (the digits 16..25 stand in the
/// boxes of r1c1..r1c16): no solution, and no propagation sees it.
fn pigeonhole25() -> String {
    let (b, n, holes) = (5usize, 25usize, 15usize);
    let mut g = vec![vec![0usize; n]; n];
    for bx in 0..(holes + 1).div_ceil(b) {
        let mut used = [0usize; 4];
        for (k, digit) in (holes + 1..=n).enumerate() {
            let i = (k + bx) % (b - 1);
            g[1 + i][bx * b + used[i]] = digit;
            used[i] += 1;
        }
    }
    let givens: Vec<String> = g.iter().flatten().map(|v| v.to_string()).collect();
    format!(
        r#"{{"format":"sudoku-puzzle","format_version":1,"board":{{"rows":25,"cols":25}},"digits":25,"givens":[{}],"rules":[{{"type":"box_grid","origin":"r1c1","box":[5,5]}}]}}"#,
        givens.join(",")
    )
}

#[test]
fn export_gives_up_with_an_error_instead_of_searching_forever() {
    let (code, out) = run(&["export", "--max-nodes", "1000", "-"], &format!("{}\n", pigeonhole25()));
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "{\"error\":\"undecided: uniqueness not decided within 1000 search nodes (the canonical text holds the \
         solution only when the puzzle has exactly one)\",\"kind\":\"undecided\",\"line\":1}\n"
    );
}
