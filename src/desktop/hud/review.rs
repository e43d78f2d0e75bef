//! The hand just played, looked back on with every hand open: for every card, how the hand
//! ends for its side and what it could still take, before and after it with best play by
//! everyone (`courtpiece review`'s figures, from the tricks and the cards shown at the hand's
//! end). The player's own cards that cost their side stand out; for a watcher (a replay, the
//! rail) every card that cost does. The solver works on its own thread; the table goes on
//! meanwhile.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_bots::Solver;
use courtpiece_bots::review::{CardReview, ReviewError, Unit, first_trick, review_hand, reviewable};
use courtpiece_net::Session;
use courtpiece_rules::{RuleSet, Seat, SeatView};

use super::{named, side, suit_color, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::job::Job;
use crate::desktop::palette;
use crate::desktop::screen::Screen;
use crate::desktop::settings::Settings;
use crate::words;

/// The review window: the hand it looks back on, and the solver's answer once it has one.
#[derive(Resource, Default)]
pub struct HandReview {
    /// The view at the end of the hand under review, while the window is open.
    view: Option<SeatView>,
    /// What a side could still take: tricks, tricks collected (the Double Sar heap) or tens
    /// (Mindi).
    unit: Option<Unit>,
    /// The first trick looked at ([`first_trick`]).
    from: u8,
    job: Option<Job<Result<Vec<CardReview>, ReviewError>>>,
    answer: Option<Result<Vec<CardReview>, String>>,
}

impl HandReview {
    /// Whether the hand `view` shows can be looked back on: it is over (every card known) and
    /// the solver counts these rules.
    pub fn offered(view: &SeatView, rules: &RuleSet) -> bool {
        view.shown_hands.is_some() && !view.tricks.is_empty() && reviewable(rules).is_ok()
    }

    /// Opens the window on the hand `view` shows, and sets the solver to it.
    pub fn start(&mut self, view: &SeatView, rules: &RuleSet) {
        if self.view.as_ref().is_some_and(|v| v.hand_no == view.hand_no) {
            return;
        }
        let (end, rules) = (view.clone(), rules.clone());
        self.unit = Some(Unit::of(&rules));
        self.from = first_trick(&rules);
        self.view = Some(view.clone());
        self.answer = None;
        self.job = Some(Job::spawn(move || review_hand(&end, &rules, &mut Solver::new())));
    }

    /// Has the solver answered (or failed)?
    pub fn answered(&self) -> bool {
        self.answer.is_some()
    }

    fn close(&mut self) {
        *self = HandReview::default();
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HandReview>()
        .add_systems(Update, collect)
        .add_systems(
            EguiPrimaryContextPass,
            window
                .run_if(table_on.and_then(|r: Res<HandReview>| r.view.is_some()))
                .in_set(OurEgui),
        )
        .add_systems(OnExit(Screen::Table), |mut review: ResMut<HandReview>| {
            review.close();
        });
}

/// Takes in the solver's answer once it is ready.
fn collect(mut review: ResMut<HandReview>) {
    let Some(job) = review.job.as_mut() else { return };
    if let Some(answer) = job.poll() {
        review.job = None;
        review.answer = Some(answer.and_then(|r| r.map_err(|e| e.to_string())));
    }
}

fn window(
    mut contexts: EguiContexts,
    session: Res<Session>,
    settings: Res<Settings>,
    mut review: ResMut<HandReview>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(view) = review.view.clone() else {
        return Ok(());
    };
    let mut open = true;
    egui::Window::new(format!("Hand {} looked back on", view.hand_no))
        .open(&mut open)
        .anchor(egui::Align2::LEFT_TOP, [12.0, 64.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| match &review.answer {
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Every card looked at with all hands open…");
                });
            }
            Some(Err(why)) => {
                ui.colored_label(
                    palette::ERROR,
                    format!("The hand could not be looked back on: {why}"),
                );
            }
            Some(Ok(cards)) => {
                let names = Names {
                    session: &session,
                    view: &view,
                    seated: session.seat.is_some(),
                    four_colours: settings.four_colours,
                    unit: review.unit.unwrap_or(Unit::Tricks),
                    from: review.from,
                };
                show(ui, &names, cards);
            }
        });
    if !open {
        review.close();
    }
    Ok(())
}

