//! The menus: quick game (Enter), host a LAN table, join one, the rules explained, settings,
//! quit. egui over the table in the room.

use std::net::SocketAddr;
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_bots::Level;
use courtpiece_net::discovery::{self, Found, Lookup};
use courtpiece_net::host::{HostConfig, SeatPlan};
use courtpiece_net::{Access, DEFAULT_PORT, TableCode};
use courtpiece_rules::{Preset, RuleSet};

use crate::figures::clock_seed;

use super::rule_options;
use super::rules::{self, CardPictures};
use super::screen::Screen;
use super::settings::Settings;
use super::start::{Start, StartError, start};
use super::table::looks::Deck;

/// The turn timers a host may choose, in seconds.
const TURN_TIMERS: [u16; 4] = [15, 30, 60, 120];

/// The page of the menu on screen, and what is typed into its forms.
#[derive(Resource)]
pub struct Menu {
    pub page: Page,
    host_name: String,
    host_code: String,
    host_port: String,
    host_preset: Preset,
    /// The preset's rules with the host's changes.
    host_rules: RuleSet,
    host_seats: [Option<Level>; 4],
    /// Seconds each person has for a decision, if turns are timed.
    host_turn_timer: Option<u16>,
    join_addr: String,
    join_code: String,
    found: Vec<Found>,
    /// The LAN being asked for tables, off the frame thread.
    looking: Option<Lookup>,
    rules_preset: Preset,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Main,
    Host,
    Join,
    Rules,
    Settings,
}

impl Default for Menu {
    fn default() -> Self {
        Menu {
            page: Page::Main,
            host_name: "Court Piece table".into(),
            host_code: TableCode::random().to_string(),
            host_port: DEFAULT_PORT.to_string(),
            host_preset: Preset::CourtPiece,
            host_rules: Preset::CourtPiece.rules(),
            host_seats: [None, None, None, Some(Level::Medium)],
            host_turn_timer: None,
            join_addr: String::new(),
            join_code: String::new(),
            found: Vec::new(),
            looking: None,
            rules_preset: Preset::CourtPiece,
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Menu>().add_systems(
        EguiPrimaryContextPass,
        menu.run_if(in_state(Screen::Menu)).in_set(super::cost::OurEgui),
    );
}

#[allow(clippy::too_many_arguments)]
fn menu(
    mut contexts: EguiContexts,
    mut state: ResMut<Menu>,
    mut settings: ResMut<Settings>,
    error: Res<StartError>,
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    deck: Option<Res<Deck>>,
) -> Result {
    let pictures = match (state.page, deck) {
        (Page::Rules, Some(deck)) => Some(CardPictures::register(&mut contexts, &deck)),
        _ => None,
    };
    let ctx = contexts.ctx_mut()?;
    let name = settings.name.clone();
    if state.page == Page::Main && keys.just_pressed(KeyCode::Enter) {
        start(&mut commands, Start::Quick { seed: clock_seed() }, name.clone());
    }
    egui::Window::new("Court Piece")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(24.0))
        .show(ctx, |ui| {
            ui.set_min_width(340.0);
            match state.page {
                Page::Main => main_page(ui, &mut state, &mut commands, &name, &mut exit),
                Page::Host => host_page(ui, &mut state, &mut commands, &name),
                Page::Join => join_page(ui, &mut state, &mut commands, &name),
                Page::Rules => rules_page(ui, &mut state, pictures.as_ref()),
                Page::Settings => settings_page(ui, &mut state, &mut settings),
            }
            if let Some(e) = &error.0 {
                ui.add_space(8.0);
                ui.colored_label(egui::Color32::from_rgb(230, 90, 80), e);
            }
        });
    Ok(())
}

fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [300.0, 40.0],
        egui::Button::new(egui::RichText::new(text).size(20.0)),
    )
}

