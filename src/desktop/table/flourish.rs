//! The moves no place on the table stands for: the shuffle (the deck split and riffled), the
//! cut (a packet lifted off the top and slid under the rest, and before it the cutter's choice
//! shown on the deck), and the hidden trump indicator turned face up where it lay before it
//! goes back to its hand. Each runs while its update is held on the table, as a nudge on top of
//! the card's place.

use std::f32::consts::PI;

use bevy::prelude::*;
use courtpiece_net::Session;
use courtpiece_rules::{Card, Event};

use super::geometry::{self, Eye};
use super::layout::{self, Spot};
use super::pacing::Shown;
use super::{CardOf, Target};

/// Where a card is pushed off its place for the moment.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub enum Nudge {
    #[default]
    None,
    By(Vec3),
    To(Transform),
}

impl Nudge {
    /// Where the card glides to, given its place.
    pub fn goal(self, place: Transform) -> Transform {
        match self {
            Nudge::None => place,
            Nudge::By(offset) => place.with_translation(place.translation + offset),
            Nudge::To(transform) => transform,
        }
    }
}

/// The cut the player is choosing (cards off the top), shown on the deck before it is made.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutPreview(pub Option<u8>);

/// How thick a card is in the deck (the step between two cards of the stack).
const CARD_STEP: f32 = 0.004;
/// Of the reveal's time on the table, the part the indicator lies face up where it was.
const TURNED_OVER: f32 = 0.75;

/// The hidden indicator is named when it is revealed: the card takes the place of the face-down
/// card that stood for it (both face down, so nobody sees the swap), and turns over from there.
pub fn swap_in_revealed_indicator(
    shown: Res<Shown>,
    mut done: Local<Option<u32>>,
    mut cards: Query<(&CardOf, &Target, &mut Transform)>,
) {
    if !shown.is_changed() || *done == Some(shown.moves) {
        return;
    }
    *done = Some(shown.moves);
    let Some(card) = revealed(&shown.events) else {
        return;
    };
    let laid = cards
        .iter()
        .find(|(_, t, _)| matches!(t.spot, Spot::Indicator { .. }))
        .map(|(c, _, t)| (c.0, *t));
    let Some((stand_in, at)) = laid else { return };
    if stand_in == card {
        return;
    }
    let mut from = None;
    for (c, _, mut transform) in &mut cards {
        if c.0 == card {
            from = Some(*transform);
            *transform = at;
        }
    }
    if let Some(from) = from
        && let Some((_, _, mut transform)) = cards.iter_mut().find(|(c, _, _)| c.0 == stand_in)
    {
        *transform = from;
    }
}

fn revealed(events: &[Event]) -> Option<Card> {
    events.iter().find_map(|e| match e {
        Event::TrumpsRevealed { card, .. } => Some(*card),
        _ => None,
    })
}

/// Sets each card's nudge for this frame from the events of the update on the table.
pub fn nudge(
    shown: Res<Shown>,
    time: Res<Time>,
    preview: Res<CutPreview>,
    session: Option<Res<Session>>,
    mut cards: Query<(&CardOf, &Target, &mut Nudge)>,
) {
    let Some(view) = &shown.view else { return };
    let progress = if shown.hold > 0.0 {
        ((time.elapsed_secs() - shown.since) / shown.hold).clamp(0.0, 1.0)
    } else {
        1.0
    };
    let shuffling = progress < 1.0 && shown.events.iter().any(|e| matches!(e, Event::Shuffled { .. }));
    let cut = shown.events.iter().find_map(|e| match e {
        Event::Cut { at, .. } => Some(*at),
        _ => None,
    });
    let eye = Eye::of(view, session.as_deref());
    let turning = revealed(&shown.events)
        .filter(|_| progress < TURNED_OVER)
        .map(|card| {
            let face_up = Spot::Indicator {
                seat: view.caller,
                face_up: true,
            };
            (card, geometry::transform(face_up, eye, false))
        });
    let in_deck = cards
        .iter()
        .filter(|(_, t, _)| matches!(t.spot, Spot::Deck { .. }))
        .count();
    let in_deck = layout::place_number(in_deck);
    for (card, target, mut nudge) in &mut cards {
        let new = match (target.spot, turning) {
            (_, Some((c, face_up))) if c == card.0 => Nudge::To(face_up),
            (Spot::Deck { index, .. }, _) => {
                // along the table edge the deck lies on
                let aside = (target.transform.rotation * Vec3::X)
                    .with_y(0.0)
                    .normalize_or_zero();
                let deck = Deck {
                    index,
                    count: in_deck,
                    aside,
                };
                if shuffling {
                    deck.riffle(progress)
                } else if let Some(at) = cut {
                    deck.cut(at, progress)
                } else if let Some(at) = preview.0 {
                    deck.preview(at)
                } else {
                    Nudge::None
                }
            }
            _ => Nudge::None,
        };
        if *nudge != new {
            *nudge = new;
        }
    }
}

