//! Hokm for two (§9, preset `hokm-2`): R2-FIRST, R2-DEAL, R2-DRAW, R2-PLAY, R2-SCORE, and what
//! each player's view keeps from the other.

use courtpiece_rules::score::hand_points;
use courtpiece_rules::{
    CardSet, Event, FirstDealer, FirstDraw, HandKind, HandResult, Intent, Match, Phase, Preset, Rank, Round,
    RuleError, Seat, Seats, Side, Suit, next_dealer,
};

use crate::support::{random_match, seat};

fn two() -> Seats {
    Seats::new(2).unwrap()
}

/// A hand of Hokm for two dealt by `dealer`: cut, first five each, waiting for the call.
fn first_five(dealer: u8, seed: u64) -> Round {
    let rules = Preset::HokmTwo.rules();
    let mut r = Round::new(&rules, seed, 0, 1, seat(dealer));
    r.apply(r.caller(), Intent::Cut { at: 17 }).unwrap();
    r.step();
    r
}

/// Trumps called and the discards made: the first draw turn is next.
fn at_the_draw(dealer: u8, seed: u64) -> Round {
    let mut r = first_five(dealer, seed);
    r.apply(r.caller(), Intent::Call { suit: Suit::Spades }).unwrap();
    for _ in 0..2 {
        let who = r.to_act().unwrap();
        let Intent::Discard { cards } = r.legal_intents(who)[0] else {
            panic!("a discard is the only choice");
        };
        r.apply(who, Intent::Discard { cards }).unwrap();
    }
    assert_eq!(r.phase(), Phase::Draw);
    r
}

/// The whole draw, keeping the first card on even turns and taking the second on odd ones.
fn drawn(dealer: u8, seed: u64) -> Round {
    let mut r = at_the_draw(dealer, seed);
    for turn in 0..21 {
        let who = r.to_act().unwrap();
        let choice = if turn % 2 == 0 {
            Intent::Keep
        } else {
            Intent::Decline
        };
        r.apply(who, choice).unwrap();
    }
    r
}

#[test]
fn r2_first_cards_dealt_face_up_alternately_until_an_ace() {
    for seed in 0..60 {
        let draw = FirstDraw::new(FirstDealer::HokmAce, two(), seed);
        let (hakem, card) = *draw.draws.last().unwrap();
        assert_eq!(card.rank(), Rank::ACE);
        for (i, (s, c)) in draw.draws.iter().enumerate() {
            assert_eq!(*s, Seat::ALL[i % 2], "dealt alternately");
            assert!(i + 1 == draw.draws.len() || c.rank() != Rank::ACE);
        }
        assert_eq!(two().next(draw.dealer), hakem, "the other player deals");
        assert_ne!(draw.dealer, hakem);
        let m = Match::new(&Preset::HokmTwo.rules(), seed).unwrap();
        assert_eq!(m.round().caller(), hakem);
    }
}

#[test]
fn r2_deal_five_each_from_the_hakem_then_the_stock() {
    let rules = Preset::HokmTwo.rules();
    for dealer in 0..2 {
        let mut r = Round::new(&rules, 11, 0, 1, seat(dealer));
        let hakem = r.caller();
        assert_ne!(hakem, seat(dealer));
        r.apply(hakem, Intent::Cut { at: 30 }).unwrap();
        let events = r.step();
        let dealt: Vec<(Seat, u8)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Dealt { seat, count } => Some((*seat, *count)),
                _ => None,
            })
            .collect();
        assert_eq!(dealt, vec![(hakem, 5), (two().next(hakem), 5)]);
        assert_eq!(r.stock().len(), 42, "the other 42 cards are the stock");
        assert_eq!(r.phase(), Phase::TrumpCall);
        assert!(r.sees_own_cards(hakem));
        assert!(
            !r.sees_own_cards(two().next(hakem)),
            "only the hâkem looks before the call"
        );
        let legal = r.legal_intents(hakem);
        assert_eq!(legal.len(), 4, "the hâkem names a suit (announce): {legal:?}");
    }
}

