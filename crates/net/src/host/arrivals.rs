//! Watchers the owner let in during a match sit down when the hand in play is over: the bot that
//! played the seat gets up, and the person's next view is from the seat.

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_game::controller::{BotBrain, StandIn};
use courtpiece_game::{Controller, PersonOf, TableEvent};
use courtpiece_rules::Event;

use super::relay::Relay;
use super::{Holder, Host};

pub fn plugin(app: &mut App) {
    // after the relay: the update that ends the hand still goes to the rail
    app.add_systems(
        PostUpdate,
        seat_arrivals.after(Relay).run_if(resource_exists::<Host>),
    );
}

fn seat_arrivals(
    mut host: ResMut<Host>,
    mut events: MessageReader<TableEvent>,
    people: Query<(Entity, &PersonOf)>,
    mut commands: Commands,
) {
    let hand_over = events.read().any(|e| matches!(e.0, Event::HandOver { .. }));
    if !hand_over || host.arriving.is_empty() {
        return;
    }
    let seed = host.seed;
    for (player, seat) in std::mem::take(&mut host.arriving) {
        // they may have gone, or the seat been taken back, since the owner let them in
        let Some(client) = host.players[player]
            .client
            .filter(|_| host.players[player].watching())
        else {
            continue;
        };
        match host.seats[seat.index()] {
            Holder::Open | Holder::Bot(_) | Holder::Program(_) => {}
            Holder::Player(p) if host.players[p].gone => host.players[p].seat = None,
            Holder::Player(_) => continue,
        }
        host.seats[seat.index()] = Holder::Player(player);
        host.players[player].seat = Some(seat);
        if let Some(peer) = host.peers.get_mut(&client) {
            // the view from the seat, whole
            peer.sent_tricks = None;
        }
        if let Some((entity, _)) = people.iter().find(|(_, p)| p.0.index() == seat.index()) {
            let bot_seed = seed.wrapping_mul(4).wrapping_add(seat.index() as u64);
            commands
                .entity(entity)
                .remove::<BotBrain>()
                .insert((Controller::Remote(client), StandIn(Level::Medium.bot(bot_seed))));
        }
        info!(
            "{} sits down at seat {}",
            host.players[player].name,
            seat.index() + 1
        );
        host.lobby_changed = true;
    }
}
