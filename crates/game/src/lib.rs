//! The Court Piece table as Bevy states and components. The rules crate decides; the systems
//! here call it and mirror what it decided into components and messages, so there is one truth.
//! Runs headless (with `MinimalPlugins` and `StatesPlugin`) or under the windowed view.

use bevy::prelude::*;

pub mod controller;
pub mod messages;
pub mod phase;
pub mod save;
pub mod table;

pub use controller::{Controller, Pacing, TurnTimedOut};
pub use messages::{Rejected, SeatIntent, TableEvent, ViewUpdate};
pub use phase::{Decision, Phase};
pub use save::SavePath;
pub use table::{
    CurrentTrick, Hand, PersonOf, Score, SeatOf, SideOf, StartMatch, Table, TableTop, TricksWon,
};

/// Everything the table needs: register it once; start a match with a [`StartMatch`] message.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            messages::plugin,
            phase::plugin,
            table::plugin,
            controller::plugin,
            save::plugin,
        ));
    }
}
