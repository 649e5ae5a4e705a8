//! The command line against its kernel on whole files: `pencilmark count`, `solve` and `rate` as
//! a user runs them (a new process reading the file, one JSON line out per puzzle, written to
//! /dev/null), with 1 and 2 jobs, beside the library doing the same work in memory on one thread.
//! The ratios answer two questions: what the command line's own per-line work costs (process /
//! kernel) and how `--jobs 2` scales (jobs 1 / jobs 2, beside the machine's own ceiling: two
//! one-job processes at once).
//!
//! cargo build --release -p pencilmark-cli
//! cargo bench -p pencilmark-benches --bench command_line [-- FILTER]
//!
//! PENCILMARK_BIN overrides the binary (default: target/release/pencilmark). The files are the
//! public sets in ../shared/data/puzzles: all 49,158 17-clue puzzles ten times over for count and
//! solve, the 2,050 everyday puzzles of classic-easy.txt for rate.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn binary() -> PathBuf {
    let path = std::env::var_os("PENCILMARK_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/pencilmark"));
    assert!(
        path.is_file(),
        "{}: not found (build it first: cargo build --release -p pencilmark-cli)",
        path.display()
    );
    path
}

fn puzzle_file(name: &str) -> (PathBuf, Vec<String>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines = text.lines().map(|l| l.split_whitespace().next().unwrap_or("").to_string()).collect();
    (path, lines)
}

/// `copies` runs of the command on the file at once, output discarded; each must succeed.
fn run_at_once(bin: &Path, command: &str, file: &Path, jobs: usize, copies: usize) {
    let children: Vec<_> = (0..copies)
        .map(|_| {
            Command::new(bin)
                .args([command, "--quiet", "--jobs", &jobs.to_string()])
                .arg(file)
                .stdout(Stdio::null())
                .spawn()
                .expect("run pencilmark")
        })
        .collect();
    for mut child in children {
        let status = child.wait().expect("wait for pencilmark");
        assert!(status.success(), "pencilmark {command} failed on {}", file.display());
    }
}

/// The process with 1 and 2 jobs, and two one-job processes at once: the machine's own ceiling
/// for two cores (2 x jobs1 / two-at-once; a shared machine gives less than 2).
fn processes(
    g: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    bin: &Path,
    command: &str,
    file: &Path,
) {
    for jobs in [1, 2] {
        g.bench_function(format!("process-jobs{jobs}"), |b| {
            b.iter(|| run_at_once(bin, command, file, jobs, 1))
        });
    }
    g.bench_function("process-jobs1-two-at-once", |b| b.iter(|| run_at_once(bin, command, file, 1, 2)));
}

fn command_line(c: &mut Criterion) {
    let bin = binary();
    // Ten copies of the 17-clue set (491,580 lines, 0.7 s a run): a run of 75 ms is too short
    // for a shared 2-core machine to give the second core in full.
    let (one, lines) = puzzle_file("classic-17clue.txt");
    let lines: Vec<String> = std::iter::repeat_n(&lines, 10).flatten().cloned().collect();
    let file = std::env::temp_dir().join(format!("pencilmark-bench-17clue-x10-{}.txt", std::process::id()));
    let text = std::fs::read_to_string(&one).expect("read above").repeat(10);
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let packed: Vec<u8> = lines.iter().flat_map(|l| l.bytes()).collect();
    for command in ["count", "solve"] {
        let mut g = c.benchmark_group(format!("command-line/{command}-17clue-x10"));
        g.throughput(Throughput::Elements(lines.len() as u64));
        g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(12));
        // The kernel's own time for the file: what the command must stay close to.
        g.bench_function("kernel", |b| match command {
            "count" => b.iter(|| pencilmark::batch::count_packed(black_box(&packed), 81, 2, Some(1))),
            _ => b.iter(|| {
                let mut grid = [0u8; 81];
                lines
                    .iter()
                    .map(|l| pencilmark::solve::count_cells(black_box(l.as_bytes()), 2, Some(&mut grid)))
                    .filter(|n| *n == Ok(1))
                    .count()
            }),
        });
        processes(&mut g, &bin, command, &file);
        g.finish();
    }
    let _ = std::fs::remove_file(&file);

    let (file, lines) = puzzle_file("classic-easy.txt");
    let mut g = c.benchmark_group("command-line/rate-easy");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(20));
    let options = pencilmark::RateOptions::default();
    g.bench_function("kernel", |b| {
        b.iter(|| {
            // The card and its JSON text, as the command writes them.
            let texts = lines.iter().filter_map(|l| pencilmark::rate_str(black_box(l), &options).ok());
            texts.map(|card| card.to_json().len()).sum::<usize>()
        })
    });
    processes(&mut g, &bin, "rate", &file);
    g.finish();
}

criterion_group!(benches, command_line);
criterion_main!(benches);
