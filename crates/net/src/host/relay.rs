//! What the host sends: the lobby, and after every step of the table each person's own update
//! (the public events and what they see: their `Seen`, or the `Rail` for those watching). Each message goes to one
//! connection with `send_message`: nothing that holds cards is ever broadcast.

use bevy::prelude::*;
use bevy_renet::renet::ClientId;
use bevy_renet::{RenetSend, RenetServer};
use courtpiece_game::{Rejected, Sights, TableEvent};
use courtpiece_rules::{Event, Person, Seat};

use super::{Host, lobby};
use crate::codec;
use crate::link::CHANNEL;
use crate::protocol::{HostMessage, Update};
use crate::refusal::Refusal;

/// What the host sent to the people at each seat, for the record of a match's traffic.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct TrafficStats {
    /// Encoded message bytes.
    pub bytes_to_seat: [u64; 4],
    pub messages_to_seat: [u64; 4],
    /// UDP payload bytes: the messages with renet's and netcode's headers, acknowledgements,
    /// keep-alives and resends.
    pub datagram_bytes_to_seat: [u64; 4],
}

/// Runs after the table has moved and before renet sends; the local player's delivery comes
/// after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Relay;

pub fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        relay
            .in_set(Relay)
            .before(RenetSend)
            .run_if(resource_exists::<Host>),
    );
}

/// Encodes and sends one message to one connection; returns the bytes sent.
pub(crate) fn send(server: &mut RenetServer, client: ClientId, message: &HostMessage) -> usize {
    match codec::encode(message) {
        Ok(bytes) => {
            let len = bytes.len();
            server.send_message(client, CHANNEL, bytes);
            len
        }
        Err(e) => {
            error!("a message to {client} could not be encoded: {e}");
            0
        }
    }
}

fn relay(
    mut server: ResMut<RenetServer>,
    mut host: ResMut<Host>,
    sights: Sights,
    mut events: MessageReader<TableEvent>,
    mut rejected: MessageReader<Rejected>,
    mut stats: ResMut<TrafficStats>,
) {
    let events: Vec<Event> = events.read().map(|e| e.0.clone()).collect();
    if host.lobby_changed {
        host.lobby_changed = false;
        for (&client, peer) in &host.peers {
            if let Some(index) = peer.player {
                send(
                    &mut server,
                    client,
                    &HostMessage::Lobby(lobby::state(&host, index)),
                );
            }
        }
    }
    for r in rejected.read() {
        if let Some(client) = client_at(&host, Seat::ALL[r.person.index()]) {
            let refusal = Refusal::Rule {
                intent: r.intent,
                error: r.error.clone(),
            };
            send(&mut server, client, &HostMessage::Rejected(refusal));
        }
    }
    let Some(moves) = sights.moves() else { return };
    let match_over = events.iter().any(|e| matches!(e, Event::MatchOver { .. }));
    let moves = u32::try_from(moves).unwrap_or(u32::MAX);
    let Host { peers, players, .. } = &mut *host;
    for (&client, peer) in peers.iter_mut() {
        let Some(index) = peer.player else { continue };
        let seat = players[index].seat;
        let resync = peer.sent_tricks.is_none();
        if events.is_empty() && !resync {
            continue;
        }
        // a person sees from the seat they play this hand (Dummy Rang moves them round)
        let seen = sights.of(seat.map(|place| Person::ALL[place.index()]));
        let Some(mut view) = seen.cloned() else { continue };
        let tricks_from = match peer.sent_tricks {
            Some((hand, known)) if hand == view.hand_no && known <= view.tricks.len() => known,
            _ => 0,
        };
        peer.sent_tricks = Some((view.hand_no, view.tricks.len()));
        view.tricks.drain(..tricks_from);
        let update = HostMessage::Update(Update {
            moves,
            events: events.clone(),
            tricks_from: u8::try_from(tricks_from).unwrap_or(0),
            view,
        });
        let bytes = send(&mut server, client, &update);
        if let Some(seat) = seat {
            stats.bytes_to_seat[seat.index()] += bytes as u64;
            stats.messages_to_seat[seat.index()] += 1;
        }
        if (match_over || resync)
            && let Some(summary) = sights.summary().filter(|s| match_over || s.finished)
        {
            send(&mut server, client, &HostMessage::Summary(summary));
        }
    }
}

/// The connection of the person at the place `seat`, if they are connected.
fn client_at(host: &Host, seat: Seat) -> Option<ClientId> {
    host.players
        .iter()
        .find(|p| p.seat == Some(seat))
        .and_then(|p| p.client)
}
