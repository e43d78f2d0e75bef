//! Names at the seats, in their side's colour, the one whose turn it is lit, with the time left
//! when turns are timed; the player's own clock over the table.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{SeatState, Session};
use courtpiece_rules::{Phase, Seat, SeatView};

use super::{caller_verb, named, side, table_on, who};
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::table::geometry::{self, Eye};
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
    let view = shown.view.as_ref()?;
    let place = view.people[turn.seat.index()].index();
    let person = matches!(lobby.seats.get(place), Some(SeatState::Player { .. }));
    let on_table = shown.caught_up() && view.to_act == Some(turn.seat);
    (person && on_table).then(|| (turn.seat, (f32::from(secs) - (now - turn.since)).max(0.0)))
}

fn clock_color(left: f32) -> egui::Color32 {
    if left < 6.0 { palette::HURRY } else { palette::TURN }
}

/// A plate's size before it was drawn once, in points: three lines (name, tricks, what they
/// are to do) at the widest.
pub(super) const PLATE: egui::Vec2 = egui::vec2(220.0, 74.0);

/// Where the plate of a player at the table stands: by the point its seat projects to (in
/// points), not above `top`, inside the window.
pub(super) fn on_table(
    anchor: egui::Pos2,
    side: geometry::PlateSide,
    size: egui::Vec2,
    top: f32,
    window: egui::Rect,
) -> egui::Rect {
    let x = match side {
        geometry::PlateSide::Right => anchor.x + 8.0,
        geometry::PlateSide::Left => anchor.x - 8.0 - size.x,
    };
    let x = x.min(window.right() - 4.0 - size.x).max(window.left() + 4.0);
    egui::Rect::from_min_size(egui::pos2(x, (anchor.y - 25.0).max(top)), size)
}

/// The player's own plate: the bottom-left corner of the window, below the hand.
pub(super) fn own(window: egui::Rect, size: egui::Vec2) -> egui::Rect {
    egui::Rect::from_min_size(
        egui::pos2(window.left() + 4.0, window.bottom() - 4.0 - size.y),
        size,
    )
}

/// What the seat to act is about to do.
fn doing(view: &SeatView) -> &'static str {
    match view.phase {
        Phase::Cut => "to cut",
        Phase::Bidding => "to bid",
        Phase::TrumpCall => "to call trumps",
        Phase::Passing => "to pass",
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
    let eye = Eye::of(view, Some(&session));
    // never under the bar along the top, however it wraps
    let top = ctx
        .memory(|m| m.area_rect(egui::Id::new(super::bar::AREA)))
        .map_or(0.0, |r| r.bottom() + 6.0);
    for seat in view.seats.all() {
        let id = egui::Id::new(("plate", seat.index()));
        // the size it had last frame; the first frame guesses
        let size = ctx.memory(|m| m.area_rect(id)).map_or(PLATE, |r| r.size());
        let rect = match geometry::plate(eye.place(seat)) {
            // egui's points are the window's logical pixels over the interface size
            Some((at, side)) => match camera.0.world_to_viewport(camera.1, at) {
                Ok(pos) => on_table(
                    egui::pos2(pos.x, pos.y) / ctx.zoom_factor(),
                    side,
                    size,
                    top,
                    ctx.content_rect(),
                ),
                Err(_) => continue,
            },
            None => own(ctx.content_rect(), size),
        };
        let area = egui::Area::new(id).fixed_pos(rect.min);
        let team = side(view.seats, seat);
        let turn = view.to_act == Some(seat);
        area.show(ctx, |ui| {
            let frame = egui::Frame::popup(ui.style()).stroke(egui::Stroke::new(
                if turn { 3.0 } else { 1.0 },
                if turn { palette::TURN } else { team },
            ));
            frame.show(ui, |ui| {
                ui.set_min_width(120.0);
                ui.set_max_width(PLATE.x);
                let mut line = words::tricks(view.won[seat.index()]);
                if seat == view.dealer {
                    line.push_str(" · deals");
                }
                if seat == view.caller {
                    line.push_str(&format!(" · {}s", caller_verb(&session, view)));
                }
                let name = named(&session, view, seat).0;
                if seat == view.seat && session.seat.is_some() {
                    // the player's own plate is short: it stands below the hand
                    let title = format!("{name} (you)");
                    ui.horizontal(|ui| {
                        avatar(ui, &name, team, 20.0);
                        ui.label(egui::RichText::new(title).color(team).strong());
                        ui.label(line);
                    });
                } else {
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 5.0;
                        avatar(ui, &name, team, 20.0);
                        ui.label(
                            egui::RichText::new(who(&session, view, seat))
                                .color(team)
                                .strong(),
                        );
                    });
                    ui.label(line);
                }
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

/// A round token with the initials of `name`, in the colour of the player's side.
fn avatar(ui: &mut egui::Ui, name: &str, colour: egui::Color32, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter();
    painter.circle_filled(rect.center(), size / 2.0, colour.gamma_multiply(0.55));
    painter.circle_stroke(rect.center(), size / 2.0 - 0.5, egui::Stroke::new(1.5, colour));
    let initials = initials(name);
    let scale = if initials.chars().count() > 1 { 0.42 } else { 0.55 };
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        initials,
        egui::FontId::proportional(size * scale),
        egui::Color32::WHITE,
    );
}

/// The first letter of a name's first word and of its last: "Asha Khan" is "AK", and the
/// players a record did not name ("Player 1", "Player 2") tell apart as "P1" and "P2".
fn initials(name: &str) -> String {
    let first = |word: &str| word.chars().find(|c| c.is_alphanumeric());
    let mut words = name.split_whitespace().filter_map(first);
    let (Some(a), b) = (words.next(), words.next_back()) else {
        return "?".to_owned();
    };
    a.to_uppercase()
        .chain(b.into_iter().flat_map(char::to_uppercase))
        .collect()
}

/// The player's own clock, big, when turns are timed and it is their turn.
fn clock(mut contexts: EguiContexts, session: Res<Session>, shown: Res<Shown>, time: Res<Time>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some((seat, left)) = turn_clock(&session, &shown, time.elapsed_secs()) else {
        return Ok(());
    };
    let mine = shown
        .view
        .as_ref()
        .is_some_and(|v| v.seat == seat || v.plays_too(seat));
    if session.seat.is_none() || !mine {
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

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_tell_the_unnamed_players_apart() {
        assert_eq!(initials("Asha"), "A");
        assert_eq!(initials("asha khan"), "AK");
        assert_eq!(initials("Player 1"), "P1");
        assert_eq!(initials("Player 2"), "P2");
        assert_eq!(initials("Ravi's dummy"), "RD");
        assert_eq!(initials("Mary Ann de Souza"), "MS");
        assert_eq!(initials("  "), "?");
        assert_eq!(initials("(bot)"), "B");
    }
}
