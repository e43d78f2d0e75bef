//! The phases of a hand, which every refusal and view names.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The phases of a hand (§2). `FirstDeal` and `SecondDeal` wait for nobody: [`Round::step`](crate::Round::step)
/// deals. Hokm for two replaces the second deal with `Discard` and `Draw` (R2-DEAL, R2-DRAW).
/// `Scoring` is the end of the hand; the match scores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Cut,
    FirstDeal,
    /// Dabba Rang: the seats bid for the call (RDB-BID).
    Bidding,
    TrumpCall,
    Discard,
    Draw,
    SecondDeal,
    /// Satat, the hand after a court: the losers pass their best cards (RS-PASS).
    Passing,
    TrickPlay,
    Scoring,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Cut => "cut",
            Phase::FirstDeal => "first deal",
            Phase::Bidding => "bidding",
            Phase::TrumpCall => "trump call",
            Phase::Discard => "discard",
            Phase::Draw => "draw",
            Phase::SecondDeal => "second deal",
            Phase::Passing => "passing",
            Phase::TrickPlay => "trick play",
            Phase::Scoring => "scoring",
        })
    }
}
