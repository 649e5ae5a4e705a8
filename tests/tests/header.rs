//! `include/pencilmark.h` is what cbindgen renders from `ffi/` today, and it compiles on its own
//! as strict C99 and as C++.
//!
//! Regenerate with `PENCILMARK_BLESS=1 cargo test -p pencilmark-tests --test header`.

mod common;

use std::process::Command;

use common::{blessing, repo_root, run, tmp_dir};

const HEADER: &str = "include/pencilmark.h";

fn render() -> String {
    let ffi = repo_root().join("ffi");
    let config = cbindgen::Config::from_file(ffi.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("ffi/cbindgen.toml: {e}"));
    let bindings = cbindgen::Builder::new()
        .with_crate(&ffi)
        .with_config(config)
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen cannot render the header: {e}"));
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("cbindgen writes UTF-8")
}

#[test]
fn header_is_up_to_date() {
    let rendered = render();
    let path = repo_root().join(HEADER);
    if blessing() {
        std::fs::write(&path, &rendered).unwrap_or_else(|e| panic!("writing {HEADER}: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != rendered {
        panic!(
            "{HEADER} is stale:\n{}\nrun `PENCILMARK_BLESS=1 cargo test -p pencilmark-tests --test header`",
            common::line_diff(&committed, &rendered)
        );
    }
}

#[test]
fn header_declares_the_whole_abi() {
    let header = std::fs::read_to_string(repo_root().join(HEADER)).expect("the header exists");
    for item in [
        "#define PENCILMARK_ABI_VERSION 1",
        "const char *pm_version(void);",
        "uint32_t pm_abi_version(void);",
        "char *pm_rate(const char *puzzle, const char *options_json);",
        "char *pm_rate_many(const char *puzzles, const char *options_json);",
        "void pm_free(char *s);",
        "int32_t pm_count_solutions(const uint8_t *cells, size_t len, uint32_t limit);",
        "int32_t pm_solve(const uint8_t *cells, size_t len, uint8_t *out, size_t out_len);",
        "const char *pm_status_str(int32_t status);",
        "PM_STATUS_OK = 0",
        "PM_STATUS_NULL_ARGUMENT = -1",
        "PM_STATUS_INVALID_UTF8 = -2",
        "PM_STATUS_INVALID_PUZZLE = -3",
        "PM_STATUS_INVALID_OPTIONS = -4",
        "PM_STATUS_CPU_UNSUPPORTED = -5",
        "PM_STATUS_PANIC = -6",
        "PM_STATUS_BUFFER_TOO_SMALL = -7",
        "#ifndef PENCILMARK_H",
        "thread-safe and reentrant",
        "# Safety",
    ] {
        assert!(header.contains(item), "{HEADER} lacks `{item}`");
    }
}

/// Compiles the header alone: `lang` is "c" or "c++".
fn compile_alone(compiler: &str, lang: &str, std: &str) {
    let dir = tmp_dir().join("header");
    std::fs::create_dir_all(&dir).unwrap();
    let ext = if lang == "c" { "c" } else { "cpp" };
    let src = dir.join(format!("alone.{ext}"));
    // Also use the declarations, so that a wrong type shows up, not only a parse error.
    std::fs::write(
        &src,
        "#include \"pencilmark.h\"\n\
         int main(void) {\n\
         \x20   uint8_t cells[81] = {0};\n\
         \x20   char *card = pm_rate(\"\", 0);\n\
         \x20   pm_free(card);\n\
         \x20   return (int)(pm_abi_version() != PENCILMARK_ABI_VERSION)\n\
         \x20       + (pm_count_solutions(cells, sizeof cells, 2) == PM_STATUS_PANIC)\n\
         \x20       + (pm_status_str(PM_STATUS_OK) == 0) + (pm_version() == 0);\n\
         }\n",
    )
    .unwrap();
    run(Command::new(compiler)
        .args(["-x", lang, std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only"])
        .arg("-I")
        .arg(repo_root().join("include"))
        .arg(&src));
    // And the bare header, as the first and only thing in a translation unit.
    run(Command::new(compiler)
        .args(["-x", lang, std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only"])
        .arg(repo_root().join(HEADER)));
}

#[test]
fn header_compiles_as_c99() {
    compile_alone("cc", "c", "-std=c99");
}

#[test]
fn header_compiles_as_cpp() {
    compile_alone("c++", "c++", "-std=c++11");
}
