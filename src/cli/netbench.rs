//! `courtpiece netbench`: a host and its autoplaying clients (a bot at the first seat, a client at
//! every other) in one process, each on its own thread and UDP socket on 127.0.0.1, and what the
//! network costs: the time from a client's intent to each client's updated view, and the bytes
//! sent per hand to each client.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece::figures::percentile;
use courtpiece_bots::Level;
use courtpiece_game::{GamePlugin, match_over, snapshot};
use courtpiece_net::host::{self, HostConfig, TrafficStats};
use courtpiece_net::{
    Access, Autoplay, ClientMessage, FromHost, HostMessage, NetPlugin, SeatPlan, Session, ToHost, client,
};
use courtpiece_rules::Preset;

use super::CliError;

#[derive(Debug, clap::Args)]
pub struct Options {
    /// Hands to play.
    #[arg(long, default_value_t = 50)]
    pub hands: u32,
    #[arg(long = "rules", default_value = "court-piece", value_parser = super::parse_preset)]
    pub preset: Preset,
    /// The host's tick in milliseconds.
    #[arg(long, default_value_t = 10)]
    pub tick_ms: u64,
    /// Print the figures as one line of JSON.
    #[arg(long)]
    pub json: bool,
}

/// When each intent left its client, by the number of moves the match had before it.
type Sent = Arc<Mutex<HashMap<u32, Instant>>>;

#[derive(Resource)]
struct Clock {
    sent: Sent,
    /// Intent-to-view times seen by this client.
    samples: Vec<Duration>,
    /// Moves of the last update this client saw.
    seen: u32,
}

fn stamp_intents(mut out: MessageReader<ToHost>, session: Res<Session>, clock: Res<Clock>) {
    for message in out.read() {
        if let ClientMessage::Intent(_) = message.0
            && let Ok(mut sent) = clock.sent.lock()
        {
            sent.insert(session.moves, Instant::now());
        }
    }
}

fn time_updates(mut from_host: MessageReader<FromHost>, mut clock: ResMut<Clock>) {
    let now = Instant::now();
    for message in from_host.read() {
        let HostMessage::Update(update) = &message.0 else {
            continue;
        };
        let Ok(sent) = clock.sent.lock() else { continue };
        let times: Vec<Duration> = (clock.seen..update.moves)
            .filter_map(|k| sent.get(&k).map(|t| now - *t))
            .collect();
        drop(sent);
        clock.samples.extend(times);
        clock.seen = clock.seen.max(update.moves);
    }
}

pub fn run(o: Options) -> Result<(), CliError> {
    if o.hands == 0 || o.tick_ms == 0 {
        return Err(CliError::Usage("--hands and --tick-ms must be at least 1".into()));
    }
    let tick = Duration::from_millis(o.tick_ms);
    let mut rules = o.preset.rules();
    rules.max_hands = Some(o.hands);
    rules.target = None;
    let access = Access::Code(courtpiece_net::TableCode::random());
    let mut config = HostConfig::new("netbench", access, SocketAddr::from(([127, 0, 0, 1], 0)));
    let people = rules.seats().people() - 1;
    config.seats = std::iter::once(SeatPlan::Bot(Level::Medium))
        .chain(std::iter::repeat_n(SeatPlan::Open, people))
        .collect();
    config.rules = rules;
    config.auto_start = true;

    let mut host = App::new();
    host.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin, NetPlugin));
    let addr = host::open(host.world_mut(), config).map_err(|e| CliError::Net(e.to_string()))?;
    let sent: Sent = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..people as u64)
        .map(|i| {
            let (sent, stop) = (sent.clone(), stop.clone());
            std::thread::spawn(move || -> Result<Vec<Duration>, String> {
                let mut app = App::new();
                app.add_plugins((MinimalPlugins, NetPlugin))
                    .insert_resource(Clock {
                        sent,
                        samples: Vec::new(),
                        seen: 0,
                    })
                    .add_systems(PreUpdate, time_updates.after(client::ClientReceive))
                    .add_systems(PostUpdate, stamp_intents.before(client::ClientSend));
                client::connect(app.world_mut(), addr, access, format!("bench {i}"), None)
                    .map_err(|e| e.to_string())?;
                app.insert_resource(Autoplay::new(Level::Medium, i));
                while !stop.load(Ordering::Relaxed) {
                    app.update();
                    if let Some(why) = &app.world().resource::<Session>().lost {
                        return Err(why.clone());
                    }
                    std::thread::sleep(Duration::from_micros(500));
                }
                Ok(std::mem::take(
                    &mut app.world_mut().resource_mut::<Clock>().samples,
                ))
            })
        })
        .collect();

    let started = Instant::now();
    let mut ticker = super::tick::Ticker::new(tick);
    loop {
        host.update();
        if match_over(host.world()) {
            break;
        }
        ticker.wait_or(|left| host::wait(host.world_mut(), left));
    }
    let seconds = started.elapsed().as_secs_f64();
    // let the last updates arrive
    for _ in 0..20 {
        host.update();
        std::thread::sleep(tick);
    }
    stop.store(true, Ordering::Relaxed);
    let mut samples = Vec::new();
    for c in clients {
        samples.extend(
            c.join()
                .map_err(|_| CliError::Net("a client thread failed".into()))?
                .map_err(CliError::Net)?,
        );
    }
    let hands = snapshot(host.world())
        .map_or(0, |t| t.game.summary().hands)
        .max(1);
    let stats = host.world().resource::<TrafficStats>().clone();
    host::close(host.world_mut());
    let mut samples: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    samples.sort_by(f64::total_cmp);
    let ms = |q: f64| percentile(&samples, q);
    let per_hand = |bytes: &[u64; 4]| bytes[1..].iter().sum::<u64>() as f64 / 3.0 / f64::from(hands);
    let report = serde_json::json!({
        "hands": hands,
        "seconds": seconds,
        "host_tick_ms": o.tick_ms,
        "samples": samples.len(),
        "latency_ms_p50": ms(0.50),
        "latency_ms_p99": ms(0.99),
        "latency_ms_max": ms(1.0),
        "message_bytes_per_hand_per_client": per_hand(&stats.bytes_to_seat),
        "udp_bytes_per_hand_per_client": per_hand(&stats.datagram_bytes_to_seat),
    });
    if o.json {
        println!("{report}");
    } else {
        println!(
            "{hands} hands in {seconds:.1} s, host tick {} ms\n\
             intent to every client's view: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)\n\
             sent per hand to each client: {:.0} bytes of messages, {:.0} bytes of UDP payload",
            o.tick_ms,
            ms(0.5),
            ms(0.99),
            ms(1.0),
            samples.len(),
            per_hand(&stats.bytes_to_seat),
            per_hand(&stats.datagram_bytes_to_seat)
        );
    }
    Ok(())
}
