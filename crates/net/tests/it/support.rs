//! A host and its clients in one test process, over real UDP sockets on 127.0.0.1, stepped by
//! hand.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece_bots::Level;
use courtpiece_game::{GamePlugin, snapshot};
use courtpiece_net::host::{self, HostConfig, SeatPlan};
use courtpiece_net::{
    Access, Autoplay, ClientMessage, FromHost, HostMessage, LobbyAction, NetPlugin, SeatToken, Session,
    ToHost, client,
};
use courtpiece_rules::RuleSet;

pub fn loopback() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

pub fn host_app(config: HostConfig) -> (App, SocketAddr) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin, NetPlugin));
    let addr = host::open(app.world_mut(), config).expect("the table opens");
    (app, addr)
}

pub fn config(rules: RuleSet, seats: impl Into<Vec<SeatPlan>>, access: Access) -> HostConfig {
    let mut config = HostConfig::new("test table", access, loopback());
    config.rules = rules;
    config.seats = seats.into();
    config.auto_start = true;
    config
}

/// Every message a client was sent, in order.
#[derive(Resource, Default)]
pub struct Received(pub Vec<HostMessage>);

fn keep(mut from_host: MessageReader<FromHost>, mut received: ResMut<Received>) {
    received.0.extend(from_host.read().map(|m| m.0.clone()));
}

pub fn client_app(addr: SocketAddr, access: Access, name: &str, autoplay: Option<Level>) -> App {
    rejoining_app(addr, access, name, autoplay, None)
}

pub fn rejoining_app(
    addr: SocketAddr,
    access: Access,
    name: &str,
    autoplay: Option<Level>,
    token: Option<SeatToken>,
) -> App {
    let mut app = bare_client();
    client::connect(app.world_mut(), addr, access, name, token).expect("the client starts");
    if let Some(level) = autoplay {
        app.insert_resource(Autoplay::new(level, name.len() as u64));
    }
    app
}

/// A client come to watch, with a bot ready to play should the owner let it in.
pub fn watching_app(addr: SocketAddr, access: Access, name: &str) -> App {
    let mut app = bare_client();
    client::watch(app.world_mut(), addr, access, name).expect("the client starts");
    app.insert_resource(Autoplay::new(Level::Medium, name.len() as u64));
    app
}

fn bare_client() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, NetPlugin))
        .init_resource::<Received>()
        .add_systems(Last, keep);
    app
}

pub fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

pub fn received(app: &App) -> &[HostMessage] {
    &app.world().resource::<Received>().0
}

/// Updates every app in turn until `done` says so or `limit` passes; each turn after the first
/// sleeps `tick` so that renet's clocks move.
pub fn run_until(
    host: &mut App,
    clients: &mut [App],
    limit: Duration,
    mut done: impl FnMut(&App, &[App]) -> bool,
    mut after_host: impl FnMut(&App),
) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        host.update();
        after_host(host);
        for client in clients.iter_mut() {
            client.update();
        }
        if done(host, clients) {
            return true;
        }
        // a datagram on loopback is in the other socket's queue when `send_to` returns: the
        // next update reads it, so there is nothing to wait for
        std::thread::yield_now();
    }
    false
}

pub fn match_over(host: &App) -> bool {
    snapshot(host.world()).is_some_and(|t| t.game.is_over())
}

pub fn all_have_summary(clients: &[App]) -> bool {
    clients.iter().all(|c| session(c).summary.is_some())
}

/// Asks the host for a lobby action from `app`'s connection.
pub fn ask(app: &mut App, action: LobbyAction) {
    app.world_mut()
        .write_message(ToHost(ClientMessage::Lobby(action)));
}

/// Steps everything until `done` holds, or fails saying `what` did not happen.
pub fn settle(host: &mut App, clients: &mut [App], what: &str, done: impl Fn(&App, &[App]) -> bool) {
    assert!(
        run_until(host, clients, Duration::from_secs(30), done, |_| {}),
        "{what}"
    );
}
