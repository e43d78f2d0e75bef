//! Typed errors: an intent the rules refuse, or text that does not parse.

use thiserror::Error;

use crate::card::{Card, Suit};
use crate::round::Phase;
use crate::seat::Seat;

/// Why an intent was refused. The state is unchanged whenever one of these is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("it is not {got}'s turn (waiting for {expected})")]
    NotYourTurn { expected: Seat, got: Seat },
    #[error("nobody acts now: the hand is in its {phase} phase")]
    NobodyToAct { phase: Phase },
    #[error("{intent} is not possible in the {phase} phase")]
    WrongPhase { phase: Phase, intent: &'static str },
    #[error("{card} is not in that hand")]
    CardNotHeld { card: Card },
    #[error("must follow suit: {suit} was led")]
    MustFollowSuit { suit: Suit },
    #[error("must play a trump ({suit}) after asking for the reveal")]
    MustPlayTrump { suit: Suit },
    #[error("the face-down indicator may only be played when no other card may")]
    IndicatorHeldBack,
    #[error("the cut must leave at least 4 cards in each part (cut at {at}, allowed 4..=48)")]
    CutOutOfRange { at: u8 },
    #[error("{0}")]
    NotAllowed(&'static str),
    #[error("a redeal is refused: {0}")]
    RedealRefused(&'static str),
    #[error("the trump indicator can not be revealed: {0}")]
    RevealRefused(&'static str),
    #[error("there is no revoke of yours to correct in this trick")]
    NothingToCorrect,
    #[error("trick {trick} is not a completed trick of this hand")]
    NoSuchTrick { trick: u8 },
    #[error("the match is over")]
    MatchOver,
}

/// Text or data that can not be read: a card name, a PBN deal, a preset, a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("not a card: {0:?} (write rank then suit, e.g. AS, TH, 10H, 2C)")]
    Card(String),
    #[error("not a suit: {0:?} (S, H, D, C)")]
    Suit(String),
    #[error("unknown rules preset {0:?} (court-piece, double-sar, hidden-rang, hokm, troefcall)")]
    Preset(String),
    #[error("rule set refused: {0}")]
    Rules(String),
    #[error("bad PBN deal: {0}")]
    Pbn(String),
}
