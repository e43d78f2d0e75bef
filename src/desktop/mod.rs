//! The windowed game: one plugin per feature, registered here.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{WindowMode, WindowResolution};
use bevy_egui::EguiPlugin;
use courtpiece_game::GamePlugin;
use courtpiece_net::NetPlugin;

#[cfg(feature = "sound")]
mod audio;
pub mod cost;
pub mod hud;
pub mod menu;
pub mod palette;
pub mod screen;
pub mod screenshot;
pub mod settings;
#[cfg(any(feature = "sound", test))]
mod sounds;
pub mod start;
pub mod table;

/// What the desktop is asked to do at start.
#[derive(Resource, Clone, Debug, Default)]
pub struct Launch {
    /// Save screenshots of a scripted quick game here, then quit.
    pub screenshot_dir: Option<std::path::PathBuf>,
    /// When the program started, for the time to the main menu.
    pub started: Option<std::time::Instant>,
}

/// Opens the window on the main menu and runs until it is closed.
pub fn run(launch: Launch) -> AppExit {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Court Piece".into(),
            resolution: WindowResolution::new(1280, 800),
            ..default()
        }),
        ..default()
    }));
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    if std::env::var_os("COURTPIECE_FRAME_LOG").is_some() {
        app.add_plugins((
            bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
            bevy::diagnostic::LogDiagnosticsPlugin::default(),
        ));
    }
    app.add_plugins((EguiPlugin::default(), GamePlugin, NetPlugin))
        .insert_resource(launch)
        .add_plugins((
            settings::plugin,
            cost::plugin,
            screen::plugin,
            start::plugin,
            menu::plugin,
            table::plugin,
            hud::plugin,
            screenshot::plugin,
        ));
    #[cfg(feature = "sound")]
    app.add_plugins(audio::plugin);
    app.add_systems(
        Update,
        apply_settings.run_if(resource_changed::<settings::Settings>),
    );
    app.run()
}

/// Animation speed, waiting at results and full screen follow the settings.
fn apply_settings(
    settings: Res<settings::Settings>,
    mut speed: ResMut<table::pacing::Speed>,
    mut wait: ResMut<table::pacing::WaitAtResult>,
    mut window: Option<Single<&mut Window>>,
) {
    speed.0 = settings.animation_speed;
    wait.0 = !settings.next_hand_by_itself;
    if let Some(window) = window.as_mut() {
        let mode = if settings.fullscreen {
            WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
}
