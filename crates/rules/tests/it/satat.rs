//! §10 Satat: the 2♥ as the highest trump (RS-TWO), the card passing after a court (RS-PASS),
//! courts to the target (RS-SCORE), and Trup kasiet (`V-CALL=hidden`).

use courtpiece_rules::{
    Barred, Card, CardSet, Event, Exchange, HandKind, HandResult, Intent, Phase, Preset, Round, RuleError,
    RuleSet, Seat, Side, Suit,
};

use crate::support::{CUT, card, cards, deck_for, play, random_match, ready, round_with, seat, short};

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// Dealer 0: seat 1 calls and leads. Seat 2 holds the 2♥ with diamonds and one club; seat 0
/// the clubs and the AD; seat 3 the hearts and the 2S.
const HANDS: [&str; 4] = [
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AD",
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 3D",
    "2H KD QD JD TD 9D 8D 7D 6D 5D 4D 2D 2C",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
];

fn satat() -> RuleSet {
    Preset::Satat.rules()
}

fn trup_kasiet() -> RuleSet {
    RuleSet {
        call: courtpiece_rules::Call::Hidden,
        ..satat()
    }
}

fn won_by(events: &[Event]) -> Option<(Seat, Card)> {
    events.iter().find_map(|e| match e {
        Event::TrickWon { seat, card, .. } => Some((*seat, *card)),
        _ => None,
    })
}

#[test]
fn rs_two_the_two_of_hearts_may_be_played_holding_the_suit_led_and_wins() {
    let mut r = ready(&satat(), 0, HANDS, Intent::Call { suit: Suit::Clubs });
    play(&mut r, "3D");
    // seat 2 holds diamonds and must follow, but the 2♥ may go to any trick
    assert_eq!(r.legal_cards(seat(2)), set("2H KD QD JD TD 9D 8D 7D 6D 5D 4D 2D"));
    let events = play(&mut r, "2H 2S AD");
    assert_eq!(won_by(&events), Some((seat(2), card("2H"))));
}

#[test]
fn rs_two_the_two_of_hearts_beats_the_trump_ace() {
    // diamonds trumps: seat 2 follows trumps with the 2♥, seat 0 with the trump ace
    let mut r = ready(&satat(), 0, HANDS, Intent::Call { suit: Suit::Diamonds });
    play(&mut r, "3D");
    assert_eq!(r.legal_cards(seat(2)), r.hand(seat(2)) - set("2C"));
    let events = play(&mut r, "2H 2S AD");
    assert_eq!(won_by(&events), Some((seat(2), card("2H"))));
}

#[test]
fn rs_two_a_player_whose_only_trump_is_the_two_of_hearts_need_not_follow_trumps() {
    let mut r = ready(&satat(), 0, HANDS, Intent::Call { suit: Suit::Spades });
    play(&mut r, "AS");
    assert_eq!(r.legal_cards(seat(2)), r.hand(seat(2)));
    play(&mut r, "KD");
    // seat 3's only trump is the 2S: it must follow
    assert_eq!(r.legal_cards(seat(3)), set("2S"));
}

#[test]
fn rs_two_the_two_of_hearts_is_a_trump_and_no_heart() {
    let mut r = ready(&satat(), 0, HANDS, Intent::Call { suit: Suit::Spades });
    // seat 3 ruffs the diamond with the 2S and leads a heart
    let events = play(&mut r, "3D 4D 2S AD");
    assert_eq!(won_by(&events), Some((seat(3), card("2S"))));
    play(&mut r, "AH AC AS");
    // seat 2's 2♥ is a trump, not a heart: seat 2 is void in hearts
    assert_eq!(r.legal_cards(seat(2)), r.hand(seat(2)));
}

#[test]
fn rs_two_the_two_of_hearts_names_no_suit() {
    // seat 1 holds the 2♥ among its first five
    let hands = [HANDS[0], HANDS[2], HANDS[1], HANDS[3]];
    let mut r = round_with(&trup_kasiet(), 0, hands);
    assert!(
        !r.legal_intents(seat(1))
            .contains(&Intent::Hide { card: card("2H") })
    );
    assert_eq!(
        r.apply(seat(1), Intent::Hide { card: card("2H") }),
        Err(RuleError::TwoNamesNoSuit)
    );
    assert!(r.apply(seat(1), Intent::Hide { card: card("KD") }).is_ok());
}

