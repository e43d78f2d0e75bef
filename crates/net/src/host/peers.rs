//! Connections: who connected, their hello, their messages, and their leaving. A connection
//! becomes a person at the table with its hello; a seat token in the connect token's user data
//! (or in the hello) gives a dropped person their seat back on a new connection.

use std::time::Duration;

use bevy::prelude::*;
use bevy_renet::renet::{ClientId, ServerEvent};
use bevy_renet::{RenetReceive, RenetServer, RenetServerEvent};
use courtpiece_game::{Programs, SeatIntent};
use courtpiece_rules::Person;

use super::relay::send;
use super::{Holder, Host, Peer, Player, lobby};
use crate::codec;
use crate::link::CHANNEL;
use crate::protocol::{ClientMessage, Goodbye, HostMessage, PROTOCOL_VERSION, SeatToken};
use crate::refusal::Refusal;

/// A connection that has not said hello by then is closed.
const HELLO_WITHIN: Duration = Duration::from_secs(5);

/// The longest name shown at the table.
const MAX_NAME: usize = 24;

/// How many messages one connection may send in a frame before the rest wait for the next.
const MESSAGES_PER_FRAME: usize = 64;

pub fn plugin(app: &mut App) {
    app.add_observer(on_server_event).add_systems(
        PreUpdate,
        (receive, close_silent)
            .chain()
            .after(RenetReceive)
            .run_if(resource_exists::<Host>),
    );
}

fn on_server_event(event: On<RenetServerEvent>, host: Option<ResMut<Host>>, time: Res<Time<Real>>) {
    let Some(mut host) = host else { return };
    match **event {
        ServerEvent::ClientConnected { client_id } => {
            host.peers.insert(
                client_id,
                Peer {
                    connected_at: time.elapsed(),
                    player: None,
                    sent_tricks: None,
                },
            );
        }
        ServerEvent::ClientDisconnected { client_id, reason } => {
            info!("connection {client_id} closed: {reason}");
            if let Some(peer) = host.peers.remove(&client_id)
                && let Some(index) = peer.player
            {
                dropped(&mut host, index, time.elapsed(), false);
            }
        }
    }
}

/// A person's connection is gone, or they left. In the lobby the seat opens again; in a match
/// they keep it and a bot takes over after the grace time (see `seats`), at once if they left.
fn dropped(host: &mut Host, index: usize, now: Duration, left: bool) {
    let started = host.started;
    let grace = host.grace;
    let player = &mut host.players[index];
    player.client = None;
    player.gone |= left;
    if started && player.seat.is_some() {
        player.away_since = Some(if left { now.saturating_sub(grace) } else { now });
    } else {
        player.gone = true;
        if let Some(seat) = player.seat.take() {
            host.seats[seat.index()] = Holder::Open;
        }
    }
    host.lobby_changed = true;
}

fn receive(
    mut server: ResMut<RenetServer>,
    transport: Option<Res<super::HostTransport>>,
    mut host: ResMut<Host>,
    mut intents: MessageWriter<SeatIntent>,
    time: Res<Time<Real>>,
) {
    for client in server.clients_id() {
        for _ in 0..MESSAGES_PER_FRAME {
            let Some(bytes) = server.receive_message(client, CHANNEL) else {
                break;
            };
            let message = match codec::decode::<ClientMessage>(&bytes) {
                Ok(message) => message,
                Err(e) => {
                    debug!("an unreadable message from {client}: {e}");
                    refuse(&mut server, client, Refusal::Unreadable);
                    continue;
                }
            };
            let player = host.peers.get(&client).and_then(|p| p.player);
            match (message, player) {
                (
                    ClientMessage::Hello {
                        name,
                        version,
                        rejoin,
                        watch,
                    },
                    None,
                ) => {
                    let from_token = transport
                        .as_ref()
                        .and_then(|t| t.user_data(client))
                        .and_then(|data| SeatToken::from_user_data(&data));
                    let greeting = Greeting {
                        name: &name,
                        version,
                        token: rejoin.or(from_token),
                        watch,
                    };
                    hello(&mut host, &mut server, client, &greeting, &time);
                }
                (ClientMessage::Hello { .. }, Some(_)) => refuse(&mut server, client, Refusal::HelloTwice),
                (_, None) => refuse(&mut server, client, Refusal::HelloFirst),
                (ClientMessage::Lobby(action), Some(index)) => {
                    if let Err(error) = lobby::act(&mut host, client, index, action) {
                        refuse(&mut server, client, Refusal::Lobby(error));
                    }
                }
                (ClientMessage::Intent(intent), Some(index)) => match host.players[index].seat {
                    Some(place) if host.started => {
                        intents.write(SeatIntent {
                            person: Person::ALL[place.index()],
                            intent,
                        });
                    }
                    _ => refuse(&mut server, client, Refusal::NotSeated),
                },
                (ClientMessage::Leave, Some(index)) => {
                    host.peers.remove(&client);
                    dropped(&mut host, index, time.elapsed(), true);
                    server.disconnect(client);
                }
            }
        }
    }
}

