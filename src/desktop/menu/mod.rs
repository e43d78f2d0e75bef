//! The menus, a page each: quick game (Enter), host a LAN table, join one, the rules explained,
//! the match history, settings, quit. egui over the empty table in the room.

use bevy::prelude::*;
use bevy_egui::egui;
use courtpiece_rules::Preset;

use super::palette;
use super::screen::Screen;
use super::start::StartError;

mod history;
mod host;
mod join;
mod main_page;
mod rule_options;
mod rules;
mod settings;
mod size_slider;

/// The page of the menu on screen.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Menu)]
pub enum MenuPage {
    #[default]
    Main,
    Host,
    Join,
    Rules,
    History,
    Settings,
}

pub fn plugin(app: &mut App) {
    app.add_sub_state::<MenuPage>().add_plugins((
        main_page::plugin,
        host::plugin,
        join::plugin,
        rules::plugin,
        history::plugin,
        settings::plugin,
    ));
}

/// Where a page's box stands: the main menu in the middle, the forms from the top so that they
/// grow downwards and a dropdown stays under the mouse when the page below it changes.
#[derive(Clone, Copy)]
enum Stand {
    Middle,
    Top,
}

/// Draws a page in the menu's box, with why the last try to sit down failed under it.
fn page(ctx: &egui::Context, stand: Stand, error: &StartError, add: impl FnOnce(&mut egui::Ui)) {
    let (align, offset) = match stand {
        Stand::Middle => (egui::Align2::CENTER_CENTER, [0.0, 0.0]),
        Stand::Top => (egui::Align2::CENTER_TOP, [0.0, 40.0]),
    };
    egui::Window::new("Court Piece")
        .anchor(align, offset)
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        // a window's contents get no more height than its default size (egui's is 420 points):
        // let the scroll area below set the bound
        .default_height(f32::INFINITY)
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(24.0))
        .show(ctx, |ui| {
            ui.set_min_width(340.0);
            // a long form scrolls inside a small window instead of running off its bottom
            let room = (ctx.content_rect().height() - 130.0).max(200.0);
            egui::ScrollArea::vertical().max_height(room).show(ui, |ui| {
                add(ui);
                if let Some(e) = &error.0 {
                    ui.add_space(8.0);
                    ui.colored_label(palette::ERROR, e);
                }
            });
        });
}

fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [300.0, 40.0],
        egui::Button::new(egui::RichText::new(text).size(20.0)),
    )
}

/// The way back to the main menu (Esc does the same).
fn back(ui: &mut egui::Ui, next: &mut NextState<MenuPage>) {
    ui.add_space(10.0);
    if ui.button("Back to the menu  (Esc)").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        next.set(MenuPage::Main);
    }
}

/// A drop-down of every one of `all`, each shown by its title.
fn picker<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id: &str,
    value: &mut T,
    all: &[T],
    title: fn(T) -> &'static str,
) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(title(*value))
        .show_ui(ui, |ui| {
            for &v in all {
                ui.selectable_value(value, v, title(v));
            }
        });
}

fn preset_picker(ui: &mut egui::Ui, id: &str, preset: &mut Preset) {
    picker(ui, id, preset, &Preset::ALL, Preset::title);
}

/// An error under a form.
fn form_error(ui: &mut egui::Ui, text: impl Into<egui::RichText>) {
    ui.colored_label(palette::ERROR, text);
}
