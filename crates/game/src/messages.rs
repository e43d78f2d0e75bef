//! What goes in and out of the table: intents from seats, public events, per-seat views,
//! rejections.

use bevy::prelude::*;
use courtpiece_rules::{Event, Intent, RuleError, Seat, SeatView};

/// A seat asks for something: from the local player's input, the network, or a bot.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatIntent {
    pub seat: Seat,
    pub intent: Intent,
}

/// Something happened at the table that everyone may see.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TableEvent(pub Event);

/// A seat's view changed; each seat gets only its own.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ViewUpdate {
    pub seat: Seat,
    pub view: SeatView,
}

/// An intent the rules refused, with the reason; nothing changed.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub seat: Seat,
    pub intent: Intent,
    pub error: RuleError,
}

pub fn plugin(app: &mut App) {
    app.add_message::<SeatIntent>()
        .add_message::<TableEvent>()
        .add_message::<ViewUpdate>()
        .add_message::<Rejected>();
}
