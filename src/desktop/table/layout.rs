//! Where every card lies, from the view being shown: the player's fanned hand, the other hands
//! face down with the right counts, the trick, the sides' piles or the Double Sar heap, the
//! face-down indicator, the deck (the stock of Hokm for two, with the card the player looks at
//! and the discards), the card out of play. The cards nobody may see are given places that stay
//! put from one view to the next (`Anonymous`), so face-down cards only move when something
//! happened.

use std::collections::HashMap;

use bevy::prelude::*;
use courtpiece_rules::heap::Collect;
use courtpiece_rules::{
    CallView, Card, CardSet, Heap, MAX_SIDES, Seat, SeatView, Side, TWO_OF_HEARTS, Taken,
};

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
    /// A trick a side won (or collected): the `trick`-th on its pile.
    Pile { side: Side, trick: u8, order: u8 },
    /// A trick on the Double Sar heap.
    Heap { trick: u8, order: u8 },
    /// The caller's face-down trump indicator.
    Indicator { seat: Seat, face_up: bool },
    /// Not dealt yet: in the dealer's deck (the stock, in Hokm for two).
    Deck { dealer: Seat, index: u8 },
    /// The top card of the stock, which the player in their draw turn looks at (R2-DRAW).
    Offer { dealer: Seat },
    /// Laid away by a seat in Hokm for two (R2-DEAL, R2-DRAW): the player sees their own.
    Discard { seat: Seat, index: u8, face_up: bool },
    /// Out of play for the whole match (the 2♣ of Hokm for three, R3-DECK).
    Aside { index: u8 },
    /// Put down by a seat to pass after a court, until all have passed (RS-PASS): the player
    /// sees their own.
    Passed { seat: Seat, index: u8, face_up: bool },
}

