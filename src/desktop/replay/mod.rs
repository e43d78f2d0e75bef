//! Replays to watch: a game record (a file, `courtpiece --replay FILE`, or a match of the
//! history) played back on the table with the usual animations, every hand open. Pause and
//! play, a card forward or back, a hand forward or back, a hand chosen from the list, and the
//! speed; Space, the arrow keys and Page Up/Down do the same.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{FromHost, HostMessage, LobbyState, SeatState, Session};
use courtpiece_rules::{Event, GameRecord, Seats};

use super::cost::OurEgui;
use super::screen::Screen;
use super::settings::Settings;
use super::start::StartError;
use super::table::OpenTable;
use super::table::layout::Anonymous;
use super::table::pacing::{Shown, Speed, WaitAtResult};

pub mod steps;

use steps::Step;

/// The replay on the table.
#[derive(Resource)]
pub struct Replay {
    pub title: String,
    steps: Vec<Step>,
    /// The last step given to the table.
    at: usize,
    pub playing: bool,
    /// 0.5 (slow) to 4 (fast).
    pub speed: f32,
    /// Steps to give the table next, without waiting for a pause.
    pending: Vec<usize>,
    /// The table is to show step `at` at once, without its animations (after a jump back).
    jump: Option<usize>,
}

impl Replay {
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The step the table shows (or is about to).
    pub fn at(&self) -> usize {
        self.pending
            .last()
            .or(self.jump.as_ref())
            .copied()
            .unwrap_or(self.at)
    }

    fn plays_a_card(&self, index: usize) -> bool {
        self.steps[index]
            .update
            .events
            .iter()
            .any(|e| matches!(e, Event::Played { .. }))
    }

    fn hand_of(&self, index: usize) -> u32 {
        self.steps[index].update.view.hand_no
    }

    /// The hands the record plays, first to last.
    pub fn hands(&self) -> std::ops::RangeInclusive<u32> {
        let last = self.steps.last().map_or(1, |s| s.update.view.hand_no);
        self.steps.first().map_or(1, |s| s.update.view.hand_no)..=last
    }

    /// Plays on up to the next card played, with everything before it.
    pub fn card_forward(&mut self) {
        self.playing = false;
        let from = self.at() + 1;
        if let Some(card) = (from..self.steps.len()).find(|&i| self.plays_a_card(i)) {
            self.pending.extend(from..=card);
        }
    }

    /// Takes back the last card played: the table as it was just before it.
    pub fn card_back(&mut self) {
        self.playing = false;
        let at = self.at();
        if let Some(card) = (1..=at).rev().find(|&i| self.plays_a_card(i)) {
            self.go_to(card - 1);
        }
    }

    /// The start of hand `hand`.
    pub fn to_hand(&mut self, hand: u32) {
        if let Some(start) = (0..self.steps.len()).find(|&i| self.hand_of(i) == hand) {
            self.go_to(start);
        }
    }

    /// The start of the hand in play, or of the one before when the table is already there.
    pub fn hand_back(&mut self) {
        let at = self.at();
        let hand = self.hand_of(at);
        let start = (0..=at).find(|&i| self.hand_of(i) == hand).unwrap_or(0);
        if start == at && hand > *self.hands().start() {
            self.to_hand(hand - 1);
        } else {
            self.go_to(start);
        }
    }

    pub fn hand_forward(&mut self) {
        let hand = self.hand_of(self.at());
        if hand < *self.hands().end() {
            self.to_hand(hand + 1);
        }
    }

    pub fn toggle(&mut self) {
        self.playing = !self.playing && self.at() + 1 < self.steps.len();
    }

    fn go_to(&mut self, index: usize) {
        self.pending.clear();
        self.jump = Some(index.min(self.steps.len().saturating_sub(1)));
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, open_launched)
        .add_systems(
            Update,
            (keys, feed)
                .chain()
                .run_if(resource_exists::<Replay>.and_then(in_state(Screen::Table))),
        )
        .add_systems(
            EguiPrimaryContextPass,
            controls
                .run_if(resource_exists::<Replay>.and_then(in_state(Screen::Table)))
                .in_set(OurEgui),
        )
        .add_systems(OnExit(Screen::Table), stop);
}

/// Names for the people of a record that names nobody, in the order of play: where they sit,
/// the replay's eye in the south; in Dummy Rang, where people move round the table from hand
/// to hand (RD-SEATS), their order.
fn around(seats: Seats) -> &'static [&'static str] {
    match (seats.people(), seats.dummy()) {
        (_, Some(_)) => &["Player 1", "Player 2", "Player 3"],
        (2, None) => &["South", "North"],
        (3, None) => &["South", "East", "West"],
        _ => &["South", "East", "North", "West"],
    }
}

/// Puts the record on the table: a session that watches, whose lobby seats `names` (one for
/// each person the rules seat), and the first step. A record that does not replay is refused
/// with its first bad move.
pub fn start(world: &mut World, record: &GameRecord, names: &[String], title: &str) -> Result<(), String> {
    let steps = steps::steps(record).map_err(|e| format!("{title}: {e}"))?;
    let table = record.rules.seats();
    let unnamed = around(table);
    let seats = (0..table.people())
        .map(|i| SeatState::Player {
            name: names
                .get(i)
                .cloned()
                .unwrap_or_else(|| unnamed[i % unnamed.len()].to_owned()),
            away: false,
        })
        .collect();
    let lobby = LobbyState {
        table: title.to_owned(),
        rules: record.rules.clone(),
        seats,
        spectators: Vec::new(),
        arriving: Vec::new(),
        started: true,
        turn_timer: None,
        you: None,
    };
    let mut session = Session::new(String::new(), None);
    session.watch = true;
    session.apply(&HostMessage::Lobby(lobby));
    world.insert_resource(session);
    world.insert_resource(OpenTable(steps.iter().map(|s| s.discards).collect()));
    world.insert_resource(Replay {
        title: title.to_owned(),
        steps,
        at: 0,
        playing: true,
        speed: 1.0,
        pending: vec![0],
        jump: None,
    });
    world.resource_mut::<StartError>().0 = None;
    world.resource_mut::<NextState<Screen>>().set(Screen::Table);
    Ok(())
}

