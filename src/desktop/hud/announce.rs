//! What just happened, big over the felt while the table shows it: the shuffle, the cut, trumps,
//! a reveal, a heap collected, a play-on.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;
use courtpiece_rules::{CallView, Event, Seat};

use super::{deciding, hand_result, suit_color, table_on, who};
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::settings::Settings;
use crate::desktop::table::pacing::Shown;
use crate::words;

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, announce.run_if(table_on).in_set(OurEgui));
}

fn announce(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    settings: Res<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // the decision box has the middle while the player decides, the result once the hand is over
    if deciding(&session, &shown).is_some() || hand_result(&shown).is_some() {
        return Ok(());
    }
    let Some(view) = shown.view.as_ref() else {
        return Ok(());
    };
    let line = shown.events.iter().rev().find_map(|e| {
        let name = |seat: &Seat| words::capitalised(&who(&session, view, *seat));
        Some(match e {
            Event::Shuffled { hand, dealer, .. } => (
                format!("Hand {hand}, dealt by {}", who(&session, view, *dealer)),
                None,
            ),
            Event::Cut { seat, at } => (format!("{} cut the deck at {at}", name(seat)), None),
            Event::TrumpsCalled { suit, .. } => (format!("{} are trumps", suit.name()), Some(*suit)),
            Event::TrumpShown { card, .. } => {
                (format!("{} are trumps", card.suit().name()), Some(card.suit()))
            }
            Event::TrumpsRevealed { suit, .. } => (format!("Trumps revealed: {}", suit.name()), Some(*suit)),
            Event::TrumpsFixed { seat, card } => (
                format!(
                    "{} could not follow: {} are trumps",
                    name(seat),
                    card.suit().name()
                ),
                Some(card.suit()),
            ),
            Event::IndicatorLaid { seat } => (format!("{} laid the trump face down", name(seat)), None),
            Event::Deferred { seat } => (format!("{} left trumps to the next card", name(seat)), None),
            Event::Redeal { seat, .. } => (format!("{} asked for a redeal", name(seat)), None),
            Event::Announced { seat, tricks } => (format!("{} announced {tricks}", name(seat)), None),
            Event::Passed { seat } => (format!("{} passed", name(seat)), None),
            Event::Contract { seat, tricks } => (format!("{} calls, for {tricks} tricks", name(seat)), None),
            Event::HeapCollected { seat, tricks, tens } => (
                format!(
                    "{} collected {} from the heap{}",
                    name(seat),
                    words::tricks(*tricks),
                    words::tens_in(*tens, view.tens.is_some())
                ),
                None,
            ),
            Event::PlayedOn { seat } => (format!("{} played on for all thirteen!", name(seat)), None),
            Event::Stopped { seat } => (format!("{} stopped with the court", name(seat)), None),
            Event::CardsGiven { seat, to, count } => (
                format!(
                    "{} passes {} to {}",
                    name(seat),
                    words::cards(*count),
                    who(&session, view, *to)
                ),
                None,
            ),
            Event::CardsExchanged => (
                match view.exchange.filter(|e| !e.got.is_empty()) {
                    Some(e) => format!("You were passed {}", words::card_list(e.got)),
                    None => "The passed cards change hands".into(),
                },
                None,
            ),
            // Trup kasiet: while trumps lie face down the caller says who won each trick
            Event::TrickWon { seat, .. }
                if view.trick.has_top_two() && view.call == Some(CallView::FaceDown) =>
            {
                (
                    format!(
                        "{}: {} won the trick",
                        name(&view.caller),
                        who(&session, view, *seat)
                    ),
                    None,
                )
            }
            _ => return None,
        })
    });
    let Some((text, suit)) = line else { return Ok(()) };
    egui::Area::new(egui::Id::new("announcement"))
        // over the middle of the felt, between the plates at the sides
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -20.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                if let Some(suit) = suit {
                    ui.label(
                        egui::RichText::new(suit.symbol().to_string())
                            .size(96.0)
                            .color(suit_color(suit, settings.four_colours)),
                    );
                }
                // one line, never wrapped: an area sizes itself from the frame before, and a
                // wrapped line lost its end ("cuts the deck at") in the first frame of a new text
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(text)
                            .size(26.0)
                            .strong()
                            .color(palette::OVER_FELT),
                    )
                    .extend(),
                );
            });
        });
    Ok(())
}
