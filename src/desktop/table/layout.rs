//! Where every card lies, from the view being shown: the player's fanned hand, the other hands
//! face down with the right counts, the trick, the team piles or the Double Sar heap, the
//! face-down indicator, the deck. The cards nobody may see are given places that stay put from
//! one view to the next (`Anonymous`), so face-down cards only move when something happened.

use std::collections::HashMap;

use bevy::prelude::*;
use courtpiece_rules::heap::Collect;
use courtpiece_rules::{CallView, Card, CardSet, Heap, Seat, SeatView, Side};

/// A card's number in a place (of at most 52 cards) as a [`Spot`] keeps it.
pub fn place_number(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Where a card is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spot {
    /// In a seat's hand: `index` of `of`, face up or down.
    Hand {
        seat: Seat,
        index: u8,
        of: u8,
        face_up: bool,
    },
    /// Played to the trick in play, the `order`-th card of it.
    Trick { seat: Seat, order: u8 },
    /// A trick a team won (or collected): the `trick`-th on its pile.
    Pile { team: Side, trick: u8, order: u8 },
    /// A trick on the Double Sar heap.
    Heap { trick: u8, order: u8 },
    /// The caller's face-down trump indicator.
    Indicator { seat: Seat, face_up: bool },
    /// Not dealt yet: in the dealer's deck.
    Deck { dealer: Seat, index: u8 },
}

impl Spot {
    pub fn face_up(self) -> bool {
        match self {
            Spot::Hand { face_up, .. } | Spot::Indicator { face_up, .. } => face_up,
            Spot::Trick { .. } => true,
            Spot::Pile { .. } | Spot::Heap { .. } | Spot::Deck { .. } => false,
        }
    }
}

/// Which face-down place each unseen card fills, kept between views.
#[derive(Resource, Default, Debug)]
pub struct Anonymous {
    slots: HashMap<Card, Slot>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Slot {
    Hand(Seat),
    Indicator(Seat),
    Deck,
}

impl Anonymous {
    /// A card just played by `seat` left that seat's hand: if it was shown in another hidden
    /// place, it trades places with one of `seat`'s hidden cards, so it leaves from the right hand.
    pub fn played_from(&mut self, seat: Seat, card: Card) -> Option<Card> {
        let mine = self.slots.get(&card).copied();
        if mine == Some(Slot::Hand(seat)) {
            return None;
        }
        let other = self
            .slots
            .iter()
            .filter(|(c, s)| **s == Slot::Hand(seat) && **c != card)
            .map(|(c, _)| *c)
            .min_by_key(|c| c.bit())?;
        let theirs = self.slots.insert(other, mine.unwrap_or(Slot::Deck));
        self.slots.insert(card, theirs.unwrap_or(Slot::Hand(seat)));
        Some(other)
    }

    pub fn clear(&mut self) {
        self.slots.clear();
    }
}

/// What the layout needs besides the view.
pub struct Context {
    /// Double Sar: how the heap collects; `None` in Single Sar.
    pub heap: Option<Collect>,
    /// The last trick was just won: its four cards stay where they were played while the table
    /// shows that, and are swept with the next update.
    pub just_won: bool,
}

/// The place of every one of the 52 cards.
pub fn layout(view: &SeatView, context: &Context, anonymous: &mut Anonymous) -> HashMap<Card, Spot> {
    let mut spots = HashMap::with_capacity(52);
    let mut played = view.trick.cards();
    for trick in &view.tricks {
        played = played.union(trick.cards());
    }
    // completed tricks: to the winner's team, or through the heap
    let mut heap = Heap::default();
    let mut on_heap: Vec<usize> = Vec::new();
    let mut piles = [0u8; 2];
    for (i, trick) in view.tricks.iter().enumerate() {
        let Some((winner, card)) = trick.winner() else {
            continue;
        };
        match context.heap {
            None => {
                pile(&mut spots, trick.cards(), winner.team(), &mut piles);
            }
            Some(collect) => {
                on_heap.push(i);
                if heap.add(winner, card, place_number(i + 1), collect).is_some() {
                    for j in on_heap.drain(..) {
                        pile(&mut spots, view.tricks[j].cards(), winner.team(), &mut piles);
                    }
                }
            }
        }
    }
    for (k, &j) in on_heap.iter().enumerate() {
        for (order, card) in view.tricks[j].cards().iter().enumerate() {
            spots.insert(
                card,
                Spot::Heap {
                    trick: place_number(k),
                    order: place_number(order),
                },
            );
        }
    }
    let sweeping = view
        .tricks
        .last()
        .filter(|_| context.just_won && view.trick.is_empty());
    for (order, (seat, card)) in view
        .trick
        .plays()
        .chain(sweeping.into_iter().flat_map(|t| t.plays()))
        .enumerate()
    {
        spots.insert(
            card,
            Spot::Trick {
                seat,
                order: place_number(order),
            },
        );
    }

    // cards in hands that this seat may see
    let shown = view.shown_hands;
    let mut visible = [CardSet::EMPTY; 4];
    for seat in Seat::ALL {
        let i = seat.index();
        visible[i] = view.exposed[i].without(played);
        if seat == view.seat {
            visible[i] = visible[i].union(view.hand);
        }
        if let Some(hands) = shown {
            visible[i] = visible[i].union(hands[i]);
        }
    }
    let indicator = match view.call {
        Some(CallView::FaceDown) => Some(view.caller),
        _ => None,
    };
    let mut known = played;
    for v in visible {
        known = known.union(v);
    }
    if let (Some(card), Some(seat)) = (view.own_indicator, indicator) {
        spots.insert(card, Spot::Indicator { seat, face_up: false });
        known.insert(card);
    }

    // the hidden places each seat needs, filled by unseen cards that stay where they were
    let unseen = !known;
    let mut need: HashMap<Slot, usize> = HashMap::new();
    for seat in Seat::ALL {
        let hidden =
            usize::from(view.counts[seat.index()]).saturating_sub(visible[seat.index()].len() as usize);
        need.insert(Slot::Hand(seat), hidden);
    }
    if let Some(seat) = indicator
        && view.own_indicator.is_none()
    {
        need.insert(Slot::Indicator(seat), 1);
    }
    anonymous.slots.retain(|card, _| unseen.contains(*card));
    let mut have: HashMap<Slot, usize> = HashMap::new();
    let mut cards: Vec<Card> = unseen.iter().collect();
    cards.sort_by_key(|c| c.bit());
    for card in &cards {
        match anonymous.slots.get(card).copied() {
            Some(slot)
                if slot != Slot::Deck
                    && have.get(&slot).copied().unwrap_or(0) < need.get(&slot).copied().unwrap_or(0) =>
            {
                *have.entry(slot).or_default() += 1;
            }
            _ => {
                anonymous.slots.insert(*card, Slot::Deck);
            }
        }
    }
    let mut slots: Vec<Slot> = need.keys().copied().collect();
    slots.sort_by_key(|s| match s {
        Slot::Hand(seat) => seat.index(),
        Slot::Indicator(seat) => 4 + seat.index(),
        Slot::Deck => 8,
    });
    for slot in slots {
        let mut missing = need[&slot].saturating_sub(have.get(&slot).copied().unwrap_or(0));
        for card in &cards {
            if missing == 0 {
                break;
            }
            if anonymous.slots.get(card) == Some(&Slot::Deck) {
                anonymous.slots.insert(*card, slot);
                missing -= 1;
            }
        }
    }

    // hands: the visible cards in suit and rank order, then the hidden ones
    for seat in Seat::ALL {
        let i = seat.index();
        let mut face_up: Vec<Card> = visible[i].iter().collect();
        face_up.sort_by_key(|c| (c.suit().index(), std::cmp::Reverse(c.rank())));
        let mut hidden: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| anonymous.slots.get(c) == Some(&Slot::Hand(seat)))
            .collect();
        hidden.sort_by_key(|c| c.bit());
        let of = place_number(face_up.len() + hidden.len());
        for (index, card) in face_up.iter().enumerate() {
            spots.insert(
                *card,
                Spot::Hand {
                    seat,
                    index: place_number(index),
                    of,
                    face_up: true,
                },
            );
        }
        for (k, card) in hidden.iter().enumerate() {
            let index = place_number(face_up.len() + k);
            spots.insert(
                *card,
                Spot::Hand {
                    seat,
                    index,
                    of,
                    face_up: false,
                },
            );
        }
    }
    let mut deck_index = 0u8;
    for card in &cards {
        match anonymous.slots.get(card) {
            Some(Slot::Indicator(seat)) => {
                spots.insert(
                    *card,
                    Spot::Indicator {
                        seat: *seat,
                        face_up: false,
                    },
                );
            }
            Some(Slot::Hand(_)) => {}
            _ => {
                spots.insert(
                    *card,
                    Spot::Deck {
                        dealer: view.dealer,
                        index: deck_index,
                    },
                );
                deck_index += 1;
            }
        }
    }
    spots
}

fn pile(spots: &mut HashMap<Card, Spot>, cards: CardSet, team: Side, piles: &mut [u8; 2]) {
    let trick = piles[team.index()];
    for (order, card) in cards.iter().enumerate() {
        spots.insert(
            card,
            Spot::Pile {
                team,
                trick,
                order: place_number(order),
            },
        );
    }
    piles[team.index()] += 1;
}

/// Card size on the table, in metres of the scene.
pub const CARD_W: f32 = 0.63;
pub const CARD_H: f32 = 0.88;

/// Where a seat sits, seen from `me` at the bottom: 0 bottom, 1 to the side play goes to next,
/// 2 across, 3 the other side.
pub fn around(me: Seat, seat: Seat, clockwise: bool) -> usize {
    let rel = (seat.index() + 4 - me.index()) % 4;
    if clockwise { [0, 3, 2, 1][rel] } else { rel }
}

/// The top of the player's own hand as it stands fanned toward the camera (a card lifted under
/// the mouse reaches it): what is drawn over the table stays above it.
pub fn hand_top() -> Vec3 {
    let stand = std::f32::consts::FRAC_PI_2 * 0.72;
    Vec3::new(
        0.0,
        0.62 + 0.22 + CARD_H / 2.0 * stand.sin(),
        3.05 - CARD_H / 2.0 * stand.cos(),
    )
}

/// Which way a name plate stands from its point on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlateSide {
    /// Centred on the point.
    Over,
    /// Ending at the point, to its left.
    Left,
}

