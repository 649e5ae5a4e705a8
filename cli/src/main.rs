//! `pencilmark`: rate, solve and count sudoku puzzles from a file or standard input, one JSON
//! object per input line, in input order.

mod commands;
mod escape;
mod input;
mod pipeline;
mod report;

use clap::{Args, Parser, Subcommand};
use commands::{Errors, each_record};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pencilmark::Field;
use pencilmark::{CountOptions, RateOptions};
use std::io::{self, Read};
use std::process::ExitCode;

const EXIT_HELP: &str = "\
Input: one puzzle per line, the first whitespace-separated field of the line (81 symbols for 9x9,
'.', '0', '-' or '_' for a blank; other sizes by length; sudokuwiki.org packed strings such as
S9B...); what follows on the line (a rating column, a comment) is ignored. Also read: a grid of 9
lines (with or without '|' and '-' separators), sudoku-puzzle JSON documents on one line or over
several (as `pencilmark export` writes them). A first line that is not a puzzle is a header and
skipped with a note; blank lines and lines starting with '#' are skipped; LF, CRLF and CR line ends
and a UTF-8 BOM are accepted; line numbers count every line.

Output: one answer per puzzle, in input order, each with \"line\" (1-based, where the puzzle
starts). A puzzle that cannot be handled gets {\"error\": \"...\", \"kind\": \"...\", \"line\": N} (kind: invalid, no_solution, not_unique, undecided, unsupported or internal); the others go on.
Output ends quietly (status 0) when its reader goes away, as with `| head`.

Exit status: 0 when every puzzle line succeeded, 1 when at least one line got an error object,
2 when the command itself could not run (bad arguments, unreadable input file).";

#[derive(Parser)]
#[command(name = "pencilmark", version, about = "Rate, solve and count sudoku puzzles", after_help = EXIT_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Longest line or JSON document read, in bytes (at most 16 MiB); a longer one gets an error
    /// and is skipped (memory stays bounded whatever the input).
    #[arg(long, global = true, value_name = "BYTES", default_value_t = 1 << 20,
          value_parser = clap::value_parser!(u64).range(1..=pencilmark::MAX_INPUT_BYTES as u64))]
    max_input_bytes: u64,
}

