//! The hand's result, in words: who won, the tricks, what it scored and why, the streak and what
//! it means. It waits for "Next hand" (or Enter) unless the player lets the table go on by
//! itself; then the match's end.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::Session;
use courtpiece_rules::{HandKind, HandResult, MatchSummary, SeatView};

use super::review::HandReview;
use super::{SideLabel, hand_result, scores_courts, shown_score, sides, table_on};
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::settings::Settings;
use crate::desktop::table::pacing::Shown;
use crate::history::LastKept;
use crate::words;

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, result.run_if(table_on).in_set(OurEgui));
}

fn result(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut shown: ResMut<Shown>,
    mut settings: ResMut<Settings>,
    keys: Res<ButtonInput<KeyCode>>,
    kept: Option<Res<LastKept>>,
    mut review: ResMut<HandReview>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(view) = shown.view.clone() else {
        return Ok(());
    };
    if let Some(hand) = hand_result(&shown) {
        let courts = scores_courts(&session);
        let mut next = shown.at_result && keys.just_pressed(KeyCode::Enter);
        // a seated player looks back on their own hand, a watcher (a replay, the rail) on
        // everyone's: at the hand's end every card is public (R-ENDSEEN)
        let rules = session
            .lobby
            .as_ref()
            .map(|l| &l.rules)
            .filter(|r| HandReview::offered(&view, r));
        egui::Window::new("Hand over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, -60.0])
            .collapsible(false)
            .resizable(false)
            .title_bar(false)
            .show(ctx, |ui| {
                describe(ui, &session, &view, &hand, courts);
                if let Some(rules) = rules
                    && ui
                        .button("Look back on the hand")
                        .on_hover_text(
                            "Every card with all hands open: the ones that cost their side the hand, a court or tricks, and a better one",
                        )
                        .clicked()
                {
                    review.start(&view, rules);
                }
                if shown.at_result {
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        next |= ui
                            .button(egui::RichText::new("Next hand  (Enter)").size(18.0))
                            .clicked();
                        let mut by_itself = settings.next_hand_by_itself;
                        if ui.checkbox(&mut by_itself, "go on by itself").changed() {
                            settings.next_hand_by_itself = by_itself;
                            next |= by_itself;
                        }
                    });
                }
            });
        if next {
            shown.at_result = false;
        }
    }
    if let Some(summary) = &session.summary
        && view.match_over
    {
        egui::Window::new("Match over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 120.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                let end = match_end(&session, &view, summary);
                let colour = end.colour.unwrap_or(ui.visuals().text_color());
                ui.label(egui::RichText::new(end.title).size(24.0).strong().color(colour));
                ui.label(egui::RichText::new(end.score).size(18.0));
                ui.label(end.hands);
                // hosted here: where the match was kept
                match kept.as_ref().and_then(|k| k.0.as_ref()) {
                    Some(Ok(text)) => {
                        ui.label(text);
                    }
                    Some(Err(text)) => {
                        ui.colored_label(palette::NOTICE, text);
                    }
                    None => {}
                }
            });
    }
    Ok(())
}

/// The match's end as whoever sees it says it.
struct MatchEnd {
    /// Who won: "Your side wins the match", "Asha wins the match", "The match is a draw".
    title: String,
    /// The winner's colour.
    colour: Option<egui::Color32>,
    score: String,
    hands: String,
}

/// The match's end in the words of the player at the view's seat, or of someone watching: who
/// won, the score and the hands won, each side by the name the table gives it.
fn match_end(session: &Session, view: &SeatView, summary: &MatchSummary) -> MatchEnd {
    let sides = sides(session, view);
    let seated = session.seat.is_some();
    let teams = view.seats.in_teams();
    let winner = summary
        .winner
        .and_then(|w| sides.iter().position(|l| l.scorer == w.index()));
    let title = match (summary.finished, winner) {
        (false, _) => "The match stops before its end".to_owned(),
        (true, None) => "The match is a draw".to_owned(),
        (true, Some(0)) if seated && teams => "Your side wins the match".to_owned(),
        (true, Some(0)) if seated => "You win the match".to_owned(),
        (true, Some(_)) if seated && teams => "The other side wins the match".to_owned(),
        // a team named by its players is plural
        (true, Some(i)) if teams => format!("{} win the match", sides[i].name),
        (true, Some(i)) => format!("{} wins the match", sides[i].name),
    };
    let line = |what: &str, values: &[u32]| {
        let parts: Vec<String> = sides
            .iter()
            .map(|l| format!("{} {}", l.name, values.get(l.scorer).copied().unwrap_or(0)))
            .collect();
        format!("{what}: {}", parts.join(" – "))
    };
    let unit = if scores_courts(session) {
        "courts"
    } else {
        "points"
    };
    MatchEnd {
        title,
        colour: winner.map(|i| sides[i].colour),
        score: line(&format!("Score ({unit})"), &summary.score),
        hands: line("Hands won", &summary.hands_won),
    }
}

