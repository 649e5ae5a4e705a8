//! `pencilmark`: rate, solve and count sudoku puzzles from a file or standard input, one JSON
//! object per input line, in input order.

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pencilmark::batch::{Workers, count_text, guarded, is_puzzle_line};
use pencilmark::card::Field;
use pencilmark::{RateError, RateOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

const EXIT_HELP: &str = "\
Input: one puzzle per line (81 characters for 9x9, '.' or '0' for a blank; other sizes by length).
Blank lines and lines starting with '#' are skipped; line numbers count every line.

Output: one JSON object per puzzle line, in input order, each with \"line\" (1-based).
A line that cannot be handled gets {\"error\": \"...\", \"line\": N}; the other lines go on.

Exit status: 0 when every puzzle line succeeded, 1 when at least one line got an error object,
2 when the command itself could not run (bad arguments, unreadable input file).";

#[derive(Parser)]
#[command(name = "pencilmark", version, about = "Rate, solve and count sudoku puzzles", after_help = EXIT_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Args)]
struct Input {
    /// Puzzle file, one puzzle per line; `-` reads standard input.
    file: String,
    /// Worker threads (default: available cores).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// No progress bar on standard error.
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Print a sudoku-grade card for each puzzle.
    #[command(after_help = EXIT_HELP)]
    Rate {
        #[command(flatten)]
        input: Input,
        #[arg(long, value_delimiter = ',', help = fields_help())]
        fields: Option<Vec<String>>,
        /// Do not search the alternatives of listed techniques (contains entries carry "alternatives": null).
        #[arg(long)]
        no_alternatives: bool,
        /// Explain each step at these levels, comma-separated (adds the steps field). This build
        /// writes "notation", e.g. "X-Wing: 3 r58 c68 => r679c6<>3".
        #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
        explain: Option<Vec<String>>,
        /// Time limit per puzzle in seconds (uniqueness proof, route, technique list, difficulty and
        /// time). Cards then carry "completed"; a route the limit cut gets band "Unknown", numbers
        /// it cut are null; a puzzle whose uniqueness is not proven in time gets an "undecided" error.
        #[arg(long, value_name = "S", value_parser = parse_seconds)]
        max_seconds: Option<f64>,
        /// Where no technique applies, stop (band "Unknown", "stopped_at_step") instead of proving an
        /// elimination by full search (Trial and error, Extreme).
        #[arg(long)]
        allow_guessing: bool,
    },
    /// Print the solution of each puzzle, or why there is none.
    #[command(after_help = EXIT_HELP)]
    Solve {
        #[command(flatten)]
        input: Input,
    },
    /// Write each puzzle as its canonical sudoku-puzzle text (puzzle-format.md section 5).
    /// Input: one-line puzzles or one JSON document per line, or a whole .json file.
    Export {
        /// Puzzle file; `-` reads standard input.
        file: String,
        /// Search nodes the uniqueness proof may use per puzzle (the canonical text holds the
        /// solution only for a unique puzzle); past it the puzzle gets an error instead of a
        /// search without end.
        #[arg(long, default_value_t = pencilmark::export::EXPORT_MAX_NODES)]
        max_nodes: u64,
    },
    /// Print the fingerprint (`sha256:<hex>`) of each puzzle, one per line.
    Fingerprint {
        /// Puzzle file; `-` reads standard input.
        file: String,
    },
    /// Check each puzzle strictly: prints `ok` or `error: <reason>` (with its line) per puzzle.
    Validate {
        /// Puzzle file; `-` reads standard input.
        file: String,
    },
    /// Print how many solutions each puzzle has, up to a limit: {"count": 0|1|2} with the default
    /// limit 2 (2 = two or more). Givens that conflict count 0.
    #[command(after_help = EXIT_HELP)]
    Count {
        #[command(flatten)]
        input: Input,
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
        limit: u32,
        /// Also print the first solution found.
        #[arg(long)]
        solution: bool,
    },
}

/// The `--fields` help, from the card's own list of fields and its defaults.
fn fields_help() -> String {
    let keys = |fields: &[Field]| fields.iter().map(|f| f.key()).collect::<Vec<_>>().join(",");
    format!(
        "Card fields, comma-separated (default: {}). Available: {} (time_pNN: NN from 1 to 99)",
        keys(&Field::DEFAULT),
        keys(&Field::ALL).replace(',', ", ")
    )
}

/// A number of seconds, at least 0.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("\"{text}\" is not a number of seconds (at least 0)")),
    }
}

