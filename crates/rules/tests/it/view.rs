//! `SeatView`: what each seat may know.

use courtpiece_rules::{CallView, Intent, Match, Phase, Preset, Seat};

use crate::support::seat;

fn to_call(preset: Preset, seed: u64) -> Match {
    let mut m = Match::new(&preset.rules(), seed).unwrap();
    let caller = m.round().caller();
    m.apply(caller, Intent::Cut { at: 17 }).unwrap();
    m.advance();
    m
}

#[test]
fn before_the_call_only_the_caller_sees_its_five() {
    let m = to_call(Preset::CourtPiece, 1);
    let caller = m.round().caller();
    for s in Seat::ALL {
        let v = m.view(s);
        assert_eq!(v.phase, Phase::TrumpCall);
        assert_eq!(v.counts, [5; 4]);
        if s == caller {
            assert_eq!((v.hand.len(), v.unseen_own), (5, 0));
            assert!(!v.legal.is_empty());
        } else {
            assert_eq!(
                (v.hand.len(), v.unseen_own),
                (0, 5),
                "R-CALL: {s} may not look yet"
            );
            assert!(v.legal.is_empty());
        }
        assert_eq!(v.others_cards().len(), 0);
    }
}

#[test]
fn the_hidden_indicator_is_the_callers_secret() {
    let mut m = to_call(Preset::HiddenRang, 2);
    let caller = m.round().caller();
    let card = m.round().hand(caller).highest().unwrap();
    m.apply(caller, Intent::Hide { card }).unwrap();
    m.advance();
    for s in Seat::ALL {
        let v = m.view(s);
        assert_eq!(v.call, Some(CallView::FaceDown));
        assert_eq!(v.trumps, None);
        assert!(!v.others_cards().contains(card));
        if s == caller {
            assert_eq!((v.own_indicator, v.known_trumps), (Some(card), Some(card.suit())));
            assert_eq!(v.counts[caller.index()], 12);
        } else {
            assert_eq!((v.own_indicator, v.known_trumps), (None, None));
            assert!(!v.hand.contains(card));
        }
    }
}

#[test]
fn a_shown_trump_is_public() {
    let mut rules = Preset::CourtPiece.rules();
    rules.call = courtpiece_rules::Call::Show;
    let mut m = Match::new(&rules, 3).unwrap();
    let caller = m.round().caller();
    m.apply(caller, Intent::Cut { at: 30 }).unwrap();
    m.advance();
    let card = m.round().hand(caller).lowest().unwrap();
    m.apply(caller, Intent::Show { card }).unwrap();
    m.advance();
    for s in Seat::ALL {
        let v = m.view(s);
        assert_eq!(v.trumps, Some(card.suit()));
        assert!(v.exposed[caller.index()].contains(card));
    }
    assert_eq!(m.view(seat(0)).call, Some(CallView::Shown(card)));
}
