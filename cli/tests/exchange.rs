//! `pencilmark export`, `fingerprint` and `validate` on sudoku-puzzle documents.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pencilmark");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
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
        "error: line 2: rules[0] (box_grid).size: unknown member \"size\" for a box_grid rule"
    );
    assert!(lines[2].starts_with("error: line 3: the JSON text ends too early (truncated?)"), "{}", lines[2]);
}

#[test]
fn count_reads_json_lines() {
    let doc = std::fs::read_to_string(fixture("x-sudoku.json")).unwrap();
    let (code, out) = run(&["count", "-"], &doc);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.trim(), r#"{"count":1,"line":1}"#);
}
