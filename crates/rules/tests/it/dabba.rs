//! §10 Dabba Rang: the bidding for the call (RDB-BID), the caller's face-down indicator
//! (RDB-HIDE), no collection before the reveal (RDB-HEAP), and the announcement made or
//! defeated (RDB-SCORE).

use courtpiece_rules::{
    Event, HandKind, HandResult, Intent, Phase, Preset, Round, RuleError, RuleSet, Side, next_dealer,
    score::hand_points,
};

use crate::support::{CUT, deck_for, random_match, seat, short};

/// Dealer 0: seat 1 speaks first.
const HANDS: [&str; 4] = [
    "AS KS QS JS TS 2H AD KD QD JD TD 9D 8D",
    "9S 8S 7S 6S 5S AH KH QH JH TH 9H 8H 7H",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "4S 3S 2S 6H 5H 4H 3H 7D 6D 5D 4D 3D 2D",
];

/// A hand of Dabba Rang cut and dealt its first five cards each: the bidding waits.
fn bidding() -> Round {
    let rules = Preset::Dabba.rules();
    let dealer = seat(0);
    let mut r = Round::with_deck(&rules, 1, deck_for(&rules, dealer, HANDS), 1, dealer);
    r.apply(r.caller(), Intent::Cut { at: CUT }).unwrap();
    r.step();
    r
}

fn say(r: &mut Round, who: u8, intent: Intent) -> Vec<Event> {
    r.apply(seat(who), intent).unwrap()
}

#[test]
fn rdb_bid_each_seat_in_turn_announces_more_or_passes_until_three_pass() {
    let mut r = bidding();
    assert_eq!(r.phase(), Phase::Bidding);
    assert_eq!(r.to_act(), Some(seat(1)));
    // everyone bids on their own first five
    for s in 0..4 {
        assert!(r.sees_own_cards(seat(s)));
        assert_eq!(r.hand(seat(s)).len(), 5);
    }
    say(&mut r, 1, Intent::Pass);
    say(&mut r, 2, Intent::Bid { tricks: 8 });
    // not more than the last announcement
    assert_eq!(
        r.apply(seat(3), Intent::Bid { tricks: 8 }),
        Err(RuleError::BidTooLow { least: 9 })
    );
    assert_eq!(
        r.apply(seat(0), Intent::Bid { tricks: 9 }),
        Err(RuleError::NotYourTurn {
            expected: seat(3),
            got: seat(0)
        })
    );
    say(&mut r, 3, Intent::Bid { tricks: 9 });
    say(&mut r, 0, Intent::Pass);
    // a seat that passed may speak again when its turn comes round
    say(&mut r, 1, Intent::Bid { tricks: 10 });
    say(&mut r, 2, Intent::Pass);
    say(&mut r, 3, Intent::Pass);
    let events = say(&mut r, 0, Intent::Pass);
    assert!(events.contains(&Event::Contract {
        seat: seat(1),
        tricks: 10
    }));
    assert_eq!(r.contract(), Some((seat(1), 10)));
    assert_eq!(
        (r.phase(), r.caller(), r.to_act()),
        (Phase::TrumpCall, seat(1), Some(seat(1)))
    );
}

#[test]
fn rdb_bid_when_all_four_pass_the_seat_after_the_dealer_must_announce_seven() {
    let mut r = bidding();
    for s in [1, 2, 3, 0] {
        say(&mut r, s, Intent::Pass);
    }
    assert_eq!(r.to_act(), Some(seat(1)));
    assert_eq!(r.legal_intents(seat(1)), [Intent::Bid { tricks: 7 }]);
    assert_eq!(r.apply(seat(1), Intent::Pass), Err(RuleError::MustAnnounce));
    say(&mut r, 1, Intent::Bid { tricks: 7 });
    // after thirteen nobody can go higher
    say(&mut r, 2, Intent::Bid { tricks: 13 });
    assert_eq!(r.legal_intents(seat(3)), [Intent::Pass]);
    for s in [3, 0, 1] {
        say(&mut r, s, Intent::Pass);
    }
    assert_eq!(r.contract(), Some((seat(2), 13)));
}

