//! `SeatView`: the table as one seat may know it. Bots and remote players see nothing else.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::RuleError;
use crate::heap::Heap;
use crate::intent::Intent;
use crate::matchplay::Match;
use crate::outcome::HandResult;
use crate::people::{Person, Seating};
use crate::phase::Phase;
use crate::round::{Auction, PlayOn, TrumpCall};
use crate::ruleset::Count;
use crate::score::MatchScore;
use crate::seat::{MAX_SIDES, Seat, Seats, Side};
use crate::trick::Trick;

/// The projection of the table that one seat is allowed to know: its own cards, what has been
/// played or shown, counts, the score, and its own legal intents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    /// `V-PLAYERS`: the seats at the table.
    pub seats: Seats,
    /// Who plays each seat this hand, by person (Dummy Rang: the driver plays the dummy too,
    /// and the people move round it each hand).
    pub people: [Person; 4],
    /// Hand number in the match, from 1.
    pub hand_no: u32,
    pub phase: Phase,
    pub match_over: bool,
    pub dealer: Seat,
    pub caller: Seat,
    /// Whose decision the table waits for.
    pub to_act: Option<Seat>,
    /// Own cards, once this seat may look at them (R-CALL).
    pub hand: CardSet,
    /// Own cards lying face down, not yet looked at (the first five before the call).
    pub unseen_own: u8,
    /// The cards of the partner this seat's player plays too, as far as that player may look
    /// at them: in Dummy Rang the driver's hand in the dummy's view and the other way round
    /// (RD-SEATS). Empty at every other table.
    pub partner_hand: CardSet,
    /// Cards held by each seat; the face-down indicator is not counted.
    pub counts: [u8; 4],
    /// Trumps as they count on the table now (`None` while hidden, before the call, or none).
    pub trumps: Option<Suit>,
    /// Trumps as this seat knows them: the caller knows a hidden indicator's suit.
    pub known_trumps: Option<Suit>,
    /// How trumps were called, as far as public: the face-down card is never in it.
    pub call: Option<CallView>,
    /// Own face-down indicator (the caller only, `V-CALL=hidden`).
    pub own_indicator: Option<Card>,
    /// Cards left in the stock of Hokm for two (R2-DRAW); none at other tables.
    pub stock: u8,
    /// Own cards laid face down out of play (R2-DEAL, R2-DRAW): never in another seat's view.
    pub discards: CardSet,
    /// How many cards each seat has laid face down.
    pub discarded: [u8; 4],
    /// The stock's top card, which this seat looks at in its draw turn (R2-DRAW).
    pub offer: Option<Card>,
    /// Cards every seat knows a seat holds: a shown trump, a turned card, a revealed indicator.
    pub exposed: [CardSet; 4],
    /// The trick in play.
    pub trick: Trick,
    /// The completed tricks of this hand, in order.
    pub tricks: Vec<Trick>,
    /// Tricks won by each seat.
    pub won: [u8; 4],
    /// Tricks taken (collected, in Double Sar) by each side.
    pub taken: [u8; MAX_SIDES],
    /// Tens in the tricks each side has taken, where they count (Mindi, RM-HEAP).
    pub tens: Option<[u8; MAX_SIDES]>,
    /// Tricks holding two aces among those each side has taken (`V-DABBA-ACES`).
    pub doubles: [u8; MAX_SIDES],
    /// The bidding of Dabba Rang so far (RDB-BID), where there is one: every bid is public.
    pub auction: Option<Auction>,
    /// The caller and the tricks its team announced, once the bidding is over (RDB-BID).
    pub contract: Option<(Seat, u8)>,
    /// Satat's card passing after a court, as this seat knows it (RS-PASS).
    pub exchange: Option<ExchangeView>,
    /// The Double Sar heap.
    pub heap: Heap,
    pub play_on: Option<PlayOn>,
    /// The seat that asked for the reveal and must trump if it can.
    pub must_trump: Option<Seat>,
    pub redeals: u8,
    pub score: MatchScore,
    /// The result, once the hand is over.
    pub result: Option<HandResult>,
    /// Every seat's remaining cards, shown at the end of a hand (R-ENDSEEN).
    pub shown_hands: Option<[CardSet; 4]>,
    /// This seat's legal intents now.
    pub legal: Vec<Intent>,
}

impl SeatView {
    /// The cards of the play intents among the legal ones: the cards this seat may play now.
    pub fn playable(&self) -> CardSet {
        self.legal
            .iter()
            .filter_map(|i| match i {
                Intent::Play { card } => Some(*card),
                _ => None,
            })
            .collect()
    }

