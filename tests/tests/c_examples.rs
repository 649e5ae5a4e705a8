//! The C consumers in `examples/c`, built as a user builds them: libpencilmark installed into a
//! scratch prefix by `tools/install-c.sh`, then `cc ... $(pkg-config --cflags --libs pencilmark)`
//! with strict warnings (the same flags spelled out when no pkg-config is installed). They run on
//! `data/examples/classic.txt` from a directory outside the repository, and their output is
//! compared with the `.expected` files: a plain build, one with AddressSanitizer +
//! UndefinedBehaviorSanitizer, and the plain build again under valgrind (memory errors and leaks
//! fail the run). The installed layout (SONAME, links, pencilmark.pc) is checked too.
//!
//! Bless new expected outputs with `PENCILMARK_BLESS=1 cargo test -p pencilmark-tests --test c_examples`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_matches_file, installed_prefix, pkg_config, repo_root, run, tmp_dir};

const FIXTURE: &str = "data/examples/classic.txt";

/// The target triple of this test binary (the C code must link with it).
fn target_triple() -> String {
    let arch = std::env::consts::ARCH;
    if cfg!(target_os = "macos") {
        format!("{arch}-apple-darwin")
    } else if cfg!(target_os = "linux") {
        let env = if cfg!(target_env = "musl") { "musl" } else { "gnu" };
        format!("{arch}-unknown-linux-{env}")
    } else {
        format!("{arch}-unknown-{}", std::env::consts::OS)
    }
}

/// The C compiler, found the way build scripts find it (`CC`, then the platform default).
fn c_compiler() -> Command {
    let triple = target_triple();
    match cc::Build::new()
        .target(&triple)
        .host(&triple)
        .opt_level(0)
        .debug(true)
        .cargo_metadata(false)
        .warnings(false)
        .try_get_compiler()
    {
        Ok(tool) => tool.to_command(),
        Err(e) => {
            eprintln!("cc could not pick a compiler ({e}); using `cc`");
            Command::new("cc")
        }
    }
}

/// The compile and link flags for the installed library: pkg-config's, or the same spelled out.
fn library_flags() -> Vec<String> {
    let prefix = installed_prefix();
    let flags = pkg_config(&["--cflags", "--libs"])
        .unwrap_or_else(|| format!("-I{0}/include -L{0}/lib -lpencilmark", prefix.display()));
    flags.split_whitespace().map(str::to_owned).collect()
}

/// Compiles `examples/c/<name>.c` into the scratch dir; `extra` adds flags (sanitizers). The
/// rpath lets the program find the library from any directory, as an installed one would be.
fn build(name: &str, variant: &str, extra: &[&str]) -> PathBuf {
    let dir = tmp_dir().join("c-examples");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!("{name}-{variant}"));
    let mut cmd = c_compiler();
    cmd.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .args(extra)
        .arg(repo_root().join("examples/c").join(format!("{name}.c")))
        .arg("-o")
        .arg(&exe)
        .args(library_flags())
        .arg(format!("-Wl,-rpath,{}", installed_prefix().join("lib").display()));
    run(&mut cmd);
    exe
}

/// A directory outside the repository for the examples to run in.
fn elsewhere() -> PathBuf {
    let dir = tmp_dir().join("c-examples/cwd");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs an example on the fixture and checks its stdout against `examples/c/<name>.expected`.
fn check(name: &str, mut cmd: Command) {
    let out = run(cmd.arg(repo_root().join(FIXTURE)).current_dir(elsewhere()));
    let stdout = String::from_utf8(out.stdout).expect("the examples print UTF-8");
    assert_matches_file(&stdout, &format!("examples/c/{name}.expected"));
}

fn plain(exe: &Path) -> Command {
    Command::new(exe)
}

#[test]
fn rate_prints_a_card_or_error_per_line() {
    let exe = build("rate", "plain", &[]);
    check("rate", plain(&exe));
}

#[test]
fn count_prints_counts_and_solutions() {
    let exe = build("count", "plain", &[]);
    check("count", plain(&exe));
}

#[test]
fn rate_prints_what_the_kernel_computes() {
    // Independent of the committed text: one JSON object per puzzle line, each exactly the
    // kernel's own rate_json for that line, with the failures the fixture is built to have.
    let exe = build("rate", "kernel", &[]);
    let out = run(Command::new(&exe).arg(repo_root().join(FIXTURE)));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let puzzles = std::fs::read_to_string(repo_root().join(FIXTURE)).unwrap();
    let lines: Vec<&str> = puzzles.lines().filter(|l| !l.trim().is_empty()).collect();
    let printed: Vec<&str> = stdout.lines().collect();
    assert_eq!(printed.len(), lines.len(), "one output line per puzzle");
    for (puzzle, json) in lines.iter().zip(&printed) {
        assert_eq!(*json, pencilmark::rate_json(puzzle, None), "for {puzzle}");
    }
    let errors: Vec<String> = printed
        .iter()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("each line is JSON");
            v.get("error").map(|e| e.as_str().unwrap().to_owned())
        })
        .collect();
    let cards = printed.len() - errors.len();
    assert!(cards >= 2, "the Very Easy / Easy puzzles have cards");
    for kind in ["not unique", "no solution", "unreadable puzzle"] {
        assert!(errors.iter().any(|e| e.starts_with(kind)), "no `{kind}` error in {errors:?}");
    }
}