fn describe(ui: &mut egui::Ui, session: &Session, view: &SeatView, hand: &HandResult, courts: bool) {
    let sides = sides(session, view);
    // someone watching has no side of their own: every side is named
    let seated = session.seat.is_some();
    let ours = seated && hand.winner == view.seats.side(view.seat);
    let score = shown_score(session, view);
    let (colour, winner) = sides
        .iter()
        .find(|l| l.side == hand.winner)
        .map_or((ui.visuals().text_color(), String::new()), |l| {
            (l.colour, l.name.clone())
        });
    // Dummy Rang has no hand to win: every collected trick scores (RD-SCORE)
    let dummy = view.seats.dummy().is_some();
    let who = match (ours, view.seats.in_teams(), dummy) {
        (true, true, _) => "Your side wins the hand".to_owned(),
        (false, true, _) if seated => "The other side wins the hand".to_owned(),
        (false, true, _) => format!("{winner} win the hand"),
        (true, false, true) => "You collected the most".to_owned(),
        (false, false, true) => format!("{winner} collected the most"),
        (true, false, false) => "You win the hand".to_owned(),
        (false, false, false) => format!("{winner} wins the hand"),
    };
    ui.label(egui::RichText::new(who).size(24.0).strong().color(colour));
    let line = |what: &str, value: &dyn Fn(&SideLabel) -> u32| {
        let parts: Vec<String> = sides.iter().map(|l| format!("{} {}", l.name, value(l))).collect();
        format!("{what}: {}", parts.join(" – "))
    };
    ui.label(line("Tricks", &|l| u32::from(hand.tricks[l.side.index()])));
    if view.tens.is_some() {
        ui.label(line("Tens", &|l| u32::from(hand.tens[l.side.index()])));
    }
    ui.label(if dummy {
        "Every collected trick is a point; the dummy's go to its driver."
    } else {
        why(hand.kind, view.tens.is_some())
    });
    let unit = if courts { "courts" } else { "points" };
    ui.label(egui::RichText::new(line(&format!("Score ({unit})"), &|l| score.points[l.scorer])).size(18.0));
    if courts {
        let streak = score.streak[hand.winner.index()];
        if streak > 0 && hand.kind == HandKind::Plain {
            let side = match (ours, seated) {
                (true, _) => "Your side has".to_owned(),
                (false, true) => "They have".to_owned(),
                (false, false) => format!("{winner} have"),
            };
            let hands = if view.tens.is_some() {
                words::counted(streak, "hand with three tens", "hands with three tens")
            } else {
                words::counted(streak, "plain hand", "plain hands")
            };
            ui.label(format!(
                "{side} won {hands} in a row: seven in a row score a court."
            ));
        }
    }
}

