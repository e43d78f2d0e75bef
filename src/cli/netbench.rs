//! `courtpiece netbench`: a host and its autoplaying clients (a bot at the first seat, a client at
//! every other) in one process, each on its own thread and UDP socket on 127.0.0.1, and what the
//! network costs: the time from a client's intent to each client's updated view, and the bytes
//! sent per hand to each client. With `--loss`, `--delay-ms` and the like the clients reach the
//! host through a lossy link (`courtpiece_net::lossy`), and every client must end with the host's
//! summary.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece::figures::percentile;
use courtpiece_bots::Level;
use courtpiece_game::{GamePlugin, match_over, snapshot};
use courtpiece_net::host::{self, HostConfig, TrafficStats};
use courtpiece_net::lossy::{Impairment, LinkAddress, LossyLink};
use courtpiece_net::{
    Access, Autoplay, ClientMessage, FromHost, HostMessage, NetPlugin, SeatPlan, Session, ToHost, client,
};
use courtpiece_rules::MatchSummary;
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
    /// The chance that the link loses a datagram, each way (0 to 0.9).
    #[arg(long, default_value_t = 0.0)]
    pub loss: f64,
    /// How long the link takes to carry a datagram, each way, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub delay_ms: u64,
    /// The link's delay varies by up to this much either way, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub jitter_ms: u64,
    /// The chance that the link delivers a datagram twice (0 to 0.9).
    #[arg(long, default_value_t = 0.0)]
    pub duplicate: f64,
    /// The chance that the link holds a datagram back behind later ones (0 to 0.9).
    #[arg(long, default_value_t = 0.0)]
    pub reorder: f64,
    /// Print the figures as one line of JSON.
    #[arg(long)]
    pub json: bool,
}

impl Options {
    fn impairment(&self) -> Result<Impairment, CliError> {
        for (flag, p) in [
            ("--loss", self.loss),
            ("--duplicate", self.duplicate),
            ("--reorder", self.reorder),
        ] {
            if !(0.0..=0.9).contains(&p) {
                return Err(CliError::Usage(format!(
                    "{flag} {p}: give a chance from 0 to 0.9"
                )));
            }
        }
        for (flag, ms) in [("--delay-ms", self.delay_ms), ("--jitter-ms", self.jitter_ms)] {
            if ms > 10_000 {
                return Err(CliError::Usage(format!("{flag} {ms}: give at most 10000")));
            }
        }
        Ok(Impairment {
            loss: self.loss,
            delay: Duration::from_millis(self.delay_ms),
            jitter: Duration::from_millis(self.jitter_ms),
            duplicate: self.duplicate,
            reorder: self.reorder,
        })
    }
}

/// What a client's failure went through, when the link was not clean: its loss, delay and
/// the like may be more than a table can bear.
fn through(impairment: &Impairment) -> String {
    if impairment.is_clean() {
        return String::new();
    }
    format!(
        " (through a link losing {:.0} % of datagrams each way, {} ms ± {} ms)",
        impairment.loss * 100.0,
        impairment.delay.as_millis(),
        impairment.jitter.as_millis()
    )
}

