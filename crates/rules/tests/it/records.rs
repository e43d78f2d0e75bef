//! Game records and PBN: replays reproduce matches; bad input gives errors, never panics.

use courtpiece_rules::{Card, Deal, GameRecord, Intent, Move, Preset, RecordError, RuleError, Seat};

use crate::support::{random_match, seat, short};

#[test]
fn a_record_replays_to_the_same_match_in_every_preset() {
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let (m, record, _) = random_match(&short(preset.rules(), 6), 100 + i as u64);
        let text = record.to_json();
        let back = GameRecord::from_json(&text).unwrap();
        assert_eq!(back, record);
        let replayed = back.replay().unwrap();
        assert_eq!(replayed, m, "{preset}");
        assert_eq!(replayed.summary(), m.summary());
        assert!(text.contains("\"cut\""), "the cut points are in the record");
    }
}

#[test]
fn a_record_lists_each_hand_it_played_with_who_sat_where() {
    for preset in [Preset::CourtPiece, Preset::HokmThree, Preset::Dummy] {
        let (m, record, _) = random_match(&short(preset.rules(), 5), 21);
        let hands = record.hands().unwrap();
        let results: Vec<_> = hands.iter().map(|(result, _)| *result).collect();
        assert_eq!(results, m.results(), "{preset}");
        assert!(hands.len() >= 2, "{preset}: a match of several hands");
        // Dummy Rang: the driver's role passes to the next person each hand (RD-SEATS)
        for pair in hands.windows(2) {
            assert_eq!(pair[1].1, pair[0].1.next_hand(), "{preset}");
        }
        if preset == Preset::Dummy {
            assert_ne!(hands[0].1.driver(), hands[1].1.driver());
        }
    }
}

#[test]
fn a_record_of_a_match_in_progress_replays_to_where_it_stopped() {
    let (_, record, _) = random_match(&short(Preset::DoubleSar.rules(), 3), 5);
    let mut partial = record.clone();
    partial.moves.truncate(record.moves.len() / 2);
    let m = partial.replay().unwrap();
    assert!(!m.is_over());
    assert!(!m.summary().finished);
}

#[test]
fn a_time_called_record_ends_after_its_last_hand() {
    let rules = courtpiece_rules::RuleSet {
        target: None,
        ..Preset::CourtPiece.rules()
    };
    let (_, full, _) = random_match(&short(rules, 4), 8);
    // keep the moves of the first two hands and say time was called
    let mut record = full.clone();
    record.moves.retain(|m| m.hand <= 2);
    record.time_called = true;
    let m = record.replay().unwrap();
    assert!(m.is_over());
    assert_eq!(m.score().hands, 2);
}

fn replay_error(record: &GameRecord) -> RecordError {
    record.replay().expect_err("the record should be refused")
}

#[test]
fn an_illegal_card_is_named_with_its_move_number() {
    let (_, mut record, _) = random_match(&short(Preset::CourtPiece.rules(), 2), 9);
    let idx = record
        .moves
        .iter()
        .position(|m| matches!(m.intent, Intent::Play { .. }))
        .unwrap();
    let who = record.moves[idx].seat;
    // a card of another seat's hand
    let m = GameRecord {
        moves: record.moves[..idx].to_vec(),
        ..record.clone()
    }
    .replay()
    .unwrap();
    let foreign: Card = m.round().hand(who.next()).lowest().unwrap();
    record.moves[idx].intent = Intent::Play { card: foreign };
    match replay_error(&record) {
        RecordError::IllegalMove { index, error, .. } => {
            assert_eq!(index, idx + 1);
            assert_eq!(error, RuleError::CardNotHeld { card: foreign });
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(
        replay_error(&record)
            .to_string()
            .contains(&format!("move {}", idx + 1))
    );
}

#[test]
fn moves_out_of_turn_or_out_of_hand_are_refused() {
    let (_, record, _) = random_match(&short(Preset::Hokm.rules(), 2), 10);
    let mut wrong_seat = record.clone();
    wrong_seat.moves[0].seat = wrong_seat.moves[0].seat.next();
    assert!(matches!(
        replay_error(&wrong_seat),
        RecordError::IllegalMove {
            index: 1,
            error: RuleError::NotYourTurn { .. },
            ..
        }
    ));
    let mut wrong_hand = record.clone();
    wrong_hand.moves[3].hand = 7;
    assert!(matches!(
        replay_error(&wrong_hand),
        RecordError::WrongHand {
            index: 4,
            found: 7,
            expected: 1
        }
    ));
    // a move after the match has ended says so, whatever hand it names
    for hand in [99, 3] {
        let mut extra = record.clone();
        extra.moves.push(Move {
            hand,
            seat: Seat::ALL[0],
            intent: Intent::Defer,
        });
        let n = extra.moves.len();
        let error = replay_error(&extra);
        assert!(
            matches!(error, RecordError::AfterTheEnd { index, .. } if index == n),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .starts_with(&format!("the match is over at move {n}")),
            "{error}"
        );
    }
}

#[test]
fn corrupt_files_give_errors() {
    let (_, record, _) = random_match(&short(Preset::CourtPiece.rules(), 1), 11);
    let text = record.to_json();
    for bad in [
        "",
        "{",
        "null",
        "[1,2,3]",
        &text[..text.len() / 2],
        &text.replace("courtpiece-record", "chess-record"),
        &text.replace("\"version\": 1", "\"version\": 99"),
        &text.replace("\"seat\": 1", "\"seat\": 9"),
        &text.replace("\"batches\": \"5-4-4\"", "\"batches\": \"7-6\""),
        &text.replace("\"players\": 4", "\"players\": 3"),
        &text.replacen("\"cut\": {", "\"cut\": {\"x\": 1, ", 1),
    ] {
        let result = GameRecord::from_json(bad).and_then(|r| r.replay().map(|_| ()));
        assert!(
            result.is_err(),
            "accepted: {}",
            &bad[bad.len().saturating_sub(300)..]
        );
    }
    assert!(matches!(
        GameRecord::from_json(&text.replace("\"version\": 1", "\"version\": 99")),
        Err(RecordError::Version(99))
    ));
}

#[test]
fn pbn_of_a_real_deal_round_trips() {
    let rules = Preset::CourtPiece.rules();
    let mut m = courtpiece_rules::Match::new(&rules, 21).unwrap();
    let caller = m.round().caller();
    m.apply(caller, Intent::Cut { at: 26 }).unwrap();
    m.advance();
    m.apply(
        caller,
        Intent::Call {
            suit: courtpiece_rules::Suit::Clubs,
        },
    )
    .unwrap();
    m.advance();
    let deal = Deal::new(m.round().hands());
    let text = deal.to_pbn();
    assert!(text.starts_with("N:"));
    assert_eq!(text.parse::<Deal>().unwrap(), deal);
    assert_eq!(deal.hand(seat(2)), m.round().hand(seat(2)));
}