/// Appends `"line": n` to a JSON object text.
fn with_line(json: &str, line: usize) -> String {
    debug_assert!(json.ends_with('}'));
    let body = &json[..json.len() - 1];
    if body.trim_end().ends_with('{') {
        format!("{body}\"line\":{line}}}")
    } else {
        format!("{body},\"line\":{line}}}")
    }
}

/// What a subcommand does to one puzzle line: a JSON object, or the puzzle's error.
type LineFn<'a> = dyn Fn(&str) -> Result<String, RateError> + Sync + 'a;

fn solve_line(text: &str) -> Result<String, RateError> {
    let p = pencilmark::read_puzzle(text)?;
    let solution = pencilmark::unique_solution(&p)?;
    Ok(serde_json::json!({ "solution": pencilmark::format::grid_line(&solution) }).to_string())
}

fn open_input(file: &str) -> io::Result<(Box<dyn BufRead>, Option<u64>)> {
    if file == "-" {
        return Ok((Box::new(BufReader::new(io::stdin())), None));
    }
    if file.ends_with(".json") {
        // One document spread over lines: a raw line break never occurs inside a JSON string,
        // so joining the lines keeps the document and makes it one puzzle line.
        let text = std::fs::read_to_string(file)?.replace(['\r', '\n'], " ");
        let len = text.len() as u64;
        return Ok((Box::new(io::Cursor::new(text.into_bytes())), Some(len)));
    }
    let f = std::fs::File::open(file)?;
    let len = f.metadata().ok().map(|m| m.len());
    Ok((Box::new(BufReader::new(f)), len))
}

/// Runs `each` over the puzzle lines of the input, `jobs` at a time, printing results in input
/// order. Returns whether every line succeeded.
fn run(input: &Input, each: &LineFn) -> Result<bool, String> {
    let (mut reader, bytes) =
        open_input(&input.file).map_err(|e| format!("cannot read {}: {e}", input.file))?;
    if input.jobs == Some(0) {
        return Err("--jobs must be at least 1".into());
    }
    let workers = Workers::new(input.jobs)?;
    let jobs = input.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let progress = match bytes {
        Some(n) if !input.quiet => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        _ => ProgressBar::hidden(),
    };
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} [{elapsed_precise} < {eta_precise}]")
            .expect("static template"),
    );
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    let mut line_no = 0usize;
    let chunk_size = 64 * jobs;
    let mut done = 0u64;
    loop {
        // (line number, text or None for a line that is not UTF-8) of the next chunk of puzzle lines.
        let mut chunk: Vec<(usize, Option<String>)> = Vec::with_capacity(chunk_size);
        let mut bytes_read = 0u64;
        while chunk.len() < chunk_size {
            let mut raw = Vec::new();
            let n = reader.read_until(b'\n', &mut raw).map_err(|e| format!("reading {}: {e}", input.file))?;
            if n == 0 {
                break;
            }
            bytes_read += n as u64;
            line_no += 1;
            let Ok(text) = String::from_utf8(raw) else {
                chunk.push((line_no, None));
                continue;
            };
            if !is_puzzle_line(&text) {
                continue;
            }
            chunk.push((line_no, Some(text.trim().to_string())));
        }
        if chunk.is_empty() && bytes_read == 0 {
            break;
        }
        let results: Vec<(usize, Result<String, String>)> = workers.map(&chunk, |(n, text)| {
            let r = match text {
                None => Err(serde_json::json!({ "error": "the line is not valid UTF-8" }).to_string()),
                // A bug must cost one line, not the batch.
                Some(text) => guarded(|| each(text))
                    .map_err(|e| serde_json::json!({ "error": e.to_string() }).to_string()),
            };
            (*n, r)
        });
        for (n, r) in results {
            let json = match r {
                Ok(j) => j,
                Err(j) => {
                    all_ok = false;
                    j
                }
            };
            writeln!(out, "{}", with_line(&json, n)).map_err(|e| format!("writing output: {e}"))?;
        }
        out.flush().map_err(|e| format!("writing output: {e}"))?;
        done += bytes_read;
        progress.set_position(done);
        progress.set_message(format!("{line_no} lines"));
    }
    progress.finish_and_clear();
    Ok(all_ok)
}

