//! Hokm for three (§9, preset `hokm-3`): R3-DECK, R3-FIRST, R3-DEAL, R3-PLAY, R3-END, R3-TIE,
//! R3-KOT, R3-ROT. The ending itself is tested trick by trick in the crate (`ending.rs`).

use courtpiece_rules::score::hand_points;
use courtpiece_rules::{
    Card, CardSet, Event, FirstDealer, FirstDraw, HandKind, HandResult, Intent, Match, Phase, Preset, Rank,
    Round, Seat, Seats, Side, Suit, next_dealer,
};

use crate::support::{random_match, seat};

fn three() -> Seats {
    Seats::new(3).unwrap()
}

fn two_of_clubs() -> Card {
    Card::new(Suit::Clubs, Rank::TWO)
}

/// A hand of Hokm for three dealt by `dealer`, cut and first-dealt: the hâkem to call.
fn first_five(dealer: u8, seed: u64) -> Round {
    let rules = Preset::HokmThree.rules();
    let mut r = Round::new(&rules, seed, 0, 1, seat(dealer));
    r.apply(r.caller(), Intent::Cut { at: 20 }).unwrap();
    r.step();
    r
}

#[test]
fn r3_first_the_first_ace_dealt_face_up_makes_the_hakem() {
    for seed in 0..60 {
        let draw = FirstDraw::new(FirstDealer::HokmAce, three(), seed);
        let (last, card) = *draw.draws.last().unwrap();
        assert_eq!(card.rank(), Rank::ACE);
        for (i, (s, c)) in draw.draws.iter().enumerate() {
            assert_eq!(*s, Seat::ALL[i % 3], "dealt round the three seats in play order");
            assert!(i + 1 == draw.draws.len() || c.rank() != Rank::ACE);
        }
        assert_eq!(
            three().next(draw.dealer),
            last,
            "the dealer sits before the hâkem"
        );
        let m = Match::new(&Preset::HokmThree.rules(), seed).unwrap();
        assert_eq!(m.round().caller(), last);
    }
}

#[test]
fn r3_deck_and_r3_deal_five_then_four_four_four_from_the_hakem() {
    for dealer in 0..3 {
        let mut r = first_five(dealer, 7 + u64::from(dealer));
        let hakem = r.caller();
        assert_eq!(hakem, three().next(seat(dealer)));
        assert_eq!(r.phase(), Phase::TrumpCall);
        for s in three().all() {
            assert_eq!(r.hand(s).len(), 5);
            assert_eq!(
                r.sees_own_cards(s),
                s == hakem,
                "only the hâkem looks before the call"
            );
        }
        assert_eq!(r.hand(seat(3)), CardSet::EMPTY, "nobody sits in a fourth seat");
        r.apply(hakem, Intent::Call { suit: Suit::Hearts }).unwrap();
        let events = r.step();
        let batches: Vec<(Seat, u8)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Dealt { seat, count } => Some((*seat, *count)),
                _ => None,
            })
            .collect();
        let order = [0, 1, 2].map(|i| three().after(hakem, i));
        let expected: Vec<(Seat, u8)> = [4, 4, 4].iter().flat_map(|&n| order.map(|s| (s, n))).collect();
        assert_eq!(batches, expected, "three batches of four, each from the hâkem");
        let mut all = CardSet::EMPTY;
        for s in three().all() {
            assert_eq!(r.hand(s).len(), 17);
            all |= r.hand(s);
        }
        assert_eq!(all, CardSet::DECK - CardSet::single(two_of_clubs()));
        assert_eq!(r.to_act(), Some(hakem), "R3-PLAY: the hâkem leads");
    }
}

#[test]
fn r3_play_a_trick_is_three_cards_in_play_order() {
    let mut r = first_five(1, 3);
    r.apply(r.caller(), Intent::Call { suit: Suit::Spades }).unwrap();
    r.step();
    let leader = r.caller();
    for i in 0..3 {
        let who = r.to_act().unwrap();
        assert_eq!(who, three().after(leader, i));
        let card = r.legal_cards(who).iter().next().unwrap();
        let events = r.apply(who, Intent::Play { card }).unwrap();
        let won = events.iter().any(|e| matches!(e, Event::TrickWon { .. }));
        assert_eq!(won, i == 2, "the third card completes the trick");
    }
    let trick = r.tricks()[0];
    assert_eq!(trick.size(), 3);
    let (winner, _) = trick.winner().unwrap();
    assert_eq!(r.to_act(), Some(winner), "the winner leads next");
    assert_eq!(r.won().iter().map(|&n| u32::from(n)).sum::<u32>(), 1);
}

#[test]
fn r3_kot_and_r3_tie_score_as_hokm_for_each_seat() {
    let rules = Preset::HokmThree.rules();
    let result = |winner: u8, kind| HandResult {
        winner: Side::from_index(usize::from(winner)).unwrap(),
        kind,
        tricks: [7, 0, 0, 0],
        tens: [0; 4],
        dealer: seat(2),
        caller: seat(0),
    };
    assert_eq!(hand_points(&result(0, HandKind::Plain), &rules), [1, 0, 0, 0]);
    assert_eq!(
        hand_points(&result(0, HandKind::Court), &rules),
        [2, 0, 0, 0],
        "the hâkem's court"
    );
    assert_eq!(
        hand_points(&result(2, HandKind::Court), &rules),
        [0, 0, 3, 0],
        "a court against the hâkem"
    );
}

#[test]
fn r3_rot_the_hakem_keeps_the_role_while_winning() {
    let rules = Preset::HokmThree.rules();
    let hakem = seat(1);
    let result = |winner: u8| HandResult {
        winner: Side::from_index(usize::from(winner)).unwrap(),
        kind: HandKind::Plain,
        tricks: [0; 4],
        tens: [0; 4],
        dealer: seat(0),
        caller: hakem,
    };
    assert_eq!(next_dealer(&result(1), &rules), (seat(0), hakem));
    assert_eq!(next_dealer(&result(2), &rules), (seat(1), seat(2)));
    assert_eq!(
        next_dealer(&result(0), &rules),
        (seat(1), seat(2)),
        "the next seat, whoever won"
    );
    let at_the_end = HandResult {
        caller: seat(2),
        dealer: seat(1),
        ..result(0)
    };
    assert_eq!(
        next_dealer(&at_the_end, &rules),
        (seat(2), seat(0)),
        "round the three seats"
    );
}

#[test]
fn hokm_for_three_plays_to_seven_points_with_a_score_for_each_seat() {
    for seed in 0..20 {
        let (m, _, events) = random_match(&Preset::HokmThree.rules(), seed);
        let summary = m.summary();
        assert_eq!((summary.players, summary.score.len()), (3, 3));
        let best = *summary.score.iter().max().unwrap();
        assert!(best >= 7, "{summary:?}");
        let winner = summary.winner.unwrap();
        assert_eq!(summary.score[winner.index()], best);
        assert!(
            summary
                .to_text()
                .contains(&format!("seat {} wins", winner.index()))
        );
        for e in &events {
            if let Event::Played { seat, .. } | Event::TrickWon { seat, .. } = e {
                assert!(seat.index() < 3, "{e:?}");
            }
            if let Event::HandOver { result } = e {
                let tricks: u32 = result.tricks.iter().map(|&n| u32::from(n)).sum();
                assert!(tricks <= 17 && result.tricks[3] == 0);
            }
        }
    }
}
