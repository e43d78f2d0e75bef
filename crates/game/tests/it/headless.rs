//! Whole matches with bots in every seat, phase by phase.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece_bots::Level;
use courtpiece_game::{
    Controller, GamePlugin, PersonOf, Phase, Rail, Seen, StartMatch, TableEvent, TableMut, snapshot,
};
use courtpiece_rules::{Event, Preset, RuleSet};

#[derive(Resource, Default)]
struct Watched {
    events: Vec<Event>,
    phases: Vec<Phase>,
    play_on_frames: usize,
    /// Frames at whose end each person's view and the rail's were checked against the match.
    views_checked: usize,
}

fn record(
    mut watched: ResMut<Watched>,
    mut events: MessageReader<TableEvent>,
    state: Res<State<Phase>>,
    decision: Option<Res<State<courtpiece_game::Decision>>>,
    table: Option<TableMut>,
    people: Query<(&PersonOf, &Seen)>,
    rail: Option<Res<Rail>>,
) {
    // what each person sees is the match's view for them, never an older one
    if let (Some(table), Some(rail)) = (table, rail) {
        let game = table.take();
        for (person, view) in &people {
            assert_eq!(view.0, game.view_for(person.0), "{person:?}");
        }
        assert_eq!(rail.0, game.view(courtpiece_rules::Seat::ALL[0]).for_spectator());
        watched.views_checked += 1;
    }
    watched.events.extend(events.read().map(|e| e.0.clone()));
    if watched.phases.last() != Some(state.get()) {
        watched.phases.push(*state.get());
    }
    if decision.is_some_and(|d| *d.get() == courtpiece_game::Decision::PlayOn) {
        watched.play_on_frames += 1;
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin))
        .init_resource::<Watched>()
        .add_systems(Last, record);
    app
}

/// Medium and Easy bots in turn, one for each person.
fn bots(rules: &RuleSet) -> Vec<Controller> {
    (0..rules.seats().people())
        .map(|i| Controller::Bot(if i % 2 == 0 { Level::Medium } else { Level::Easy }))
        .collect()
}

fn play(rules: RuleSet, seed: u64) -> App {
    let mut app = app();
    app.world_mut().write_message(StartMatch {
        people: bots(&rules),
        rules,
        seed,
        resume: None,
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
        let table = snapshot(app.world()).unwrap();
        assert!(table.game.is_over(), "{preset}: the match did not end");
        assert_eq!(*app.world().resource::<State<Phase>>().get(), Phase::MatchOver);
        // the record replays to the same match
        assert_eq!(table.record.replay().unwrap().summary(), table.game.summary());
        let seen = app.world().resource::<Watched>();
        let scored = seen
            .events
            .iter()
            .filter(|e| matches!(e, Event::HandScored { .. }))
            .count();
        assert_eq!(u32::try_from(scored).unwrap(), table.game.score().hands);
        assert!(matches!(seen.events.last(), Some(Event::MatchOver { .. })));
        assert!(
            seen.views_checked > 20,
            "{preset}: {} frames checked",
            seen.views_checked
        );
    }
}

/// The states of a match of `hands` hands, each going through `hand`.
fn match_of(hands: usize, hand: &[Phase]) -> Vec<Phase> {
    let mut expected = vec![Phase::Lobby];
    for _ in 0..hands {
        expected.extend_from_slice(hand);
    }
    expected.push(Phase::MatchOver);
    expected
}

/// Hokm for two: the discards and the draw are states of their own between the call and the
/// first trick (R2-DEAL, R2-DRAW), and only the two seats get views.
#[test]
fn hokm_for_two_discards_and_draws_in_states_of_their_own() {
    let mut rules = Preset::HokmTwo.rules();
    rules.max_hands = Some(2);
    let app = play(rules, 4);
    let hand = [
        Phase::Cut,
        Phase::FirstDeal,
        Phase::TrumpCall,
        Phase::Discard,
        Phase::Draw,
        Phase::TrickPlay,
        Phase::Scoring,
    ];
    assert_eq!(app.world().resource::<Watched>().phases, match_of(2, &hand));
    let seen = app.world().resource::<Watched>();
    let draws = seen
        .events
        .iter()
        .filter(|e| matches!(e, Event::Drew { .. }))
        .count();
    assert_eq!(draws, 2 * 21);
}

/// A match started with a controller too few is refused, not played with an empty seat.
#[test]
fn a_start_with_the_wrong_number_of_seats_is_refused() {
    let mut app = app();
    let rules = Preset::HokmThree.rules();
    app.world_mut().write_message(StartMatch {
        people: bots(&Preset::HokmTwo.rules()),
        rules,
        seed: 1,
        resume: None,
    });
    for _ in 0..5 {
        app.update();
    }
    assert!(snapshot(app.world()).is_none());
}

#[test]
fn the_phases_come_in_the_order_of_the_rule_book() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(4);
    rules.redeal = false;
    let app = play(rules, 8);
    let hand = [
        Phase::Cut,
        Phase::FirstDeal,
        Phase::TrumpCall,
        Phase::SecondDeal,
        Phase::TrickPlay,
        Phase::Scoring,
    ];
    assert_eq!(app.world().resource::<Watched>().phases, match_of(4, &hand));
}

