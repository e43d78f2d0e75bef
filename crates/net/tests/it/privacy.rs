//! No client ever receives a card of another seat before it is played or made public by a rule.
//! Every message each client receives is checked against the host's own state when it was sent.

use std::collections::HashMap;
use std::time::Duration;

use courtpiece_bots::Level;
use courtpiece_game::{Snapshot, snapshot};
use courtpiece_net::{Access, HostMessage, SeatPlan, Update};
use courtpiece_rules::{Card, CardSet, Person, Preset, Seat};

use crate::support::*;

/// What nobody else may know: for each seat the cards it holds or alone has seen (the face-down
/// indicator, its discards, the stock card it looks at, the cards it put down to pass), and the
/// stock nobody has seen; who plays each seat (in Dummy Rang the driver plays two, and may see
/// both); and the cards each seat shares with the one it passed cards with in Satat (RS-PASS).
#[derive(Clone, PartialEq, Eq)]
struct Secrets {
    seats: [CardSet; 4],
    stock: CardSet,
    people: [Person; 4],
    shared: [CardSet; 4],
}

fn secrets(table: &Snapshot) -> Secrets {
    let mut seats = [CardSet::EMPTY; 4];
    let mut shared = [CardSet::EMPTY; 4];
    let mut looked_at = CardSet::EMPTY;
    for seat in table.game.rules().seats().all() {
        let view = table.game.view(seat);
        let mut held = view.hand.union(view.discards);
        if let Some(exchange) = view.exchange {
            if !exchange.done {
                held = held.union(exchange.gave);
            }
            shared[seat.index()] = exchange.gave.union(exchange.got);
        }
        for card in view.own_indicator.into_iter().chain(view.offer) {
            held.insert(card);
            looked_at.insert(card);
        }
        let public = view.shown_hands.map_or(CardSet::EMPTY, |hands| {
            hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h))
        });
        seats[seat.index()] = held.without(view.exposed[seat.index()]).without(public);
    }
    let stock = table.game.round().stock().iter().copied().collect::<CardSet>();
    Secrets {
        seats,
        stock: stock.without(looked_at),
        people: Seat::ALL.map(|s| table.game.seating().person_at(s)),
        shared,
    }
}

