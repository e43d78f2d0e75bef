//! Hosting a LAN table: its name, code and port, the rules and their options, the turn timer and
//! who sits in the three other seats.

use std::net::SocketAddr;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_bots::Level;
use courtpiece_net::discovery;
use courtpiece_net::host::{HostConfig, SeatPlan};
use courtpiece_net::{Access, DEFAULT_PORT, TableCode};
use courtpiece_rules::{Preset, RuleSet};

use super::{MenuPage, Stand, back, big_button, form_error, page, preset_picker, rule_options};
use crate::desktop::cost::OurEgui;
use crate::desktop::settings::Settings;
use crate::desktop::start::{Start, StartError, start};
use crate::figures::clock_seed;

/// The turn timers a host may choose, in seconds.
const TURN_TIMERS: [u16; 4] = [15, 30, 60, 120];

/// The other seats in the order they play after the host's, named by what they are to the
/// host, at a table of `seats`.
/// The places of the other people at a table of `people` (in Dummy Rang the three people, who
/// move round the dummy each hand).
fn others(people: usize) -> &'static [(usize, &'static str)] {
    match people {
        4 => &[
            (1, "Opponent, plays after you"),
            (2, "Your partner, across"),
            (3, "Opponent, plays before you"),
        ],
        3 => &[
            (1, "Opponent, plays after you"),
            (2, "Opponent, plays before you"),
        ],
        _ => &[(1, "Your opponent, across")],
    }
}

/// What is typed into the form, kept while the player looks at other pages.
#[derive(Resource)]
struct HostForm {
    name: String,
    code: String,
    port: String,
    preset: Preset,
    /// The preset's rules with the host's changes.
    rules: RuleSet,
    seats: [Option<Level>; 4],
    /// Seconds each person has for a decision, if turns are timed.
    turn_timer: Option<u16>,
}

impl Default for HostForm {
    fn default() -> Self {
        HostForm {
            name: "Court Piece table".into(),
            code: TableCode::random().to_string(),
            port: DEFAULT_PORT.to_string(),
            preset: Preset::CourtPiece,
            rules: Preset::CourtPiece.rules(),
            seats: [None, None, None, Some(Level::Medium)],
            turn_timer: None,
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HostForm>().add_systems(
        EguiPrimaryContextPass,
        host_page.run_if(in_state(MenuPage::Host)).in_set(OurEgui),
    );
}

fn host_page(
    mut contexts: EguiContexts,
    mut form: ResMut<HostForm>,
    settings: Res<Settings>,
    error: Res<StartError>,
    mut next: ResMut<NextState<MenuPage>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    page(ctx, Stand::Top, &error, |ui| {
        ui.heading("Host a LAN table");
        fields(ui, &mut form);
        egui::CollapsingHeader::new("Rule options").show(ui, |ui| {
            egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
                rule_options::edit(ui, &mut form.rules);
            });
        });
        ui.add_space(8.0);
        match config(&form) {
            Ok(config) => {
                if big_button(ui, "Open the table").clicked() {
                    start(
                        &mut commands,
                        Start::Host(Box::new(config)),
                        settings.name.clone(),
                    );
                }
            }
            Err(why) => form_error(ui, why),
        }
        back(ui, &mut next);
    });
    Ok(())
}

