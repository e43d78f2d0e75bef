//! The lobby: seats taken, left and swapped, bots for empty seats, the rules, the start; the
//! host's own player joins through renet's local client and owns the table.

use bevy::prelude::App;
use courtpiece_bots::Level;
use courtpiece_game::snapshot;
use courtpiece_net::host::join_own_table;
use courtpiece_net::{Access, LobbyAction, LobbyError, Refusal, SeatPlan, SeatState};
use courtpiece_rules::{CardSet, Preset, RuleSet, Seat};

use crate::support::*;

#[test]
fn the_owner_arranges_the_table_and_deals() {
    let access = Access::Code("LOB-2024".parse().unwrap());
    let mut config = config(Preset::CourtPiece.rules(), [SeatPlan::Open; 4], access);
    config.auto_start = false;
    let (mut host, addr) = host_app(config);
    join_own_table(host.world_mut(), "Host");
    let mut clients = vec![client_app(addr, access, "guest", None)];
    settle(&mut host, &mut clients, "both seated", |h, c| {
        session(h).seat.is_some() && session(&c[0]).seat.is_some()
    });
    assert!(session(&host).owner && !session(&clients[0]).owner);
    assert_eq!(session(&host).seat, Some(Seat::ALL[0]));
    assert_eq!(session(&clients[0]).seat, Some(Seat::ALL[1]));

    ask(&mut clients[0], LobbyAction::TakeSeat(Seat::ALL[3]));
    settle(&mut host, &mut clients, "the guest moved", |_, c| {
        session(&c[0]).seat == Some(Seat::ALL[3])
    });

    ask(&mut clients[0], LobbyAction::SetRules(Preset::Hokm.rules()));
    settle(&mut host, &mut clients, "refused", |_, c| {
        !session(&c[0]).rejections.is_empty()
    });
    assert_eq!(
        session(&clients[0]).rejections[0],
        Refusal::Lobby(LobbyError::OwnerOnly)
    );

    ask(&mut host, LobbyAction::Start);
    settle(&mut host, &mut clients, "refused", |h, _| {
        !session(h).rejections.is_empty()
    });
    assert_eq!(
        session(&host).rejections[0],
        Refusal::Lobby(LobbyError::SeatOpen(Seat::ALL[1]))
    );
    assert_eq!(
        session(&host).rejections[0].to_string(),
        "seat 1 is open: wait for a player or give it a bot"
    );

    // nobody can call time at the table: a match without a limit is refused
    let endless = RuleSet {
        target: None,
        max_hands: None,
        ..Preset::Hokm.rules()
    };
    ask(&mut host, LobbyAction::SetRules(endless));
    settle(&mut host, &mut clients, "refused", |h, _| {
        session(h).rejections.len() > 1
    });
    assert_eq!(session(&host).rejections[1], Refusal::Lobby(LobbyError::NoEnd));

    ask(&mut host, LobbyAction::SetBot(Seat::ALL[1], Some(Level::Hard)));
    ask(&mut host, LobbyAction::Swap(Seat::ALL[0], Seat::ALL[2]));
    ask(&mut host, LobbyAction::FillWithBots(Level::Easy));
    ask(&mut host, LobbyAction::SetRules(Preset::Hokm.rules()));
    settle(&mut host, &mut clients, "arranged", |h, _| {
        session(h)
            .lobby
            .as_ref()
            .is_some_and(|l| l.rules == Preset::Hokm.rules())
    });
    let lobby = session(&host).lobby.clone().unwrap();
    assert_eq!(session(&host).seat, Some(Seat::ALL[2]));
    assert_eq!(lobby.seats[0], SeatState::Bot(Level::Easy));
    assert_eq!(lobby.seats[1], SeatState::Bot(Level::Hard));
    assert!(matches!(&lobby.seats[2], SeatState::Player { name, away: false } if name == "Host"));
    assert!(matches!(&lobby.seats[3], SeatState::Player { name, .. } if name == "guest"));

    // a second "guest" is told apart from the first by a number
    clients.push(client_app(addr, access, "guest", None));
    settle(&mut host, &mut clients, "the spectator is in", |h, _| {
        session(h)
            .lobby
            .as_ref()
            .is_some_and(|l| l.spectators.iter().map(|s| s.name.as_str()).eq(["guest 2"]))
    });
    assert_eq!(session(&clients[1]).seat, None);
    assert_eq!(
        session(&clients[1]).name,
        "guest 2",
        "the welcome says what the table calls them"
    );
    assert_eq!(session(&clients[0]).name, "guest");

    ask(&mut host, LobbyAction::Start);
    settle(&mut host, &mut clients, "dealt", |h, c| {
        [h, &c[0], &c[1]].iter().all(|a| {
            session(a)
                .view
                .as_ref()
                .is_some_and(|v| v.hand_no == 1 && v.counts[0] > 0)
        })
    });
    assert_eq!(
        snapshot(host.world()).unwrap().game.rules(),
        &Preset::Hokm.rules()
    );
    assert_eq!(session(&host).view.as_ref().unwrap().seat, Seat::ALL[2]);
    assert_eq!(session(&clients[0]).view.as_ref().unwrap().seat, Seat::ALL[3]);
    let rail = session(&clients[1]).view.as_ref().unwrap();
    assert_eq!((rail.hand, rail.legal.len()), (CardSet::EMPTY, 0));

    ask(&mut clients[0], LobbyAction::LeaveSeat);
    settle(&mut host, &mut clients, "refused", |_, c| {
        session(&c[0]).rejections.len() > 1
    });
    assert_eq!(
        session(&clients[0]).rejections[1],
        Refusal::Lobby(LobbyError::Started)
    );
}

