//! §3 Trick play: lead, follow, win, revoke, no table talk.

use courtpiece_rules::{
    CardSet, Event, HandKind, Intent, NotInRules, Preset, Revoke, RuleError, RuleSet, Side, Suit,
};

use crate::support::{card, play, ready, seat};

/// Dealer 0, caller 1. Seat 1 holds the seven top hearts and low clubs; seat 2 the top clubs.
pub const HANDS_A: [&str; 4] = [
    "7H 6H AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
    "AH KH QH JH TH 9H 8H 2C 3C 4C 5C 6C 7C",
    "5H 4H AC KC QC JC TC 9C 8C 3S 2S AD KD",
    "3H 2H QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
];

const HEARTS: Intent = Intent::Call { suit: Suit::Hearts };

#[test]
fn r_lead1_the_caller_leads_the_first_trick() {
    let r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    assert_eq!(r.to_act(), Some(seat(1)));
    assert_eq!(r.trick().leader, seat(1));
}

#[test]
fn r_leadany_trumps_may_be_led_at_once() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    assert_eq!(r.legal_cards(seat(1)), r.hand(seat(1)));
    play(&mut r, "AH");
    assert_eq!(r.trick().led_suit(), Some(Suit::Hearts));
}

#[test]
fn r_follow_suit_if_you_can_else_any_card() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    play(&mut r, "2C");
    let before = r.clone();
    assert_eq!(
        r.apply(seat(2), Intent::Play { card: card("AD") }),
        Err(RuleError::MustFollowSuit { suit: Suit::Clubs })
    );
    assert_eq!(r, before, "a refused intent changes nothing");
    assert_eq!(r.legal_cards(seat(2)), r.hand(seat(2)).of_suit(Suit::Clubs));
    play(&mut r, "8C");
    // seat 3 has no club: every card is legal
    assert_eq!(r.legal_cards(seat(3)), r.hand(seat(3)));
}

#[test]
fn r_win_highest_trump_then_highest_of_suit_led() {
    let rules = Preset::CourtPiece.rules();
    let mut r = ready(&rules, 0, HANDS_A, HEARTS);
    let events = play(&mut r, "2C 8C 2H 7H");
    assert!(events.contains(&Event::TrickWon {
        seat: seat(0),
        card: card("7H"),
        number: 1
    }));
    // no trump: the highest club wins, the high spade of a third suit does not
    let mut r = ready(&rules, 0, HANDS_A, HEARTS);
    let events = play(&mut r, "3C 9C 2D AS");
    assert!(events.contains(&Event::TrickWon {
        seat: seat(2),
        card: card("9C"),
        number: 1
    }));
    assert_eq!(r.to_act(), Some(seat(2)), "the winner leads next (R-LEAD1)");
}

#[test]
fn r_revoke_prevent_refuses_wrong_cards_and_foreign_cards() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    assert_eq!(
        r.apply(seat(1), Intent::Play { card: card("AS") }),
        Err(RuleError::CardNotHeld { card: card("AS") })
    );
    assert_eq!(
        r.apply(seat(2), Intent::Play { card: card("AC") }),
        Err(RuleError::NotYourTurn {
            expected: seat(1),
            got: seat(2)
        })
    );
    assert!(matches!(
        r.apply(
            seat(1),
            Intent::Claim {
                seat: seat(2),
                trick: 1
            }
        ),
        Err(RuleError::NotInRules(NotInRules::RevokeClaims))
    ));
}

fn penalty() -> RuleSet {
    RuleSet {
        revoke: Revoke::Penalty,
        ..Preset::CourtPiece.rules()
    }
}

#[test]
fn r_revoke_penalty_correction_before_the_trick_is_complete() {
    let mut r = ready(&penalty(), 0, HANDS_A, HEARTS);
    // seat 2 holds clubs but throws a diamond: accepted under V-REVOKE=penalty
    play(&mut r, "2C AD 2D");
    assert!(
        r.legal_intents(seat(2))
            .contains(&Intent::Correct { card: card("8C") })
    );
    assert_eq!(
        r.apply(seat(2), Intent::Correct { card: card("KD") }),
        Err(RuleError::MustFollowSuit { suit: Suit::Clubs })
    );
    let events = r.apply(seat(2), Intent::Correct { card: card("8C") }).unwrap();
    let returned: CardSet = [card("AD"), card("2D")].into_iter().collect();
    assert_eq!(
        events[0],
        Event::Corrected {
            seat: seat(2),
            returned
        }
    );
    assert!(
        r.hand(seat(3)).contains(card("2D")),
        "later players take their cards back"
    );
    assert_eq!(r.to_act(), Some(seat(3)));
    play(&mut r, "3D 4S");
    assert!(r.revokes().is_empty());
}