fn refuse(server: &mut RenetServer, client: ClientId, refusal: Refusal) {
    send(server, client, &HostMessage::Rejected(refusal));
}

/// What a connection's hello said.
struct Greeting<'a> {
    name: &'a str,
    version: u16,
    token: Option<SeatToken>,
    watch: bool,
}

fn hello(
    host: &mut Host,
    server: &mut RenetServer,
    client: ClientId,
    greeting: &Greeting,
    time: &Time<Real>,
) {
    let &Greeting {
        name,
        version,
        token,
        watch,
    } = greeting;
    let bye = |server: &mut RenetServer, why: Goodbye| {
        send(server, client, &HostMessage::Goodbye(why));
        server.disconnect(client);
    };
    if version != PROTOCOL_VERSION {
        return bye(
            server,
            Goodbye::WrongVersion {
                host: PROTOCOL_VERSION,
            },
        );
    }
    let index = match token {
        Some(token) => match host.players.iter().position(|p| p.token == token && !p.gone) {
            Some(index) => {
                // the old connection may not have timed out yet: the new one wins
                if let Some(old) = host.players[index].client.replace(client) {
                    host.peers.remove(&old);
                    server.disconnect(old);
                }
                host.players[index].away_since = None;
                index
            }
            None => return bye(server, Goodbye::BadToken),
        },
        None => {
            if host.peers.values().filter(|p| p.player.is_some()).count() >= super::MAX_CLIENTS {
                return bye(server, Goodbye::TableFull);
            }
            let seat = if host.started || watch {
                None
            } else {
                host.rules
                    .seats()
                    .all()
                    .find(|s| host.seats[s.index()] == Holder::Open)
            };
            let index = host.players.len();
            if let Some(seat) = seat {
                host.seats[seat.index()] = Holder::Player(index);
            }
            let name = distinct_name(clean_name(name, index), |name| {
                host.players.iter().any(|p| !p.gone && p.name == name)
                    || host.program_names.iter().any(|p| p == name)
            });
            host.players.push(Player {
                name,
                token: SeatToken(renetcode::generate_random_bytes()),
                client: Some(client),
                seat,
                away_since: None,
                gone: false,
            });
            index
        }
    };
    if host.owner.is_none() && Some(client) == host.local {
        host.owner = Some(client);
    }
    if let Some(peer) = host.peers.get_mut(&client) {
        peer.player = Some(index);
        peer.sent_tricks = None;
    }
    let player = &host.players[index];
    send(
        server,
        client,
        &HostMessage::Welcome {
            player: u8::try_from(index).unwrap_or(u8::MAX),
            seat: player.seat,
            token: player.token,
            owner: host.owner == Some(client),
            name: player.name.clone(),
        },
    );
    info!(
        "{} {} ({:.1} s after connecting)",
        player.name,
        if token.is_some() { "is back" } else { "joined" },
        (time.elapsed() - host.peers.get(&client).map_or(time.elapsed(), |p| p.connected_at)).as_secs_f32()
    );
    host.lobby_changed = true;
}

