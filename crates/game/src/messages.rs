//! What goes in and out of the table: intents from people, public events, rejections. What each
//! person sees is their [`crate::table::Seen`].

use bevy::prelude::*;
use courtpiece_rules::{Event, Intent, Person, RuleError};

/// A person asks for something, for the seat they act for now (their own, or the dummy they
/// drive): from the local player's input or the network.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatIntent {
    pub person: Person,
    pub intent: Intent,
}

/// Something happened at the table that everyone may see.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TableEvent(pub Event);

/// An intent the rules refused, with the reason; nothing changed.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub person: Person,
    pub intent: Intent,
    pub error: RuleError,
}

pub fn plugin(app: &mut App) {
    app.add_message::<SeatIntent>()
        .add_message::<TableEvent>()
        .add_message::<Rejected>();
}
