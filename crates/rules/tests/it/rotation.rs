//! §7 Who deals next, and the first dealer.

use courtpiece_rules::{
    Card, FirstDealer, FirstDraw, HandKind, HandResult, Intent, Match, Preset, Rank, RuleSet, Seat, Seats,
    Side, Suit, next_dealer,
};

use crate::support::{play, ready, seat};
use crate::trick_play::HANDS_A;
use crate::winning::{COURT_A, PLAIN_A, SUITS_EACH, finish};

const HEARTS: Intent = Intent::Call { suit: Suit::Hearts };

fn result(dealer: u8, winner: u8, kind: HandKind) -> HandResult {
    HandResult {
        winner: Side::new(winner).unwrap(),
        kind,
        tricks: [7, 0, 0, 0],
        tens: [0; 4],
        dealer: seat(dealer),
        caller: seat(dealer).next(),
    }
}

#[test]
fn r_rot_calling_team_wins_without_a_court_the_same_dealer_deals() {
    let rules = Preset::CourtPiece.rules();
    let mut r = ready(&rules, 0, HANDS_A, HEARTS);
    play(&mut r, PLAIN_A);
    assert_eq!(next_dealer(r.result().unwrap(), &rules), (seat(0), seat(1)));
}

#[test]
fn r_rot_court_by_the_calling_team_the_dealers_partner_deals() {
    let rules = Preset::CourtPiece.rules();
    let mut r = ready(&rules, 0, HANDS_A, HEARTS);
    play(&mut r, COURT_A);
    r.apply(seat(1), Intent::Stop).unwrap();
    // so the caller's partner calls
    assert_eq!(next_dealer(r.result().unwrap(), &rules), (seat(2), seat(3)));
}

#[test]
fn r_rot_court_by_the_dealing_team_the_deal_passes_on() {
    let rules = Preset::CourtPiece.rules();
    let mut r = ready(&rules, 0, SUITS_EACH, Intent::Call { suit: Suit::Spades });
    finish(&mut r);
    r.apply(seat(0), Intent::Stop).unwrap();
    let res = r.result().unwrap();
    assert_eq!((res.winner, res.kind), (Side::new(0).unwrap(), HandKind::Court));
    // the last trump-caller deals and the other team calls
    assert_eq!(next_dealer(res, &rules), (seat(1), seat(2)));
}

#[test]
fn r_rot_dealing_team_wins_plain_the_deal_passes_on() {
    let rules = Preset::CourtPiece.rules();
    assert_eq!(
        next_dealer(&result(3, 1, HandKind::Plain), &rules),
        (seat(0), seat(1))
    );
    // a failed play-on kept as a court by the calling team moves the deal to the partner
    assert_eq!(
        next_dealer(&result(3, 0, HandKind::FailedPlayOn), &rules),
        (seat(1), seat(2))
    );
    let simple = RuleSet {
        failed_52: courtpiece_rules::Failed52::Simple,
        ..rules
    };
    assert_eq!(
        next_dealer(&result(3, 0, HandKind::FailedPlayOn), &simple),
        (seat(3), seat(0))
    );
}

#[test]
fn r_rot_hokm_the_hakem_keeps_the_role_while_the_team_wins() {
    let rules = Preset::Hokm.rules();
    // hâkem is seat 1 (dealer 0): their team wins, with or without a court: same hâkem
    assert_eq!(
        next_dealer(&result(0, 1, HandKind::Plain), &rules),
        (seat(0), seat(1))
    );
    assert_eq!(
        next_dealer(&result(0, 1, HandKind::Court), &rules),
        (seat(0), seat(1))
    );
    // the other team wins: the next seat is hâkem, and the dealer is the seat before it
    assert_eq!(
        next_dealer(&result(0, 0, HandKind::Plain), &rules),
        (seat(1), seat(2))
    );
    assert_eq!(
        next_dealer(&result(3, 1, HandKind::Court), &rules),
        (seat(0), seat(1))
    );
}

