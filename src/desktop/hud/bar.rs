//! The bar along the top: trumps, the hand and who deals and calls, the tricks and the heap, the
//! score. It wraps to a second line in a narrow window; the buttons have their own corner
//! (`leave.rs`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;
use courtpiece_rules::{CallView, Seat, SeatView};

use super::{caller_verb, named, partner_of_player, scores_courts, shown_score, sides, suit_color, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::settings::Settings;
use crate::desktop::table::pacing::Shown;

/// The bar's egui area, which the name plates keep clear of.
pub const AREA: &str = "top bar";

/// Room kept free at the right of the bar for the buttons' corner before it was drawn, in
/// points.
const BUTTONS_WIDTH: f32 = 230.0;

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, bar.run_if(table_on).in_set(OurEgui));
}

fn bar(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    settings: Res<Settings>,
) -> Result {
    draw(contexts.ctx_mut()?, &session, shown.view.as_ref(), &settings);
    Ok(())
}

/// The bar, up to the buttons' corner as wide as it was drawn last frame.
pub(super) fn draw(ctx: &egui::Context, session: &Session, view: Option<&SeatView>, settings: &Settings) {
    let right = ctx
        .memory(|m| m.area_rect(egui::Id::new(super::leave::CORNER)))
        .map_or(ctx.content_rect().right() - BUTTONS_WIDTH, |r| r.left());
    let width = (right - 8.0 - 12.0).max(160.0);
    egui::Area::new(egui::Id::new(AREA))
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .show(ctx, |ui| {
            ui.set_max_width(width);
            egui::Frame::popup(&ctx.global_style())
                .inner_margin(10.0)
                .show(ui, |ui| {
                    ui.set_max_width(width - 20.0);
                    ui.horizontal_wrapped(|ui| match view {
                        None => {
                            ui.label("Waiting for the table…");
                        }
                        Some(view) => contents(ui, session, view, settings, width < COMPACT),
                    });
                });
        });
}

/// Narrower than this (in points) the bar leaves out what the plates and the result already say
/// (who deals and calls, the streaks) and shortens its words, so that it stays on one or two
/// lines and off the far player's cards.
const COMPACT: f32 = 560.0;

fn contents(ui: &mut egui::Ui, session: &Session, view: &SeatView, settings: &Settings, compact: bool) {
    let plain = ui.visuals().text_color();
    match (view.trumps.or(view.known_trumps), view.call) {
        (Some(suit), _) => {
            if !compact {
                ui.label(egui::RichText::new("Trumps").size(16.0));
            }
            ui.label(
                egui::RichText::new(suit.symbol().to_string())
                    .size(if compact { 20.0 } else { 26.0 })
                    .color(suit_color(suit, settings.four_colours)),
            );
            if view.trumps.is_none() {
                ui.label(if session.watch {
                    "(hidden: only the caller knows; face up here)"
                } else {
                    "(hidden: only you know)"
                });
            }
        }
        (None, Some(CallView::FaceDown)) => {
            ui.label(egui::RichText::new("Trumps hidden").size(16.0));
        }
        (None, Some(CallView::FirstVoid(None))) => {
            ui.label(egui::RichText::new("Trumps: the first who cannot follow").size(16.0));
        }
        _ => {
            ui.label(egui::RichText::new("No trumps yet").size(16.0));
        }
    }
    ui.separator();
    if !compact {
        let who = format!(
            "Hand {}  {} · {}",
            view.hand_no,
            does(session, view, view.dealer, "deal"),
            does(session, view, view.caller, caller_verb(session, view))
        );
        group(ui, &[(who, plain)], 14.0);
        ui.separator();
    }
    let sides = sides(session, view);
    let taken: Vec<_> = sides
        .iter()
        .map(|l| (&l.name, view.taken[l.side.index()], l.colour))
        .collect();
    let mut tricks = versus(compact, "Tricks", &taken, plain);
    if view.heap.tricks > 0 {
        tricks.push((format!("  heap {}", view.heap.tricks), plain));
    }
    group(ui, &tricks, 16.0).on_hover_text(spelled("Tricks", &taken));
    ui.separator();
    // Dabba Rang: the highest announcement, or the contract once the bidding is over (RDB-BID)
    if let Some((seat, tricks)) = view.contract.or(view.auction.and_then(|a| a.high)) {
        let text = if view.contract.is_some() {
            format!("{} for {tricks}", does(session, view, seat, "play"))
        } else {
            format!("{} {tricks}", does(session, view, seat, "announce"))
        };
        group(ui, &[(text, plain)], 14.0);
        ui.separator();
    }
    if let Some(tens) = view.tens {
        // Mindi: the tens collected decide the hand (RM-WIN)
        let tens: Vec<_> = sides
            .iter()
            .map(|l| (&l.name, tens[l.side.index()], l.colour))
            .collect();
        group(ui, &versus(compact, "Tens", &tens, plain), 16.0).on_hover_text(spelled("Tens", &tens));
        ui.separator();
    }
    let courts = scores_courts(session);
    let unit = match (courts, compact) {
        (true, true) => "Courts",
        (false, true) => "Points",
        (true, false) => "Score (courts)",
        (false, false) => "Score (points)",
    };
    // at a hand's end the bar shows the score with that hand, as the result does
    let match_score = shown_score(session, view);
    let points: Vec<_> = sides
        .iter()
        .map(|l| (&l.name, match_score.points[l.scorer], l.colour))
        .collect();
    let mut score = versus(compact, unit, &points, plain);
    if courts && !compact {
        let streaks: Vec<String> = sides
            .iter()
            .map(|l| match_score.streak[l.scorer].to_string())
            .collect();
        score.push((format!("  streaks {}", streaks.join(" – ")), plain));
    }
    group(ui, &score, 14.0).on_hover_text(spelled("Score", &points));
}

