//! A host and its players as separate processes over real UDP on 127.0.0.1.

use std::process::Child;
use std::time::{Duration, Instant};

use crate::support::{finish, free_port, last_line, one_seat_table, scratch, spawn};

#[test]
fn a_host_and_three_joining_bots_finish_a_match_and_print_the_same_summary() {
    let (port, discovery) = (free_port(), free_port());
    let host_addr = format!("127.0.0.1:{port}");
    let discovery_addr = format!("127.0.0.1:{discovery}");
    let host = spawn(&[
        "serve",
        "--seats",
        "bot:medium,remote,remote,remote",
        "--port",
        &port.to_string(),
        "--code",
        "KOT-4821",
        "--table",
        "Friday cards",
        "--hands",
        "6",
        "--discovery",
        &discovery_addr,
        "--json",
    ]);
    // the host derives its key from the code before it answers (about 0.3 s)
    let (listing, tables) = (0..20)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(300));
            let listing = finish(
                spawn(&["join", "--discovery", &discovery_addr, "--json"]),
                Duration::from_secs(10),
            );
            let tables: serde_json::Value = serde_json::from_str(&last_line(&listing)).unwrap();
            (listing, tables)
        })
        .find(|(_, tables)| tables.as_array().is_some_and(|t| !t.is_empty()))
        .expect("the table is listed");
    assert_eq!(tables[0]["table"], "Friday cards");
    assert_eq!(tables[0]["free_seats"], 3);
    assert_eq!(tables[0]["needs_code"], true);
    assert_eq!(tables[0]["rules"], "court-piece");
    assert!(
        !listing.stdout.windows(8).any(|w| w == b"KOT-4821"),
        "the code is never announced"
    );

    let players: Vec<Child> = ["ana", "bilal", "chen"]
        .iter()
        .map(|name| {
            spawn(&[
                "join",
                &host_addr,
                "--code",
                "kot4821",
                "--name",
                name,
                "--autoplay",
                "medium",
                "--json",
            ])
        })
        .collect();
    let host = finish(host, Duration::from_secs(120));
    assert!(host.status.success(), "{}", String::from_utf8_lossy(&host.stderr));
    let expected = last_line(&host);
    let summary: serde_json::Value = serde_json::from_str(&expected).unwrap();
    assert_eq!(summary["hands"], 6);
    for player in players {
        let out = finish(player, Duration::from_secs(30));
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(last_line(&out), expected);
    }
}

/// Tables of three and two and a Dummy Rang table on the LAN: `serve` seats as many people as
/// the rules, bots in some seats, and every joining player, a Hard bot (driving the dummy in
/// its turn), ends with the host's summary.
#[test]
fn tables_of_three_and_two_are_hosted_and_finished() {
    for (rules, seats, players) in [
        ("hokm-3", "remote,bot:easy,remote", ["ana", "bilal"].as_slice()),
        ("hokm-2", "remote,remote", ["chen", "dara"].as_slice()),
        ("dummy", "remote,remote,bot:medium", ["esha", "farid"].as_slice()),
    ] {
        let (port, discovery) = (free_port(), free_port());
        let discovery_addr = format!("127.0.0.1:{discovery}");
        let host = spawn(&[
            "serve",
            "--rules",
            rules,
            "--seats",
            seats,
            "--port",
            &port.to_string(),
            "--open",
            "--hands",
            "4",
            "--discovery",
            &discovery_addr,
            "--json",
        ]);
        std::thread::sleep(Duration::from_millis(300));
        let listing = finish(
            spawn(&["join", "--discovery", &discovery_addr, "--json"]),
            Duration::from_secs(10),
        );
        let tables: serde_json::Value = serde_json::from_str(&last_line(&listing)).unwrap();
        assert_eq!(tables[0]["rules"], rules);
        assert_eq!(tables[0]["free_seats"], players.len());
        // the first player reads the table as a person would, the others as JSON
        let joined: Vec<Child> = players
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let addr = format!("127.0.0.1:{port}");
                let args = ["join", &addr, "--name", name, "--autoplay", "hard", "--json"];
                spawn(&args[..if i == 0 { 6 } else { 7 }])
            })
            .collect();
        let host = finish(host, Duration::from_secs(120));
        assert!(
            host.status.success(),
            "{rules}: {}",
            String::from_utf8_lossy(&host.stderr)
        );
        let expected = last_line(&host);
        let summary: serde_json::Value = serde_json::from_str(&expected).unwrap();
        assert_eq!(summary["hands"], 4, "{rules}");
        for (i, player) in joined.into_iter().enumerate() {
            let out = finish(player, Duration::from_secs(30));
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{rules}: {err}");
            if i > 0 {
                assert_eq!(last_line(&out), expected, "{rules}");
                continue;
            }
            // the end in the player's words: the score from their seat, then the host's summary
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains(", hands won you "), "{rules}: {text}");
            assert!(text.contains("hands played: 4"), "{rules}: {text}");
        }
    }
}

