//! The player's hand under the mouse and the keys: hovering lifts a card, a click or Enter plays
//! it, the arrow keys move along the cards that may be played (around the hand). Cards that may
//! not be played now are dimmed, and trying one says why. In Hokm for two a click picks the cards
//! to lay away (lifted until the decision box lays them down), and a click on the card looked at
//! in the draw keeps it. In Satat's passing after a court a click picks the cards to pass.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use courtpiece_net::{ClientMessage, Session, ToHost};
use courtpiece_rules::{Card, CardSet, Intent, RuleError};

use super::geometry::{CARD_H, CARD_W};
use super::layout::Spot;
use super::pacing::Shown;
use super::{CardOf, Hover, Target};

/// The cards the player may play (or pick) now, if it is their turn to.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playable {
    pub active: bool,
    pub cards: CardSet,
    /// How many cards of the hand the player lays away now (R2-DEAL); 0 when they play one.
    pub choose: u8,
    /// The card the player looks at in their draw turn, which a click keeps (R2-DRAW).
    pub offer: Option<Card>,
}

/// The cards the player picked to lay away, before they lay them down.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen(pub CardSet);

/// The player tried a card the rules refuse now: the HUD says why.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub card: Card,
    pub why: RuleError,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Playable>()
        .add_message::<Refused>()
        .add_systems(
            crate::desktop::cost::TableUpdate,
            (playable, hover_with_mouse, keys, click)
                .chain()
                .after(super::pacing::ShowNext)
                .before(super::Place),
        );
}

/// The player may act only on what they see: when the table has shown the latest update.
fn playable(
    session: Option<Res<Session>>,
    shown: Res<Shown>,
    mut playable: ResMut<Playable>,
    mut chosen: ResMut<Chosen>,
) {
    let mut now = Playable::default();
    let mut hand = CardSet::EMPTY;
    if let Some(session) = session
        && let Some(view) = &session.view
        && shown.caught_up()
        && session.seat.is_some()
    {
        // legal intents come only to the person who acts: for their seat, or the dummy they
        // drive, whose cards are then the hand to play from
        hand = view.acting().hand;
        for intent in &view.legal {
            match intent {
                Intent::Play { card } => {
                    now.active = true;
                    now.cards.insert(*card);
                }
                Intent::Discard { cards } => {
                    now.active = true;
                    now.cards = hand;
                    now.choose = u8::try_from(cards.len()).unwrap_or(u8::MAX);
                }
                // Satat's passing (RS-PASS): the cards of any legal gift may be picked
                Intent::Give { cards } => {
                    now.active = true;
                    now.cards |= *cards;
                    now.choose = u8::try_from(cards.len()).unwrap_or(u8::MAX);
                }
                Intent::Keep => now.offer = view.offer,
                _ => {}
            }
        }
    }
    // a pick lasts while the player is laying away and holds what they picked
    if now.choose == 0 || !chosen.0.without(hand).is_empty() {
        chosen.set_if_neq(Chosen::default());
    }
    playable.set_if_neq(now);
}

/// The player's own face-up cards, left to right, then those of the dummy they drive, then the
/// card they look at in a draw turn.
fn hand(cards: &Query<(&CardOf, &Target, &GlobalTransform)>, session: &Session) -> Vec<(CardOf, Transform)> {
    let Some(view) = session.view.as_ref().filter(|_| session.seat.is_some()) else {
        return Vec::new();
    };
    let mut hand: Vec<((bool, u8), CardOf, Transform)> = cards
        .iter()
        .filter_map(|(card, target, global)| match target.spot {
            Spot::Hand {
                seat,
                index,
                face_up: true,
                ..
            } if seat == view.seat || view.plays_too(seat) => {
                Some(((seat != view.seat, index), *card, global.compute_transform()))
            }
            Spot::Offer { .. } => Some(((true, u8::MAX), *card, global.compute_transform())),
            _ => None,
        })
        .collect();
    hand.sort_by_key(|(i, _, _)| *i);
    hand.into_iter().map(|(_, c, t)| (c, t)).collect()
}

fn hover_with_mouse(
    window: Option<Single<&Window>>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    cards: Query<(&CardOf, &Target, &GlobalTransform)>,
    session: Option<Res<Session>>,
    mut contexts: EguiContexts,
    mut hover: ResMut<Hover>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    let (Some(window), Some(camera), Some(session)) = (window, camera, session) else {
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    // the keys own the choice until the mouse moves
    if *last_cursor == Some(cursor) {
        return;
    }
    *last_cursor = Some(cursor);
    if contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_pointer_input()) {
        return;
    }
    let (camera, eye) = *camera;
    let Ok(ray) = camera.viewport_to_world(eye, cursor) else {
        return;
    };
    // the topmost card under the pointer: later cards of the fan lie over earlier ones
    let under = hand(&cards, &session).into_iter().rev().find(|(_, t)| {
        let normal = t.rotation * Vec3::Y;
        let Some(distance) = ray.intersect_plane(t.translation, InfinitePlane3d::new(normal)) else {
            return false;
        };
        let local = t.rotation.inverse() * (ray.get_point(distance) - t.translation);
        local.x.abs() <= CARD_W / 2.0 && local.z.abs() <= CARD_H / 2.0
    });
    hover.set_if_neq(Hover(under.map(|(c, _)| c.0)));
}

