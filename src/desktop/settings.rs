//! The player's settings, kept as JSON in the operating system's config folder. A file that
//! cannot be read is set aside (renamed `.bad`) the first time new settings are saved, never
//! silently overwritten.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::{Deserialize, Serialize};

use super::art::CardBack;

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub name: String,
    pub four_colours: bool,
    /// 0.5 (slow) to 3 (fast).
    pub animation_speed: f32,
    pub ui_scale: f32,
    pub fullscreen: bool,
    /// Sound effects, 0 (off) to 1, in a build with the `sound` feature.
    pub volume: f32,
    /// The next hand starts by itself after a hand's result, instead of waiting for the player.
    pub next_hand_by_itself: bool,
    /// The colour of the felt.
    pub table: TableColour,
    /// The back of the cards.
    pub card_back: CardBack,
    /// A Hint button on the player's turn asks the Expert bot what it would play.
    pub hints: bool,
}

/// The felt colours on offer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableColour {
    #[default]
    Green,
    Blue,
    Wine,
    Slate,
}

impl TableColour {
    pub const ALL: [TableColour; 4] = [
        TableColour::Green,
        TableColour::Blue,
        TableColour::Wine,
        TableColour::Slate,
    ];

    pub const fn title(self) -> &'static str {
        match self {
            TableColour::Green => "Green",
            TableColour::Blue => "Blue",
            TableColour::Wine => "Wine red",
            TableColour::Slate => "Slate grey",
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            name: std::env::var("USER").unwrap_or_else(|_| "Player".into()),
            four_colours: false,
            animation_speed: 1.0,
            ui_scale: 1.0,
            fullscreen: false,
            volume: 0.6,
            next_hand_by_itself: false,
            table: TableColour::default(),
            card_back: CardBack::default(),
            hints: false,
        }
    }
}

/// The interface sizes on offer.
pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

/// Where the settings live, and whether the file there could not be read.
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsFile {
    pub path: Option<PathBuf>,
    pub unreadable: Option<String>,
}

pub fn plugin(app: &mut App) {
    let (settings, file) = load();
    app.insert_resource(settings)
        .insert_resource(file)
        .add_systems(
            super::cost::TableUpdate,
            save.run_if(resource_changed::<Settings>),
        )
        .add_systems(EguiPrimaryContextPass, scale_ui.before(super::cost::OurEgui));
}

/// The interface size (the run's own, `--ui-scale`, before the setting) holds on every page
/// from the first frame, and follows the slider while it is dragged.
fn scale_ui(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    launch: Option<Res<super::Launch>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let scale = launch.and_then(|l| l.ui_scale).unwrap_or(settings.ui_scale);
    if (ctx.zoom_factor() - scale).abs() > 1e-3 {
        ctx.set_zoom_factor(scale);
    }
    Ok(())
}

fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "courtpiece").map(|d| d.config_dir().join("settings.json"))
}

fn load() -> (Settings, SettingsFile) {
    let path = path();
    let mut file = SettingsFile {
        path: path.clone(),
        unreadable: None,
    };
    let Some(path) = path else {
        return (Settings::default(), file);
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => match serde_json::from_str::<Settings>(&text) {
            Ok(settings) => (settings.checked(), file),
            Err(e) => {
                warn!("{}: {e}; using the default settings", path.display());
                file.unreadable = Some(e.to_string());
                (Settings::default(), file)
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), file),
        Err(e) => {
            warn!("{}: {e}", path.display());
            (Settings::default(), file)
        }
    }
}

impl Settings {
    /// Within the ranges the menus offer.
    pub fn checked(mut self) -> Settings {
        if !self.animation_speed.is_finite() {
            self.animation_speed = 1.0;
        }
        self.animation_speed = self.animation_speed.clamp(0.5, 3.0);
        if !self.ui_scale.is_finite() {
            self.ui_scale = 1.0;
        }
        self.ui_scale = self.ui_scale.clamp(*UI_SCALES.start(), *UI_SCALES.end());
        if !self.volume.is_finite() {
            self.volume = 0.6;
        }
        self.volume = self.volume.clamp(0.0, 1.0);
        self.name = self.name.chars().filter(|c| !c.is_control()).take(24).collect();
        self
    }
}

fn save(settings: Res<Settings>, mut file: ResMut<SettingsFile>, mut first: Local<bool>) {
    // the settings were just loaded: nothing new to keep
    if !*first {
        *first = true;
        return;
    }
    let Some(path) = file.path.clone() else { return };
    if file.unreadable.take().is_some() {
        let mut bad = path.clone().into_os_string();
        bad.push(".bad");
        if let Err(e) = std::fs::rename(&path, &bad) {
            warn!("could not set aside {}: {e}", path.display());
        }
    }
    let result = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            let text = serde_json::to_string_pretty(&*settings).unwrap_or_default();
            courtpiece_game::save::write_atomically(&path, &text)
        });
    if let Err(e) = result {
        warn!("could not save the settings to {}: {e}", path.display());
    }
}
