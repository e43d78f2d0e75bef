//! §5 Ways of choosing trumps: announce, show, defer, hidden, and the Under-ten redeal.

use courtpiece_rules::{
    Barred, Call, Event, Intent, NotInRules, Phase, Preset, Round, RuleError, RuleSet, Suit, TrumpCall,
};

use crate::support::{CUT, card, deck_for, play, round_with, seat};
use crate::winning::SUITS_EACH;

#[test]
fn v_call_announce_names_a_suit() {
    let rules = Preset::CourtPiece.rules();
    let mut r = round_with(&rules, 0, SUITS_EACH);
    let legal = r.legal_intents(seat(1));
    for suit in Suit::ALL {
        assert!(legal.contains(&Intent::Call { suit }));
    }
    assert!(matches!(
        r.apply(seat(1), Intent::Show { card: card("AH") }),
        Err(RuleError::NotInRules(NotInRules::Show))
    ));
    assert!(matches!(
        r.apply(seat(1), Intent::Defer),
        Err(RuleError::NotInRules(NotInRules::Defer))
    ));
    let events = r.apply(seat(1), Intent::Call { suit: Suit::Diamonds }).unwrap();
    assert_eq!(
        events,
        vec![Event::TrumpsCalled {
            seat: seat(1),
            suit: Suit::Diamonds
        }]
    );
    assert_eq!(r.trumps(), Some(Suit::Diamonds));
    assert_eq!(r.phase(), Phase::SecondDeal);
}

#[test]
fn v_call_show_a_card_that_stays_in_the_hand() {
    let rules = RuleSet {
        call: Call::Show,
        ..Preset::CourtPiece.rules()
    };
    let mut r = round_with(&rules, 0, SUITS_EACH);
    assert_eq!(
        r.apply(seat(1), Intent::Show { card: card("2H") }),
        Err(RuleError::CardNotHeld { card: card("2H") }),
        "only one of the five may be shown"
    );
    assert!(matches!(
        r.apply(seat(1), Intent::Call { suit: Suit::Hearts }),
        Err(RuleError::NotInRules(NotInRules::Announce))
    ));
    let events = r.apply(seat(1), Intent::Show { card: card("QH") }).unwrap();
    assert_eq!(
        events,
        vec![Event::TrumpShown {
            seat: seat(1),
            card: card("QH")
        }]
    );
    r.step();
    assert_eq!(r.trumps(), Some(Suit::Hearts));
    assert!(r.hand(seat(1)).contains(card("QH")));
    assert!(r.exposed().contains(card("QH")));
    play(&mut r, "QH");
    assert!(r.exposed().contains(card("QH")), "played cards are public anyway");
}

#[test]
fn v_call_defer_the_first_card_of_the_next_batch_fixes_trumps() {
    let rules = RuleSet {
        defer: true,
        ..Preset::CourtPiece.rules()
    };
    let mut r = round_with(&rules, 0, SUITS_EACH);
    assert!(r.legal_intents(seat(1)).contains(&Intent::Defer));
    assert_eq!(
        r.apply(seat(1), Intent::Defer).unwrap(),
        vec![Event::Deferred { seat: seat(1) }]
    );
    assert_eq!(r.trumps(), None);
    let events = r.step();
    // seat 1's list is AH KH QH JH TH 9H …: the sixth card opens its second batch
    assert_eq!(
        events[1],
        Event::TrumpShown {
            seat: seat(1),
            card: card("9H")
        }
    );
    assert_eq!(r.trumps(), Some(Suit::Hearts));
    assert_eq!(r.call(), Some(TrumpCall::Deferred(Some(card("9H")))));
    assert!(r.hand(seat(1)).contains(card("9H")));
    assert_eq!(r.trick().trumps(), Some(Suit::Hearts));
}

fn hidden() -> RuleSet {
    Preset::HiddenRang.rules()
}

