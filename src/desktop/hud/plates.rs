//! Names at the seats, in their side's colour, the one whose turn it is lit, with the time left
//! when turns are timed; the player's own clock over the table.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{SeatState, Session};
use courtpiece_rules::{Phase, Seat, SeatView};

use super::{name, side, table_on, who};
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::table::layout;
use crate::desktop::table::pacing::Shown;
use crate::words;

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (plates, clock).run_if(table_on).in_set(OurEgui),
    );
}

/// The person whose turn the host is timing, and the seconds they have left, once the table
/// shows that turn.
fn turn_clock(session: &Session, shown: &Shown, now: f32) -> Option<(Seat, f32)> {
    let lobby = session.lobby.as_ref()?;
    let secs = lobby.turn_timer?;
    let turn = shown.turn?;
    let person = matches!(lobby.seats[turn.seat.index()], SeatState::Player { .. });
    let on_table = shown.caught_up() && shown.view.as_ref()?.to_act == Some(turn.seat);
    (person && on_table).then(|| (turn.seat, (f32::from(secs) - (now - turn.since)).max(0.0)))
}

fn clock_color(left: f32) -> egui::Color32 {
    if left < 6.0 { palette::HURRY } else { palette::TURN }
}

/// What the seat to act is about to do.
fn doing(view: &SeatView) -> &'static str {
    match view.phase {
        Phase::Cut => "to cut",
        Phase::TrumpCall => "to call trumps",
        Phase::TrickPlay => "to play",
        _ => "to decide",
    }
}

fn plates(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    time: Res<Time>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(view), Some(camera)) = (&shown.view, camera) else {
        return Ok(());
    };
    let clock = turn_clock(&session, &shown, time.elapsed_secs());
    let clockwise = session.lobby.as_ref().is_some_and(|l| l.rules.clockwise);
    let bar = ctx.memory(|m| m.area_rect(egui::Id::new(super::bar::AREA)));
    for seat in Seat::ALL {
        let area = egui::Area::new(egui::Id::new(("plate", seat.index())));
        let area = match layout::plate(layout::around(view.seat, seat, clockwise)) {
            // egui's points are the window's logical pixels over the interface size
            Some((at, side)) => match camera.0.world_to_viewport(camera.1, at) {
                Ok(pos) => {
                    let pos = egui::pos2(pos.x, pos.y) / ctx.zoom_factor();
                    // never under the bar along the top, however it wraps
                    let top = bar.map_or(0.0, |r| r.bottom()) + 6.0;
                    let (pos, pivot) = match side {
                        layout::PlateSide::Over => (pos, egui::Align2::CENTER_TOP),
                        layout::PlateSide::Left => (pos - egui::vec2(8.0, 0.0), egui::Align2::RIGHT_TOP),
                    };
                    area.fixed_pos(egui::pos2(pos.x, (pos.y - 25.0).max(top)))
                        .pivot(pivot)
                }
                Err(_) => continue,
            },
            None => area.anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0]),
        };
        let team = side(seat);
        let turn = view.to_act == Some(seat);
        area.show(ctx, |ui| {
            let frame = egui::Frame::popup(ui.style()).stroke(egui::Stroke::new(
                if turn { 3.0 } else { 1.0 },
                if turn { palette::TURN } else { team },
            ));
            frame.show(ui, |ui| {
                ui.set_min_width(120.0);
                ui.set_max_width(220.0);
                let title = if seat == view.seat && session.seat == Some(seat) {
                    format!("{} (you)", name(&session, seat))
                } else {
                    who(&session, view.seat, seat)
                };
                ui.label(egui::RichText::new(title).color(team).strong());
                let mut line = words::tricks(view.won[seat.index()]);
                if seat == view.dealer {
                    line.push_str(" · deals");
                }
                if seat == view.caller {
                    line.push_str(" · calls");
                }
                ui.label(line);
                let what = doing(view);
                match clock {
                    Some((s, left)) if s == seat => {
                        ui.label(
                            egui::RichText::new(format!("{what} · {left:.0} s")).color(clock_color(left)),
                        );
                    }
                    _ if turn => {
                        ui.label(egui::RichText::new(what).color(palette::TURN));
                    }
                    _ => {}
                }
            });
        });
    }
    Ok(())
}

/// The player's own clock, big, when turns are timed and it is their turn.
fn clock(mut contexts: EguiContexts, session: Res<Session>, shown: Res<Shown>, time: Res<Time>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some((seat, left)) = turn_clock(&session, &shown, time.elapsed_secs()) else {
        return Ok(());
    };
    if session.seat != Some(seat) {
        return Ok(());
    }
    egui::Area::new(egui::Id::new("your clock"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 72.0])
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("Your turn: {left:.0} s, then a bot plays it"))
                        .size(18.0)
                        .color(clock_color(left)),
                );
            });
        });
    Ok(())
}