#[test]
fn r_revoke_penalty_correct_claim_ends_the_hand_with_a_court() {
    let mut r = ready(&penalty(), 0, HANDS_A, HEARTS);
    play(&mut r, "2C AD 2D 4S");
    assert_eq!(r.revokes(), &[(1, seat(2))]);
    // not yet provable from what the table has seen: no claim offered
    assert!(
        !r.legal_intents(seat(1))
            .iter()
            .any(|i| matches!(i, Intent::Claim { .. }))
    );
    play(&mut r, "3C 8C");
    let claim = Intent::Claim {
        seat: seat(2),
        trick: 1,
    };
    assert!(
        r.legal_intents(seat(3)).contains(&claim),
        "seat 2 has now shown a club"
    );
    let events = r.apply(seat(3), claim).unwrap();
    assert!(events.contains(&Event::RevokeClaimed {
        by: seat(3),
        accused: seat(2),
        trick: 1,
        upheld: true
    }));
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind),
        (Side::new(1).unwrap(), HandKind::Revoke)
    );
    assert!(result.is_court(&penalty()));
}

#[test]
fn r_revoke_penalty_wrong_claim_costs_the_claimants_the_hand() {
    let mut r = ready(&penalty(), 0, HANDS_A, HEARTS);
    play(&mut r, "2C 8C 2D 4S");
    assert_eq!(
        r.apply(
            seat(3),
            Intent::Claim {
                seat: seat(2),
                trick: 2
            }
        ),
        Err(RuleError::NoSuchTrick { trick: 2 })
    );
    r.apply(
        seat(3),
        Intent::Claim {
            seat: seat(2),
            trick: 1,
        },
    )
    .unwrap();
    let result = r.result().unwrap();
    assert_eq!(
        (result.winner, result.kind),
        (Side::new(0).unwrap(), HandKind::FalseClaim)
    );
    assert!(!result.is_court(&penalty()));
}

/// R-NOTALK
#[test]
fn r_notalk_only_the_seat_to_act_has_anything_to_say() {
    let mut r = ready(&Preset::CourtPiece.rules(), 0, HANDS_A, HEARTS);
    for _ in 0..6 {
        let who = r.to_act().unwrap();
        for other in courtpiece_rules::Seat::ALL.into_iter().filter(|s| *s != who) {
            assert!(r.legal_intents(other).is_empty(), "{other} could signal");
        }
        let c = r.legal_cards(who).lowest().unwrap();
        r.apply(who, Intent::Play { card: c }).unwrap();
    }
}

/// R-RULE-REVOKE
#[test]
fn r_rule_revoke_a_claim_in_a_later_trick_and_what_it_scores_under_each_scoring() {
    use courtpiece_rules::score::hand_points;
    use courtpiece_rules::{HandResult, Scoring};
    let mut r = ready(&penalty(), 0, HANDS_A, HEARTS);
    play(&mut r, "2C AD 2D 4S  3C 8C");
    assert_eq!(r.trick().len(), 2, "the claim is made during a later trick");
    let claim = Intent::Claim {
        seat: seat(2),
        trick: 1,
    };
    r.apply(seat(3), claim).expect("a provable revoke");
    let right = *r.result().expect("the claim ends the hand");
    assert_eq!(
        (right.winner, right.kind),
        (Side::new(1).unwrap(), HandKind::Revoke)
    );
    let wrong = HandResult {
        winner: Side::new(0).unwrap(),
        kind: HandKind::FalseClaim,
        ..right
    };
    let under = |scoring: Scoring| RuleSet { scoring, ..penalty() };
    // the caller is seat 1: team 1 is the calling team
    assert_eq!(hand_points(&right, &under(Scoring::Courts)), [0, 1, 0, 0]);
    assert_eq!(hand_points(&right, &under(Scoring::Hokm)), [0, 2, 0, 0]);
    let against_callers = HandResult {
        winner: Side::new(0).unwrap(),
        ..right
    };
    assert_eq!(hand_points(&against_callers, &under(Scoring::Hokm)), [3, 0, 0, 0]);
    assert_eq!(hand_points(&right, &under(Scoring::Troefcall)), [0, 5, 0, 0]);
    // a wrong claim is a plain win for the other team under each scoring
    assert_eq!(hand_points(&wrong, &under(Scoring::Courts)), [0, 0, 0, 0]);
    assert_eq!(hand_points(&wrong, &under(Scoring::Hokm)), [1, 0, 0, 0]);
    assert_eq!(hand_points(&wrong, &under(Scoring::Troefcall)), [2, 0, 0, 0]);
}