/// `--replay FILE`: the record goes on the table as the window opens.
fn open_launched(launch: Res<super::Launch>, mut commands: Commands) {
    if let Some((record, title)) = launch.replay.clone() {
        commands.queue(move |world: &mut World| {
            if let Err(e) = start(world, &record, &[], &title) {
                world.resource_mut::<StartError>().0 = Some(e);
            }
        });
    }
}

/// Gives the table its steps: the next one when playing and the table has shown the last; a
/// jump at once, with no animation of its events (the cards glide to their places).
fn feed(
    mut replay: ResMut<Replay>,
    mut shown: ResMut<Shown>,
    mut session: ResMut<Session>,
    mut anonymous: ResMut<Anonymous>,
    mut speed: ResMut<Speed>,
    mut wait: ResMut<WaitAtResult>,
    mut out: MessageWriter<FromHost>,
) {
    if speed.0 != replay.speed {
        speed.0 = replay.speed;
    }
    if wait.0 {
        wait.0 = false;
    }
    let mut give = |update: courtpiece_net::Update, session: &mut Session| {
        let message = HostMessage::Update(update);
        session.apply(&message);
        out.write(FromHost(message));
    };
    if let Some(index) = replay.jump.take() {
        shown.restart();
        anonymous.clear();
        let mut update = replay.steps[index].update.clone();
        update.events.clear();
        give(update, &mut session);
        replay.at = index;
        return;
    }
    if !shown.caught_up() {
        return;
    }
    if !replay.pending.is_empty() {
        let steps: Vec<usize> = replay.pending.drain(..).collect();
        for index in steps {
            give(replay.steps[index].update.clone(), &mut session);
            replay.at = index;
        }
        return;
    }
    if replay.playing {
        let next = replay.at + 1;
        match replay.steps.get(next) {
            Some(step) => {
                give(step.update.clone(), &mut session);
                replay.at = next;
            }
            None => replay.playing = false,
        }
    }
}

fn keys(keys: Res<ButtonInput<KeyCode>>, mut replay: ResMut<Replay>) {
    if keys.just_pressed(KeyCode::Space) {
        replay.toggle();
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        replay.card_forward();
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        replay.card_back();
    }
    if keys.just_pressed(KeyCode::PageDown) {
        replay.hand_forward();
    }
    if keys.just_pressed(KeyCode::PageUp) {
        replay.hand_back();
    }
}

/// The replay's controls, in the bottom-right corner.
fn controls(mut contexts: EguiContexts, mut replay: ResMut<Replay>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Replay")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&replay.title).strong());
            let hand = replay.hand_of(replay.at());
            ui.label(format!(
                "Hand {hand} of {} · move {} of {}",
                replay.hands().end(),
                replay.at(),
                replay.len() - 1
            ));
            ui.horizontal(|ui| {
                if ui.button("⏮ Hand").on_hover_text("Page Up").clicked() {
                    replay.hand_back();
                }
                if ui.button("◀ Card").on_hover_text("Left arrow").clicked() {
                    replay.card_back();
                }
                let play = if replay.playing { "⏸ Pause" } else { "▶ Play" };
                if ui.button(play).on_hover_text("Space").clicked() {
                    replay.toggle();
                }
                if ui.button("Card ▶").on_hover_text("Right arrow").clicked() {
                    replay.card_forward();
                }
                if ui.button("Hand ⏭").on_hover_text("Page Down").clicked() {
                    replay.hand_forward();
                }
            });
            ui.horizontal(|ui| {
                ui.label("Speed");
                ui.add(egui::Slider::new(&mut replay.speed, 0.5..=4.0).show_value(true));
            });
            let mut to = hand;
            egui::ComboBox::from_id_salt("replay-hand")
                .selected_text(format!("Go to hand {hand}"))
                .show_ui(ui, |ui| {
                    for h in replay.hands() {
                        ui.selectable_value(&mut to, h, format!("Hand {h}"));
                    }
                });
            if to != hand {
                replay.to_hand(to);
            }
        });
    Ok(())
}

/// Leaving the table ends the replay; the table's pace is the settings' again.
fn stop(mut commands: Commands, mut settings: ResMut<Settings>) {
    commands.remove_resource::<Replay>();
    commands.remove_resource::<OpenTable>();
    settings.set_changed();
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::Preset;

    use super::*;

    #[test]
    fn people_a_record_does_not_name_are_named_once_each_and_never_by_a_place_they_leave() {
        for preset in [
            Preset::CourtPiece,
            Preset::HokmThree,
            Preset::HokmTwo,
            Preset::Dummy,
        ] {
            let seats = preset.rules().seats();
            let names = around(seats);
            assert_eq!(names.len(), seats.people(), "{preset}");
            let distinct: std::collections::BTreeSet<_> = names.iter().collect();
            assert_eq!(distinct.len(), names.len(), "{preset}");
        }
        // in Dummy Rang people move round the table, so a compass name would soon be wrong
        let dummy = around(Preset::Dummy.rules().seats());
        assert!(
            dummy
                .iter()
                .all(|n| !["North", "East", "South", "West"].contains(n)),
            "{dummy:?}"
        );
    }
}
