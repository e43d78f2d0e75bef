//! Typed errors: an intent the rules refuse, or text that does not parse. Refusals are data (they
//! travel to a client, which words them); each says which rule stands in the way.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, Suit};
use crate::intent::Intent;
use crate::phase::Phase;
use crate::seat::Seat;

/// Why an intent was refused. The state is unchanged whenever one of these is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("it is not {got}'s turn (waiting for {expected})")]
    NotYourTurn { expected: Seat, got: Seat },
    #[error("nobody acts now: the hand is in its {phase} phase")]
    NobodyToAct { phase: Phase },
    #[error("{} is not possible in the {phase} phase", intent.name())]
    WrongPhase { phase: Phase, intent: Intent },
    #[error("{card} is not in that hand")]
    CardNotHeld { card: Card },
    #[error("must follow suit: {} were led", suit.name())]
    MustFollowSuit { suit: Suit },
    #[error("must play a trump ({}) after asking for the reveal", suit.name())]
    MustPlayTrump { suit: Suit },
    #[error("the face-down indicator may only be played when no other card may")]
    IndicatorHeldBack,
    #[error("the cut must leave at least 4 cards in each part (cut at {at}, allowed 4..=48)")]
    CutOutOfRange { at: u8 },
    #[error("{0}")]
    NotInRules(NotInRules),
    #[error("{0}")]
    Barred(Barred),
    #[error("there is no revoke of yours to correct in this trick")]
    NothingToCorrect,
    #[error("trick {trick} is not a completed trick of this hand")]
    NoSuchTrick { trick: u8 },
    #[error("announce from 7 to 13 tricks, more than the last announcement: {least} at least (RDB-BID)")]
    BidTooLow { least: u8 },
    #[error("nobody announced: the seat after the dealer must announce 7 (RDB-BID)")]
    MustAnnounce,
    #[error("discard {expected} cards here, not {got} (R2-DEAL)")]
    DiscardCount { expected: u8, got: u8 },
    #[error("pass {expected} cards here, not {got} (RS-PASS)")]
    GiveCount { expected: u8, got: u8 },
    #[error(
        "the side that lost the court passes its highest trump, or its highest card without one, never the 2♥ (RS-PASS)"
    )]
    MustGiveBest,
    #[error("the last card of a plain suit may not be passed (RS-PASS)")]
    KeepLastOfSuit,
    #[error("the 2♥ belongs to whatever suit is trumps: it can not name them (RS-TWO)")]
    TwoNamesNoSuit,
    #[error("the match is over")]
    MatchOver,
}

/// An intent that belongs to another rule set than the one in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotInRules {
    #[error("trumps are not called by naming a suit here (V-CALL is not announce)")]
    Announce,
    #[error("trumps are not called by showing a card here (V-CALL is not show)")]
    Show,
    #[error("trumps are not called with a face-down card here (V-CALL is not hidden)")]
    Hide,
    #[error("the rules in force have no defer (V-CALL=defer)")]
    Defer,
    #[error("the rules in force have no redeal (V-REDEAL)")]
    Redeal,
    #[error("revoke claims need V-REVOKE=penalty")]
    RevokeClaims,
}

/// An intent of these rules that the state of the hand does not allow now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Barred {
    #[error("a redeal is refused: the first five cards hold a J, Q, K or A (V-REDEAL)")]
    FaceOrAceHeld,
    #[error("a redeal is refused: at most two redeals in a row (V-REDEAL)")]
    RedealsUsedUp,
    #[error("the trump indicator can not be revealed: there is no face-down indicator")]
    NoIndicator,
    #[error("the trump indicator can not be revealed: only a player who can not follow suit may ask")]
    CanFollow,
    #[error(
        "the trump indicator can not be revealed: after the 2♥ nobody need follow in this trick (RS-TWO)"
    )]
    TrickFreed,
}

/// A rule set this implementation does not play: options that contradict each other or values
/// out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesConflict {
    #[error("{0} players are not played here; four, three or two are (V-PLAYERS)")]
    Players(u8),
    #[error(
        "a table of {players} with {cards} cards can not be dealt {batches} (V-BATCHES): batches \
         share the deck out evenly at three or four, and 5-draw is for two players with the whole pack"
    )]
    Batches {
        players: u8,
        cards: u32,
        batches: crate::ruleset::Batches,
    },
    #[error(
        "a table of {0} plays Hokm (§9): Single Sar, trumps announced, Hokm scoring, no redeal or revoke penalty"
    )]
    SmallTable(u8),
    #[error(
        "Dummy Rang (RD-PLAY, RD-SCORE) is four hands with a dummy, Double Sar, all thirteen tricks \
         played, trumps called openly, no revoke penalty, the first driver and dealer at random, and \
         tricks scored per person"
    )]
    Dummy,
    #[error("V-CALL=defer goes with announce or show, not hidden")]
    DeferHidden,
    #[error(
        "trumps fixed by the first void (V-CALL=first-void) are played at four seats in Double Sar, \
         with no defer, no redeal and no revoke penalty"
    )]
    FirstVoid,
    #[error(
        "the bidding of Dabba Rang (RDB-BID) is played at four seats in two teams, in Double Sar, \
         with a face-down indicator, courts, no redeal and no revoke penalty; V-DABBA-ACES goes \
         with it"
    )]
    Bidding,
    #[error("tens are counted (RM-HEAP) at four seats in two teams, in Double Sar")]
    Tens,
    #[error(
        "Satat's 2♥ (RS-TWO, RS-PASS) is played at four seats in two teams, Single Sar, trumps \
         named, shown or hidden, tricks and courts counted, no defer and no revoke penalty"
    )]
    TwoOfHearts,
    #[error("V-FIRSTCOLLECT is at most 13 (got {0})")]
    FirstCollect(u8),
    #[error("V-TARGET must be at least 1")]
    ZeroTarget,
    #[error("the number of hands must be at least 1")]
    ZeroHands,
}

/// Text or data that can not be read: a card name, a PBN deal, a preset, a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("not a card: {0:?} (write rank then suit, e.g. AS, TH, 10H, 2C)")]
    Card(String),
    #[error("not a suit: {0:?} (S, H, D, C)")]
    Suit(String),
    #[error(
        "unknown rules preset {0:?} (court-piece, double-sar, hidden-rang, hokm, troefcall, hokm-3, hokm-2, dummy, be-ranga, mindi, dabba, satat)"
    )]
    Preset(String),
    #[error("rule set refused: {0}")]
    Rules(#[from] RulesConflict),
    #[error("bad PBN deal: {0}")]
    Pbn(String),
}