#[test]
fn a_match_stopped_mid_hand_resumes_from_its_save_and_ends_the_same() {
    use courtpiece_game::SavePath;
    use courtpiece_rules::GameRecord;
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(5);
    let straight = play(rules.clone(), 21);
    let expected = snapshot(straight.world()).unwrap().game.summary();

    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("courtpiece-resume.json");
    let seats = bots(&rules);
    let mut first = app();
    first.insert_resource(SavePath(path.clone()));
    first.world_mut().write_message(StartMatch {
        rules: rules.clone(),
        seed: 21,
        people: seats.clone(),
        resume: None,
    });
    // stop in the middle of the third hand's trick play
    for _ in 0..100_000 {
        first.update();
        let table = snapshot(first.world()).unwrap();
        if table.game.hand_no() == 3 && table.game.round().tricks().len() >= 4 || table.game.is_over() {
            break;
        }
    }
    drop(first);
    let saved = GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        saved.replay().unwrap().hand_no(),
        3,
        "the save was written after the last trick"
    );

    let mut second = app();
    second.world_mut().write_message(StartMatch {
        rules,
        seed: 21,
        people: seats,
        resume: Some(saved),
    });
    second.update();
    assert_eq!(
        snapshot(second.world()).unwrap().game.hand_no(),
        3,
        "the second table goes on from the save, not from the first hand"
    );
    for _ in 0..100_000 {
        second.update();
        if *second.world().resource::<State<Phase>>().get() == Phase::MatchOver {
            break;
        }
    }
    assert_eq!(snapshot(second.world()).unwrap().game.summary(), expected);
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_corrupt_save_is_refused_and_left_alone() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("courtpiece-corrupt.json");
    std::fs::write(&path, "{ not a record").unwrap();
    assert!(courtpiece_rules::GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not a record");
    std::fs::remove_file(&path).ok();
}

#[test]
fn the_events_of_each_hand_agree_with_the_final_state() {
    let mut rules = Preset::DoubleSar.rules();
    rules.max_hands = Some(5);
    let app = play(rules, 12);
    let table = snapshot(app.world()).unwrap();
    let seen = app.world().resource::<Watched>();
    // split the events at each hand's result and check each hand's story
    let mut results = table.game.results().iter();
    let mut played = courtpiece_rules::CardSet::EMPTY;
    let mut tricks = 0;
    let mut collected = [0u8; 4];
    for event in &seen.events {
        match event {
            Event::Shuffled { .. } => {
                played = courtpiece_rules::CardSet::EMPTY;
                tricks = 0;
                collected = [0; 4];
            }
            Event::Played { card, .. } => {
                assert!(!played.contains(*card), "{card} played twice in a hand");
                played.insert(*card);
            }
            Event::TrickWon { number, .. } => {
                tricks += 1;
                assert_eq!(*number, tricks);
                assert_eq!(played.len(), 4 * u32::from(tricks));
            }
            Event::HeapCollected { seat, tricks: n, .. } => collected[seat.team().index()] += n,
            Event::HandOver { result } => {
                assert_eq!(Some(result), results.next(), "the hand's result is the match's");
                assert_eq!(result.tricks, collected, "the heap collections add up");
            }
            _ => {}
        }
    }
    assert!(results.next().is_none(), "every hand ended with an event");
}