#[derive(Args)]
struct Input {
    /// Puzzle file, one puzzle per line; `-` or none reads standard input.
    #[arg(default_value = "-")]
    file: String,
    /// Worker threads (default: available cores; at most 4 per available core, a larger value is
    /// capped).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// No progress bar on standard error.
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Print a sudoku-grade card for each puzzle (its keys: docs/card-format.md in the repository).
    #[command(after_help = EXIT_HELP)]
    Rate {
        #[command(flatten)]
        input: Input,
        #[arg(long, value_delimiter = ',', help = fields_help())]
        fields: Option<Vec<String>>,
        /// Do not search the alternatives of listed techniques (contains entries carry "alternatives": null).
        #[arg(long)]
        no_alternatives: bool,
        /// Explain each step at these levels, comma-separated (adds the steps field): "notation"
        /// ("X-Wing: 3 r58 c68 => r679c6<>3"), "short" ("r6c6, r7c6, r9c6 ≠ 3: X-Wing on 3 (row 5
        /// and row 8 / column 6 and column 8)"), "teach" (a few sentences for a learner: where to
        /// look, why it works, what it achieves); notation comes with any level.
        #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
        explain: Option<Vec<String>>,
        /// Shorthand: the steps field with every explanation level (as --explain notation,short,teach).
        #[arg(long)]
        steps: bool,
        /// Shorthand: the se field (Sudoku Explainer-style ratings) beside the other fields.
        #[arg(long)]
        se: bool,
        /// Time limit per puzzle in seconds (uniqueness proof, route, technique list, difficulty and
        /// time). Cards then carry "completed"; a route the limit cut gets band "Unknown", numbers
        /// it cut are null; a puzzle whose uniqueness is not proven in time gets an "undecided" error.
        #[arg(long, value_name = "S", value_parser = parse_seconds)]
        max_seconds: Option<f64>,
        /// Where no technique applies, stop (band "Unknown", "stopped_at_step") instead of proving an
        /// elimination by full search (Trial and error, Extreme).
        #[arg(long)]
        allow_guessing: bool,
        /// Adjust the publishing checks (fields issues, reject, warning): check.limit=N or
        /// check.severity=reject|warning|off, comma-separated, e.g.
        /// trivial.limit=0.5,trial.severity=reject,tedious.severity=off.
        #[arg(long, value_name = "CHECKS")]
        quality: Option<String>,
        /// Print a readable report per puzzle instead of JSON: the grid, band, difficulty, time
        /// and its spread, techniques, symmetry and, with --explain, the steps (replaces --fields).
        #[arg(long, conflicts_with = "fields")]
        report: bool,
    },
    /// Print the solution of each puzzle, or why there is none.
    #[command(after_help = EXIT_HELP)]
    Solve {
        #[command(flatten)]
        input: Input,
        /// Time limit per puzzle in seconds; a puzzle whose uniqueness is not proven in time gets
        /// an "undecided" error (a 9x9 takes microseconds, unless it has few givens and no
        /// solution: then it can take minutes).
        #[arg(long, value_name = "S", value_parser = parse_seconds)]
        max_seconds: Option<f64>,
    },
    /// Write each puzzle as its canonical sudoku-puzzle text (docs/puzzle-format.md in the repository).
    /// Input: one-line puzzles, JSON documents (on one line or over several), one after another.
    #[command(after_help = EXIT_HELP)]
    Export {
        /// Puzzle file; `-` or none reads standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Search nodes the uniqueness proof may use per puzzle (the canonical text holds the
        /// solution only for a unique puzzle); past it a puzzle of houses only gets an error
        /// instead of a search without end, one with other rules is written without a solution.
        #[arg(long, default_value_t = pencilmark::EXPORT_MAX_NODES)]
        max_nodes: u64,
    },
    /// Print the fingerprint (`sha256:<hex>`) of each puzzle, one per line.
    #[command(after_help = EXIT_HELP)]
    Fingerprint {
        /// Puzzle file; `-` or none reads standard input.
        #[arg(default_value = "-")]
        file: String,
    },
    /// Check each puzzle strictly: prints `ok` or `error: line N: <reason>` per puzzle.
    #[command(after_help = EXIT_HELP)]
    Validate {
        /// Puzzle file; `-` or none reads standard input.
        #[arg(default_value = "-")]
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
        /// Time limit per puzzle in seconds; a count not finished in time gets an "undecided"
        /// error (large boards, variant rules and a 9x9 with few givens and no solution can take
        /// minutes).
        #[arg(long, value_name = "S", value_parser = parse_seconds)]
        max_seconds: Option<f64>,
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

/// The reader of a file or of standard input.
type InputReader = input::Reader<Box<dyn Read + Send>>;

/// Opens the input: a file, or standard input for `-`; with the file's size when known.
fn open(file: &str, max_bytes: u64) -> Result<(InputReader, Option<u64>), String> {
    let max_bytes = usize::try_from(max_bytes).unwrap_or(usize::MAX);
    if file == "-" {
        return Ok((input::Reader::new(Box::new(io::stdin()), "standard input", true, max_bytes), None));
    }
    let f = std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", escape::plain(file)))?;
    let len = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
    Ok((input::Reader::new(Box::new(f), file, false, max_bytes), len))
}

/// Runs a command over the puzzles of `file`: `batch_records` per batch (fewer for slow work, so
/// that workers share it evenly), on `jobs` threads, with a progress bar for a file unless `quiet`.
fn run(
    file: &str,
    max_bytes: u64,
    jobs: usize,
    batch_records: usize,
    quiet: bool,
    work: &pipeline::Work,
) -> Result<bool, String> {
    let (reader, bytes) = open(file, max_bytes)?;
    let progress = match bytes {
        Some(n) if !quiet => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        _ => ProgressBar::hidden(),
    };
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} [{elapsed_precise} < {eta_precise}]")
            .expect("static template"),
    );
    let outcome = pipeline::run(reader, &escape::plain(file), jobs, batch_records, work, &progress);
    progress.finish_and_clear();
    outcome
}

