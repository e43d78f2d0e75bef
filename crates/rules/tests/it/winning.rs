//! §4 Winning a hand: seven tricks, the court, playing on, what a failed play-on becomes.

use courtpiece_rules::{
    Event, Failed52, HandKind, Intent, Phase, Preset, Round, RuleError, RuleSet, Side, Stop, Suit,
};

use crate::support::{play, ready, seat};
use crate::trick_play::HANDS_A;

const HEARTS: Intent = Intent::Call { suit: Suit::Hearts };
const SPADES: Intent = Intent::Call { suit: Suit::Spades };

/// With hearts trumps, seat 1 (the caller) takes the first seven tricks of `HANDS_A`.
pub const COURT_A: &str = "AH 5H 3H 7H  KH 4H 2H 6H  QH 3S 2D 4S  JH 2S 3D 5S  TH KD 4D 6S  \
                           9H AD 5D 7S  8H 8C 6D 8S";
/// With hearts trumps, team 1 takes tricks 2 to 8 of `HANDS_A`: seven, but not the first seven.
pub const PLAIN_A: &str = "2C 8C 2D 4S  3S 2H AS 8H  AH 5H 3H 7H  KH 4H 3D 6H  QH 2S 4D KS  \
                           JH KD 5D QS  TH AD 6D JS  9H 9C 7D TS";

/// Each seat holds one suit; dealer 0, so the dealing team holds spades.
pub const SUITS_EACH: [&str; 4] = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
];

/// Plays the lowest legal card until the hand is over or a decision other than a card is due.
pub fn finish(r: &mut Round) -> Vec<Event> {
    let mut events = Vec::new();
    while r.phase() == Phase::TrickPlay && r.play_on().is_none_or(|p| p == courtpiece_rules::PlayOn::Playing)
    {
        let who = r.to_act().unwrap();
        let c = r.legal_cards(who).lowest().unwrap();
        events.extend(r.apply(who, Intent::Play { card: c }).unwrap());
    }
    events
}

fn with_failed(failed_52: Failed52) -> RuleSet {
    RuleSet {
        failed_52,
        ..Preset::CourtPiece.rules()
    }
}

#[test]
fn r_seven_first_to_seven_wins_and_the_hand_stops() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    play(&mut r, PLAIN_A);
    assert_eq!(r.phase(), Phase::Scoring);
    let result = r.result().unwrap();
    assert_eq!(result.winner, Side::new(1).unwrap());
    assert_eq!(result.kind, HandKind::Plain);
    assert_eq!(result.tricks, [1, 7, 0, 0]);
    assert_eq!(r.tricks().len(), 8);
}

#[test]
fn v_stop_all_plays_thirteen_tricks() {
    let rules = RuleSet {
        stop: Stop::All,
        ..Preset::CourtPiece.rules()
    };
    let mut r = ready(&rules, 0, HANDS_A, HEARTS);
    play(&mut r, PLAIN_A);
    assert_eq!(r.phase(), Phase::TrickPlay);
    finish(&mut r);
    let result = r.result().unwrap();
    assert_eq!(r.tricks().len(), 13);
    assert_eq!(result.tricks[0] + result.tricks[1], 13);
    assert_eq!(result.kind, HandKind::Plain);
    assert_eq!(result.winner, Side::new(1).unwrap());
    // a court under V-STOP=all is still a court, with no question asked
    let mut r = ready(&rules, 0, HANDS_A, HEARTS);
    let events = play(&mut r, COURT_A);
    assert!(!events.iter().any(|e| matches!(e, Event::PlayOnAsked { .. })));
    finish(&mut r);
    assert_eq!(r.result().unwrap().kind, HandKind::Court);
}

#[test]
fn r_court_first_seven_tricks_and_the_winner_of_the_seventh_decides() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    let events = play(&mut r, COURT_A);
    assert_eq!(events.last(), Some(&Event::PlayOnAsked { seat: seat(1) }));
    assert_eq!(r.to_act(), Some(seat(1)));
    assert_eq!(r.legal_intents(seat(1)), vec![Intent::PlayOn, Intent::Stop]);
    assert!(matches!(
        r.apply(
            seat(1),
            Intent::Play {
                card: crate::support::card("2C")
            }
        ),
        Err(RuleError::WrongPhase { .. })
    ));
    assert!(matches!(
        r.apply(seat(3), Intent::Stop),
        Err(RuleError::NotYourTurn { .. })
    ));
    r.apply(seat(1), Intent::Stop).unwrap();
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(1).unwrap(), HandKind::Court, [0, 7, 0, 0])
    );
}

