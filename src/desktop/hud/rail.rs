//! The rail during a match: who watches, and for the table's owner a way to let a watcher into a
//! seat a bot plays, from the next hand; for a watcher, that they watch.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{ClientMessage, LobbyAction, LobbyState, SeatState, Session, Spectator, ToHost};
use courtpiece_rules::Seat;

use super::{name, table_on};
use crate::desktop::cost::OurEgui;

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, rail.run_if(table_on).in_set(OurEgui));
}

fn rail(
    mut contexts: EguiContexts,
    session: Res<Session>,
    replay: Option<Res<crate::desktop::replay::Replay>>,
    mut out: MessageWriter<ToHost>,
) -> Result {
    // a replay has no rail: nobody watches it but the player
    let Some(lobby) = session.lobby.as_ref().filter(|l| l.started && replay.is_none()) else {
        return Ok(());
    };
    let watching = session.seat.is_none();
    if lobby.spectators.is_empty() && lobby.arriving.is_empty() && !watching {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(format!("Rail ({})", lobby.spectators.len()))
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            if watching {
                ui.label(
                    "You watch from the rail: the table's owner can let you into a bot's seat between hands.",
                );
            }
            for arrival in &lobby.arriving {
                ui.label(format!(
                    "{} sits at seat {} when this hand is over.",
                    arrival.name,
                    arrival.seat.index() + 1
                ));
            }
            for spectator in &lobby.spectators {
                ui.horizontal_wrapped(|ui| {
                    ui.label(&spectator.name);
                    if session.owner {
                        let_in_buttons(ui, &session, lobby, spectator, &mut |action| {
                            out.write(ToHost(ClientMessage::Lobby(action)));
                        });
                    }
                });
            }
        });
    Ok(())
}

/// Seats a watcher may be let into: open ones, and those a bot plays.
pub fn free_for_watchers(lobby: &LobbyState) -> impl Iterator<Item = Seat> + '_ {
    Seat::ALL
        .into_iter()
        .zip(&lobby.seats)
        .filter(|(_, state)| {
            matches!(
                state,
                SeatState::Open | SeatState::Bot(_) | SeatState::Program { .. }
            )
        })
        .map(|(seat, _)| seat)
}

/// The owner's buttons that let `spectator` into each seat they may take.
pub fn let_in_buttons(
    ui: &mut egui::Ui,
    session: &Session,
    lobby: &LobbyState,
    spectator: &Spectator,
    ask: &mut impl FnMut(LobbyAction),
) {
    for seat in free_for_watchers(lobby) {
        let label = format!("Let in at seat {}", seat.index() + 1);
        let hover = format!("Instead of {}", name(session, seat));
        if ui.small_button(label).on_hover_text(hover).clicked() {
            ask(LobbyAction::LetIn {
                player: spectator.player,
                seat,
            });
        }
    }
}