/// Where the name plate of the player at a place around the table stands: beside their cards,
/// never on them (for the player across, to the left of the hand, so that the bar along the top
/// of the window does not push it onto the cards). The player's own plate is not on the table:
/// it stands in the window's corner, clear of the hand.
pub fn plate(place: usize) -> Option<(Vec3, PlateSide)> {
    match place {
        1 => Some((Vec3::new(3.75, 0.0, 0.3), PlateSide::Over)),
        2 => Some((Vec3::new(-1.75, 0.0, -2.75), PlateSide::Left)),
        3 => Some((Vec3::new(-3.75, 0.0, 0.3), PlateSide::Over)),
        _ => None,
    }
}

/// The direction from the centre to a place around the table: 0 = toward the camera (+Z), then
/// right (+X), far (-Z), left (-X).
fn toward(place: usize) -> (Vec3, f32) {
    match place {
        0 => (Vec3::Z, 0.0),
        1 => (Vec3::X, std::f32::consts::FRAC_PI_2),
        2 => (Vec3::NEG_Z, std::f32::consts::PI),
        _ => (Vec3::NEG_X, -std::f32::consts::FRAC_PI_2),
    }
}

/// The transform of a card at `spot`, for a player at `me`.
pub fn transform(spot: Spot, me: Seat, clockwise: bool, lifted: bool) -> Transform {
    let flat = |pos: Vec3, yaw: f32, face_up: bool| {
        let flip = if face_up {
            Quat::IDENTITY
        } else {
            Quat::from_rotation_z(std::f32::consts::PI)
        };
        Transform::from_translation(pos).with_rotation(Quat::from_rotation_y(yaw) * flip)
    };
    match spot {
        Spot::Hand {
            seat,
            index,
            of,
            face_up,
        } => {
            let place = around(me, seat, clockwise);
            let (dir, yaw) = toward(place);
            let n = f32::from(of.max(1));
            let i = f32::from(index);
            if place == 0 && seat == me {
                // the player's own hand: a fan standing up toward the camera
                let spread = (0.42f32).min(7.0 / n);
                let x = (i - (n - 1.0) / 2.0) * spread;
                let arc = -(x * x) * 0.03;
                let fan = -x * 0.06;
                let lift = if lifted { 0.22 } else { 0.0 };
                let pos = Vec3::new(x, 0.62 + arc + lift, 3.05 + i * 0.004);
                let stand = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2 * 0.72);
                let flip = if face_up {
                    Quat::IDENTITY
                } else {
                    Quat::from_rotation_z(std::f32::consts::PI)
                };
                Transform::from_translation(pos).with_rotation(Quat::from_rotation_z(fan) * stand * flip)
            } else {
                let spread = 0.22f32.min(3.2 / n);
                let along = Vec3::new(dir.z, 0.0, -dir.x);
                let pos =
                    dir * 2.75 + along * ((i - (n - 1.0) / 2.0) * spread) + Vec3::Y * (0.01 + i * 0.003);
                flat(pos, yaw, face_up)
            }
        }
        Spot::Trick { seat, order } => {
            let (dir, yaw) = toward(around(me, seat, clockwise));
            let twist = (f32::from(order) - 1.5) * 0.12;
            flat(
                dir * 0.62 + Vec3::Y * (0.02 + f32::from(order) * 0.004),
                yaw + twist,
                true,
            )
        }
        Spot::Pile { team, trick, order } => {
            let mine = team == me.team();
            let base = if mine {
                Vec3::new(-2.55, 0.0, 1.75)
            } else {
                Vec3::new(2.55, 0.0, -1.75)
            };
            let pos =
                base + Vec3::new(
                    0.0,
                    0.01 + f32::from(trick) * 0.012 + f32::from(order) * 0.002,
                    0.0,
                ) + Vec3::new(f32::from(trick) * 0.03, 0.0, 0.0);
            flat(pos, 0.3 + f32::from(trick % 3) * 0.05, false)
        }
        Spot::Heap { trick, order } => {
            let pos = Vec3::new(
                -1.6,
                0.01 + f32::from(trick) * 0.012 + f32::from(order) * 0.002,
                -0.4,
            );
            flat(pos, -0.4 + f32::from(trick) * 0.15, false)
        }
        Spot::Indicator { seat, face_up } => {
            let (dir, yaw) = toward(around(me, seat, clockwise));
            let side = Vec3::new(-dir.z, 0.0, dir.x) * 0.9;
            flat(dir * 1.7 + side + Vec3::Y * 0.012, yaw + 0.5, face_up)
        }
        Spot::Deck { dealer, index } => {
            let (dir, yaw) = toward(around(me, dealer, clockwise));
            let side = Vec3::new(dir.z, 0.0, -dir.x) * 1.2;
            flat(
                dir * 1.9 + side + Vec3::Y * (0.01 + f32::from(index) * 0.004),
                yaw,
                false,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtpiece_rules::{Match, Preset};

    #[test]
    fn every_card_has_one_place_and_hands_have_their_counts() {
        let rules = Preset::HiddenRang.rules();
        let mut game = Match::new(&rules, 5).unwrap();
        let mut anonymous = Anonymous::default();
        let context = Context {
            heap: None,
            just_won: false,
        };
        for _ in 0..400 {
            game.advance();
            let view = game.view(Seat::ALL[2]);
            let spots = layout(&view, &context, &mut anonymous);
            assert_eq!(spots.len(), 52);
            for seat in Seat::ALL {
                let in_hand = spots
                    .values()
                    .filter(|s| matches!(s, Spot::Hand { seat: h, .. } if *h == seat))
                    .count();
                let expected = if view.shown_hands.is_some() {
                    in_hand
                } else {
                    usize::from(view.counts[seat.index()])
                };
                assert_eq!(in_hand, expected, "{seat} in {:?}", view.phase);
            }
            for card in view.hand.iter() {
                assert!(matches!(spots[&card], Spot::Hand { face_up: true, .. }));
            }
            let Some(who) = game.to_act() else { break };
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
    }

    #[test]
    fn a_trick_just_won_stays_where_it_was_played_until_the_next_update() {
        let rules = Preset::CourtPiece.rules();
        let mut game = Match::new(&rules, 9).unwrap();
        let mut anonymous = Anonymous::default();
        let seat = Seat::ALL[0];
        while game.round().tricks().is_empty() {
            game.advance();
            let Some(who) = game.to_act() else { break };
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
        let view = game.view(seat);
        let won = view.tricks[0].cards();
        for (just_won, on_table) in [(true, 4), (false, 0)] {
            let context = Context { heap: None, just_won };
            let spots = layout(&view, &context, &mut anonymous);
            let in_trick = won
                .iter()
                .filter(|c| matches!(spots[c], Spot::Trick { .. }))
                .count();
            assert_eq!(in_trick, on_table, "just won: {just_won}");
        }
    }
}
