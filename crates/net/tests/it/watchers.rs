//! Watchers: someone who comes to watch takes no seat, even an open one, and sees what the rail
//! sees; the owner lets them into a bot's seat, and in a match they sit down when the hand in
//! play is over, with their own hand from the next deal.

use bevy::prelude::App;
use courtpiece_bots::Level;
use courtpiece_game::{Controller, PersonOf, snapshot};
use courtpiece_net::host::join_own_table;
use courtpiece_net::{Access, Autoplay, HostMessage, LobbyAction, LobbyError, Refusal, SeatPlan};
use courtpiece_rules::{Preset, Seat};

use crate::support::*;

#[test]
fn a_watcher_is_let_into_a_bots_seat_from_the_next_hand() {
    let access = Access::Code("WAT-1234".parse().unwrap());
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(3);
    rules.target = None;
    let mut config = config(
        rules,
        [
            SeatPlan::Open,
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
        ],
        access,
    );
    config.auto_start = false;
    let (mut host, addr) = host_app(config);
    join_own_table(host.world_mut(), "Host");
    host.insert_resource(Autoplay::new(Level::Medium, 1));
    let mut clients = vec![watching_app(addr, access, "dana")];
    settle(&mut host, &mut clients, "dana watches", |h, _| {
        session(h)
            .lobby
            .as_ref()
            .is_some_and(|l| l.spectators.iter().any(|s| s.name == "dana"))
    });
    assert_eq!(
        session(&clients[0]).seat,
        None,
        "an open seat is not taken by a watcher"
    );
    let dana = session(&host).lobby.as_ref().unwrap().spectators[0].clone();
    assert_eq!(Some(dana.player), session(&clients[0]).player);

    // only the owner lets people in
    ask(
        &mut clients[0],
        LobbyAction::LetIn {
            player: dana.player,
            seat: Seat::ALL[3],
        },
    );
    settle(&mut host, &mut clients, "refused", |_, c| {
        !session(&c[0]).rejections.is_empty()
    });
    assert_eq!(
        session(&clients[0]).rejections[0],
        Refusal::Lobby(LobbyError::OwnerOnly)
    );
    ask(&mut host, LobbyAction::SetBot(Seat::ALL[3], Some(Level::Easy)));
    ask(&mut host, LobbyAction::Start);
    settle(&mut host, &mut clients, "dealt", |h, _| {
        snapshot(h.world()).is_some_and(|t| t.game.round().tricks().len() >= 2)
    });

    // a seat a person plays is not the owner's to give; a bot's is, from the next hand
    ask(
        &mut host,
        LobbyAction::LetIn {
            player: dana.player,
            seat: Seat::ALL[0],
        },
    );
    ask(
        &mut host,
        LobbyAction::LetIn {
            player: dana.player,
            seat: Seat::ALL[2],
        },
    );
    settle(&mut host, &mut clients, "arriving", |h, c| {
        !session(h).rejections.is_empty()
            && session(&c[0]).lobby.as_ref().is_some_and(|l| {
                l.arriving
                    .iter()
                    .any(|a| a.name == "dana" && a.seat == Seat::ALL[2])
            })
    });
    assert_eq!(
        session(&host).rejections.last(),
        Some(&Refusal::Lobby(LobbyError::NotABotsSeat(Seat::ALL[0])))
    );
    let hand_then = snapshot(host.world()).unwrap().game.hand_no();
    assert_eq!(hand_then, 1);
    assert_eq!(session(&clients[0]).seat, None, "not during the hand");

    settle(&mut host, &mut clients, "seated with cards", |_, c| {
        session(&c[0]).seat == Some(Seat::ALL[2])
            && session(&c[0]).view.as_ref().is_some_and(|v| !v.hand.is_empty())
    });
    let updates: Vec<_> = received(&clients[0])
        .iter()
        .filter_map(|m| match m {
            HostMessage::Update(u) => Some(u.clone()),
            _ => None,
        })
        .collect();
    let first_own = updates
        .iter()
        .position(|u| u.view.seat == Seat::ALL[2] && u.view.hand_no >= 2)
        .expect("a view from the seat");
    for u in &updates[..first_own] {
        assert!(
            u.view.hand.is_empty() && u.view.legal.is_empty(),
            "the rail sees no hand and decides nothing"
        );
        assert_eq!(u.view.hand_no, 1, "watched until the first hand was over");
    }

    let finished = |h: &App, c: &[App]| match_over(h) && all_have_summary(c);
    settle(&mut host, &mut clients, "finished", finished);
    let mut people = host.world_mut().query::<(&PersonOf, &Controller)>();
    let controller = people
        .iter(host.world())
        .find(|(p, _)| p.0.index() == 2)
        .map(|(_, c)| *c)
        .unwrap();
    assert!(matches!(controller, Controller::Remote(_)), "{controller:?}");
    let summary = snapshot(host.world()).unwrap().game.summary();
    assert_eq!(session(&clients[0]).summary.as_ref(), Some(&summary));
    let record = snapshot(host.world()).unwrap().record.clone();
    assert_eq!(record.replay().unwrap().summary(), summary);
}
