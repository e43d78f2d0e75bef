//! A player whose client dies keeps the seat; a bot plays it after the grace time; rejoining
//! with the seat token gives it back with a full view, and the match finishes with nothing lost.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_game::controller::BotBrain;
use courtpiece_game::{PersonOf, snapshot};
use courtpiece_net::link::TIMEOUT_SECONDS;
use courtpiece_net::{Access, HostMessage, SeatPlan, SeatState};
use courtpiece_rules::{Preset, Seat};

use crate::support::*;

/// Does a bot play for the person at the lobby's place `seat`?
fn has_bot(host: &mut App, seat: Seat) -> bool {
    let mut q = host.world_mut().query::<(&PersonOf, Option<&BotBrain>)>();
    q.iter(host.world())
        .any(|(p, brain)| p.0.index() == seat.index() && brain.is_some())
}

#[test]
fn a_dropped_player_is_replaced_after_the_grace_time_and_gets_the_seat_back() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(6);
    rules.target = None;
    let access = Access::Code("REJ-1234".parse().unwrap());
    let grace = Duration::from_secs(1);
    let mut config = config(
        rules,
        [
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
        ],
        access,
    );
    config.grace = grace;
    let (mut host, addr) = host_app(config);
    let mut clients: Vec<_> = ["ana", "bilal", "chen"]
        .iter()
        .map(|n| client_app(addr, access, n, Some(Level::Medium)))
        .collect();
    let mid_hand = |h: &App, _: &[App]| {
        snapshot(h.world()).is_some_and(|t| t.game.hand_no() == 2 && t.game.round().tricks().len() >= 3)
    };
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(60),
        mid_hand,
        |_| {}
    ));

    // bilal's program dies: no goodbye, its socket just closes
    let gone = clients.remove(1);
    let seat = session(&gone).seat.expect("seated");
    let token = session(&gone).token.expect("a seat token");
    drop(gone);
    let dropped_at = Instant::now();
    let hand_then = snapshot(host.world()).unwrap().game.hand_no();
    let mut replaced_after = None;
    let limit = Duration::from_secs(TIMEOUT_SECONDS as u64) + grace + Duration::from_secs(3);
    while replaced_after.is_none() && dropped_at.elapsed() < limit {
        host.update();
        clients.iter_mut().for_each(|c| c.update());
        if has_bot(&mut host, seat) {
            replaced_after = Some(dropped_at.elapsed());
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let replaced_after = replaced_after.expect("a bot took the seat");
    assert!(
        replaced_after >= grace,
        "the seat was kept for the grace time ({replaced_after:?})"
    );
    let lobby = session(&clients[0]).lobby.clone().unwrap();
    assert!(matches!(&lobby.seats[seat.index()], SeatState::Player { name, away: true } if name == "bilal"));

    // the bot plays on for a while, then bilal comes back on a new connection
    let later = |h: &App, _: &[App]| snapshot(h.world()).unwrap().game.hand_no() > hand_then;
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(60),
        later,
        |_| {}
    ));
    clients.insert(
        1,
        rejoining_app(addr, access, "bilal", Some(Level::Medium), Some(token)),
    );
    let back = |_: &App, c: &[App]| session(&c[1]).view.is_some();
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(10),
        back,
        |_| {}
    ));
    assert_eq!(session(&clients[1]).seat, Some(seat));
    let first_update = received(&clients[1])
        .iter()
        .find_map(|m| match m {
            HostMessage::Update(u) => Some(u.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        first_update.tricks_from, 0,
        "the first update after a rejoin is a full view"
    );
    let truth = snapshot(host.world()).unwrap().game.view(seat);
    let view = session(&clients[1]).view.clone().unwrap();
    if view.hand_no == truth.hand_no && session(&clients[1]).moves == truth_moves(&host) {
        assert_eq!(view, truth);
    }

    let finished = |h: &App, c: &[App]| match_over(h) && all_have_summary(c);
    assert!(run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(120),
        finished,
        |_| {}
    ));
    assert!(!has_bot(&mut host, seat), "the seat is bilal's again");
    let summary = snapshot(host.world()).unwrap().game.summary();
    assert_eq!(summary.hands, 6);
    for c in &clients {
        assert_eq!(session(c).summary.as_ref(), Some(&summary));
    }
    // the record holds every move, so the match replays to the same end
    let record = snapshot(host.world()).unwrap().record.clone();
    assert_eq!(record.replay().unwrap().summary(), summary);
}

fn truth_moves(host: &App) -> u32 {
    u32::try_from(snapshot(host.world()).unwrap().record.moves.len()).unwrap()
}