fn fields(ui: &mut egui::Ui, form: &mut HostForm) {
    egui::Grid::new("host")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            ui.label("Table name");
            ui.text_edit_singleline(&mut form.name);
            ui.end_row();
            ui.label("Table code");
            ui.horizontal(|ui| {
                ui.text_edit_singleline(&mut form.code);
                if ui.button("New").clicked() {
                    form.code = TableCode::random().to_string();
                }
            });
            ui.end_row();
            ui.label("Port");
            ui.text_edit_singleline(&mut form.port);
            ui.end_row();
            ui.label("Game");
            let preset = form.preset;
            preset_picker(ui, "host-rules", &mut form.preset);
            if form.preset != preset {
                form.rules = form.preset.rules();
            }
            ui.end_row();
            ui.label("Turn timer");
            let timer = |t: Option<u16>| t.map_or("off".to_string(), |s| format!("{s} s"));
            egui::ComboBox::from_id_salt("turn-timer")
                .selected_text(timer(form.turn_timer))
                .show_ui(ui, |ui| {
                    for t in std::iter::once(None).chain(TURN_TIMERS.map(Some)) {
                        ui.selectable_value(&mut form.turn_timer, t, timer(t));
                    }
                });
            ui.end_row();
            ui.label("You");
            ui.label("the first seat; a friend may take any open seat");
            ui.end_row();
            for &(seat, who) in others(form.rules.seats().people()) {
                ui.label(who);
                let sitter =
                    |l: Option<Level>| l.map_or("open for a person".to_string(), |l| format!("{l} bot"));
                egui::ComboBox::from_id_salt(("seat", seat))
                    .selected_text(sitter(form.seats[seat]))
                    .show_ui(ui, |ui| {
                        for l in std::iter::once(None).chain(Level::ALL.map(Some)) {
                            ui.selectable_value(&mut form.seats[seat], l, sitter(l));
                        }
                    });
                ui.end_row();
            }
        });
}

/// The table the form describes, or what to correct first.
fn config(form: &HostForm) -> Result<HostConfig, String> {
    let code = form.code.parse::<TableCode>().map_err(|e| e.to_string())?;
    form.rules.validate().map_err(|e| e.to_string())?;
    // nobody at a LAN table can call time: without a limit the match is never over nor kept
    if !form.rules.ends_by_itself() {
        return Err(courtpiece_net::HostError::NoEnd.to_string());
    }
    let port = form
        .port
        .trim()
        .parse::<u16>()
        .ok()
        .filter(|p| *p != 0)
        .ok_or("the port is a number from 1 to 65535")?;
    let mut config = HostConfig::new(
        form.name.clone(),
        Access::Code(code),
        SocketAddr::from(([0, 0, 0, 0], port)),
    );
    config.discovery = Some(SocketAddr::from(([0, 0, 0, 0], discovery::DISCOVERY_PORT)));
    config.rules = form.rules.clone();
    config.turn_timer = form.turn_timer;
    config.seed = clock_seed();
    config.seats = form.seats[..form.rules.seats().people()]
        .iter()
        .map(|level| level.map_or(SeatPlan::Open, SeatPlan::Bot))
        .collect();
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_says_what_to_correct() {
        let mut form = HostForm::default();
        assert!(config(&form).is_ok());
        form.port = "0".into();
        assert!(config(&form).unwrap_err().contains("port"));
        form.port = "70000".into();
        assert!(config(&form).unwrap_err().contains("port"));
        form.port = DEFAULT_PORT.to_string();
        form.code = "?".into();
        assert!(config(&form).is_err());
        let mut form = HostForm::default();
        form.rules.target = None;
        form.rules.max_hands = None;
        assert!(config(&form).unwrap_err().contains("needs an end"));
        form.rules.max_hands = Some(5);
        assert!(config(&form).is_ok());
    }

    #[test]
    fn the_host_sits_alone_in_the_first_seat() {
        let config = config(&HostForm::default()).unwrap();
        assert_eq!(config.seats[0], SeatPlan::Open);
        assert_eq!(config.seats[3], SeatPlan::Bot(Level::Medium));
    }

    #[test]
    fn a_table_of_three_or_two_gets_a_seat_per_player() {
        for (preset, count) in [(Preset::HokmThree, 3), (Preset::HokmTwo, 2)] {
            let form = HostForm {
                preset,
                rules: preset.rules(),
                seats: [None, Some(Level::Easy), Some(Level::Medium), Some(Level::Medium)],
                ..HostForm::default()
            };
            let config = config(&form).unwrap();
            assert_eq!(config.seats.len(), count, "{preset}");
            assert_eq!(config.seats[1], SeatPlan::Bot(Level::Easy), "{preset}");
            assert_eq!(others(count).len(), count - 1);
        }
    }
}
