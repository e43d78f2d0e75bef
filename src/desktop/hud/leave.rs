//! The top-right corner, always on screen: the last trick on demand and the way out. Leaving a
//! match in play asks first (Esc asks, Esc again stays): it ends the table for everyone when you
//! host it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;

use super::last_trick::LastTrickShown;
use crate::desktop::cost::OurEgui;
use crate::desktop::screen::Screen;
use crate::desktop::start::leave;
use crate::desktop::table::pacing::Shown;

/// The corner's egui area, which the bar keeps clear of.
pub const CORNER: &str = "corner";

/// The player asked to leave and is asked whether they mean it.
#[derive(Resource, Default)]
struct Asking(bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<Asking>()
        .add_systems(
            EguiPrimaryContextPass,
            corner.run_if(in_state(Screen::Table)).in_set(OurEgui),
        )
        .add_systems(OnExit(Screen::Table), |mut asking: ResMut<Asking>| {
            asking.0 = false
        });
}

#[expect(
    clippy::too_many_arguments,
    reason = "a system: each argument is a resource it reads or writes"
)]
fn corner(
    mut contexts: EguiContexts,
    session: Option<Res<Session>>,
    replay: Option<Res<crate::desktop::replay::Replay>>,
    shown: Res<Shown>,
    keys: Res<ButtonInput<KeyCode>>,
    mut asking: ResMut<Asking>,
    mut last_trick: ResMut<LastTrickShown>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // nothing to lose: the match is over, the table is gone or was never joined, or it is a
    // replay
    let in_play = replay.is_none()
        && session.as_ref().is_some_and(|s| {
            s.summary.is_none() && s.lost.is_none() && s.goodbye.is_none() && shown.view.is_some()
        });
    let mut go = false;
    if keys.just_pressed(KeyCode::Escape) {
        if asking.0 {
            asking.0 = false;
        } else if in_play {
            asking.0 = true;
        } else {
            go = true;
        }
    }
    if buttons(ctx, shown.view.is_some().then_some(&mut last_trick.0)) {
        if in_play {
            asking.0 = true;
        } else {
            go = true;
        }
    }
    if asking.0 {
        egui::Window::new("Leave the table?")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                let hosting = session.as_ref().is_some_and(|s| s.owner);
                ui.label(if hosting {
                    "You host this table: leaving ends the match for everyone."
                } else {
                    "A bot takes your seat for the rest of the match."
                });
                ui.horizontal(|ui| {
                    if ui.button("Leave").clicked() {
                        go = true;
                    }
                    if ui.button("Stay  (Esc)").clicked() {
                        asking.0 = false;
                    }
                });
            });
    }
    if go {
        asking.0 = false;
        leave(&mut screen);
    }
    Ok(())
}

/// The corner's buttons, "Last trick" when there is a table to show it on; true when "Leave" was
/// clicked.
pub(super) fn buttons(ctx: &egui::Context, last_trick: Option<&mut bool>) -> bool {
    let mut clicked = false;
    egui::Area::new(egui::Id::new(CORNER))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .show(ctx, |ui| {
            egui::Frame::popup(&ctx.global_style())
                .inner_margin(10.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        if let Some(shown) = last_trick {
                            ui.toggle_value(shown, "Last trick");
                        }
                        clicked = ui.button("Leave  (Esc)").clicked();
                    });
                });
        });
    clicked
}
