//! Refusals (the host's, and a card the player tried that the rules refuse) and connection
//! events for a few seconds each, the connection being tried again after a drop, and the end of
//! a table whose connection is lost (or whose host left) before the match was over.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;

use super::gone;
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::screen::Screen;
use crate::desktop::start::leave;
use crate::desktop::table::input::Refused;

/// The notices on screen and until when (`Time::elapsed_secs`), and how many of the session's
/// refusals were already noticed.
#[derive(Resource, Default)]
struct Notices {
    shown: Vec<(String, f32)>,
    refusals_seen: usize,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Notices>()
        .add_systems(
            EguiPrimaryContextPass,
            notices
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Session>))
                .in_set(OurEgui),
        )
        .add_systems(OnExit(Screen::Table), |mut notices: ResMut<Notices>| {
            *notices = Notices::default();
        });
}

fn notices(
    mut contexts: EguiContexts,
    session: Res<Session>,
    time: Res<Time>,
    real: Res<Time<Real>>,
    mut notices: ResMut<Notices>,
    mut refused: MessageReader<Refused>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(why) = gone(&session) {
        egui::Window::new("Connection")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(why);
                if ui.button("Back to the menu").clicked() {
                    leave(&mut screen);
                }
            });
        return Ok(());
    }
    if let Some(status) = session.reconnect_status(real.elapsed()) {
        egui::Area::new(egui::Id::new("reconnecting"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.colored_label(palette::NOTICE, status);
                });
            });
    }
    let now = time.elapsed_secs();
    for refusal in session.rejections.iter().skip(notices.refusals_seen) {
        notices.shown.push((format!("Refused: {refusal}"), now + 5.0));
    }
    notices.refusals_seen = session.rejections.len();
    for Refused { card, why } in refused.read() {
        let card = format!("{}{}", card.rank(), card.suit().symbol());
        notices
            .shown
            .push((format!("You may not play {card}: {why}"), now + 4.0));
    }
    notices.shown.retain(|(_, until)| *until > now);
    if notices.shown.is_empty() {
        return Ok(());
    }
    egui::Area::new(egui::Id::new("notices"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -250.0])
        .show(ctx, |ui| {
            for (text, _) in &notices.shown {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.colored_label(palette::NOTICE, text);
                });
            }
        });
    Ok(())
}
