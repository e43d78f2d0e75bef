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
        self.holdings[seat.index()].discards
    }

    /// The stock of Hokm for two, top card first: empty once the draw is over, and at tables
    /// that do not draw.
    pub fn stock(&self) -> &[Card] {
        if self.board.rules.batches.draws()
            && self.board.phase < Phase::TrickPlay
            && self.board.phase > Phase::FirstDeal
        {
            self.board.deck.undealt()
        } else {
            &[]
        }
    }

    /// The card the drawing seat looks at: the top of the stock in its draw turn (R2-DRAW).
    pub fn offer(&self) -> Option<Card> {
        (self.board.phase == Phase::Draw)
            .then(|| self.board.deck.peek())
            .flatten()
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
        if self.holdings[hakem.index()].discards.is_empty() {
            hakem
        } else {
            self.board.seats.next(hakem)
        }
    }

    /// Turns alternate from the hâkem: eleven for the hâkem, ten for the other (R2-DRAW).
    pub(super) fn drawing(&self) -> Seat {
        let turns_taken = self.board.draws;
        self.board
            .seats
            .after(self.caller(), usize::from(turns_taken % 2))
    }

    pub(super) fn discard_intents(&self, seat: Seat, out: &mut Vec<Intent>) {
        let n = self.discard_count(seat);
        out.extend(
            self.holdings[seat.index()]
                .hand
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
        if let Some(card) = (cards - self.holdings[seat.index()].hand).lowest() {
            return Err(RuleError::CardNotHeld { card });
        }
        let expected = self.discard_count(seat);
        if cards.count() != expected {
            return Err(RuleError::DiscardCount {
                expected,
                got: cards.count(),
            });
        }
        self.holdings[seat.index()].hand -= cards;
        self.holdings[seat.index()].discards |= cards;
        events.push(Event::Discarded {
            seat,
            count: expected,
        });
        if seat != self.caller() {
            self.board.phase = Phase::Draw;
        }
        Ok(())
    }

    /// One draw turn: the top card kept and the next discarded, or the other way round.
    pub(super) fn draw(&mut self, seat: Seat, keep_first: bool, events: &mut Vec<Event>) {
        let first = self.board.deck.deal(1);
        let second = self.board.deck.deal(1);
        let (kept, discarded) = if keep_first {
            (first, second)
        } else {
            (second, first)
        };
        self.holdings[seat.index()].hand |= kept;
        self.holdings[seat.index()].discards |= discarded;
        self.board.draws += 1;
        let left = self.board.deck.remaining();
        events.push(Event::Drew { seat, left });
        if left == 0 {
            self.board.trick = Trick::at(self.board.seats, self.caller(), self.trumps());
            self.board.phase = Phase::TrickPlay;
        }
    }
}
