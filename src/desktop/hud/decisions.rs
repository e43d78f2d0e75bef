//! The decisions that are not a card of the hand, each legal intent a button: the cut (shown on
//! the deck while it is chosen), the trump call, a redeal, a reveal, playing on; in Hokm for two
//! laying away the cards picked in the hand, and keeping or laying away the card looked at; in
//! Satat the cards passed after a court.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{ClientMessage, Session, ToHost};
use courtpiece_rules::{CardSet, Intent, Phase};

use super::{deciding, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::screen::Screen;
use crate::desktop::table::flourish::CutPreview;
use crate::desktop::table::geometry;
use crate::desktop::table::input::Chosen;
use crate::desktop::table::pacing::Shown;
use crate::words;

/// Cards off the top the player means to cut at; 0 before they chose.
#[derive(Resource, Default)]
struct CutAt(u8);

pub fn plugin(app: &mut App) {
    app.init_resource::<CutAt>()
        .add_systems(EguiPrimaryContextPass, decisions.run_if(table_on).in_set(OurEgui))
        .add_systems(OnExit(Screen::Table), |mut cut: ResMut<CutAt>| cut.0 = 0);
}

#[expect(
    clippy::too_many_arguments,
    reason = "a system: each argument is a resource it reads or writes"
)]
fn decisions(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    mut cut_at: ResMut<CutAt>,
    mut cut_preview: ResMut<CutPreview>,
    mut chosen: ResMut<Chosen>,
    mut out: MessageWriter<ToHost>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let view = deciding(&session, &shown);
    let cut = view.is_some_and(|v| v.legal.iter().any(|i| matches!(i, Intent::Cut { .. })));
    if cut && cut_at.0 < 4 {
        cut_at.0 = 26;
    }
    cut_preview.set_if_neq(CutPreview(cut.then_some(cut_at.0)));
    let Some(view) = view else { return Ok(()) };
    let others: Vec<Intent> = view
        .legal
        .iter()
        .copied()
        .filter(|i| {
            !matches!(
                i,
                Intent::Play { .. } | Intent::Cut { .. } | Intent::Discard { .. } | Intent::Give { .. }
            )
        })
        .collect();
    // Satat's passing after a court (RS-PASS): picked in the hand, or one button when the rule
    // leaves no choice
    let gifts: Vec<CardSet> = view
        .legal
        .iter()
        .filter_map(|i| match i {
            Intent::Give { cards } => Some(*cards),
            _ => None,
        })
        .collect();
    // every set of that many cards is a legal discard: the player picks them in the hand
    let lay_away = view.legal.iter().find_map(|i| match i {
        Intent::Discard { cards } => Some(cards.len()),
        _ => None,
    });
    if others.is_empty() && !cut && lay_away.is_none() && gifts.is_empty() {
        return Ok(());
    }
    let mut send = |intent| {
        out.write(ToHost(ClientMessage::Intent(intent)));
    };
    // just above the hand, never on it; the announcements wait while the player decides
    let middle = ctx.content_rect().center();
    let above_hand = camera
        .and_then(|c| c.0.world_to_viewport(c.1, geometry::hand_top()).ok())
        .map_or(middle.y + 90.0, |p| p.y / ctx.zoom_factor() - 8.0);
    egui::Window::new("Your decision")
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(egui::pos2(middle.x, above_hand))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            // Dummy Rang: the driver cuts and calls for the dummy when its turn comes (RD-OPEN)
            let dummy = view.to_act.is_some_and(|s| view.plays_too(s));
            if dummy {
                ui.label("For your dummy:");
            }
            if cut {
                ui.label("Cut the deck: how many cards off the top? (lifted on the deck)");
                ui.add(egui::Slider::new(&mut cut_at.0, 4..=48));
                if ui.button("Cut").clicked() {
                    send(Intent::Cut { at: cut_at.0 });
                }
            }
            if let Some(n) = lay_away {
                ui.label(format!(
                    "Lay away {n} cards, face down: click them in your hand ({} picked).",
                    chosen.0.len()
                ));
                let ready = chosen.0.len() == n;
                if ui
                    .add_enabled(ready, egui::Button::new(egui::RichText::new("Lay them away").size(17.0)))
                    .clicked()
                {
                    send(Intent::Discard { cards: chosen.0 });
                    chosen.0 = CardSet::EMPTY;
                }
            }
            if let (Some(first), Some(exchange)) = (gifts.first(), view.exchange) {
                let to = super::who(&session, view, exchange.with);
                let n = first.count();
                if view.seats.side(view.seat) == exchange.losers {
                    ui.label(format!(
                        "Your side lost the court: pass your best {} to {to}.",
                        if n == 1 { "card" } else { "two cards" }
                    ));
                } else {
                    ui.label(format!(
                        "Pass {} back to {to}, never the last of a plain suit: click {} in your hand ({} picked).",
                        words::cards(n),
                        if n == 1 { "it" } else { "them" },
                        chosen.0.len()
                    ));
                }
                if gifts.len() <= 3 {
                    ui.horizontal_wrapped(|ui| {
                        for cards in &gifts {
                            let text = format!("pass {}", words::card_list(*cards));
                            if ui.button(egui::RichText::new(text).size(17.0)).clicked() {
                                send(Intent::Give { cards: *cards });
                                chosen.0 = CardSet::EMPTY;
                            }
                        }
                    });
                } else {
                    let ready = gifts.contains(&chosen.0);
                    if ui
                        .add_enabled(ready, egui::Button::new(egui::RichText::new("Pass them").size(17.0)))
                        .clicked()
                    {
                        send(Intent::Give { cards: chosen.0 });
                        chosen.0 = CardSet::EMPTY;
                    }
                }
            }
            if view.phase == Phase::Bidding {
                ui.label(match view.auction.and_then(|a| a.high) {
                    _ if view.legal.contains(&Intent::Pass) => {
                        "Announce the tricks your side will collect, or pass:"
                    }
                    None => "Nobody announced: you must announce 7.",
                    Some(_) => "Announce:",
                });
            }
            if view.phase == Phase::TrumpCall {
                ui.label(if dummy {
                    "Call trumps from the dummy's five (face up at its seat):"
                } else {
                    "Call trumps:"
                });
            }
            if let Some(card) = view.offer {
                ui.label(format!(
                    "You look at the {}{}: keep it (click it) and lay the next card away, or lay it away and take the next.",
                    card.rank(),
                    card.suit().symbol()
                ));
            }
            ui.horizontal_wrapped(|ui| {
                for intent in others {
                    if ui.button(egui::RichText::new(words(intent)).size(17.0)).clicked() {
                        send(intent);
                    }
                }
            });
        });
    Ok(())
}

/// A decision's button.
fn words(intent: Intent) -> String {
    match intent {
        Intent::Call { suit } => format!("{} {}", suit.symbol(), suit.name()),
        Intent::Show { card } => format!("show {}{}", card.rank(), card.suit().symbol()),
        Intent::Hide { card } => format!("lay {}{} face down", card.rank(), card.suit().symbol()),
        Intent::Defer => "defer to the next card".into(),
        Intent::Redeal => "ask for a redeal".into(),
        Intent::Bid { tricks } => format!("{tricks}"),
        Intent::Pass => "pass".into(),
        Intent::Reveal => "ask to see trumps".into(),
        Intent::PlayOn => "play on for all 13".into(),
        Intent::Stop => "stop with the court".into(),
        Intent::Keep => "keep it".into(),
        Intent::Decline => "lay it away, take the next".into(),
        other => other.to_string(),
    }
}