fn main_page(
    ui: &mut egui::Ui,
    state: &mut Menu,
    commands: &mut Commands,
    name: &str,
    exit: &mut MessageWriter<AppExit>,
) {
    ui.vertical_centered(|ui| {
        ui.heading(egui::RichText::new("Court Piece").size(40.0));
        ui.label("Rang · Rung · Coat · Hokm");
        ui.add_space(18.0);
        if big_button(ui, "Quick game  (Enter)").clicked() {
            start(commands, Start::Quick { seed: clock_seed() }, name.to_string());
        }
        ui.label("You and three bots, the usual rules.");
        ui.add_space(10.0);
        for (text, page) in [
            ("Host a LAN table", Page::Host),
            ("Join a table", Page::Join),
            ("Rules", Page::Rules),
            ("Settings", Page::Settings),
        ] {
            if big_button(ui, text).clicked() {
                state.page = page;
            }
        }
        if big_button(ui, "Quit").clicked() {
            exit.write(AppExit::Success);
        }
    });
}

fn back(ui: &mut egui::Ui, state: &mut Menu) {
    ui.add_space(10.0);
    if ui.button("Back to the menu").clicked() {
        state.page = Page::Main;
    }
}

fn preset_picker(ui: &mut egui::Ui, id: &str, preset: &mut Preset) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(preset.name())
        .show_ui(ui, |ui| {
            for p in Preset::ALL {
                ui.selectable_value(preset, p, p.name());
            }
        });
}

fn host_page(ui: &mut egui::Ui, state: &mut Menu, commands: &mut Commands, name: &str) {
    ui.heading("Host a LAN table");
    egui::Grid::new("host")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            ui.label("Table name");
            ui.text_edit_singleline(&mut state.host_name);
            ui.end_row();
            ui.label("Table code");
            ui.horizontal(|ui| {
                ui.text_edit_singleline(&mut state.host_code);
                if ui.button("New").clicked() {
                    state.host_code = TableCode::random().to_string();
                }
            });
            ui.end_row();
            ui.label("Port");
            ui.text_edit_singleline(&mut state.host_port);
            ui.end_row();
            ui.label("Rules");
            let preset = state.host_preset;
            preset_picker(ui, "host-rules", &mut state.host_preset);
            if state.host_preset != preset {
                state.host_rules = state.host_preset.rules();
            }
            ui.end_row();
            ui.label("Turn timer");
            egui::ComboBox::from_id_salt("turn-timer")
                .selected_text(
                    state
                        .host_turn_timer
                        .map_or("off".to_string(), |s| format!("{s} s")),
                )
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut state.host_turn_timer, None, "off");
                    for secs in TURN_TIMERS {
                        ui.selectable_value(&mut state.host_turn_timer, Some(secs), format!("{secs} s"));
                    }
                });
            ui.end_row();
            for seat in 1..4 {
                ui.label(format!("Seat {seat}"));
                egui::ComboBox::from_id_salt(format!("seat-{seat}"))
                    .selected_text(
                        state.host_seats[seat].map_or("a person".to_string(), |l| format!("{l} bot")),
                    )
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut state.host_seats[seat], None, "a person");
                        for level in Level::ALL {
                            ui.selectable_value(
                                &mut state.host_seats[seat],
                                Some(level),
                                format!("{level} bot"),
                            );
                        }
                    });
                ui.end_row();
            }
        });
    ui.label("You sit at seat 0; your partner is seat 2.");
    egui::CollapsingHeader::new("Rule options").show(ui, |ui| {
        egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
            rule_options::edit(ui, &mut state.host_rules);
        });
    });
    ui.add_space(8.0);
    let code = state.host_code.parse::<TableCode>();
    let port = state.host_port.trim().parse::<u16>();
    let rules = state.host_rules.validate();
    match (&code, &port) {
        (Err(e), _) => {
            ui.colored_label(egui::Color32::LIGHT_RED, e.to_string());
        }
        _ if rules.is_err() => {
            let why = rules.err().map(|e| e.to_string()).unwrap_or_default();
            ui.colored_label(egui::Color32::LIGHT_RED, why);
        }
        (_, Err(_)) => {
            ui.colored_label(egui::Color32::LIGHT_RED, "the port is a number from 1 to 65535");
        }
        (Ok(code), Ok(port)) => {
            if big_button(ui, "Open the table").clicked() {
                let mut config = HostConfig::new(
                    state.host_name.clone(),
                    Access::Code(*code),
                    SocketAddr::from(([0, 0, 0, 0], *port)),
                );
                config.discovery = Some(SocketAddr::from(([0, 0, 0, 0], discovery::DISCOVERY_PORT)));
                config.rules = state.host_rules.clone();
                config.turn_timer = state.host_turn_timer;
                config.seed = clock_seed();
                config.seats = [
                    SeatPlan::Open,
                    state.host_seats[1].map_or(SeatPlan::Open, SeatPlan::Bot),
                    state.host_seats[2].map_or(SeatPlan::Open, SeatPlan::Bot),
                    state.host_seats[3].map_or(SeatPlan::Open, SeatPlan::Bot),
                ];
                start(commands, Start::Host(Box::new(config)), name.to_string());
            }
        }
    }
    back(ui, state);
}

