//! §10 Be-ranga Double Sar: no call (RB-DEAL), trumps fixed by the first seat that cannot follow
//! (RB-TRUMP), and no collection until the trick after (RB-HEAP).

use courtpiece_rules::{CallView, Event, Intent, Match, Phase, PlayState, Preset, Round, Suit, TrumpCall};

use crate::support::{CUT, card, collections, deck_for, play, random_match, seat, short};

/// Dealer 0, so seat 1 leads. Seat 2 has no spades; seat 1 holds every heart but one.
const HANDS: [&str; 4] = [
    "AS KS QS JS TS 2H AD KD QD JD TD 9D 8D",
    "9S 8S 7S 6S 5S AH KH QH JH TH 9H 8H 7H",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "4S 3S 2S 6H 5H 4H 3H 7D 6D 5D 4D 3D 2D",
];

/// A hand of be-ranga dealt from [`HANDS`], cut and dealt to the end: nobody is asked to call.
fn dealt() -> Round {
    dealt_from(HANDS)
}

fn dealt_from(hands: [&str; 4]) -> Round {
    let rules = Preset::BeRanga.rules();
    let dealer = seat(0);
    let mut r = Round::with_deck(&rules, 1, deck_for(&rules, dealer, hands), 1, dealer);
    r.apply(r.caller(), Intent::Cut { at: CUT }).unwrap();
    while r.needs_step() {
        r.step();
    }
    r
}

#[test]
fn rb_deal_all_cards_are_dealt_without_a_call_and_the_seat_after_the_dealer_leads() {
    let r = dealt();
    assert_eq!(r.phase(), Phase::TrickPlay);
    assert_eq!(r.call(), Some(TrumpCall::FirstVoid(None)));
    assert_eq!(r.trumps(), None);
    assert!(r.hands().iter().all(|h| h.len() == 13));
    assert_eq!(r.to_act(), Some(seat(1)));
    // nobody is offered a call, a defer or a redeal
    let intents = r.legal_intents(seat(1));
    assert!(intents.iter().all(|i| matches!(i, Intent::Play { .. })));
}

#[test]
fn rb_trump_the_first_card_of_a_seat_that_cannot_follow_fixes_trumps_and_wins() {
    let mut r = dealt();
    // seat 1 leads a spade; seat 2, void, throws a club: clubs are trumps and take the trick
    let events = play(&mut r, "9S 2C 2S AS");
    assert!(events.contains(&Event::TrumpsFixed {
        seat: seat(2),
        card: card("2C"),
    }));
    assert_eq!(r.trumps(), Some(Suit::Clubs));
    assert_eq!(r.call(), Some(TrumpCall::FirstVoid(Some(card("2C")))));
    let won = events.iter().find_map(|e| match e {
        Event::TrickWon { seat, card, .. } => Some((seat.index(), *card)),
        _ => None,
    });
    assert_eq!(
        won,
        Some((2, card("2C"))),
        "the 2 of clubs beats the ace of spades"
    );
    // a later void card of another suit is a plain discard
    let events = play(&mut r, "3C 4S KS 8S");
    assert!(!events.iter().any(|e| matches!(e, Event::TrumpsFixed { .. })));
}

#[test]
fn rb_heap_no_collection_in_the_trick_that_fixes_trumps_the_first_in_the_next() {
    let mut r = dealt();
    // trick 1: seat 2 fixes clubs and wins; trick 2: seat 2 wins again and collects both
    let events = play(&mut r, "9S 2C 2S AS");
    assert_eq!(collections(&events), vec![]);
    let events = play(&mut r, "AC 3S KS 8S");
    assert_eq!(collections(&events), vec![(2, 2)]);
}

/// Dealer 0, seat 1 leads: everyone follows two rounds of hearts, then seat 2 is void.
const FOLLOWED: [&str; 4] = [
    "7H 8H 9H JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AH KH QH JH TH AS KS QS JS TS 9S 8S 7S",
    "2H 3H AC KC QC JC TC 9C 8C 7C 6C 5C 2C",
    "4H 5H 6H 6S 5S 4S 3S 2S 4C 3C AD KD QD",
];

#[test]
fn rb_heap_no_collection_before_trumps_are_fixed() {
    let mut r = dealt_from(FOLLOWED);
    // seat 1 wins two tricks in a row while trumps are not fixed: the pair is held back
    let events = play(&mut r, "AH 2H 4H 7H KH 3H 5H 8H");
    assert_eq!(collections(&events), vec![]);
    assert_eq!(r.heap().tricks, 2);
    // seat 2, void, fixes clubs and wins the third; held back too
    let events = play(&mut r, "QH 2C 6H 9H");
    assert_eq!(collections(&events), vec![]);
    // seat 2 wins the fourth as well, the first that may collect: all four tricks
    let events = play(&mut r, "AC 4C 2D 7S");
    assert_eq!(collections(&events), vec![(2, 4)]);
    assert_eq!(r.taken(), [4, 0, 0, 0]);
}

#[test]
fn rb_views_show_how_trumps_were_fixed_to_every_seat() {
    let rules = short(Preset::BeRanga.rules(), 4);
    let (m, _, events) = random_match(&rules, 7);
    assert!(m.is_over());
    // each hand fixes trumps at most once, with the card just played off the suit led
    let (mut in_hand, mut total, mut led, mut last) = (0, 0, None, None);
    for e in &events {
        match *e {
            Event::Shuffled { .. } => in_hand = 0,
            Event::Played { seat, card } => {
                led = led.or(Some(card.suit()));
                last = Some((seat, card));
            }
            Event::TrickWon { .. } => led = None,
            Event::TrumpsFixed { seat, card } => {
                in_hand += 1;
                total += 1;
                assert!(in_hand <= 1, "trumps fixed twice in a hand");
                assert_eq!(last, Some((seat, card)));
                assert_ne!(led, Some(card.suit()));
            }
            _ => {}
        }
    }
    assert!(total >= 1, "some hand of four fixed trumps");
    let mut m = Match::new(&rules, 7).unwrap();
    m.advance();
    let caller = m.to_act().unwrap();
    m.apply(caller, Intent::Cut { at: CUT }).unwrap();
    m.advance();
    assert_eq!(m.phase(), Phase::TrickPlay);
    for s in 0..4 {
        assert_eq!(m.view(seat(s)).call, Some(CallView::FirstVoid(None)));
    }
}

#[test]
fn rb_trump_a_search_position_fixes_trumps_as_the_table_does() {
    let mut r = dealt();
    let mut state = PlayState::from_round(&r);
    assert!(state.trumps_pending());
    for c in ["9S", "2C", "2S", "AS"] {
        let who = r.to_act().unwrap();
        r.apply(who, Intent::Play { card: card(c) }).unwrap();
        state.play(card(c));
    }
    assert_eq!(state.trumps(), Some(Suit::Clubs));
    assert!(!state.trumps_pending());
    assert_eq!(state.leader(), seat(2));
    let table = PlayState::from_round(&r);
    assert_eq!(
        (
            table.hands(),
            table.trumps(),
            table.taken(),
            table.tricks_played()
        ),
        (
            state.hands(),
            state.trumps(),
            state.taken(),
            state.tricks_played()
        )
    );
}
