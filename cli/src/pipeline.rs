//! Batches of records through worker threads, answers printed in input order as they come.
//!
//! A reader thread cuts the input into batches, workers answer whole batches (one output buffer
//! each), and the main thread prints them in order. No batch waits for another one to finish
//! (a slow puzzle holds back only the printing), and at most a few batches per worker are in
//! flight, so memory stays bounded.

use crate::input::{Batch, Reader};
use indicatif::ProgressBar;
use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// What a command does to a batch: appends one output per record to the buffer and returns
/// whether every record succeeded.
pub type Work<'a> = dyn Fn(&Batch, &mut String) -> bool + Sync + 'a;

/// A note on standard error (a closed standard error is no reason to stop).
pub fn note(message: &str) {
    let _ = writeln!(io::stderr(), "pencilmark: {message}");
}

/// At most this many workers per available core: more only add switching.
pub const JOBS_PER_CORE: usize = 4;

/// The worker count for `--jobs`: the cores by default, at most [`JOBS_PER_CORE`] per core.
pub fn capped_jobs(requested: Option<usize>, quiet: bool) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match requested {
        None => Ok(cores),
        Some(0) => Err("--jobs must be at least 1".into()),
        Some(n) if n > cores * JOBS_PER_CORE => {
            let cap = cores * JOBS_PER_CORE;
            if !quiet {
                note(&format!("--jobs {n} capped at {cap} ({JOBS_PER_CORE} per available core)"));
            }
            Ok(cap)
        }
        Some(n) => Ok(n),
    }
}

/// Writes to standard output; a reader that went away (`| head`) ends the command quietly and
/// successfully, as Unix tools do. Any other write error ends it at once with status 2 (waiting
/// for the input to end first could wait forever on a terminal).
fn write_out(out: &mut impl Write, text: &str, flush: bool) {
    let result = out.write_all(text.as_bytes()).and_then(|()| if flush { out.flush() } else { Ok(()) });
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            note(&format!("writing output: {e}"));
            std::process::exit(2);
        }
    }
}

/// Runs `work` over every batch of `reader` on `jobs` threads, printing in input order. Returns
/// whether every record succeeded.
pub fn run<R: Read + Send>(
    mut reader: Reader<R>,
    name: &str,
    jobs: usize,
    batch_records: usize,
    work: &Work,
    progress: &ProgressBar,
) -> Result<bool, String> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let read_error = |e: io::Error| format!("reading {name}: {e}");
    let mut all_ok = true;
    let show = |batch: &Batch, text: &str, out: &mut io::BufWriter<io::StdoutLock>| {
        progress.set_position(batch.bytes_read);
        progress.set_message(format!("{} lines", batch.lines_read));
        write_out(out, text, true);
    };
    if jobs <= 1 {
        let mut text = String::new();
        while let Some(batch) = reader.next_batch(batch_records).map_err(read_error)? {
            text.clear();
            all_ok &= work(&batch, &mut text);
            show(&batch, &text, &mut out);
        }
        return Ok(all_ok);
    }
    let in_flight = 4 * jobs;
    std::thread::scope(|scope| {
        let (job_tx, job_rx) = mpsc::sync_channel::<(usize, Batch)>(jobs);
        let job_rx = Arc::new(Mutex::new(job_rx));
        let (done_tx, done_rx) = mpsc::channel::<Done>();
        // Each printed batch hands back a token; the reader waits for one before each batch.
        let (token_tx, token_rx) = mpsc::sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            token_tx.send(()).expect("the receiver is alive");
        }
        let reader_done = done_tx.clone();
        scope.spawn(move || {
            let mut seq = 0;
            let error = loop {
                if token_rx.recv().is_err() {
                    break None;
                }
                match reader.next_batch(batch_records) {
                    Ok(Some(batch)) => {
                        if job_tx.send((seq, batch)).is_err() {
                            break None;
                        }
                        seq += 1;
                    }
                    Ok(None) => break None,
                    Err(e) => break Some(read_error(e)),
                }
            };
            let _ = reader_done.send(Done::End { batches: seq, error });
        });
        for _ in 0..jobs {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                loop {
                    // The lock is held only to take a job, never while working.
                    let job = job_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, batch))) = job else { break };
                    let mut text = String::new();
                    let ok = work(&batch, &mut text);
                    if done_tx.send(Done::Batch { seq, batch, text, ok }).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting: BTreeMap<usize, (Batch, String, bool)> = BTreeMap::new();
        let (mut next, mut end) = (0usize, None);
        loop {
            if let Some((batches, _)) = &end
                && next == *batches
            {
                break;
            }
            let Ok(done) = done_rx.recv() else { break };
            match done {
                Done::Batch { seq, batch, text, ok } => {
                    waiting.insert(seq, (batch, text, ok));
                }
                Done::End { batches, error } => end = Some((batches, error)),
            }
            while let Some((batch, text, ok)) = waiting.remove(&next) {
                all_ok &= ok;
                show(&batch, &text, &mut out);
                next += 1;
                let _ = token_tx.send(());
            }
        }
        drop(token_tx);
        match end {
            Some((_, Some(error))) => Err(error),
            _ => Ok(all_ok),
        }
    })
}

enum Done {
    Batch { seq: usize, batch: Batch, text: String, ok: bool },
    End { batches: usize, error: Option<String> },
}