/// A name fit to show: printable, trimmed, never empty, and at most `MAX_NAME` characters, the
/// last an ellipsis where it was cut.
fn clean_name(name: &str, index: usize) -> String {
    let name = fit_name(name);
    if name.is_empty() {
        format!("Player {}", index + 1)
    } else {
        name
    }
}

/// A name printable, trimmed and at most `MAX_NAME` characters, the last an ellipsis where it was
/// cut: a person's, or the one an outside program gave (or its command, which it is called by
/// without one).
pub(crate) fn fit_name(name: &str) -> String {
    let name: String = name.chars().filter(|c| !c.is_control()).collect();
    cut(name.trim(), MAX_NAME)
}

/// `name` if it has at most `most` characters, else its first ones and an ellipsis, `most` in
/// all.
fn cut(name: &str, most: usize) -> String {
    if name.chars().count() <= most {
        return name.to_owned();
    }
    let kept: String = name.chars().take(most - 1).collect();
    format!("{}…", kept.trim_end())
}

/// `name`, or where `taken` says someone at the table goes by it already, the name with the
/// first number from 2 that makes it theirs alone ("Ali 2"), cut to leave the number room: two
/// people who call themselves the same must still be told apart, in the lobby, at the table and
/// in the match history.
fn distinct_name(name: String, taken: impl Fn(&str) -> bool) -> String {
    if !taken(&name) {
        return name;
    }
    (2u32..)
        .map(|n| {
            let number = format!(" {n}");
            cut(&name, MAX_NAME - number.len()) + &number
        })
        .find(|candidate| !taken(candidate))
        .unwrap_or(name)
}

/// The names the table shows for its outside programs, in their order: fit to show, and two
/// seats of one program ("Example bot") told apart ("Example bot 2").
pub(crate) fn program_names(programs: &Programs) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(programs.0.len());
    for program in &programs.0 {
        let name = distinct_name(fit_name(&program.label()), |name| names.iter().any(|n| n == name));
        names.push(name);
    }
    names
}

/// Closes connections that never said hello.
fn close_silent(mut server: ResMut<RenetServer>, mut host: ResMut<Host>, time: Res<Time<Real>>) {
    let now = time.elapsed();
    let silent: Vec<ClientId> = host
        .peers
        .iter()
        .filter(|(_, p)| p.player.is_none() && now.saturating_sub(p.connected_at) > HELLO_WITHIN)
        .map(|(id, _)| *id)
        .collect();
    for client in silent {
        host.peers.remove(&client);
        server.disconnect(client);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use courtpiece_bots::{Entrant, Level};

    use super::*;

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  Ayesha\n ", 0), "Ayesha");
        assert_eq!(clean_name("\u{7}", 2), "Player 3");
        let long = clean_name(&"x".repeat(100), 0);
        assert_eq!(long.chars().count(), MAX_NAME);
        assert!(long.ends_with("x…"), "{long}");
        assert_eq!(
            fit_name("ext:python3 /home/asha/bots/rang.py --deep"),
            "ext:python3 /home/asha/…"
        );
        assert_eq!(fit_name(&"x".repeat(MAX_NAME)), "x".repeat(MAX_NAME));
    }

    #[test]
    fn two_seats_of_one_program_are_told_apart() {
        let easy = || Arc::new(Level::Easy) as Arc<dyn Entrant>;
        let programs = Programs(vec![easy(), easy(), easy()]);
        assert_eq!(program_names(&programs), ["easy", "easy 2", "easy 3"]);
    }

    #[test]
    fn a_name_someone_has_gets_the_first_free_number() {
        let at_table = ["Ali", "Ali 2", &"y".repeat(MAX_NAME)];
        let taken = |name: &str| at_table.contains(&name);
        assert_eq!(distinct_name("Sara".into(), taken), "Sara");
        assert_eq!(distinct_name("Ali".into(), taken), "Ali 3");
        let long = distinct_name("y".repeat(MAX_NAME), taken);
        assert_eq!(long, format!("{}… 2", "y".repeat(MAX_NAME - 3)));
        assert_eq!(long.chars().count(), MAX_NAME);
    }
}
