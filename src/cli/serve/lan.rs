//! The LAN host of `serve`: a real UDP socket, a table code, discovery, and a tick of its own.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece_game::{GamePlugin, Pacing, Programs, SaveAfter, SavePath, match_over, snapshot};
use courtpiece_net::discovery::DISCOVERY_PORT;
use courtpiece_net::host::{self, HostConfig, SeatClaims, claims};
use courtpiece_net::{Access, DEFAULT_PORT, Host, NetPlugin, SeatPlan, SeatState, TableCode};
use courtpiece_rules::{GameRecord, RuleSet};

use super::Options;
use crate::cli::CliError;

/// How often the host looks at its socket and moves the table.
pub const TICK: Duration = Duration::from_millis(10);

/// After the match, how long the host waits for its players to say goodbye.
const LINGER: Duration = Duration::from_secs(3);

pub fn run(
    o: &Options,
    seats: Vec<SeatPlan>,
    programs: Programs,
    rules: RuleSet,
    seed: u64,
    resume: Option<GameRecord>,
) -> Result<(), CliError> {
    if o.matches != 1 {
        return Err(CliError::Usage(
            "a LAN table plays one match; leave out --matches".into(),
        ));
    }
    // a resumed table gives its seats back to their owners, under the code they hold
    let claims = match &o.resume {
        Some(record) => {
            let path = claims::beside(record);
            let claims = SeatClaims::load(&path).map_err(|e| CliError::Usage(e.to_string()))?;
            if claims.is_none() {
                eprintln!(
                    "No seats file {} beside the record: the seats are open to anyone who joins.",
                    path.display()
                );
            }
            claims
        }
        None => None,
    };
    let saved_code = match claims.as_ref().and_then(|c| c.code.as_deref()) {
        Some(text) => Some(text.parse::<TableCode>().map_err(|e| {
            CliError::Usage(format!("the seats file holds a table code that is not one: {e}"))
        })?),
        None => None,
    };
    let access = if o.open {
        Access::Open
    } else {
        match (o.code, saved_code, &claims) {
            (Some(code), _, _) => Access::Code(code),
            (None, Some(code), _) => Access::Code(code),
            // a saved open table stays open
            (None, None, Some(_)) => Access::Open,
            (None, None, None) => Access::Code(TableCode::random()),
        }
    };
    let port = o.port.or(claims.as_ref().map(|c| c.port)).unwrap_or(DEFAULT_PORT);
    let record = o.record.as_ref().or(o.resume.as_ref());
    let discovery = match o.discovery.as_deref() {
        Some("off") => None,
        Some(text) => Some(text.parse::<SocketAddr>().map_err(|e| {
            CliError::Usage(format!(
                "--discovery {text:?}: {e} (an address like 0.0.0.0:{DISCOVERY_PORT}, or off)"
            ))
        })?),
        None => Some(SocketAddr::from(([0, 0, 0, 0], DISCOVERY_PORT))),
    };
    let mut config = HostConfig::new(o.table.clone(), access, SocketAddr::from(([0, 0, 0, 0], port)));
    config.discovery = discovery;
    config.seats = seats;
    config.rules = resume.as_ref().map_or(rules, |r| r.rules.clone());
    config.seed = seed;
    config.grace = Duration::from_secs_f64(o.grace);
    config.auto_start = true;
    config.resume = resume;
    config.turn_timer = o.turn_timer;
    config.claims_file = record.map(|path| claims::beside(path));
    config.claims = claims;
    config.programs = programs;

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin, NetPlugin))
        .insert_resource(Pacing {
            think: Duration::from_millis(o.think_ms),
            turn_timer: None,
        });
    if let Some(path) = record {
        app.insert_resource(SavePath(path.clone()))
            .insert_resource(SaveAfter::Move);
    }
    super::keep_in_history(&mut app, o, None);
    let addr = host::open(app.world_mut(), config).map_err(|e| CliError::Net(e.to_string()))?;
    match access {
        Access::Code(code) => eprintln!("Table {:?} open on port {}, code {code}.", o.table, addr.port()),
        Access::Open => eprintln!("Table {:?} open on port {}, no code.", o.table, addr.port()),
    }
    eprintln!("Waiting for players…");

    let mut ticker = crate::cli::tick::Ticker::new(TICK);
    let mut over_since: Option<Instant> = None;
    let mut started = false;
    let mut told = None;
    let mut seated = app.world().resource::<Host>().seats();
    loop {
        app.update();
        let world = app.world();
        super::tell_save_trouble(world, &mut told);
        let now = world.resource::<Host>().seats();
        // once the match is over the people leave: no news there
        if !match_over(world) {
            for news in seat_news(&seated, &now) {
                eprintln!("{news}");
            }
        }
        seated = now;
        if !started && world.resource::<Host>().started() {
            started = true;
            eprintln!("Every seat is taken: the match starts.");
        }
        let over = match_over(world);
        if over {
            let since = *over_since.get_or_insert_with(Instant::now);
            if world.resource::<Host>().connected() == 0 || since.elapsed() > LINGER {
                break;
            }
        }
        ticker.wait_or(|left| host::wait(app.world_mut(), left));
    }
    let summary = snapshot(app.world()).map(|table| table.game.summary());
    super::say_kept(app.world());
    host::close(app.world_mut());
    let summary =
        summary.ok_or_else(|| CliError::Usage("the table was cleared before the match ended".into()))?;
    if o.json {
        say!("{}", serde_json::to_string(&summary).unwrap_or_default());
    } else {
        say!("{}", summary.to_text());
    }
    super::saved(app.world())
}