/// Dealer 0, caller 1 who will hide 2S. Seats 2 and 3 are void in hearts.
const HIDDEN_A: [&str; 4] = [
    "2H AS QS JS TS 9S 8S 7S 6S 5S 4S 2D 2C",
    "2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "KS AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    "3S AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
];

#[test]
fn v_call_hidden_reveal_mid_trick_an_earlier_trump_suit_card_is_plain() {
    let mut r = round_with(&hidden(), 0, HIDDEN_A);
    assert!(
        r.legal_intents(seat(1))
            .contains(&Intent::Hide { card: card("2S") })
    );
    assert_eq!(
        r.apply(seat(1), Intent::Hide { card: card("2S") }).unwrap(),
        vec![Event::IndicatorLaid { seat: seat(1) }]
    );
    r.step();
    assert_eq!(
        r.trumps(),
        None,
        "no suit is trumps while the indicator lies face down"
    );
    assert_eq!(r.secret_trumps(), Some(Suit::Spades));
    assert_eq!(r.hand(seat(1)).len(), 12);
    assert!(
        r.apply(seat(1), Intent::Reveal) == Err(RuleError::Barred(Barred::CanFollow)),
        "the leader can not ask"
    );
    play(&mut r, "AH");
    // seat 2 can not follow; it throws the king of spades without asking: a plain card
    assert!(r.legal_intents(seat(2)).contains(&Intent::Reveal));
    play(&mut r, "KS");
    let events = r.apply(seat(3), Intent::Reveal).unwrap();
    assert_eq!(
        events,
        vec![
            Event::RevealAsked { seat: seat(3) },
            Event::TrumpsRevealed {
                suit: Suit::Spades,
                card: card("2S")
            }
        ]
    );
    assert!(
        r.hand(seat(1)).contains(card("2S")),
        "the indicator returns to the caller's hand"
    );
    // the seat that asked must trump if it can
    assert_eq!(r.legal_cards(seat(3)), [card("3S")].into_iter().collect());
    assert_eq!(
        r.apply(seat(3), Intent::Play { card: card("AC") }),
        Err(RuleError::MustPlayTrump { suit: Suit::Spades })
    );
    assert!(matches!(
        r.apply(seat(0), Intent::Reveal),
        Err(RuleError::NotYourTurn { .. })
    ));
    let events = play(&mut r, "3S 2H");
    assert!(events.contains(&Event::TrickWon {
        seat: seat(3),
        card: card("3S"),
        number: 1
    }));
    assert_eq!(r.trumps(), Some(Suit::Spades));
    assert_eq!(
        r.trick().trumps(),
        Some(Suit::Spades),
        "later tricks are played with trumps"
    );
}

/// Dealer 0, caller 1 who will hide 2S, its only spade; seat 2 wins the first trick and leads spades.
const HIDDEN_B: [&str; 4] = [
    "2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    "2S 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2D",
    "AH AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
];

#[test]
fn v_call_hidden_and_r_hidtrick_the_forced_indicator_follows_suit_and_competes_by_rank() {
    let mut r = round_with(&hidden(), 0, HIDDEN_B);
    r.apply(seat(1), Intent::Hide { card: card("2S") }).unwrap();
    r.step();
    play(&mut r, "3H AH 2C 2H  AS 3C AD");
    // the face-down 2S counts as part of the caller's hand for following suit
    assert_eq!(r.legal_cards(seat(1)), [card("2S")].into_iter().collect());
    assert!(matches!(
        r.apply(seat(1), Intent::Reveal),
        Err(RuleError::Barred(Barred::CanFollow))
    ));
    assert_eq!(
        r.apply(seat(1), Intent::Play { card: card("4H") }),
        Err(RuleError::MustFollowSuit { suit: Suit::Spades })
    );
    let events = play(&mut r, "2S");
    assert_eq!(
        events[0],
        Event::TrumpsRevealed {
            suit: Suit::Spades,
            card: card("2S")
        }
    );
    // R-HIDTRICK: the indicator followed suit like every other card, so the ace wins
    assert!(events.contains(&Event::TrickWon {
        seat: seat(2),
        card: card("AS"),
        number: 2
    }));
    assert_eq!(r.trumps(), Some(Suit::Spades));
}

