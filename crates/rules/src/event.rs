//! What everyone at the table sees happen. Events never carry a card that is not public.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::outcome::HandResult;
use crate::score::MatchScore;
use crate::seat::{Seat, Side};

/// A public event of the hand or the match, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A new hand: the dealer shuffles (R-CUT). `hand` counts from 1; a redeal keeps the number.
    Shuffled {
        hand: u32,
        dealer: Seat,
        caller: Seat,
    },
    /// The caller cut the deck at `at` (R-CUT).
    Cut {
        seat: Seat,
        at: u8,
    },
    /// `count` cards were dealt face down to `seat` (R-DEAL1, R-DEAL2).
    Dealt {
        seat: Seat,
        count: u8,
    },
    /// Trumps were named (`V-CALL=announce`).
    TrumpsCalled {
        seat: Seat,
        suit: Suit,
    },
    /// A card shown face up fixes trumps: shown by the caller, or turned from the next batch
    /// after a defer. It stays in the caller's hand.
    TrumpShown {
        seat: Seat,
        card: Card,
    },
    /// The caller laid the hidden indicator face down.
    IndicatorLaid {
        seat: Seat,
    },
    /// The caller deferred: the first card of the next batch will fix trumps.
    Deferred {
        seat: Seat,
    },
    /// The caller asked for a redeal; `redeals` in a row so far.
    Redeal {
        seat: Seat,
        redeals: u8,
    },
    /// `seat` announced that its team will collect `tricks` tricks (RDB-BID).
    Announced {
        seat: Seat,
        tricks: u8,
    },
    /// `seat` passed in the bidding (RDB-BID).
    Passed {
        seat: Seat,
    },
    /// The bidding is over: `seat` is the caller and its team plays for `tricks` (RDB-BID).
    Contract {
        seat: Seat,
        tricks: u8,
    },
    /// `seat` laid `count` cards face down out of play (R2-DEAL). Which cards, nobody else learns.
    Discarded {
        seat: Seat,
        count: u8,
    },
    /// `seat` took the top two cards of the stock, kept one and discarded the other face down
    /// (R2-DRAW); `left` cards remain in the stock.
    Drew {
        seat: Seat,
        left: u8,
    },
    /// `seat` put down `count` cards to pass to `to` after a court (RS-PASS). Which cards, only
    /// the two of them learn.
    CardsGiven {
        seat: Seat,
        to: Seat,
        count: u8,
    },
    /// Everyone has put their cards down, and each takes up what was passed to it (RS-PASS).
    CardsExchanged,
    /// All cards are dealt and the dummy's hand is turned face up for everyone (RD-OPEN).
    DummyOpened {
        seat: Seat,
        cards: CardSet,
    },
    /// A card was played to the trick.
    Played {
        seat: Seat,
        card: Card,
    },
    /// `seat`, unable to follow, asked for the indicator.
    RevealAsked {
        seat: Seat,
    },
    /// The indicator was turned over: trumps are known to all, and the card is back in the
    /// caller's hand.
    TrumpsRevealed {
        suit: Suit,
        card: Card,
    },
    /// `seat`, unable to follow, fixed trumps with the card it just played (RB-TRUMP).
    TrumpsFixed {
        seat: Seat,
        card: Card,
    },
    /// The trick is complete: `seat` won it with `card`. `number` counts from 1.
    TrickWon {
        seat: Seat,
        card: Card,
        number: u8,
    },
    /// Double Sar: `seat` collected `tricks` tricks from the heap for their team, with `tens`
    /// tens in them (RM-HEAP).
    HeapCollected {
        seat: Seat,
        tricks: u8,
        #[serde(default)]
        tens: u8,
    },
    /// `seat` won the first seven tricks for the team and is asked to play on or stop.
    PlayOnAsked {
        seat: Seat,
    },
    PlayedOn {
        seat: Seat,
    },
    Stopped {
        seat: Seat,
    },
    /// `seat` took back their revoke and the cards played after it (`V-REVOKE=penalty`).
    Corrected {
        seat: Seat,
        returned: CardSet,
    },
    /// A revoke was claimed; `upheld` says whether `accused` did revoke in `trick`.
    RevokeClaimed {
        by: Seat,
        accused: Seat,
        trick: u8,
        upheld: bool,
    },
    /// The hand is over.
    HandOver {
        result: HandResult,
    },
    /// The cards still held when the hand stopped, shown to all (R-ENDSEEN).
    HandsShown {
        hands: [CardSet; 4],
    },
    /// The score after the hand.
    HandScored {
        score: MatchScore,
    },
    /// Who deals and who calls next (R-ROT, R-ROT-HOKM).
    NextDealer {
        dealer: Seat,
        caller: Seat,
    },
    /// The match is over; `winner` is `None` for a draw.
    MatchOver {
        winner: Option<Side>,
        score: MatchScore,
    },
}