/// What the hand was worth, and why; `tens`: the tens decide it (Mindi).
fn why(kind: HandKind, tens: bool) -> &'static str {
    match kind {
        HandKind::Plain if tens => "Three tens: a plain win.",
        HandKind::Plain => "Seven tricks: a plain win.",
        HandKind::Court => "A court: the first seven tricks, the others on none.",
        HandKind::FiftyTwo => "All thirteen tricks: a 52-court.",
        HandKind::FailedPlayOn => "The side with the court played on for all thirteen and lost a trick.",
        HandKind::SarCourt => "All thirteen collected by the calling side: a Double Sar court.",
        HandKind::GoonCourt => "All thirteen collected by the dealing side: a goon court.",
        HandKind::Mendikot => "All four tens collected by one side: a mendikot, worth a court.",
        HandKind::EvenTens => "Two tens each: the side with seven tricks or more wins.",
        HandKind::Made => "The caller's side collected the tricks it announced: a court.",
        HandKind::MadeAll => "Thirteen announced and all thirteen collected: two courts.",
        HandKind::Defeated => "The caller's side fell short of its announcement: a court to the others.",
        HandKind::Revoke => "A card that did not follow was claimed: the revoking side loses.",
        HandKind::FalseClaim => "A wrong revoke claim: the claiming side loses.",
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_bots::Level;
    use courtpiece_rules::{Match, Person, Phase, Preset, Seat};

    use super::super::fits;
    use super::super::score_after;
    use super::*;

    #[test]
    fn the_result_counts_the_hand_the_match_has_not_counted_yet() {
        let rules = Preset::HokmTwo.rules();
        let mut game = Match::new(&rules, 2).unwrap();
        let seat = Seat::ALL[0];
        while game.phase() != Phase::Scoring {
            game.advance();
            let who = game.to_act().expect("someone acts");
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
        let view = game.view(seat);
        let hand = view.result.expect("the hand's result");
        let after = score_after(&view, &hand, &rules);
        assert_eq!(
            after.points.iter().sum::<u32>(),
            view.score.points.iter().sum::<u32>() + 1
        );
        game.step();
        let next = game.view(seat);
        assert_eq!(score_after(&next, &hand, &rules), next.score, "counted once");
        assert_eq!(next.score.points, after.points);

        // the last hand of a match is counted before the table shows its end
        while !game.is_over() {
            game.advance();
            if let Some(who) = game.to_act() {
                let intent = game.round().legal_intents(who)[0];
                game.apply(who, intent).unwrap();
            }
        }
        let end = game.view(seat);
        let last = end.result.expect("the last hand's result");
        assert_eq!(score_after(&end, &last, &rules), end.score);
    }

    /// The match's end is said to the player as theirs, and to someone watching by names.
    #[test]
    fn the_match_end_is_said_to_its_players_and_to_watchers() {
        for (preset, bots) in [
            (Preset::CourtPiece, &[Level::Hard, Level::Easy, Level::Medium][..]),
            (Preset::HokmThree, &[Level::Hard, Level::Easy][..]),
            (Preset::Dummy, &[Level::Hard, Level::Easy][..]),
        ] {
            for seed in 1..=3 {
                let mut rules = preset.rules();
                rules.max_hands = Some(2);
                let mut game = Match::new(&rules, seed).unwrap();
                while !game.is_over() {
                    game.advance();
                    if let Some(who) = game.to_act() {
                        let intent = game.round().legal_intents(who)[0];
                        game.apply(who, intent).unwrap();
                    }
                }
                let summary = game.summary();
                // Asha is the first person, wherever Dummy Rang seats her in the last hand
                let view = game.view_for(Person::ALL[0]);
                let mut session = fits::seated("Asha", rules, bots);
                session.seat = Some(view.seat);
                let end = match_end(&session, &view, &summary);
                // the player's own side, by the match's own score
                let mine = view.scorer(view.seats.side(view.seat));
                let expected = match summary.winner {
                    None => "The match is a draw",
                    Some(w) if w.index() == mine && view.seats.in_teams() => "Your side wins the match",
                    Some(w) if w.index() == mine => "You win the match",
                    Some(_) if view.seats.in_teams() => "The other side wins the match",
                    Some(_) => "wins the match",
                };
                assert!(end.title.ends_with(expected), "{preset} {seed}: {}", end.title);
                assert!(end.score.starts_with("Score (") && end.hands.starts_with("Hands won: "));
                for (value, line) in [(&summary.score, &end.score), (&summary.hands_won, &end.hands)] {
                    let mine = value[mine];
                    assert!(
                        line.contains(&format!(": you {mine}")) || line.contains(&format!(": us {mine}")),
                        "{line}"
                    );
                }

                session.seat = None;
                let watched = match_end(&session, &view, &summary);
                assert!(
                    !watched.title.contains("You") && !watched.title.contains("Your"),
                    "{}",
                    watched.title
                );
                assert!(
                    !watched.score.contains(": us ") && !watched.score.contains(": you "),
                    "{}",
                    watched.score
                );
                assert!(watched.score.contains("Asha "), "{}", watched.score);
            }
        }
    }
}