fn sanitized(name: &str) {
    let exe = build(
        name,
        "asan",
        &["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"],
    );
    let mut cmd = Command::new(&exe);
    cmd.env("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0:exitcode=23")
        .env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1");
    check(name, cmd);
}

#[test]
fn rate_under_address_and_ub_sanitizers() {
    sanitized("rate");
}

#[test]
fn count_under_address_and_ub_sanitizers() {
    sanitized("count");
}

fn under_valgrind(name: &str) {
    let exe = build(name, "valgrind", &[]);
    let mut cmd = Command::new("valgrind");
    cmd.args([
        "--quiet",
        "--error-exitcode=1",
        "--leak-check=full",
        "--errors-for-leak-kinds=definite,indirect,possible",
    ])
    .arg(&exe);
    check(name, cmd);
}

#[test]
fn rate_under_valgrind() {
    under_valgrind("rate");
}

#[test]
fn count_under_valgrind() {
    under_valgrind("count");
}

/// The static library links too (what a consumer without a loader path uses), with the system
/// libraries pencilmark.pc names for it.
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn rate_links_statically() {
    let prefix = installed_prefix();
    let archive = prefix.join("lib/libpencilmark.a");
    assert!(archive.is_file(), "{} is missing", archive.display());
    let system_libs = pkg_config(&["--static", "--libs-only-l"])
        .map(|l| l.split_whitespace().filter(|f| *f != "-lpencilmark").map(str::to_owned).collect())
        .unwrap_or_else(|| {
            ["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"].map(str::to_owned).to_vec()
        });
    let dir = tmp_dir().join("c-examples");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("rate-static");
    let mut cmd = c_compiler();
    cmd.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg(format!("-I{}", prefix.join("include").display()))
        .arg(repo_root().join("examples/c/rate.c"))
        .arg("-o")
        .arg(&exe)
        .arg(&archive)
        .args(system_libs);
    run(&mut cmd);
    check("rate", Command::new(&exe));
}

/// pencilmark.pc names the prefix it was installed to and the workspace version.
#[test]
fn pkg_config_describes_the_installed_library() {
    let prefix = installed_prefix();
    let Some(flags) = pkg_config(&["--cflags", "--libs"]) else {
        eprintln!("skipped: no `pkg-config` on the PATH (.ci/run installs it)");
        return;
    };
    let words: Vec<&str> = flags.split_whitespace().collect();
    for want in [
        format!("-I{}", prefix.join("include").display()),
        format!("-L{}", prefix.join("lib").display()),
        "-lpencilmark".to_string(),
    ] {
        assert!(words.contains(&want.as_str()), "`{want}` missing from {flags:?}");
    }
    assert_eq!(pkg_config(&["--modversion"]).unwrap(), env!("CARGO_PKG_VERSION"));
}

/// The installed shared library: the real file carries the full version, the SONAME link and the
/// development link point to it, and the library names itself by its SONAME.
#[test]
#[cfg(target_os = "linux")]
fn installed_library_has_its_soname() {
    let lib = installed_prefix().join("lib");
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let soname = format!("libpencilmark.so.{major}");
    let real = format!("libpencilmark.so.{}", env!("CARGO_PKG_VERSION"));
    assert!(lib.join(&real).is_file(), "{real} missing in {}", lib.display());
    assert_eq!(std::fs::read_link(lib.join(&soname)).unwrap(), Path::new(&real));
    assert_eq!(std::fs::read_link(lib.join("libpencilmark.so")).unwrap(), Path::new(&soname));
    assert!(installed_prefix().join("include/pencilmark.h").is_file());
    let dynamic = match Command::new("readelf").arg("-d").arg(lib.join(&real)).output() {
        Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
        Err(e) => {
            eprintln!("skipped the SONAME check: cannot run readelf ({e})");
            return;
        }
    };
    assert!(
        dynamic.lines().any(|l| l.contains("(SONAME)") && l.contains(&format!("[{soname}]"))),
        "no SONAME {soname} in:\n{dynamic}"
    );
}
