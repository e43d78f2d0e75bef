//! The first page: a quick game (Enter), the other pages, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{MenuPage, Stand, big_button, page};
use courtpiece_rules::Preset;

use crate::desktop::Launch;
use crate::desktop::cost::OurEgui;
use crate::desktop::settings::Settings;
use crate::desktop::start::{Start, StartError, start};
use crate::figures::clock_seed;

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_page.run_if(in_state(MenuPage::Main)).in_set(OurEgui),
    );
}

#[expect(
    clippy::too_many_arguments,
    reason = "a system: each argument is a resource it reads or writes"
)]
fn main_page(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    launch: Res<Launch>,
    error: Res<StartError>,
    keys: Res<ButtonInput<KeyCode>>,
    mut next: ResMut<NextState<MenuPage>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut quick = keys.just_pressed(KeyCode::Enter);
    let preset = launch.preset.unwrap_or(Preset::CourtPiece);
    let bots = preset.rules().seats().people() - 1;
    let usual = if preset == Preset::CourtPiece {
        "the usual rules".to_owned()
    } else {
        preset.title().to_owned()
    };
    page(ctx, Stand::Middle, &error, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("Court Piece").size(40.0));
            ui.label("Rang · Rung · Coat · Hokm");
            ui.add_space(18.0);
            quick |= big_button(ui, "Quick game  (Enter)").clicked();
            let others = match bots {
                1 => "a bot",
                2 => "two bots",
                _ => "three bots",
            };
            ui.label(format!("You and {others}, {usual}."));
            ui.add_space(10.0);
            for (text, to) in [
                ("Host a LAN table", MenuPage::Host),
                ("Join a table", MenuPage::Join),
                ("Rules", MenuPage::Rules),
                ("History", MenuPage::History),
                ("Settings", MenuPage::Settings),
            ] {
                if big_button(ui, text).clicked() {
                    next.set(to);
                }
            }
            if big_button(ui, "Quit").clicked() {
                exit.write(AppExit::Success);
            }
        });
    });
    if quick {
        start(
            &mut commands,
            Start::Quick {
                seed: clock_seed(),
                preset,
            },
            settings.name.clone(),
        );
    }
    Ok(())
}
