//! The Go module in `bindings/go`, built as a user builds it: libpencilmark installed into a
//! scratch prefix by `tools/install-c.sh`, cgo finding it through `#cgo pkg-config: pencilmark`
//! with `PKG_CONFIG_PATH` pointing at the prefix. Then `go vet ./...`, `go test -count=1 ./...`
//! (its unit tests, the 32-goroutine determinism test and the `// Output:` examples), and the
//! tests again with `GOGC=1` so the collector runs constantly around every cgo call.
//!
//! Go is on the project's machines; a missing `go` fails this test (no silent skip). Without a
//! `pkg-config` binary cgo cannot read the module's flags, and the test is skipped with a note.

mod common;

use std::path::Path;
use std::process::Command;

use common::{installed_prefix, pkg_config, repo_root, run, tmp_dir};

/// A `go` command in `bindings/go` with the environment the module expects: cgo on, pkg-config
/// seeing the scratch prefix, an rpath to it (the prefix is not one the loader searches), no
/// network, and caches under the target dir.
fn go(args: &[&str]) -> Command {
    let prefix = installed_prefix();
    let go_dir = tmp_dir().join("go");
    let mut cmd = Command::new("go");
    cmd.args(args)
        .current_dir(repo_root().join("bindings/go"))
        .env("CGO_ENABLED", "1")
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
        .env_remove("PKG_CONFIG_LIBDIR")
        .env_remove("CGO_CFLAGS")
        .env("CGO_LDFLAGS", format!("-Wl,-rpath,{}", prefix.join("lib").display()))
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
        "`go` is needed for the Go binding tests (install Go >= 1.21; .ci/run installs it): {found:?}"
    );
}

fn check_go_test_output(out: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("ok ")), "go test printed no `ok` line:\n{stdout}");
}

#[test]
fn go_vet_and_test() {
    require_go();
    if pkg_config(&["--modversion"]).is_none() {
        eprintln!("skipped: cgo needs `pkg-config` to read bindings/go's flags (.ci/run installs it)");
        return;
    }
    let module = repo_root().join("bindings/go/go.mod");
    assert!(Path::new(&module).is_file());
    let declared = std::fs::read_to_string(&module).unwrap();
    assert!(
        declared.lines().next() == Some("module example.invalid/pencilmark/bindings/go"),
        "bindings/go/go.mod declares another import path than the documented one:\n{declared}"
    );
    run(&mut go(&["vet", "./..."]));
    let out = run(&mut go(&["test", "-count=1", "-v", "./..."]));
    check_go_test_output(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    for example in ["ExampleRate", "ExampleRateMany", "ExampleCountSolutions", "ExampleSolve"] {
        assert!(
            stdout.lines().any(|l| l.starts_with(&format!("--- PASS: {example} "))),
            "{example} did not run and pass:\n{stdout}"
        );
    }
    let out = run(go(&["test", "-count=1", "./..."]).env("GOGC", "1"));
    check_go_test_output(&out);
}
