//! The lobby: who sits where, bots for the empty seats, the rules, and the start. Anyone takes
//! or leaves a seat for themselves; the table's owner (the host's own player) does the rest.

use bevy::prelude::*;
use bevy_renet::renet::ClientId;
use courtpiece_game::{Controller, StartMatch};
use courtpiece_rules::Seat;

use super::{Holder, Host, Player};
use crate::protocol::{Arrival, LobbyAction, LobbyState, SeatState, Spectator};
use crate::refusal::LobbyError;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, start.run_if(resource_exists::<Host>));
}

/// Carries out one lobby action of the person `index` on connection `client`, or says why not.
pub(crate) fn act(
    host: &mut Host,
    client: ClientId,
    index: usize,
    action: LobbyAction,
) -> Result<(), LobbyError> {
    // a watcher may be let in during a match too
    if host.started && !matches!(action, LobbyAction::LetIn { .. }) {
        return Err(LobbyError::Started);
    }
    let owner = host.owner == Some(client);
    let owners_only = || Err(LobbyError::OwnerOnly);
    match action {
        LobbyAction::TakeSeat(seat) => {
            if *holder(host, seat)? != Holder::Open {
                return Err(LobbyError::SeatTaken(seat));
            }
            free_seat_of(host, index);
            host.seats[seat.index()] = Holder::Player(index);
            host.players[index].seat = Some(seat);
        }
        LobbyAction::LeaveSeat | LobbyAction::Watch => free_seat_of(host, index),
        LobbyAction::Swap(a, b) => {
            if !owner {
                return owners_only();
            }
            holder(host, a)?;
            holder(host, b)?;
            host.seats.swap(a.index(), b.index());
            for seat in [a, b] {
                if let Holder::Player(p) = host.seats[seat.index()] {
                    host.players[p].seat = Some(seat);
                }
            }
        }
        LobbyAction::SetBot(seat, level) => {
            if !owner {
                return owners_only();
            }
            if let Holder::Player(_) = holder(host, seat)? {
                return Err(LobbyError::SeatHasPlayer(seat));
            }
            host.seats[seat.index()] = level.map_or(Holder::Open, Holder::Bot);
        }
        LobbyAction::FillWithBots(level) => {
            if !owner {
                return owners_only();
            }
            for holder in &mut host.seats {
                if *holder == Holder::Open {
                    *holder = Holder::Bot(level);
                }
            }
        }
        LobbyAction::SetRules(rules) => {
            if !owner {
                return owners_only();
            }
            rules.validate()?;
            // nobody at the table can call time: a match without a limit would never be over
            if !rules.ends_by_itself() {
                return Err(LobbyError::NoEnd);
            }
            seat_for(host, rules.seats().people());
            host.rules = rules;
        }
        LobbyAction::Start => {
            if !owner {
                return owners_only();
            }
            not_ready(host)?;
            host.start_asked = true;
        }
        LobbyAction::LetIn { player, seat } => {
            if !owner {
                return owners_only();
            }
            let_in(host, usize::from(player), seat)?;
        }
    }
    host.lobby_changed = true;
    Ok(())
}

/// Seats the watcher `player` at `seat`: at once in the lobby, when the hand in play is over in
/// a match (see `arrivals`).
fn let_in(host: &mut Host, player: usize, seat: Seat) -> Result<(), LobbyError> {
    if !host.players.get(player).is_some_and(Player::watching) {
        return Err(LobbyError::NotWatching);
    }
    match *holder(host, seat)? {
        Holder::Open | Holder::Bot(_) | Holder::Program(_) => {}
        // left for good: a bot plays the seat
        Holder::Player(p) if host.players[p].gone => {}
        Holder::Player(_) => return Err(LobbyError::NotABotsSeat(seat)),
    }
    if host.started {
        host.arriving.retain(|&(p, s)| p != player && s != seat);
        host.arriving.push((player, seat));
    } else {
        host.seats[seat.index()] = Holder::Player(player);
        host.players[player].seat = Some(seat);
    }
    host.lobby_changed = true;
    Ok(())
}

