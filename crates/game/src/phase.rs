//! The phases of the table as a Bevy state: the rules' phases of a hand, plus the lobby before
//! the match and the end of it.

use bevy::prelude::*;
use courtpiece_rules as rules;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    #[default]
    Lobby,
    Cut,
    FirstDeal,
    /// Dabba Rang: the bidding for the call (RDB-BID).
    Bidding,
    TrumpCall,
    /// Hokm for two: the discards after the call (R2-DEAL).
    Discard,
    /// Hokm for two: the draw from the stock, turn by turn (R2-DRAW).
    Draw,
    SecondDeal,
    /// Satat, the hand after a court: the card passing (RS-PASS).
    Passing,
    TrickPlay,
    Scoring,
    MatchOver,
}

impl Phase {
    /// The state that shows a phase of the rules' hand.
    pub fn of(phase: rules::Phase) -> Phase {
        match phase {
            rules::Phase::Cut => Phase::Cut,
            rules::Phase::FirstDeal => Phase::FirstDeal,
            rules::Phase::Bidding => Phase::Bidding,
            rules::Phase::TrumpCall => Phase::TrumpCall,
            rules::Phase::Discard => Phase::Discard,
            rules::Phase::Draw => Phase::Draw,
            rules::Phase::SecondDeal => Phase::SecondDeal,
            rules::Phase::Passing => Phase::Passing,
            rules::Phase::TrickPlay => Phase::TrickPlay,
            rules::Phase::Scoring => Phase::Scoring,
        }
    }
}

/// What trick play waits for: the next card, or the play-on decision of the seat that took the
/// first seven tricks (R-PLAYON).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Phase = Phase::TrickPlay)]
pub enum Decision {
    #[default]
    Card,
    PlayOn,
}

pub fn plugin(app: &mut App) {
    app.init_state::<Phase>().add_sub_state::<Decision>();
}
