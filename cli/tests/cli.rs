//! The command line end to end: input order, "line" on every object, errors that cost one line,
//! exit statuses, fields.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn pencilmark(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pencilmark"));
    cmd.args(args).current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run pencilmark");
    if let Some(text) = stdin {
        // A command that refuses its arguments exits before reading: a closed pipe is fine then.
        let _ = child.stdin.take().unwrap().write_all(text.as_bytes());
    }
    child.wait_with_output().unwrap()
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn rates_the_example_file_in_order_with_errors_in_place() {
    let out = pencilmark(&["rate", "data/examples/classic.txt", "--jobs", "2"], None);
    assert_eq!(out.status.code(), Some(1), "some lines are errors");
    let objs = json_lines(&out);
    assert_eq!(objs.len(), 9);
    for (i, o) in objs.iter().enumerate() {
        assert_eq!(o["line"], i + 1);
    }
    assert_eq!(objs[0]["band"], "Very Easy");
    assert_eq!(objs[0]["format"], "sudoku-grade");
    assert_eq!(objs[0]["grader"]["version"], "1.1.0");
    assert_eq!(objs[1]["band"], "Easy");
    assert_eq!(objs[3]["contains"][1]["chip"], "NSI/PPR");
    // The spec's worked example.
    assert_eq!(objs[5]["band"], "Hard");
    assert_eq!(objs[5]["contains"][3]["chip"], "XWG/KTE/SCL/MCH");
    assert!(objs[6]["error"].as_str().unwrap().starts_with("not unique"));
    // Two of its solutions, each completing the givens, so an author sees where it is ambiguous.
    let two = objs[6]["solutions"].as_array().expect("two solutions named");
    assert_eq!(two.len(), 2);
    assert_ne!(two[0], two[1]);
    let example =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/examples/classic.txt"))
            .unwrap();
    let givens = example.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).nth(6).unwrap();
    for s in two {
        let s = s.as_str().unwrap();
        assert!(givens.chars().zip(s.chars()).all(|(g, d)| g == '.' || g == d), "{s}");
    }
    assert_eq!(objs[7]["error"], "no solution: the givens r1c1 and r1c2 both hold 3");
    assert!(objs[8]["error"].as_str().unwrap().contains("80 symbols"));
    // Programs branch on the kind, not on the message.
    assert_eq!(
        [&objs[6]["kind"], &objs[7]["kind"], &objs[8]["kind"]],
        ["not_unique", "no_solution", "invalid"]
    );
    assert!(objs[..6].iter().all(|o| o.get("kind").is_none()));
}

