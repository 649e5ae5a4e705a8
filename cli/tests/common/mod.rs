//! Running the `pencilmark` binary from the command-line tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `pencilmark ARGS` with `stdin` as its input and waits for it. The input is written from a
/// thread: a streaming command answers while it reads, so writing it all first could block.
pub fn pencilmark(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pencilmark");
    let mut stdin_pipe = child.stdin.take().expect("piped stdin");
    let input = stdin.to_vec();
    // A command may end before reading everything (a bad argument): its closed pipe is no error here.
    let writer = std::thread::spawn(move || {
        let _ = stdin_pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for pencilmark");
    writer.join().expect("stdin writer");
    out
}