#[test]
fn r2_deal_the_hakem_discards_three_then_the_other_two() {
    let mut r = first_five(0, 5);
    let hakem = r.caller();
    let other = two().next(hakem);
    r.apply(hakem, Intent::Call { suit: Suit::Hearts }).unwrap();
    assert_eq!(r.phase(), Phase::Discard);
    assert_eq!(r.to_act(), Some(hakem));
    let choices = r.legal_intents(hakem);
    assert_eq!(choices.len(), 10, "three of five");
    assert!(r.legal_intents(other).is_empty());

    let five = r.hand(hakem);
    let before = r.clone();
    let two_only: CardSet = five.iter().take(2).collect();
    assert_eq!(
        r.apply(hakem, Intent::Discard { cards: two_only }),
        Err(RuleError::DiscardCount { expected: 3, got: 2 })
    );
    let foreign = r.hand(other).iter().next().unwrap();
    let with_foreign: CardSet = five.iter().take(2).chain([foreign]).collect();
    assert_eq!(
        r.apply(hakem, Intent::Discard { cards: with_foreign }),
        Err(RuleError::CardNotHeld { card: foreign })
    );
    let other_first: CardSet = r.hand(other).iter().take(2).collect();
    assert!(matches!(
        r.apply(other, Intent::Discard { cards: other_first }),
        Err(RuleError::NotYourTurn { .. })
    ));
    assert_eq!(
        r.apply(hakem, Intent::Keep),
        Err(RuleError::WrongPhase {
            phase: Phase::Discard,
            intent: Intent::Keep
        })
    );
    assert_eq!(r, before, "a refused intent changes nothing");

    let three: CardSet = five.iter().take(3).collect();
    let events = r.apply(hakem, Intent::Discard { cards: three }).unwrap();
    assert_eq!(
        events,
        vec![Event::Discarded {
            seat: hakem,
            count: 3
        }]
    );
    assert_eq!((r.hand(hakem), r.discards(hakem)), (five - three, three));
    assert_eq!(r.to_act(), Some(other));
    assert_eq!(r.legal_intents(other).len(), 10, "two of five");
    let pair: CardSet = r.hand(other).iter().skip(3).collect();
    r.apply(other, Intent::Discard { cards: pair }).unwrap();
    assert_eq!(r.hand(other).len(), 3);
    assert_eq!(r.phase(), Phase::Draw);
    assert_eq!(r.to_act(), Some(hakem), "the hâkem draws first");
}

#[test]
fn r2_draw_keep_the_first_or_take_the_second_for_twenty_one_turns() {
    let mut r = at_the_draw(1, 9);
    let hakem = r.caller();
    let mut turns = [0u8; 4];
    for turn in 0..21 {
        let who = r.to_act().unwrap();
        assert_eq!(
            who,
            two().after(hakem, turn % 2),
            "turns alternate from the hâkem"
        );
        assert_eq!(r.legal_intents(who), vec![Intent::Keep, Intent::Decline]);
        let (first, second) = (r.stock()[0], r.stock()[1]);
        assert_eq!(r.offer(), Some(first), "the player looks at the top card");
        let (hand, discards) = (r.hand(who), r.discards(who));
        let keep = turn % 3 != 0;
        let events = r
            .apply(who, if keep { Intent::Keep } else { Intent::Decline })
            .unwrap();
        let left = u8::try_from(42 - 2 * (turn + 1)).unwrap();
        assert_eq!(events[0], Event::Drew { seat: who, left });
        let (kept, laid) = if keep { (first, second) } else { (second, first) };
        assert_eq!(r.hand(who), hand | CardSet::single(kept));
        assert_eq!(r.discards(who), discards | CardSet::single(laid));
        turns[who.index()] += 1;
    }
    assert_eq!(turns[hakem.index()], 11);
    assert_eq!(turns[two().next(hakem).index()], 10);
    assert!(r.stock().is_empty());
    for s in two().all() {
        assert_eq!(r.hand(s).len(), 13, "each holds thirteen");
    }
    assert_eq!(r.discards(hakem).len() + r.discards(two().next(hakem)).len(), 26);
    assert_eq!(r.phase(), Phase::TrickPlay);
    assert_eq!(r.to_act(), Some(hakem), "R2-PLAY: the hâkem leads");
}

#[test]
fn r2_play_a_trick_is_two_cards() {
    let mut r = drawn(0, 2);
    let leader = r.caller();
    for i in 0..2 {
        let who = r.to_act().unwrap();
        assert_eq!(who, two().after(leader, i));
        let card = r.legal_cards(who).iter().next().unwrap();
        let events = r.apply(who, Intent::Play { card }).unwrap();
        assert_eq!(events.iter().any(|e| matches!(e, Event::TrickWon { .. })), i == 1);
    }
    assert_eq!(r.tricks()[0].size(), 2);
    let (winner, _) = r.tricks()[0].winner().unwrap();
    assert_eq!(r.to_act(), Some(winner));
}

