//! The harness shared by the header, C and Go tests: where the repository and libpencilmark are,
//! running commands, comparing output with committed `.expected` files.
//!
//! Finding the library (`cargo test` never builds a cdylib-only crate, cargo#8311):
//! 1. `PENCILMARK_LIB_DIR` when set (`.ci/run` sets it after `cargo build -p pencilmark-ffi`);
//! 2. otherwise `$CARGO build -p pencilmark-ffi --message-format=json-render-diagnostics`, taking
//!    the cdylib's path from the `compiler-artifact` message. Should that cargo wait on the build
//!    lock (older cargos held it during `cargo test`, rust#35816) or take too long, it is stopped
//!    and the build is repeated with `--target-dir $CARGO_TARGET_TMPDIR/ffi`.
//!
//! The C and Go consumers use the library as a user gets it: installed by `tools/install-c.sh`
//! into a scratch prefix ([`installed_prefix`]) and found through its `pencilmark.pc`.

#![allow(dead_code)] // each test binary uses a different part of the harness

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The workspace root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ sits in the workspace").to_path_buf()
}

/// Scratch space for this test binary's builds (compiled examples, Go cache).
pub fn tmp_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// Whether the run asked to rewrite expected outputs instead of comparing with them.
pub fn blessing() -> bool {
    std::env::var_os("PENCILMARK_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The shared library's file name on this platform.
pub fn dylib_name() -> &'static str {
    if cfg!(target_os = "macos") {
        "libpencilmark.dylib"
    } else if cfg!(windows) {
        "pencilmark.dll"
    } else {
        "libpencilmark.so"
    }
}

/// The directory holding libpencilmark's shared library (found or built once per test binary).
pub fn lib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(find_lib_dir)
}

fn find_lib_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PENCILMARK_LIB_DIR").filter(|d| !d.is_empty()) {
        let dir = PathBuf::from(dir);
        assert!(
            dir.join(dylib_name()).is_file(),
            "PENCILMARK_LIB_DIR={} holds no {}; run `cargo build -p pencilmark-ffi` and point it at \
             target/debug (or unset it to let the tests build the library)",
            dir.display(),
            dylib_name()
        );
        return dir;
    }
    match build_ffi(None, Duration::from_secs(600)) {
        Ok(dir) => dir,
        Err(why) => {
            eprintln!(
                "building pencilmark-ffi in the shared target dir failed ({why}); retrying in a private one"
            );
            let private = tmp_dir().join("ffi");
            build_ffi(Some(&private), Duration::from_secs(1800))
                .unwrap_or_else(|e| panic!("cannot build pencilmark-ffi: {e}"))
        }
    }
}

/// A scratch prefix holding libpencilmark as `tools/install-c.sh` installs it (header, shared
/// library with its SONAME links, static library, pencilmark.pc), from the library of this build.
/// Installed once per test binary, into a directory of its own.
pub fn installed_prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let prefix = tmp_dir().join(format!("prefix-{}", env!("CARGO_CRATE_NAME")));
        let _ = std::fs::remove_dir_all(&prefix);
        run(Command::new("sh")
            .arg(repo_root().join("tools/install-c.sh"))
            .arg(&prefix)
            .env("PENCILMARK_LIB_DIR", lib_dir())
            .env_remove("DESTDIR"));
        prefix
    })
}

/// `pkg-config` pointed at [`installed_prefix`]; None (with a note) when no `pkg-config` is on
/// the PATH, so that the caller can fall back to spelling the flags out.
pub fn pkg_config(args: &[&str]) -> Option<String> {
    let pc_dir = installed_prefix().join("lib/pkgconfig");
    let mut cmd = Command::new("pkg-config");
    cmd.args(args).arg("pencilmark").env("PKG_CONFIG_PATH", &pc_dir).env_remove("PKG_CONFIG_LIBDIR");
    match cmd.stdin(Stdio::null()).output() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            static NOTED: std::sync::Once = std::sync::Once::new();
            NOTED.call_once(|| {
                eprintln!(
                    "note: no `pkg-config` on the PATH; using -I/-L flags for the installed prefix instead"
                )
            });
            None
        }
        Err(e) => panic!("cannot run pkg-config: {e}"),
        Ok(out) => {
            assert!(
                out.status.success(),
                "pkg-config {args:?} pencilmark failed (PKG_CONFIG_PATH={}):\n{}",
                pc_dir.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            Some(String::from_utf8(out.stdout).expect("pkg-config prints UTF-8").trim().to_string())
        }
    }
}

/// Runs `cargo build -p pencilmark-ffi` and returns the directory of the cdylib it reports.
/// Gives up when cargo blocks on a file lock or runs past `limit`.
fn build_ffi(target_dir: Option<&Path>, limit: Duration) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(repo_root())
        .args(["build", "-p", "pencilmark-ffi", "--message-format=json-render-diagnostics"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = target_dir {
        cmd.arg("--target-dir").arg(dir);
    }
    let mut child = cmd.spawn().map_err(|e| format!("cannot run cargo: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    // Watch stderr for cargo waiting on a lock; keep the text for the report.
    let (tx, rx) = mpsc::channel::<bool>();
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.contains("Blocking waiting for file lock") {
                let _ = tx.send(true);
            }
            text.push_str(&line);
            text.push('\n');
        }
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        let blocked = rx.try_recv().is_ok();
        if blocked || start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let _ = out_reader.join();
            let _ = err_reader.join();
            return Err(if blocked {
                "cargo is waiting for the build lock".to_string()
            } else {
                format!("cargo build ran past {limit:?}")
            });
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    if !status.success() {
        return Err(format!("cargo build -p pencilmark-ffi failed ({status}):\n{stderr}"));
    }
    for line in stdout.lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-artifact" {
            continue;
        }
        let is_cdylib =
            msg["target"]["crate_types"].as_array().is_some_and(|k| k.iter().any(|k| k == "cdylib"));
        if msg["target"]["name"] != "pencilmark" || !is_cdylib {
            continue;
        }
        let found = msg["filenames"].as_array().into_iter().flatten().find_map(|f| {
            let f = Path::new(f.as_str()?);
            (f.file_name()? == dylib_name()).then(|| f.parent().map(Path::to_path_buf))?
        });
        if let Some(dir) = found {
            return Ok(dir);
        }
    }
    Err(format!("cargo reported no {} artifact:\n{stderr}", dylib_name()))
}

/// Runs a command to completion, failing the test with its output when it does not succeed.
pub fn run(cmd: &mut Command) -> Output {
    let out = cmd.stdin(Stdio::null()).output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed with {}\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Compares `actual` with the committed file `expected` (relative to the repository root); with
/// `PENCILMARK_BLESS=1` writes it instead.
pub fn assert_matches_file(actual: &str, expected: &str) {
    let path = repo_root().join(expected);
    if blessing() {
        std::fs::write(&path, actual).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e} (create it with PENCILMARK_BLESS=1)", path.display()));
    if want != actual {
        panic!(
            "output differs from {expected}\n{}\nIf the change is intended, rerun with PENCILMARK_BLESS=1.",
            line_diff(&want, actual)
        );
    }
}

/// A small line diff for failure messages: `-` expected, `+` actual.
pub fn line_diff(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                out.push_str(&format!("line {}:\n", i + 1));
                if let Some(x) = x {
                    out.push_str(&format!("- {x}\n"));
                }
                if let Some(y) = y {
                    out.push_str(&format!("+ {y}\n"));
                }
            }
        }
    }
    if out.is_empty() && expected != actual {
        out.push_str("(the texts differ only in line endings or a final newline)\n");
    }
    out
}