    /// Why this seat may not play `card` now, as the table would refuse it (`None` when it
    /// may): the player hears the reason before asking, in the words of [`crate::Round`].
    pub fn why_not_play(&self, card: Card) -> Option<RuleError> {
        let intent = Intent::Play { card };
        if self.legal.contains(&intent) {
            return None;
        }
        let Some(expected) = self.to_act else {
            return Some(RuleError::NobodyToAct { phase: self.phase });
        };
        if expected != self.seat {
            if self.plays_too(expected) {
                return self.acting().why_not_play(card);
            }
            return Some(RuleError::NotYourTurn {
                expected,
                got: self.seat,
            });
        }
        let legal = self.playable();
        if legal.is_empty() {
            return Some(RuleError::WrongPhase {
                phase: self.phase,
                intent,
            });
        }
        let is_indicator = self.own_indicator == Some(card);
        if !is_indicator && !self.hand.contains(card) {
            return Some(RuleError::CardNotHeld { card });
        }
        let must_trump = self.trumps.filter(|_| self.must_trump == Some(self.seat));
        Some(crate::round::refusal(
            &self.trick,
            legal,
            is_indicator,
            must_trump,
        ))
    }

    /// Who sits where in the hand this view shows.
    pub fn seating(&self) -> Seating {
        Seating::of(self.seats, self.people[Seats::DRIVER.index()])
    }

    /// Where a side of this hand stands in the match score: the side itself, or in Dummy Rang
    /// the person who plays for it (RD-SCORE).
    pub fn scorer(&self, side: Side) -> usize {
        self.seating().person_of_side(side)
    }

    /// Does this seat's player also play `seat` (the driver and the dummy, RD-SEATS)?
    pub fn plays_too(&self, seat: Seat) -> bool {
        self.seats.also_plays(self.seat) == Some(seat)
    }

    /// The view of the seat this player must act for now: this view, or, when the seat to act
    /// is one this player plays too (the dummy, for its driver), that seat's view as this player
    /// knows it. A bot deciding for a person decides on this.
    pub fn acting(&self) -> SeatView {
        match self.to_act {
            Some(seat) if self.plays_too(seat) => {
                let mut view = self.clone();
                view.seat = seat;
                view.hand = self.partner_hand;
                view.partner_hand = self.hand;
                view.unseen_own = if self.partner_hand.is_empty() {
                    self.counts[seat.index()]
                } else {
                    0
                };
                view
            }
            _ => self.clone(),
        }
    }

    /// The table as someone watching from the rail may see it: this view without the cards
    /// and the choices that are the seat's own.
    pub fn for_spectator(mut self) -> SeatView {
        self.hand = CardSet::EMPTY;
        self.unseen_own = 0;
        self.partner_hand = CardSet::EMPTY;
        self.known_trumps = self.trumps;
        self.own_indicator = None;
        self.discards = CardSet::EMPTY;
        self.offer = None;
        if let Some(exchange) = &mut self.exchange {
            exchange.gave = CardSet::EMPTY;
            exchange.got = CardSet::EMPTY;
        }
        self.legal.clear();
        self
    }
}

/// The card passing of the hand after a court as one seat knows it (RS-PASS): who passes how
/// many and who has, and the cards this seat passed and was passed, which only it and its
/// neighbour in the exchange know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeView {
    /// The side that lost the court and passes its best cards.
    pub losers: Side,
    /// Cards passed each way.
    pub cards: u8,
    /// The seat this one exchanges with.
    pub with: Seat,
    /// Which seats have put their cards down.
    pub given: [bool; 4],
    /// The cards this seat put down to pass.
    pub gave: CardSet,
    /// The cards this seat was passed, once the cards have changed hands.
    pub got: CardSet,
    /// Have the cards changed hands?
    pub done: bool,
}

/// The public side of the trump call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallView {
    Announced(Suit),
    Shown(Card),
    /// Deferred; the turned card once dealt.
    Deferred(Option<Card>),
    /// The indicator lies face down.
    FaceDown,
    /// The indicator was turned over.
    Revealed(Card),
    /// No call: the card that fixed trumps once a seat could not follow (RB-TRUMP).
    FirstVoid(Option<Card>),
}

