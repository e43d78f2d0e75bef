//! A record played back on the table without a window: to its end, a card back, a hand chosen,
//! a card forward; each time the table shows the step the replay is at, every card in its place.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece::desktop::replay::{self, Replay, steps};
use courtpiece::desktop::screen;
use courtpiece::desktop::settings::Settings;
use courtpiece::desktop::start::StartError;
use courtpiece::desktop::table::pacing::Shown;
use courtpiece::desktop::table::view_plugin;
use courtpiece::desktop::{Launch, screen::Screen};
use courtpiece_bots::Level;
use courtpiece_rules::{GameRecord, Preset, RuleSet, SeatView};

use crate::view::check;

fn recorded(rules: &RuleSet, seed: u64) -> GameRecord {
    let mut record = GameRecord::new(rules, seed);
    let mut m = record.start().unwrap();
    let mut bots: Vec<_> = (0..4).map(|i| Level::Medium.bot(seed + i)).collect();
    loop {
        m.advance();
        let Some(seat) = m.to_act() else { break };
        let intent = bots[seat.index()].decide(&m.view(seat), rules);
        record.apply(&mut m, seat, intent).unwrap();
    }
    record
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        screen::plugin,
        view_plugin,
        replay::plugin,
    ))
    .init_resource::<StartError>()
    .init_resource::<Launch>()
    .init_resource::<ButtonInput<KeyCode>>()
    .insert_resource(Settings::default());
    app.update();
    app
}

/// Steps the app until the replay is at `at` and the table shows it.
fn settle(app: &mut App) {
    for _ in 0..2_000 {
        app.update();
        let replay = app.world().resource::<Replay>();
        let shown = app.world().resource::<Shown>();
        if !replay.playing
            && shown.caught_up()
            && app.world().resource::<State<Screen>>().get() == &Screen::Table
        {
            // once more, for the cards to reach the places of the last update
            app.update();
            return;
        }
    }
    panic!("the replay never settled");
}

fn showing(app: &App) -> SeatView {
    app.world().resource::<Shown>().view.clone().unwrap()
}

fn same(a: &SeatView, b: &SeatView) -> bool {
    a.hand_no == b.hand_no && a.tricks == b.tricks && a.trick == b.trick && a.shown_hands == b.shown_hands
}

#[test]
fn a_replay_plays_to_the_end_and_goes_back_a_card_and_to_a_hand() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(3);
    let record = recorded(&rules, 11);
    let all = steps::steps(&record).unwrap();
    let mut app = app();
    replay::start(app.world_mut(), &record, &[], "test").unwrap();
    app.world_mut().resource_mut::<Replay>().speed = f32::INFINITY;
    settle(&mut app);
    let last = &all.last().unwrap().update.view;
    assert_eq!(app.world().resource::<Replay>().at(), all.len() - 1);
    assert!(
        same(&showing(&app), last),
        "the replay ends where the record does"
    );
    assert!(showing(&app).match_over);
    check(&mut app, last, false, rules.removed);

    // a hand from the list: its start, nothing played yet
    app.world_mut().resource_mut::<Replay>().to_hand(2);
    settle(&mut app);
    let at = app.world().resource::<Replay>().at();
    let view = showing(&app);
    assert_eq!(view.hand_no, 2);
    assert!(view.tricks.is_empty() && view.trick.is_empty());
    assert!(same(&view, &all[at].update.view));
    check(&mut app, &all[at].update.view, false, rules.removed);

    // cards forward: each stops on the step that plays the next card
    for _ in 0..6 {
        app.world_mut().resource_mut::<Replay>().card_forward();
        settle(&mut app);
    }
    let at = app.world().resource::<Replay>().at();
    let view = showing(&app);
    assert!(same(&view, &all[at].update.view));
    let played = view.tricks.len() * 4 + view.trick.len();
    assert_eq!(played, 6, "six cards forward from the start of a hand");

    // a card back: the table as it was before the sixth card
    app.world_mut().resource_mut::<Replay>().card_back();
    settle(&mut app);
    let back = showing(&app);
    assert_eq!(back.tricks.len() * 4 + back.trick.len(), 5);
    let at = app.world().resource::<Replay>().at();
    assert!(same(&back, &all[at].update.view));
    check(&mut app, &all[at].update.view, false, rules.removed);

    // and play on from there, to the end again
    app.world_mut().resource_mut::<Replay>().toggle();
    std::thread::sleep(Duration::from_millis(1));
    settle(&mut app);
    assert_eq!(app.world().resource::<Replay>().at(), all.len() - 1);
}

#[test]
fn a_record_that_does_not_replay_is_refused() {
    let rules = Preset::CourtPiece.rules();
    let mut record = recorded(
        &RuleSet {
            max_hands: Some(1),
            ..rules
        },
        4,
    );
    record.moves.truncate(20);
    let intent = record.moves[19].intent;
    record.moves.push(courtpiece_rules::Move {
        hand: 1,
        seat: record.moves[19].seat,
        intent,
    });
    let mut app = app();
    let refused = replay::start(app.world_mut(), &record, &[], "bad.json");
    assert!(refused.unwrap_err().starts_with("bad.json: move 21"));
    assert!(app.world().get_resource::<Replay>().is_none());
}
