//! Standard output for the commands. A reader who stops reading (`courtpiece history | head`)
//! ends the command quietly, where `println!` would panic on the broken pipe; any other failure
//! to write is said on standard error.

use std::fmt::Arguments;
use std::io::{self, Write};

/// Writes `text` to standard output, and a new line after it if `line`.
pub fn write(text: Arguments, line: bool) {
    let mut out = io::stdout().lock();
    let written = out
        .write_fmt(text)
        .and_then(|()| if line { out.write_all(b"\n") } else { Ok(()) });
    if let Err(e) = written {
        gone(&e);
    }
}

/// Sends on what was written without a new line, such as a prompt.
pub fn flush() {
    if let Err(e) = io::stdout().flush() {
        gone(&e);
    }
}

fn gone(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("courtpiece: could not write to standard output: {e}");
    std::process::exit(1)
}
