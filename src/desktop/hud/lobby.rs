//! The lobby before the deal: the table's game and how friends join, who sits where, and (for
//! the owner) filling the open seats and dealing.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{Access, Beacon, ClientMessage, Host, LobbyAction, Session, ToHost};
use courtpiece_rules::Seat;

use super::{name, side, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::table::pacing::Shown;
use crate::words;

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, lobby.run_if(table_on).in_set(OurEgui));
}

fn lobby(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    host: Option<Res<Host>>,
    mut out: MessageWriter<ToHost>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(lobby) = &session.lobby else {
        egui::Window::new("Joining")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label("Connecting to the table…");
            });
        return Ok(());
    };
    if lobby.started && shown.view.is_some() {
        return Ok(());
    }
    let mut ask = |action| {
        out.write(ToHost(ClientMessage::Lobby(action)));
    };
    egui::Window::new(format!("Lobby — {}", lobby.table))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            if let Some(host) = &host {
                let code = match host.access() {
                    Access::Code(code) => format!("code {code}"),
                    Access::Open => "no code".to_string(),
                };
                ui.label(format!(
                    "Friends join at port {} with {code}.",
                    host.addr().port()
                ));
            }
            ui.label(format!(
                "Game: {}",
                words::game(&Beacon::describe_rules(&lobby.rules))
            ));
            let me = session.seat.or(lobby.you);
            let seats = lobby.rules.seats();
            // the lobby's places are people's: in Dummy Rang they move round the dummy
            for (seat, state) in Seat::ALL.into_iter().zip(&lobby.seats) {
                ui.horizontal(|ui| {
                    let open = matches!(state, courtpiece_net::SeatState::Open);
                    let relation = match me {
                        Some(me) if me == seat => " (you)",
                        Some(me) if seats.in_teams() && seats.partner(me) == Some(seat) => " (partner)",
                        Some(_) => " (opponent)",
                        None => "",
                    };
                    ui.label(
                        egui::RichText::new(format!(
                            "Seat {}{relation}: {}",
                            seat.index() + 1,
                            name(&session, seat)
                        ))
                        .color(if seats.in_teams() {
                            side(seats, seat)
                        } else {
                            palette::SIDES[seat.index()]
                        }),
                    );
                    if open && ui.button("Sit here").clicked() {
                        ask(LobbyAction::TakeSeat(seat));
                    }
                });
            }
            if !lobby.spectators.is_empty() {
                ui.label("Watching:");
                for spectator in &lobby.spectators {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(&spectator.name);
                        if session.owner {
                            super::rail::let_in_buttons(ui, &session, lobby, spectator, &mut ask);
                        }
                    });
                }
            }
            if session.owner {
                ui.separator();
                if ui.button("Fill the open seats with Medium bots").clicked() {
                    ask(LobbyAction::FillWithBots(courtpiece_bots::Level::Medium));
                }
                if ui.button(egui::RichText::new("Deal").size(20.0)).clicked() {
                    ask(LobbyAction::Start);
                }
            } else {
                ui.label("The host deals when the table is ready.");
            }
        });
    Ok(())
}