/// How long the clients have, once the match is over, to receive its summary.
const SUMMARY_WAIT: Duration = Duration::from_secs(60);

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
    let impairment = o.impairment()?;
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
    let net = |e: std::io::Error| CliError::Net(e.to_string());
    let front = if impairment.is_clean() {
        None
    } else {
        let front = LinkAddress::bind().map_err(net)?;
        config.relayed_from.push(front.addr().map_err(net)?);
        Some(front)
    };
    let host_addr = host::open(host.world_mut(), config).map_err(|e| CliError::Net(e.to_string()))?;
    let link = front
        .map(|f| f.start(host_addr, impairment, 1))
        .transpose()
        .map_err(net)?;
    let addr = link.as_ref().map_or(host_addr, LossyLink::addr);
    let sent: Sent = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let clients: Vec<_> = (0..people as u64)
        .map(|i| {
            let (sent, stop, finished) = (sent.clone(), stop.clone(), finished.clone());
            std::thread::spawn(move || -> Result<(Vec<Duration>, Option<MatchSummary>), String> {
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
                let mut told = false;
                while !stop.load(Ordering::Relaxed) {
                    app.update();
                    let session = app.world().resource::<Session>();
                    if let Some(why) = &session.lost {
                        return Err(why.clone());
                    }
                    if !told && session.summary.is_some() {
                        told = true;
                        finished.fetch_add(1, Ordering::Relaxed);
                    }
                    std::thread::sleep(Duration::from_micros(500));
                }
                let summary = app.world().resource::<Session>().summary.clone();
                let samples = std::mem::take(&mut app.world_mut().resource_mut::<Clock>().samples);
                Ok((samples, summary))
            })
        })
        .collect();

    let started = Instant::now();
    let mut ticker = super::tick::Ticker::new(tick);
    loop {
        host.update();
        // a client that gave up (its connection lost) ends the run with its reason
        if match_over(host.world()) || clients.iter().any(|c| c.is_finished()) {
            break;
        }
        ticker.wait_or(|left| host::wait(host.world_mut(), left));
    }
    let seconds = started.elapsed().as_secs_f64();
    // the last updates and the summary cross the link too
    let since = Instant::now();
    while finished.load(Ordering::Relaxed) < people
        && since.elapsed() < SUMMARY_WAIT
        && !clients.iter().any(|c| c.is_finished())
    {
        host.update();
        ticker.wait_or(|left| host::wait(host.world_mut(), left));
    }
    stop.store(true, Ordering::Relaxed);
    let expected = snapshot(host.world()).map(|t| t.game.summary());
    // every client's end first, so that one that gave up is told before the others it stopped
    let mut ends = Vec::new();
    for c in clients {
        ends.push(
            c.join()
                .map_err(|_| CliError::Net("a client thread failed".into()))?,
        );
    }
    if let Some(why) = ends.iter().find_map(|end| end.as_ref().err()) {
        return Err(CliError::Net(format!(
            "a client gave up: {why}{}",
            through(&impairment)
        )));
    }
    let mut samples = Vec::new();
    for (times, summary) in ends.into_iter().flatten() {
        if summary.is_none() || summary != expected {
            return Err(CliError::Net(format!(
                "a client ended with {summary:?}, the host with {expected:?}"
            )));
        }
        samples.extend(times);
    }
    let hands = expected.map_or(0, |s| s.hands).max(1);
    let link_stats = link.map(|l| l.stats()).unwrap_or_default();
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
        "link": {
            "loss": o.loss,
            "delay_ms": o.delay_ms,
            "jitter_ms": o.jitter_ms,
            "duplicate": o.duplicate,
            "reorder": o.reorder,
            "datagrams": link_stats.received,
            "lost": link_stats.lost,
            "duplicated": link_stats.duplicated,
            "reordered": link_stats.reordered,
        },
        "every_client_has_the_summary": true,
    });
    if o.json {
        say!("{report}");
    } else {
        let link = if impairment.is_clean() {
            "direct, no relay".to_string()
        } else {
            format!(
                "{} datagrams, {} lost, {} duplicated, {} reordered",
                link_stats.received, link_stats.lost, link_stats.duplicated, link_stats.reordered
            )
        };
        say!(
            "{} in {seconds:.1} s, host tick {} ms\n\
             intent to every client's view: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)\n\
             sent per hand to each client: {:.0} bytes of messages, {:.0} bytes of UDP payload\n\
             link: {link}; every client has the host's summary",
            courtpiece::words::hands(hands),
            o.tick_ms,
            ms(0.5),
            ms(0.99),
            ms(1.0),
            samples.len(),
            per_hand(&stats.bytes_to_seat),
            per_hand(&stats.datagram_bytes_to_seat),
        );
    }
    Ok(())
}