/// The puzzles of a file for export / fingerprint / validate: (line number, text). A `.json`
/// file, or an input that is one JSON document spread over several lines, is one puzzle;
/// otherwise one puzzle per line (blank lines and `#` comments skipped).
fn documents(file: &str) -> Result<Vec<(usize, String)>, String> {
    let text = if file == "-" {
        let mut s = String::new();
        io::Read::read_to_string(&mut io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?
    };
    let first = text.lines().position(is_puzzle_line).map_or(1, |i| i + 1);
    let whole = file.ends_with(".json")
        || (pencilmark::format::is_json(&text)
            && text.trim().lines().count() > 1
            && pencilmark::format::json::parse(&text).is_ok());
    if whole {
        return Ok(vec![(first, text)]);
    }
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| is_puzzle_line(l))
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .collect())
}

fn read_any(text: &str) -> Result<pencilmark::format::Document, String> {
    pencilmark::format::read(text).map(|p| p.to_document()).map_err(|e| e.to_string())
}

/// export / fingerprint / validate: one output per puzzle, errors as `{"error": ..., "line": N}`
/// (validate: `error: ...`). Returns whether every puzzle succeeded.
fn run_documents(file: &str, what: &str, max_nodes: u64) -> Result<bool, String> {
    let docs = documents(file)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    for (line, text) in docs {
        let result = read_any(&text).and_then(|doc| match what {
            "export" => {
                pencilmark::export::canonical_text_with_budget(&doc, max_nodes).map_err(|e| e.to_string())
            }
            "fingerprint" => {
                pencilmark::format::fingerprint(&doc).map(|f| f + "\n").map_err(|e| e.to_string())
            }
            _ => Ok("ok\n".to_string()),
        });
        let s = match result {
            Ok(s) => s,
            Err(e) => {
                all_ok = false;
                if what == "validate" {
                    format!("error: line {line}: {e}\n")
                } else {
                    format!("{}\n", with_line(&serde_json::json!({ "error": e }).to_string(), line))
                }
            }
        };
        out.write_all(s.as_bytes()).map_err(|e| format!("writing output: {e}"))?;
    }
    out.flush().map_err(|e| format!("writing output: {e}"))?;
    Ok(all_ok)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match &cli.command {
        Command::Rate { input, fields, no_alternatives, explain, max_seconds, allow_guessing } => {
            let opts = match fields {
                Some(names) => RateOptions::with_fields(names),
                None => Ok(RateOptions::default()),
            };
            match opts {
                Err(e) => Err(e.to_string()),
                Ok(mut opts) => {
                    opts.alternatives = !no_alternatives;
                    opts.max_seconds = *max_seconds;
                    opts.allow_guessing = *allow_guessing;
                    match explain.as_ref().map(|levels| opts.set_explain(levels)) {
                        Some(Err(e)) => Err(e.to_string()),
                        _ => run(input, &|text: &str| pencilmark::rate_str(text, &opts).map(|c| c.to_json())),
                    }
                }
            }
        }
        Command::Solve { input } => run(input, &solve_line),
        Command::Export { file, max_nodes } => run_documents(file, "export", *max_nodes),
        Command::Fingerprint { file } => run_documents(file, "fingerprint", 0),
        Command::Validate { file } => run_documents(file, "validate", 0),
        Command::Count { input, limit, solution } => run(input, &|text: &str| {
            let c = count_text(text, *limit, *solution)?;
            Ok(match c.solution {
                Some(s) => {
                    serde_json::json!({ "count": c.count, "solution": pencilmark::format::grid_line(&s) })
                }
                None => serde_json::json!({ "count": c.count }),
            }
            .to_string())
        }),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            eprintln!("pencilmark: {msg}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_is_appended() {
        assert_eq!(with_line("{\"a\":1}", 3), "{\"a\":1,\"line\":3}");
        assert_eq!(with_line("{}", 3), "{\"line\":3}");
    }
}
