//! §6 Double Sar: the heap, collecting it, its options, winning and courts.

use courtpiece_rules::{
    AceCollect, FirstTwo, HandKind, Intent, Phase, Preset, Round, RuleSet, Side, Stop, Suit,
};

use crate::support::{collections, play, ready, seat};
use crate::winning::{SUITS_EACH, finish};

const HEARTS: Intent = Intent::Call { suit: Suit::Hearts };

/// Dealer 0, caller 1: seat 1 holds twelve hearts and leads them; seat 2 keeps AD for the 13th.
const HANDS_D: [&str; 4] = [
    "2H AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2D",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2S",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
];

/// Seat 1 wins tricks 1 to 12, seat 2 the 13th.
const TWELVE_AND_ONE: &str = "AH 3D 2C 2H  KH 4D 3C 3S  QH 5D 4C 4S  JH 6D 5C 5S  TH 7D 6C 6S  \
                              9H 8D 7C 7S  8H 9D 8C 8S  7H TD 9C 9S  6H JD TC TS  5H QD JC JS  \
                              4H KD QC QS  3H 2S KC KS  2D AD AC AS";

fn ds(f: impl FnOnce(&mut RuleSet)) -> RuleSet {
    let mut rules = Preset::DoubleSar.rules();
    f(&mut rules);
    rules
}

#[test]
fn r_heap_won_tricks_wait_in_the_middle() {
    let mut r = ready(&ds(|_| {}), 0, HANDS_D, HEARTS);
    play(&mut r, "AH 3D 2C 2H");
    assert_eq!(r.heap().tricks, 1);
    assert_eq!(
        r.taken(),
        [0, 0, 0, 0],
        "a won trick is not taken by its winner's team"
    );
    assert_eq!(r.won()[1], 1);
}

#[test]
fn r_collect_two_in_a_row_by_the_same_player_and_r_lastheap() {
    let mut r = ready(&ds(|_| {}), 0, HANDS_D, HEARTS);
    let events = play(&mut r, TWELVE_AND_ONE);
    assert_eq!(
        collections(&events),
        vec![(1, 2), (1, 2), (1, 2), (1, 2), (1, 2), (1, 2), (2, 1)]
    );
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(1).unwrap(), HandKind::Plain, [1, 12, 0, 0])
    );
}

#[test]
fn v_firstcollect_three_and_the_last_trick_takes_the_rest() {
    let mut r = ready(&ds(|r| r.first_collect = 3), 0, HANDS_D, HEARTS);
    let events = play(&mut r, TWELVE_AND_ONE);
    // no collection at trick 2; trick 3 takes three; seat 2 takes tricks 12 and 13 (R-LASTHEAP)
    assert_eq!(
        collections(&events),
        vec![(1, 3), (1, 2), (1, 2), (1, 2), (1, 2), (2, 2)]
    );
    assert_eq!(r.result().unwrap().tricks, [2, 11, 0, 0]);
}

#[test]
fn v_ace_no_collect_with_an_ace_the_heap_grows() {
    let mut r = ready(&ds(|r| r.ace = AceCollect::NoCollect), 0, HANDS_D, HEARTS);
    let events = play(&mut r, "KH 3D 2C 2H  AH 4D 3C 3S");
    assert!(
        collections(&events).is_empty(),
        "a second trick in a row won with an ace does not collect"
    );
    assert_eq!(r.heap().tricks, 2);
    let events = play(&mut r, "QH 5D 4C 4S");
    assert_eq!(collections(&events), vec![(1, 3)]);
    assert_eq!(r.taken(), [0, 3, 0, 0]);
}

#[test]
fn v_firsttwo_no_collect_for_tricks_one_and_two() {
    let mut r = ready(&ds(|r| r.first_two = FirstTwo::NoCollect), 0, HANDS_D, HEARTS);
    let events = play(&mut r, "AH 3D 2C 2H  KH 4D 3C 3S");
    assert!(collections(&events).is_empty());
    let events = play(&mut r, "QH 5D 4C 4S  JH 6D 5C 5S");
    assert_eq!(
        collections(&events),
        vec![(1, 3)],
        "trick 3 collects; trick 4 starts a new count"
    );
}

/// Dealer 0, caller 1. Side 0 collects two tricks first; then seat 1 runs its hearts.
const HANDS_F: [&str; 4] = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "4D AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3D",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 2D 3H 2H",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
];
const TEN_TRICKS_F: &str = "4D AD 2C 2S  KD 3C 3S 3D  QD 4C 4S AH  KH 2H 5C 5S  QH 3H 6C 6S  \
                            JH JD 7C 7S  TH TD 8C 8S  9H 9D 9C 9S  8H 8D TC TS  7H 7D JC JS";

