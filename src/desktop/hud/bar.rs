//! The bar along the top: trumps, the hand and who deals and calls, the tricks and the heap, the
//! score. It wraps to a second line in a narrow window; the buttons have their own corner
//! (`leave.rs`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;
use courtpiece_rules::{CallView, Scoring, Seat, SeatView};

use super::{named, side, suit_color, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::settings::Settings;
use crate::desktop::table::pacing::Shown;

/// The bar's egui area, which the name plates keep clear of.
pub const AREA: &str = "top bar";

/// Room kept free at the right of the bar for the buttons' corner, in points.
pub const BUTTONS_WIDTH: f32 = 230.0;

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, bar.run_if(table_on).in_set(OurEgui));
}

fn bar(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    settings: Res<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let width = (ctx.content_rect().width() - BUTTONS_WIDTH - 24.0).max(160.0);
    egui::Area::new(egui::Id::new(AREA))
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .show(ctx, |ui| {
            ui.set_max_width(width);
            egui::Frame::popup(&ctx.global_style())
                .inner_margin(10.0)
                .show(ui, |ui| {
                    ui.set_max_width(width - 20.0);
                    ui.horizontal_wrapped(|ui| match &shown.view {
                        None => {
                            ui.label("Waiting for the table…");
                        }
                        Some(view) => contents(ui, &session, view, &settings),
                    });
                });
        });
    Ok(())
}

fn contents(ui: &mut egui::Ui, session: &Session, view: &SeatView, settings: &Settings) {
    let us = view.seat.team();
    match (view.trumps.or(view.known_trumps), view.call) {
        (Some(suit), _) => {
            ui.label(egui::RichText::new("Trumps").size(16.0));
            ui.label(
                egui::RichText::new(suit.symbol().to_string())
                    .size(34.0)
                    .color(suit_color(suit, settings.four_colours)),
            );
            if view.trumps.is_none() {
                ui.label("(hidden: only you know)");
            }
        }
        (None, Some(CallView::FaceDown)) => {
            ui.label(egui::RichText::new("Trumps hidden").size(16.0));
        }
        _ => {
            ui.label(egui::RichText::new("No trumps yet").size(16.0));
        }
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(format!("Hand {}", view.hand_no));
        ui.label(format!(
            "{} · {}",
            does(session, view.seat, view.dealer, "deal"),
            does(session, view.seat, view.caller, "call")
        ));
    });
    ui.separator();
    let ours = side(view.seat);
    let theirs = super::palette::SIDES[us.other().index()];
    // each group wraps as a whole: "Tricks: us 3 them 2" never splits over two lines
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Tricks:").size(16.0));
        ui.label(
            egui::RichText::new(format!("us {}", view.taken[us.index()]))
                .size(16.0)
                .color(ours),
        );
        ui.label(
            egui::RichText::new(format!("them {}", view.taken[us.other().index()]))
                .size(16.0)
                .color(theirs),
        );
        if view.heap.tricks > 0 {
            ui.label(format!("Heap: {}", view.heap.tricks));
        }
    });
    ui.separator();
    let courts = session
        .lobby
        .as_ref()
        .is_none_or(|l| l.rules.scoring == Scoring::Courts);
    ui.horizontal(|ui| {
        ui.label(format!("Score ({}):", if courts { "courts" } else { "points" }));
        ui.label(egui::RichText::new(format!("us {}", view.score.points[us.index()])).color(ours));
        ui.label(
            egui::RichText::new(format!("them {}", view.score.points[us.other().index()])).color(theirs),
        );
        if courts {
            ui.label(format!(
                "streaks {} – {}",
                view.score.streak[us.index()],
                view.score.streak[us.other().index()]
            ));
        }
    });
}

/// "You deal", "Chandni (partner) calls": short, for the bar.
fn does(session: &Session, me: Seat, seat: Seat, verb: &str) -> String {
    if seat == me && session.seat == Some(me) {
        return format!("you {verb}");
    }
    let (name, _) = named(session, seat);
    if seat.team() == me.team() {
        format!("{name} (partner) {verb}s")
    } else {
        format!("{name} {verb}s")
    }
}
