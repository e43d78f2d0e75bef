//! Court Piece over the local network. The host is authoritative: it runs the table of
//! `courtpiece-game`, checks every intent with the rules crate and sends each client only what
//! its seat may see. Clients (the host's own player among them, through renet's local client)
//! keep the views they are sent and send intents.

use bevy::prelude::*;
use bevy_renet::{RenetClientPlugin, RenetServerPlugin};

pub mod address;
pub mod client;
pub mod code;
pub mod codec;
pub mod discovery;
mod guard;
pub mod host;
pub mod link;
pub mod lossy;
pub mod protocol;
pub mod refusal;

pub use address::{BadAddress, parse_table_address};
pub use client::{Autoplay, ConnectError, FromHost, Session, ToHost};
pub use code::{Access, TableCode};
pub use discovery::{Beacon, Found};
pub use host::{Host, HostConfig, HostError, SeatPlan};
pub use link::DEFAULT_PORT;
pub use protocol::{
    Arrival, ClientMessage, Goodbye, HostMessage, LobbyAction, LobbyState, SeatState, SeatToken, Spectator,
    Update,
};
pub use refusal::{LobbyError, Refusal};

/// The host and client systems (each side with its own netcode transport behind a guard, see
/// `guard`); each runs only while its side is open, so one app can host,
/// join, or (the host's own player) both.
pub struct NetPlugin;

impl Plugin for NetPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((RenetServerPlugin, RenetClientPlugin, host::plugin, client::plugin));
    }
}
