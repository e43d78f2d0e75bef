//! The rule options a host may change on top of a preset, named in words, with the rule book's id
//! (`V-…`) when the mouse rests on one. The rules crate checks the result before the table opens.

use bevy_egui::egui;
use courtpiece_rules::{AceCollect, Batches, Call, Failed52, FirstTwo, Mode, Revoke, RuleSet, Scoring, Stop};

/// The options as a form.
pub fn edit(ui: &mut egui::Ui, rules: &mut RuleSet) {
    egui::Grid::new("rule options")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            choice(
                ui,
                "Trumps",
                "V-CALL",
                &mut rules.call,
                &[
                    (Call::Announce, "named by the caller"),
                    (Call::Show, "a card shown face up"),
                    (Call::Hidden, "a card laid face down"),
                    (Call::FirstVoid, "the first card of a player who can not follow"),
                ],
            );
            if rules.two_of_hearts && rules.call == Call::Hidden {
                // §10: Satat with a face-down trump is Trup kasiet
                ui.label("");
                ui.label("Trup kasiet: the caller says who won each trick until the trump is seen, and no cards are passed after a court");
                ui.end_row();
            }
            if !matches!(rules.call, Call::Hidden | Call::FirstVoid) && !rules.two_of_hearts {
                check(ui, "The caller may defer", "V-CALL=defer", &mut rules.defer);
            }
            check(ui, "Under-ten redeal", "V-REDEAL", &mut rules.redeal);
            choice(
                ui,
                "Deal",
                "V-BATCHES",
                &mut rules.batches,
                &[
                    (Batches::FiveFourFour, "5, then 4 and 4"),
                    (Batches::FiveThreeThreeTwo, "5, then 3, 3 and 2"),
                    (Batches::FiveFourTwoTwo, "5, then 4, 2 and 2"),
                    (Batches::FiveEight, "5, then 8"),
                ],
            );
            choice(
                ui,
                "A card that does not follow",
                "V-REVOKE",
                &mut rules.revoke,
                &[
                    (Revoke::Prevent, "can not be played"),
                    (Revoke::Penalty, "honour play: claimed and penalised"),
                ],
            );
            if rules.mode == Mode::SingleSar {
                choice(
                    ui,
                    "A hand ends",
                    "V-STOP",
                    &mut rules.stop,
                    &[
                        (Stop::Seven, "at seven tricks"),
                        (Stop::All, "after all thirteen"),
                    ],
                );
                choice(
                    ui,
                    "Playing on for 52 and failing",
                    "V-FAILED52",
                    &mut rules.failed_52,
                    &[
                        (Failed52::Keep, "the court stands"),
                        (Failed52::Simple, "a plain win"),
                        (Failed52::Concede, "a plain win, the others score too"),
                    ],
                );
            } else {
                label(ui, "No collection before trick", "V-FIRSTCOLLECT");
                ui.add(egui::Slider::new(&mut rules.first_collect, 0..=13));
                ui.end_row();
                choice(
                    ui,
                    "Two in a row ending with an ace",
                    "V-ACE",
                    &mut rules.ace,
                    &[
                        (AceCollect::Collect, "collects"),
                        (AceCollect::NoCollect, "does not collect"),
                    ],
                );
                choice(
                    ui,
                    "Winning tricks 1 and 2",
                    "V-FIRSTTWO",
                    &mut rules.first_two,
                    &[
                        (FirstTwo::Collect, "collects"),
                        (FirstTwo::NoCollect, "does not collect"),
                    ],
                );
            }
            if rules.bidding {
                check(
                    ui,
                    "Two aces in one trick count as two tricks",
                    "V-DABBA-ACES",
                    &mut rules.dabba_aces,
                );
            }
            // Dummy Rang counts every collected trick, to 104 (RD-SCORE)
            let most = if rules.scoring == Scoring::Sars { 999 } else { 99 };
            limit(ui, "Match to", "V-TARGET", &mut rules.target, 1..=most);
            limit(
                ui,
                "At most this many hands",
                "V-TARGET",
                &mut rules.max_hands,
                1..=999,
            );
            check(ui, "Play goes clockwise", "V-CLOCKWISE", &mut rules.clockwise);
        });
}

/// An option's name in words; the rule book's id when the mouse rests on it.
fn label(ui: &mut egui::Ui, words: &str, id: &str) {
    ui.label(words).on_hover_text(format!("Rule book: {id}"));
}

fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    words: &str,
    id: &str,
    value: &mut T,
    options: &[(T, &str)],
) {
    label(ui, words, id);
    let shown = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or("", |(_, name)| name);
    egui::ComboBox::from_id_salt(words)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, name) in options {
                ui.selectable_value(value, *v, *name);
            }
        });
    ui.end_row();
}

fn check(ui: &mut egui::Ui, words: &str, id: &str, value: &mut bool) {
    label(ui, words, id);
    ui.checkbox(value, "");
    ui.end_row();
}

/// An optional number: off, or a value in `range`.
fn limit(
    ui: &mut egui::Ui,
    words: &str,
    id: &str,
    value: &mut Option<u32>,
    range: std::ops::RangeInclusive<u32>,
) {
    label(ui, words, id);
    ui.horizontal(|ui| {
        let mut on = value.is_some();
        ui.checkbox(&mut on, "");
        match (on, value.as_mut()) {
            (true, Some(n)) => {
                ui.add(egui::DragValue::new(n).range(range));
            }
            (true, None) => *value = Some(7.clamp(*range.start(), *range.end())),
            (false, _) => *value = None,
        }
    });
    ui.end_row();
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtpiece_rules::Preset;

    #[test]
    fn the_form_leaves_every_preset_as_it_is_until_changed() {
        let ctx = egui::Context::default();
        for preset in Preset::ALL {
            let mut rules = preset.rules();
            // two passes: egui lays a grid out on the first and draws it on the second
            for _ in 0..2 {
                let mut out = ctx.run_ui(egui::RawInput::default(), |ui| edit(ui, &mut rules));
                // nothing is drawn here, so the font atlas is never uploaded
                out.textures_delta.clear();
            }
            assert_eq!(rules, preset.rules(), "{preset}");
        }
    }
}
