//! Joining or watching a table: the tables the LAN answers with (looked for off the frame thread), or an
//! address typed in, and the table's code.

use std::net::SocketAddr;
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::discovery::{self, Found, Lookup};
use courtpiece_net::{Access, BadAddress, TableCode, parse_table_address};

use super::{MenuPage, Stand, back, big_button, form_error, page};
use crate::desktop::cost::OurEgui;
use crate::desktop::settings::Settings;
use crate::desktop::start::{Start, StartError, start};
use crate::words;

/// What is typed into the form and what the LAN answered.
#[derive(Resource, Default)]
struct JoinForm {
    addr: String,
    code: String,
    found: Vec<Found>,
    /// The LAN being asked for tables.
    looking: Option<Lookup>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>().add_systems(
        EguiPrimaryContextPass,
        join_page.run_if(in_state(MenuPage::Join)).in_set(OurEgui),
    );
}

fn join_page(
    mut contexts: EguiContexts,
    mut form: ResMut<JoinForm>,
    settings: Res<Settings>,
    error: Res<StartError>,
    mut next: ResMut<NextState<MenuPage>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    page(ctx, Stand::Top, &error, |ui| {
        ui.heading("Join a table");
        tables(ui, &mut form);
        ui.add_space(8.0);
        egui::Grid::new("join")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                ui.label("Address");
                ui.text_edit_singleline(&mut form.addr);
                ui.end_row();
                ui.label("Table code");
                ui.text_edit_singleline(&mut form.code);
                ui.end_row();
            });
        match target(&form) {
            Ok(Some((addr, access))) => {
                if big_button(ui, "Join").clicked() {
                    start(&mut commands, Start::Join { addr, access }, settings.name.clone());
                }
                if big_button(ui, "Watch")
                    .on_hover_text(
                        "Watch from the rail: you see what everyone sees, no hand. The host can let you into a bot's seat between hands.",
                    )
                    .clicked()
                {
                    start(&mut commands, Start::Watch { addr, access }, settings.name.clone());
                }
            }
            Ok(None) => {
                ui.label("Pick a table, or type its address (like 192.168.1.20).");
            }
            Err(why) => form_error(ui, why),
        }
        back(ui, &mut next);
    });
    Ok(())
}

/// The tables found on the LAN, to pick one; the search while it runs.
fn tables(ui: &mut egui::Ui, form: &mut JoinForm) {
    if form.looking.as_ref().is_some_and(Lookup::is_done)
        && let Some(lookup) = form.looking.take()
    {
        match lookup.finish() {
            Ok(found) => form.found = found,
            Err(e) => warn!("could not look for tables: {e}"),
        }
    }
    if form.looking.is_some() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Looking for tables…");
        });
        ui.ctx().request_repaint();
    } else if ui.button("Look for tables on the LAN").clicked() {
        form.looking = Some(Lookup::start(
            discovery::default_targets(),
            Duration::from_millis(600),
        ));
    }
    if form.found.is_empty() && form.looking.is_none() {
        ui.label("No tables found yet.");
    }
    let mut picked = None;
    for f in &form.found {
        let text = format!(
            "{} — {} — {}{}",
            f.beacon.table,
            words::game(&f.beacon.rules),
            words::counted(f.beacon.free_seats, "free seat", "free seats"),
            if f.beacon.needs_code { ", code needed" } else { "" }
        );
        if ui
            .selectable_label(form.addr == f.addr.to_string(), text)
            .clicked()
        {
            picked = Some(f.addr.to_string());
        }
    }
    if let Some(addr) = picked {
        form.addr = addr;
    }
}

/// Where to join and with which code; `None` while there is no address yet.
fn target(form: &JoinForm) -> Result<Option<(SocketAddr, Access)>, String> {
    let typed = form.addr.trim();
    let access = if form.code.trim().is_empty() {
        Access::Open
    } else {
        Access::Code(form.code.parse::<TableCode>().map_err(|e| e.to_string())?)
    };
    // names are not looked up here: the form is checked every frame, and a lookup can block
    match parse_table_address(typed) {
        Some(addr) => Ok(Some((addr.map_err(|e| e.to_string())?, access))),
        None if typed.is_empty() => Ok(None),
        None => Err(BadAddress::NotAnAddress(typed.to_owned()).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_without_a_port_joins_the_default_port() {
        let form = JoinForm {
            addr: " 127.0.0.1 ".into(),
            ..JoinForm::default()
        };
        let (addr, access) = target(&form).unwrap().unwrap();
        assert_eq!(addr.port(), courtpiece_net::DEFAULT_PORT);
        assert!(matches!(access, Access::Open));
    }

    #[test]
    fn a_bad_address_or_code_says_so() {
        let mut form = JoinForm::default();
        assert!(target(&form).unwrap().is_none());
        form.addr = "not an address".into();
        assert!(target(&form).is_err());
        form.addr = "127.0.0.1:0".into();
        assert!(target(&form).unwrap_err().contains("port 0"));
        form.addr = "127.0.0.1:4000".into();
        form.code = "!!".into();
        assert!(target(&form).is_err());
    }
}
