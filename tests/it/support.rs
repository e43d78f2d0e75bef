//! Running the `courtpiece` binary as a person runs it, for the tests of this binary.

use std::net::UdpSocket;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary, keeping its match history in a folder of this test run's rather than the
/// person's own.
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_courtpiece"));
    c.env("COURTPIECE_DATA_DIR", data_dir());
    c
}

/// The data folder of the binaries this test run starts.
pub fn data_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("courtpiece-it-data-{}", std::process::id()))
}

/// Runs `courtpiece` with `args` to its end, with nothing on its standard input.
pub fn courtpiece(args: &[&str]) -> Output {
    command()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Starts `courtpiece` with `args`, its output kept.
pub fn spawn(args: &[&str]) -> Child {
    command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Waits for a process, killing it if it runs past `limit`.
pub fn finish(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().ok();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

pub fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

/// A UDP port nobody uses on 127.0.0.1 now.
pub fn free_port() -> u16 {
    UdpSocket::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
