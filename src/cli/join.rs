//! `courtpiece join`: list the tables on the LAN, or join one to play in the terminal or to
//! let a bot play the seat (`--autoplay`).

use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::mpsc::{self, TryRecvError};
use std::time::Duration;

use bevy::prelude::*;
use courtpiece::figures::clock_seed;
use courtpiece::outside::{OutsideBot, Player};
use courtpiece_bots::Bot;
use courtpiece_net::discovery::{self, DISCOVERY_PORT};
use courtpiece_net::{
    Access, Autoplay, BadAddress, ClientMessage, DEFAULT_PORT, FromHost, HostMessage, NetPlugin, Session,
    TableCode, ToHost, client, parse_table_address,
};

use super::{CliError, play};

#[derive(Debug, clap::Args)]
pub struct Options {
    /// The table's address, like 192.168.1.20 or 192.168.1.20:47777; without it, the tables
    /// found on the LAN are listed.
    pub addr: Option<String>,
    /// The table code the host gave, like KOT-4821.
    #[arg(long, value_parser = super::serve::parse_code)]
    pub code: Option<TableCode>,
    /// Your name at the table (without it: the name an outside program of --autoplay gives in
    /// its hello, else your user name).
    #[arg(long)]
    pub name: Option<String>,
    /// Let a bot play your seat: easy, medium, hard, expert, or an outside program as
    /// ext:"COMMAND" (see docs/bot-protocol.md).
    #[arg(long, value_parser = super::parse_player)]
    pub autoplay: Option<Player>,
    /// Watch from the rail: no seat, even an open one (the table's owner may let you into a
    /// bot's seat between hands).
    #[arg(long, conflicts_with = "autoplay")]
    pub watch: bool,
    /// Print the match summary (or the tables found) as JSON.
    #[arg(long)]
    pub json: bool,
    /// Where to ask for tables; by default the LAN broadcast and this machine, port 47778.
    #[arg(long, conflicts_with = "addr")]
    pub discovery: Vec<SocketAddr>,
    /// Seconds to wait for tables to answer (up to 600).
    #[arg(long, default_value_t = 1.0, conflicts_with = "addr")]
    pub wait: f64,
}

/// The longest `--wait`: past it a listing is as good as a watch, and the seconds no longer fit a
/// clock's time.
const MAX_WAIT: f64 = 600.0;

/// How often the client looks at its socket.
const TICK: Duration = Duration::from_millis(2);

pub fn run(o: Options) -> Result<(), CliError> {
    // the listing would pass over what is for joining a table
    let joining_flag = [
        (o.code.is_some(), "--code"),
        (o.name.is_some(), "--name"),
        (o.autoplay.is_some(), "--autoplay"),
        (o.watch, "--watch"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag));
    if let (None, Some(flag)) = (&o.addr, joining_flag) {
        return Err(CliError::Usage(format!(
            "{flag} is for joining a table: give its address (without one, join lists the tables)"
        )));
    }
    match &o.addr {
        None => list(&o),
        Some(text) => play_at(resolve(text)?, &o),
    }
}

/// The table at `text`: an address, or a host's name looked up on the network.
fn resolve(text: &str) -> Result<SocketAddr, CliError> {
    let bad = |e: BadAddress| CliError::Usage(e.to_string());
    if let Some(addr) = parse_table_address(text) {
        return addr.map_err(bad);
    }
    let text = text.trim();
    let found = if text.contains(':') {
        text.to_socket_addrs()
    } else {
        (text, DEFAULT_PORT).to_socket_addrs()
    };
    let addr = found
        .ok()
        .and_then(|mut addrs| addrs.find(SocketAddr::is_ipv4))
        .ok_or_else(|| bad(BadAddress::NotAnAddress(text.to_owned())))?;
    courtpiece_net::address::check(addr).map_err(bad)
}

