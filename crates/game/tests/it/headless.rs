//! Whole matches with four bots, phase by phase.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece_bots::Level;
use courtpiece_game::{Controller, GamePlugin, Phase, Score, StartMatch, Table, TableEvent};
use courtpiece_rules::{Event, Preset, RuleSet};

#[derive(Resource, Default)]
struct Seen {
    events: Vec<Event>,
    phases: Vec<Phase>,
}

fn record(mut seen: ResMut<Seen>, mut events: MessageReader<TableEvent>, state: Res<State<Phase>>) {
    seen.events.extend(events.read().map(|e| e.0.clone()));
    if seen.phases.last() != Some(state.get()) {
        seen.phases.push(*state.get());
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin))
        .init_resource::<Seen>()
        .add_systems(Last, record);
    app
}

fn play(rules: RuleSet, seed: u64) -> App {
    let mut app = app();
    app.world_mut().write_message(StartMatch {
        rules,
        seed,
        seats: [
            Controller::Bot(Level::Medium),
            Controller::Bot(Level::Easy),
            Controller::Bot(Level::Medium),
            Controller::Bot(Level::Easy),
        ],
    });
    for _ in 0..200_000 {
        app.update();
        if *app.world().resource::<State<Phase>>().get() == Phase::MatchOver {
            break;
        }
    }
    app
}

#[test]
fn a_whole_match_in_every_preset() {
    for preset in Preset::ALL {
        let mut rules = preset.rules();
        rules.max_hands = Some(6);
        let app = play(rules, 3);
        let table = app.world().resource::<Table>();
        assert!(table.game.is_over(), "{preset}: the match did not end");
        assert_eq!(*app.world().resource::<State<Phase>>().get(), Phase::MatchOver);
        // the mirrored score is the match's
        assert_eq!(app.world().resource::<Score>().0, *table.game.score());
        // the record replays to the same match
        assert_eq!(table.record.replay().unwrap().summary(), table.game.summary());
        let seen = app.world().resource::<Seen>();
        let scored = seen
            .events
            .iter()
            .filter(|e| matches!(e, Event::HandScored { .. }))
            .count();
        assert_eq!(scored as u32, table.game.score().hands);
        assert!(matches!(seen.events.last(), Some(Event::MatchOver { .. })));
    }
}

#[test]
fn the_phases_come_in_the_order_of_the_rule_book() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(4);
    rules.redeal = false;
    let app = play(rules, 8);
    let phases = &app.world().resource::<Seen>().phases;
    let hand = [
        Phase::Cut,
        Phase::FirstDeal,
        Phase::TrumpCall,
        Phase::SecondDeal,
        Phase::TrickPlay,
        Phase::Scoring,
    ];
    let mut expected = vec![Phase::Lobby];
    for _ in 0..4 {
        expected.extend(hand);
    }
    expected.push(Phase::MatchOver);
    assert_eq!(*phases, expected);
}
