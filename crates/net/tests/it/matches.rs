use std::time::{Duration, Instant};

use courtpiece_bots::Level;
use courtpiece_game::snapshot;
use courtpiece_net::{Access, SeatPlan};
use courtpiece_rules::Preset;

use crate::support::*;

#[test]
fn three_autoplay_clients_finish_a_match_with_the_hosts_summary() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(20);
    rules.target = None;
    let code = Access::Code("KOT-4821".parse().unwrap());
    let (mut host, addr) = host_app(config(
        rules,
        [
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
        ],
        code,
    ));
    let mut clients: Vec<_> = ["ana", "bilal", "chen"]
        .iter()
        .map(|n| client_app(addr, code, n, Some(Level::Medium)))
        .collect();
    let start = Instant::now();
    let done = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(120),
        |h, c| match_over(h) && all_have_summary(c),
        |_| {},
    );
    eprintln!("20 hands in {:?}", start.elapsed());
    assert!(done, "the match finished");
    let expected = snapshot(host.world()).unwrap().game.summary();
    for c in &clients {
        assert_eq!(session(c).summary.as_ref(), Some(&expected));
    }
}

#[test]
fn the_host_plays_on_when_everyone_leaves() {
    let mut rules = Preset::DoubleSar.rules();
    rules.max_hands = Some(4);
    rules.target = None;
    let access = Access::Open;
    let (mut host, addr) = host_app(config(
        rules,
        [
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Bot(Level::Easy),
        ],
        access,
    ));
    let mut clients: Vec<_> = ["ana", "bilal", "chen"]
        .iter()
        .map(|n| client_app(addr, access, n, Some(Level::Easy)))
        .collect();
    let first_hand_over = |h: &bevy::prelude::App, _: &[bevy::prelude::App]| {
        snapshot(h.world()).is_some_and(|t| t.game.hand_no() >= 2)
    };
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(60),
        first_hand_over,
        |_| {}
    ));
    for c in &mut clients {
        courtpiece_net::client::disconnect(c.world_mut());
        c.update();
    }
    let mut nobody: Vec<bevy::prelude::App> = Vec::new();
    let over = run_until(
        &mut host,
        &mut nobody,
        Duration::from_secs(60),
        |h, _| match_over(h),
        |_| {},
    );
    assert!(over, "bots finished the match for the people who left");
    assert_eq!(host.world().resource::<courtpiece_net::Host>().connected(), 0);
    assert_eq!(snapshot(host.world()).unwrap().game.summary().hands, 4);
}