/// The rules set the number of seats: a table made smaller sends whoever sat at a seat that goes
/// to the rail and keeps the bots of the seats it keeps, a seat it does not have is refused, and
/// the match deals to the seats it has.
#[test]
fn the_rules_set_how_many_sit() {
    let access = Access::Open;
    let mut config = config(
        Preset::CourtPiece.rules(),
        [
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Bot(Level::Hard),
            SeatPlan::Open,
        ],
        access,
    );
    config.auto_start = false;
    let (mut host, addr) = host_app(config);
    join_own_table(host.world_mut(), "Host");
    let mut clients = vec![client_app(addr, access, "guest", None)];
    settle(&mut host, &mut clients, "both seated", |h, c| {
        session(h).seat.is_some() && session(&c[0]).seat.is_some()
    });
    ask(&mut clients[0], LobbyAction::TakeSeat(Seat::ALL[3]));
    settle(&mut host, &mut clients, "the guest moved", |_, c| {
        session(&c[0]).seat == Some(Seat::ALL[3])
    });

    ask(&mut host, LobbyAction::SetRules(Preset::HokmThree.rules()));
    settle(&mut host, &mut clients, "three seats", |h, c| {
        [h, &c[0]]
            .iter()
            .all(|a| session(a).lobby.as_ref().is_some_and(|l| l.seats.len() == 3))
    });
    let lobby = session(&clients[0]).lobby.clone().unwrap();
    assert_eq!(lobby.seats[1], SeatState::Open);
    assert_eq!(lobby.seats[2], SeatState::Bot(Level::Hard));
    assert!(lobby.spectators.iter().map(|s| s.name.as_str()).eq(["guest"]));
    assert_eq!(session(&clients[0]).seat, None);

    ask(&mut clients[0], LobbyAction::TakeSeat(Seat::ALL[3]));
    settle(&mut host, &mut clients, "refused", |_, c| {
        !session(&c[0]).rejections.is_empty()
    });
    assert_eq!(
        session(&clients[0]).rejections[0],
        Refusal::Lobby(LobbyError::NoSuchSeat(Seat::ALL[3]))
    );

    ask(&mut clients[0], LobbyAction::TakeSeat(Seat::ALL[1]));
    settle(&mut host, &mut clients, "the guest sits again", |_, c| {
        session(&c[0]).seat == Some(Seat::ALL[1])
    });
    ask(&mut host, LobbyAction::Start);
    settle(&mut host, &mut clients, "dealt", |h, c| {
        [h, &c[0]]
            .iter()
            .all(|a| session(a).view.as_ref().is_some_and(|v| v.hand_no == 1))
    });
    let view = session(&clients[0]).view.clone().unwrap();
    assert_eq!((view.seat, view.seats.count()), (Seat::ALL[1], 3));
}

#[test]
fn a_table_opens_with_one_plan_per_seat_of_its_rules() {
    let access = Access::Open;
    let wrong = config(Preset::HokmTwo.rules(), [SeatPlan::Open; 3], access);
    let mut app = App::new();
    let error = courtpiece_net::host::open(app.world_mut(), wrong).unwrap_err();
    assert_eq!(error.to_string(), "a table of 2 needs 2 seats, 3 given");
    let hard = config(
        Preset::HokmTwo.rules(),
        [SeatPlan::Open, SeatPlan::Bot(Level::Hard)],
        access,
    );
    assert!(courtpiece_net::host::open(app.world_mut(), hard).is_ok());
}

/// The seats as the lobby shows them can be asked of a table nobody has joined yet.
#[test]
fn the_seats_of_an_empty_table_are_known() {
    let config = config(
        Preset::CourtPiece.rules(),
        [
            SeatPlan::Bot(Level::Easy),
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
        ],
        Access::Open,
    );
    let (host, _) = host_app(config);
    let seats = host.world().resource::<courtpiece_net::Host>().seats();
    assert_eq!(seats.len(), 4);
    assert_eq!(seats[0], SeatState::Bot(Level::Easy));
    assert_eq!(seats[1], SeatState::Open);
}