fn exchange_view(round: &crate::Round, seat: Seat) -> Option<ExchangeView> {
    let exchange = round.exchange()?;
    let with = round.exchanges_with(seat)?;
    Some(ExchangeView {
        losers: exchange.losers,
        cards: exchange.cards,
        with,
        given: Seat::ALL.map(|s| !exchange.given(s).is_empty()),
        gave: exchange.given(seat),
        got: if exchange.done {
            exchange.given(with)
        } else {
            CardSet::EMPTY
        },
        done: exchange.done,
    })
}

impl SeatView {
    pub(crate) fn of(m: &Match, seat: Seat) -> SeatView {
        let round = m.round();
        let sees = round.sees_own_cards(seat);
        let own = round.hand(seat);
        let hands = round.hands();
        let is_caller = seat == round.caller();
        let call = round.call().map(|c| match c {
            TrumpCall::Announced(s) => CallView::Announced(s),
            TrumpCall::Shown(c) => CallView::Shown(c),
            TrumpCall::Deferred(c) => CallView::Deferred(c),
            TrumpCall::Hidden { revealed: false, .. } => CallView::FaceDown,
            TrumpCall::Hidden { card, revealed: true } => CallView::Revealed(card),
            TrumpCall::FirstVoid(c) => CallView::FirstVoid(c),
        });
        let ended = round.phase() == Phase::Scoring;
        let seats = m.rules().seats();
        let partner_hand = seats
            .also_plays(seat)
            .filter(|&p| round.sees_own_cards(p))
            .map_or(CardSet::EMPTY, |p| hands[p.index()]);
        let mut shown = hands;
        if let Some(card) = round.indicator() {
            shown[round.caller().index()].insert(card);
        }
        SeatView {
            seat,
            seats,
            people: Seat::ALL.map(|s| m.seating().person_at(s)),
            hand_no: round.hand_no(),
            phase: round.phase(),
            match_over: m.is_over(),
            dealer: round.dealer(),
            caller: round.caller(),
            to_act: m.to_act(),
            hand: if sees { own } else { CardSet::EMPTY },
            unseen_own: if sees { 0 } else { own.count() },
            partner_hand,
            counts: hands.map(CardSet::count),
            trumps: round.trumps(),
            known_trumps: if is_caller {
                round.secret_trumps()
            } else {
                round.trumps()
            },
            call,
            own_indicator: round.indicator().filter(|_| is_caller),
            stock: u8::try_from(round.stock().len()).unwrap_or(u8::MAX),
            discards: round.discards(seat),
            discarded: Seat::ALL.map(|s| round.discards(s).count()),
            offer: round.offer().filter(|_| m.to_act() == Some(seat)),
            exposed: hands.map(|h| h & round.exposed()),
            trick: *round.trick(),
            tricks: round.tricks().to_vec(),
            won: round.won(),
            taken: round.taken(),
            tens: (round.rules().count == Count::Tens).then(|| round.tally().tens),
            doubles: round.tally().doubles,
            auction: round.rules().bidding.then(|| round.auction()),
            contract: round.contract(),
            exchange: exchange_view(round, seat),
            heap: round.heap(),
            play_on: round.play_on(),
            must_trump: round.must_trump(),
            redeals: round.redeals(),
            score: *m.score(),
            result: round.result().copied(),
            shown_hands: ended.then_some(shown),
            legal: if m.is_over() {
                Vec::new()
            } else {
                round.legal_intents(seat)
            },
        }
    }

    /// The cards this view knows `seat` holds: its own hand, a partner's hand its player plays
    /// too, the cards every seat knows, and those this seat passed it after a court (RS-PASS).
    pub fn known(&self, seat: Seat) -> CardSet {
        let mut known = self.exposed[seat.index()];
        if let Some(exchange) = self.exchange.filter(|e| e.done && e.with == seat) {
            known |= exchange.gave - self.played();
        }
        if seat == self.seat {
            known |= self.hand;
        } else if self.seats.partner(self.seat) == Some(seat) {
            known |= self.partner_hand;
        }
        known
    }

    /// Every card this view shows as held by a seat other than its own: what the privacy tests
    /// check against the cards that are public and the hands its player holds.
    pub fn others_cards(&self) -> CardSet {
        let mut out = self.partner_hand;
        for s in self.seats.all().filter(|&s| s != self.seat) {
            out |= self.known(s);
            if let Some(hands) = self.shown_hands {
                out |= hands[s.index()];
            }
        }
        out
    }

    /// All cards played in this hand so far (completed tricks and the trick in play).
    pub fn played(&self) -> CardSet {
        self.tricks
            .iter()
            .fold(self.trick.cards(), |acc, t| acc | t.cards())
    }
}