/// "Tricks: us 3  them 2" (or "you 3  Asha 2  Bilal 1" at a table of three), or in a narrow bar
/// "Tricks 3 – 2" (the player's own side first, each in its side's colour).
fn versus<T: std::fmt::Display>(
    compact: bool,
    what: &str,
    sides: &[(&String, T, egui::Color32)],
    plain: egui::Color32,
) -> Vec<(String, egui::Color32)> {
    let mut out = Vec::with_capacity(sides.len() * 2 + 1);
    if compact {
        out.push((format!("{what} "), plain));
        for (i, (_, value, colour)) in sides.iter().enumerate() {
            if i > 0 {
                out.push((" – ".to_owned(), plain));
            }
            out.push((value.to_string(), *colour));
        }
    } else {
        out.push((format!("{what}: "), plain));
        for (i, (name, value, colour)) in sides.iter().enumerate() {
            if i > 0 {
                out.push(("  ".to_owned(), plain));
            }
            out.push((format!("{name} {value}"), *colour));
        }
    }
    out
}

/// "Tricks: us 3, them 2", for the hover text.
fn spelled<T: std::fmt::Display>(what: &str, sides: &[(&String, T, egui::Color32)]) -> String {
    let parts: Vec<String> = sides
        .iter()
        .map(|(name, value, _)| format!("{name} {value}"))
        .collect();
    format!("{what}: {}", parts.join(", "))
}

/// Words in their colours as one label that is never split: in the wrapping bar it moves to the
/// next line whole.
fn group(ui: &mut egui::Ui, parts: &[(String, egui::Color32)], size: f32) -> egui::Response {
    let mut job = egui::text::LayoutJob::default();
    for (text, color) in parts {
        job.append(
            text,
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(size), *color),
        );
    }
    ui.add(egui::Label::new(job).extend())
}

/// "You deal", "Chandni (partner) calls": short, for the bar.
fn does(session: &Session, view: &SeatView, seat: Seat, verb: &str) -> String {
    if seat == view.seat && session.seat.is_some() {
        return format!("you {verb}");
    }
    let (name, _) = named(session, view, seat);
    if partner_of_player(session, view, seat) {
        format!("{name} (partner) {verb}s")
    } else {
        format!("{name} {verb}s")
    }
}