/// Who holds `seat`, if the table has it.
fn holder(host: &Host, seat: Seat) -> Result<&Holder, LobbyError> {
    host.seats.get(seat.index()).ok_or(LobbyError::NoSuchSeat(seat))
}

/// Gives the table `count` seats: new seats are open, and whoever sat at a seat that goes now
/// watches.
fn seat_for(host: &mut Host, count: usize) {
    for holder in host.seats.drain(count.min(host.seats.len())..) {
        if let Holder::Player(p) = holder {
            host.players[p].seat = None;
        }
    }
    host.seats.resize(count, Holder::Open);
}

fn free_seat_of(host: &mut Host, index: usize) {
    if let Some(seat) = host.players[index].seat.take() {
        host.seats[seat.index()] = Holder::Open;
    }
}

/// Why the match cannot start yet, if it cannot.
fn not_ready(host: &Host) -> Result<(), LobbyError> {
    for (seat, holder) in Seat::ALL.into_iter().zip(&host.seats) {
        match *holder {
            Holder::Open => return Err(LobbyError::SeatOpen(seat)),
            Holder::Player(p) if host.players[p].client.is_none() => {
                return Err(LobbyError::NotConnected {
                    seat,
                    name: host.players[p].name.clone(),
                });
            }
            _ => {}
        }
    }
    Ok(())
}

/// Deals when the owner asked, or (the headless host) when every seat is taken. A resumed match
/// waits the grace time for the people of its saved seats, then goes on with bots for those
/// not back yet.
fn start(mut host: ResMut<Host>, mut starts: MessageWriter<StartMatch>, time: Res<Time<Real>>) {
    if host.started {
        return;
    }
    let ready = match not_ready(&host) {
        Ok(()) => true,
        Err(LobbyError::NotConnected { .. }) => {
            host.resume.is_some()
                && time.elapsed() >= host.grace
                && host.seats.iter().all(|h| *h != Holder::Open)
        }
        Err(_) => false,
    };
    if !(ready && (host.start_asked || host.auto_start)) {
        host.start_asked = false;
        return;
    }
    let people = host
        .seats
        .iter()
        .map(|holder| match *holder {
            Holder::Bot(level) => Controller::Bot(level),
            Holder::Program(i) => Controller::Program(i),
            Holder::Player(p) => Controller::Remote(host.players[p].client.unwrap_or_default()),
            Holder::Open => Controller::Bot(courtpiece_bots::Level::Medium),
        })
        .collect();
    starts.write(StartMatch {
        rules: host.rules.clone(),
        seed: host.seed,
        people,
        resume: host.resume.take(),
    });
    host.started = true;
    host.lobby_changed = true;
    info!("the match starts");
}

/// The lobby as everyone may see it, sent to the person `index`.
pub(crate) fn state(host: &Host, index: usize) -> LobbyState {
    let seats = seats(host);
    let spectators = host
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.watching())
        .map(|(i, p)| Spectator {
            player: u8::try_from(i).unwrap_or(u8::MAX),
            name: p.name.clone(),
        })
        .collect();
    let arriving = host
        .arriving
        .iter()
        .map(|&(p, seat)| Arrival {
            seat,
            name: host.players[p].name.clone(),
        })
        .collect();
    LobbyState {
        table: host.table.clone(),
        rules: host.rules.clone(),
        seats,
        spectators,
        arriving,
        started: host.started,
        turn_timer: host.turn_timer,
        you: host.players[index].seat,
    }
}

/// Who holds each seat, as the lobby shows it.
pub(crate) fn seats(host: &Host) -> Vec<SeatState> {
    host.seats
        .iter()
        .map(|holder| match *holder {
            Holder::Open => SeatState::Open,
            Holder::Bot(level) => SeatState::Bot(level),
            Holder::Program(i) => SeatState::Program {
                name: host
                    .program_names
                    .get(usize::from(i))
                    .cloned()
                    .unwrap_or_default(),
            },
            Holder::Player(p) => SeatState::Player {
                name: host.players[p].name.clone(),
                away: host.players[p].client.is_none(),
            },
        })
        .collect()
}
