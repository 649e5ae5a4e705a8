//! Count-to-2 through the C ABI: the shared library a C or Go generator links
//! (`libpencilmark.so`), loaded at run time and called through its exported symbols, per puzzle
//! (`pm_count_solutions`) and in one batch call (`pm_count_many`) with 1 and 2 worker threads, with
//! the Rust batch call (`batch::count_packed`) and the `sudoku` crate (`peer` feature) in the
//! same run. The batch groups measure how the batch call scales with cores.
//!
//! cargo build --release -p pencilmark-ffi
//! cargo bench -p pencilmark-benches --features peer --bench ffi [-- FILTER]
//!
//! PENCILMARK_LIB_DIR overrides where libpencilmark.so is looked for (default: target/release).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use libloading::{Library, Symbol};
use pencilmark_benches::{SETS, cells, load};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

type CountOne = unsafe extern "C" fn(*const u8, usize, u32) -> i32;
type CountMany = unsafe extern "C" fn(*const u8, usize, usize, u32, u32, *mut i32) -> i32;

fn library() -> Library {
    let dir = std::env::var_os("PENCILMARK_LIB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release"));
    let path = dir.join(libloading::library_filename("pencilmark"));
    // SAFETY: loading our own library runs no initialisers beyond Rust's std setup.
    unsafe { Library::new(&path) }.unwrap_or_else(|e| {
        panic!("{}: {e} (build it first: cargo build --release -p pencilmark-ffi)", path.display())
    })
}

fn through_the_c_abi(c: &mut Criterion) {
    let lib = library();
    // SAFETY: the symbols have exactly these signatures (include/pencilmark.h).
    let (count_one, count_many): (Symbol<CountOne>, Symbol<CountMany>) =
        unsafe { (lib.get(b"pm_count_solutions\0").unwrap(), lib.get(b"pm_count_many\0").unwrap()) };
    for &(file, label, max) in SETS {
        let lines = load(file, max);
        let puzzles: Vec<[u8; 81]> = lines.iter().map(|l| cells(l)).collect();
        let packed: Vec<u8> = puzzles.iter().flatten().copied().collect();
        let mut g = c.benchmark_group(format!("count2-ffi/{label}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
        g.bench_function("pm_count_solutions", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    // SAFETY: each puzzle is 81 readable bytes.
                    .map(|p| unsafe { count_one(black_box(p).as_ptr(), 81, 2) })
                    .sum::<i32>()
            })
        });
        let mut out = vec![0i32; puzzles.len()];
        for jobs in [1u32, 2] {
            g.bench_function(format!("pm_count_many-jobs{jobs}"), |b| {
                b.iter(|| {
                    // SAFETY: `packed` holds puzzles.len() * 81 bytes and `out` has a slot per puzzle.
                    let status =
                        unsafe { count_many(packed.as_ptr(), puzzles.len(), 81, 2, jobs, out.as_mut_ptr()) };
                    assert_eq!(status, 0);
                    black_box(&out);
                })
            });
            g.bench_function(format!("rust-count_packed-jobs{jobs}"), |b| {
                b.iter(|| pencilmark::batch::count_packed(black_box(&packed), 81, 2, Some(jobs as usize)))
            });
        }
        #[cfg(feature = "peer")]
        {
            let peer = pencilmark_benches::peer_puzzles(&lines);
            g.bench_function("sudoku-crate", |b| {
                b.iter(|| pencilmark_benches::peer_count2(black_box(&peer)))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, through_the_c_abi);
criterion_main!(benches);
