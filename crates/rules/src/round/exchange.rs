//! Satat's card passing after a court (RS-PASS). Once all cards are dealt, each player of the
//! side that lost the court passes its highest trump (its highest card if it holds no trump,
//! never the 2♥) to the next seat, which at the same time passes back a card of its choice, but
//! never the last card of a plain suit. After a 52-court two cards go each way. A passed card is
//! known only to the two seats that exchange it.

use serde::{Deserialize, Serialize};

use crate::cardset::CardSet;
use crate::error::RuleError;
use crate::event::Event;
use crate::intent::Intent;
use crate::outcome::{HandKind, HandResult};
use crate::phase::Phase;
use crate::ruleset::{Failed52, RuleSet};
use crate::seat::{Seat, Side};
use crate::trick::TWO_OF_HEARTS;

use super::Round;

/// The passing of one hand (RS-PASS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exchange {
    /// The side that lost the court: it passes its best cards.
    pub losers: Side,
    /// Cards passed each way: one, two after a 52-court.
    pub cards: u8,
    /// The cards each seat has put down to pass, kept after the exchange: what each seat knows
    /// its neighbour holds.
    given: [CardSet; 4],
    /// Have the cards changed hands?
    pub done: bool,
}

impl Exchange {
    /// The passing in the hand after `result`, if the rules and the result call for one: after a
    /// court, or a 52-court (a court kept after a failed play-on counts as a court).
    pub fn after(result: &HandResult, rules: &RuleSet) -> Option<Exchange> {
        if !rules.passes_after_court() {
            return None;
        }
        let cards = match result.kind {
            HandKind::Court => 1,
            HandKind::FailedPlayOn if rules.failed_52 == Failed52::Keep => 1,
            HandKind::FiftyTwo => 2,
            _ => return None,
        };
        Some(Exchange {
            losers: result.winner.other(),
            cards,
            given: [CardSet::EMPTY; 4],
            done: false,
        })
    }

    /// The cards `seat` put down to pass (empty until it has).
    pub fn given(&self, seat: Seat) -> CardSet {
        self.given[seat.index()]
    }
}

impl Round {
    /// The passing of this hand, where there is one (RS-PASS).
    pub fn exchange(&self) -> Option<&Exchange> {
        self.board.exchange.as_ref()
    }

    /// The hand after a court passes cards before the first trick (RS-PASS).
    pub fn with_exchange(mut self, exchange: Option<Exchange>) -> Round {
        self.board.exchange = exchange;
        self
    }

    /// The seat `seat` exchanges cards with: a loser passes to the next seat, which passes back.
    pub fn exchanges_with(&self, seat: Seat) -> Option<Seat> {
        let exchange = self.board.exchange?;
        let seats = self.board.seats;
        Some(if seats.side(seat) == exchange.losers {
            seats.next(seat)
        } else {
            seats.after(seat, seats.count() - 1)
        })
    }

    /// The next seat to put its cards down, from the seat after the dealer: all pass at the same
    /// time, so nobody sees what comes before choosing what goes.
    pub(super) fn giving(&self) -> Option<Seat> {
        let exchange = self.board.exchange?;
        let seats = self.board.seats;
        (1..=seats.count())
            .map(|i| seats.after(self.board.dealer, i))
            .find(|s| exchange.given[s.index()].is_empty())
    }

    pub(super) fn give_intents(&self, seat: Seat, out: &mut Vec<Intent>) {
        out.extend(self.gifts(seat).into_iter().map(|cards| Intent::Give { cards }));
    }

    /// Every set of cards `seat` may pass (RS-PASS).
    fn gifts(&self, seat: Seat) -> Vec<CardSet> {
        let Some(exchange) = self.board.exchange else {
            return Vec::new();
        };
        let hand = self.holdings[seat.index()].hand;
        let n = exchange.cards;
        if self.board.seats.side(seat) == exchange.losers {
            return self.best_cards(hand, n);
        }
        hand.subsets(n)
            .into_iter()
            .filter(|&cards| self.keeps_plain_suits(hand, cards))
            .collect()
    }

    /// A loser's choices: its highest trumps, then its highest cards, never the 2♥. Only equal
    /// ranks in different suits leave a choice.
    fn best_cards(&self, hand: CardSet, n: u8) -> Vec<CardSet> {
        let two = CardSet::single(TWO_OF_HEARTS);
        let trumps = self.trumps().map_or(CardSet::EMPTY, |t| hand.of_suit(t) - two);
        let mut top = CardSet::EMPTY;
        for card in trumps.iter().rev().take(usize::from(n)) {
            top.insert(card);
        }
        let missing = n - u8::try_from(top.len()).unwrap_or(n);
        if missing == 0 {
            return vec![top];
        }
        let rest = hand - trumps - two;
        rest.subsets(missing)
            .into_iter()
            .filter(|&cards| {
                let lowest = cards.iter().map(|c| c.rank()).min();
                (rest - cards).iter().all(|c| Some(c.rank()) <= lowest)
            })
            .map(|cards| cards | top)
            .collect()
    }

    /// Does passing `cards` leave `hand` a card of every plain suit it holds? (RS-PASS)
    fn keeps_plain_suits(&self, hand: CardSet, cards: CardSet) -> bool {
        let trumps = self.trumps();
        let plain = |set: CardSet, suit| set.of_suit(suit) - CardSet::single(TWO_OF_HEARTS);
        crate::card::Suit::ALL
            .into_iter()
            .filter(|&s| Some(s) != trumps && !plain(hand, s).is_empty())
            .all(|s| !plain(hand - cards, s).is_empty())
    }

    pub(super) fn give(
        &mut self,
        seat: Seat,
        cards: CardSet,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(exchange) = self.board.exchange else {
            return Err(RuleError::WrongPhase {
                phase: self.board.phase,
                intent: Intent::Give { cards },
            });
        };
        let hand = self.holdings[seat.index()].hand;
        if let Some(card) = (cards - hand).lowest() {
            return Err(RuleError::CardNotHeld { card });
        }
        if cards.len() != u32::from(exchange.cards) {
            return Err(RuleError::GiveCount {
                expected: exchange.cards,
                got: u8::try_from(cards.len()).unwrap_or(u8::MAX),
            });
        }
        if !self.gifts(seat).contains(&cards) {
            return Err(if self.board.seats.side(seat) == exchange.losers {
                RuleError::MustGiveBest
            } else {
                RuleError::KeepLastOfSuit
            });
        }
        self.holdings[seat.index()].hand -= cards;
        let to = self.exchanges_with(seat).unwrap_or(seat);
        if let Some(exchange) = &mut self.board.exchange {
            exchange.given[seat.index()] = cards;
        }
        events.push(Event::CardsGiven {
            seat,
            to,
            count: exchange.cards,
        });
        if self.giving().is_none() {
            self.hand_over_gifts(events);
        }
        Ok(())
    }

    /// All have put their cards down: each takes up what its neighbour passed, and play begins.
    fn hand_over_gifts(&mut self, events: &mut Vec<Event>) {
        let Some(exchange) = &mut self.board.exchange else {
            return;
        };
        exchange.done = true;
        let given = exchange.given;
        for seat in self.board.seats.all() {
            if let Some(to) = self.exchanges_with(seat) {
                self.holdings[to.index()].hand |= given[seat.index()];
            }
        }
        events.push(Event::CardsExchanged);
        self.start_play();
        debug_assert_eq!(self.board.phase, Phase::TrickPlay);
    }
}