/// What the window names things by.
struct Names<'a> {
    session: &'a Session,
    view: &'a SeatView,
    /// The one looking back played in the hand (at the view's seat); a watcher did not.
    seated: bool,
    four_colours: bool,
    unit: Unit,
    /// The first trick looked at.
    from: u8,
}

impl Names<'_> {
    fn card(&self, card: courtpiece_rules::Card) -> egui::RichText {
        egui::RichText::new(words::card(card))
            .size(17.0)
            .color(suit_color(card.suit(), self.four_colours))
    }

    /// A card of the hand: the player's own that cost their side on a gold ground, anyone
    /// else's that did underlined; for a watcher, every card that cost on a gold ground.
    fn marked(&self, r: &CardReview) -> egui::RichText {
        let card = self.card(r.card);
        match (r.costly(), r.seat == self.view.seat || !self.seated) {
            (false, _) => card,
            (_, true) => egui::RichText::new(words::card(r.card))
                .size(17.0)
                .strong()
                .color(egui::Color32::BLACK)
                .background_color(palette::TURN),
            (_, false) => card.underline(),
        }
    }

    /// Who played a seat, short: "you", or the name in the seat's side colour.
    fn seat(&self, seat: Seat) -> egui::RichText {
        let name = if self.seated && seat == self.view.seat {
            "you".to_owned()
        } else {
            named(self.session, self.view, seat).0
        };
        egui::RichText::new(name).color(side(self.view.seats, seat))
    }

    fn tricks(&self, n: u8) -> String {
        words::in_unit(n, self.unit)
    }

    /// How a hand ends, as the review says it here.
    fn end(&self, outcome: courtpiece_bots::review::Outcome) -> &'static str {
        words::hand_end(outcome, self.unit == Unit::Tens)
    }
}

fn show(ui: &mut egui::Ui, names: &Names, cards: &[CardReview]) {
    let me = names.seated.then_some(names.view.seat);
    let costly_of = |mine: bool| {
        cards
            .iter()
            .filter(|r| (Some(r.seat) == me) == mine && r.costly())
            .count()
    };
    let table = Table {
        partners: names.view.seats.in_teams(),
        seated: names.seated,
        tens: names.unit == Unit::Tens,
    };
    let (title, rest) = table.summary(costly_of(true), costly_of(false));
    ui.label(egui::RichText::new(title).size(18.0).strong());
    ui.label(rest);
    if names.from > 1 {
        ui.label(format!(
            "From trick {}: with the tens counted, the tricks before it take the solver minutes.",
            names.from
        ));
    }
    ui.add_space(6.0);
    egui::ScrollArea::vertical().max_height(430.0).show(ui, |ui| {
        egui::Grid::new("review-tricks")
            .num_columns(5)
            .spacing([10.0, 4.0])
            .show(ui, |ui| {
                for trick in cards.chunk_by(|a, b| a.trick == b.trick) {
                    ui.label(egui::RichText::new(trick[0].trick.to_string()).strong());
                    for r in trick {
                        ui.horizontal(|ui| {
                            ui.label(names.seat(r.seat));
                            ui.label(names.marked(r));
                        });
                    }
                    ui.end_row();
                }
            });
        let costly: Vec<&CardReview> = cards.iter().filter(|r| r.costly()).collect();
        if !costly.is_empty() {
            ui.add_space(6.0);
            ui.label(egui::RichText::new("Cards that cost their side").strong());
            for r in costly {
                costly_card(ui, names, r);
            }
        }
    });
}

/// Who looks back on the hand, and at what table.
struct Table {
    /// The players sit in teams of two; at a table of two (§9) a side is one player.
    partners: bool,
    /// The one looking back played in the hand; a watcher (a replay, the rail) did not.
    seated: bool,
    /// Tens decide the hand to its end (Mindi): no race to seven is ever over.
    tens: bool,
}

