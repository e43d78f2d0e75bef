//! The phases of a hand, which every refusal and view names.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The phases of a hand (§2). `FirstDeal` and `SecondDeal` wait for nobody: [`Round::step`](crate::Round::step)
/// deals. `Scoring` is the end of the hand; the match scores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Cut,
    FirstDeal,
    TrumpCall,
    SecondDeal,
    TrickPlay,
    Scoring,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Cut => "cut",
            Phase::FirstDeal => "first deal",
            Phase::TrumpCall => "trump call",
            Phase::SecondDeal => "second deal",
            Phase::TrickPlay => "trick play",
            Phase::Scoring => "scoring",
        })
    }
}