/// What changed at the seats, for the host's terminal: who sat down, dropped, came back or
/// left, and who plays a seat now.
fn seat_news(before: &[SeatState], now: &[SeatState]) -> Vec<String> {
    now.iter()
        .enumerate()
        .filter(|&(i, is)| before.get(i) != Some(is))
        .map(|(i, is)| match (before.get(i), is) {
            (
                Some(SeatState::Player {
                    name: was,
                    away: true,
                }),
                SeatState::Player { name, away: false },
            ) if was == name => {
                format!("{name} is back at seat {i}.")
            }
            (_, SeatState::Player { name, away: false }) => format!("{name} sits at seat {i}."),
            (_, SeatState::Player { name, away: true }) => {
                format!("{name} at seat {i} has dropped; after the grace time a bot plays for them until they are back.")
            }
            (_, SeatState::Open) => format!("Seat {i} is open."),
            (_, SeatState::Bot(level)) => format!("A {level} bot plays seat {i}."),
            (_, SeatState::Program { name }) => format!("{name} (a program) plays seat {i}."),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use courtpiece_bots::Level;

    use super::*;

    #[test]
    fn the_seats_news_says_who_came_and_went() {
        let ana = |away| SeatState::Player {
            name: "ana".into(),
            away,
        };
        let open = [SeatState::Bot(Level::Easy), SeatState::Open];
        assert!(seat_news(&open, &open).is_empty());
        let seated = [SeatState::Bot(Level::Easy), ana(false)];
        assert_eq!(seat_news(&open, &seated), ["ana sits at seat 1."]);
        let dropped = [SeatState::Bot(Level::Easy), ana(true)];
        assert_eq!(
            seat_news(&seated, &dropped),
            ["ana at seat 1 has dropped; after the grace time a bot plays for them until they are back."]
        );
        assert_eq!(seat_news(&dropped, &seated), ["ana is back at seat 1."]);
        let bots = [SeatState::Bot(Level::Easy), SeatState::Bot(Level::Medium)];
        assert_eq!(seat_news(&dropped, &bots), ["A medium bot plays seat 1."]);
        assert_eq!(seat_news(&seated, &open), ["Seat 1 is open."]);
    }
}