#[test]
fn r2_draw_neither_the_discards_nor_the_offer_reach_the_other_player() {
    let rules = Preset::HokmTwo.rules();
    let (_, record, _) = random_match(&rules, 4);
    // replay the first hand to the middle of the draw and look from both chairs
    let mut m2 = record.start().unwrap();
    m2.advance();
    let mut moves = record.moves.iter();
    while m2.phase() != Phase::Draw || m2.round().stock().len() > 20 {
        let mv = moves.next().unwrap();
        m2.apply(mv.seat, mv.intent).unwrap();
        m2.advance();
    }
    let round = m2.round();
    let drawer = round.to_act().unwrap();
    let waiting = two().next(drawer);
    let offer = round.offer().unwrap();
    let view = m2.view(waiting);
    assert_eq!(view.offer, None);
    assert_eq!(view.discards, round.discards(waiting));
    assert_eq!(
        view.discarded[drawer.index()],
        round.discards(drawer).count(),
        "the count is public"
    );
    assert_eq!(usize::from(view.stock), round.stock().len());
    assert_eq!(m2.view(drawer).offer, Some(offer));
    let text = serde_json::to_string(&view).unwrap();
    let hidden: CardSet =
        round.stock().iter().copied().collect::<CardSet>() | round.discards(drawer) | round.hand(drawer);
    for card in hidden.iter() {
        assert!(
            !text.contains(&format!("\"{card}\"")),
            "{card} in the other's view: {text}"
        );
    }
    let watcher = serde_json::to_string(&m2.view(drawer).for_spectator()).unwrap();
    for card in (hidden | round.discards(waiting) | round.hand(waiting)).iter() {
        assert!(
            !watcher.contains(&format!("\"{card}\"")),
            "{card} seen from the rail"
        );
    }
    // the end of the hand shows the cards still held, never the discards
    let discards = round.discards(drawer) | round.discards(waiting);
    let mut shown = None;
    while shown.is_none() {
        let mv = moves.next().unwrap();
        for e in m2.apply(mv.seat, mv.intent).unwrap() {
            if let Event::HandsShown { hands } = e {
                shown = Some(hands);
            }
        }
        m2.advance();
    }
    let shown = shown.unwrap().iter().fold(CardSet::EMPTY, |a, h| a | *h);
    assert!((shown & discards).is_empty());
}

#[test]
fn r2_score_first_to_seven_tricks_and_courts_of_two_or_three() {
    let rules = Preset::HokmTwo.rules();
    for seed in 0..20 {
        let (_, _, events) = random_match(&rules, seed);
        for e in &events {
            if let Event::HandOver { result } = e {
                let lead = result.tricks[result.winner.index()];
                let behind = result.tricks[1 - result.winner.index()];
                assert_eq!(lead, 7, "the hand stops at seven tricks: {result:?}");
                assert!(behind < 7);
                assert_eq!(result.kind == HandKind::Court, behind == 0);
                assert_eq!(result.tricks[2..], [0, 0]);
            }
        }
    }
    let result = |winner: u8, kind| HandResult {
        winner: Side::from_index(usize::from(winner)).unwrap(),
        kind,
        tricks: [7, 0, 0, 0],
        tens: [0; 4],
        dealer: seat(1),
        caller: seat(0),
    };
    assert_eq!(hand_points(&result(0, HandKind::Plain), &rules), [1, 0, 0, 0]);
    assert_eq!(hand_points(&result(0, HandKind::Court), &rules), [2, 0, 0, 0]);
    assert_eq!(hand_points(&result(1, HandKind::Court), &rules), [0, 3, 0, 0]);
    assert_eq!(
        next_dealer(&result(0, HandKind::Plain), &rules),
        (seat(1), seat(0)),
        "the hâkem keeps it"
    );
    assert_eq!(
        next_dealer(&result(1, HandKind::Plain), &rules),
        (seat(0), seat(1)),
        "the other takes it"
    );
}

#[test]
fn hokm_for_two_plays_to_seven_points_and_replays() {
    for seed in 0..20 {
        let (m, record, _) = random_match(&Preset::HokmTwo.rules(), seed);
        let summary = m.summary();
        assert_eq!((summary.players, summary.score.len()), (2, 2));
        assert!(*summary.score.iter().max().unwrap() >= 7, "{summary:?}");
        let again = record.replay().unwrap();
        assert_eq!(again.summary(), summary);
        let text = serde_json::to_string(&record).unwrap();
        assert!(text.contains("\"keep\"") || text.contains("\"decline\""));
        assert!(text.contains("\"discard\""));
    }
}
