//! Intents the rules refuse come back with their reason and change nothing.

use std::time::{Duration, Instant};

use bevy::prelude::App;
use courtpiece_bots::Level;
use courtpiece_game::snapshot;
use courtpiece_net::{Access, ClientMessage, Refusal, SeatPlan, ToHost};
use courtpiece_rules::{CardSet, Intent, Phase, Preset, RuleError};

use crate::support::*;

const WRONG_TURN: &str = "not your turn";
const NOT_HELD: &str = "card not held";
const REVOKE: &str = "must follow suit";

/// Which of the provoked refusals a refusal is, by its kind on the wire.
fn kind(refusal: &Refusal) -> Option<&'static str> {
    match refusal {
        Refusal::Rule { error, .. } => match error {
            RuleError::NotYourTurn { .. } => Some(WRONG_TURN),
            RuleError::CardNotHeld { .. } => Some(NOT_HELD),
            RuleError::MustFollowSuit { .. } => Some(REVOKE),
            _ => None,
        },
        _ => None,
    }
}

fn send(app: &mut App, intent: Intent) {
    app.world_mut()
        .write_message(ToHost(ClientMessage::Intent(intent)));
}

fn host_moves(host: &App) -> u32 {
    // the intents the host has applied
    u32::try_from(snapshot(host.world()).unwrap().record.moves.len()).unwrap()
}

#[test]
fn wrong_turn_card_not_held_and_revoke_are_rejected_with_their_reason() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(8);
    rules.target = None;
    let access = Access::Open;
    let (mut host, addr) = host_app(config(
        rules,
        [
            SeatPlan::Open,
            SeatPlan::Bot(Level::Easy),
            SeatPlan::Open,
            SeatPlan::Bot(Level::Easy),
        ],
        access,
    ));
    // the tester breaks the rules on purpose, then plays properly; the partner, on another
    // connection, plays the first legal card, so that the table sometimes waits for them
    let mut tester = client_app(addr, access, "tester", None);
    let mut partner = client_app(addr, access, "partner", None);
    let mut partner_answered = None;
    let mut tried: Vec<&str> = Vec::new();
    let mut confirmed: Vec<&str> = Vec::new();
    // the refusal awaited: its reason, the moves when it was sent, the refusals seen before
    let mut pending: Option<(&str, u32, usize)> = None;
    let mut answered = None;
    let start = Instant::now();
    while !(match_over(&host) && session(&tester).summary.is_some()) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the match did not finish"
        );
        host.update();
        tester.update();
        partner.update();
        std::thread::sleep(Duration::from_micros(200));
        let p = session(&partner);
        // until the wrong-turn probe is done, the partner leaves its turns in trick play to it
        if let Some(view) = p.view.clone()
            && pending.is_none()
            && (tried.contains(&WRONG_TURN) || view.phase != Phase::TrickPlay)
            && view.to_act == p.seat
            && partner_answered != Some(p.moves)
            && !view.legal.is_empty()
        {
            partner_answered = Some(p.moves);
            send(&mut partner, view.legal[0]);
        }
        let s = session(&tester);
        if let Some((reason, moves, seen)) = pending {
            if let Some(got) = s.rejections.get(seen) {
                assert_eq!(kind(got), Some(reason), "expected {reason:?}, got {got:?}");
                let me = s.seat.expect("seated");
                let record = &snapshot(host.world()).unwrap().record;
                assert!(
                    record.moves[moves as usize..].iter().all(|m| m.seat != me),
                    "a refused intent changed nothing"
                );
                confirmed.push(reason);
                pending = None;
            }
            continue;
        }
        let (Some(view), Some(me)) = (s.view.clone(), s.seat) else {
            continue;
        };
        let (seen, moves) = (s.rejections.len(), s.moves);
        // a bot's turn may be played before the probe is read, so the probe waits for the
        // partner's turn: the table waits for people
        let partner_seat = session(&partner).seat;
        let provoke = if view.phase == Phase::TrickPlay && view.to_act.is_some_and(|s| s != me) {
            if view.to_act != partner_seat {
                continue;
            }
            if tried.contains(&WRONG_TURN) || host_moves(&host) != moves {
                continue;
            }
            // the partner holds back until the refusal is in, so the turn stays theirs
            let card = view.hand.iter().next().expect("cards in hand");
            Some((WRONG_TURN, card))
        } else if view.to_act != Some(me) || answered == Some(moves) || view.legal.is_empty() {
            continue;
        } else if view.phase != Phase::TrickPlay {
            None
        } else if !tried.contains(&NOT_HELD) {
            let played = view
                .tricks
                .iter()
                .fold(view.trick.cards(), |a, t| a.union(t.cards()));
            let card = (!view.hand)
                .without(played)
                .iter()
                .next()
                .expect("a card elsewhere");
            Some((NOT_HELD, card))
        } else {
            view.trick
                .led_suit()
                .filter(|&led| view.hand.has_suit(led) && !tried.contains(&REVOKE))
                .and_then(|led| view.hand.without(CardSet::suit_mask(led)).iter().next())
                .map(|card| (REVOKE, card))
        };
        if let Some((reason, card)) = provoke {
            tried.push(reason);
            pending = Some((reason, moves, seen));
            send(&mut tester, Intent::Play { card });
            continue;
        }
        answered = Some(moves);
        send(&mut tester, view.legal[0]);
    }
    confirmed.sort_unstable();
    assert_eq!(
        confirmed,
        [NOT_HELD, REVOKE, WRONG_TURN],
        "every refusal was provoked and seen"
    );
    let summary = snapshot(host.world()).unwrap().game.summary();
    assert_eq!(session(&tester).summary.as_ref(), Some(&summary));
}
