//! The player's hand under the mouse and the keys: hovering lifts a card, a click or Enter plays
//! it, the arrow keys move along the hand. Cards that may not be played now are dimmed.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use courtpiece_net::{ClientMessage, Session, ToHost};
use courtpiece_rules::{CardSet, Intent};

use super::layout::{CARD_H, CARD_W, Spot};
use super::pacing::Shown;
use super::{CardOf, Hover, Target};

/// The cards the player may play now, if it is their turn to play a card.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playable {
    pub active: bool,
    pub cards: CardSet,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Playable>().add_systems(
        crate::desktop::cost::TableUpdate,
        (playable, hover_with_mouse, keys, click)
            .chain()
            .after(super::pacing::ShowNext)
            .before(super::Place),
    );
}

/// The player may act only on what they see: when the table has shown the latest update.
fn playable(session: Option<Res<Session>>, shown: Res<Shown>, mut playable: ResMut<Playable>) {
    let mut now = Playable::default();
    if let Some(session) = session
        && let Some(view) = &session.view
        && shown.caught_up()
        && session.seat == Some(view.seat)
        && view.to_act == Some(view.seat)
    {
        for intent in &view.legal {
            if let Intent::Play { card } = intent {
                now.active = true;
                now.cards.insert(*card);
            }
        }
    }
    playable.set_if_neq(now);
}

/// The player's own face-up cards, left to right.
fn hand(cards: &Query<(&CardOf, &Target, &GlobalTransform)>, session: &Session) -> Vec<(CardOf, Transform)> {
    let mut hand: Vec<(u8, CardOf, Transform)> = cards
        .iter()
        .filter_map(|(card, target, global)| match target.spot {
            Spot::Hand {
                seat,
                index,
                face_up: true,
                ..
            } if Some(seat) == session.seat => Some((index, *card, global.compute_transform())),
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

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    cards: Query<(&CardOf, &Target, &GlobalTransform)>,
    session: Option<Res<Session>>,
    playable: Res<Playable>,
    mut hover: ResMut<Hover>,
    mut out: MessageWriter<ToHost>,
) {
    let Some(session) = session else { return };
    let hand = hand(&cards, &session);
    if hand.is_empty() {
        return;
    }
    let at = hover.0.and_then(|c| hand.iter().position(|(h, _)| h.0 == c));
    let last = hand.len() - 1;
    let step = |right: bool| {
        let next = match at {
            None if right => 0,
            None => last,
            Some(i) if right => (i + 1).min(last),
            Some(i) => i.saturating_sub(1),
        };
        Some(hand[next].0.0)
    };
    if input.just_pressed(KeyCode::ArrowRight) {
        hover.0 = step(true);
    } else if input.just_pressed(KeyCode::ArrowLeft) {
        hover.0 = step(false);
    } else if (input.just_pressed(KeyCode::Enter) || input.just_pressed(KeyCode::Space))
        && let Some(card) = hover.0
        && playable.active
        && playable.cards.contains(card)
    {
        out.write(ToHost(ClientMessage::Intent(Intent::Play { card })));
    }
}

fn click(
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    playable: Res<Playable>,
    mut contexts: EguiContexts,
    mut out: MessageWriter<ToHost>,
) {
    if !mouse.just_pressed(MouseButton::Left)
        || contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_pointer_input())
    {
        return;
    }
    if let Some(card) = hover.0
        && playable.active
        && playable.cards.contains(card)
    {
        out.write(ToHost(ClientMessage::Intent(Intent::Play { card })));
    }
}
