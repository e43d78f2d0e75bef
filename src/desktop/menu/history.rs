//! The history page: the matches kept (those hosted in this window or with `serve`), newest
//! first, filtered by game; one opened shows its people and its hands, and plays back on the
//! table; and every player's figures. The history is read when the page opens and when the
//! filter changes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_history::{Filter, MatchRow, PlayerStats};
use courtpiece_rules::{GameRecord, HandKind, Preset};

use super::{MenuPage, Stand, back, page};
use crate::desktop::cost::OurEgui;
use crate::desktop::palette;
use crate::desktop::replay;
use crate::desktop::start::StartError;
use crate::history;
use crate::words;

/// The most of a name the page writes: a long one (an outside program's command) would
/// widen the page past the window.
const NAME_MOST: usize = 32;

/// What the page shows, read from the history.
#[derive(Resource, Default)]
struct Shown {
    /// Only the matches of this game, or all.
    game: Option<Preset>,
    rows: Vec<MatchRow>,
    players: Vec<PlayerStats>,
    /// Matches kept aside that the opening imported, or could not.
    notes: Vec<String>,
    /// Why the history could not be read.
    error: Option<String>,
    /// The match opened, with a line for each of its hands.
    opened: Option<(i64, Vec<String>)>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .add_systems(OnEnter(MenuPage::History), read)
        .add_systems(
            EguiPrimaryContextPass,
            history_page.run_if(in_state(MenuPage::History)).in_set(OurEgui),
        );
}

fn read(mut shown: ResMut<Shown>) {
    let game = shown.game;
    *shown = Shown {
        game,
        ..Shown::default()
    };
    let filter = Filter {
        rules: game.map(|p| p.to_string()),
    };
    let read = history::open().and_then(|(h, notes)| {
        let rows = h.list(&filter)?;
        let players = h.stats(&filter)?;
        Ok((rows, players, notes))
    });
    match read {
        Ok((rows, players, notes)) => {
            shown.rows = rows;
            shown.players = players;
            shown.notes = notes;
        }
        Err(e) => shown.error = Some(e.to_string()),
    }
}

/// A line for each hand of match `id`: who won it and how.
fn hands_of(id: i64, row: &MatchRow) -> Vec<String> {
    let record: Result<GameRecord, String> = history::open()
        .map_err(|e| e.to_string())
        .and_then(|(h, _)| h.record(id).map_err(|e| e.to_string()))
        .and_then(|r| r.ok_or_else(|| format!("match {id} is no longer in the history")));
    let hands = record.and_then(|r| {
        let rules = r.rules.clone();
        r.hands().map(|h| (rules, h)).map_err(|e| e.to_string())
    });
    match hands {
        Ok((rules, hands)) => (1..)
            .zip(hands)
            .map(|(no, (result, seating))| {
                let winners: Vec<String> = seating
                    .all()
                    .filter(|&p| rules.seats().side(seating.seat_of(p)) == result.winner)
                    .filter_map(|p| row.people.get(p.index()).map(|s| s.name.clone()))
                    .collect();
                let how = match result.kind {
                    HandKind::Plain => String::new(),
                    HandKind::FiftyTwo => ", all thirteen".to_owned(),
                    _ if result.is_court(&rules) => ", a court".to_owned(),
                    _ => String::new(),
                };
                format!("Hand {no}: {}{how}", words::listed(&winners))
            })
            .collect(),
        Err(e) => vec![e],
    }
}

