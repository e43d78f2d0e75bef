//! The last trick, on demand: who played what, and who won it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;

use super::{side, suit_color, table_on, who};
use crate::desktop::cost::OurEgui;
use crate::desktop::screen::Screen;
use crate::desktop::settings::Settings;
use crate::desktop::table::pacing::Shown;

/// The panel is open.
#[derive(Resource, Default)]
pub struct LastTrickShown(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<LastTrickShown>()
        .add_systems(
            EguiPrimaryContextPass,
            last_trick
                .run_if(table_on.and_then(|open: Res<LastTrickShown>| open.0))
                .in_set(OurEgui),
        )
        .add_systems(OnExit(Screen::Table), |mut open: ResMut<LastTrickShown>| {
            open.0 = false
        });
}

fn last_trick(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    settings: Res<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(view) = &shown.view else { return Ok(()) };
    egui::Window::new("Last trick")
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 64.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| match view.tricks.last() {
            None => {
                ui.label("No trick yet this hand.");
            }
            Some(trick) => {
                for (seat, card) in trick.plays() {
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(who(&session, view, seat)).color(side(view.seats, seat)),
                        );
                        ui.label(
                            egui::RichText::new(format!("{}{}", card.rank(), card.suit().symbol()))
                                .size(18.0)
                                .color(suit_color(card.suit(), settings.four_colours)),
                        );
                    });
                }
                if let Some((seat, _)) = trick.winner() {
                    ui.label(
                        egui::RichText::new(format!("won by {}", who(&session, view, seat)))
                            .color(side(view.seats, seat)),
                    );
                }
            }
        });
    Ok(())
}
