//! One hand as a pure state machine: Cut → FirstDeal → TrumpCall → SecondDeal → TrickPlay →
//! Scoring (§2); in Hokm for two, Discard and Draw instead of the second deal (§9).

mod auction;
mod draw;
mod exchange;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deck::Deck;
use crate::ending::{Ending, Tally, Verdict};
use crate::error::{Barred, NotInRules, RuleError};
use crate::event::Event;
use crate::heap::{Collect, Heap, Taken};
use crate::intent::Intent;
use crate::outcome::{HandKind, HandResult};
use crate::phase::Phase;
use crate::ruleset::{Call, Mode, Revoke, RuleSet};
use crate::seat::{MAX_SIDES, Seat, Seats, Side};
use crate::trick::{TWO_OF_HEARTS, Trick};

pub use auction::{Auction, LEAST_BID, MOST_BID};
pub use draw::{HAKEM_DISCARDS, OTHER_DISCARDS};
pub use exchange::Exchange;

/// Redeals allowed in a row by the Under-ten rule (`V-REDEAL`).
pub const MAX_REDEALS: u8 = 2;

/// How trumps were fixed this hand (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrumpCall {
    Announced(Suit),
    Shown(Card),
    /// Deferred; the first card of the caller's next batch fixes trumps once dealt.
    Deferred(Option<Card>),
    /// The indicator lies face down; `revealed` once it is turned over.
    Hidden {
        card: Card,
        revealed: bool,
    },
    /// No call (`V-CALL=first-void`); the card that fixed trumps once a seat could not follow
    /// (RB-TRUMP).
    FirstVoid(Option<Card>),
}

/// The play-on decision after a court (R-PLAYON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayOn {
    Asked(Seat),
    Playing,
}

/// A hand of Court Piece from the shuffle to its result. Every change goes through
/// [`Round::apply`] (a seat's intent) or [`Round::step`] (the deals).
///
/// It is made of two parts that a table may keep apart ([`Round::into_parts`]): the [`Board`],
/// which belongs to the whole table, and one [`Holding`] per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    board: Board,
    holdings: [Holding; 4],
}

/// What one seat holds in a hand: its cards, the cards it laid face down out of play in Hokm for
/// two (known to it alone, R2-DEAL), and the tricks it won (in Double Sar: won, not necessarily
/// collected). Seats the table does not have hold nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holding {
    pub hand: CardSet,
    pub discards: CardSet,
    pub won: u8,
}

/// The table's part of a hand: the rules, the deal, the call, the trick in play and the tricks
/// played, the heap, and where the hand stands. Read through the [`Round`] it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rules: RuleSet,
    seats: Seats,
    seed: u64,
    /// Shuffles of the match so far, this one included: the shuffle's stream number.
    deal_no: u64,
    hand_no: u32,
    dealer: Seat,
    phase: Phase,
    deck: Deck,
    /// Draw turns taken from the stock (R2-DRAW).
    draws: u8,
    /// The bidding of Dabba Rang (RDB-BID).
    auction: Auction,
    /// Satat's card passing after a court (RS-PASS).
    exchange: Option<Exchange>,
    call: Option<TrumpCall>,
    /// Cards known by all to be in a seat's hand: a shown or turned trump, a revealed indicator.
    exposed: CardSet,
    redeals: u8,
    trick: Trick,
    tricks: Vec<Trick>,
    /// Tricks completed and taken, what the end of the hand is judged on.
    tally: Tally,
    heap: Heap,
    play_on: Option<PlayOn>,
    /// The seat that asked for the reveal in this trick and must play a trump if it can.
    must_trump: Option<Seat>,
    /// Revokes of completed tricks, by trick number, and the positions of the uncorrected ones
    /// in the trick in play (`V-REVOKE=penalty`).
    revokes: Vec<(u8, Seat)>,
    open_revokes: [bool; 4],
    result: Option<HandResult>,
}

impl Round {
    /// A new hand: `dealer` shuffles deal number `deal_no` of the match seeded with `seed`.
    pub fn new(rules: &RuleSet, seed: u64, deal_no: u64, hand_no: u32, dealer: Seat) -> Round {
        let seats = rules.seats();
        let mut deck = Deck::shuffled(seed, deal_no);
        deck.remove(rules.removed);
        Round {
            board: Board {
                rules: rules.clone(),
                seats,
                seed,
                deal_no,
                hand_no,
                dealer,
                phase: Phase::Cut,
                deck,
                draws: 0,
                auction: Auction::default(),
                exchange: None,
                call: None,
                exposed: CardSet::EMPTY,
                redeals: 0,
                trick: Trick::at(seats, seats.next(dealer), None).with_top_two(rules.two_of_hearts),
                tricks: Vec::with_capacity(usize::from(rules.tricks())),
                tally: Tally::default(),
                heap: Heap::default(),
                play_on: None,
                must_trump: None,
                revokes: Vec::new(),
                open_revokes: [false; 4],
                result: None,
            },
            holdings: [Holding::default(); 4],
        }
    }

