//! The Go consumer in `examples/go`: `go vet ./...`, `go test -count=1 ./...` (its unit tests,
//! the 32-goroutine determinism test and the `// Output:` examples), and the tests again with
//! `GOGC=1` so the collector runs constantly around every cgo call.
//!
//! Go is on the project's machines; a missing `go` fails this test (no silent skip).

mod common;

use std::path::Path;
use std::process::Command;

use common::{lib_dir, repo_root, run, tmp_dir};

/// A `go` command in `examples/go` with the environment the package expects: cgo on, the header
/// and the library from this build, no network, and caches under the target dir.
fn go(args: &[&str]) -> Command {
    let lib = lib_dir();
    let include = repo_root().join("include");
    let go_dir = tmp_dir().join("go");
    let mut cmd = Command::new("go");
    cmd.args(args)
        .current_dir(repo_root().join("examples/go"))
        .env("CGO_ENABLED", "1")
        .env("CGO_CFLAGS", format!("-I{}", include.display()))
        .env("CGO_LDFLAGS", format!("-L{0} -lpencilmark -Wl,-rpath,{0}", lib.display()))
        .env("GOPROXY", "off")
        .env("GOTOOLCHAIN", "local")
        .env("GOFLAGS", "")
        .env("GOCACHE", go_dir.join("cache"))
        .env("GOPATH", go_dir.join("path"))
        .env("GOMODCACHE", go_dir.join("path/pkg/mod"));
    cmd
}

fn require_go() {
    let found = Command::new("go").arg("version").output();
    assert!(
        found.as_ref().is_ok_and(|o| o.status.success()),
        "`go` is needed for the Go example tests (install Go >= 1.21; .ci/run installs it): {found:?}"
    );
}

fn check_go_test_output(out: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("ok ")), "go test printed no `ok` line:\n{stdout}");
}

#[test]
fn go_vet_and_test() {
    require_go();
    assert!(Path::new(&repo_root().join("examples/go/go.mod")).is_file());
    run(&mut go(&["vet", "./..."]));
    let out = run(&mut go(&["test", "-count=1", "./..."]));
    check_go_test_output(&out);
    let out = run(go(&["test", "-count=1", "./..."]).env("GOGC", "1"));
    check_go_test_output(&out);
}