#[test]
fn r_first_random_every_seat_can_deal_first() {
    let mut seen = [0; 4];
    for seed in 0..200 {
        let draw = FirstDraw::new(FirstDealer::Random, Seats::FOUR, seed);
        assert!(draw.draws.is_empty());
        seen[draw.dealer.index()] += 1;
        assert_eq!(
            Match::new(&Preset::CourtPiece.rules(), seed)
                .unwrap()
                .round()
                .dealer(),
            draw.dealer
        );
    }
    assert!(seen.iter().all(|&n| n > 25), "{seen:?}");
}

#[test]
fn r_first_draw_low_the_lowest_card_deals() {
    for seed in 0..100 {
        let draw = FirstDraw::new(FirstDealer::DrawLow, Seats::FOUR, seed);
        assert!(draw.draws.len() >= 4);
        // the last round of draws is among tied seats only; the dealer drew the lowest of it
        let first: Vec<(Seat, Card)> = draw.draws[..4].to_vec();
        let low = first.iter().map(|(_, c)| c.rank()).min().unwrap();
        let lowest: Vec<Seat> = first
            .iter()
            .filter(|(_, c)| c.rank() == low)
            .map(|(s, _)| *s)
            .collect();
        assert!(lowest.contains(&draw.dealer));
        if lowest.len() == 1 {
            assert_eq!(draw.draws.len(), 4);
        }
    }
}

#[test]
fn r_first_hokm_ace_the_first_ace_makes_the_hakem() {
    for seed in 0..100 {
        let draw = FirstDraw::new(FirstDealer::HokmAce, Seats::FOUR, seed);
        let (who, last) = *draw.draws.last().unwrap();
        assert_eq!(last.rank(), Rank::ACE);
        assert!(
            draw.draws[..draw.draws.len() - 1]
                .iter()
                .all(|(_, c)| c.rank() != Rank::ACE)
        );
        assert_eq!(draw.dealer.next(), who, "the dealer is the seat before the hâkem");
        for (i, (s, _)) in draw.draws.iter().enumerate() {
            assert_eq!(s.index(), i % 4, "dealt face up in seat order");
        }
    }
}

#[test]
fn r_first_ekka_the_chosen_ace_makes_the_caller() {
    for seed in 0..50 {
        let draw = FirstDraw::new(FirstDealer::Ekka(Suit::Hearts), Seats::FOUR, seed);
        let (who, last) = *draw.draws.last().unwrap();
        assert_eq!(last, Card::new(Suit::Hearts, Rank::ACE));
        assert_eq!(draw.dealer.next(), who);
        let rules = RuleSet {
            first: FirstDealer::Ekka(Suit::Hearts),
            ..Preset::CourtPiece.rules()
        };
        assert_eq!(Match::new(&rules, seed).unwrap().round().caller(), who);
    }
}

/// R-RULE-C7ROT
#[test]
fn r_rule_c7rot_the_court_of_seven_plain_wins_does_not_move_the_deal() {
    let rules = Preset::CourtPiece.rules();
    let mut score = courtpiece_rules::MatchScore::default();
    // the calling team (caller 1, dealer 0) wins seven plain hands in a row
    let plain = result(0, 1, HandKind::Plain);
    for _ in 0..6 {
        assert_eq!(score.add(&plain, &rules), [0, 0, 0, 0]);
    }
    assert_eq!(
        score.add(&plain, &rules),
        [0, 1, 0, 0],
        "the seventh plain win scores a court (R-C7)"
    );
    // R-ROT looks at the hand, a plain win by the calling team: the same dealer deals again
    assert_eq!(next_dealer(&plain, &rules), (seat(0), seat(1)));
    let court = result(0, 1, HandKind::Court);
    assert_eq!(
        next_dealer(&court, &rules).0,
        seat(2),
        "a court in the hand itself would move it"
    );
}
