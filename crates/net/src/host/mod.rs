//! The host: a renet server on a real UDP socket that runs the table, the lobby before it, and
//! the seats of the people who sit down.

use std::net::{SocketAddr, UdpSocket};
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy_renet::RenetServer;
use bevy_renet::renet::ClientId;
use courtpiece_bots::Level;
use courtpiece_game::{Pacing, Programs};
use courtpiece_rules::{GameRecord, RuleSet, Seat};
use renetcode::{ServerAuthentication, ServerConfig};

use crate::code::{Access, PROTOCOL_ID};
use crate::discovery::Responder;
use crate::link;
use crate::protocol::{HostMessage, SeatState, SeatToken};

mod arrivals;
mod beacon;
pub mod claims;
mod lobby;
mod local;
mod peers;
mod relay;
mod seats;
mod transport;

pub use claims::{ClaimsError, SeatClaims};
pub use local::{LocalPlayer, join as join_own_table};
pub use relay::TrafficStats;
pub use transport::HostTransport;

/// How many connections a table takes: the players and a rail of spectators.
const MAX_CLIENTS: usize = 16;

/// Who a seat is for when the table opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// For a person who joins.
    Open,
    Bot(Level),
    /// The bot a program of `HostConfig::programs` makes.
    Program(u8),
}

/// Everything a host needs to open a table.
#[derive(Clone, Debug)]
pub struct HostConfig {
    pub table: String,
    pub access: Access,
    /// The game socket, e.g. `0.0.0.0:47777`; port 0 takes any free port.
    pub bind: SocketAddr,
    /// Where to answer discovery queries, if anywhere.
    pub discovery: Option<SocketAddr>,
    /// One per person the rules seat, in play order: a seat each, or Dummy Rang's three people.
    pub seats: Vec<SeatPlan>,
    pub rules: RuleSet,
    pub seed: u64,
    /// A dropped player keeps the seat this long before a bot plays it.
    pub grace: Duration,
    /// Deal as soon as every seat is taken (the headless host); otherwise the owner starts.
    pub auto_start: bool,
    /// Go on with a saved match instead of a new one.
    pub resume: Option<GameRecord>,
    /// Seconds a person has for each decision before a bot makes it for them; `None` waits
    /// for ever.
    pub turn_timer: Option<u16>,
    /// Addresses that relay datagrams to this table (a lossy link in a test or benchmark): a
    /// connect token that names one is accepted as if it named the table.
    pub relayed_from: Vec<SocketAddr>,
    /// Where to keep who holds each seat (names and seat tokens), for a host restarted from its
    /// save.
    pub claims_file: Option<PathBuf>,
    /// The seats of a resumed match: each goes back only to the holder of its token.
    pub claims: Option<SeatClaims>,
    /// The programs that play `SeatPlan::Program` seats.
    pub programs: Programs,
}

