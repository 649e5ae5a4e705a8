//! validate, fingerprint and export keep lines apart and stream: a bad line (invalid UTF-8, too
//! long, not a puzzle) gets its own error and the others go on; control characters from the input
//! never reach a plain-text output raw.

mod common;

use common::pencilmark;
use std::io::Write;
use std::process::{Command, Stdio};

const EASY: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";

fn input_with_bad_lines() -> Vec<u8> {
    let mut input = format!("{EASY}\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe not utf-8\n");
    input.extend_from_slice(format!("{EASY}\n").as_bytes());
    input
}

#[test]
fn a_bad_line_costs_only_itself() {
    let out = pencilmark(&["validate", "-"], &input_with_bad_lines());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ok\nerror: line 2: the line is not valid UTF-8\nok\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = pencilmark(&["fingerprint", "-"], &input_with_bad_lines());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], lines[2]);
    assert_eq!(lines[1], r#"{"error":"the line is not valid UTF-8","kind":"invalid","line":2}"#);
    let out = pencilmark(&["export", "-"], &input_with_bad_lines());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("\"format\": \"sudoku-puzzle\"").count(), 2);
    assert!(text.contains(r#"{"error":"the line is not valid UTF-8","kind":"invalid","line":2}"#));
}

#[test]
fn a_line_past_the_limit_is_an_error_not_an_abort() {
    let mut input = vec![b'1'; 3_000_000];
    input.push(b'\n');
    input.extend_from_slice(format!("{EASY}\n").as_bytes());
    for command in ["validate", "count"] {
        let out = pencilmark(&[command, "-"], &input);
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{command}: {text}");
        assert!(lines[0].contains("longer than 1048576 bytes"), "{command}: {}", lines[0]);
        assert!(lines[1].contains("line 2") || lines[1].contains("\"line\":2") || lines[1] == "ok", "{text}");
    }
    let out = pencilmark(
        &["--max-input-bytes", "100", "count", "-"],
        format!("{EASY}{}\n{EASY}\n", " ".repeat(30)).as_bytes(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().next().unwrap().contains("longer than 100 bytes"), "{text}");
    assert_eq!(text.lines().nth(1), Some("{\"count\":1,\"line\":2}"));
}

#[test]
fn control_characters_are_escaped() {
    // 81 symbols: the error names the first one that is not a symbol, the escape character.
    let hostile = format!("{EASY}\n\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m{}\n", ".".repeat(63));
    for command in ["validate", "fingerprint", "count", "export"] {
        let out = pencilmark(&[command, "-"], hostile.as_bytes());
        for (name, stream) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let text = String::from_utf8(stream.clone()).unwrap();
            assert!(
                !text.chars().any(|c| c.is_control() && c != '\n'),
                "{command} {name} holds a raw control character: {text:?}"
            );
        }
        assert_eq!(out.status.code(), Some(1), "{command}");
    }
    let out = pencilmark(&["validate", "-"], hostile.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("error: line 2: unreadable puzzle: '\\u{1b}' is not a symbol"), "{text}");
}

#[test]
fn answers_come_while_the_input_is_still_open() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["validate", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    for _ in 0..3 {
        stdin.write_all(format!("{EASY}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
        assert_eq!(line, "ok\n");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
