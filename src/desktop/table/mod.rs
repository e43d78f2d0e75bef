//! The table: 52 card entities placed from the view being shown and gliding there, and (with a
//! renderer) the felt, the lights, the card faces and the player's hand under the mouse.

use bevy::prelude::*;
use courtpiece_net::Session;
use courtpiece_rules::{Card, CardSet, Event, Mode, Phase, Seat};

use crate::desktop::cost::{FrameCost, TableUpdate};
use crate::desktop::screen::Screen;

pub mod flourish;
pub mod geometry;
pub mod input;
pub mod layout;
pub mod looks;
pub mod pacing;
pub mod scene;
pub mod shine;

use flourish::Nudge;
use layout::{Anonymous, Context, Spot};
use pacing::{Shown, Speed};

/// A card of the deck on the table.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardOf(pub Card);

/// Where the card is going, and the place it stands for.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub transform: Transform,
    pub spot: Spot,
}

/// The card of the player's hand under the mouse or picked with the arrow keys.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hover(pub Option<Card>);

/// Where the cards get their targets: after the next update is shown and the input is read.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place;

/// The view side of the table, without a renderer: what the headless test runs. The cards are
/// on the table while its screen is up.
pub fn view_plugin(app: &mut App) {
    app.init_resource::<Anonymous>()
        .init_resource::<Hover>()
        .init_resource::<input::Chosen>()
        .init_resource::<flourish::CutPreview>()
        .add_plugins((crate::desktop::cost::table_schedule, pacing::plugin))
        .add_systems(OnEnter(Screen::Table), spawn_cards)
        .add_systems(OnExit(Screen::Table), forget)
        .add_systems(
            TableUpdate,
            (
                flourish::swap_in_revealed_indicator,
                place.in_set(Place),
                flourish::nudge,
                glide,
            )
                .chain()
                .after(pacing::ShowNext),
        )
        .add_systems(TableUpdate, count_trick_play.after(pacing::ShowNext));
}

/// The whole table in a window: the view, the room, the cards' looks, the player's input.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        view_plugin,
        scene::plugin,
        looks::plugin,
        shine::plugin,
        input::plugin,
    ))
    .add_systems(
        TableUpdate,
        looks::dim.run_if(resource_exists::<looks::Deck>).after(Place),
    );
}

/// Frames of trick play are the ones the frame cost is judged by.
fn count_trick_play(shown: Res<Shown>, mut cost: ResMut<FrameCost>) {
    cost.trick_play = shown.view.as_ref().is_some_and(|v| v.phase == Phase::TrickPlay);
}

/// What the view showed of the last table, gone with it.
fn forget(
    mut shown: ResMut<Shown>,
    mut anonymous: ResMut<Anonymous>,
    mut hover: ResMut<Hover>,
    mut cut: ResMut<flourish::CutPreview>,
) {
    *shown = Shown::default();
    anonymous.clear();
    *hover = Hover::default();
    *cut = flourish::CutPreview::default();
}

fn spawn_cards(mut commands: Commands) {
    for card in Card::all() {
        commands.spawn((
            CardOf(card),
            DespawnOnExit(Screen::Table),
            Nudge::None,
            Transform::from_xyz(0.0, -1.0, 0.0),
            Visibility::default(),
            Target {
                transform: Transform::from_xyz(0.0, -1.0, 0.0),
                spot: Spot::Deck {
                    dealer: Seat::ALL[0],
                    index: 0,
                },
            },
        ));
    }
}

/// A match the table shows with nothing hidden (a replay): every seat's discards after each
/// move, by the number of moves made. A live table has none: each player sees only their own
/// discards (R2-DRAW), and the indicator lies face down.
#[derive(Resource, Default)]
pub struct OpenTable(pub Vec<[CardSet; 4]>);

/// Sets each card's target from the view on the table.
fn place(
    shown: Res<Shown>,
    hover: Res<Hover>,
    chosen: Res<input::Chosen>,
    session: Option<Res<Session>>,
    open: Option<Res<OpenTable>>,
    mut anonymous: ResMut<Anonymous>,
    mut cards: Query<(&CardOf, &mut Target)>,
) {
    if !shown.is_changed() && !hover.is_changed() && !chosen.is_changed() {
        return;
    }
    let Some(view) = &shown.view else { return };
    let rules = session
        .as_ref()
        .and_then(|s| s.lobby.as_ref())
        .map(|l| l.rules.clone());
    let context = Context {
        heap: rules
            .as_ref()
            .filter(|r| r.mode == Mode::DoubleSar)
            .map(courtpiece_rules::heap::Collect::of),
        just_won: shown.events.iter().any(|e| matches!(e, Event::TrickWon { .. })),
        removed: rules.as_ref().map_or(CardSet::EMPTY, |r| r.removed),
        open: open.and_then(|o| o.0.get(usize::try_from(shown.moves).ok()?).copied()),
    };
    let eye = geometry::Eye::of(view, session.as_deref());
    let spots = layout::layout(view, &context, &mut anonymous);
    for (card, mut target) in &mut cards {
        let Some(&spot) = spots.get(&card.0) else { continue };
        let lifted = hover.0 == Some(card.0) || chosen.0.contains(card.0);
        let transform = geometry::transform(spot, eye, lifted);
        let new = Target { transform, spot };
        if *target != new {
            *target = new;
        }
    }
}

/// Moves each card a little toward its target (and its nudge) every frame.
fn glide(
    time: Res<Time>,
    speed: Res<Speed>,
    mut cards: Query<(&Target, &Nudge, &mut Transform), With<CardOf>>,
) {
    let step = if speed.0.is_finite() {
        1.0 - (-time.delta_secs() * 9.0 * speed.0.max(0.05)).exp()
    } else {
        1.0
    };
    for (target, nudge, mut transform) in &mut cards {
        let goal = nudge.goal(target.transform);
        if transform.translation.distance_squared(goal.translation) < 1e-8
            && transform.rotation == goal.rotation
        {
            continue;
        }
        transform.translation = transform.translation.lerp(goal.translation, step);
        transform.rotation = transform.rotation.slerp(goal.rotation, step);
        if step >= 1.0 {
            *transform = goal;
        }
    }
}