fn list(o: &Options) -> Result<(), CliError> {
    if !(o.wait.is_finite() && o.wait > 0.0 && o.wait <= MAX_WAIT) {
        return Err(CliError::Usage(format!(
            "--wait {}: give seconds, more than 0 and at most {MAX_WAIT}",
            o.wait
        )));
    }
    let targets = if o.discovery.is_empty() {
        discovery::default_targets()
    } else {
        o.discovery.clone()
    };
    let found = discovery::discover(&targets, Duration::from_secs_f64(o.wait))
        .map_err(|e| CliError::Net(format!("could not look for tables: {e}")))?;
    if o.json {
        let tables: Vec<serde_json::Value> = found
            .iter()
            .map(|f| {
                serde_json::json!({
                    "addr": f.addr.to_string(),
                    "table": f.beacon.table,
                    "rules": f.beacon.rules,
                    "free_seats": f.beacon.free_seats,
                    "needs_code": f.beacon.needs_code,
                })
            })
            .collect();
        say!("{}", serde_json::Value::Array(tables));
        return Ok(());
    }
    if found.is_empty() {
        let asked = if o.discovery.is_empty() {
            format!("on port {DISCOVERY_PORT}")
        } else {
            let asked: Vec<String> = o.discovery.iter().map(ToString::to_string).collect();
            format!("at {}", courtpiece::words::listed(&asked))
        };
        say!("No tables answered {asked}. Ask the host for the address.");
    }
    for f in &found {
        say!(
            "{:<22} {:?}  {}  {} free seat{}{}",
            f.addr.to_string(),
            f.beacon.table,
            f.beacon.rules,
            f.beacon.free_seats,
            if f.beacon.free_seats == 1 { "" } else { "s" },
            if f.beacon.needs_code { ", code needed" } else { "" },
        );
    }
    if let Some(first) = found.first() {
        say!("\nJoin with: courtpiece join {} --code CODE", first.addr);
    }
    Ok(())
}

/// What the host said since the last look, for the terminal.
#[derive(Resource, Default)]
struct Inbox(Vec<HostMessage>);

fn collect(mut from_host: MessageReader<FromHost>, mut inbox: ResMut<Inbox>) {
    inbox.0.extend(from_host.read().map(|m| m.0.clone()));
}

fn play_at(addr: SocketAddr, o: &Options) -> Result<(), CliError> {
    let access = o.code.map_or(Access::Open, Access::Code);
    // a program is started first: the name it gives is its name at the table, unless --name
    let (bot, bot_name): (Option<Box<dyn Bot>>, Option<String>) = match &o.autoplay {
        None => (None, None),
        Some(Player::Level(level)) => (Some(level.bot(clock_seed())), None),
        Some(Player::Program(program)) => {
            let bot = OutsideBot::start(&program.command, clock_seed())
                .map_err(|e| CliError::Usage(format!("--autoplay: {e}")))?;
            let name = Some(bot.name().trim().to_owned()).filter(|n| !n.is_empty());
            (Some(Box::new(bot)), name)
        }
    };
    let name = o
        .name
        .clone()
        .or(bot_name)
        .or_else(|| std::env::var("USER").ok())
        .unwrap_or_else(|| "Player".into());
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, NetPlugin))
        .init_resource::<Inbox>()
        .add_systems(Last, collect);
    let connected = if o.watch {
        client::watch(app.world_mut(), addr, access, name)
    } else {
        client::connect(app.world_mut(), addr, access, name, None)
    };
    connected.map_err(|e| CliError::Net(format!("could not join {addr}: {e}")))?;
    if let Some(bot) = bot {
        app.insert_resource(Autoplay::with_bot(bot));
    }
    // only a person in a seat answers from the terminal; a watcher's input, or its end, is
    // nothing to the table
    let lines = if o.autoplay.is_none() && !o.watch {
        Some(stdin_lines())
    } else {
        None
    };
    eprintln!("Joining the table at {addr}…");
    let mut prompted = None;
    let mut told = None;
    let mut ticker = super::tick::Ticker::new(TICK);
    loop {
        app.update();
        let messages = std::mem::take(&mut app.world_mut().resource_mut::<Inbox>().0);
        let session = app.world().resource::<Session>().clone();
        tell_connection(
            &session,
            app.world().resource::<Time<Real>>().elapsed(),
            &mut told,
        );
        if o.autoplay.is_none() || !o.json {
            tell(&messages);
        }
        if let Some(summary) = &session.summary {
            if o.json {
                say!("{}", serde_json::to_string(summary).unwrap_or_default());
            } else {
                if let Some(view) = session.view.as_ref().filter(|_| !session.watch) {
                    say!("\n  {}", super::play::match_result(view, summary));
                }
                say!("\n{}", summary.to_text());
            }
            leave(&mut app);
            return Ok(());
        }
        if let Some(why) = &session.goodbye {
            return Err(CliError::Net(format!("the host let us go: {why}")));
        }
        if let Some(why) = &session.lost {
            return Err(CliError::Net(why.clone()));
        }
        if let Some(lines) = &lines
            && ask(&mut app, &session, lines, &mut prompted) == Some(true)
        {
            say!("Goodbye.");
            leave(&mut app);
            return Ok(());
        }
        ticker.wait();
    }
}

