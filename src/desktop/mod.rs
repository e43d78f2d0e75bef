//! The windowed game: one plugin per feature, registered here.

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::{Backends, WgpuSettings};
use bevy::state::app::StatesPlugin;
use bevy::window::{WindowMode, WindowResolution};
use bevy_egui::EguiPlugin;
use courtpiece_game::GamePlugin;
use courtpiece_net::NetPlugin;

pub mod art;
#[cfg(feature = "sound")]
mod audio;
pub mod cost;
pub mod graphics;
pub mod hud;
pub mod job;
pub mod menu;
pub mod palette;
pub mod replay;
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
    /// Which pictures the script takes.
    pub screenshot_script: screenshot::ScriptName,
    /// The window's size in logical pixels, if not the usual 1280x800.
    pub window: Option<WindowSize>,
    /// The interface size for this run, instead of the saved setting (which it leaves alone).
    pub ui_scale: Option<f32>,
    /// The game of the quick game (and of the screenshot script), if not Court Piece.
    pub preset: Option<courtpiece_rules::Preset>,
    /// When the program started, for the time to the main menu.
    pub started: Option<std::time::Instant>,
    /// A record to play back on the table at once (`--replay FILE`), and its title.
    pub replay: Option<(courtpiece_rules::GameRecord, String)>,
    /// The table the second window of the `lan` screenshot script joins.
    pub screenshot_join: Option<std::net::SocketAddr>,
}

/// A window size, as `--window 1000x700` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowSize {
    pub width: u32,
    pub height: u32,
}

impl std::str::FromStr for WindowSize {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("{s:?} is not a window size like 1000x700 (from 640x480 to 7680x4320)");
        let (w, h) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let width: u32 = w.trim().parse().map_err(|_| bad())?;
        let height: u32 = h.trim().parse().map_err(|_| bad())?;
        if !(640..=7680).contains(&width) || !(480..=4320).contains(&height) {
            return Err(bad());
        }
        Ok(WindowSize { width, height })
    }
}

/// Opens the window on the main menu and runs until it is closed; draws with `backends` (see
/// [`graphics::backends`]).
pub fn run(launch: Launch, backends: Backends) -> AppExit {
    let size = launch.window.unwrap_or(WindowSize {
        width: 1280,
        height: 800,
    });
    graphics::explain_render_failures();
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Court Piece".into(),
                    resolution: WindowResolution::new(size.width, size.height),
                    ..default()
                }),
                ..default()
            })
            .set(RenderPlugin {
                render_creation: WgpuSettings {
                    backends: Some(backends),
                    ..default()
                }
                .into(),
                ..default()
            }),
    );
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
            art::plugin,
            settings::plugin,
            cost::plugin,
            screen::plugin,
            start::plugin,
            menu::plugin,
            table::plugin,
            hud::plugin,
            screenshot::plugin,
            replay::plugin,
        ));
    // the matches this window hosts are kept in the history
    if let Some(folder) = crate::history::folder() {
        app.add_plugins(crate::history::plugin)
            .insert_resource(crate::history::HistoryFolder(folder));
    }
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

#[cfg(test)]
mod tests {
    use super::WindowSize;

    #[test]
    fn window_sizes_read_like_the_flag_says() {
        assert_eq!(
            "1000x700".parse::<WindowSize>(),
            Ok(WindowSize {
                width: 1000,
                height: 700
            })
        );
        for bad in ["1000", "x700", "axb", "100x100", "99999x700", ""] {
            assert!(bad.parse::<WindowSize>().is_err(), "{bad}");
        }
    }
}
