//! The `lan` script: this window hosts a table on 127.0.0.1 and starts a second `courtpiece`
//! process, whose window joins it over UDP (`lan-guest`); each takes its own pictures (the
//! guest's in `DIR/guest`). The host deals once the guest has pictured the lobby, and closes
//! once the guest's process has ended well.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command};

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_net::host::{HostConfig, SeatPlan};
use courtpiece_net::{Access, Host, SeatState, Session, TableCode};
use courtpiece_rules::Preset;

use crate::desktop::start::Start;

/// The table's code: the guest is let in with it, as a friend would be.
pub const CODE: &str = "LAN-2026";

/// What the host's script starts: its table, two seats for people (its own and the guest's)
/// and two Medium bots, on a free port of 127.0.0.1, answering no discovery.
pub fn host_table(preset: Preset) -> Start {
    let access = CODE.parse::<TableCode>().map_or(Access::Open, Access::Code);
    let mut config = HostConfig::new("LAN screenshots", access, SocketAddr::from(([127, 0, 0, 1], 0)));
    config.rules = preset.rules();
    let people = config.rules.seats().people();
    config.seats = (0..people)
        .map(|i| {
            if i < 2 {
                SeatPlan::Open
            } else {
                SeatPlan::Bot(Level::Medium)
            }
        })
        .collect();
    config.seed = 7;
    Start::Host(Box::new(config))
}

/// What the guest's script starts: joining the host at `addr` with the table's code.
pub fn join(addr: SocketAddr) -> Start {
    let access = CODE.parse::<TableCode>().map_or(Access::Open, Access::Code);
    Start::Join { addr, access }
}

/// Starts the guest's window: the same program, joining this table, its pictures in
/// `dir/guest`.
pub fn spawn_guest(
    host: &Host,
    dir: &Path,
    window: Option<super::super::WindowSize>,
) -> std::io::Result<Child> {
    let mut command = Command::new(std::env::current_exe()?);
    command
        .arg("--screenshot-dir")
        .arg(dir.join("guest"))
        .args(["--screenshot-script", "lan-guest", "--screenshot-join"])
        .arg(host.addr().to_string());
    if let Some(size) = window {
        command.args(["--window", &format!("{}x{}", size.width, size.height)]);
    }
    command.spawn()
}

/// The host sees the guest seated at the table.
pub fn guest_seated(session: &Session) -> bool {
    session.lobby.as_ref().is_some_and(|l| {
        l.seats
            .iter()
            .filter(|s| matches!(s, SeatState::Player { .. }))
            .count()
            >= 2
    })
}

/// The guest sits at the table, which has not been dealt yet.
pub fn seated_in_lobby(session: &Session) -> bool {
    session.seat.is_some() && session.lobby.as_ref().is_some_and(|l| !l.started)
}
