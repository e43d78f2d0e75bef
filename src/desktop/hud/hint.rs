//! A hint, where the player turned hints on in the settings: on their turn to play a card, a
//! button (or H) asks the Expert bot what it would play from the player's seat. It sees what the
//! player sees and nothing more (their `SeatView`), and thinks on its own thread. The card it
//! names rises in the player's hand, as the arrow keys raise one, so that Enter plays it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_bots::Level;
use courtpiece_net::Session;
use courtpiece_rules::{Card, Intent, SeatView};

use super::{suit_color, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::job::Job;
use crate::desktop::palette;
use crate::desktop::screen::Screen;
use crate::desktop::settings::Settings;
use crate::desktop::table::Hover;
use crate::desktop::table::input::Playable;
use crate::words;

/// The hint asked for the decision now before the player, and the Expert's answer.
#[derive(Resource, Default)]
struct Hint {
    /// The table's move count when the hint was asked: a later move makes it stale.
    moves: u32,
    job: Option<Job<Intent>>,
    answer: Option<Result<Intent, String>>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .add_systems(Update, collect)
        .add_systems(
            EguiPrimaryContextPass,
            hint.run_if(table_on.and_then(|s: Res<Settings>| s.hints))
                .in_set(OurEgui),
        )
        .add_systems(OnExit(Screen::Table), |mut hint: ResMut<Hint>| {
            *hint = Hint::default();
        });
}

/// Takes in the Expert's answer once it has one, and raises the card it names.
fn collect(mut hint: ResMut<Hint>, playable: Res<Playable>, mut hover: ResMut<Hover>) {
    let Some(job) = hint.job.as_mut() else { return };
    if let Some(answer) = job.poll() {
        hint.job = None;
        if let Some(card) = suggested(&answer, &playable) {
            hover.0 = Some(card);
        }
        hint.answer = Some(answer);
    }
}

/// The card an answer names, while the player may still play it (an answer that comes after
/// they played raises nothing).
fn suggested(answer: &Result<Intent, String>, playable: &Playable) -> Option<Card> {
    match answer {
        Ok(Intent::Play { card }) if playable.active && playable.cards.contains(*card) => Some(*card),
        _ => None,
    }
}

/// The view to ask about: the player's, when it is their turn to play a card (for the dummy
/// they drive, the dummy's).
fn to_play(session: &Session, playable: &Playable) -> Option<SeatView> {
    let view = session.view.as_ref()?;
    let card_turn = playable.active && playable.choose == 0 && playable.offer.is_none();
    let cards_only = view.legal.iter().all(|i| matches!(i, Intent::Play { .. }));
    (card_turn && cards_only).then(|| view.acting())
}

fn hint(
    mut contexts: EguiContexts,
    session: Res<Session>,
    settings: Res<Settings>,
    playable: Res<Playable>,
    keys: Res<ButtonInput<KeyCode>>,
    mut hint: ResMut<Hint>,
) -> Result {
    if hint.moves != session.moves {
        *hint = Hint {
            moves: session.moves,
            ..Hint::default()
        };
    }
    let Some(view) = to_play(&session, &playable) else {
        return Ok(());
    };
    let Some(rules) = session.lobby.as_ref().map(|l| l.rules.clone()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut ask = keys.just_pressed(KeyCode::KeyH);
    egui::Window::new("Hint")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -170.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .show(ctx, |ui| match (&hint.job, &hint.answer) {
            (Some(_), _) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("The Expert is thinking…");
                });
            }
            (None, Some(Ok(Intent::Play { card }))) => {
                ui.horizontal(|ui| {
                    ui.label("The Expert would play");
                    ui.label(
                        egui::RichText::new(words::card(*card))
                            .size(20.0)
                            .strong()
                            .color(suit_color(card.suit(), settings.four_colours)),
                    );
                });
                ui.weak("It stands raised in your hand: Enter plays it.");
            }
            (None, Some(Ok(_))) => {
                ui.label("The Expert has no card to suggest here.");
            }
            (None, Some(Err(why))) => {
                ui.colored_label(palette::ERROR, format!("No hint: {why}"));
            }
            (None, None) => {
                ask |= ui
                    .button("Hint  (H)")
                    .on_hover_text("What the Expert bot would play from your seat")
                    .clicked();
            }
        });
    if ask && hint.job.is_none() && hint.answer.is_none() {
        let seed = u64::from(session.moves) ^ u64::from(view.hand_no) << 32;
        hint.job = Some(Job::spawn(move || Level::Expert.bot(seed).decide(&view, &rules)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Match, Phase, Preset, Seat};

    use super::super::fits::seated;
    use super::*;

    /// The player's turn to play a card, at a table whose other seats play the first legal
    /// intent.
    fn my_turn() -> (Session, Playable) {
        let rules = Preset::CourtPiece.rules();
        let mut game = Match::new(&rules, 3).expect("the preset's rules are valid");
        let me = Seat::ALL[0];
        loop {
            game.advance();
            let who = game.to_act().expect("someone acts");
            if who == me && game.phase() == Phase::TrickPlay {
                break;
            }
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).expect("a legal intent");
        }
        let mut session = seated("Asha", rules, &[Level::Easy; 3]);
        let view = game.view(me);
        let cards = view.playable();
        session.view = Some(view);
        let playable = Playable {
            active: true,
            cards,
            ..Playable::default()
        };
        (session, playable)
    }

    #[test]
    fn a_hint_is_asked_of_the_players_own_view_on_their_card_turn() {
        let (session, playable) = my_turn();
        let view = to_play(&session, &playable).expect("the player's turn to play a card");
        assert_eq!(view.seat, Seat::ALL[0]);
        let rules = session.lobby.as_ref().map(|l| l.rules.clone()).expect("rules");
        let mut job = Job::spawn(move || Level::Expert.bot(1).decide(&view, &rules));
        match job.wait() {
            Ok(Intent::Play { card }) => assert!(playable.cards.contains(card), "{card}"),
            other => panic!("no card: {other:?}"),
        }
        // laying cards away (Hokm for two) is not a card to play
        let laying = Playable {
            choose: 2,
            ..playable
        };
        assert!(to_play(&session, &laying).is_none());
        let waiting = Playable::default();
        assert!(to_play(&session, &waiting).is_none());
    }

    #[test]
    fn the_card_named_is_raised_while_it_may_be_played() {
        let (_, playable) = my_turn();
        let card = playable.cards.lowest().expect("a card to play");
        let answer = Ok(Intent::Play { card });
        assert_eq!(suggested(&answer, &playable), Some(card));
        // once the player has played, or for an answer that is no card, nothing rises
        assert_eq!(suggested(&answer, &Playable::default()), None);
        assert_eq!(suggested(&Err("no deal".to_owned()), &playable), None);
        assert_eq!(suggested(&Ok(Intent::Keep), &playable), None);
    }

    #[test]
    fn the_answer_raises_its_card_in_the_hand() {
        let (_, playable) = my_turn();
        let card = playable.cards.highest().expect("a card to play");
        let mut app = App::new();
        app.insert_resource(playable)
            .init_resource::<Hover>()
            .insert_resource(Hint {
                job: Some(Job::spawn(move || Intent::Play { card })),
                ..Hint::default()
            })
            .add_systems(Update, collect);
        while app.world().resource::<Hint>().answer.is_none() {
            std::thread::sleep(std::time::Duration::from_millis(1));
            app.update();
        }
        assert_eq!(app.world().resource::<Hover>().0, Some(card));
    }
}
