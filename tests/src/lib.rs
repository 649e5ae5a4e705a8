//! End-to-end tests of pencilmark, in `tests/`: the generated C header (`header.rs`), the C and Go
//! consumers of libpencilmark installed by tools/install-c.sh (`c_examples.rs`, `go_examples.rs`), and the other suites beside
//! them. The shared harness (finding the library, running commands) is `tests/common/mod.rs`.
//! This library itself is empty.