fn join_page(ui: &mut egui::Ui, state: &mut Menu, commands: &mut Commands, name: &str) {
    ui.heading("Join a table");
    if state.looking.as_ref().is_some_and(Lookup::is_done)
        && let Some(lookup) = state.looking.take()
    {
        match lookup.finish() {
            Ok(found) => state.found = found,
            Err(e) => warn!("could not look for tables: {e}"),
        }
    }
    if state.looking.is_some() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Looking for tables…");
        });
        ui.ctx().request_repaint();
    } else if ui.button("Look for tables on the LAN").clicked() {
        state.looking = Some(Lookup::start(
            discovery::default_targets(),
            Duration::from_millis(600),
        ));
    }
    if state.found.is_empty() && state.looking.is_none() {
        ui.label("No tables found yet.");
    }
    for f in state.found.clone() {
        let text = format!(
            "{} — {} — {} free seat(s){}",
            f.beacon.table,
            f.beacon.rules,
            f.beacon.free_seats,
            if f.beacon.needs_code { ", code needed" } else { "" }
        );
        if ui
            .selectable_label(state.join_addr == f.addr.to_string(), text)
            .clicked()
        {
            state.join_addr = f.addr.to_string();
        }
    }
    ui.add_space(8.0);
    egui::Grid::new("join")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            ui.label("Address");
            ui.text_edit_singleline(&mut state.join_addr);
            ui.end_row();
            ui.label("Table code");
            ui.text_edit_singleline(&mut state.join_code);
            ui.end_row();
        });
    let addr = state
        .join_addr
        .trim()
        .parse::<SocketAddr>()
        .or_else(|_| format!("{}:{DEFAULT_PORT}", state.join_addr.trim()).parse::<SocketAddr>());
    let access = if state.join_code.trim().is_empty() {
        Ok(Access::Open)
    } else {
        state.join_code.parse::<TableCode>().map(Access::Code)
    };
    match (addr, access) {
        (Ok(addr), Ok(access)) => {
            if big_button(ui, "Join").clicked() {
                start(commands, Start::Join { addr, access }, name.to_string());
            }
        }
        (Err(_), _) => {
            ui.label("Pick a table, or type its address (like 192.168.1.20).");
        }
        (_, Err(e)) => {
            ui.colored_label(egui::Color32::LIGHT_RED, e.to_string());
        }
    }
    back(ui, state);
}

fn rules_page(ui: &mut egui::Ui, state: &mut Menu, pictures: Option<&CardPictures>) {
    ui.heading("The rules");
    preset_picker(ui, "rules-page", &mut state.rules_preset);
    ui.add_space(6.0);
    rules::explain(ui, state.rules_preset, pictures);
    back(ui, state);
}

fn settings_page(ui: &mut egui::Ui, state: &mut Menu, settings: &mut Settings) {
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
            ui.label("Animation speed");
            ui.add(egui::Slider::new(&mut s.animation_speed, 0.5..=3.0));
            ui.end_row();
            ui.label("Interface size");
            ui.add(egui::Slider::new(&mut s.ui_scale, 0.75..=2.0));
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
    back(ui, state);
}