impl Table {
    /// The review's headline, what the player's own cards cost (for a watcher, every card), and
    /// the sentence under it.
    fn summary(&self, mine: usize, others: usize) -> (String, String) {
        let (side, sides) = if self.partners {
            ("side", "sides")
        } else {
            ("player", "players")
        };
        let how = if self.tens {
            format!(
                "A card costs its {side} when it makes the end of the hand worse (a lost hand, a \
                 mendikot). Best play by everyone, every hand open."
            )
        } else {
            format!(
                "A card costs its {side} when it makes the end of the hand worse (a lost hand, a court), \
                 or once the race to seven is over, tricks. Best play by everyone, every hand open."
            )
        };
        if !self.seated {
            let title = match others {
                0 => format!("No card cost its {side} anything."),
                1 => format!("A card cost its {side}."),
                n => format!("{n} cards cost their {sides}."),
            };
            return (title, how);
        }
        let whom = if self.partners { "your side" } else { "you" };
        let title = match mine {
            0 => format!("None of your cards cost {whom} anything."),
            n => format!(
                "{} of yours cost {whom}.",
                words::capitalised(&words::cards(count(n)))
            ),
        };
        let of_others = if self.partners {
            "Of the others,"
        } else {
            "Of your opponent's,"
        };
        let counted = match others {
            0 => "none".to_owned(),
            n => words::cards(count(n)),
        };
        (title, format!("{of_others} {counted} cost them. {how}"))
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One card that cost its side, and a card that would have kept what it lost.
fn costly_card(ui: &mut egui::Ui, names: &Names, r: &CardReview) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("trick {}:", r.trick));
        ui.label(names.seat(r.seat));
        ui.label(names.marked(r));
        match (r.outcome_before, r.outcome_after, r.keeps) {
            (Some(before), Some(after), keeps) if r.worse_end() => {
                ui.label(format!("turned {} into {}", names.end(before), names.end(after)));
                if let Some(keeps) = keeps {
                    ui.label("—");
                    ui.label(names.card(keeps));
                    ui.label(format!("would have kept {}", names.end(before)));
                }
            }
            _ => {
                ui.label(format!("cost {}", names.tricks(r.cost())));
                if let Some(better) = r.better {
                    ui.label("—");
                    ui.label(names.card(better));
                    ui.label(format!("would have kept {}", names.tricks(r.before)));
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn the_headline_is_a_sentence() {
        let seated = |partners| Table {
            partners,
            seated: true,
            tens: false,
        };
        let title = |mine, partners| seated(partners).summary(mine, 0).0;
        assert_eq!(title(0, true), "None of your cards cost your side anything.");
        assert_eq!(title(1, true), "A card of yours cost your side.");
        assert_eq!(title(3, true), "3 cards of yours cost your side.");
        // alone at a table of two, what a card costs is the player's own
        assert_eq!(title(0, false), "None of your cards cost you anything.");
        assert_eq!(title(2, false), "2 cards of yours cost you.");
        let rest = seated(false).summary(0, 0).1;
        assert!(
            rest.starts_with("Of your opponent's, none cost them. A card costs its player"),
            "{rest}"
        );
        let rest = seated(true).summary(0, 2).1;
        assert!(
            rest.starts_with("Of the others, 2 cards cost them. A card costs its side"),
            "{rest}"
        );
        // under Mindi the tens decide to the end, and the court is a mendikot
        let mindi = Table {
            tens: true,
            ..seated(true)
        };
        let rest = mindi.summary(0, 0).1;
        assert!(rest.contains("a mendikot).") && !rest.contains("race"), "{rest}");
    }

    /// A watcher played no card: the review counts everyone's.
    #[test]
    fn a_watcher_is_told_of_every_card() {
        let watching = Table {
            partners: true,
            seated: false,
            tens: false,
        };
        assert_eq!(watching.summary(0, 0).0, "No card cost its side anything.");
        assert_eq!(watching.summary(0, 1).0, "A card cost its side.");
        let (title, rest) = watching.summary(0, 4);
        assert_eq!(title, "4 cards cost their sides.");
        assert!(rest.starts_with("A card costs its side when"), "{rest}");
    }
}
