//! Answers LAN discovery queries with the table's beacon.

use bevy::prelude::*;

use super::Host;
use crate::discovery::{Beacon, Responder};
use crate::protocol::PROTOCOL_VERSION;

#[derive(Resource)]
pub(crate) struct Discovery(pub Responder);

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        answer.run_if(resource_exists::<Discovery>.and_then(resource_exists::<Host>)),
    );
}

fn answer(discovery: Res<Discovery>, host: Res<Host>) {
    discovery.0.answer(|| Beacon {
        version: PROTOCOL_VERSION,
        table: host.table.clone(),
        rules: Beacon::describe_rules(&host.rules),
        free_seats: u8::try_from(if host.started { 0 } else { host.open_seats() }).unwrap_or(0),
        needs_code: host.access.needs_code(),
        port: host.addr.port(),
    });
}