impl HostConfig {
    pub fn new(table: impl Into<String>, access: Access, bind: SocketAddr) -> HostConfig {
        HostConfig {
            table: table.into(),
            access,
            bind,
            discovery: None,
            seats: vec![SeatPlan::Open; 4],
            rules: RuleSet::default(),
            seed: 1,
            grace: Duration::from_secs(10),
            auto_start: false,
            resume: None,
            turn_timer: None,
            relayed_from: Vec::new(),
            claims_file: None,
            claims: None,
            programs: Programs::default(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error("could not open the table's UDP socket at {addr}: {source}")]
    Socket {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the rules were refused: {0}")]
    Rules(#[from] courtpiece_rules::RulesConflict),
    #[error("a table of {rules} needs {rules} seats, {given} given")]
    SeatCount { rules: usize, given: usize },
    #[error("the match needs an end: a target or a number of hands")]
    NoEnd,
}

/// Who holds a seat in the lobby and at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    Open,
    Bot(Level),
    Program(u8),
    Player(usize),
}

/// A person at the table (seated or watching), known by their seat token across connections.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub name: String,
    pub token: SeatToken,
    pub client: Option<ClientId>,
    /// Their place at the table: seat n at most tables; in Dummy Rang person n, who moves round
    /// the four hands from one hand to the next.
    pub seat: Option<Seat>,
    /// When their connection dropped; a bot takes the seat once the grace time has passed.
    pub away_since: Option<Duration>,
    /// Left for good: the token no longer gives anything back.
    pub gone: bool,
}

impl Player {
    /// Connected and on the rail.
    pub fn watching(&self) -> bool {
        self.seat.is_none() && self.client.is_some() && !self.gone
    }
}

/// One connection.
#[derive(Clone, Debug)]
pub(crate) struct Peer {
    pub connected_at: Duration,
    pub player: Option<usize>,
    /// The hand and number of completed tricks this peer already has, if it has a view.
    pub sent_tricks: Option<(u32, usize)>,
}

/// The host's state: the lobby, the people and their connections.
#[derive(Resource)]
pub struct Host {
    pub(crate) table: String,
    pub(crate) access: Access,
    pub(crate) addr: SocketAddr,
    pub(crate) rules: RuleSet,
    pub(crate) seed: u64,
    pub(crate) grace: Duration,
    pub(crate) auto_start: bool,
    pub(crate) resume: Option<GameRecord>,
    pub(crate) turn_timer: Option<u16>,
    /// What to call each program that plays a seat.
    pub(crate) program_names: Vec<String>,
    /// One per seat of the rules, in seat order.
    pub(crate) seats: Vec<Holder>,
    pub(crate) players: Vec<Player>,
    /// Watchers the owner let in during the match, and the seats they take when the hand in
    /// play is over.
    pub(crate) arriving: Vec<(usize, Seat)>,
    pub(crate) peers: std::collections::HashMap<ClientId, Peer>,
    pub(crate) owner: Option<ClientId>,
    /// The host's own player's connection (renet's local client), who owns the table.
    pub(crate) local: Option<ClientId>,
    pub(crate) started: bool,
    /// The owner asked to deal.
    pub(crate) start_asked: bool,
    pub(crate) lobby_changed: bool,
}

impl Host {
    /// The address clients connect to.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Who may join: the table code, if any.
    pub fn access(&self) -> Access {
        self.access
    }

    pub fn started(&self) -> bool {
        self.started
    }

    /// Seats that wait for a person.
    pub fn open_seats(&self) -> usize {
        self.seats.iter().filter(|h| **h == Holder::Open).count()
    }

    /// The seat of the person on connection `client`, if they sit.
    pub fn seat_of(&self, client: ClientId) -> Option<Seat> {
        let player = self.peers.get(&client)?.player?;
        self.players[player].seat
    }

    /// Who holds each seat (each person's place in Dummy Rang), as the lobby shows it.
    pub fn seats(&self) -> Vec<SeatState> {
        lobby::seats(self)
    }

    /// People connected now.
    pub fn connected(&self) -> usize {
        self.peers.values().filter(|p| p.player.is_some()).count()
    }
}

pub fn plugin(app: &mut App) {
    app.add_plugins((
        peers::plugin,
        lobby::plugin,
        arrivals::plugin,
        claims::plugin,
        relay::plugin,
        seats::plugin,
        local::plugin,
        beacon::plugin,
        transport::plugin,
    ));
}

/// Opens a table: binds the socket, starts the server and returns the address to join.
pub fn open(world: &mut World, config: HostConfig) -> Result<SocketAddr, HostError> {
    config.rules.validate()?;
    if !config.rules.ends_by_itself() {
        return Err(HostError::NoEnd);
    }
    let count = config.rules.seats().people();
    if config.seats.len() != count {
        return Err(HostError::SeatCount {
            rules: count,
            given: config.seats.len(),
        });
    }
    let socket_error = |source| HostError::Socket {
        addr: config.bind,
        source,
    };
    let socket = UdpSocket::bind(config.bind).map_err(socket_error)?;
    let addr = socket.local_addr().map_err(socket_error)?;
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    let server_config = ServerConfig {
        current_time: now,
        max_clients: MAX_CLIENTS,
        protocol_id: PROTOCOL_ID,
        public_addresses: public_addresses(addr)
            .into_iter()
            .chain(config.relayed_from.iter().copied())
            .collect(),
        authentication: ServerAuthentication::Secure {
            private_key: config.access.key(),
        },
    };
    let transport = HostTransport::new(server_config, socket).map_err(socket_error)?;
    if let Some(at) = config.discovery {
        match Responder::bind(at) {
            Ok(responder) => {
                world.insert_resource(beacon::Discovery(responder));
            }
            // another table on this machine answers there; ours can still be joined by address
            Err(e) => warn!("LAN discovery is off: could not listen on {at}: {e}"),
        }
    }
    let mut seats: Vec<Holder> = config
        .seats
        .iter()
        .map(|plan| match *plan {
            SeatPlan::Open => Holder::Open,
            SeatPlan::Bot(level) => Holder::Bot(level),
            SeatPlan::Program(i) => Holder::Program(i),
        })
        .collect();
    let players = restore(&mut seats, config.claims.as_ref());
    let think = world.get_resource::<Pacing>().map_or(Duration::ZERO, |p| p.think);
    world.insert_resource(Pacing {
        think,
        turn_timer: config.turn_timer.map(|s| Duration::from_secs(s.into())),
    });
    world.insert_resource(RenetServer::new(link::connection_config()));
    world.insert_resource(transport);
    world.insert_resource(TrafficStats::default());
    world.insert_resource(Host {
        table: config.table,
        access: config.access,
        addr,
        rules: config.rules,
        seed: config.seed,
        grace: config.grace,
        auto_start: config.auto_start,
        resume: config.resume,
        turn_timer: config.turn_timer,
        program_names: peers::program_names(&config.programs),
        seats,
        players,
        arriving: Vec::new(),
        peers: Default::default(),
        owner: None,
        local: None,
        started: false,
        start_asked: false,
        lobby_changed: true,
    });
    if !config.programs.0.is_empty() {
        world.insert_resource(config.programs);
    }
    if let Some(path) = config.claims_file {
        world.insert_resource(claims::ClaimsFile { path, written: None });
    }
    Ok(addr)
}

/// The people of a resumed match, away until they come back with their tokens, each at their
/// seat if the table still waits for a person there.
fn restore(seats: &mut [Holder], claims: Option<&SeatClaims>) -> Vec<Player> {
    let mut players = Vec::new();
    for (seat, name, token) in claims.into_iter().flat_map(SeatClaims::holders) {
        match seats.get_mut(seat.index()) {
            Some(holder) if *holder == Holder::Open => {
                *holder = Holder::Player(players.len());
                players.push(Player {
                    name: name.to_owned(),
                    token,
                    client: None,
                    seat: Some(seat),
                    // the grace time runs from the opening of the table
                    away_since: Some(Duration::ZERO),
                    gone: false,
                });
            }
            _ => warn!(
                "{name} held seat {} of the saved table, which is not open to a person now",
                seat.index() + 1
            ),
        }
    }
    players
}

/// The addresses clients may name in their connect tokens (netcode accepts a token only when it
/// names one of them): the bound address, or for a table on every interface each IPv4 address
/// of this machine with the table's port.
fn public_addresses(bound: SocketAddr) -> Vec<SocketAddr> {
    if !bound.ip().is_unspecified() {
        return vec![bound];
    }
    let mut addrs: Vec<SocketAddr> = match if_addrs::get_if_addrs() {
        Ok(interfaces) => interfaces
            .iter()
            .filter(|i| i.ip().is_ipv4())
            .map(|i| SocketAddr::new(i.ip(), bound.port()))
            .collect(),
        Err(e) => {
            warn!("could not list this machine's addresses: {e}");
            Vec::new()
        }
    };
    let loopback = SocketAddr::from(([127, 0, 0, 1], bound.port()));
    if !addrs.contains(&loopback) {
        addrs.push(loopback);
    }
    addrs
}

/// Sleeps until a datagram reaches the table or `timeout` has passed (just sleeps when no table is
/// open): a host loop's wait between frames, so that it answers at once.
pub fn wait(world: &mut World, timeout: Duration) {
    match world.get_resource_mut::<HostTransport>() {
        Some(mut transport) => {
            transport.wait(timeout);
        }
        None => std::thread::sleep(timeout),
    }
}

/// Says goodbye to everyone and closes the socket.
pub fn close(world: &mut World) {
    let over = courtpiece_game::match_over(world);
    let why = if over {
        crate::protocol::Goodbye::MatchOver
    } else {
        crate::protocol::Goodbye::HostClosing
    };
    if let Some(mut server) = world.remove_resource::<RenetServer>() {
        for client in server.clients_id() {
            relay::send(&mut server, client, &HostMessage::Goodbye(why.clone()));
        }
        if let Some(mut transport) = world.remove_resource::<HostTransport>() {
            transport.disconnect_all(&mut server);
        }
    }
    world.remove_resource::<Host>();
    world.remove_resource::<beacon::Discovery>();
    world.remove_resource::<claims::ClaimsFile>();
    local::close(world);
}