#[test]
fn r_playon_all_thirteen_is_a_fifty_two_court() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, SUITS_EACH, SPADES);
    // seat 1 leads hearts, seat 0 trumps, then runs its spades
    play(
        &mut r,
        "AH AD AC 2S  3S 2H 2D 2C  4S 3H 3D 3C  5S 4H 4D 4C  6S 5H 5D 5C  7S 6H 6D 6C  8S 7H 7D 7C",
    );
    assert_eq!(r.play_on(), Some(courtpiece_rules::PlayOn::Asked(seat(0))));
    r.apply(seat(0), Intent::PlayOn).unwrap();
    finish(&mut r);
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(0).unwrap(), HandKind::FiftyTwo, [13, 0, 0, 0])
    );
}

fn failed_play_on(rules: &RuleSet) -> courtpiece_rules::HandResult {
    let mut r = ready(rules, 0, HANDS_A, HEARTS);
    play(&mut r, COURT_A);
    r.apply(seat(1), Intent::PlayOn).unwrap();
    // seat 2's ace of clubs takes the eighth trick: the play-on has failed
    let events = play(&mut r, "2C AC 7D 9S");
    assert!(events.iter().any(|e| matches!(e, Event::HandOver { .. })));
    *r.result().unwrap()
}

#[test]
fn v_failed52_keep_the_court_stands() {
    let rules = with_failed(Failed52::Keep);
    let result = failed_play_on(&rules);
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(1).unwrap(), HandKind::FailedPlayOn, [1, 7, 0, 0])
    );
    assert!(result.is_court(&rules));
    assert_eq!(
        courtpiece_rules::score::hand_points(&result, &rules),
        [0, 1, 0, 0]
    );
}

#[test]
fn v_failed52_simple_becomes_a_plain_win() {
    let rules = with_failed(Failed52::Simple);
    let result = failed_play_on(&rules);
    assert!(!result.is_court(&rules));
    assert_eq!(
        courtpiece_rules::score::hand_points(&result, &rules),
        [0, 0, 0, 0]
    );
    let troef = RuleSet {
        failed_52: Failed52::Simple,
        ..Preset::Troefcall.rules()
    };
    assert_eq!(
        courtpiece_rules::score::hand_points(&result, &troef),
        [0, 2, 0, 0]
    );
}

#[test]
fn v_failed52_concede_gives_the_opponents_a_plain_win_too() {
    let rules = Preset::Troefcall.rules();
    assert_eq!(rules.failed_52, Failed52::Concede);
    let result = failed_play_on(&rules);
    assert!(!result.is_court(&rules));
    assert_eq!(
        courtpiece_rules::score::hand_points(&result, &rules),
        [2, 2, 0, 0]
    );
}

#[test]
fn r_endseen_the_cards_left_are_shown_when_a_hand_stops() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    let events = play(&mut r, PLAIN_A);
    let Some(Event::HandsShown { hands }) = events.last() else {
        panic!("the hand should end by showing the hands");
    };
    assert_eq!(*hands, r.hands());
    assert_eq!(hands.iter().map(|h| h.len()).sum::<u32>(), 52 - 32);
}

/// R-RULE-PLAYON
#[test]
fn r_rule_playon_no_question_under_hokm_scoring_all_thirteen_or_double_sar() {
    let base = Preset::CourtPiece.rules();
    let hokm = RuleSet {
        scoring: courtpiece_rules::Scoring::Hokm,
        ..base.clone()
    };
    let all = RuleSet {
        stop: Stop::All,
        ..base.clone()
    };
    let double = RuleSet {
        mode: courtpiece_rules::Mode::DoubleSar,
        ..base.clone()
    };
    assert!(base.play_on_offered());
    for rules in [&hokm, &all, &double] {
        assert!(!rules.play_on_offered(), "{rules:?}");
        let mut r = ready(rules, 0, HANDS_A, HEARTS);
        let events = play(&mut r, COURT_A);
        assert!(!events.iter().any(|e| matches!(e, Event::PlayOnAsked { .. })));
    }
    // under Hokm scoring a first-seven court ends the hand there
    let mut r = ready(&hokm, 0, HANDS_A, HEARTS);
    play(&mut r, COURT_A);
    let result = r.result().expect("the hand is over");
    assert_eq!((result.kind, result.tricks), (HandKind::Court, [0, 7, 0, 0]));
    // a failed play-on ends the hand at the first trick lost, not after thirteen
    let failed = failed_play_on(&base);
    assert_eq!(failed.tricks, [1, 7, 0, 0]);
}
