//! The Court Piece table as Bevy states, components and messages. The rules crate decides; the
//! match is kept once, in components: the table entity holds its progress, record and the board of
//! the hand in play, each seat entity its cards and tricks, and the score is a resource. The
//! systems here put the match together, let the rules apply an intent or a deal, put it back, and
//! make each change known as events, the phase, and what each person may see (their [`Seen`]),
//! which is what the relay sends and the bots decide on.
//! Runs headless (with `MinimalPlugins` and `StatesPlugin`) or under the windowed view.

use bevy::prelude::*;

pub mod controller;
pub mod messages;
pub mod phase;
pub mod save;
pub mod table;

pub use controller::{Controller, Pacing, Programs, TurnTimedOut};
pub use messages::{Rejected, SeatIntent, TableEvent};
pub use phase::{Decision, Phase};
pub use save::{SaveAfter, SavePath, SaveTrouble};
pub use table::{
    Board, Holding, PersonOf, Progress, Rail, Record, Score, SeatOf, Seen, Sights, Snapshot, StartMatch,
    TableMut, TableTop, match_over, snapshot, table_set,
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