/// Says on standard error when the connection dropped, each time the client waits to try
/// again, and when it is back; `told` is the try last told of.
fn tell_connection(session: &Session, now: Duration, told: &mut Option<u32>) {
    match &session.reconnecting {
        Some(trying) if trying.next_try.is_some() && *told != Some(trying.tries) => {
            *told = Some(trying.tries);
            eprintln!("{}", trying.describe(now));
        }
        None if told.take().is_some() => match session.seat {
            Some(seat) => eprintln!("Back at the table, at seat {}.", seat.index()),
            None => eprintln!("Back at the table, on the rail."),
        },
        _ => {}
    }
}

/// Says goodbye and gives the last packets a moment to leave.
fn leave(app: &mut App) {
    client::disconnect(app.world_mut());
    app.update();
}

fn stdin_lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Prints what happened at the table for the person at the terminal.
fn tell(messages: &[HostMessage]) {
    for message in messages {
        match message {
            HostMessage::Welcome { seat, name, .. } => match seat {
                Some(seat) => say!("Welcome, {name}: you sit at seat {}.", seat.index()),
                None => say!("Welcome, {name}: you watch from the rail."),
            },
            HostMessage::Lobby(lobby) if !lobby.started => {
                let open = lobby
                    .seats
                    .iter()
                    .filter(|s| matches!(s, courtpiece_net::SeatState::Open))
                    .count();
                let open =
                    courtpiece::words::counted(u64::try_from(open).unwrap_or(u64::MAX), "seat", "seats");
                say!("Lobby of {:?}: {open} still open.", lobby.table);
            }
            HostMessage::Update(update) => {
                // Dummy Rang moves people from hand to hand: the view says where one sits now
                play::show_events(&update.events, &update.view);
            }
            HostMessage::Rejected(refusal) => say!("  Refused: {refusal}"),
            _ => {}
        }
    }
}

/// When it is the person's turn: shows the table once and takes their answer from the
/// terminal. `Some(true)` when they quit, or their input ends.
fn ask(
    app: &mut App,
    session: &Session,
    lines: &mpsc::Receiver<String>,
    prompted: &mut Option<u32>,
) -> Option<bool> {
    let view = session.view.as_ref()?;
    // legal intents come only to the person who acts: for their seat or the dummy they drive
    let my_turn = session.seat.is_some() && !view.legal.is_empty();
    if !my_turn {
        // what is typed out of turn is not kept for later, where it could play a card unmeant
        loop {
            match lines.try_recv() {
                Ok(_) => {}
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => return Some(true),
            }
        }
    }
    if *prompted != Some(session.moves) {
        *prompted = Some(session.moves);
        play::show_table(view);
        say_part!("{} > ", play::prompt(&view.acting()));
        super::out::flush();
    }
    // the end of the input leaves the table, as `quit` does
    let line = match lines.try_recv() {
        Ok(line) => line,
        Err(TryRecvError::Empty) => return None,
        Err(TryRecvError::Disconnected) => return Some(true),
    };
    let text = line.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "q" | "quit" | "exit") {
        return Some(true);
    }
    match play::parse_intent(&text, &view.acting()) {
        Some(intent) if view.legal.contains(&intent) => {
            app.world_mut()
                .write_message(ToHost(ClientMessage::Intent(intent)));
        }
        _ => {
            say!("  {}", play::describe_legal(&view.legal));
            *prompted = None;
        }
    }
    None
}
