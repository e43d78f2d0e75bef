//! A host that dies mid-hand (no goodbye: its process is gone) and is started again from its
//! save on the same port: its players come back by themselves, each to their own seat, a
//! stranger gets no seat, and the match ends as the record says.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_game::{SaveAfter, SavePath, snapshot};
use courtpiece_net::host::{SeatClaims, claims};
use courtpiece_net::{Access, HostConfig, SeatPlan};
use courtpiece_rules::{GameRecord, Preset, RuleSet};

use crate::support::*;

fn table(rules: &RuleSet, access: Access, port: u16, record: &std::path::Path) -> HostConfig {
    let mut config = config(
        rules.clone(),
        [
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
        ],
        access,
    );
    config.bind = ([127, 0, 0, 1], port).into();
    // long enough for everyone to be back before the resumed match goes on
    config.grace = Duration::from_secs(30);
    config.claims_file = Some(claims::beside(record));
    config
}

fn saving(mut host: App, record: PathBuf) -> App {
    host.insert_resource(SavePath(record))
        .insert_resource(SaveAfter::Move);
    host
}

#[test]
fn players_come_back_to_their_own_seats_after_the_host_restarts_from_its_save() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(3);
    rules.target = None;
    let access = Access::Code("RST-2468".parse().unwrap());
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("courtpiece-restart");
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("match.json");

    let (first, addr) = host_app(table(&rules, access, 0, &record));
    let mut host = saving(first, record.clone());
    let mut clients: Vec<_> = ["ana", "bilal", "chen"]
        .iter()
        .map(|n| client_app(addr, access, n, Some(Level::Medium)))
        .collect();
    let mid_hand = |h: &App, _: &[App]| {
        snapshot(h.world()).is_some_and(|t| t.game.hand_no() == 2 && t.game.round().tricks().len() >= 2)
    };
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(60),
        mid_hand,
        |_| {}
    ));
    let seats: Vec<_> = clients.iter().map(|c| session(c).seat.unwrap()).collect();
    let moves_then = snapshot(host.world()).unwrap().record.moves.len();
    // the host's process dies: nothing more is sent, the socket closes
    drop(host);

    let saved = GameRecord::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved.moves.len(), moves_then, "every move was saved");
    let claims = SeatClaims::load(&claims::beside(&record)).unwrap().unwrap();
    assert_eq!(claims.seats.len(), 3);
    assert_eq!(claims.code.as_deref(), Some("RST-2468"));

    // the clients notice, and wait to try again
    let mut nobody = App::new();
    nobody.add_plugins(MinimalPlugins);
    let dropped = |_: &App, c: &[App]| c.iter().all(|c| session(c).reconnecting.is_some());
    assert!(run_until(
        &mut nobody,
        &mut clients,
        Duration::from_secs(15),
        dropped,
        |_| {}
    ));
    assert!(clients.iter().all(|c| session(c).lost.is_none()));

    let mut resumed = table(&rules, access, addr.port(), &record);
    resumed.resume = Some(saved);
    resumed.claims = Some(claims);
    let (second, _) = host_app(resumed);
    let mut host = saving(second, record.clone());
    let mut stranger = client_app(addr, access, "dana", None);
    let back = |_: &App, c: &[App]| {
        c.iter()
            .all(|c| session(c).reconnecting.is_none() && session(c).view.is_some())
    };
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(30),
        back,
        |_| {}
    ));
    for (c, seat) in clients.iter().zip(&seats) {
        assert_eq!(
            session(c).seat,
            Some(*seat),
            "{} is at their own seat",
            session(c).name
        );
    }

    let finished = |h: &App, c: &[App]| match_over(h) && all_have_summary(c);
    clients.push(stranger);
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(120),
        finished,
        |_| {}
    ));
    stranger = clients.pop().unwrap();
    assert_eq!(session(&stranger).seat, None, "a stranger only watches");
    let summary = snapshot(host.world()).unwrap().game.summary();
    assert_eq!(summary.hands, 3);
    for c in &clients {
        assert_eq!(session(c).summary.as_ref(), Some(&summary));
    }
    let saved = GameRecord::from_json(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved.replay().unwrap().summary(), summary);
    std::fs::remove_dir_all(&dir).ok();
}

/// A player's laptop sleeps for longer than the connection's timeout while the host plays on:
/// on waking the client finds the connection gone and comes back to its seat by itself.
#[test]
fn a_client_that_slept_comes_back_to_its_seat_while_the_host_stayed_up() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(3);
    rules.target = None;
    let access = Access::Open;
    let mut config = config(
        rules,
        [
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
        ],
        access,
    );
    config.grace = Duration::from_secs(1);
    let (mut host, addr) = host_app(config);
    let mut awake = vec![client_app(addr, access, "ana", Some(Level::Medium))];
    let mut sleeper = client_app(addr, access, "bilal", Some(Level::Medium));
    let started =
        |h: &App, _: &[App]| snapshot(h.world()).is_some_and(|t| t.game.round().tricks().len() >= 2);
    awake.push(sleeper);
    assert!(run_until(
        &mut host,
        &mut awake,
        Duration::from_secs(60),
        started,
        |_| {}
    ));
    sleeper = awake.pop().unwrap();
    let seat = session(&sleeper).seat.unwrap();

    // the host and the other player go on; the sleeper's app does not run at all
    let asleep_for = Duration::from_secs(courtpiece_net::link::TIMEOUT_SECONDS as u64 + 2);
    let asleep = std::time::Instant::now();
    assert!(!run_until(
        &mut host,
        &mut awake,
        asleep_for,
        |_, _| false,
        |_| {}
    ));
    assert!(asleep.elapsed() >= asleep_for);

    awake.push(sleeper);
    let noticed = |_: &App, c: &[App]| {
        c[1].world()
            .resource::<courtpiece_net::Session>()
            .reconnecting
            .is_some()
    };
    assert!(run_until(
        &mut host,
        &mut awake,
        Duration::from_secs(5),
        noticed,
        |_| {}
    ));
    let back = |_: &App, c: &[App]| session(&c[1]).reconnecting.is_none();
    assert!(run_until(
        &mut host,
        &mut awake,
        Duration::from_secs(30),
        back,
        |_| {}
    ));
    assert_eq!(session(&awake[1]).seat, Some(seat));
    let finished = |h: &App, c: &[App]| match_over(h) && all_have_summary(c);
    assert!(run_until(
        &mut host,
        &mut awake,
        Duration::from_secs(120),
        finished,
        |_| {}
    ));
    let summary = snapshot(host.world()).unwrap().game.summary();
    assert!(
        awake
            .iter()
            .all(|c| session(c).summary.as_ref() == Some(&summary))
    );
}
