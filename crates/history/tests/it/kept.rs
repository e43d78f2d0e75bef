//! Matches kept and listed, records read back, and each player's figures counted from the hands.

use courtpiece_history::{Filter, History, Kept, keep};
use courtpiece_rules::{Preset, Seat};

use crate::support::{FOUR, entry, folder};

#[test]
fn a_kept_match_is_listed_with_its_people_result_and_record() {
    let dir = folder("listed");
    let (m, e) = entry(Preset::CourtPiece, 1, &FOUR);
    let Ok(Kept::Database(id)) = keep(&dir, &e) else {
        panic!("a new history takes the match");
    };
    let (history, imported) = History::open(&dir).unwrap();
    assert!(imported.is_empty());
    let rows = history.list(&Filter::default()).unwrap();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row.id, id);
    assert_eq!(row.played_at, e.played_at);
    assert_eq!(row.rules, "court-piece");
    // the match's length is not an option of the game played
    assert!(row.options.is_empty());
    assert_eq!(row.people, e.people);
    let summary = m.summary();
    assert_eq!(row.hands, summary.hands);
    assert_eq!(row.score, summary.score);
    assert!(row.finished);
    // the winning team's two people
    let winner = summary.winner.expect("a match to three courts has a winner");
    let expected: Vec<String> = (0..4)
        .filter(|&p| m.rules().seats().side(Seat::ALL[p]) == winner)
        .map(|p| FOUR[p].to_owned())
        .collect();
    assert_eq!(row.winners, expected);
    assert_eq!(history.record(id).unwrap(), Some(e.record.clone()));
    assert_eq!(history.record(id + 1).unwrap(), None);
}

#[test]
fn matches_are_listed_newest_first_and_filtered_by_rules() {
    let dir = folder("filtered");
    for (seed, preset) in [
        (1, Preset::CourtPiece),
        (2, Preset::HokmThree),
        (3, Preset::CourtPiece),
    ] {
        let names = &FOUR[..preset.rules().seats().people()];
        let (_, e) = entry(preset, seed, names);
        assert!(matches!(keep(&dir, &e), Ok(Kept::Database(_))));
    }
    let (history, _) = History::open(&dir).unwrap();
    let all = history.list(&Filter::default()).unwrap();
    let when: Vec<u64> = all.iter().map(|r| r.played_at).collect();
    assert_eq!(when, [1_790_000_003, 1_790_000_002, 1_790_000_001]);
    let three = history
        .list(&Filter {
            rules: Some("hokm-3".into()),
        })
        .unwrap();
    assert_eq!(three.len(), 1);
    assert_eq!(three[0].people.len(), 3);
    assert!(
        history
            .list(&Filter {
                rules: Some("mindi".into())
            })
            .unwrap()
            .is_empty()
    );
}

#[test]
fn each_players_figures_add_up_to_the_matches_kept() {
    let dir = folder("stats");
    // three matches, at least one with a court hand among them, so that courts are counted
    let mut matches = Vec::new();
    let has_court = |m: &courtpiece_rules::Match| m.results().iter().any(|r| r.is_court(m.rules()));
    for seed in 1..40 {
        let (m, e) = entry(Preset::CourtPiece, seed, &FOUR);
        if matches.len() == 2 && !matches.iter().chain([&m]).any(has_court) {
            continue;
        }
        assert!(matches!(keep(&dir, &e), Ok(Kept::Database(_))));
        matches.push(m);
        if matches.len() == 3 {
            break;
        }
    }
    assert_eq!(matches.len(), 3);
    let (history, _) = History::open(&dir).unwrap();
    let stats = history.stats(&Filter::default()).unwrap();
    assert_eq!(stats.len(), 4);
    for (p, name) in FOUR.iter().enumerate() {
        let s = stats
            .iter()
            .find(|s| s.name == *name)
            .expect("everyone has figures");
        let side = Seat::ALL[p].team();
        let hands: u32 = matches.iter().map(|m| m.score().hands).sum();
        let won: u32 = matches.iter().map(|m| m.score().hands_won[side.index()]).sum();
        let courts: usize = matches
            .iter()
            .map(|m| {
                m.results()
                    .iter()
                    .filter(|r| r.winner == side && r.is_court(m.rules()))
                    .count()
            })
            .sum();
        let matches_won = matches.iter().filter(|m| m.winner() == Some(side)).count();
        assert_eq!(s.matches, 3);
        assert_eq!(s.matches_won as usize, matches_won, "{name}");
        assert_eq!(s.all().hands, hands, "{name}");
        assert_eq!(s.all().won, won, "{name}");
        assert_eq!(s.all().courts as usize, courts, "{name}");
        // the hands in which their team called trumps
        let called = matches
            .iter()
            .flat_map(|m| m.results())
            .filter(|r| r.caller.team() == side)
            .count();
        assert_eq!(s.as_caller.hands as usize, called, "{name}");
    }
    // partners share their figures, opponents' hands won add up to every hand
    let anna = &stats.iter().find(|s| s.name == "Anna").unwrap();
    let chandni = &stats.iter().find(|s| s.name == "Chandni").unwrap();
    let bilal = &stats.iter().find(|s| s.name == "Bilal").unwrap();
    assert_eq!(anna.all(), chandni.all());
    assert_eq!(anna.all().won + bilal.all().won, anna.all().hands);
    assert!(
        stats.iter().any(|s| s.all().courts > 0),
        "the court hand is counted"
    );
}