#[test]
fn a_wrong_code_is_refused_with_a_clear_message() {
    let port = free_port();
    let host = spawn(&[
        "serve",
        "--seats",
        "bot:easy,remote,bot:easy,bot:easy",
        "--port",
        &port.to_string(),
        "--code",
        "KOT-4821",
        "--discovery",
        "off",
    ]);
    std::thread::sleep(Duration::from_millis(300));
    let out = finish(
        spawn(&[
            "join",
            &format!("127.0.0.1:{port}"),
            "--code",
            "KOT-4822",
            "--autoplay",
            "easy",
        ]),
        Duration::from_secs(30),
    );
    let mut host = host;
    host.kill().ok();
    host.wait().ok();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("table code is wrong"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // a listing asked where no table answers says where it asked
    let quiet = format!("127.0.0.1:{}", free_port());
    let out = finish(
        spawn(&["join", "--discovery", &quiet, "--wait", "0.2"]),
        Duration::from_secs(10),
    );
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains(&format!("No tables answered at {quiet}.")),
        "{said}"
    );
    for (bad, says) in [
        (
            &["join", "127.0.0.1:1", "--code", "KOT-48"][..],
            "not a table code",
        ),
        (
            &["join", "no such host!", "--code", "KOT-4821"],
            "is not an address",
        ),
        (
            &["join", "127.0.0.1:0", "--code", "KOT-4821"],
            "port 0 is no table's port",
        ),
        (&["join", "[::1]:47777", "--code", "KOT-4821"], "IPv4"),
        // what is for joining, when listing, and what is for listing, when joining
        (
            &["join", "--discovery", &quiet, "--name", "ana"],
            "--name is for joining a table",
        ),
        (&["join", "127.0.0.1:1", "--wait", "3"], "cannot be used with"),
    ] {
        let out = finish(spawn(bad), Duration::from_secs(10));
        assert!(!out.status.success(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{bad:?}: {err}");
    }
}

/// The number of moves in the record at `path`, once it is there.
fn saved_moves(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|record| record["moves"].as_array().map(Vec::len))
        .unwrap_or(0)
}

/// The host's process is killed mid-hand (SIGKILL: no goodbye, no last save) and started again
/// from its record with `--resume` alone: the same three `join` processes come back to their
/// own seats by themselves, finish the match with the host's summary, and the record replays
/// to it.
#[test]
fn players_come_back_after_the_host_is_killed_and_resumed() {
    let port = free_port();
    let dir = scratch("kill");
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("match.json");
    let record_arg = record.to_str().unwrap();
    let seats = "bot:medium,remote,remote,remote";
    let mut first = spawn(&[
        "serve",
        "--seats",
        seats,
        "--port",
        &port.to_string(),
        "--code",
        "KIL-1357",
        "--hands",
        "3",
        "--think-ms",
        "20",
        "--discovery",
        "off",
        "--record",
        record_arg,
        "--json",
    ]);
    std::thread::sleep(Duration::from_millis(300));
    let names = ["ana", "bilal", "chen"];
    let players: Vec<Child> = names
        .iter()
        .map(|name| {
            spawn(&[
                "join",
                &format!("127.0.0.1:{port}"),
                "--code",
                "KIL-1357",
                "--name",
                name,
                "--autoplay",
                "medium",
                "--json",
            ])
        })
        .collect();
    let start = Instant::now();
    while saved_moves(&record) < 30 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the match did not get going"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let seats_file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("match.seats.json")).unwrap()).unwrap();
    let seat_of = |name: &str| {
        seats_file["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["seat"].as_u64().unwrap())
            .unwrap()
    };

    // as a person would: the seats, and the record to go on with; code and port are kept
    std::thread::sleep(Duration::from_millis(500));
    let second = spawn(&["serve", "--seats", seats, "--resume", record_arg, "--json"]);
    let second = finish(second, Duration::from_secs(120));
    let host_err = String::from_utf8_lossy(&second.stderr);
    assert!(second.status.success(), "{host_err}");
    assert!(
        host_err.contains(&format!("port {port}, code KIL-1357")),
        "{host_err}"
    );
    let expected = last_line(&second);
    let summary: serde_json::Value = serde_json::from_str(&expected).unwrap();
    assert_eq!(summary["hands"], 3);
    for (player, name) in players.into_iter().zip(names) {
        let out = finish(player, Duration::from_secs(30));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{name}: {err}");
        assert!(err.contains("reconnecting…"), "{name}: {err}");
        assert!(
            err.contains(&format!("Back at the table, at seat {}.", seat_of(name))),
            "{name} is back at their own seat: {err}"
        );
        assert_eq!(last_line(&out), expected, "{name}");
    }
    let replay = finish(spawn(&["replay", record_arg, "--json"]), Duration::from_secs(30));
    assert_eq!(
        last_line(&replay),
        expected,
        "the record replays to the host's summary"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `join --watch` takes no seat, even an open one, and ends with the host's summary (with
/// nothing on its input: the end of a watcher's input does not send it away); the match starts
/// once a player takes the open seat.
#[test]
fn a_watcher_takes_no_seat_and_sees_the_match_to_its_end() {
    let port = free_port().to_string();
    let addr = format!("127.0.0.1:{port}");
    let host = spawn(&one_seat_table(&port));
    std::thread::sleep(Duration::from_millis(300));
    let watcher = spawn(&["join", &addr, "--name", "dana", "--watch", "--json"]);
    std::thread::sleep(Duration::from_millis(500));
    let player = spawn(&["join", &addr, "--name", "ana", "--autoplay", "easy", "--json"]);
    let host = finish(host, Duration::from_secs(60));
    assert!(host.status.success(), "{}", String::from_utf8_lossy(&host.stderr));
    let expected = last_line(&host);
    for (who, out) in [("watcher", watcher), ("player", player)] {
        let out = finish(out, Duration::from_secs(30));
        assert!(
            out.status.success(),
            "{who}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(last_line(&out), expected, "{who}");
    }
}

/// A person playing in the terminal whose input ends (`join … < /dev/null`, or Ctrl-D) leaves the
/// table as `quit` does, instead of waiting at the prompt for ever; the host plays their seat
/// with a bot once the grace is over and finishes the match.
#[test]
fn the_end_of_a_persons_input_leaves_the_table() {
    let port = free_port().to_string();
    let mut args = one_seat_table(&port).to_vec();
    args.extend(["--grace", "0"]);
    let host = spawn(&args);
    std::thread::sleep(Duration::from_millis(300));
    let person = spawn(&["join", &format!("127.0.0.1:{port}"), "--name", "ana"]);
    let person = finish(person, Duration::from_secs(30));
    let said = String::from_utf8_lossy(&person.stdout);
    assert!(
        person.status.success(),
        "{}",
        String::from_utf8_lossy(&person.stderr)
    );
    assert!(
        said.contains("Welcome, ana") && said.ends_with("Goodbye.\n"),
        "{said}"
    );
    let host = finish(host, Duration::from_secs(60));
    let told = String::from_utf8_lossy(&host.stderr);
    assert!(host.status.success(), "{told}");
    let summary: serde_json::Value = serde_json::from_str(&last_line(&host)).unwrap();
    assert_eq!(summary["hands"], 2);
    // the host's terminal follows the seats
    assert!(told.contains("ana sits at seat 1."), "{told}");
    assert!(told.contains("ana at seat 1 has dropped"), "{told}");
}

/// A LAN table whose every seat is a bot (people may watch) plays its match to the end and
/// keeps it in the history; the history's sitters once asked the lobby for a person's view
/// with nobody there, and the host panicked at the end.
#[test]
fn a_lan_table_of_bots_alone_finishes() {
    let port = free_port().to_string();
    let seats = "bot:easy,bot:easy,bot:easy,bot:easy";
    let args = [
        "serve",
        "--seats",
        seats,
        "--port",
        &port,
        "--open",
        "--discovery",
        "off",
    ];
    let host = finish(
        spawn(&[&args[..], &["--hands", "1", "--json"]].concat()),
        Duration::from_secs(60),
    );
    let told = String::from_utf8_lossy(&host.stderr);
    assert!(host.status.success(), "{told}");
    assert!(told.contains("Kept in your match history"), "{told}");
    let summary: serde_json::Value = serde_json::from_str(&last_line(&host)).unwrap();
    assert_eq!(summary["hands"], 1);
}

/// `netbench` through a link that loses nine datagrams in ten: the clients cannot stay at the
/// table, and the run ends with the reason instead of waiting for them for ever.
#[test]
fn netbench_ends_with_the_reason_when_its_clients_give_up() {
    let out = finish(
        spawn(&["netbench", "--hands", "1", "--loss", "0.9"]),
        Duration::from_secs(60),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("a client gave up") && err.contains("losing 90 %"),
        "{err}"
    );
}
