//! §10 Dehla Pakad / Mindi: Double Sar where the tens in the tricks collected count (RM-HEAP),
//! three tens win (RM-WIN), all four are a mendikot (RM-KOT), and the deal moves by R-ROT with
//! the mendikot as the court (RM-ROT).

use courtpiece_rules::{
    Call, Event, HandKind, HandResult, Intent, MatchScore, Preset, RuleSet, Side, Suit, next_dealer,
    score::hand_points,
};

use crate::support::{collections, play, random_match, ready, seat, short};

/// Dealer 0, so seat 1 calls and leads; each seat holds one suit.
const ONE_SUIT_EACH: [&str; 4] = [
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
];

const HEARTS: Intent = Intent::Call { suit: Suit::Hearts };

fn result(dealer: u8, winner: u8, kind: HandKind) -> HandResult {
    HandResult {
        winner: Side::new(winner).unwrap(),
        kind,
        tricks: [7, 6, 0, 0],
        tens: [3, 1, 0, 0],
        dealer: seat(dealer),
        caller: seat(dealer).next(),
    }
}

#[test]
fn rm_heap_tens_are_collected_with_their_tricks_and_all_four_end_the_hand_as_a_mendikot() {
    let rules = Preset::Mindi.rules();
    let mut r = ready(&rules, 0, ONE_SUIT_EACH, HEARTS);
    // seat 3 trumps the first trick and leads hearts after it; the others throw their tens
    let mut events = play(&mut r, "AS 2D 2H 2C");
    events.extend(play(&mut r, "3H TC TS TD"));
    assert_eq!(collections(&events), [(3, 2)]);
    assert!(events.contains(&Event::HeapCollected {
        seat: seat(3),
        tricks: 2,
        tens: 3,
    }));
    assert_eq!(r.tally().tens, [0, 3, 0, 0]);
    // three tens to none: the hand goes on for the mendikot
    assert_eq!(r.result(), None);
    play(&mut r, "TH 3C KS 3D");
    assert_eq!(r.heap().tens, 1);
    play(&mut r, "4H 4C QS 4D");
    let result = r.result().expect("the fourth ten ends the hand");
    assert_eq!((result.winner, result.kind), (Side::TEAMS[1], HandKind::Mendikot));
    assert_eq!((result.tricks, result.tens), ([0, 4, 0, 0], [0, 4, 0, 0]));
    // RM-KOT: a court; RM-ROT: by the calling team, so the dealer's partner deals
    assert_eq!(hand_points(result, &rules), [0, 1, 0, 0]);
    assert_eq!(next_dealer(result, &rules), (seat(2), seat(3)));
}

#[test]
fn rm_win_three_tens_win_and_two_each_go_to_seven_tricks() {
    let rules = Preset::Mindi.rules();
    let mut hands = 0;
    for seed in 0..8 {
        let (_, _, events) = random_match(&short(rules.clone(), 3), seed);
        for e in &events {
            if let Event::HandOver { result } = e {
                hands += 1;
                let [a, b, ..] = result.tens;
                let w = result.winner.index();
                assert_eq!(a + b, 4, "every ten is collected by the end: {result:?}");
                match result.kind {
                    HandKind::Mendikot => assert_eq!(result.tens[w], 4),
                    HandKind::Plain => assert_eq!(result.tens[w], 3),
                    HandKind::EvenTens => {
                        assert_eq!((a, b), (2, 2));
                        assert!(result.tricks[w] >= 7, "{result:?}");
                    }
                    other => panic!("{other:?} is not a way to end a hand of Mindi"),
                }
            }
        }
    }
    assert!(hands >= 8, "{hands} hands over eight matches");
}

#[test]
fn rm_kot_a_mendikot_is_a_court_and_seven_wins_with_three_tens_another() {
    let rules = Preset::Mindi.rules();
    let mut score = MatchScore::default();
    assert_eq!(score.add(&result(0, 0, HandKind::Mendikot), &rules), [1, 0, 0, 0]);
    for _ in 0..6 {
        assert_eq!(score.add(&result(0, 1, HandKind::Plain), &rules), [0, 0, 0, 0]);
    }
    // a win on two tens each breaks the run of three-ten wins
    assert_eq!(score.add(&result(0, 1, HandKind::EvenTens), &rules), [0, 0, 0, 0]);
    assert_eq!(score.streak, [0, 0, 0, 0]);
    for _ in 0..6 {
        score.add(&result(0, 1, HandKind::Plain), &rules);
    }
    assert_eq!(score.add(&result(0, 1, HandKind::Plain), &rules), [0, 1, 0, 0]);
    assert_eq!(score.points, [1, 1, 0, 0]);
}

#[test]
fn rm_rot_the_deal_moves_by_the_dealing_team_and_the_mendikot() {
    let rules = Preset::Mindi.rules();
    // the dealing team wins, with or without a mendikot: the next seat deals
    assert_eq!(next_dealer(&result(1, 1, HandKind::Plain), &rules).0, seat(2));
    assert_eq!(next_dealer(&result(1, 1, HandKind::Mendikot), &rules).0, seat(2));
    // the other team wins without one: the same dealer deals again
    assert_eq!(next_dealer(&result(1, 0, HandKind::Plain), &rules).0, seat(1));
    assert_eq!(next_dealer(&result(1, 0, HandKind::EvenTens), &rules).0, seat(1));
    // the other team makes a mendikot: the dealer's partner deals
    assert_eq!(next_dealer(&result(1, 0, HandKind::Mendikot), &rules).0, seat(3));
}

#[test]
fn rm_first_void_no_collection_before_trumps_are_fixed() {
    let rules = RuleSet {
        call: Call::FirstVoid,
        ..Preset::Mindi.rules()
    };
    rules.validate().unwrap();
    let mut fixed_hands = 0;
    for seed in 0..6 {
        let (_, _, events) = random_match(&short(rules.clone(), 2), seed);
        let mut fixed = false;
        let mut number = 0;
        for e in &events {
            match e {
                Event::HandOver { .. } => fixed = false,
                Event::TrumpsFixed { .. } => {
                    fixed = true;
                    fixed_hands += 1;
                }
                Event::TrickWon { number: n, .. } => number = *n,
                Event::HeapCollected { .. } => {
                    assert!(fixed || number == 13, "a collection in trick {number}")
                }
                _ => {}
            }
        }
    }
    assert!(fixed_hands > 0);
}

#[test]
fn rm_heap_tens_are_counted_only_in_double_sar_at_four_seats() {
    let single = RuleSet {
        mode: courtpiece_rules::Mode::SingleSar,
        ..Preset::Mindi.rules()
    };
    assert_eq!(single.validate(), Err(courtpiece_rules::RulesConflict::Tens));
    let three = RuleSet {
        count: courtpiece_rules::Count::Tens,
        ..Preset::HokmThree.rules()
    };
    assert_eq!(three.validate(), Err(courtpiece_rules::RulesConflict::Tens));
}
