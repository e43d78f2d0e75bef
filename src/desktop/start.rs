//! Sitting down and getting up: a quick game (a table on this machine with three bots), hosting
//! a LAN table, joining or watching one, and leaving.

use std::net::SocketAddr;

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_game::Phase;
use courtpiece_net::host::{self, HostConfig, SeatPlan};
use courtpiece_net::{Access, Host, Session, client};
use courtpiece_rules::Preset;

use super::screen::Screen;

/// Why the last attempt to sit down failed, for the menu to show.
#[derive(Resource, Clone, Debug, Default)]
pub struct StartError(pub Option<String>);

pub enum Start {
    Quick {
        seed: u64,
        preset: Preset,
    },
    Host(Box<HostConfig>),
    Join {
        addr: SocketAddr,
        access: Access,
    },
    /// Watch a table from the rail (the owner may let us into a bot's seat between hands).
    Watch {
        addr: SocketAddr,
        access: Access,
    },
}

pub fn plugin(app: &mut App) {
    app.init_resource::<StartError>()
        .add_systems(OnExit(Screen::Table), get_up);
}

/// Sits down as `name`; on failure the menu says why.
pub fn start(commands: &mut Commands, what: Start, name: String) {
    commands.queue(move |world: &mut World| {
        let result = match what {
            Start::Quick { seed, preset } => {
                let mut config =
                    HostConfig::new("Quick game", Access::Open, SocketAddr::from(([127, 0, 0, 1], 0)));
                config.rules = preset.rules();
                let bots = config.rules.seats().people() - 1;
                config.seats = std::iter::once(SeatPlan::Open)
                    .chain(std::iter::repeat_n(SeatPlan::Bot(Level::Medium), bots))
                    .collect();
                config.seed = seed;
                config.auto_start = true;
                host::open(world, config)
                    .map(|_| host::join_own_table(world, name))
                    .map_err(|e| e.to_string())
            }
            Start::Host(config) => host::open(world, *config)
                .map(|_| host::join_own_table(world, name))
                .map_err(|e| e.to_string()),
            Start::Join { addr, access } => client::connect(world, addr, access, name, None)
                .map_err(|e| format!("could not join {addr}: {e}")),
            Start::Watch { addr, access } => {
                client::watch(world, addr, access, name).map_err(|e| format!("could not watch {addr}: {e}"))
            }
        };
        match result {
            Ok(()) => {
                world.resource_mut::<StartError>().0 = None;
                world.resource_mut::<NextState<Screen>>().set(Screen::Table);
            }
            Err(e) => world.resource_mut::<StartError>().0 = Some(e),
        }
    });
}

/// Gets up from the table and goes back to the menu; leaving the table's screen closes it.
pub fn leave(screen: &mut NextState<Screen>) {
    screen.set(Screen::Menu);
}

/// Tells the host (or, hosting, everyone) and forgets the table. The table's entities go with
/// the screen, and the view forgets what it showed (`table::forget`).
fn get_up(world: &mut World) {
    if world.contains_resource::<Host>() {
        host::close(world);
    } else {
        client::disconnect(world);
    }
    world.remove_resource::<Session>();
    courtpiece_game::table::clear(world);
    world.remove_resource::<courtpiece_net::Autoplay>();
    if let Some(mut kept) = world.get_resource_mut::<crate::history::LastKept>() {
        kept.0 = None;
    }
    world.resource_mut::<NextState<Phase>>().set(Phase::Lobby);
}
