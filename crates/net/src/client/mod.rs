//! A client: connects with a connect token it makes from the table code, says hello, keeps what
//! the host tells it in a [`Session`], and sends what the player (or its autoplay bot) decides.

use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy_renet::{RenetClient, RenetReceive, RenetSend};
use courtpiece_rules::{MatchSummary, Seat, SeatView};
use renetcode::{ClientAuthentication, ConnectToken};

use crate::code::{Access, PROTOCOL_ID};
use crate::codec;
use crate::link::{self, CHANNEL, TIMEOUT_SECONDS};
use crate::protocol::{ClientMessage, Goodbye, HostMessage, LobbyState, PROTOCOL_VERSION, SeatToken, Update};
use crate::refusal::Refusal;

mod autoplay;
mod reconnect;
mod transport;

pub use autoplay::Autoplay;
pub use reconnect::{RECONNECT_FOR, Reconnecting};
pub use transport::ClientTransport;

/// Something the host said, for the view to show or animate.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct FromHost(pub HostMessage);

/// Something to tell the host.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ToHost(pub ClientMessage);

/// The client takes in what the host sent here, after renet has received it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientReceive;

/// The client sends here, after the player's systems have decided (`Update`) and before renet
/// sends.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientSend;

/// Everything this client knows of the table.
#[derive(Resource, Clone, Debug, Default)]
pub struct Session {
    /// The name asked for, until the welcome says what the table calls us.
    pub name: String,
    /// Gives the seat back after a drop; kept from the welcome.
    pub token: Option<SeatToken>,
    pub player: Option<u8>,
    pub seat: Option<Seat>,
    pub owner: bool,
    /// Came to watch: the host seats us nowhere until the owner lets us in.
    pub watch: bool,
    pub lobby: Option<LobbyState>,
    /// The table from our seat (or the rail), with every completed trick of the hand.
    pub view: Option<SeatView>,
    /// How many intents the match had applied at the last update.
    pub moves: u32,
    pub summary: Option<MatchSummary>,
    pub goodbye: Option<Goodbye>,
    /// Why the connection was lost for good, for a person.
    pub lost: Option<String>,
    /// The connection dropped and the client is trying to come back to its seat.
    pub reconnecting: Option<Reconnecting>,
    /// A drop the reconnecting system has not taken up yet.
    dropped: Option<String>,
    /// The host's refusals, newest last.
    pub rejections: Vec<Refusal>,
    said_hello: bool,
}

impl Session {
    pub fn new(name: String, token: Option<SeatToken>) -> Session {
        Session {
            name,
            token,
            ..Session::default()
        }
    }

    /// Takes in one message from the host.
    pub fn apply(&mut self, message: &HostMessage) {
        match message {
            HostMessage::Welcome {
                player,
                seat,
                token,
                owner,
                name,
            } => {
                self.name.clone_from(name);
                self.player = Some(*player);
                self.seat = *seat;
                self.token = Some(*token);
                self.owner = *owner;
                if self.reconnecting.take().is_some() {
                    // the view from before the drop may be older than the table (or, from a
                    // restarted host, newer): nothing is decided on it, the host sends a full one
                    self.view = None;
                    info!("back at the table");
                }
            }
            HostMessage::Lobby(lobby) if lobby.seats.len() != lobby.rules.seats().people() => {
                error!(
                    "the host sent a lobby of {} seats for a table of {}; it is ignored",
                    lobby.seats.len(),
                    lobby.rules.seats().people()
                );
            }
            HostMessage::Lobby(lobby) => {
                self.seat = lobby.you;
                self.lobby = Some(lobby.clone());
            }
            HostMessage::Update(update) => self.take_update(update),
            HostMessage::Rejected(refusal) => self.rejections.push(refusal.clone()),
            HostMessage::Summary(summary) => self.summary = Some(summary.clone()),
            HostMessage::Goodbye(why) => self.goodbye = Some(why.clone()),
        }
    }

    /// The connection ended for the reason `why`. A client the host had welcomed comes back by
    /// itself when the reason may pass (the host or the network went away); anything else, or
    /// a host that said goodbye, ends the table for it.
    pub(super) fn connection_ended(&mut self, why: String, may_pass: bool) {
        if self.lost.is_some() || self.dropped.is_some() {
            return;
        }
        let welcomed = self.token.is_some() && self.player.is_some();
        if may_pass && welcomed && self.goodbye.is_none() && self.summary.is_none() {
            self.dropped = Some(why);
        } else {
            self.lost = Some(why);
        }
    }

    /// What to tell a person about the connection while it is being tried again, at `now`
    /// (`Time<Real>::elapsed`).
    pub fn reconnect_status(&self, now: std::time::Duration) -> Option<String> {
        self.reconnecting.as_ref().map(|r| r.describe(now))
    }

