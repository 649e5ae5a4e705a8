//! `--max-seconds S` of rate, count and solve, and `rate --allow-guessing` on the command line.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn rate(args: &[&str], stdin: &str) -> Output {
    run("rate", args, stdin)
}

fn run(command: &str, args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pencilmark"));
    cmd.arg(command).arg("-").args(args);
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run pencilmark");
    // A command that refuses its arguments exits before reading: a closed pipe is fine then.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

const EASY: &str = "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1\n";

#[test]
fn max_seconds_adds_completed() {
    let out = rate(&["--max-seconds", "60", "--fields", "band,elapsed"], EASY);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["completed"], true);
    assert_eq!(v["band"], "Very Easy");
    assert!(v["elapsed"].as_f64().unwrap() >= 0.0);
    let plain: Value = serde_json::from_slice(&rate(&[], EASY).stdout).unwrap();
    assert!(plain.get("completed").is_none());
}

#[test]
fn zero_seconds_is_undecided_and_bad_values_exit_2() {
    let out = rate(&["--max-seconds", "0"], EASY);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().starts_with("undecided"), "{v}");
    for bad in ["--max-seconds=-1", "--max-seconds=soon", "--max-seconds=NaN"] {
        let out = rate(&[bad], EASY);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("number of seconds"));
    }
}

#[test]
fn allow_guessing_keeps_cards_logic_finishes() {
    let a = rate(&["--allow-guessing"], EASY);
    let b = rate(&[], EASY);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn count_and_solve_stop_at_their_time_limit() {
    // Counting a million solutions of an empty 25x25 takes far longer than the limit; the 9x9 on
    // the next line is still answered.
    let input = format!("{}\n{EASY}", ".".repeat(625));
    let out = run("count", &["--limit", "1000000", "--max-seconds", "0.2"], &input);
    assert_eq!(out.status.code(), Some(1));
    let v = lines(&out);
    assert_eq!(v[0]["kind"], "undecided", "{}", v[0]);
    assert_eq!(v[0]["line"], 1);
    assert_eq!(v[1]["count"], 1);
    // Without a limit on time the same board counts to 2 at once.
    let out = run("count", &[], &input);
    assert_eq!(lines(&out)[0]["count"], 2);

    // solve: a limit of 0 gives up before the first search node of a 16x16.
    let empty16 = format!("{}\n", ".".repeat(256));
    assert_eq!(lines(&run("solve", &["--max-seconds", "0"], &empty16))[0]["kind"], "undecided");
    assert_eq!(lines(&run("solve", &["--max-seconds", "30"], &empty16))[0]["kind"], "not_unique");
    assert_eq!(
        lines(&run("solve", &["--max-seconds", "0"], EASY))[0]["solution"].as_str().unwrap().len(),
        81
    );
    for command in ["count", "solve"] {
        let out = run(command, &["--max-seconds=-1"], EASY);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("number of seconds"));
    }
}