#[test]
fn trup_kasiet_a_two_of_hearts_before_the_reveal_lets_every_later_card_be_any() {
    let mut r = round_with(&trup_kasiet(), 0, HANDS);
    r.apply(seat(1), Intent::Hide { card: card("AS") }).unwrap();
    r.step();
    assert_eq!(r.phase(), Phase::TrickPlay);
    play(&mut r, "3D 2H");
    // seat 3 is void in diamonds, but after the 2♥ nobody is bound to follow: no reveal
    assert_eq!(r.legal_cards(seat(3)), r.hand(seat(3)));
    assert_eq!(
        r.apply(seat(3), Intent::Reveal),
        Err(RuleError::Barred(Barred::TrickFreed))
    );
    play(&mut r, "AH");
    // seat 0 holds the AD and need not play it
    assert_eq!(r.legal_cards(seat(0)), r.hand(seat(0)));
    let events = play(&mut r, "AC");
    assert_eq!(won_by(&events), Some((seat(2), card("2H"))));
    assert_eq!(r.trumps(), None);
}

fn court_by(winner: Side, kind: HandKind) -> HandResult {
    HandResult {
        winner,
        kind,
        tricks: [7, 0, 0, 0],
        tens: [0; 4],
        dealer: seat(3),
        caller: seat(0),
    }
}

/// A hand of Satat after a court that side 0 (seats 0 and 2) won: dealt, trumps called,
/// waiting for the passing.
fn after_court(kind: HandKind, trumps: Suit) -> Round {
    let rules = satat();
    let dealer = seat(0);
    let exchange = Exchange::after(&court_by(Side::new(0).unwrap(), kind), &rules);
    let mut r =
        Round::with_deck(&rules, 1, deck_for(&rules, dealer, HANDS), 2, dealer).with_exchange(exchange);
    r.apply(r.caller(), Intent::Cut { at: CUT }).unwrap();
    r.step();
    r.apply(seat(1), Intent::Call { suit: trumps }).unwrap();
    r.step();
    r
}

fn gifts(r: &Round, s: u8) -> Vec<CardSet> {
    r.legal_intents(seat(s))
        .into_iter()
        .filter_map(|i| match i {
            Intent::Give { cards } => Some(cards),
            _ => None,
        })
        .collect()
}

#[test]
fn rs_pass_after_a_court_the_losers_pass_their_best_and_the_winners_any_but_a_last_plain_card() {
    let mut r = after_court(HandKind::Court, Suit::Spades);
    assert_eq!(r.phase(), Phase::Passing);
    // from the seat after the dealer
    assert_eq!(r.to_act(), Some(seat(1)));
    // seat 1 lost: its highest trump, to seat 2
    assert_eq!(gifts(&r, 1), vec![set("AS")]);
    assert_eq!(r.exchanges_with(seat(1)), Some(seat(2)));
    assert_eq!(
        r.apply(seat(1), Intent::Give { cards: set("KS") }),
        Err(RuleError::MustGiveBest)
    );
    assert_eq!(
        r.apply(seat(1), Intent::Give { cards: set("AS KS") }),
        Err(RuleError::GiveCount { expected: 1, got: 2 })
    );
    let events = r.apply(seat(1), Intent::Give { cards: set("AS") }).unwrap();
    // nobody else learns the card
    assert_eq!(
        events,
        vec![Event::CardsGiven {
            seat: seat(1),
            to: seat(2),
            count: 1
        }]
    );
    // seat 2 won: anything but its only club; the 2♥ is a trump, not its last heart
    let choices = gifts(&r, 2);
    assert!(!choices.contains(&set("2C")));
    assert!(choices.contains(&set("2H")) && choices.contains(&set("2D")));
    assert_eq!(
        r.apply(seat(2), Intent::Give { cards: set("2C") }),
        Err(RuleError::KeepLastOfSuit)
    );
    r.apply(seat(2), Intent::Give { cards: set("2D") }).unwrap();
    // seat 3's one trump is the 2S
    assert_eq!(gifts(&r, 3), vec![set("2S")]);
    r.apply(seat(3), Intent::Give { cards: set("2S") }).unwrap();
    // seat 0 may not give away its only diamond
    assert!(!gifts(&r, 0).contains(&set("AD")));
    let events = r.apply(seat(0), Intent::Give { cards: set("3C") }).unwrap();
    assert!(events.contains(&Event::CardsExchanged));
    assert_eq!(r.phase(), Phase::TrickPlay);
    assert_eq!(r.to_act(), Some(seat(1)));
    assert!(r.hand(seat(2)).contains(card("AS")) && r.hand(seat(1)).contains(card("2D")));
    assert!(r.hand(seat(0)).contains(card("2S")) && r.hand(seat(3)).contains(card("3C")));
    assert!((0..4).all(|s| r.hand(seat(s)).len() == 13));
}

