//! `courtpiece replay` and `courtpiece bench`, run as a person runs them.

use std::path::PathBuf;

use courtpiece_rules::{GameRecord, Intent, Match, MatchSummary, Preset, RuleSet};

use crate::support::{courtpiece, scratch, with_history};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = scratch("files");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A finished match played by always taking the first legal intent.
fn first_choice_record(rules: &RuleSet, seed: u64) -> (Match, GameRecord) {
    let mut record = GameRecord::new(rules, seed);
    let mut m = record.start().unwrap();
    loop {
        m.advance();
        let Some(who) = m.to_act() else { break };
        let intent = m.round().legal_intents(who)[0];
        record.apply(&mut m, who, intent).unwrap();
    }
    (m, record)
}

#[test]
fn replay_prints_the_summary_of_every_preset() {
    for preset in Preset::ALL {
        let mut rules = preset.rules();
        rules.max_hands = Some(4);
        let (m, record) = first_choice_record(&rules, 3);
        let path = temp_file(&format!("{preset}.json"), &record.to_json());
        let out = courtpiece(&["replay", path.to_str().unwrap(), "--json"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        let summary: MatchSummary = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(summary, m.summary());
        let human = courtpiece(&["replay", path.to_str().unwrap()]);
        assert!(String::from_utf8_lossy(&human.stdout).contains("hands played: "));
    }
}

#[test]
fn replay_of_a_bad_record_names_the_first_bad_entry_and_fails() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(1);
    let (_, mut record) = first_choice_record(&rules, 4);
    let i = record
        .moves
        .iter()
        .position(|m| matches!(m.intent, Intent::Play { .. }))
        .unwrap();
    record.moves[i + 1].intent = record.moves[i].intent;
    let path = temp_file("illegal.json", &record.to_json());
    let out = courtpiece(&["replay", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("move {}", i + 2)), "{err}");

    let truncated = temp_file("truncated.json", &record.to_json()[..200]);
    let out = courtpiece(&["replay", truncated.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a readable game record"));

    let out = courtpiece(&["replay", "/no/such/record.json"]);
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));

    // the window's replay reads its record first, the same way, and opens nothing for a bad one
    for (path, says) in [
        (path.to_str().unwrap(), format!("move {}", i + 2)),
        (
            truncated.to_str().unwrap(),
            "not a readable game record".to_owned(),
        ),
    ] {
        let out = courtpiece(&["--replay", path]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&says) && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn bench_prints_hands_per_second_as_json() {
    let out = courtpiece(&["bench", "--seconds", "0.2", "--json"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert!(v["random_hands_per_sec"].as_f64().unwrap() > 0.0);
    assert!(v["hands"].as_u64().unwrap() > 0);
    let bad = courtpiece(&["bench", "--seconds", "-1"]);
    assert!(!bad.status.success());
}

#[test]
fn bench_times_the_solvers_queries() {
    let out = courtpiece(&["bench", "--solver", "--positions", "2", "--deals", "1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[4]["query"].as_str().unwrap().starts_with("whole deal"));
    assert!(lines[5]["query"].as_str().unwrap().contains("Double Sar"));
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["positions"].as_u64(), Some(if i >= 4 { 1 } else { 2 }));
        let (median, max) = (v["median_ms"].as_f64().unwrap(), v["max_ms"].as_f64().unwrap());
        assert!(median > 0.0 && median <= max, "{v}");
    }
    assert!(
        !courtpiece(&["bench", "--solver", "--positions", "0"])
            .status
            .success()
    );
    assert!(
        !courtpiece(&["bench", "--positions", "5"]).status.success(),
        "--positions needs --solver"
    );
}

/// Whole deals of Mindi are timed only when asked for: seconds a deal where tricks take
/// milliseconds (this seed's deal is one of the quick ones).
#[test]
fn bench_times_whole_deals_of_mindi_on_request() {
    let args = [
        "bench",
        "--solver",
        "--positions",
        "1",
        "--deals",
        "0",
        "--seed",
        "3",
    ];
    let out = courtpiece(&[&args[..], &["--mindi", "1", "--json"]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 5, "{text}");
    let mindi = &lines[4];
    assert!(mindi["query"].as_str().unwrap().contains("Mindi"), "{mindi}");
    assert_eq!(mindi["positions"].as_u64(), Some(1));
    assert!(mindi["median_ms"].as_f64().unwrap() > 0.0, "{mindi}");
    let too_many = courtpiece(&[&args[..], &["--mindi", "10001"]].concat());
    assert!(!too_many.status.success());
    assert!(String::from_utf8_lossy(&too_many.stderr).contains("--mindi 10001"));
}

/// `courtpiece arena` with Medium as A and Easy as B, and `flags`.
fn medium_against_easy(flags: &[&str]) -> std::process::Output {
    let mut args = vec!["arena", "--a", "medium", "--b", "easy"];
    args.extend_from_slice(flags);
    courtpiece(&args)
}

/// With `--json` a command's standard output is its one line of JSON, for a script to read whole
/// (`courtpiece arena … --json | jq .a_match_win_rate`); the lines for people are on standard error.
fn only_json(out: &std::process::Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_arena_speaks_to_people_on_standard_output_without_json() {
    let out = medium_against_easy(&["--hands", "10", "--threads", "1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("medium (A) against easy (B)"), "{text}");
    assert!(text.contains("A wins") && !text.contains('{'), "{text}");
}

#[test]
fn the_arena_says_where_two_levels_part_ways() {
    let out = medium_against_easy(&["--hands", "30", "--threads", "1", "--diverge", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("played on both ways"), "{text}");
    let v = only_json(&out);
    assert!(v["hands"].as_u64().unwrap() >= 30);
    let groups = v["groups"].as_array().unwrap();
    assert_eq!(groups[0]["label"], "every card");
    assert!(groups[0]["cards"].as_u64().unwrap() > 0, "{v}");
    assert!(
        groups[0]["total"].as_f64().unwrap() > 0.0,
        "Medium's cards are worth more than Easy's: {v}"
    );
}

#[test]
fn the_arena_reads_several_sets_of_deals() {
    let arena = |seeds: &[&str]| {
        let mut flags = vec!["--hands", "25", "--threads", "1", "--json"];
        flags.extend_from_slice(seeds);
        let out = medium_against_easy(&flags);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        (String::from_utf8_lossy(&out.stderr).into_owned(), only_json(&out))
    };
    let (text, all) = arena(&["--seeds", "4-5,9"]);
    assert!(text.contains("3 sets of deals together (seeds 4-5, 9)"), "{text}");
    assert_eq!(all["seeds"], serde_json::json!([4, 5, 9]));
    let by_seed = all["by_seed"].as_array().unwrap();
    assert_eq!(by_seed.len(), 3);
    let sum = |key: &str| by_seed.iter().map(|f| f[key].as_u64().unwrap()).sum::<u64>();
    for key in ["matches", "hands", "a_courts", "b_courts"] {
        assert_eq!(all[key].as_u64(), Some(sum(key)), "{key}: {all}");
    }
    // each seed's figures are those of a run on that seed alone
    for (line, seed) in by_seed.iter().zip(["4", "5", "9"]) {
        let (_, alone) = arena(&["--seed", seed]);
        assert_eq!(alone["seeds"], serde_json::json!([seed.parse::<u64>().unwrap()]));
        assert!(alone.get("by_seed").is_none(), "{alone}");
        for key in ["matches", "hands", "a_match_win_rate", "a_courts", "b_calls"] {
            assert_eq!(line[key], alone[key], "seed {seed}, {key}");
        }
        assert!(text.contains(&format!("seed {seed}: A wins")), "{text}");
    }
    for (flags, says) in [
        (vec!["--seeds", "9-3"], "runs backwards"),
        (vec!["--seeds", "1,1"], "seed 1 is named twice"),
        (vec!["--seeds", "1-2", "--seed", "3"], "cannot be used with"),
    ] {
        let out = medium_against_easy(&flags);
        assert!(!out.status.success(), "{flags:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(says), "{flags:?}");
    }
}

#[test]
fn bad_flags_are_refused() {
    assert!(!courtpiece(&["replay"]).status.success());
    assert!(!courtpiece(&["frobnicate"]).status.success());
    assert!(!courtpiece(&["bench", "--seconds", "soon"]).status.success());
    let out = courtpiece(&["play", "--rules", "bridge"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("neither a preset"));
    // Satat's 2♥ is not played in Double Sar: refused with the rule book's reason
    let out = courtpiece(&["play", "--rules", "satat", "--rule", "mode=double-sar"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Satat's 2♥"));
    // a table of three counts three seats: refused by name, not started with an empty seat
    for (seats, says) in [
        (
            "bot:easy,bot:easy,bot:easy,bot:easy",
            "a table of 3 needs 3 seats, 4 given",
        ),
        ("bot:easy,bot:hard", "a table of 3 needs 3 seats, 2 given"),
        ("bot:easy,bot:grandmaster,remote", "unknown bot level"),
    ] {
        let out = courtpiece(&["serve", "--seats", seats, "--rules", "hokm-3"]);
        assert!(!out.status.success(), "{seats}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{seats}: {err}");
    }
    // numbers out of range are refused by name, before any deal: a match of no hands once
    // kept `serve` busy for ever, and so did one without an end
    let bots = "bot:easy,bot:easy,bot:easy,bot:easy";
    for (args, says) in [
        (
            &["serve", "--seats", bots, "--hands", "0"][..],
            "--hands must be at least 1",
        ),
        (&["play", "--hands", "0"][..], "--hands must be at least 1"),
        (
            &["serve", "--seats", bots, "--think-ms", "99999999"][..],
            "--think-ms",
        ),
        (&["serve", "--seats", bots, "--grace", "-1"][..], "--grace -1"),
        // seconds past a clock's reach were a panic
        (&["serve", "--seats", bots, "--grace", "1e20"][..], "0 to 3600"),
        (
            &["join", "--wait", "1e20", "--discovery", "127.0.0.1:9"][..],
            "at most 600",
        ),
        (&["bench", "--seconds", "-1"][..], "--seconds -1"),
        (&["bench", "--seconds", "0"][..], "above 0"),
        (
            &["bench", "--solver", "--seconds", "1"][..],
            "cannot be used with",
        ),
        (
            &["serve", "--seats", bots, "--code", "KOT-4821"][..],
            "--code is for a table on the LAN",
        ),
        // a record is one match, whatever the filter
        (
            &["history", "--record", "1", "--rules", "hokm"][..],
            "cannot be used with",
        ),
        // a resumed match keeps its record's rules, number of hands and seed
        (
            &["serve", "--seats", bots, "--resume", "m.json", "--rules", "hokm"][..],
            "cannot be used with",
        ),
        (
            &["serve", "--seats", bots, "--resume", "m.json", "--hands", "3"][..],
            "cannot be used with",
        ),
        (
            &["serve", "--seats", bots, "--resume", "m.json", "--seed", "3"][..],
            "cannot be used with",
        ),
        // a match with no target and no number of hands would never end without a person to
        // call time
        (
            &["serve", "--seats", bots, "--rule", "target=none"][..],
            "give --hands N",
        ),
        (
            &["arena", "--a", "easy", "--b", "easy", "--rule", "target=none"][..],
            "never end",
        ),
    ] {
        let out = courtpiece(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    for (flag, value) in [("--window", "huge"), ("--window", "100x100"), ("--ui-scale", "5")] {
        let out = courtpiece(&[flag, value]);
        assert!(!out.status.success(), "{flag} {value}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(value),
            "{flag} {value}"
        );
    }
}

/// Runs `play` with `args`, typing `opening` (the cut, the call) and then every card of the deck
/// in turn, over and over; the terminal's output once the match is over.
fn play_typed(args: &[&str], opening: &str) -> String {
    use std::io::Write;
    let cards: Vec<String> = courtpiece_rules::CardSet::DECK
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mut script = String::new();
    for _ in 0..120 {
        script.push_str(opening);
        script.push_str(&cards.join("\n"));
        script.push('\n');
    }
    let mut child = crate::support::command()
        .arg("play")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("hands played: 2"),
        "{}",
        &text[text.len().saturating_sub(400)..]
    );
    text
}

/// A table of three in the terminal: two bots, each for itself, and the player's moves typed.
#[test]
fn play_in_the_terminal_at_a_table_of_three() {
    let text = play_typed(&["--rules", "hokm-3", "--seed", "5", "--hands", "2"], "26\nH\n");
    assert!(text.contains("You play against two"));
    assert!(text.contains("East plays") && text.contains("West plays"));
    assert!(!text.contains("Partner"), "nobody has a partner at three");
}

/// Trup kasiet in the terminal: `--rules satat --rule call=hidden`, the indicator laid by a
/// typed suit and the cards typed until the hands are over.
#[test]
fn play_in_the_terminal_takes_options_on_top_of_a_preset() {
    let text = play_typed(
        &[
            "--rules",
            "satat",
            "--rule",
            "call=hidden",
            "--seed",
            "5",
            "--hands",
            "2",
        ],
        "26\nS\nH\nD\nC\n",
    );
    assert!(
        text.contains("Satat with call=hidden"),
        "{}",
        &text[..text.len().min(400)]
    );
}

#[test]
fn play_in_the_terminal_takes_typed_moves_and_stops_at_the_end_of_input() {
    let record = scratch("play.json");
    let text = play_typed(
        &[
            "--seed",
            "3",
            "--hands",
            "2",
            "--record",
            record.to_str().unwrap(),
        ],
        "26\n\nH\nstop\nNonsense\n",
    );
    // an empty line at the call asks again, without a reproach; a word it does not know gets one,
    // quoted as it was typed
    assert!(!text.contains("did not understand \"\""), "{text}");
    assert!(text.contains("did not understand \"Nonsense\""), "{text}");
    // the player cuts, before there is a hand to show; their own cards are said with the others'
    assert!(text.contains("Your hand: not dealt yet"), "{text}");
    assert!(text.contains("  You play "), "{text}");
    // the match's end in the player's words, before the summary by seats
    assert!(text.contains(", hands won you "), "{text}");
    // a refused card says why, and the player is "you" in the events
    assert!(text.contains("must follow suit"), "no reason for a refused card");
    assert!(
        text.contains("is not in that hand"),
        "no reason for a card not held"
    );
    for slip in ["You deals", "You wins", "You cuts", "You plays"] {
        assert!(!text.contains(slip), "{slip}");
    }
    let replay = courtpiece(&["replay", record.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&replay.stdout).contains("hands played: 2"));

    // no input at all: the player leaves and nothing breaks
    let mut child = crate::support::command()
        .args(["play", "--seed", "6"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    assert!(child.wait().unwrap().success());
}

/// Deals with their double-dummy results for the leader's side, as an established bridge solver
/// gives them.
const SOLVED: &str = "\
N:T.QT9.92.5 K7.65.K.98 Q.K742..Q3 32..T3.AK7 D W
N:4.J4.QT8.8 J96..65.AT 5.K653..Q4 QT..K42.65 N E
N:JT65.J.84.AQ Q8.K6542..72 4.Q98.K95.J8 A972..AQ6.63 H E
N:K.4.97. 32..85. A4...94 5.8.43. D E
N:762.Q43.A6.4 T.J.T985.KJ6 J43..4.AQ752 KQ.T9.Q72.T8 S S
N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873 D W
";
const SOLVED_TRICKS: &str = "7\n5\n6\n1\n7\n3\n";

#[test]
fn solve_prints_the_leaders_tricks_line_by_line() {
    let path = temp_file("deals.txt", &format!("# a comment\n\n{SOLVED}"));
    let out = courtpiece(&["solve", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), SOLVED_TRICKS);

    let out = courtpiece(&["solve", "--times", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tricks: String = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| {
            let [tricks, ms, nodes] = line.split(' ').collect::<Vec<_>>()[..] else {
                panic!("an answer, its time and its nodes: {line}");
            };
            assert!(ms.parse::<f64>().is_ok_and(|ms| ms >= 0.0), "{line}");
            assert!(nodes.parse::<u64>().is_ok(), "{line}");
            format!("{tricks}\n")
        })
        .collect();
    assert_eq!(tricks, SOLVED_TRICKS);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("deals 6 median "), "{err}");
    assert!(err.contains(" trick nodes "), "{err}");

    let bad = temp_file(
        "bad-deals.txt",
        "N:AK... QJ... T9... 8... N N\nnonsense\nN:A... K... Q... J... X N\n",
    );
    let out = courtpiece(&["solve", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "-\n-\n-\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1") && err.contains("line 2") && err.contains("line 3"),
        "{err}"
    );
}

#[test]
fn serve_and_replay_print_the_same_summary_in_every_preset() {
    for preset in Preset::ALL {
        let record = scratch(&format!("serve-{preset}.json"));
        let seats =
            ["bot:medium", "bot:easy", "bot:medium", "bot:easy"][..preset.rules().seats().people()].join(",");
        let out = courtpiece(&[
            "serve",
            "--seats",
            &seats,
            "--rules",
            preset.name(),
            "--hands",
            "6",
            "--seed",
            "4",
            "--record",
            record.to_str().unwrap(),
            "--json",
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let served = String::from_utf8_lossy(&out.stdout)
            .lines()
            .last()
            .unwrap()
            .to_string();
        let replayed = courtpiece(&["replay", record.to_str().unwrap(), "--json"]);
        assert_eq!(
            String::from_utf8_lossy(&replayed.stdout).lines().last().unwrap(),
            served,
            "{preset}"
        );
        let summary: MatchSummary = serde_json::from_str(&served).unwrap();
        assert_eq!(summary.hands, 6);
    }
}

#[test]
fn serve_refuses_bad_seats_and_corrupt_saves() {
    for seats in [
        "bot:easy,bot:easy,bot:easy",
        "bot:genius,bot:easy,bot:easy,bot:easy",
        "local,bot:easy,bot:easy,bot:easy",
    ] {
        let out = courtpiece(&["serve", "--seats", seats]);
        assert!(!out.status.success(), "{seats}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--seats"));
    }
    // a turn timer out of range, or with nobody to time
    for (timer, seats, says) in [
        ("2", "remote,bot:easy,bot:easy,bot:easy", "--turn-timer"),
        ("soon", "remote,bot:easy,bot:easy,bot:easy", "--turn-timer"),
        ("30", "bot:easy,bot:easy,bot:easy,bot:easy", "remote seats"),
    ] {
        let out = courtpiece(&["serve", "--seats", seats, "--turn-timer", timer]);
        assert!(!out.status.success(), "--turn-timer {timer}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "--turn-timer {timer}: {err}");
    }
    let corrupt = temp_file(
        "corrupt-save.json",
        "{\"format\": \"courtpiece-record\", \"version\": 1, \"rules\"",
    );
    let out = courtpiece(&[
        "serve",
        "--seats",
        "bot:easy,bot:easy,bot:easy,bot:easy",
        "--resume",
        corrupt.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a readable game record"));
    assert!(
        std::fs::read_to_string(&corrupt).unwrap().ends_with("\"rules\""),
        "the save is left untouched"
    );
}

/// A record that cannot be saved is said, not passed over: a missing folder before the first
/// deal, a failing save as it fails and in the exit status.
#[test]
fn serve_says_when_its_record_cannot_be_saved() {
    let serve_into = |record: &std::path::Path| {
        let seats = "bot:easy,bot:easy,bot:easy,bot:easy";
        let record = record.to_str().unwrap();
        courtpiece(&["serve", "--seats", seats, "--hands", "1", "--record", record])
    };
    let out = serve_into(&scratch("no-such-folder").join("m.json"));
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("there is no folder"), "{err}");

    // a folder where the record should go: every save fails
    let folder = scratch("record-is-a-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let out = serve_into(&folder);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("could not save the match to"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("hands played: 1"));
    let mut tmp = folder.into_os_string();
    tmp.push(".tmp");
    assert!(
        !std::path::Path::new(&tmp).exists(),
        "the half-made save is cleared away"
    );
}

#[test]
fn serve_keeps_a_record_of_every_match_and_each_replays() {
    let dir = scratch("two");
    std::fs::create_dir_all(&dir).unwrap();
    let first = dir.join("m.json");
    let out = courtpiece(&[
        "serve",
        "--seats",
        "bot:easy,bot:easy,bot:easy,bot:easy",
        "--rules",
        "hokm",
        "--matches",
        "2",
        "--seed",
        "9",
        "--record",
        first.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let served: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(served.len(), 2, "{served:?}");
    assert_ne!(served[0], served[1], "two different matches");
    for (path, line) in [first, dir.join("m-2.json")].iter().zip(&served) {
        let replayed = courtpiece(&["replay", path.to_str().unwrap(), "--json"]);
        assert!(replayed.status.success(), "{}", path.display());
        assert_eq!(
            String::from_utf8_lossy(&replayed.stdout).lines().last().unwrap(),
            line,
            "{}",
            path.display()
        );
    }
}

/// `serve --rules FILE --rule KEY=VALUE`: a preset's options changed from a file and one by one,
/// kept in the record; bad options and refused combinations say why.
#[test]
fn serve_takes_a_rule_set_of_options() {
    let options = temp_file("options.json", r#"{"preset":"double-sar","first_collect":5}"#);
    let record = scratch("custom.json");
    let out = courtpiece(&[
        "serve",
        "--seats",
        "bot:medium,bot:easy,bot:medium,bot:easy",
        "--rules",
        options.to_str().unwrap(),
        "--rule",
        "ace=no-collect",
        "--hands",
        "2",
        "--record",
        record.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let kept = GameRecord::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let mut expected = Preset::DoubleSar.rules();
    expected.first_collect = 5;
    expected.ace = courtpiece_rules::AceCollect::NoCollect;
    expected.max_hands = Some(2);
    expected.target = None;
    assert_eq!(kept.rules, expected);
    for (args, says) in [
        (&["--rule", "frist_collect=5"][..], "first_collect"),
        (&["--rule", "ace=sometimes"][..], "no-collect"),
        (&["--rule", "ace"][..], "KEY=VALUE"),
        (&["--rules", "no-such-file.json"][..], "neither a preset"),
        (&["--rules", "hokm-2", "--rule", "players=4"][..], "refused"),
    ] {
        let mut all = vec!["serve", "--seats", "bot:easy,bot:easy,bot:easy,bot:easy"];
        all.extend_from_slice(args);
        let out = courtpiece(&all);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A match of Easy bots that `serve` plays to every hand's last trick and records in
/// `dir/NAME.json` under `rules`.
fn served(dir: &std::path::Path, name: &str, rules: &str, hands: &str) -> std::path::PathBuf {
    let record = dir.join(format!("{name}.json"));
    let out = courtpiece(&[
        "serve",
        "--rules",
        rules,
        "--rule",
        "stop=all",
        "--seats",
        "bot:easy,bot:easy,bot:easy,bot:easy",
        "--hands",
        hands,
        "--seed",
        "1",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    record
}

/// `review` on a match `serve` recorded: the last four tricks of each hand, the costly cards with
/// what they cost; under the heap tricks collected, under Mindi tens; rules it does not count are
/// refused with the reason.
#[test]
fn review_lists_the_cards_that_cost_tricks() {
    let dir = scratch("review");
    std::fs::create_dir_all(&dir).unwrap();
    let record = served(&dir, "match", "court-piece", "2");
    let record_arg = record.to_str().unwrap();
    let out = courtpiece(&["review", record_arg, "--from-trick", "10", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let figures: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(figures["cards_reviewed"], 2 * 4 * 4);
    let costly = figures["costly"].as_array().unwrap();
    let (mut lost, mut worse) = (0, 0);
    // worst first, as the review orders how a hand ends
    let rank = |end: &serde_json::Value| {
        [
            "fifty-two-against",
            "court-against",
            "lost",
            "won",
            "court",
            "fifty-two",
        ]
        .iter()
        .position(|e| end == e)
    };
    for c in costly {
        let (before, after, cost) = (
            c["before"].as_u64().unwrap(),
            c["after"].as_u64().unwrap(),
            c["cost"].as_u64().unwrap(),
        );
        assert_eq!(before.saturating_sub(after), cost, "{c}");
        match (rank(&c["outcome_before"]), rank(&c["outcome_after"])) {
            // the race open: the card made the end of the hand worse
            (Some(b), Some(a)) if a < b => {
                assert!(c["keeps"].is_string(), "{c}");
                worse += 1;
            }
            // the race over: the card cost tricks
            (None, None) => {
                assert!(cost > 0 && c["better"].is_string(), "{c}");
                lost += cost;
            }
            _ => panic!("a card that cost nothing is listed: {c}"),
        }
    }
    assert_eq!(figures["tricks_lost"].as_u64().unwrap(), lost);
    assert_eq!(figures["ends_made_worse"].as_u64().unwrap(), worse);
    let text = courtpiece(&["review", record_arg, "--from-trick", "10"]);
    assert!(
        String::from_utf8_lossy(&text.stdout).contains("32 cards reviewed from trick 10"),
        "{}",
        String::from_utf8_lossy(&text.stdout)
    );

    // under the heap: the last five tricks of the one hand
    let double = served(&dir, "double", "double-sar", "1");
    let out = courtpiece(&["review", double.to_str().unwrap(), "--from-trick", "9", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let figures: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(figures["cards_reviewed"], 5 * 4, "{figures}");
    // the text names what the heap counts, tricks collected; over the whole hand Easy's cards
    // cost some, so there are lines to read
    let text = courtpiece(&["review", double.to_str().unwrap()]);
    assert!(text.status.success(), "{}", String::from_utf8_lossy(&text.stderr));
    let text = String::from_utf8_lossy(&text.stdout);
    let costly: Vec<&str> = text.lines().filter(|l| l.starts_with("hand ")).collect();
    assert!(!costly.is_empty(), "{text}");
    assert!(
        costly.iter().all(|l| l.contains("its side could collect")),
        "{text}"
    );
    assert!(text.trim_end().ends_with("collected tricks in all"), "{text}");

    // at a table of two, Hokm for two as it is played (the hand stops at seven): every card of
    // trick play reviewed, a side being one player (Easy's cards on these deals cost some)
    let two = dir.join("two.json");
    let out = courtpiece(&[
        "serve",
        "--rules",
        "hokm-2",
        "--seats",
        "bot:easy,bot:easy",
        "--hands",
        "2",
        "--seed",
        "3",
        "--record",
        two.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let kept = GameRecord::from_json(&std::fs::read_to_string(&two).unwrap()).unwrap();
    let played = kept
        .moves
        .iter()
        .filter(|m| matches!(m.intent, Intent::Play { .. }))
        .count();
    let out = courtpiece(&["review", two.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let figures: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        figures["cards_reviewed"].as_u64().unwrap(),
        played as u64,
        "{figures}"
    );
    let text = courtpiece(&["review", two.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("made the end of the hand worse for their player"),
        "{text}"
    );
    let costly: Vec<&str> = text.lines().filter(|l| l.starts_with("hand ")).collect();
    assert!(!costly.is_empty(), "{text}");
    assert!(
        costly.iter().all(|l| l.contains("its player could take")),
        "{text}"
    );

    // one hand of the match alone, and a hand the record does not hold
    let one = courtpiece(&["review", two.to_str().unwrap(), "--hand", "2", "--json"]);
    assert!(one.status.success(), "{}", String::from_utf8_lossy(&one.stderr));
    let one: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    let second = kept
        .moves
        .iter()
        .filter(|m| m.hand == 2 && matches!(m.intent, Intent::Play { .. }))
        .count();
    assert!(second > 0, "the match played a second hand");
    assert_eq!(one["cards_reviewed"].as_u64().unwrap(), second as u64, "{one}");
    let none = courtpiece(&["review", two.to_str().unwrap(), "--hand", "9"]);
    assert!(!none.status.success());
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("there is no hand 9: the record holds 2 hands"),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );

    // under Mindi the tens decide, to the last trick, and the review starts at the fifth
    let mindi = served(&dir, "mindi", "mindi", "1");
    let out = courtpiece(&["review", mindi.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let figures: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(figures["unit"], "tens", "{figures}");
    assert_eq!(figures["cards_reviewed"], 9 * 4, "{figures}");
    assert_eq!(figures["tricks_lost"], 0, "{figures}");
    let text = courtpiece(&["review", mindi.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("36 cards reviewed from trick 5"), "{text}");
    assert!(!text.contains("race to seven"), "{text}");
    for line in text.lines().filter(|l| l.starts_with("hand ")) {
        assert!(
            line.contains("its side could collect") && line.contains(" ten"),
            "{text}"
        );
    }

    // rules the solver does not count are refused with the reason
    let be_ranga = served(&dir, "be-ranga", "be-ranga", "1");
    let out = courtpiece(&["review", be_ranga.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not reviewed yet"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A table hosted again deals other cards, and says the seed that deals the same ones again.
#[test]
fn serve_deals_fresh_cards_unless_given_a_seed() {
    let dir = scratch("fresh-seeds");
    std::fs::create_dir_all(&dir).unwrap();
    let serve = |name: &str, extra: &[&str]| {
        let record = dir.join(format!("{name}.json"));
        let mut args = vec![
            "serve",
            "--seats",
            "bot:easy,bot:easy,bot:easy,bot:easy",
            "--hands",
            "1",
            "--no-history",
            "--json",
            "--record",
            record.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = courtpiece(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let kept: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
        (
            only_json(&out),
            kept["moves"].clone(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (first, first_moves, said) = serve("first", &[]);
    let (second, second_moves, _) = serve("second", &[]);
    assert_ne!(first["seed"], second["seed"]);
    assert_ne!(first_moves, second_moves, "the same cards dealt again");
    let seed = first["seed"].as_u64().unwrap().to_string();
    assert!(
        said.contains(&format!("`--seed {seed}` deals them again")),
        "{said}"
    );
    let (again, again_moves, said_again) = serve("again", &["--seed", &seed]);
    assert_eq!((again, again_moves), (first, first_moves));
    assert!(!said_again.contains("deals them again"), "{said_again}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn serve_keeps_its_matches_in_the_history_and_history_lists_them() {
    let data = scratch("history");
    std::fs::remove_dir_all(&data).ok();
    let four = "bot:easy,bot:medium,bot:easy,bot:medium";
    let served = with_history(&data, &["serve", "--seats", four, "--matches", "2", "--json"]);
    assert!(
        served.status.success(),
        "{}",
        String::from_utf8_lossy(&served.stderr)
    );
    let three = with_history(
        &data,
        &[
            "serve",
            "--rules",
            "hokm-3",
            "--seats",
            "bot:easy,bot:medium,bot:hard",
            "--json",
        ],
    );
    assert!(three.status.success());
    let skipped = with_history(&data, &["serve", "--seats", four, "--hands", "1", "--no-history"]);
    assert!(skipped.status.success());

    let out = with_history(&data, &["history", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    let matches = listed["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 3, "{listed}");
    // newest first: the table of three, then the two matches of court piece
    assert_eq!(matches[0]["rules"], "hokm-3");
    assert_eq!(matches[0]["people"][2]["name"], "Chandni");
    assert_eq!(matches[0]["people"][2]["kind"], "bot:hard");
    let summaries: Vec<MatchSummary> = String::from_utf8_lossy(&served.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (row, summary) in matches[1..].iter().rev().zip(&summaries) {
        assert_eq!(row["rules"], "court-piece");
        assert_eq!(row["hands"], summary.hands);
        assert_eq!(row["score"], serde_json::json!(summary.score));
    }
    // each player's figures in the two matches of four, where Asha sat at seat 0 both times
    let four_only = with_history(&data, &["history", "--rules", "court-piece", "--json"]);
    let four_only: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&four_only.stdout).trim()).unwrap();
    let players = four_only["players"].as_array().unwrap();
    let asha = players.iter().find(|p| p["name"] == "Asha").unwrap();
    let hands: u32 = summaries.iter().map(|s| s.hands).sum();
    let won = asha["as_caller"]["won"].as_u64().unwrap() + asha["not_caller"]["won"].as_u64().unwrap();
    assert_eq!(
        asha["as_caller"]["hands"].as_u64().unwrap() + asha["not_caller"]["hands"].as_u64().unwrap(),
        u64::from(hands)
    );
    assert_eq!(
        won,
        summaries.iter().map(|s| u64::from(s.hands_won[0])).sum::<u64>()
    );
    assert_eq!(asha["matches"], 2);
    assert_eq!(asha["kind"], "bot:easy");
    // Chandni sat as an Easy bot at the table of four and as a Hard one at the table of three:
    // two players, each with its own figures
    let chandnis: Vec<&serde_json::Value> = listed["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["name"] == "Chandni")
        .collect();
    let kinds: Vec<&str> = chandnis.iter().filter_map(|p| p["kind"].as_str()).collect();
    assert_eq!(kinds, ["bot:easy", "bot:hard"], "{listed}");

    // a match read back from the history replays to what serve printed
    let id = matches[1]["id"].as_i64().unwrap();
    let record = with_history(&data, &["history", "--record", &id.to_string()]);
    let path = temp_file("from-history.json", &String::from_utf8_lossy(&record.stdout));
    let replayed = courtpiece(&["replay", path.to_str().unwrap(), "--json"]);
    let replayed: MatchSummary =
        serde_json::from_str(String::from_utf8_lossy(&replayed.stdout).trim()).unwrap();
    assert_eq!(replayed, summaries[1]);
    // filtered by rules, and a number the history does not have
    let only = with_history(&data, &["history", "--rules", "hokm-3", "--json"]);
    let only: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&only.stdout).trim()).unwrap();
    assert_eq!(only["matches"].as_array().unwrap().len(), 1);
    let missing = with_history(&data, &["history", "--record", "99"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no match number 99"));
    let text = with_history(&data, &["history"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Court Piece"));
    assert!(text.contains("Chandni (Hard bot): won "), "{text}");

    // a damaged database: the match waits in a side file, and joins once the file is mended
    let db = data.join(courtpiece_history::DATABASE);
    std::fs::rename(&db, data.join("good.sqlite3")).unwrap();
    std::fs::write(&db, "not a database").unwrap();
    let served = with_history(&data, &["serve", "--seats", four, "--hands", "2"]);
    assert!(served.status.success());
    let said = String::from_utf8_lossy(&served.stderr);
    assert!(said.contains("is damaged") && said.contains("waits in"), "{said}");
    let refused = with_history(&data, &["history"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("is damaged"));
    std::fs::rename(data.join("good.sqlite3"), &db).unwrap();
    let healed = with_history(&data, &["history", "--json"]);
    assert!(String::from_utf8_lossy(&healed.stderr).contains("joined the history as number 4"));
    let healed: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&healed.stdout).trim()).unwrap();
    assert_eq!(healed["matches"].as_array().unwrap().len(), 4);
    std::fs::remove_dir_all(&data).ok();
}

/// `courtpiece history --record 1 | head`: a reader who stops reading ends the command quietly,
/// with no panic about a broken pipe.
#[test]
fn a_reader_who_stops_reading_ends_the_command_quietly() {
    let data = scratch("pipe");
    let seats = "bot:easy,bot:easy,bot:easy,bot:easy";
    let served = with_history(
        &data,
        &["serve", "--seats", seats, "--hands", "40", "--seed", "2"],
    );
    assert!(served.status.success());
    // forty hands' record is far more than a pipe holds, so the writer meets the closed end
    let mut child = crate::support::command()
        .env("COURTPIECE_DATA_DIR", &data)
        .args(["history", "--record", "1"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
