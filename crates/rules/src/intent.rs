//! What a seat may ask of the table: the intents of every phase.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::seat::Seat;

/// One decision of one seat. The rules check it; a refused intent changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Intent {
    /// Cut the deck, lifting the top `at` cards (R-CUT).
    Cut { at: u8 },
    /// Name a suit as trumps (`V-CALL=announce`).
    Call { suit: Suit },
    /// Show one of the five cards face up; its suit is trumps (`V-CALL=show`).
    Show { card: Card },
    /// Lay one of the five cards face down as the hidden trump indicator (`V-CALL=hidden`).
    Hide { card: Card },
    /// Let the first card of the next batch fix trumps (`V-CALL=defer`).
    Defer,
    /// Ask for a redeal: no J, Q, K or A in the first five (`V-REDEAL`).
    Redeal,
    /// Announce that one's team will collect `tricks` tricks (RDB-BID).
    Bid { tricks: u8 },
    /// Let the bidding pass to the next seat (RDB-BID).
    Pass,
    /// Lay these cards face down out of play: three for the hâkem, two for the other (R2-DEAL).
    Discard { cards: CardSet },
    /// Keep the card looked at from the stock; the next one is discarded (R2-DRAW).
    Keep,
    /// Discard the card looked at and take the next one instead (R2-DRAW).
    Decline,
    /// Pass these cards to the seat one exchanges with after a court (RS-PASS).
    Give { cards: CardSet },
    /// Play a card to the trick.
    Play { card: Card },
    /// Unable to follow suit, ask for the hidden indicator to be turned over (`V-CALL=hidden`).
    Reveal,
    /// After a court, play on for all 13 tricks (R-PLAYON).
    PlayOn,
    /// After a court, stop the hand (R-PLAYON).
    Stop,
    /// Replace one's own revoke in the trick still in play (`V-REVOKE=penalty`).
    Correct { card: Card },
    /// Claim that `seat` revoked in completed trick number `trick` (`V-REVOKE=penalty`).
    Claim { seat: Seat, trick: u8 },
}

impl Intent {
    /// A short name for messages.
    pub const fn name(&self) -> &'static str {
        match self {
            Intent::Cut { .. } => "cut",
            Intent::Call { .. } => "call trumps",
            Intent::Show { .. } => "show a trump",
            Intent::Hide { .. } => "lay the trump indicator",
            Intent::Defer => "defer",
            Intent::Redeal => "ask for a redeal",
            Intent::Bid { .. } => "announce",
            Intent::Pass => "pass",
            Intent::Discard { .. } => "discard",
            Intent::Keep => "keep the card",
            Intent::Decline => "take the next card",
            Intent::Give { .. } => "pass cards",
            Intent::Play { .. } => "play a card",
            Intent::Reveal => "ask for the reveal",
            Intent::PlayOn => "play on",
            Intent::Stop => "stop",
            Intent::Correct { .. } => "correct a revoke",
            Intent::Claim { .. } => "claim a revoke",
        }
    }
}

impl fmt::Display for Intent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Intent::Cut { at } => write!(f, "cut at {at}"),
            Intent::Call { suit } => write!(f, "call {}", suit.name()),
            Intent::Show { card } => write!(f, "show {card}"),
            Intent::Hide { card } => write!(f, "hide {card}"),
            Intent::Discard { cards } => {
                f.write_str("discard")?;
                cards.iter().try_for_each(|card| write!(f, " {card}"))
            }
            Intent::Give { cards } => {
                f.write_str("give")?;
                cards.iter().try_for_each(|card| write!(f, " {card}"))
            }
            Intent::Bid { tricks } => write!(f, "announce {tricks}"),
            Intent::Play { card } => write!(f, "play {card}"),
            Intent::Correct { card } => write!(f, "correct with {card}"),
            Intent::Claim { seat, trick } => write!(f, "claim a revoke by {seat} in trick {trick}"),
            other => f.write_str(other.name()),
        }
    }
}