#[test]
fn v_call_hidden_indicator_is_held_back_while_other_cards_may_be_played() {
    let mut r = round_with(&hidden(), 0, HIDDEN_A);
    r.apply(seat(1), Intent::Hide { card: card("2S") }).unwrap();
    r.step();
    assert_eq!(
        r.apply(seat(1), Intent::Play { card: card("2S") }),
        Err(RuleError::IndicatorHeldBack)
    );
    assert!(
        !r.legal_intents(seat(1))
            .contains(&Intent::Play { card: card("2S") })
    );
}

fn faceless_round(rules: &RuleSet, seed: u64) -> Round {
    let hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2S",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ];
    let mut r = Round::with_deck(rules, seed, deck_for(rules, seat(0), hands), 1, seat(0));
    r.apply(seat(1), Intent::Cut { at: CUT }).unwrap();
    r.step();
    r
}

#[test]
fn v_redeal_under_ten_at_most_twice_in_a_row() {
    let rules = Preset::CourtPiece.rules();
    let faceless = |r: &Round| !r.hand(r.caller()).has_face_or_ace();
    // find a seed whose next two shuffles also give the caller no J, Q, K or A
    let mut checked = false;
    for seed in 0..20_000 {
        let mut r = faceless_round(&rules, seed);
        assert!(faceless(&r));
        assert!(r.legal_intents(seat(1)).contains(&Intent::Redeal));
        let events = r.apply(seat(1), Intent::Redeal).unwrap();
        assert_eq!(
            events[0],
            Event::Redeal {
                seat: seat(1),
                redeals: 1
            }
        );
        assert_eq!(
            (r.phase(), r.dealer(), r.redeals()),
            (Phase::Cut, seat(0), 1),
            "the same dealer deals again"
        );
        r.apply(seat(1), Intent::Cut { at: 20 }).unwrap();
        r.step();
        if !faceless(&r) {
            assert_eq!(
                r.apply(seat(1), Intent::Redeal),
                Err(RuleError::Barred(Barred::FaceOrAceHeld))
            );
            continue;
        }
        r.apply(seat(1), Intent::Redeal).unwrap();
        r.apply(seat(1), Intent::Cut { at: 20 }).unwrap();
        r.step();
        if !faceless(&r) {
            continue;
        }
        assert_eq!(r.redeals(), 2);
        assert!(!r.legal_intents(seat(1)).contains(&Intent::Redeal));
        assert_eq!(
            r.apply(seat(1), Intent::Redeal),
            Err(RuleError::Barred(Barred::RedealsUsedUp))
        );
        checked = true;
        break;
    }
    assert!(checked, "no seed gave three faceless deals in a row");
}

#[test]
fn v_redeal_off_is_refused() {
    let rules = Preset::Hokm.rules();
    let mut r = faceless_round(&rules, 1);
    assert!(matches!(
        r.apply(seat(1), Intent::Redeal),
        Err(RuleError::NotInRules(NotInRules::Redeal))
    ));
}

/// R-RULE-REDEAL
#[test]
fn r_rule_redeal_keeps_the_hand_number_the_dealer_and_the_caller_who_cuts() {
    let rules = Preset::CourtPiece.rules();
    let mut r = faceless_round(&rules, 3);
    let (hand, dealer, caller) = (r.hand_no(), r.dealer(), r.caller());
    let events = r
        .apply(caller, Intent::Redeal)
        .expect("no J, Q, K or A in the first five");
    assert!(events.contains(&Event::Shuffled { hand, dealer, caller }));
    assert_eq!((r.hand_no(), r.dealer(), r.caller()), (hand, dealer, caller));
    assert_eq!(
        (r.phase(), r.to_act()),
        (Phase::Cut, Some(caller)),
        "the same caller cuts"
    );
}
