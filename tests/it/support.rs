//! Running the `courtpiece` binary as a person runs it, for the tests of this binary.

use std::net::UdpSocket;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The binary, keeping its match history in a folder of this test run's rather than the
/// person's own.
pub fn command() -> Command {
    ours(Command::new(env!("CARGO_BIN_EXE_courtpiece")))
}

/// `c`, which runs the binary, with the data folder of this test run.
fn ours(mut c: Command) -> Command {
    c.env("COURTPIECE_DATA_DIR", data_dir());
    c
}

/// The data folder of the binaries this test run starts.
pub fn data_dir() -> PathBuf {
    scratch("data")
}

/// A path in this test run's folder, kept under the build's own temporary folder rather than the
/// system's and emptied when the run first asks for it: nothing piles up from run to run, and a
/// failed run's files stay to be looked at until the next.
pub fn scratch(name: &str) -> PathBuf {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("courtpiece-it");
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("the build's temporary folder takes files");
            dir
        })
        .join(name)
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
    started(command(), args)
}

/// `serve`'s arguments for an open LAN table on `port` with one seat for a joining client (seat 1)
/// among Easy bots: not announced, two hands, its summary as JSON.
pub fn one_seat_table(port: &str) -> [&str; 11] {
    [
        "serve",
        "--seats",
        "bot:easy,remote,bot:easy,bot:easy",
        "--port",
        port,
        "--open",
        "--discovery",
        "off",
        "--hands",
        "2",
        "--json",
    ]
}

/// The binary keeping its match history in `data`, for a test that reads it back: the run's
/// shared folder holds every other test's matches too.
fn keeping(data: &Path) -> Command {
    let mut c = command();
    c.env("COURTPIECE_DATA_DIR", data);
    c
}

/// Runs `courtpiece` with `args` to its end as [`courtpiece`] does, its history kept in `data`.
pub fn with_history(data: &Path, args: &[&str]) -> Output {
    keeping(data)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Starts `courtpiece` as [`spawn`] does, its history kept in `data`.
pub fn spawn_with_history(data: &Path, args: &[&str]) -> Child {
    started(keeping(data), args)
}

/// Starts `courtpiece` as [`spawn`] does, with the signals a terminal's job gets at their
/// default whatever this run inherited: a test run started in the background of a script has
/// SIGINT ignored, one under `nohup` SIGHUP, and an ignored signal stays ignored in what it starts
/// (as the host rightly leaves it). GNU env gives them back their default.
#[cfg(target_os = "linux")]
pub fn interruptible(args: &[&str]) -> Child {
    under_env("--default-signal=INT,TERM,HUP", args)
}

/// Starts `courtpiece` as [`spawn`] does, through GNU env with `flag` (which signals it starts
/// with ignored, or at their default).
#[cfg(target_os = "linux")]
pub fn under_env(flag: &str, args: &[&str]) -> Child {
    let mut env = Command::new("env");
    env.arg(flag).arg(env!("CARGO_BIN_EXE_courtpiece"));
    started(ours(env), args)
}

/// Starts `c` with `args`, its output kept and nothing on its standard input, as in a script.
fn started(mut c: Command, args: &[&str]) -> Child {
    c.args(args)
        .stdin(Stdio::null())
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
