//! A table that times turns: every client learns the timer from the lobby, and a person who
//! does not act is played for by a bot once it runs out, not before.

use std::cell::Cell;
use std::time::{Duration, Instant};

use courtpiece_bots::Level;
use courtpiece_game::snapshot;
use courtpiece_net::{Access, SeatPlan};
use courtpiece_rules::{Preset, Seat};

use crate::support::*;

#[test]
fn a_person_who_does_not_act_is_played_for_when_the_turn_timer_runs_out() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(1);
    rules.target = None;
    let bot = SeatPlan::Bot(Level::Easy);
    let mut config = config(rules, [SeatPlan::Open, bot, bot, bot], Access::Open);
    config.turn_timer = Some(1);
    let (mut host, addr) = host_app(config);
    let mut idle = [client_app(addr, Access::Open, "idle", None)];
    let seat = Seat::ALL[0];
    let turn_began: Cell<Option<Instant>> = Cell::new(None);
    let played_for = |host: &bevy::prelude::App| {
        snapshot(host.world()).is_some_and(|t| t.record.moves.iter().any(|m| m.seat == seat))
    };
    let done = run_until(
        &mut host,
        &mut idle,
        Duration::from_secs(30),
        |host, _| played_for(host),
        |host| {
            let to_act = snapshot(host.world()).and_then(|t| t.game.to_act());
            if turn_began.get().is_none() && to_act == Some(seat) {
                turn_began.set(Some(Instant::now()));
            }
        },
    );
    assert!(done, "nobody played for the idle person");
    let waited = turn_began.get().expect("the idle person had a turn").elapsed();
    assert!(
        waited >= Duration::from_millis(950),
        "played for after {waited:?}, before the timer ran out"
    );
    let lobby = session(&idle[0]).lobby.clone().expect("the client got the lobby");
    assert_eq!(lobby.turn_timer, Some(1));
    assert_eq!(session(&idle[0]).seat, Some(seat));
}