/// Records per batch: many for the counter (microseconds a puzzle), few for rating.
const FAST_BATCH: usize = 1024;
const SLOW_BATCH: usize = 4;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let max = cli.max_input_bytes;
    let outcome = match &cli.command {
        Command::Rate {
            input,
            fields,
            no_alternatives,
            explain,
            steps,
            se,
            max_seconds,
            allow_guessing,
            quality,
            report,
        } => {
            let opts = match fields {
                Some(names) => RateOptions::with_fields(names).map_err(|e| e.to_string()),
                None => Ok(RateOptions::default()),
            };
            opts.and_then(|mut opts| {
                opts.alternatives = !no_alternatives;
                opts.max_seconds = *max_seconds;
                opts.allow_guessing = *allow_guessing;
                if let Some(q) = quality {
                    opts.quality =
                        pencilmark::Quality::parse_cli(q).map_err(|e| format!("invalid --quality: {e}"))?;
                }
                if let Some(levels) = explain {
                    opts.set_explain(levels).map_err(|e| e.to_string())?;
                }
                if *steps {
                    opts = opts.with_steps();
                }
                if *se {
                    opts = opts.with_se();
                }
                let jobs = pipeline::capped_jobs(input.jobs, input.quiet)?;
                if *report {
                    let opts = report::report_options(opts);
                    return run(&input.file, max, jobs, SLOW_BATCH, input.quiet, &|batch, out| {
                        each_record(batch, out, Errors::Plain, |text, line, out| {
                            report::rate(text, line, &opts, out)
                        })
                    });
                }
                run(&input.file, max, jobs, SLOW_BATCH, input.quiet, &|batch, out| {
                    each_record(batch, out, Errors::Json, |text, line, out| {
                        commands::rate(text, line, &opts, out)
                    })
                })
            })
        }
        Command::Solve { input, max_seconds } => {
            pipeline::capped_jobs(input.jobs, input.quiet).and_then(|jobs| {
                run(&input.file, max, jobs, FAST_BATCH, input.quiet, &|batch, out| {
                    each_record(batch, out, Errors::Json, |text, line, out| {
                        commands::solve(text, line, *max_seconds, out)
                    })
                })
            })
        }
        Command::Count { input, limit, solution, max_seconds } => {
            let opts = CountOptions { limit: *limit, solution: *solution, max_seconds: *max_seconds };
            pipeline::capped_jobs(input.jobs, input.quiet).and_then(|jobs| {
                run(&input.file, max, jobs, FAST_BATCH, input.quiet, &|batch, out| {
                    each_record(batch, out, Errors::Json, |text, line, out| {
                        commands::count(text, line, &opts, out)
                    })
                })
            })
        }
        Command::Export { file, max_nodes } => run(file, max, 1, SLOW_BATCH, true, &|batch, out| {
            each_record(batch, out, Errors::Json, |text, _, out| commands::export(text, *max_nodes, out))
        }),
        Command::Fingerprint { file } => run(file, max, 1, FAST_BATCH, true, &|batch, out| {
            each_record(batch, out, Errors::Json, |text, _, out| commands::fingerprint(text, out))
        }),
        Command::Validate { file } => run(file, max, 1, FAST_BATCH, true, &|batch, out| {
            each_record(batch, out, Errors::Plain, |text, _, out| commands::validate(text, out))
        }),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            pipeline::note(&msg);
            ExitCode::from(2)
        }
    }
}
