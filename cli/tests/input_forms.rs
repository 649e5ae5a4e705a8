//! Puzzle files as they come: rating columns and comments after the puzzle, a header line, line
//! ends, a BOM, the blank and string forms of puzzle-format.md 8, printed grids, what `export`
//! writes, JSON lines in a .json file.

mod common;

use common::pencilmark;
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const EASY: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1";
const MULTI: &str = ".....................816.......3......5...1..73..4..869.6...2.484.572.93...4.9...";

/// (line, count) of each answer of `count -`.
fn counts(input: &[u8]) -> (Vec<(u64, Value)>, String, Option<i32>) {
    let out = pencilmark(&["count", "-"], input);
    let answers = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"));
            let key = if v.get("count").is_some() { "count" } else { "error" };
            (v["line"].as_u64().unwrap(), v[key].clone())
        })
        .collect();
    (answers, String::from_utf8(out.stderr).unwrap(), out.status.code())
}

fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("pencilmark-{}-{name}", std::process::id()));
    std::fs::write(&path, content).unwrap();
    path
}

#[test]
fn rating_columns_comments_and_a_header() {
    let tsv = format!("puzzle\tse_min\tse_max\n{EASY}\t1.0\t1.4\n{MULTI}   # two solutions\n");
    let (answers, stderr, code) = counts(tsv.as_bytes());
    assert_eq!(answers, vec![(2, Value::from(1)), (3, Value::from(2))]);
    assert_eq!(code, Some(0), "a header is no error");
    assert_eq!(stderr.matches("skipped as a header").count(), 1, "{stderr}");
    assert!(stderr.contains("line 1 is not a puzzle"), "{stderr}");
    // Only the first line can be a header: a later bad line is an error.
    let (answers, _, code) = counts(format!("{EASY}\nnot-a-puzzle\n").as_bytes());
    assert!(answers[1].1.as_str().unwrap().contains("symbols"), "{answers:?}");
    assert_eq!(code, Some(1));
}

#[test]
fn line_ends_and_bom() {
    let input = format!("\u{feff}{EASY}\r\n{MULTI}\r{EASY}\r\r\n{MULTI}");
    let (answers, stderr, code) = counts(input.as_bytes());
    let lines: Vec<u64> = answers.iter().map(|a| a.0).collect();
    assert_eq!(lines, vec![1, 2, 3, 5], "{answers:?}");
    assert_eq!(answers[0].1, 1);
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn blank_symbols_and_packed_strings() {
    let blanks: Vec<String> = [".", "0", "-", "_", "#"].iter().map(|b| EASY.replace('.', b)).collect();
    // sudokuwiki.org S9B: two base-36 characters a cell, 529 ("ep") for an empty cell.
    let packed: String = "S9B"
        .chars()
        .chain(EASY.chars().flat_map(|c| match c {
            '.' => ['e', 'p'],
            d => ['0', d],
        }))
        .collect();
    let input = format!("{}\n{packed}\n", blanks.join("\n"));
    let (answers, stderr, code) = counts(input.as_bytes());
    assert_eq!(answers.len(), 6, "{answers:?} {stderr}");
    assert!(answers.iter().all(|a| a.1 == 1), "{answers:?}");
    assert_eq!(code, Some(0));
    let out = pencilmark(&["solve", "-"], format!("{packed}\n{EASY}\n").as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].replace("\"line\":1", ""), lines[1].replace("\"line\":2", ""));
}

#[test]
fn printed_grids() {
    let rows: Vec<&str> = (0..9).map(|r| &EASY[r * 9..r * 9 + 9]).collect();
    let mut boxed = String::new();
    for (r, row) in rows.iter().enumerate() {
        if r > 0 && r % 3 == 0 {
            boxed.push_str("------+-------+------\n");
        }
        let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
        boxed.push_str(&format!(
            "{} | {} | {}\n",
            cells[..3].join(" "),
            cells[3..6].join(" "),
            cells[6..].join(" ")
        ));
    }
    let (answers, _, code) = counts(boxed.as_bytes());
    assert_eq!(answers, vec![(1, Value::from(1))]);
    assert_eq!(code, Some(0));
    let zeros = rows.iter().map(|r| r.replace('.', "0")).collect::<Vec<_>>().join("\n");
    assert_eq!(counts(zeros.as_bytes()).0, vec![(1, Value::from(1))]);
}

#[test]
fn what_export_writes_reads_back() {
    let exported = pencilmark(&["export", "-"], format!("{EASY}\n{EASY}\n").as_bytes());
    assert_eq!(exported.status.code(), Some(0));
    assert!(exported.stdout.iter().filter(|&&b| b == b'\n').count() > 20, "multi-line documents");
    let (answers, stderr, code) = counts(&exported.stdout);
    assert_eq!(answers.len(), 2, "{answers:?} {stderr}");
    assert!(answers.iter().all(|a| a.1 == 1));
    assert_eq!(code, Some(0));
    let second = answers[1].0 as usize;
    assert!(String::from_utf8_lossy(&exported.stdout).lines().nth(second - 1).unwrap().starts_with('{'));
    for command in ["rate", "solve"] {
        let out = pencilmark(&[command, "-"], &exported.stdout);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", String::from_utf8_lossy(&out.stdout));
        assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 2);
    }
}

#[test]
fn json_lines_in_a_json_file_are_read_as_lines() {
    let one = pencilmark(&["export", "-"], format!("{EASY}\n").as_bytes()).stdout;
    let doc: Value = serde_json::from_slice(&one).unwrap();
    let compact = doc.to_string();
    let path = temp_file("lines.json", format!("{compact}\n{compact}\n").as_bytes());
    let out = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["count", "-q", path.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"count\":1,\"line\":1}\n{\"count\":1,\"line\":2}\n"
    );
}

#[test]
fn closed_output_ends_quietly() {
    let lines = format!("{EASY}\n").repeat(20_000);
    let path = temp_file("many.txt", lines.as_bytes());
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
            .args(["count", "-q", "-j", jobs, path.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 10];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        assert_eq!(&first, b"{\"count\":1");
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "no noise");
        assert_eq!(out.status.code(), Some(0));
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn absurd_jobs_are_capped() {
    let out = pencilmark(&["count", "-", "-j", "100000"], format!("{EASY}\n").as_bytes());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "{\"count\":1,\"line\":1}\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--jobs 100000 capped at"));
    let help = pencilmark(&["count", "--help"], b"");
    assert!(String::from_utf8_lossy(&help.stdout).contains("capped"));
}