impl Spot {
    pub fn face_up(self) -> bool {
        match self {
            Spot::Hand { face_up, .. }
            | Spot::Indicator { face_up, .. }
            | Spot::Discard { face_up, .. }
            | Spot::Passed { face_up, .. } => face_up,
            Spot::Trick { .. } | Spot::Offer { .. } | Spot::Aside { .. } => true,
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
    Discard(Seat),
    Passed(Seat),
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
    /// The last trick was just won: its cards stay where they were played while the table
    /// shows that, and are swept with the next update.
    pub just_won: bool,
    /// Cards out of play in these rules (R3-DECK).
    pub removed: CardSet,
    /// Where the table hides nothing (a replay): every seat's discards, and the face-down
    /// indicator lies face up. A live table shows only the player's own discards (R2-DRAW), and
    /// the indicator face down even to its caller, as it lies on a real table.
    pub open: Option<[CardSet; 4]>,
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
    let mut piles = [0u8; MAX_SIDES];
    let side = |seat| view.seats.side(seat);
    for (i, trick) in view.tricks.iter().enumerate() {
        let Some((winner, card)) = trick.winner() else {
            continue;
        };
        match context.heap {
            None => {
                pile(&mut spots, trick.cards(), side(winner), &mut piles);
            }
            Some(collect) => {
                on_heap.push(i);
                let counted = Taken::trick(trick.cards());
                if heap
                    .add(
                        winner,
                        card,
                        place_number(i + 1),
                        counted,
                        collect,
                        trick.trumps_at_end(),
                    )
                    .is_some()
                {
                    for j in on_heap.drain(..) {
                        pile(&mut spots, view.tricks[j].cards(), side(winner), &mut piles);
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
    for seat in view.seats.all() {
        let i = seat.index();
        // own cards, the hand of a dummy one drives, and what everyone may see
        visible[i] = view.known(seat).without(played);
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
        spots.insert(
            card,
            Spot::Indicator {
                seat,
                face_up: context.open.is_some(),
            },
        );
        known.insert(card);
    }
    // Satat's passing (RS-PASS): cards put down to pass lie before their seat until all have
    // passed; the player sees their own
    let passing = view.exchange.filter(|e| !e.done);
    let own_put_down = passing.map_or(CardSet::EMPTY, |e| e.gave);
    for (index, card) in own_put_down.iter().enumerate() {
        spots.insert(
            card,
            Spot::Passed {
                seat: view.seat,
                index: place_number(index),
                face_up: true,
            },
        );
    }
    // the player's own discards, unless the table shows every seat's
    let discards = context.open.unwrap_or_else(|| {
        let mut own = [CardSet::EMPTY; 4];
        own[view.seat.index()] = view.discards;
        own
    });
    for seat in view.seats.all() {
        for (index, card) in discards[seat.index()].iter().enumerate() {
            spots.insert(
                card,
                Spot::Discard {
                    seat,
                    index: place_number(index),
                    face_up: true,
                },
            );
        }
    }
    let shown_discards = discards.iter().fold(CardSet::EMPTY, |acc, &d| acc.union(d));
    for (index, card) in context.removed.iter().enumerate() {
        spots.insert(
            card,
            Spot::Aside {
                index: place_number(index),
            },
        );
    }
    known = known
        .union(shown_discards)
        .union(own_put_down)
        .union(context.removed);
    if let Some(card) = view.offer {
        spots.insert(card, Spot::Offer { dealer: view.dealer });
        known.insert(card);
    }

    // the hidden places each seat needs, filled by unseen cards that stay where they were
    let unseen = !known;
    let mut need: HashMap<Slot, usize> = HashMap::new();
    for seat in view.seats.all() {
        let hidden =
            usize::from(view.counts[seat.index()]).saturating_sub(visible[seat.index()].len() as usize);
        need.insert(Slot::Hand(seat), hidden);
        if seat != view.seat {
            let hidden = usize::from(view.discarded[seat.index()])
                .saturating_sub(discards[seat.index()].len() as usize);
            need.insert(Slot::Discard(seat), hidden);
            let put_down = passing
                .filter(|e| e.given[seat.index()])
                .map_or(0, |e| usize::from(e.cards));
            need.insert(Slot::Passed(seat), put_down);
        }
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
        Slot::Discard(seat) => 8 + seat.index(),
        Slot::Passed(seat) => 12 + seat.index(),
        Slot::Deck => 16,
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
    for seat in view.seats.all() {
        let i = seat.index();
        let mut face_up: Vec<Card> = visible[i].iter().collect();
        face_up.sort_by_key(|&c| in_hand_order(view, c));
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
    let mut discarded = [0u8; 4];
    let mut passed = [0u8; 4];
    for card in &cards {
        match anonymous.slots.get(card) {
            Some(Slot::Discard(seat)) => {
                let index = &mut discarded[seat.index()];
                spots.insert(
                    *card,
                    Spot::Discard {
                        seat: *seat,
                        index: *index,
                        face_up: false,
                    },
                );
                *index += 1;
            }
            Some(Slot::Indicator(seat)) => {
                spots.insert(
                    *card,
                    Spot::Indicator {
                        seat: *seat,
                        face_up: false,
                    },
                );
            }
            Some(Slot::Passed(seat)) => {
                let index = &mut passed[seat.index()];
                spots.insert(
                    *card,
                    Spot::Passed {
                        seat: *seat,
                        index: *index,
                        face_up: false,
                    },
                );
                *index += 1;
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

/// Where a card goes in a fanned hand: by suit, high to low; Satat's 2♥ at the head of the
/// trumps once they are known to the player (RS-TWO).
fn in_hand_order(view: &SeatView, card: Card) -> (usize, std::cmp::Reverse<u8>) {
    match view.known_trumps {
        Some(trumps) if view.trick.has_top_two() && card == TWO_OF_HEARTS => {
            (trumps.index(), std::cmp::Reverse(u8::MAX))
        }
        _ => (card.suit().index(), std::cmp::Reverse(card.rank().index())),
    }
}

fn pile(spots: &mut HashMap<Card, Spot>, cards: CardSet, side: Side, piles: &mut [u8; MAX_SIDES]) {
    let trick = piles[side.index()];
    for (order, card) in cards.iter().enumerate() {
        spots.insert(
            card,
            Spot::Pile {
                side,
                trick,
                order: place_number(order),
            },
        );
    }
    piles[side.index()] += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtpiece_rules::{Match, Preset};

    #[test]
    fn every_card_has_one_place_and_hands_have_their_counts() {
        for (preset, me) in [
            (Preset::HiddenRang, 2),
            (Preset::HokmThree, 1),
            (Preset::HokmTwo, 0),
            (Preset::HokmTwo, 1),
        ] {
            let rules = preset.rules();
            let me = Seat::ALL[me];
            let mut game = Match::new(&rules, 5).unwrap();
            let mut anonymous = Anonymous::default();
            let context = Context {
                heap: None,
                just_won: false,
                removed: rules.removed,
                open: None,
            };
            let mut offers = 0;
            for _ in 0..600 {
                game.advance();
                let view = game.view(me);
                let spots = layout(&view, &context, &mut anonymous);
                assert_eq!(spots.len(), 52, "{preset}");
                for seat in view.seats.all() {
                    let in_hand = spots
                        .values()
                        .filter(|s| matches!(s, Spot::Hand { seat: h, .. } if *h == seat))
                        .count();
                    let expected = if view.shown_hands.is_some() {
                        in_hand
                    } else {
                        usize::from(view.counts[seat.index()])
                    };
                    assert_eq!(in_hand, expected, "{preset}: {seat} in {:?}", view.phase);
                    let discards = spots
                        .values()
                        .filter(|s| matches!(s, Spot::Discard { seat: d, .. } if *d == seat))
                        .count();
                    assert_eq!(discards, usize::from(view.discarded[seat.index()]), "{preset}");
                }
                for card in view.hand.iter() {
                    assert!(matches!(spots[&card], Spot::Hand { face_up: true, .. }));
                }
                for card in view.discards.iter() {
                    assert!(matches!(spots[&card], Spot::Discard { face_up: true, .. }));
                }
                for card in rules.removed.iter() {
                    assert!(matches!(spots[&card], Spot::Aside { .. }));
                }
                if let Some(card) = view.offer {
                    assert_eq!(spots[&card], Spot::Offer { dealer: view.dealer });
                    offers += 1;
                }
                for spot in spots.values() {
                    if let Spot::Discard { seat, face_up, .. } = spot {
                        assert_eq!(*face_up, *seat == me, "{preset}: only one's own discards show");
                    }
                }
                let Some(who) = game.to_act() else { break };
                let intent = game.round().legal_intents(who)[0];
                game.apply(who, intent).unwrap();
            }
            if preset == Preset::HokmTwo {
                assert!(offers > 0, "the card looked at was shown in a draw turn");
            }
        }
    }

    /// A replay hides nothing: at a table of two every discard, the other player's too, lies
    /// face up before its seat, and no seat has more or fewer discards than it made.
    #[test]
    fn a_replay_shows_every_seats_discards_face_up() {
        let rules = Preset::HokmTwo.rules();
        let mut game = Match::new(&rules, 5).unwrap();
        let mut anonymous = Anonymous::default();
        let mut seen = 0;
        for _ in 0..200 {
            game.advance();
            let open = Seat::ALL.map(|seat| game.round().discards(seat));
            let context = Context {
                heap: None,
                just_won: false,
                removed: rules.removed,
                open: Some(open),
            };
            let view = game.view(Seat::ALL[0]);
            let spots = layout(&view, &context, &mut anonymous);
            assert_eq!(spots.len(), 52);
            for seat in view.seats.all() {
                for card in open[seat.index()].iter() {
                    assert!(
                        matches!(spots[&card], Spot::Discard { seat: s, face_up: true, .. } if s == seat),
                        "{card} of {seat}"
                    );
                }
                let discards = spots
                    .values()
                    .filter(|s| matches!(s, Spot::Discard { seat: d, .. } if *d == seat))
                    .count();
                assert_eq!(discards, usize::from(view.discarded[seat.index()]));
            }
            seen += open[1].len();
            let Some(who) = game.to_act() else { break };
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
        assert!(seen > 0, "the other player discarded and it was shown");
    }

    /// The face-down indicator (`V-CALL=hidden`) lies before its caller: face down at a live
    /// table, even to the caller who knows it, and face up in a replay, which hides nothing.
    #[test]
    fn the_indicator_lies_face_up_only_in_a_replay() {
        let rules = Preset::HiddenRang.rules();
        let mut game = Match::new(&rules, 7).unwrap();
        let mut laid = 0;
        for _ in 0..120 {
            game.advance();
            if let Some(card) = game.round().indicator() {
                let caller = game.round().caller();
                for (open, face_up) in [(None, false), (Some([CardSet::EMPTY; 4]), true)] {
                    let mut view = game.view(caller);
                    if open.is_some() {
                        view = game.view(caller.next());
                        view.shown_hands = Some(game.round().hands());
                        view.own_indicator = Some(card);
                    }
                    let context = Context {
                        heap: None,
                        just_won: false,
                        removed: CardSet::EMPTY,
                        open,
                    };
                    let spots = layout(&view, &context, &mut Anonymous::default());
                    assert_eq!(spots.len(), 52);
                    assert_eq!(
                        spots[&card],
                        Spot::Indicator {
                            seat: caller,
                            face_up
                        }
                    );
                    let at_indicator = spots
                        .values()
                        .filter(|s| matches!(s, Spot::Indicator { .. }))
                        .count();
                    assert_eq!(at_indicator, 1);
                }
                laid += 1;
            }
            let Some(who) = game.to_act() else { break };
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
        assert!(laid > 0, "an indicator lay on the table");
    }

    /// Satat's passing (RS-PASS): the cards put down lie before their seat, the player's own face
    /// up and the others' face down, until they change hands.
    #[test]
    fn cards_put_down_to_pass_lie_before_their_seat() {
        let rules = courtpiece_rules::RuleSet {
            max_hands: Some(60),
            ..Preset::Satat.rules()
        };
        let mut game = Match::new(&rules, 3).unwrap();
        let me = Seat::ALL[0];
        let mut anonymous = Anonymous::default();
        let context = Context {
            heap: None,
            just_won: false,
            removed: CardSet::EMPTY,
            open: None,
        };
        let (mut step, mut seen_put_down, mut exchanged) = (0usize, 0, false);
        while !exchanged {
            game.advance();
            let who = game.to_act().expect("a court within sixty hands");
            let view = game.view(me);
            let spots = layout(&view, &context, &mut anonymous);
            assert_eq!(spots.len(), 52);
            if let Some(exchange) = view
                .exchange
                .filter(|_| game.phase() == courtpiece_rules::Phase::Passing)
            {
                for seat in Seat::ALL {
                    let put_down: Vec<&Spot> = spots
                        .values()
                        .filter(|s| matches!(s, Spot::Passed { seat: p, .. } if *p == seat))
                        .collect();
                    let expected = if exchange.given[seat.index()] {
                        usize::from(exchange.cards)
                    } else {
                        0
                    };
                    assert_eq!(put_down.len(), expected, "{seat}");
                    assert!(put_down.iter().all(|s| s.face_up() == (seat == me)));
                    seen_put_down += put_down.len();
                }
                for card in exchange.gave.iter() {
                    assert!(matches!(spots[&card], Spot::Passed { face_up: true, .. }));
                }
            } else if view.exchange.is_some_and(|e| e.done) {
                assert!(!spots.values().any(|s| matches!(s, Spot::Passed { .. })));
                for card in view.exchange.map_or(CardSet::EMPTY, |e| e.got).iter() {
                    assert!(matches!(spots[&card], Spot::Hand { seat, face_up: true, .. } if seat == me));
                }
                exchanged = true;
            }
            let legal = game.round().legal_intents(who);
            step += 1;
            game.apply(who, legal[step * 7 % legal.len()]).unwrap();
        }
        assert!(seen_put_down > 0);
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
            let context = Context {
                heap: None,
                just_won,
                removed: CardSet::EMPTY,
                open: None,
            };
            let spots = layout(&view, &context, &mut anonymous);
            let in_trick = won
                .iter()
                .filter(|c| matches!(spots[c], Spot::Trick { .. }))
                .count();
            assert_eq!(in_trick, on_table, "just won: {just_won}");
        }
    }
}