fn history_page(
    mut contexts: EguiContexts,
    mut shown: ResMut<Shown>,
    error: Res<StartError>,
    mut next: ResMut<NextState<MenuPage>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut reread = false;
    let mut watch = None;
    page(ctx, Stand::Top, &error, |ui| {
        ui.set_min_width(620.0);
        ui.heading("Match history");
        let mut game = shown.game;
        egui::ComboBox::from_id_salt("history-game")
            .selected_text(game.map_or("Every game", Preset::title))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut game, None, "Every game");
                for p in Preset::ALL {
                    ui.selectable_value(&mut game, Some(p), p.title());
                }
            });
        if game != shown.game {
            shown.game = game;
            reread = true;
        }
        for note in &shown.notes {
            ui.colored_label(palette::NOTICE, note);
        }
        if let Some(e) = &shown.error {
            ui.colored_label(palette::ERROR, e);
        }
        ui.add_space(6.0);
        if shown.rows.is_empty() && shown.error.is_none() {
            ui.label("No matches kept yet: the matches you host here, or with `courtpiece serve`, are kept when they end.");
        }
        let mut open = None;
        egui::ScrollArea::vertical()
            .id_salt("history-matches")
            .max_height(220.0)
            .show(ui, |ui| {
                for row in &shown.rows {
                    let game = words::game(&format!("{}: {}", row.rules, row.options.join(", ")));
                    let unfinished = if row.finished { "" } else { ", unfinished" };
                    let text = format!(
                        "{}   {game}   {}   {}{unfinished}",
                        crate::history::utc(row.played_at),
                        row.sides_line_with(|name| words::elided(name, NAME_MOST)),
                        words::hands(row.hands)
                    );
                    let selected = shown.opened.as_ref().is_some_and(|(id, _)| *id == row.id);
                    if ui.selectable_label(selected, text).clicked() {
                        open = Some(row.id);
                    }
                }
            });
        if let Some(id) = open
            && let Some(row) = shown.rows.iter().find(|r| r.id == id)
        {
            let hands = hands_of(id, row);
            shown.opened = Some((id, hands));
        }
        if let Some((id, hands)) = &shown.opened
            && let Some(row) = shown.rows.iter().find(|r| r.id == *id)
        {
            ui.separator();
            let people: Vec<String> = row
                .people
                .iter()
                .map(|p| words::history_player(&words::elided(&p.name, NAME_MOST), &p.kind))
                .collect();
            ui.horizontal(|ui| {
                ui.label(format!("Match {id}: {}", people.join(", ")));
                if ui.button("Watch the replay").clicked() {
                    watch = Some((*id, row.people.iter().map(|p| p.name.clone()).collect::<Vec<_>>()));
                }
            });
            if !row.winners.is_empty() {
                ui.label(format!("Won by {}.", words::listed(&row.winners)));
            }
            egui::ScrollArea::vertical()
                .id_salt("history-hands")
                .max_height(140.0)
                .show(ui, |ui| {
                    for line in hands {
                        ui.label(line);
                    }
                });
        }
        if !shown.players.is_empty() {
            ui.separator();
            ui.label(egui::RichText::new("Players").strong());
            players(ui, &shown.players);
        }
        back(ui, &mut next);
    });
    if reread {
        shown.opened = None;
        read(shown);
    }
    if let Some((id, names)) = watch {
        commands.queue(move |world: &mut World| {
            let title = format!("Match {id}");
            let record = history::open()
                .map_err(|e| e.to_string())
                .and_then(|(h, _)| h.record(id).map_err(|e| e.to_string()))
                .and_then(|r| r.ok_or_else(|| format!("match {id} is no longer in the history")));
            let started = record.and_then(|record| replay::start(world, &record, &names, &title));
            if let Err(e) = started {
                world.resource_mut::<StartError>().0 = Some(e);
            }
        });
    }
    Ok(())
}

/// Each player's figures in a grid.
fn players(ui: &mut egui::Ui, players: &[PlayerStats]) {
    egui::Grid::new("history-players").striped(true).show(ui, |ui| {
        for head in [
            "",
            "matches",
            "hands",
            "courts",
            "52-courts",
            "calling",
            "not calling",
        ] {
            ui.label(egui::RichText::new(head).small());
        }
        ui.end_row();
        for p in players {
            let all = p.all();
            ui.label(words::history_player(&words::elided(&p.name, NAME_MOST), &p.kind))
                .on_hover_text(words::history_player(&p.name, &p.kind));
            ui.label(format!("{} of {}", p.matches_won, p.matches));
            ui.label(format!("{} of {}", all.won, all.hands));
            ui.label(all.courts.to_string());
            ui.label(all.fifty_twos.to_string());
            ui.label(format!("{} of {}", p.as_caller.won, p.as_caller.hands));
            ui.label(format!("{} of {}", p.not_caller.won, p.not_caller.hands));
            ui.end_row();
        }
    });
}
