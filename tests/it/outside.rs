//! Outside programs at the table: the example bot of `examples/` through `serve`, `arena` and
//! `join --autoplay`, and programs that misbehave, whose turns Medium plays with a line saying
//! why.

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

#[cfg(target_os = "linux")]
use crate::support::interruptible;
use crate::support::{
    courtpiece, finish, free_port, last_line, one_seat_table, scratch, spawn, spawn_with_history,
    with_history,
};

/// The example bot, built beside the binary by `cargo test`.
fn example() -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_courtpiece"));
    let path = bin
        .parent()
        .unwrap()
        .join("examples")
        .join(format!("outside_bot{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds the examples (or `cargo build --example outside_bot`)",
        path.display()
    );
    format!("ext:{}", path.display())
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_example_bot_plays_a_match_at_a_headless_table() {
    let ext = example();
    let seats = format!("{ext},bot:easy,{ext},bot:easy");
    let out = courtpiece(&["serve", "--seats", &seats, "--hands", "3", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    assert_eq!(summary["hands"], 3);
    assert!(
        !stderr(&out).contains("outside bot"),
        "the example answers every question: {}",
        stderr(&out)
    );
}

#[test]
fn the_arena_seats_an_outside_program() {
    let ext = example();
    let out = courtpiece(&[
        "arena",
        "--a",
        &ext,
        "--b",
        "easy",
        "--hands",
        "20",
        "--threads",
        "1",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let figures: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    assert_eq!(figures["a"], ext.as_str());
    assert!(figures["hands"].as_u64().unwrap() >= 20);
    assert!(figures["a_ms_p95"].as_f64().unwrap() > 0.0);
    // every hand was called by one of the two
    let called = |who: &str| figures[who]["hands"].as_u64().unwrap();
    assert_eq!(
        called("a_calls") + called("b_calls"),
        figures["hands"].as_u64().unwrap()
    );
}

/// A program joins a LAN table as a player, under the name it gives (no `--name`).
#[test]
fn a_joining_player_can_be_an_outside_program() {
    let data = scratch("joined-program");
    let port = free_port().to_string();
    let host = spawn_with_history(&data, &one_seat_table(&port));
    std::thread::sleep(Duration::from_millis(300));
    let player = courtpiece(&[
        "join",
        &format!("127.0.0.1:{port}"),
        "--autoplay",
        &example(),
        "--json",
    ]);
    let host = finish(host, Duration::from_secs(60));
    assert!(host.status.success(), "{}", stderr(&host));
    assert!(player.status.success(), "{}", stderr(&player));
    assert_eq!(last_line(&player), last_line(&host));
    assert_eq!(people_kept(&data, 1)[1]["name"], "Example bot");
    std::fs::remove_dir_all(&data).ok();
}

/// A program is called by the name it gave in its hello: the example bot, "Example bot", in
/// the history of a headless table, and its second seat "Example bot 2", so that each seat has
/// figures of its own.
#[test]
fn a_program_is_called_by_the_name_it_gives() {
    let data = scratch("program-names");
    let seats = format!("{},bot:easy,{},bot:easy", example(), example());
    let out = with_history(&data, &["serve", "--seats", &seats, "--hands", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let people = people_kept(&data, 1);
    assert_eq!(people[0]["name"], "Example bot");
    assert_eq!(people[2]["name"], "Example bot 2");
    std::fs::remove_dir_all(&data).ok();
}

/// The people of the newest match in the history kept in `data`, which holds `matches`.
fn people_kept(data: &std::path::Path, matches: usize) -> serde_json::Value {
    let out = with_history(data, &["history", "--json"]);
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        listed["matches"].as_array().map(Vec::len),
        Some(matches),
        "{listed}"
    );
    listed["matches"][0]["people"].clone()
}

/// A program as a shell command: says hello, then answers every question with `answer`.
fn answering(answer: &str) -> String {
    format!("ext:read hello; echo '{{}}'; while read question; do echo '{answer}'; done")
}

#[test]
fn nonsense_and_intents_it_may_not_make_are_played_by_medium_with_a_reason() {
    for (answer, why) in [
        ("play the queen", "which is not an intent"),
        ("\"redeal\"", "which it may not do now"),
    ] {
        let seats = format!("{},bot:easy,bot:easy,bot:easy", answering(answer));
        let out = courtpiece(&["serve", "--seats", &seats, "--hands", "1", "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(why) && err.contains("Medium plays this turn"),
            "{err}"
        );
        let summary: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
        assert_eq!(summary["hands"], 1);
    }
}

#[test]
fn a_silent_program_is_played_by_medium_and_does_not_stall_the_table() {
    let seats = "ext:read hello; echo '{}'; cat > /dev/null,bot:easy,bot:easy,bot:easy";
    let out = courtpiece(&["serve", "--seats", seats, "--hands", "1", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("did not answer within 5 s"), "{err}");
    assert!(err.contains("Medium plays its seat from now on"), "{err}");
    let summary: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    assert_eq!(summary["hands"], 1);
}

#[test]
fn a_program_that_does_not_run_or_say_hello_is_refused_before_the_match() {
    for (seat, why) in [
        ("ext:/no/such/program", "did not answer the hello"),
        ("ext:echo not json", "not a JSON object"),
    ] {
        let seats = format!("{seat},bot:easy,bot:easy,bot:easy");
        let out = courtpiece(&["serve", "--seats", &seats, "--hands", "1"]);
        assert!(!out.status.success());
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
    }
}

#[test]
fn a_program_that_writes_without_reading_does_not_stall_or_swamp_the_host() {
    // `yes` never reads its questions and writes nonsense as fast as it can: the questions back
    // up in its input and its lines in its output, and the host must go on regardless
    let seats = "ext:yes '{}',bot:easy,bot:easy,bot:easy";
    let host = spawn(&["serve", "--seats", seats, "--hands", "6", "--json"]);
    let out = finish(host, Duration::from_secs(120));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("which is not an intent"),
        "{}",
        stderr(&out)
    );
    let summary: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    assert_eq!(summary["hands"], 6);
}

/// A program through the shell that starts a helper, `sleep`, writing the helper's id to `ids`,
/// then runs the example bot in the shell's place. The helper keeps none of the host's pipes, so
/// the host's end is not held up by it.
#[cfg(target_os = "linux")]
fn with_a_helper(ids: &std::path::Path) -> String {
    let ext = example();
    let bot = ext.trim_start_matches("ext:");
    format!(
        "ext:sleep 120 >/dev/null 2>&1 & echo $! >> {}; exec {bot}",
        ids.display()
    )
}

/// The ids written to `ids`, once there are `count` of them.
#[cfg(target_os = "linux")]
fn ids_in(ids: &std::path::Path, count: usize) -> Vec<u32> {
    let start = std::time::Instant::now();
    loop {
        let written: Vec<u32> = std::fs::read_to_string(ids)
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse().ok())
            .collect();
        if written.len() >= count {
            return written;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{written:?} in {}",
            ids.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether process `id` has ended within two seconds (a zombie has: it waits only to be reaped
/// by whoever inherited it).
#[cfg(target_os = "linux")]
fn ends(id: u32) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        let state = std::fs::read_to_string(format!("/proc/{id}/stat")).map(|stat| {
            stat.rsplit(')')
                .next()
                .unwrap_or_default()
                .trim()
                .starts_with('Z')
        });
        if state.unwrap_or(true) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[cfg(target_os = "linux")]
#[test]
fn what_a_program_starts_ends_with_its_seat() {
    let ids = crate::support::scratch("helpers-at-the-end");
    let seats = format!("{},bot:easy,bot:easy,bot:easy", with_a_helper(&ids));
    let out = courtpiece(&["serve", "--seats", &seats, "--hands", "2", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // one for the hello before the match, one for the match
    let helpers = ids_in(&ids, 2);
    for helper in helpers {
        assert!(ends(helper), "helper {helper} outlived the match");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_starts_with_the_signals_that_end_it_unblocked() {
    let masks = crate::support::scratch("mask-of-a-program");
    // the shell becomes `grep`, which says what it was started with: the shell clears the mask
    // of some of the commands it runs itself, not of all (a background helper keeps it)
    let seats = format!(
        "ext:exec grep SigBlk /proc/self/status > {},bot:easy,bot:easy,bot:easy",
        masks.display()
    );
    let out = interruptible(&["serve", "--seats", &seats, "--hands", "1"])
        .wait_with_output()
        .unwrap();
    assert!(
        stderr(&out).contains("did not answer the hello"),
        "{}",
        stderr(&out)
    );
    let written = std::fs::read_to_string(&masks).unwrap();
    let mask = written
        .trim()
        .strip_prefix("SigBlk:")
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok());
    let (hangup, terminate) = (1 << (1 - 1), 1 << (15 - 1));
    assert_eq!(mask.map(|mask| mask & (hangup | terminate)), Some(0), "{written}");
}

#[cfg(unix)]
#[test]
fn the_binary_started_to_become_a_program_becomes_it_or_says_why_not() {
    let became = courtpiece(&["--become-outside-program", "sh", "-c", "exit 3"]);
    assert_eq!(became.status.code(), Some(3), "{}", stderr(&became));
    let missing = courtpiece(&["--become-outside-program", "/no/such/program"]);
    assert_eq!(missing.status.code(), Some(127));
    assert!(
        stderr(&missing).contains("could not start /no/such/program"),
        "{}",
        stderr(&missing)
    );
}

#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_host_ends_the_programs_it_runs() {
    // what the terminal's Ctrl-C does to the host, which no longer shares a group with them
    let out = a_host_with_helpers_sent("INT", "helpers-at-an-interrupt");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
}

#[cfg(target_os = "linux")]
#[test]
fn a_host_ended_by_kill_ends_the_programs_it_runs_and_dies_of_the_signal() {
    use std::os::unix::process::ExitStatusExt;
    let out = a_host_with_helpers_sent("TERM", "helpers-at-a-kill");
    assert_eq!(
        out.status.signal(),
        Some(15),
        "{:?}: {}",
        out.status,
        stderr(&out)
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_host_whose_terminal_closes_ends_the_programs_it_runs() {
    use std::os::unix::process::ExitStatusExt;
    let out = a_host_with_helpers_sent("HUP", "helpers-at-a-hang-up");
    assert_eq!(out.status.signal(), Some(1), "{:?}: {}", out.status, stderr(&out));
}

#[cfg(target_os = "linux")]
#[test]
fn a_host_started_with_kill_ignored_leaves_it_ignored() {
    let (mut host, helpers) = a_host_with_helpers("helpers-with-kill-ignored", |args| {
        crate::support::under_env("--ignore-signal=TERM", args)
    });
    send("TERM", host.id());
    std::thread::sleep(Duration::from_secs(1));
    let running = host.try_wait().unwrap().is_none();
    host.kill().ok();
    host.wait().ok();
    // a helper the host ended already is no error here: the assertion below says what went wrong
    for helper in helpers {
        signal("KILL", helper);
    }
    assert!(running, "a host started with SIGTERM ignored ended at one");
}

/// Starts a host whose outside program starts a helper, sends the host `signal` once both are
/// running, and checks that the helpers end; the host's output, once it has ended.
#[cfg(target_os = "linux")]
fn a_host_with_helpers_sent(signal: &str, scratch: &str) -> Output {
    let (host, helpers) = a_host_with_helpers(scratch, interruptible);
    send(signal, host.id());
    let out = finish(host, Duration::from_secs(30));
    for helper in helpers {
        assert!(ends(helper), "helper {helper} outlived the host ({signal})");
    }
    out
}

/// A long match hosted by `start`, with an outside program that starts a helper, once the
/// program has started twice (the hello, then the match); the host and the helpers' ids.
#[cfg(target_os = "linux")]
fn a_host_with_helpers(
    scratch: &str,
    start: impl FnOnce(&[&str]) -> std::process::Child,
) -> (std::process::Child, Vec<u32>) {
    let ids = crate::support::scratch(scratch);
    let seats = format!("{},bot:easy,bot:easy,bot:easy", with_a_helper(&ids));
    let host = start(&["serve", "--seats", &seats, "--hands", "100000", "--json"]);
    (host, ids_in(&ids, 2))
}

#[cfg(target_os = "linux")]
fn send(name: &str, to: u32) {
    assert!(signal(name, to), "kill -{name} {to}");
}

/// Sends signal `name` to process `to`: did it reach a process?
#[cfg(target_os = "linux")]
fn signal(name: &str, to: u32) -> bool {
    std::process::Command::new("kill")
        .args([&format!("-{name}"), &to.to_string()])
        .status()
        .is_ok_and(|status| status.success())
}
