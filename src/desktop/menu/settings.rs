//! The settings page: each change applies at once (the cards and their back, the table's colour,
//! the animation, the interface size) and is saved.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::size_slider::{STEP, size_slider};
use super::{MenuPage, Stand, back, page, picker};
use crate::desktop::art::CardBack;
use crate::desktop::cost::OurEgui;
use crate::desktop::settings::{Settings, TableColour};
use crate::desktop::start::StartError;

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_page.run_if(in_state(MenuPage::Settings)).in_set(OurEgui),
    );
}

fn settings_page(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    error: Res<StartError>,
    mut next: ResMut<NextState<MenuPage>>,
    window: Query<&Window, With<PrimaryWindow>>,
) -> Result {
    let cursor = window.single().ok().and_then(Window::cursor_position);
    let ctx = contexts.ctx_mut()?;
    page(ctx, Stand::Top, &error, |ui| {
        ui.heading("Settings");
        let mut s = settings.clone();
        egui::Grid::new("settings")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                ui.label("Your name");
                ui.text_edit_singleline(&mut s.name);
                ui.end_row();
                ui.label("Four-colour deck");
                ui.checkbox(&mut s.four_colours, "diamonds blue, clubs green");
                ui.end_row();
                ui.label("Table");
                picker(
                    ui,
                    "table-colour",
                    &mut s.table,
                    &TableColour::ALL,
                    TableColour::title,
                );
                ui.end_row();
                ui.label("Card back");
                picker(ui, "card-back", &mut s.card_back, &CardBack::ALL, CardBack::title);
                ui.end_row();
                ui.label("Animation speed");
                ui.add(egui::Slider::new(&mut s.animation_speed, 0.5..=3.0));
                ui.end_row();
                ui.label("Interface size");
                ui.horizontal(|ui| {
                    let step = |s: f32, d: f32| ((s + d) / STEP).round() * STEP;
                    if ui.button("−").clicked() {
                        s.ui_scale = step(s.ui_scale, -STEP);
                    }
                    size_slider(ui, &mut s.ui_scale, cursor);
                    if ui.button("+").clicked() {
                        s.ui_scale = step(s.ui_scale, STEP);
                    }
                });
                ui.end_row();
                ui.label("After each hand");
                ui.checkbox(&mut s.next_hand_by_itself, "the next hand starts by itself");
                ui.end_row();
                ui.label("Hints");
                ui.checkbox(
                    &mut s.hints,
                    "on your turn, ask the Expert what it would play (H)",
                );
                ui.end_row();
                ui.label("Full screen");
                ui.checkbox(&mut s.fullscreen, "");
                ui.end_row();
                #[cfg(feature = "sound")]
                {
                    ui.label("Sound effects");
                    ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0));
                    ui.end_row();
                }
            });
        let s = s.checked();
        if s != *settings {
            *settings = s;
        }
        back(ui, &mut next);
    });
    Ok(())
}