#[test]
fn a_person_whose_turn_timer_runs_out_is_played_for_by_a_bot() {
    use courtpiece_game::{Pacing, SeatIntent, TurnTimedOut};
    use std::time::Duration;
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(1);
    let mut app = app();
    app.insert_resource(Pacing {
        think: Duration::ZERO,
        turn_timer: Some(Duration::from_millis(2)),
    });
    app.world_mut().write_message(StartMatch {
        rules,
        seed: 5,
        people: vec![
            Controller::Local,
            Controller::Bot(Level::Easy),
            Controller::Bot(Level::Easy),
            Controller::Bot(Level::Easy),
        ],
        resume: None,
    });
    let mut timeouts = 0;
    for _ in 0..200_000 {
        app.update();
        timeouts += app
            .world_mut()
            .resource_mut::<Messages<TurnTimedOut>>()
            .drain()
            .count();
        if *app.world().resource::<State<Phase>>().get() == Phase::MatchOver {
            break;
        }
    }
    assert!(
        snapshot(app.world()).unwrap().game.is_over(),
        "the person's turns were played for them"
    );
    assert!(timeouts > 0);
    // an intent sent for a seat out of turn is rejected with its reason and changes nothing
    let before = snapshot(app.world()).unwrap().game.summary();
    app.world_mut().write_message(SeatIntent {
        person: courtpiece_rules::Person::ALL[0],
        intent: courtpiece_rules::Intent::Stop,
    });
    app.update();
    assert_eq!(snapshot(app.world()).unwrap().game.summary(), before);
    let rejected = app
        .world_mut()
        .resource_mut::<Messages<courtpiece_game::Rejected>>()
        .drain()
        .count();
    assert_eq!(rejected, 1);
}

#[test]
fn the_play_on_decision_is_a_sub_state_of_trick_play() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(30);
    let app = play(rules, 2);
    let seen = app.world().resource::<Watched>();
    let asked = seen
        .events
        .iter()
        .filter(|e| matches!(e, Event::PlayOnAsked { .. }))
        .count();
    assert!(asked > 0, "no court in 30 hands to test with");
    assert!(
        seen.play_on_frames >= asked,
        "{} frames in PlayOn for {asked} questions",
        seen.play_on_frames
    );
}

/// Dummy Rang: three people play four hands; the person who drives the dummy sends the dummy's
/// intents as their own, and the table plays them from the dummy's seat (RD-SEATS).
#[test]
fn dummy_rang_the_driver_plays_the_dummy_with_their_own_intents() {
    use courtpiece_game::SeatIntent;
    let mut rules = Preset::Dummy.rules();
    rules.max_hands = Some(2);
    let mut app = app();
    app.world_mut().write_message(StartMatch {
        rules,
        seed: 8,
        people: vec![Controller::Local; 3],
        resume: None,
    });
    let mut dummy_moves = 0;
    for _ in 0..20_000 {
        app.update();
        let Some(table) = snapshot(app.world()) else {
            continue;
        };
        if table.game.is_over() {
            break;
        }
        let Some(seat) = table.game.to_act() else {
            continue;
        };
        let person = table.game.seating().person_at(seat);
        let intent = table.game.view_for(person).acting().legal[0];
        dummy_moves += usize::from(seat == courtpiece_rules::Seats::DUMMY);
        app.world_mut().write_message(SeatIntent { person, intent });
    }
    let table = snapshot(app.world()).unwrap();
    assert!(table.game.is_over());
    assert!(dummy_moves >= 26, "the dummy played its cards");
    assert_eq!(table.record.replay().unwrap().summary(), table.game.summary());
    assert_eq!(table.game.summary().score.iter().sum::<u32>(), 26);
}