#[test]
fn dummy_rang_counts_each_person_where_they_sat_each_hand() {
    let dir = folder("dummy");
    let names = ["Anna", "Bilal", "Chandni"];
    let (m, e) = entry(Preset::Dummy, 4, &names);
    assert!(matches!(keep(&dir, &e), Ok(Kept::Database(_))));
    let (history, _) = History::open(&dir).unwrap();
    let row = &history.list(&Filter::default()).unwrap()[0];
    // Dummy Rang scores each person (RD-SCORE)
    assert_eq!(row.sides, [0, 1, 2]);
    assert_eq!(row.score, m.summary().score);
    let stats = history.stats(&Filter::default()).unwrap();
    let hands = m.score().hands;
    for s in &stats {
        assert_eq!(s.all().hands, hands, "{}", s.name);
    }
    // one winner a hand, who is one person (the driver's side wins for the driver alone)
    let won: u32 = stats.iter().map(|s| s.all().won).sum();
    assert_eq!(won, hands);
}

#[test]
fn a_name_that_sat_as_two_kinds_of_player_has_figures_for_each() {
    let dir = folder("kinds");
    let kinds = [
        ["person", "bot:easy", "bot:medium", "outside"],
        ["person", "bot:hard", "person", "outside"],
    ];
    for (seed, kinds) in (1..).zip(kinds) {
        let (_, mut e) = entry(Preset::CourtPiece, seed, &FOUR);
        for (sitter, kind) in e.people.iter_mut().zip(kinds) {
            sitter.kind = kind.to_owned();
        }
        assert!(matches!(keep(&dir, &e), Ok(Kept::Database(_))));
    }
    let (history, _) = History::open(&dir).unwrap();
    let stats = history.stats(&Filter::default()).unwrap();
    let mut players: Vec<(&str, &str, u32)> = stats
        .iter()
        .map(|s| (s.name.as_str(), s.kind.as_str(), s.matches))
        .collect();
    players.sort_unstable();
    let (anna, bilal, chandni, darius) = (FOUR[0], FOUR[1], FOUR[2], FOUR[3]);
    let mut expected = vec![
        (anna, "person", 2),
        (bilal, "bot:easy", 1),
        (bilal, "bot:hard", 1),
        (chandni, "bot:medium", 1),
        (chandni, "person", 1),
        (darius, "outside", 2),
    ];
    expected.sort_unstable();
    assert_eq!(players, expected);
    // each of a name's kinds counts its own hands, and together they are the name's hands
    for name in [bilal, chandni] {
        let hands: Vec<u32> = stats
            .iter()
            .filter(|s| s.name == name)
            .map(|s| s.all().hands)
            .collect();
        let anna_hands = stats.iter().find(|s| s.name == anna).map(|s| s.all().hands);
        assert_eq!(hands.len(), 2);
        assert!(hands.iter().all(|&h| h > 0), "{name}: {hands:?}");
        assert_eq!(Some(hands.iter().sum::<u32>()), anna_hands, "{name}");
    }
}

/// A history kept before a program's two seats were numbered apart: opened by this build, the
/// second seat is renamed, so the program's figures count the match once.
#[test]
fn an_older_history_numbers_a_name_kept_twice_in_one_match() {
    let dir = folder("older");
    let (_, mut e) = entry(Preset::CourtPiece, 1, &["Bot", "Anna", "Bot", "Bilal"]);
    for sitter in &mut e.people {
        sitter.kind = "outside".to_owned();
    }
    assert!(matches!(keep(&dir, &e), Ok(Kept::Database(_))));
    // as the first version of the history kept it
    let older = rusqlite::Connection::open(dir.join(courtpiece_history::DATABASE)).unwrap();
    older
        .execute("UPDATE people SET name = 'Bot' WHERE name = 'Bot 2'", [])
        .unwrap();
    older.pragma_update(None, "user_version", 1).unwrap();
    drop(older);
    let (history, _) = History::open(&dir).unwrap();
    let row = &history.list(&Filter::default()).unwrap()[0];
    let names: Vec<&str> = row.people.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Bot", "Anna", "Bot 2", "Bilal"]);
    let stats = history.stats(&Filter::default()).unwrap();
    assert!(stats.iter().all(|s| s.matches == 1), "{stats:?}");
    assert_eq!(stats.len(), 4);
}
