//! §1 Table and §2 phases: seats, deck, cut, the two deals.

use courtpiece_rules::{
    Batches, CardSet, Deck, Event, Intent, Phase, Preset, Round, RuleError, RuleSet, Seat,
};

use crate::support::{CUT, deck_for, round_with, seat};

const SUITS_EACH: [&str; 4] = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
];

#[test]
fn r_seat_play_order_and_teams() {
    for s in Seat::ALL {
        assert_eq!(s.next().index(), (s.index() + 1) % 4);
        assert_eq!(s.partner().index(), (s.index() + 2) % 4);
        assert_eq!(s.team().index(), s.index() % 2);
    }
}

#[test]
fn r_dir_clockwise_changes_only_the_drawing() {
    // V-CLOCKWISE is a drawing option: the same seed and intents give the same match.
    let plain = Preset::CourtPiece.rules();
    let clockwise = RuleSet {
        clockwise: true,
        ..plain.clone()
    };
    let (a, _, ea) = crate::support::random_match(&crate::support::short(plain, 4), 11);
    let (b, _, eb) = crate::support::random_match(&crate::support::short(clockwise, 4), 11);
    assert_eq!(a.summary(), b.summary());
    assert_eq!(ea, eb);
}

#[test]
fn r_deck_fifty_two_cards_no_jokers() {
    assert_eq!(CardSet::DECK.len(), 52);
    let d = Deck::shuffled(3, 0);
    assert_eq!(d.cards().iter().copied().collect::<CardSet>(), CardSet::DECK);
    assert!(Deck::stacked(&d.cards()[..51]).is_err());
}

#[test]
fn r_cut_by_the_caller_at_least_four_each_part() {
    let rules = Preset::CourtPiece.rules();
    let mut r = Round::new(&rules, 5, 0, 1, seat(2));
    assert_eq!(r.phase(), Phase::Cut);
    assert_eq!(r.caller(), seat(3));
    assert_eq!(r.to_act(), Some(seat(3)));
    assert_eq!(
        r.apply(seat(2), Intent::Cut { at: 20 }),
        Err(RuleError::NotYourTurn {
            expected: seat(3),
            got: seat(2)
        })
    );
    for bad in [0, 3, 49, 52, 200] {
        assert_eq!(
            r.apply(seat(3), Intent::Cut { at: bad }),
            Err(RuleError::CutOutOfRange { at: bad })
        );
    }
    let legal = r.legal_intents(seat(3));
    assert_eq!(legal.len(), 45);
    assert_eq!(
        r.apply(seat(3), Intent::Cut { at: 4 }).unwrap(),
        vec![Event::Cut { seat: seat(3), at: 4 }]
    );
    assert_eq!(r.phase(), Phase::FirstDeal);
}

#[test]
fn r_cut_changes_the_deal() {
    let rules = Preset::CourtPiece.rules();
    let deal = |at| {
        let mut r = Round::new(&rules, 5, 0, 1, seat(0));
        r.apply(seat(1), Intent::Cut { at }).unwrap();
        r.step();
        r.hands()
    };
    assert_ne!(deal(10), deal(30));
    assert_eq!(deal(10), deal(10));
}