    fn take_update(&mut self, update: &Update) {
        let known = match &self.view {
            Some(view) if view.hand_no == update.view.hand_no => view.tricks.as_slice(),
            _ => &[],
        };
        match update.merge_tricks(known) {
            Ok(tricks) => {
                let mut view = update.view.clone();
                view.tricks = tricks;
                self.view = Some(view);
                self.moves = update.moves;
            }
            Err(e) => error!("update out of step with the host: {e}"),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("could not open a UDP socket: {0}")]
    Socket(#[from] std::io::Error),
    #[error("could not make a connect token: {0}")]
    Token(#[from] renetcode::TokenGenerationError),
    #[error("could not start the connection: {0}")]
    Netcode(#[from] renetcode::NetcodeError),
}

pub fn plugin(app: &mut App) {
    app.add_plugins((transport::plugin, reconnect::plugin));
    app.add_message::<FromHost>()
        .add_message::<ToHost>()
        .add_systems(
            PreUpdate,
            receive
                .in_set(ClientReceive)
                .after(RenetReceive)
                .run_if(resource_exists::<RenetClient>),
        )
        .add_systems(
            Update,
            (hello, autoplay::play)
                .chain()
                .run_if(resource_exists::<RenetClient>),
        )
        .add_systems(
            PostUpdate,
            send.in_set(ClientSend)
                .before(RenetSend)
                .run_if(resource_exists::<RenetClient>),
        );
}

/// Connects to the table at `addr` as `name`; with `token`, to take a seat back. Should the
/// connection drop once the host has welcomed us, the client tries again by itself (see
/// `reconnect`).
pub fn connect(
    world: &mut World,
    addr: SocketAddr,
    access: Access,
    name: impl Into<String>,
    token: Option<SeatToken>,
) -> Result<(), ConnectError> {
    let link = reconnect::Link { addr, access };
    open_link(world, link, token)?;
    world.insert_resource(link);
    world.insert_resource(Session::new(name.into(), token));
    Ok(())
}

/// Connects to the table at `addr` to watch it from the rail: no seat, even an open one, until
/// the owner lets us in.
pub fn watch(
    world: &mut World,
    addr: SocketAddr,
    access: Access,
    name: impl Into<String>,
) -> Result<(), ConnectError> {
    connect(world, addr, access, name, None)?;
    world.resource_mut::<Session>().watch = true;
    Ok(())
}

/// A connection to the table: a fresh client id each time (renet refuses a reused one) and,
/// to take a seat back, its token in the connect token's user data.
fn open_link(world: &mut World, link: reconnect::Link, token: Option<SeatToken>) -> Result<(), ConnectError> {
    let reconnect::Link { addr, access } = link;
    let bind: SocketAddr = if addr.ip().is_loopback() {
        (Ipv4Addr::LOCALHOST, 0).into()
    } else {
        (Ipv4Addr::UNSPECIFIED, 0).into()
    };
    let socket = UdpSocket::bind(bind)?;
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    let client_id = u64::from_le_bytes(renetcode::generate_random_bytes());
    let user_data = token.map(SeatToken::user_data);
    let connect_token = ConnectToken::generate(
        now,
        PROTOCOL_ID,
        300,
        client_id,
        TIMEOUT_SECONDS,
        vec![addr],
        user_data.as_ref(),
        &access.key(),
    )?;
    let transport = ClientTransport::new(now, ClientAuthentication::Secure { connect_token }, socket)?;
    world.insert_resource(RenetClient::new(link::connection_config()));
    world.insert_resource(transport);
    Ok(())
}

/// Leaves the table: tells the host, then closes the connection.
pub fn disconnect(world: &mut World) {
    world.remove_resource::<reconnect::Link>();
    if let Some(mut client) = world.remove_resource::<RenetClient>() {
        if let Ok(bytes) = codec::encode(&ClientMessage::Leave) {
            client.send_message(CHANNEL, bytes);
        }
        if let Some(mut transport) = world.remove_resource::<ClientTransport>() {
            transport.leave(&mut client);
        }
    }
}

fn hello(client: Res<RenetClient>, mut session: ResMut<Session>, mut out: MessageWriter<ToHost>) {
    if client.is_connected() && !session.said_hello {
        session.said_hello = true;
        out.write(ToHost(ClientMessage::Hello {
            name: session.name.clone(),
            version: PROTOCOL_VERSION,
            rejoin: session.token,
            watch: session.watch,
        }));
    }
}

fn receive(
    mut client: ResMut<RenetClient>,
    mut session: ResMut<Session>,
    mut from_host: MessageWriter<FromHost>,
) {
    while let Some(bytes) = client.receive_message(CHANNEL) {
        match codec::decode::<HostMessage>(&bytes) {
            Ok(message) => {
                session.apply(&message);
                from_host.write(FromHost(message));
            }
            Err(e) => error!("a message from the host could not be read: {e}"),
        }
    }
}

fn send(mut client: ResMut<RenetClient>, mut out: MessageReader<ToHost>) {
    for ToHost(message) in out.read() {
        match codec::encode(message) {
            Ok(bytes) => client.send_message(CHANNEL, bytes),
            Err(e) => error!("a message to the host could not be encoded: {e}"),
        }
    }
}