#[test]
fn rdb_hide_the_caller_lays_the_indicator_and_leads() {
    let mut r = bidding();
    say(&mut r, 1, Intent::Pass);
    say(&mut r, 2, Intent::Bid { tricks: 7 });
    for s in [3, 0, 1] {
        say(&mut r, s, Intent::Pass);
    }
    // only a face-down card calls trumps here
    let intents = r.legal_intents(seat(2));
    assert!(!intents.is_empty());
    assert!(intents.iter().all(|i| matches!(i, Intent::Hide { .. })));
    let card = "JC".parse().unwrap();
    assert!(say(&mut r, 2, Intent::Hide { card }).contains(&Event::IndicatorLaid { seat: seat(2) }));
    while r.needs_step() {
        r.step();
    }
    assert_eq!(r.phase(), Phase::TrickPlay);
    assert_eq!(r.indicator(), Some(card));
    assert_eq!(r.to_act(), Some(seat(2)));
    assert_eq!(r.hand(seat(2)).len(), 12);
}

#[test]
fn rdb_heap_nothing_is_collected_before_trumps_are_revealed() {
    let rules = Preset::Dabba.rules();
    let mut collections = 0;
    for seed in 0..6 {
        let (_, _, events) = random_match(&short(rules.clone(), 2), seed);
        let mut revealed = false;
        let mut number = 0;
        for e in &events {
            match e {
                Event::HandOver { .. } => revealed = false,
                Event::TrumpsRevealed { .. } => revealed = true,
                Event::TrickWon { number: n, .. } => number = *n,
                Event::HeapCollected { .. } => {
                    collections += 1;
                    assert!(
                        revealed || number == 13,
                        "a collection in trick {number} before the reveal"
                    );
                }
                _ => {}
            }
        }
    }
    assert!(collections > 0);
}

#[test]
fn rdb_score_a_court_for_the_announcement_made_two_for_thirteen_one_to_the_others_if_not() {
    let rules = Preset::Dabba.rules();
    let result = |winner: u8, kind| HandResult {
        winner: Side::new(winner).unwrap(),
        kind,
        tricks: [4, 9, 0, 0],
        tens: [0; 4],
        dealer: seat(0),
        caller: seat(1),
    };
    assert_eq!(hand_points(&result(1, HandKind::Made), &rules), [0, 1, 0, 0]);
    assert_eq!(hand_points(&result(1, HandKind::MadeAll), &rules), [0, 2, 0, 0]);
    assert_eq!(hand_points(&result(0, HandKind::Defeated), &rules), [1, 0, 0, 0]);
    // R-ROT with the caller's team as the calling team: made by the other team than the
    // dealer's, the dealer's partner deals; defeated, the deal passes on
    assert_eq!(next_dealer(&result(1, HandKind::Made), &rules).0, seat(2));
    assert_eq!(next_dealer(&result(0, HandKind::Defeated), &rules).0, seat(1));
    // every hand of a match ends one of the three ways, and its court is scored
    for seed in 0..4 {
        let (m, _, _) = random_match(&short(rules.clone(), 3), seed);
        // three hands, or fewer if a side reached three courts first
        assert!((1..=3).contains(&m.results().len()));
        for r in m.results() {
            assert!(matches!(
                r.kind,
                HandKind::Made | HandKind::MadeAll | HandKind::Defeated
            ));
            let made = r.kind != HandKind::Defeated;
            assert_eq!(made, r.winner == rules.seats().side(r.caller), "{r:?}");
        }
        let courts: u32 = m.score().points.iter().sum();
        assert!(courts >= u32::try_from(m.results().len()).unwrap());
    }
}

#[test]
fn rdb_bid_goes_with_the_rules_it_was_written_for() {
    let announce = RuleSet {
        call: courtpiece_rules::Call::Announce,
        ..Preset::Dabba.rules()
    };
    assert_eq!(announce.validate(), Err(courtpiece_rules::RulesConflict::Bidding));
    let aces_alone = RuleSet {
        dabba_aces: true,
        ..Preset::DoubleSar.rules()
    };
    assert_eq!(
        aces_alone.validate(),
        Err(courtpiece_rules::RulesConflict::Bidding)
    );
}