/// One card of the deck, `index` from the bottom of `count`.
struct Deck {
    index: u8,
    count: u8,
    aside: Vec3,
}

impl Deck {
    /// In the top `at` cards.
    fn lifted(&self, at: u8) -> bool {
        self.index >= self.count.saturating_sub(at)
    }

    /// The deck splits in two halves that spread apart and come back interleaved.
    fn riffle(&self, progress: f32) -> Nudge {
        let spread = (PI * progress).sin();
        let side = if self.index.is_multiple_of(2) { -1.0 } else { 1.0 };
        Nudge::By(self.aside * side * 0.42 * spread + Vec3::Y * 0.08 * spread)
    }

    /// The top `at` cards slide out, drop below the rest and slide back under it; the deck
    /// stays cut until the next update deals from it.
    fn cut(&self, at: u8, progress: f32) -> Nudge {
        let out = smoothstep(0.0, 0.35, progress) * (1.0 - smoothstep(0.65, 1.0, progress));
        let under = progress >= 0.5;
        let rest = self.count.saturating_sub(at);
        if self.lifted(at) {
            let drop = if under { f32::from(rest) * CARD_STEP } else { 0.0 };
            Nudge::By(self.aside * 0.75 * out + Vec3::Y * (0.06 * out - drop))
        } else {
            let rise = if under { f32::from(at) * CARD_STEP } else { 0.0 };
            Nudge::By(Vec3::Y * rise)
        }
    }

    /// The packet the cutter would lift, raised a little off the rest.
    fn preview(&self, at: u8) -> Nudge {
        if self.lifted(at) {
            Nudge::By(self.aside * 0.12 + Vec3::Y * 0.05)
        } else {
            Nudge::None
        }
    }
}

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(index: u8) -> Deck {
        Deck {
            index,
            count: 52,
            aside: Vec3::X,
        }
    }

    fn offset(n: Nudge) -> Vec3 {
        match n {
            Nudge::By(v) => v,
            Nudge::None => Vec3::ZERO,
            Nudge::To(t) => t.translation,
        }
    }

    #[test]
    fn a_cut_ends_with_the_packet_under_the_rest() {
        let at = 20;
        // before: the packet is on top; after: every packet card lies below every other card
        let height = |i: u8, progress: f32| f32::from(i) * CARD_STEP + offset(deck(i).cut(at, progress)).y;
        assert!(height(32, 0.0) > height(31, 0.0));
        let lowest_rest = (0..32).map(|i| height(i, 1.0)).fold(f32::MAX, f32::min);
        let highest_packet = (32..52).map(|i| height(i, 1.0)).fold(f32::MIN, f32::max);
        assert!(highest_packet < lowest_rest, "{highest_packet} >= {lowest_rest}");
        // halfway the packet is out to the side
        assert!(offset(deck(40).cut(at, 0.5)).x > 0.7);
        assert_eq!(offset(deck(10).cut(at, 0.5)).x, 0.0);
    }

    #[test]
    fn the_riffle_splits_the_deck_and_closes_it_again() {
        let (a, b) = (offset(deck(10).riffle(0.5)), offset(deck(11).riffle(0.5)));
        assert!(a.x < -0.4 && b.x > 0.4);
        assert!(offset(deck(10).riffle(1.0)).length() < 1e-3);
        assert!(offset(deck(10).riffle(0.0)).length() < 1e-3);
    }

    #[test]
    fn the_preview_lifts_exactly_the_cards_off_the_top() {
        let lifted = (0..52).filter(|&i| deck(i).preview(17) != Nudge::None).count();
        assert_eq!(lifted, 17);
        assert!(deck(51).lifted(17) && !deck(34).lifted(17));
    }
}
