//! Hokm for two between the call and the first trick: the discards (R2-DEAL) and the draw from
//! the stock (R2-DRAW). The stock is what is left of the deck after the first five each; the
//! discards lie face down and are never shown to the other player, not even at the end.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::error::RuleError;
use crate::event::Event;
use crate::intent::Intent;
use crate::phase::Phase;
use crate::seat::Seat;
use crate::trick::Trick;

use super::Round;

/// Cards the hâkem discards from the first five (R2-DEAL).
pub const HAKEM_DISCARDS: u8 = 3;
/// Cards the other player discards from the first five (R2-DEAL).
pub const OTHER_DISCARDS: u8 = 2;

impl Round {
    /// The cards `seat` laid face down (R2-DEAL, R2-DRAW): that seat's knowledge only.
    pub fn discards(&self, seat: Seat) -> CardSet {
        self.discards[seat.index()]
    }

    /// The stock of Hokm for two, top card first: empty once the draw is over, and at tables
    /// that do not draw.
    pub fn stock(&self) -> &[Card] {
        if self.rules.batches.draws() && self.phase < Phase::TrickPlay && self.phase > Phase::FirstDeal {
            self.deck.undealt()
        } else {
            &[]
        }
    }

    /// The card the drawing seat looks at: the top of the stock in its draw turn (R2-DRAW).
    pub fn offer(&self) -> Option<Card> {
        (self.phase == Phase::Draw).then(|| self.deck.peek()).flatten()
    }

    /// How many cards `seat` must discard now, if it is the one discarding (R2-DEAL).
    pub(super) fn discard_count(&self, seat: Seat) -> u8 {
        if seat == self.caller() {
            HAKEM_DISCARDS
        } else {
            OTHER_DISCARDS
        }
    }

    /// The hâkem discards first, then the other player (R2-DEAL).
    pub(super) fn discarding(&self) -> Seat {
        let hakem = self.caller();
        if self.discards[hakem.index()].is_empty() {
            hakem
        } else {
            self.seats.next(hakem)
        }
    }

    /// Turns alternate from the hâkem: eleven for the hâkem, ten for the other (R2-DRAW).
    pub(super) fn drawing(&self) -> Seat {
        let turns_taken = self.draws;
        self.seats.after(self.caller(), usize::from(turns_taken % 2))
    }

    pub(super) fn discard_intents(&self, seat: Seat, out: &mut Vec<Intent>) {
        let n = self.discard_count(seat);
        out.extend(
            self.hands[seat.index()]
                .subsets(n)
                .into_iter()
                .map(|cards| Intent::Discard { cards }),
        );
    }

    pub(super) fn discard(
        &mut self,
        seat: Seat,
        cards: CardSet,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(card) = (cards - self.hands[seat.index()]).lowest() {
            return Err(RuleError::CardNotHeld { card });
        }
        let expected = self.discard_count(seat);
        if cards.count() != expected {
            return Err(RuleError::DiscardCount {
                expected,
                got: cards.count(),
            });
        }
        self.hands[seat.index()] -= cards;
        self.discards[seat.index()] |= cards;
        events.push(Event::Discarded {
            seat,
            count: expected,
        });
        if seat != self.caller() {
            self.phase = Phase::Draw;
        }
        Ok(())
    }

    /// One draw turn: the top card kept and the next discarded, or the other way round.
    pub(super) fn draw(&mut self, seat: Seat, keep_first: bool, events: &mut Vec<Event>) {
        let first = self.deck.deal(1);
        let second = self.deck.deal(1);
        let (kept, discarded) = if keep_first {
            (first, second)
        } else {
            (second, first)
        };
        self.hands[seat.index()] |= kept;
        self.discards[seat.index()] |= discarded;
        self.draws += 1;
        let left = self.deck.remaining();
        events.push(Event::Drew { seat, left });
        if left == 0 {
            self.trick = Trick::at(self.seats, self.caller(), self.trumps());
            self.phase = Phase::TrickPlay;
        }
    }
}
