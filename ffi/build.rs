//! The shared library's SONAME: `libpencilmark.so.<major>`, so that programs linked against it
//! record the ABI they were built for and a later incompatible library can sit beside it. The
//! installed file names (tools/install-c.sh, and cargo-c, which passes the same flag) follow it.
//! Android is left out: its loader wants the plain `lib*.so` name an APK ships.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf_with_sonames = ["linux", "freebsd", "netbsd", "openbsd", "dragonfly", "illumos", "solaris"];
    if elf_with_sonames.contains(&os.as_str()) {
        let major = std::env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets CARGO_PKG_VERSION_MAJOR");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libpencilmark.so.{major}");
    }
}