/// What trying a card may change: the picks, an intent to the host, a refusal to show.
#[derive(SystemParam)]
struct Try<'w> {
    chosen: ResMut<'w, Chosen>,
    out: MessageWriter<'w, ToHost>,
    refused: MessageWriter<'w, Refused>,
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    cards: Query<(&CardOf, &Target, &GlobalTransform)>,
    session: Option<Res<Session>>,
    playable: Res<Playable>,
    mut hover: ResMut<Hover>,
    mut act: Try,
) {
    let Some(session) = session else { return };
    let hand: Vec<Card> = hand(&cards, &session).into_iter().map(|(c, _)| c.0).collect();
    if input.just_pressed(KeyCode::ArrowRight) {
        hover.0 = step(&hand, hover.0, &playable, true);
    } else if input.just_pressed(KeyCode::ArrowLeft) {
        hover.0 = step(&hand, hover.0, &playable, false);
    } else if input.just_pressed(KeyCode::Enter) || input.just_pressed(KeyCode::Space) {
        try_card(hover.0, &session, &playable, &mut act);
    }
}

/// The next card along the hand that may be played (any card when none may), around the ends.
fn step(hand: &[Card], from: Option<Card>, playable: &Playable, right: bool) -> Option<Card> {
    let n = hand.len();
    let at = from.and_then(|c| hand.iter().position(|h| *h == c));
    let candidate = |k: usize| !playable.active || playable.cards.contains(hand[k]);
    (1..=n)
        .map(|d| match (at, right) {
            (Some(i), true) => (i + d) % n,
            (Some(i), false) => (i + n - d % n) % n,
            (None, true) => d - 1,
            (None, false) => n - d,
        })
        .find(|&k| candidate(k))
        .map(|k| hand[k])
}

/// Plays the card under the mouse or the keys (or picks it, or keeps it), or says why it may
/// not be played.
fn try_card(card: Option<Card>, session: &Session, playable: &Playable, act: &mut Try) {
    let Some(card) = card else { return };
    if playable.offer == Some(card) {
        act.out.write(ToHost(ClientMessage::Intent(Intent::Keep)));
        return;
    }
    if !playable.active {
        return;
    }
    if playable.choose > 0 {
        pick(&mut act.chosen, card, playable);
    } else if playable.cards.contains(card) {
        act.out
            .write(ToHost(ClientMessage::Intent(Intent::Play { card })));
    } else if let Some(why) = session.view.as_ref().and_then(|v| v.why_not_play(card)) {
        act.refused.write(Refused { card, why });
    }
}

fn click(
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    playable: Res<Playable>,
    session: Option<Res<Session>>,
    mut contexts: EguiContexts,
    mut act: Try,
) {
    if !mouse.just_pressed(MouseButton::Left)
        || contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_pointer_input())
    {
        return;
    }
    if let Some(session) = session {
        try_card(hover.0, &session, &playable, &mut act);
    }
}

/// Picks a card of the hand to lay away, or puts it back. Once as many are picked as the rules
/// ask for, no other is taken until one is put back.
fn pick(chosen: &mut Chosen, card: Card, playable: &Playable) {
    if !playable.cards.contains(card) {
        return;
    }
    if chosen.0.contains(card) {
        chosen.0.remove(card);
    } else if chosen.0.len() < u32::from(playable.choose) {
        chosen.0.insert(card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_arrows_skip_cards_that_may_not_be_played_and_go_around() {
        let hand = cards("AS KS 9H 5H 2C");
        let playable = Playable {
            active: true,
            cards: cards("KS 5H").into_iter().collect(),
            ..Playable::default()
        };
        let right = |from: &str| step(&hand, from.parse().ok(), &playable, true).map(|c| c.to_string());
        let left = |from: &str| step(&hand, from.parse().ok(), &playable, false).map(|c| c.to_string());
        assert_eq!(right("KS").as_deref(), Some("5H"));
        assert_eq!(right("5H").as_deref(), Some("KS"), "around the end");
        assert_eq!(left("KS").as_deref(), Some("5H"), "around the start");
        assert_eq!(
            right("").as_deref(),
            Some("KS"),
            "from nothing, the first playable"
        );
        assert_eq!(left("").as_deref(), Some("5H"));
        let waiting = Playable::default();
        assert_eq!(
            step(&hand, Some(hand[4]), &waiting, true),
            Some(hand[0]),
            "every card while it is not your turn"
        );
        assert_eq!(step(&[], None, &playable, true), None);
    }

    #[test]
    fn picks_to_lay_away_toggle_and_stop_at_the_count() {
        let hand = cards("AS KS 9H 5H 2C");
        let playable = Playable {
            active: true,
            cards: hand.iter().copied().collect(),
            choose: 2,
            offer: None,
        };
        let mut chosen = Chosen::default();
        for card in [hand[0], hand[1], hand[2]] {
            pick(&mut chosen, card, &playable);
        }
        assert_eq!(chosen.0, [hand[0], hand[1]].into_iter().collect(), "two at most");
        pick(&mut chosen, hand[0], &playable);
        pick(&mut chosen, hand[4], &playable);
        assert_eq!(
            chosen.0,
            [hand[1], hand[4]].into_iter().collect(),
            "put back, then another"
        );
        pick(&mut chosen, "QD".parse().unwrap(), &playable);
        assert_eq!(chosen.0.len(), 2, "a card not held is never picked");
    }
}