/// Every card named anywhere in a message: its JSON form names each card as a string.
fn cards_named(update: &Update) -> CardSet {
    fn walk(value: &serde_json::Value, out: &mut CardSet) {
        match value {
            serde_json::Value::String(s) => {
                if let Ok(card) = s.parse::<Card>() {
                    out.insert(card);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut cards = CardSet::EMPTY;
    walk(&serde_json::to_value(update).unwrap(), &mut cards);
    cards
}

/// Plays `hands` hands of `preset` with a remote player at every seat but one (a bot's) at a
/// table of three or four, at both seats at a table of two, a watcher from before the deal and a
/// spectator who comes later; checks every update each of them received.
fn check_preset(preset: Preset, hands: u32, seed: u64) {
    let mut rules = preset.rules();
    rules.max_hands = Some(hands);
    rules.target = None;
    let access = Access::Open;
    let count = rules.seats().people();
    let plan: Vec<SeatPlan> = (0..count)
        .map(|i| {
            if i == 1 && count > 2 {
                SeatPlan::Bot(Level::Medium)
            } else {
                SeatPlan::Open
            }
        })
        .collect();
    let people = plan.iter().filter(|p| **p == SeatPlan::Open).count();
    let mut config = config(rules, plan, access);
    config.seed = seed;
    let (mut host, addr) = host_app(config);
    // someone comes to watch before the deal and takes no seat
    let mut clients = vec![watching_app(addr, access, "watcher")];
    clients.extend(
        ["north", "south", "west"][..people]
            .iter()
            .map(|n| client_app(addr, access, n, Some(Level::Medium))),
    );
    let mut states: HashMap<(u32, u32), Vec<Secrets>> = HashMap::new();
    let mut remember = |h: &bevy::prelude::App| {
        if let Some(table) = snapshot(h.world()) {
            let key = (
                u32::try_from(table.record.moves.len()).unwrap(),
                table.game.hand_no(),
            );
            let s = secrets(&table);
            let seen = states.entry(key).or_default();
            if !seen.contains(&s) {
                seen.push(s);
            }
        }
    };
    // the players take the open seats and the match starts; then someone else comes to watch
    let started = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(30),
        |h, _| snapshot(h.world()).is_some(),
        &mut remember,
    );
    assert!(started, "{preset}: the match started");
    clients.push(client_app(addr, access, "rail", None));
    let done = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(900),
        |h, c| match_over(h) && all_have_summary(c),
        &mut remember,
    );
    assert!(done, "{preset}: the match finished");
    let summary = snapshot(host.world()).unwrap().game.summary();
    assert_eq!(summary.hands, hands, "{preset}");
    assert_eq!(
        session(&clients[0]).seat,
        None,
        "{preset}: the watcher took no seat"
    );
    for client in &clients {
        let seat = session(client).seat;
        let person = seat.map(|place| Person::ALL[place.index()]);
        let mut updates = 0;
        for message in received(client) {
            let HostMessage::Update(update) = message else {
                continue;
            };
            updates += 1;
            if let Some(person) = person {
                assert_eq!(update.view.people[update.view.seat.index()], person);
            }
            let named = cards_named(update);
            let candidates = &states[&(update.moves, update.view.hand_no)];
            let clean = candidates.iter().any(|secret| {
                let knows = seat.map_or(CardSet::EMPTY, |s| secret.shared[s.index()]);
                named.intersection(secret.stock).is_empty()
                    && Seat::ALL
                        .into_iter()
                        .filter(|&o| Some(secret.people[o.index()]) != person)
                        .all(|o| {
                            named
                                .intersection(secret.seats[o.index()].without(knows))
                                .is_empty()
                        })
            });
            assert!(
                clean,
                "{preset}: {seat:?} was sent another seat's card in {update:?}"
            );
        }
        assert!(
            updates > hands as usize * 5,
            "{preset}: {seat:?} got {updates} updates"
        );
    }
}

/// Hands per preset: enough for every way of calling, redeals, play-on questions and
/// reveals to come up many times.
const HANDS: u32 = 1000;

#[test]
fn no_client_sees_another_seats_cards_court_piece() {
    check_preset(Preset::CourtPiece, HANDS, 11);
}

#[test]
fn no_client_sees_another_seats_cards_double_sar() {
    check_preset(Preset::DoubleSar, HANDS, 12);
}

#[test]
fn no_client_sees_another_seats_cards_hidden_rang() {
    check_preset(Preset::HiddenRang, HANDS, 13);
}

#[test]
fn no_client_sees_another_seats_cards_hokm() {
    check_preset(Preset::Hokm, HANDS, 14);
}

#[test]
fn no_client_sees_another_seats_cards_troefcall() {
    check_preset(Preset::Troefcall, HANDS, 15);
}

#[test]
fn no_client_sees_another_seats_cards_hokm_for_three() {
    check_preset(Preset::HokmThree, HANDS, 16);
}

/// Neither player ever learns the other's discards, nor a stock card the other looked at, nor
/// one nobody has seen.
#[test]
fn no_client_sees_another_seats_cards_hokm_for_two() {
    check_preset(Preset::HokmTwo, HANDS, 17);
}

/// Dummy Rang: the dummy's cards reach nobody before they are turned up but its driver, when
/// the dummy calls; the driver sees both hands it plays and nobody else's.
#[test]
fn no_client_sees_another_seats_cards_dummy_rang() {
    check_preset(Preset::Dummy, 300, 18);
}

/// Be-ranga: trumps fixed in play by the first seat that cannot follow reach every client as the
/// played card they are, and nothing else does.
#[test]
fn no_client_sees_another_seats_cards_be_ranga() {
    check_preset(Preset::BeRanga, HANDS, 19);
}

/// Mindi: the tens each side has collected are public, as the tricks they are in; no hand
/// reaches another client.
#[test]
fn no_client_sees_another_seats_cards_mindi() {
    check_preset(Preset::Mindi, HANDS, 20);
}

/// Dabba Rang: every bid is public, the caller's face-down indicator reaches nobody before it is
/// revealed, and no hand reaches another client.
#[test]
fn no_client_sees_another_seats_cards_dabba() {
    check_preset(Preset::Dabba, HANDS, 21);
}

/// Satat: a card passed after a court reaches only the two seats that exchange it, before and
/// after it changes hands (RS-PASS); the 2♥ is a card like any other.
#[test]
fn no_client_sees_another_seats_cards_satat() {
    check_preset(Preset::Satat, HANDS, 22);
}
