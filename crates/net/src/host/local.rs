//! The host's own player joins through renet's local client: their view is fed by the same
//! messages and the same client code as a remote player's.

use bevy::prelude::*;
use bevy_renet::renet::ClientId;
use bevy_renet::{RenetClient, RenetSend, RenetServer};

use super::Host;
use super::relay::Relay;
use crate::client::{ClientSend, Session};

/// The connection id of the host's own player.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalPlayer(pub ClientId);

pub fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        deliver
            .after(Relay)
            .after(ClientSend)
            .before(RenetSend)
            .run_if(resource_exists::<LocalPlayer>),
    );
}

/// Seats the host's own player at the table they opened, as its owner.
pub fn join(world: &mut World, name: impl Into<String>) {
    // random, like a remote client's, so no one can guess it and pose as the owner
    let id = u64::from_le_bytes(renetcode::generate_random_bytes());
    let Some(mut server) = world.get_resource_mut::<RenetServer>() else {
        return;
    };
    let client = server.new_local_client(id);
    world.insert_resource(RenetClient(client));
    world.insert_resource(LocalPlayer(id));
    world.insert_resource(Session::new(name.into(), None));
    if let Some(mut host) = world.get_resource_mut::<Host>() {
        host.local = Some(id);
    }
}

/// Hands the local player's packets to the server and the server's to them.
fn deliver(mut server: ResMut<RenetServer>, client: Option<ResMut<RenetClient>>, local: Res<LocalPlayer>) {
    let Some(mut client) = client else { return };
    if server.process_local_client(local.0, &mut client).is_err() {
        warn!("the host's own player is no longer connected");
    }
}

pub(crate) fn close(world: &mut World) {
    if let Some(local) = world.remove_resource::<LocalPlayer>()
        && let Some(mut client) = world.remove_resource::<RenetClient>()
        && let Some(mut server) = world.get_resource_mut::<RenetServer>()
    {
        server.disconnect_local_client(local.0, &mut client);
    }
}