#[test]
fn output_does_not_depend_on_jobs() {
    let one = pencilmark(
        &["rate", "data/examples/classic.txt", "-j", "1", "--fields", "band,contains,steps"],
        None,
    );
    let two = pencilmark(
        &["rate", "data/examples/classic.txt", "-j", "2", "--fields", "band,contains,steps"],
        None,
    );
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn stdin_fields_and_skipped_lines() {
    let input =
        "# a comment\n\n4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1\n";
    let out = pencilmark(&["rate", "-", "--fields", "band_index"], Some(input));
    assert_eq!(out.status.code(), Some(0));
    let objs = json_lines(&out);
    assert_eq!(objs.len(), 1);
    assert_eq!(objs[0]["line"], 3);
    assert_eq!(objs[0]["band_index"], 0);
    assert!(objs[0].get("band").is_none() && objs[0].get("contains").is_none());
}

/// Without a file every command reads standard input, as `-` does.
#[test]
fn no_file_reads_standard_input() {
    let line = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1\n";
    for command in ["rate", "solve", "count", "validate", "fingerprint", "export"] {
        let piped = pencilmark(&[command], Some(line));
        assert_eq!(piped.status.code(), Some(0), "{command}: {}", String::from_utf8_lossy(&piped.stderr));
        assert_eq!(piped.stdout, pencilmark(&[command, "-"], Some(line)).stdout, "{command}");
        assert!(!piped.stdout.is_empty(), "{command}");
    }
}

#[test]
fn bad_fields_and_missing_files_exit_2() {
    let out = pencilmark(&["rate", "data/examples/classic.txt", "--fields", "bnad"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown card field \"bnad\""));
    let out = pencilmark(&["rate", "no/such/file.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no/such/file.txt"));
}

#[test]
fn invalid_utf8_costs_one_line() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pencilmark"));
    let mut child = cmd.args(["solve", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend_from_slice(
        b"4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1\n",
    );
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    let objs = json_lines(&out);
    assert_eq!(objs[0]["error"], "the line is not valid UTF-8");
    assert_eq!(objs[0]["line"], 1);
    assert_eq!(objs[1]["solution"].as_str().unwrap().len(), 81);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn solve_prints_solutions_or_reasons() {
    let out = pencilmark(&["solve", "data/examples/classic.txt"], None);
    let objs = json_lines(&out);
    assert_eq!(objs.len(), 9);
    // The worked example's solution: it keeps the givens and fills every row, column and box.
    let givens = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
    let sol: Vec<u8> = objs[5]["solution"].as_str().unwrap().bytes().map(|b| b - b'0').collect();
    assert_eq!(sol.len(), 81);
    for (g, s) in givens.bytes().zip(&sol) {
        assert!(g == b'.' || g - b'0' == *s);
    }
    for unit in 0..9 {
        let row: Vec<u8> = (0..9).map(|c| sol[unit * 9 + c]).collect();
        let col: Vec<u8> = (0..9).map(|r| sol[r * 9 + unit]).collect();
        let bx: Vec<u8> = (0..9).map(|i| sol[(unit / 3 * 3 + i / 3) * 9 + unit % 3 * 3 + i % 3]).collect();
        for mut group in [row, col, bx] {
            group.sort();
            assert_eq!(group, (1..=9).collect::<Vec<u8>>());
        }
    }
    assert!(objs[6]["error"].as_str().unwrap().starts_with("not unique"));
    assert!(objs[7]["error"].as_str().unwrap().starts_with("no solution"));
}

#[test]
fn help_documents_exit_status() {
    let out = pencilmark(&["rate", "--help"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Exit status: 0 when every puzzle line succeeded"));
}

#[test]
fn count_prints_counts_and_solutions() {
    let out = pencilmark(&["count", "data/examples/classic.txt", "--solution"], None);
    let objs = json_lines(&out);
    assert_eq!(objs.len(), 9);
    let counts: Vec<Option<u64>> = objs.iter().map(|o| o["count"].as_u64()).collect();
    // Unique puzzles 1-6, several solutions on line 7, clashing givens count 0 on line 8, and the
    // 80-symbol line 9 is the only error.
    assert_eq!(counts, vec![Some(1), Some(1), Some(1), Some(1), Some(1), Some(1), Some(2), Some(0), None]);
    assert_eq!(objs[0]["solution"].as_str().unwrap().len(), 81);
    assert!(objs[7].get("solution").is_none());
    assert!(objs[8]["error"].as_str().unwrap().contains("80 symbols"));
    assert_eq!(out.status.code(), Some(1));
    let out = pencilmark(&["count", "-", "--limit", "5"], Some(&format!("{}\n", ".".repeat(16))));
    assert_eq!(json_lines(&out)[0]["count"], 5);
    assert_eq!(out.status.code(), Some(0));
    let out = pencilmark(&["count", "-", "--limit", "0"], Some("x\n"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn explain_adds_the_steps_with_their_notation() {
    // The worked example of grade-card-format.txt: its X-Wing step in the spec's words.
    let worked = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......\n";
    let out = pencilmark(&["rate", "-", "--fields", "band", "--explain", "notation"], Some(worked));
    assert_eq!(out.status.code(), Some(0));
    let card = &json_lines(&out)[0];
    let notes: Vec<&str> = card["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["explanation"]["notation"].as_str().unwrap())
        .collect();
    assert!(notes.contains(&"X-Wing: 3 r58 c68 => r679c6<>3"), "{notes:?}");
    assert!(notes[0].starts_with("Hidden Single: r"), "{notes:?}");
    let out = pencilmark(&["rate", "-", "--fields", "band", "--explain", "teach"], Some(worked));
    assert_eq!(out.status.code(), Some(0));
    let card = &json_lines(&out)[0];
    let x_wing = card["steps"].as_array().unwrap().iter().find(|s| s["code"] == "XWG").unwrap();
    let teach = x_wing["explanation"]["teach"].as_str().unwrap();
    assert!(
        teach.contains("row 5") && teach.contains("column 6") && teach.contains("r6c6, r7c6 and r9c6"),
        "{teach}"
    );
    assert!(x_wing["explanation"].get("short").is_none(), "{x_wing}");
    let out = pencilmark(&["rate", "-", "--explain", "poem"], Some(worked));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown explanation level \"poem\""));
}

/// `rate --help` names every card field (and the default ones), and each named field is accepted.
#[test]
fn rate_help_lists_every_field() {
    let help = String::from_utf8(pencilmark(&["rate", "--help"], None).stdout).unwrap();
    let line = help.lines().find(|l| l.contains("--fields")).expect("the --fields line");
    assert!(line.contains("default: difficulty,time,band,contains"), "{line}");
    for field in pencilmark::Field::ALL {
        assert!(line.contains(field.key()), "{} missing from: {line}", field.key());
        let out = pencilmark(&["rate", "-", "--fields", field.key()], Some(WORKED_LINE));
        assert!(out.status.success(), "{}: {}", field.key(), String::from_utf8_lossy(&out.stderr));
        // stopped_at_step is on a card only where the route stopped, completed only under a limit.
        use pencilmark::Field::{Completed, StoppedAtStep};
        if ![StoppedAtStep, Completed].contains(&field) {
            assert!(json_lines(&out)[0].get(field.key()).is_some(), "{} not on the card", field.key());
        }
    }
}

const WORKED_LINE: &str =
    "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......\n";

#[test]
fn report_is_for_people() {
    let out = pencilmark(&["rate", "--report", "-j", "2", "data/examples/classic.txt"], None);
    assert_eq!(out.status.code(), Some(1), "the example file holds faulty lines");
    let text = String::from_utf8(out.stdout).unwrap();
    // One block per puzzle, in input order, errors in their place.
    assert!(
        text.starts_with("Puzzle on line 1: Sudoku\n . . . | . . . | . . .\n . . 3 | . . 4 | 8 . .\n"),
        "{text}"
    );
    assert_eq!(text.matches("Puzzle on line ").count(), 6, "{text}");
    assert!(text.contains("Band:       Hard\n"), "{text}");
    let worked = text.find("Puzzle on line 6").unwrap();
    let no_solution = text.find("error: line 8: no solution").unwrap();
    assert!(worked < no_solution, "{text}");
    assert!(!text.contains('{'), "no JSON in a report: {text}");
    let clash = pencilmark(&["rate", "--report", "--fields", "band", "data/examples/classic.txt"], None);
    assert_eq!(clash.status.code(), Some(2));
}

#[test]
fn quality_adjusts_the_publishing_checks() {
    let nearly_done = ".13298576587361294692574138376189425821453967945627813168742359734915682259836741\n";
    let out = pencilmark(&["rate", "--fields", "issues,reject", "-"], Some(nearly_done));
    let v = &json_lines(&out)[0];
    assert_eq!(v["issues"][0]["code"], "trivial", "{v}");
    assert_eq!(v["reject"], true);
    let out = pencilmark(
        &["rate", "--fields", "issues,reject", "--quality", "trivial.severity=off", "-"],
        Some(nearly_done),
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["issues"], serde_json::json!([]), "{v}");
    assert_eq!(v["reject"], false);
    for bad in ["trivia.limit=1", "trivial.limit=-1", "trial.severity=loud", "trivial"] {
        let out = pencilmark(&["rate", "--fields", "issues", "--quality", bad, "-"], Some(nearly_done));
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("invalid --quality"), "{bad}");
    }
}

#[test]
fn a_9x9_without_solution_obeys_max_seconds_in_count_and_solve() {
    // Eleven givens no grid completes: the 9x9 counter searches them for minutes (a fuzz finding);
    // without the limit the answer would be a count of 0 or "no solution", minutes later.
    let line = ".................................708.......43.659.......3..............4.........\n";
    for command in ["count", "solve"] {
        let out = pencilmark(&[command, "--max-seconds", "0.2", "-"], Some(line));
        let v = &json_lines(&out)[0];
        assert_eq!(v["kind"], "undecided", "{command}: {v}");
        assert_eq!(out.status.code(), Some(1), "{command}");
    }
}

#[test]
fn steps_and_se_shorthands() {
    let out = pencilmark(&["rate", "-", "--fields", "band", "--steps", "--se"], Some(WORKED_LINE));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let card = &json_lines(&out)[0];
    assert_eq!(card["band"], "Hard");
    assert!(card["se"]["er"].is_number(), "{card}");
    let first = &card["steps"][0]["explanation"];
    assert!(
        first["notation"].is_string() && first["short"].is_string() && first["teach"].is_string(),
        "{first}"
    );
}