    /// A hand dealt from a stacked deck (before the cut) instead of the seeded shuffle; the
    /// cards the rules take out are taken from it (`V-REMOVED`). A redeal still shuffles from
    /// `seed`.
    pub fn with_deck(rules: &RuleSet, seed: u64, mut deck: Deck, hand_no: u32, dealer: Seat) -> Round {
        deck.remove(rules.removed);
        let mut round = Round::new(rules, seed, 0, hand_no, dealer);
        round.board.deck = deck;
        round
    }

    /// The hand as the table's part and each seat's, to be kept apart.
    pub fn into_parts(self) -> (Board, [Holding; 4]) {
        (self.board, self.holdings)
    }

    /// The hand made whole again from the parts [`Round::into_parts`] gave.
    pub fn from_parts(board: Board, holdings: [Holding; 4]) -> Round {
        Round { board, holdings }
    }

    /// What `seat` holds.
    pub fn holding(&self, seat: Seat) -> Holding {
        self.holdings[seat.index()]
    }

    /// The event that opens the hand, for those who watch it from the start.
    pub fn opening_event(&self) -> Event {
        Event::Shuffled {
            hand: self.board.hand_no,
            dealer: self.board.dealer,
            caller: self.caller(),
        }
    }

    pub fn rules(&self) -> &RuleSet {
        &self.board.rules
    }
    /// The seats at the table (`V-PLAYERS`).
    pub fn seats(&self) -> Seats {
        self.board.seats
    }
    pub fn phase(&self) -> Phase {
        self.board.phase
    }
    pub fn dealer(&self) -> Seat {
        self.board.dealer
    }
    /// The trump-caller (the hâkem) is the seat after the dealer (R-CUT, R3-FIRST, R2-FIRST);
    /// in Dabba Rang, once the bidding is over, the highest announcer (RDB-BID).
    pub fn caller(&self) -> Seat {
        match self.contract() {
            Some((caller, _)) => caller,
            None => self.board.seats.next(self.board.dealer),
        }
    }
    pub fn hand_no(&self) -> u32 {
        self.board.hand_no
    }
    pub fn deal_no(&self) -> u64 {
        self.board.deal_no
    }
    pub fn redeals(&self) -> u8 {
        self.board.redeals
    }
    /// The cards `seat` holds (the face-down indicator is not among them).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.holdings[seat.index()].hand
    }
    pub fn hands(&self) -> [CardSet; 4] {
        self.holdings.map(|h| h.hand)
    }
    pub fn call(&self) -> Option<TrumpCall> {
        self.board.call
    }
    pub fn exposed(&self) -> CardSet {
        self.board.exposed
    }
    pub fn trick(&self) -> &Trick {
        &self.board.trick
    }
    /// Completed tricks of this hand, in order.
    pub fn tricks(&self) -> &[Trick] {
        &self.board.tricks
    }
    /// Tricks won by each seat (in Double Sar: won, not necessarily collected).
    pub fn won(&self) -> [u8; 4] {
        self.holdings.map(|h| h.won)
    }
    /// Tricks each side has taken (in Double Sar: collected from the heap).
    pub fn taken(&self) -> [u8; MAX_SIDES] {
        self.board.tally.taken
    }
    /// Tricks completed and taken: what the end of the hand is judged on.
    pub fn tally(&self) -> Tally {
        self.board.tally
    }
    pub fn heap(&self) -> Heap {
        self.board.heap
    }
    pub fn play_on(&self) -> Option<PlayOn> {
        self.board.play_on
    }
    pub fn must_trump(&self) -> Option<Seat> {
        self.board.must_trump
    }
    pub fn result(&self) -> Option<&HandResult> {
        self.board.result.as_ref()
    }
    /// Revokes in completed tricks so far (`V-REVOKE=penalty`): what a correct claim points at.
    pub fn revokes(&self) -> &[(u8, Seat)] {
        &self.board.revokes
    }

    /// The face-down indicator, while it lies on the table.
    pub fn indicator(&self) -> Option<Card> {
        match self.board.call {
            Some(TrumpCall::Hidden {
                card,
                revealed: false,
            }) => Some(card),
            _ => None,
        }
    }

    /// Trumps as they count on the table now: `None` before the call, while hidden, or after a
    /// defer until the turned card.
    pub fn trumps(&self) -> Option<Suit> {
        match self.board.call? {
            TrumpCall::Announced(s) => Some(s),
            TrumpCall::Shown(c) => Some(c.suit()),
            TrumpCall::Deferred(c) => c.map(Card::suit),
            TrumpCall::Hidden { card, revealed } => revealed.then_some(card.suit()),
            TrumpCall::FirstVoid(c) => c.map(Card::suit),
        }
    }

    /// The trump suit as the caller knows it, hidden or not.
    pub fn secret_trumps(&self) -> Option<Suit> {
        match self.board.call? {
            TrumpCall::Hidden { card, .. } => Some(card.suit()),
            _ => self.trumps(),
        }
    }

    /// May `seat` look at its own cards? Only the caller looks before trumps are chosen (R-CALL).
    pub fn sees_own_cards(&self, seat: Seat) -> bool {
        if Some(seat) == self.board.seats.dummy() && seat != self.caller() {
            // RD-OPEN: the dummy's cards stay face down until all are dealt
            return self.board.phase > Phase::SecondDeal;
        }
        // RDB-BID: everyone bids on their first five
        let bidding = self.board.rules.bidding && self.board.phase >= Phase::Bidding;
        seat == self.caller() || bidding || self.board.phase > Phase::TrumpCall
    }

    /// The seat whose decision the hand waits for, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.board.phase {
            Phase::Cut | Phase::TrumpCall => Some(self.caller()),
            Phase::Bidding => self.board.auction.turn,
            Phase::Discard => Some(self.discarding()),
            Phase::Draw => Some(self.drawing()),
            Phase::Passing => self.giving(),
            Phase::TrickPlay => match self.board.play_on {
                Some(PlayOn::Asked(seat)) => Some(seat),
                _ => self.board.trick.to_play(),
            },
            Phase::FirstDeal | Phase::SecondDeal | Phase::Scoring => None,
        }
    }

    /// Does the hand wait for a deal rather than for a seat?
    pub fn needs_step(&self) -> bool {
        matches!(self.board.phase, Phase::FirstDeal | Phase::SecondDeal)
    }

    /// Performs the deal the phase waits for (R-DEAL1, R-DEAL2). Does nothing in other phases.
    pub fn step(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        match self.board.phase {
            Phase::FirstDeal => {
                let first = self.board.rules.batches.sizes()[0];
                self.deal_batch(first, &mut events);
                if self.board.rules.bidding {
                    self.open_bidding();
                } else if self.board.rules.call == Call::FirstVoid {
                    // RB-DEAL: nobody calls; the rest is dealt and play fixes trumps
                    self.board.call = Some(TrumpCall::FirstVoid(None));
                    self.board.phase = Phase::SecondDeal;
                } else {
                    self.board.phase = Phase::TrumpCall;
                }
            }
            Phase::SecondDeal => {
                for &size in &self.board.rules.batches.sizes()[1..] {
                    self.deal_batch(size, &mut events);
                }
                if let Some(dummy) = self.board.seats.dummy() {
                    // RD-OPEN: the dummy's cards are face up once all are dealt
                    let cards = self.holdings[dummy.index()].hand;
                    self.board.exposed |= cards;
                    events.push(Event::DummyOpened { seat: dummy, cards });
                }
                if self.board.exchange.is_some() {
                    // RS-PASS: the hand after a court passes cards first
                    self.board.phase = Phase::Passing;
                } else {
                    self.start_play();
                }
            }
            _ => {}
        }
        events
    }

    /// The caller leads the first trick (R-LEAD1).
    fn start_play(&mut self) {
        self.board.trick = self.new_trick(self.caller());
        self.board.phase = Phase::TrickPlay;
    }

    /// An empty trick led by `leader`, with trumps as they count now.
    fn new_trick(&self, leader: Seat) -> Trick {
        Trick::at(self.board.seats, leader, self.trumps()).with_top_two(self.board.rules.two_of_hearts)
    }

    fn deal_batch(&mut self, size: u8, events: &mut Vec<Event>) {
        let caller = self.caller();
        for i in 0..self.board.seats.count() {
            let seat = self.board.seats.after(caller, i);
            if seat == caller
                && let Some(TrumpCall::Deferred(None)) = self.board.call
            {
                // V-CALL=defer: the first card of the caller's next batch fixes trumps.
                if let Some(card) = self.board.deck.peek() {
                    self.board.call = Some(TrumpCall::Deferred(Some(card)));
                    self.board.exposed.insert(card);
                    events.push(Event::Dealt { seat, count: size });
                    self.holdings[seat.index()].hand |= self.board.deck.deal(size);
                    events.push(Event::TrumpShown { seat, card });
                    continue;
                }
            }
            self.holdings[seat.index()].hand |= self.board.deck.deal(size);
            events.push(Event::Dealt { seat, count: size });
        }
    }

    /// The cards `seat` may play now (R-FOLLOW, `V-CALL=hidden`), ignoring whose turn it is.
    /// With `V-REVOKE=penalty` any held card may be played, but these are still the legal ones.
    pub fn legal_cards(&self, seat: Seat) -> CardSet {
        let hand = self.holdings[seat.index()].hand;
        let indicator = self
            .indicator()
            .filter(|_| seat == self.caller())
            .map_or(CardSet::EMPTY, CardSet::single);
        let trick = &self.board.trick;
        let any = if hand.is_empty() { indicator } else { hand };
        let Some(led) = trick.led_suit().filter(|_| !trick.is_free()) else {
            // Leading: any card (R-LEADANY); the indicator only once nothing else is left. The
            // same after a 2♥ played before trumps were known (RS-TWO).
            return any;
        };
        // RS-TWO: the 2♥ may be played to any trick, and a player whose only card of the suit
        // led is the 2♥ (its only trump, when trumps are led) need not follow
        let two = if trick.has_top_two() {
            hand & CardSet::single(TWO_OF_HEARTS)
        } else {
            CardSet::EMPTY
        };
        let follow = trick.of_suit(hand, led) - two;
        if !follow.is_empty() {
            return follow | two;
        }
        if indicator.has_suit(led) {
            // For following suit the face-down card counts as part of the caller's hand: the
            // caller must play it, which reveals trumps.
            return indicator | two;
        }
        if self.board.must_trump == Some(seat)
            && let Some(trumps) = self.trumps()
            && !trick.of_suit(hand, trumps).is_empty()
        {
            return trick.of_suit(hand, trumps);
        }
        any
    }

    /// Every intent `seat` may make now. Revoke claims are listed only where they are true, so
    /// that a list of choices never invites a losing claim.
    pub fn legal_intents(&self, seat: Seat) -> Vec<Intent> {
        let mut out = Vec::new();
        if self.to_act() != Some(seat) {
            self.push_corrections(seat, &mut out);
            self.push_claims(&mut out);
            return out;
        }
        match self.board.phase {
            Phase::Cut => out.extend(self.board.deck.cuts().map(|at| Intent::Cut { at })),
            Phase::Bidding => self.bid_intents(&mut out),
            Phase::TrumpCall => {
                let hand = self.holdings[seat.index()].hand;
                match self.board.rules.call {
                    Call::Announce => out.extend(Suit::ALL.map(|suit| Intent::Call { suit })),
                    Call::Show => out.extend(self.indicators(hand).map(|card| Intent::Show { card })),
                    Call::Hidden => out.extend(self.indicators(hand).map(|card| Intent::Hide { card })),
                    Call::FirstVoid => {}
                }
                if self.board.rules.defer {
                    out.push(Intent::Defer);
                }
                if self.redeal_refusal().is_none() {
                    out.push(Intent::Redeal);
                }
            }
            Phase::Discard => self.discard_intents(seat, &mut out),
            Phase::Draw => out.extend([Intent::Keep, Intent::Decline]),
            Phase::Passing => self.give_intents(seat, &mut out),
            Phase::TrickPlay => {
                if let Some(PlayOn::Asked(_)) = self.board.play_on {
                    out.push(Intent::PlayOn);
                    out.push(Intent::Stop);
                } else {
                    let legal = if self.board.rules.revoke == Revoke::Penalty {
                        self.legal_cards(seat) | self.holdings[seat.index()].hand
                    } else {
                        self.legal_cards(seat)
                    };
                    out.extend(legal.iter().map(|card| Intent::Play { card }));
                    if let Some(ind) = self.indicator()
                        && legal.contains(ind)
                    {
                        out.push(Intent::Play { card: ind });
                    }
                    if self.reveal_refusal(seat).is_none() {
                        out.push(Intent::Reveal);
                    }
                }
                self.push_corrections(seat, &mut out);
                self.push_claims(&mut out);
            }
            _ => {}
        }
        out
    }

    fn push_corrections(&self, seat: Seat, out: &mut Vec<Intent>) {
        if self.board.phase != Phase::TrickPlay {
            return;
        }
        if let Some(pos) = self.open_revoke_of(seat) {
            out.extend(
                self.correction_cards(seat, pos)
                    .iter()
                    .map(|card| Intent::Correct { card }),
            );
        }
    }

    /// The position of `seat`'s uncorrected revoke in the trick in play.
    fn open_revoke_of(&self, seat: Seat) -> Option<usize> {
        (0..self.board.seats.count()).find(|&pos| {
            self.board.open_revokes[pos] && self.board.seats.after(self.board.trick.leader, pos) == seat
        })
    }

    fn push_claims(&self, out: &mut Vec<Intent>) {
        if self.board.rules.revoke == Revoke::Penalty && self.board.phase == Phase::TrickPlay {
            out.extend(
                self.provable_revokes()
                    .map(|(trick, accused)| Intent::Claim { seat: accused, trick }),
            );
        }
    }

    /// Revokes the whole table can prove: the accused has since played, or shown, a card of the
    /// suit they failed to follow. Only these are offered, so the list of choices leaks nothing.
    pub fn provable_revokes(&self) -> impl Iterator<Item = (u8, Seat)> + '_ {
        self.board
            .revokes
            .iter()
            .copied()
            .filter(move |&(number, accused)| {
                let Some(led) = self.board.tricks[number as usize - 1].led_suit() else {
                    return false;
                };
                let later = self.board.tricks[number as usize..]
                    .iter()
                    .chain(std::iter::once(&self.board.trick))
                    .filter_map(|t| t.card_of(accused));
                let shown = self.board.exposed & self.holdings[accused.index()].hand;
                later.chain(shown.iter()).any(|c| c.suit() == led)
            })
    }

    /// The legal replacements for the revoke at `pos` of the trick in play.
    fn correction_cards(&self, seat: Seat, pos: usize) -> CardSet {
        let Some(led) = self.board.trick.led_suit() else {
            return CardSet::EMPTY;
        };
        let revoked = self.board.trick.card_of(seat);
        let hand = self.holdings[seat.index()].hand | revoked.map_or(CardSet::EMPTY, CardSet::single);
        let follow = if pos == 0 { hand } else { hand.of_suit(led) };
        match revoked {
            Some(card) => follow - CardSet::single(card),
            None => follow,
        }
    }

    fn redeal_refusal(&self) -> Option<RuleError> {
        if !self.board.rules.redeal {
            Some(RuleError::NotInRules(NotInRules::Redeal))
        } else if self.holdings[self.caller().index()].hand.has_face_or_ace() {
            Some(RuleError::Barred(Barred::FaceOrAceHeld))
        } else if self.board.redeals >= MAX_REDEALS {
            Some(RuleError::Barred(Barred::RedealsUsedUp))
        } else {
            None
        }
    }

    fn reveal_refusal(&self, seat: Seat) -> Option<Barred> {
        if self.indicator().is_none() {
            return Some(Barred::NoIndicator);
        }
        let trick = &self.board.trick;
        let Some(led) = trick.led_suit() else {
            return Some(Barred::CanFollow);
        };
        if trick.is_free() {
            return Some(Barred::TrickFreed);
        }
        let hand = self.holdings[seat.index()].hand;
        let holds_led = !trick.of_suit(hand, led).is_empty()
            || (seat == self.caller() && self.indicator().is_some_and(|c| c.suit() == led));
        holds_led.then_some(Barred::CanFollow)
    }

    /// Applies `seat`'s intent. On an error nothing has changed.
    pub fn apply(&mut self, seat: Seat, intent: Intent) -> Result<Vec<Event>, RuleError> {
        if let Intent::Claim { seat: accused, trick } = intent {
            return self.claim(seat, accused, trick);
        }
        if let Intent::Correct { card } = intent {
            return self.correct(seat, card);
        }
        let Some(expected) = self.to_act() else {
            return Err(RuleError::NobodyToAct {
                phase: self.board.phase,
            });
        };
        let wrong_phase = || RuleError::WrongPhase {
            phase: self.board.phase,
            intent,
        };
        let phase_ok = match intent {
            Intent::Cut { .. } => self.board.phase == Phase::Cut,
            Intent::Call { .. }
            | Intent::Show { .. }
            | Intent::Hide { .. }
            | Intent::Defer
            | Intent::Redeal => self.board.phase == Phase::TrumpCall,
            Intent::Bid { .. } | Intent::Pass => self.board.phase == Phase::Bidding,
            Intent::Discard { .. } => self.board.phase == Phase::Discard,
            Intent::Keep | Intent::Decline => self.board.phase == Phase::Draw,
            Intent::Give { .. } => self.board.phase == Phase::Passing,
            Intent::Play { .. } | Intent::Reveal => {
                self.board.phase == Phase::TrickPlay && !matches!(self.board.play_on, Some(PlayOn::Asked(_)))
            }
            Intent::PlayOn | Intent::Stop => matches!(self.board.play_on, Some(PlayOn::Asked(_))),
            Intent::Correct { .. } | Intent::Claim { .. } => true,
        };
        if !phase_ok {
            return Err(wrong_phase());
        }
        if expected != seat {
            return Err(RuleError::NotYourTurn { expected, got: seat });
        }
        let mut events = Vec::new();
        match intent {
            Intent::Cut { at } => {
                if !self.board.deck.cut(at) {
                    return Err(RuleError::CutOutOfRange { at });
                }
                events.push(Event::Cut { seat, at });
                self.board.phase = Phase::FirstDeal;
            }
            Intent::Call { suit } => {
                self.require_call(Call::Announce, NotInRules::Announce)?;
                self.board.call = Some(TrumpCall::Announced(suit));
                events.push(Event::TrumpsCalled { seat, suit });
                self.board.phase = self.after_call();
            }
            Intent::Show { card } => {
                self.require_call(Call::Show, NotInRules::Show)?;
                self.require_held(seat, card)?;
                self.require_suited(card)?;
                self.board.call = Some(TrumpCall::Shown(card));
                self.board.exposed.insert(card);
                events.push(Event::TrumpShown { seat, card });
                self.board.phase = self.after_call();
            }
            Intent::Hide { card } => {
                self.require_call(Call::Hidden, NotInRules::Hide)?;
                self.require_held(seat, card)?;
                self.require_suited(card)?;
                self.holdings[seat.index()].hand.remove(card);
                self.board.call = Some(TrumpCall::Hidden {
                    card,
                    revealed: false,
                });
                events.push(Event::IndicatorLaid { seat });
                self.board.phase = self.after_call();
            }
            Intent::Defer => {
                if !self.board.rules.defer {
                    return Err(RuleError::NotInRules(NotInRules::Defer));
                }
                self.board.call = Some(TrumpCall::Deferred(None));
                events.push(Event::Deferred { seat });
                self.board.phase = self.after_call();
            }
            Intent::Redeal => {
                if let Some(refusal) = self.redeal_refusal() {
                    return Err(refusal);
                }
                let redeals = self.board.redeals + 1;
                *self = Round::new(
                    &self.board.rules,
                    self.board.seed,
                    self.board.deal_no + 1,
                    self.board.hand_no,
                    self.board.dealer,
                )
                .with_exchange(self.board.exchange);
                self.board.redeals = redeals;
                events.push(Event::Redeal { seat, redeals });
                events.push(self.opening_event());
            }
            Intent::Bid { tricks } => self.bid(seat, Some(tricks), &mut events)?,
            Intent::Pass => self.bid(seat, None, &mut events)?,
            Intent::Discard { cards } => self.discard(seat, cards, &mut events)?,
            Intent::Keep => self.draw(seat, true, &mut events),
            Intent::Decline => self.draw(seat, false, &mut events),
            Intent::Give { cards } => self.give(seat, cards, &mut events)?,
            Intent::Play { card } => self.play(seat, card, &mut events)?,
            Intent::Reveal => {
                if let Some(why) = self.reveal_refusal(seat) {
                    return Err(RuleError::Barred(why));
                }
                events.push(Event::RevealAsked { seat });
                self.reveal(&mut events);
                self.board.must_trump = Some(seat);
            }
            Intent::PlayOn => {
                self.board.play_on = Some(PlayOn::Playing);
                self.board.tally.playing_on = true;
                events.push(Event::PlayedOn { seat });
            }
            Intent::Stop => {
                events.push(Event::Stopped { seat });
                let winner = self.board.seats.side(seat);
                self.finish(winner, HandKind::Court, &mut events);
            }
            Intent::Correct { .. } | Intent::Claim { .. } => {}
        }
        Ok(events)
    }

    /// The phase that follows the call: the discards at a table that draws (R2-DEAL), the
    /// second deal everywhere else (R-DEAL2).
    fn after_call(&self) -> Phase {
        if self.board.rules.batches.draws() {
            Phase::Discard
        } else {
            Phase::SecondDeal
        }
    }

    fn require_call(&self, call: Call, otherwise: NotInRules) -> Result<(), RuleError> {
        if self.board.rules.call == call {
            Ok(())
        } else {
            Err(RuleError::NotInRules(otherwise))
        }
    }

    /// The cards that may fix trumps by their suit: not the 2♥ of Satat, which belongs to
    /// whatever suit is trumps (RS-TWO).
    fn indicators(&self, hand: CardSet) -> impl Iterator<Item = Card> {
        let two = self.board.trick.has_top_two();
        hand.iter().filter(move |&c| !two || c != TWO_OF_HEARTS)
    }

    fn require_suited(&self, card: Card) -> Result<(), RuleError> {
        if self.board.trick.has_top_two() && card == TWO_OF_HEARTS {
            Err(RuleError::TwoNamesNoSuit)
        } else {
            Ok(())
        }
    }

    fn require_held(&self, seat: Seat, card: Card) -> Result<(), RuleError> {
        if self.holdings[seat.index()].hand.contains(card) {
            Ok(())
        } else {
            Err(RuleError::CardNotHeld { card })
        }
    }

    /// Turns the indicator over: trumps count from here on, and the card returns to the caller.
    fn reveal(&mut self, events: &mut Vec<Event>) {
        if let Some(TrumpCall::Hidden {
            card,
            revealed: false,
        }) = self.board.call
        {
            self.board.call = Some(TrumpCall::Hidden { card, revealed: true });
            self.holdings[self.caller().index()].hand.insert(card);
            self.board.exposed.insert(card);
            self.board.trick.reveal_trumps(card.suit());
            events.push(Event::TrumpsRevealed {
                suit: card.suit(),
                card,
            });
        }
    }

    fn play(&mut self, seat: Seat, card: Card, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let is_indicator = self.indicator() == Some(card) && seat == self.caller();
        if !is_indicator && !self.holdings[seat.index()].hand.contains(card) {
            return Err(RuleError::CardNotHeld { card });
        }
        let legal = self.legal_cards(seat);
        if !legal.contains(card) {
            let refusal = refusal(
                &self.board.trick,
                legal,
                is_indicator,
                self.trumps().filter(|_| self.board.must_trump == Some(seat)),
            );
            if self.board.rules.revoke == Revoke::Prevent || is_indicator {
                return Err(refusal);
            }
            // V-REVOKE=penalty: the card is accepted; the revoke may be corrected or claimed.
            self.board.open_revokes[self.board.trick.len()] = true;
        }
        if is_indicator {
            self.reveal(events);
        }
        // RB-TRUMP: the first card of a seat that cannot follow fixes trumps, and counts as one
        let fixes = self.board.call == Some(TrumpCall::FirstVoid(None))
            && self.board.trick.led_suit().is_some_and(|led| card.suit() != led);
        if fixes {
            self.board.call = Some(TrumpCall::FirstVoid(Some(card)));
            self.board.trick.reveal_trumps(card.suit());
        }
        self.holdings[seat.index()].hand.remove(card);
        self.board.trick.push(card);
        events.push(Event::Played { seat, card });
        if fixes {
            events.push(Event::TrumpsFixed { seat, card });
        }
        if self.board.trick.is_complete() {
            self.complete_trick(events);
        }
        Ok(())
    }

    fn correct(&mut self, seat: Seat, card: Card) -> Result<Vec<Event>, RuleError> {
        if self.board.phase != Phase::TrickPlay {
            return Err(RuleError::WrongPhase {
                phase: self.board.phase,
                intent: Intent::Correct { card },
            });
        }
        let Some(pos) = self.open_revoke_of(seat) else {
            return Err(RuleError::NothingToCorrect);
        };
        if !self.correction_cards(seat, pos).contains(card) {
            return match self.board.trick.led_suit() {
                Some(suit) if self.holdings[seat.index()].hand.contains(card) => {
                    Err(RuleError::MustFollowSuit { suit })
                }
                _ => Err(RuleError::CardNotHeld { card }),
            };
        }
        let back = self.board.trick.take_back_from(pos);
        let mut returned = CardSet::EMPTY;
        for (s, c) in back {
            self.holdings[s.index()].hand.insert(c);
            returned.insert(c);
        }
        for open in &mut self.board.open_revokes[pos..] {
            *open = false;
        }
        let mut events = vec![Event::Corrected { seat, returned }];
        self.play(seat, card, &mut events)?;
        Ok(events)
    }

    fn claim(&mut self, by: Seat, accused: Seat, trick: u8) -> Result<Vec<Event>, RuleError> {
        if self.board.rules.revoke != Revoke::Penalty {
            return Err(RuleError::NotInRules(NotInRules::RevokeClaims));
        }
        if self.board.phase != Phase::TrickPlay {
            return Err(RuleError::WrongPhase {
                phase: self.board.phase,
                intent: Intent::Claim { seat: accused, trick },
            });
        }
        if trick == 0 || trick as usize > self.board.tricks.len() {
            return Err(RuleError::NoSuchTrick { trick });
        }
        let upheld = self.board.revokes.contains(&(trick, accused));
        let mut events = vec![Event::RevokeClaimed {
            by,
            accused,
            trick,
            upheld,
        }];
        if upheld {
            self.finish(
                self.board.seats.side(accused).other(),
                HandKind::Revoke,
                &mut events,
            );
        } else {
            self.finish(
                self.board.seats.side(by).other(),
                HandKind::FalseClaim,
                &mut events,
            );
        }
        Ok(events)
    }

    fn complete_trick(&mut self, events: &mut Vec<Event>) {
        let Some((winner, card)) = self.board.trick.winner() else {
            return;
        };
        let number = u8::try_from(self.board.tricks.len() + 1).unwrap_or(u8::MAX);
        for pos in 0..self.board.seats.count() {
            if std::mem::take(&mut self.board.open_revokes[pos]) {
                self.board
                    .revokes
                    .push((number, self.board.seats.after(self.board.trick.leader, pos)));
            }
        }
        self.board.tricks.push(self.board.trick);
        self.holdings[winner.index()].won += 1;
        self.board.must_trump = None;
        events.push(Event::TrickWon {
            seat: winner,
            card,
            number,
        });
        let side = self.board.seats.side(winner);
        let trick = Taken::trick(self.board.trick.cards());
        let taken = match self.board.rules.mode {
            Mode::SingleSar => trick,
            Mode::DoubleSar => {
                let collected = self.board.heap.add(
                    winner,
                    card,
                    number,
                    trick,
                    Collect::of(&self.board.rules),
                    self.board.trick.trumps_at_end(),
                );
                if let Some(taken) = collected {
                    events.push(Event::HeapCollected {
                        seat: winner,
                        tricks: taken.tricks,
                        tens: taken.tens,
                    });
                }
                collected.unwrap_or(Taken::NOTHING)
            }
        };
        self.board.tally.add(side, taken);
        self.board.trick = self.new_trick(winner);
        match Ending::of(&self.board.rules)
            .after_trick(&self.board.tally, self.board.seats.side(self.caller()))
        {
            Verdict::Over(winner_side, kind) => self.finish(winner_side, kind, events),
            Verdict::AskPlayOn => {
                self.board.play_on = Some(PlayOn::Asked(winner));
                events.push(Event::PlayOnAsked { seat: winner });
            }
            Verdict::GoesOn => {}
        }
    }

    fn finish(&mut self, winner: Side, kind: HandKind, events: &mut Vec<Event>) {
        let result = HandResult {
            winner,
            kind,
            tricks: self.board.tally.taken,
            tens: self.board.tally.tens,
            dealer: self.board.dealer,
            caller: self.caller(),
        };
        self.board.result = Some(result);
        self.board.play_on = None;
        self.board.phase = Phase::Scoring;
        events.push(Event::HandOver { result });
        // R-ENDSEEN: what was left is shown to all; an unrevealed indicator goes back to its hand.
        let mut hands = self.hands();
        if let Some(card) = self.indicator() {
            hands[self.caller().index()].insert(card);
        }
        events.push(Event::HandsShown { hands });
    }
}

/// Why a held card that is not among the `legal` ones may not be played to `trick` (R-FOLLOW,
/// `V-CALL=hidden`): the one wording of the table's refusal and of a player's view of it.
/// `must_trump` is the trump suit when the player asked for the reveal and must trump.
pub(crate) fn refusal(
    trick: &Trick,
    legal: CardSet,
    is_indicator: bool,
    must_trump: Option<Suit>,
) -> RuleError {
    match trick.led_suit() {
        _ if is_indicator => RuleError::IndicatorHeldBack,
        Some(led) if legal.has_suit(led) => RuleError::MustFollowSuit { suit: led },
        _ => match must_trump {
            Some(suit) => RuleError::MustPlayTrump { suit },
            None => RuleError::IndicatorHeldBack,
        },
    }
}