#[test]
fn r_dswin_seven_collected_stops_the_hand_once_the_sweep_is_off() {
    let mut r = ready(&ds(|_| {}), 0, HANDS_F, HEARTS);
    let events = play(&mut r, TEN_TRICKS_F);
    assert_eq!(collections(&events), vec![(2, 2), (1, 2), (1, 2), (1, 2), (1, 2)]);
    assert_eq!(r.phase(), Phase::Scoring);
    assert_eq!(r.tricks().len(), 10);
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(1).unwrap(), HandKind::Plain, [2, 8, 0, 0])
    );
}

#[test]
fn r_dswin_on_course_for_all_thirteen_play_goes_on() {
    // HANDS_D: team 1 has 8 collected after trick 8 with team 0 on none: the hand goes on
    let mut r = ready(&ds(|_| {}), 0, HANDS_D, HEARTS);
    play(
        &mut r,
        "AH 3D 2C 2H  KH 4D 3C 3S  QH 5D 4C 4S  JH 6D 5C 5S  TH 7D 6C 6S  9H 8D 7C 7S  8H 9D 8C 8S  7H TD 9C 9S",
    );
    assert_eq!(r.taken(), [0, 8, 0, 0]);
    assert_eq!(r.phase(), Phase::TrickPlay);
}

#[test]
fn v_stop_all_in_double_sar_plays_thirteen() {
    let mut r = ready(&ds(|r| r.stop = Stop::All), 0, HANDS_F, HEARTS);
    play(&mut r, TEN_TRICKS_F);
    assert_eq!(r.phase(), Phase::TrickPlay);
    finish(&mut r);
    assert_eq!(r.tricks().len(), 13);
    let result = r.result().unwrap();
    assert_eq!(result.tricks[0] + result.tricks[1], 13);
}

fn sweep(call: Suit) -> (Round, RuleSet) {
    let rules = ds(|_| {});
    let mut r = ready(&rules, 0, SUITS_EACH, Intent::Call { suit: call });
    finish(&mut r);
    (r, rules)
}

#[test]
fn r_dskot_all_thirteen_by_the_calling_team_is_a_court() {
    let (r, rules) = sweep(Suit::Hearts);
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(1).unwrap(), HandKind::SarCourt, [0, 13, 0, 0])
    );
    assert!(result.is_court(&rules));
    assert_eq!(courtpiece_rules::score::hand_points(result, &rules), [0, 1, 0, 0]);
}

#[test]
fn v_goon_all_thirteen_by_the_dealing_team_is_worth_v_goon_courts() {
    let (r, rules) = sweep(Suit::Spades);
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind, result.tricks),
        (Side::new(0).unwrap(), HandKind::GoonCourt, [13, 0, 0, 0])
    );
    assert_eq!(courtpiece_rules::score::hand_points(result, &rules), [3, 0, 0, 0]);
    let ten = RuleSet { goon: 10, ..rules };
    assert_eq!(courtpiece_rules::score::hand_points(result, &ten), [10, 0, 0, 0]);
    // R-ROT: the dealing team won, so the deal passes on: the trump-caller deals next
    assert_eq!(courtpiece_rules::next_dealer(result, &ten), (seat(1), seat(2)));
}

/// R-RULE-ACE
#[test]
fn r_rule_ace_only_a_collecting_trick_won_with_an_ace_is_blocked() {
    let rules = ds(|r| r.ace = AceCollect::NoCollect);
    // the ace won the first trick of the pair, the king the second: the heap is collected
    let mut r = ready(&rules, 0, HANDS_D, HEARTS);
    let events = play(&mut r, "AH 3D 2C 2H  KH 4D 3C 3S");
    assert_eq!(collections(&events), vec![(1, 2)]);
    // the king first and the ace second: blocked
    let mut r = ready(&rules, 0, HANDS_D, HEARTS);
    let events = play(&mut r, "KH 3D 2C 2H  AH 4D 3C 3S");
    assert!(collections(&events).is_empty());
}

/// R-RULE-FIRSTCOLLECT
#[test]
fn r_rule_firstcollect_trick_n_itself_collects_and_a_blocked_pair_keeps_its_count() {
    let mut r = ready(&ds(|r| r.first_collect = 3), 0, HANDS_D, HEARTS);
    let events = play(&mut r, "AH 3D 2C 2H  KH 4D 3C 3S");
    assert!(
        collections(&events).is_empty(),
        "tricks 1 and 2 come before V-FIRSTCOLLECT=3"
    );
    // the same player wins trick 3: it collects at once, the blocked pair did not restart the count
    let events = play(&mut r, "QH 5D 4C 4S");
    assert_eq!(collections(&events), vec![(1, 3)]);
}
