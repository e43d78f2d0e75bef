//! The table view without a window: a recorded stream of updates goes in, and every card entity
//! must end where the seat's view says.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece::desktop::screen::{self, Screen};
use courtpiece::desktop::table::flourish::Nudge;
use courtpiece::desktop::table::layout::Spot;
use courtpiece::desktop::table::pacing::{Shown, Speed};
use courtpiece::desktop::table::{CardOf, Target, view_plugin};
use courtpiece_net::{FromHost, HostMessage, LobbyState, SeatState, Session, Update};
use courtpiece_rules::{CardSet, Event, Match, Preset, Seat, SeatView};

fn app(rules: &courtpiece_rules::RuleSet, seat: Seat) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, screen::plugin, view_plugin))
        .insert_resource(Speed(f32::INFINITY));
    // the cards are on the table while its screen is up
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    let mut session = Session::new("tester".into(), None);
    session.seat = Some(seat);
    session.lobby = Some(LobbyState {
        table: "test".into(),
        rules: rules.clone(),
        seats: vec![SeatState::Open; rules.seats().count()],
        spectators: Vec::new(),
        arriving: Vec::new(),
        turn_timer: None,
        started: true,
        you: Some(seat),
    });
    app.insert_resource(session);
    app
}

/// Checks the card entities against `view`; a trick `just_won` is still on the table.
pub fn check(app: &mut App, view: &SeatView, just_won: bool, removed: CardSet) {
    let mut q = app.world_mut().query::<(&CardOf, &Target, &Nudge, &Transform)>();
    let cards: Vec<(CardOf, Target, Transform)> = q
        .iter(app.world())
        .map(|(c, t, n, tr)| {
            // the deck stays cut (its cards' heights swapped) until it is dealt from; nothing
            // else is nudged once the table has caught up
            assert!(
                *n == Nudge::None || matches!((n, t.spot), (Nudge::By(_), Spot::Deck { .. })),
                "{} is nudged off its place at {:?}",
                c.0,
                t.spot
            );
            let goal = Target {
                transform: n.goal(t.transform),
                spot: t.spot,
            };
            (*c, goal, *tr)
        })
        .collect();
    assert_eq!(cards.len(), 52);
    let at_seat = |seat: Seat| {
        cards
            .iter()
            .filter(|(_, t, _)| matches!(t.spot, Spot::Hand { seat: s, .. } if s == seat))
            .count()
    };
    if view.shown_hands.is_none() {
        for seat in view.seats.all() {
            assert_eq!(
                at_seat(seat),
                usize::from(view.counts[seat.index()]),
                "{seat} in {:?}",
                view.phase
            );
        }
    }
    for (card, target, transform) in &cards {
        assert!(
            transform.translation.distance(target.transform.translation) < 1e-4,
            "{} has reached its place",
            card.0
        );
        if view.hand.contains(card.0) {
            assert!(matches!(target.spot, Spot::Hand { seat, face_up: true, .. } if seat == view.seat));
        }
        if view.trick.cards().contains(card.0) {
            assert!(
                matches!(target.spot, Spot::Trick { .. }),
                "{} is on the trick",
                card.0
            );
        }
        // nothing this seat may not see lies face up
        let seen = view.hand.contains(card.0)
            || view.discards.contains(card.0)
            || view.offer == Some(card.0)
            || matches!(target.spot, Spot::Aside { .. })
            || view.exposed.iter().any(|e| e.contains(card.0))
            || view.trick.cards().contains(card.0)
            || (just_won && view.tricks.last().is_some_and(|t| t.cards().contains(card.0)))
            || view
                .shown_hands
                .is_some_and(|h| h.iter().any(|h| h.contains(card.0)));
        if target.spot.face_up() {
            assert!(seen, "{} is face up but unseen", card.0);
        }
    }
    let mut played: usize = view.tricks.iter().map(|t| t.cards().len() as usize).sum();
    if just_won && view.trick.is_empty() {
        played -= view.tricks.last().map_or(0, |t| t.cards().len() as usize);
    }
    let on_piles = cards
        .iter()
        .filter(|(_, t, _)| matches!(t.spot, Spot::Pile { .. } | Spot::Heap { .. }))
        .count();
    assert_eq!(on_piles, played, "every completed trick is on a pile or the heap");
    let aside = cards
        .iter()
        .filter(|(_, t, _)| matches!(t.spot, Spot::Aside { .. }))
        .count();
    assert_eq!(
        aside,
        removed.len() as usize,
        "only the card out of play lies aside"
    );
}

#[test]
fn the_cards_end_where_the_seat_view_says() {
    for preset in [
        Preset::CourtPiece,
        Preset::DoubleSar,
        Preset::HiddenRang,
        Preset::HokmThree,
        Preset::HokmTwo,
    ] {
        let mut rules = preset.rules();
        rules.max_hands = Some(2);
        rules.target = None;
        let seat = Seat::ALL[1];
        let mut app = app(&rules, seat);
        let mut game = Match::new(&rules, 17).unwrap();
        let mut moves = 0u32;
        let mut sent: Option<(u32, usize)> = None;
        let mut events = game.advance();
        loop {
            let mut view = game.view(seat);
            let from = match sent {
                Some((hand, known)) if hand == view.hand_no && known <= view.tricks.len() => known,
                _ => 0,
            };
            sent = Some((view.hand_no, view.tricks.len()));
            let full = view.clone();
            view.tricks.drain(..from);
            let just_won = events.iter().any(|e| matches!(e, Event::TrickWon { .. }));
            app.world_mut()
                .write_message(FromHost(HostMessage::Update(Update {
                    moves,
                    events: std::mem::take(&mut events),
                    tricks_from: u8::try_from(from).unwrap(),
                    view,
                })));
            app.update();
            check(&mut app, &full, just_won, rules.removed);
            let Some(who) = game.to_act() else { break };
            let intent = game.round().legal_intents(who)[0];
            events = game.apply(who, intent).unwrap();
            events.extend(game.advance());
            moves += 1;
        }
        assert!(game.is_over(), "{preset}");
    }
}

#[test]
fn leaving_the_table_clears_it_and_the_next_table_starts_from_the_deck() {
    let rules = Preset::CourtPiece.rules();
    let seat = Seat::ALL[0];
    let mut app = app(&rules, seat);
    let mut game = Match::new(&rules, 5).unwrap();
    let events = game.advance();
    app.world_mut()
        .write_message(FromHost(HostMessage::Update(Update {
            moves: 0,
            events,
            tricks_from: 0,
            view: game.view(seat),
        })));
    app.update();
    let cards = |app: &mut App| app.world_mut().query::<&CardOf>().iter(app.world()).count();
    assert_eq!(cards(&mut app), 52);
    assert!(app.world().resource::<Shown>().view.is_some());

    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    assert_eq!(cards(&mut app), 0, "no card of the old table behind the menu");
    assert!(app.world().resource::<Shown>().view.is_none());

    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    app.update();
    let mut q = app.world_mut().query::<&Target>();
    let targets: Vec<Target> = q.iter(app.world()).copied().collect();
    assert_eq!(targets.len(), 52);
    assert!(targets.iter().all(|t| matches!(t.spot, Spot::Deck { .. })));
}