#[test]
fn r_deal1_five_each_from_the_caller() {
    let rules = Preset::CourtPiece.rules();
    let dealer = seat(1);
    let mut r = Round::with_deck(&rules, 1, deck_for(&rules, dealer, SUITS_EACH), 1, dealer);
    r.apply(seat(2), Intent::Cut { at: CUT }).unwrap();
    let events = r.step();
    let dealt: Vec<(Seat, u8)> = events
        .iter()
        .map(|e| match e {
            Event::Dealt { seat, count } => (*seat, *count),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        dealt,
        vec![(seat(2), 5), (seat(3), 5), (seat(0), 5), (seat(1), 5)]
    );
    assert_eq!(r.phase(), Phase::TrumpCall);
    for s in Seat::ALL {
        assert_eq!(r.hand(s).len(), 5);
    }
    // each seat got the first five of its stacked suit
    assert_eq!(r.hand(seat(2)).to_pbn(), "..AKQJT.");
}

#[test]
fn r_call_only_the_caller_sees_before_trumps() {
    let rules = Preset::CourtPiece.rules();
    let r = round_with(&rules, 0, SUITS_EACH);
    assert!(r.sees_own_cards(seat(1)));
    for s in [seat(0), seat(2), seat(3)] {
        assert!(!r.sees_own_cards(s));
        assert!(
            r.legal_intents(s).is_empty(),
            "no signal from anyone but the caller"
        );
    }
}

#[test]
fn r_deal2_batches_of_four_from_the_caller() {
    let rules = Preset::CourtPiece.rules();
    let mut r = round_with(&rules, 3, SUITS_EACH);
    r.apply(
        seat(0),
        Intent::Call {
            suit: courtpiece_rules::Suit::Hearts,
        },
    )
    .unwrap();
    let events = r.step();
    let dealt: Vec<(usize, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Dealt { seat, count } => Some((seat.index(), *count)),
            _ => None,
        })
        .collect();
    assert_eq!(
        dealt,
        vec![(0, 4), (1, 4), (2, 4), (3, 4), (0, 4), (1, 4), (2, 4), (3, 4)]
    );
    for s in Seat::ALL {
        assert_eq!(r.hand(s).len(), 13);
        assert!(r.sees_own_cards(s));
    }
    assert_eq!(r.phase(), Phase::TrickPlay);
}

#[test]
fn v_batches_every_option_deals_thirteen_in_its_batches() {
    for (batches, sizes) in [
        (Batches::FiveFourFour, vec![5, 4, 4]),
        (Batches::FiveThreeThreeTwo, vec![5, 3, 3, 2]),
        (Batches::FiveFourTwoTwo, vec![5, 4, 2, 2]),
        (Batches::FiveEight, vec![5, 8]),
    ] {
        let rules = RuleSet {
            batches,
            ..Preset::CourtPiece.rules()
        };
        let mut r = round_with(&rules, 0, SUITS_EACH);
        r.apply(
            seat(1),
            Intent::Call {
                suit: courtpiece_rules::Suit::Clubs,
            },
        )
        .unwrap();
        let counts: Vec<u8> = r
            .step()
            .iter()
            .filter_map(|e| match e {
                Event::Dealt { seat, count } if seat.index() == 1 => Some(*count),
                _ => None,
            })
            .collect();
        assert_eq!(counts, sizes[1..].to_vec());
        assert_eq!(r.hands().map(|h| h.len()), [13; 4]);
        assert_eq!(r.hand(seat(1)).count_suit(courtpiece_rules::Suit::Hearts), 13);
    }
}

#[test]
fn phases_run_in_the_order_of_the_rule_book() {
    let (m, _, events) =
        crate::support::random_match(&crate::support::short(Preset::CourtPiece.rules(), 3), 2);
    assert!(m.is_over());
    let mut last = Phase::Cut;
    let mut seen = vec![];
    let phase_of = |e: &Event| -> Option<Phase> {
        Some(match e {
            Event::Shuffled { .. } => Phase::Cut,
            Event::Cut { .. } => Phase::FirstDeal,
            Event::TrumpsCalled { .. } => Phase::SecondDeal,
            Event::Played { .. } => Phase::TrickPlay,
            Event::HandOver { .. } => Phase::Scoring,
            _ => return None,
        })
    };
    for e in &events {
        if let Some(p) = phase_of(e)
            && p != last
        {
            assert!(p > last || p == Phase::Cut, "{p:?} after {last:?}");
            seen.push(p);
            last = p;
        }
    }
    assert_eq!(seen.iter().filter(|p| **p == Phase::Scoring).count(), 3);
}

#[test]
fn v_players_four_only_for_now() {
    let three = RuleSet {
        players: 3,
        ..Preset::Hokm.rules()
    };
    assert!(three.validate().is_err());
    assert!(courtpiece_rules::Match::new(&three, 1).is_err());
    let defer_hidden = RuleSet {
        defer: true,
        ..Preset::HiddenRang.rules()
    };
    assert!(
        defer_hidden.validate().is_err(),
        "V-CALL=defer goes with announce or show"
    );
}