#[test]
fn rs_pass_after_a_fifty_two_court_two_cards_each_way() {
    let r = after_court(HandKind::FiftyTwo, Suit::Spades);
    assert_eq!(gifts(&r, 1), vec![set("AS KS")]);
    // seat 3 holds no trump: its two highest cards
    let mut r = r;
    r.apply(seat(1), Intent::Give { cards: set("AS KS") }).unwrap();
    assert!(
        gifts(&r, 2)
            .iter()
            .all(|g| g.len() == 2 && !g.contains(card("2C")))
    );
    r.apply(seat(2), Intent::Give { cards: set("2D 2H") }).unwrap();
    // seat 3 holds one trump: it and its highest card
    assert_eq!(gifts(&r, 3), vec![set("2S AH")]);
}

#[test]
fn rs_pass_a_loser_without_trumps_chooses_among_equal_highest_cards() {
    // clubs trumps: seat 3 holds none, and holds the AH and, here, the AD: either ace may go
    let hands = [
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2S",
        HANDS[1],
        HANDS[2],
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AD",
    ];
    let rules = satat();
    let exchange = Exchange::after(&court_by(Side::new(0).unwrap(), HandKind::Court), &rules);
    let mut r =
        Round::with_deck(&rules, 1, deck_for(&rules, seat(0), hands), 2, seat(0)).with_exchange(exchange);
    r.apply(seat(1), Intent::Cut { at: CUT }).unwrap();
    r.step();
    r.apply(seat(1), Intent::Call { suit: Suit::Clubs }).unwrap();
    r.step();
    r.apply(seat(1), Intent::Give { cards: set("AS") }).unwrap();
    r.apply(seat(2), Intent::Give { cards: set("2D") }).unwrap();
    let mut choices = gifts(&r, 3);
    choices.sort_by_key(|c| c.bits());
    let mut expected = vec![set("AH"), set("AD")];
    expected.sort_by_key(|c| c.bits());
    assert_eq!(choices, expected);
}

#[test]
fn rs_pass_only_after_a_court_and_never_in_trup_kasiet() {
    let side = Side::new(1).unwrap();
    assert!(Exchange::after(&court_by(side, HandKind::Court), &satat()).is_some());
    assert!(Exchange::after(&court_by(side, HandKind::Plain), &satat()).is_none());
    assert!(Exchange::after(&court_by(side, HandKind::Court), &trup_kasiet()).is_none());
    assert!(Exchange::after(&court_by(side, HandKind::Court), &Preset::CourtPiece.rules()).is_none());
    let kept = Exchange::after(&court_by(side, HandKind::FailedPlayOn), &satat()).unwrap();
    assert_eq!((kept.losers, kept.cards), (Side::new(0).unwrap(), 1));
}

/// Random matches of Satat pass cards after their courts (all four pass, and the record replays),
/// and score courts: a match ends when a side reaches `V-TARGET` courts (RS-SCORE).
#[test]
fn rs_pass_and_rs_score_in_random_matches() {
    let mut exchanges = 0;
    let mut to_target = 0;
    for seed in 0..300 {
        let (m, record, events) = random_match(&short(satat(), 40), seed);
        let target = satat().target.unwrap();
        let best = m.score().points.iter().copied().max().unwrap();
        if m.score().hands < 40 {
            assert!(best >= target, "a match ends early only at the target");
            to_target += 1;
        }
        let given = events
            .iter()
            .filter(|e| matches!(e, Event::CardsGiven { .. }))
            .count();
        exchanges += given;
        assert_eq!(given % 4, 0, "all four pass");
        let replayed = record.replay().unwrap();
        assert_eq!(replayed.score(), m.score());
        if exchanges >= 8 && to_target > 0 {
            return;
        }
    }
    panic!("300 random matches of Satat: {exchanges} cards passed, {to_target} ended at the target");
}
