//! What our own systems cost per frame: the table's systems run as one schedule from `Update`
//! and the egui pass of the HUD and menus is bracketed; both are timed and reported as the
//! `our_systems_ms` diagnostic. Frames during trick play (the table says which, through
//! [`FrameCost::trick_play`]) are kept for the screenshot script's report, with the time from
//! start to the first drawn main menu. The accounting knows nothing of the table above it.

use std::time::{Duration, Instant};

use bevy::diagnostic::{Diagnostic, DiagnosticPath, Diagnostics, RegisterDiagnostic};
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::figures::percentile;

pub const OUR_SYSTEMS: DiagnosticPath = DiagnosticPath::const_new("our_systems_ms");

/// The table's systems of a frame.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableUpdate;

/// Our egui systems, between the two timing marks.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OurEgui;

#[derive(Resource, Default)]
pub struct FrameCost {
    this_frame: Duration,
    egui_started: Option<Instant>,
    /// This frame shows trick play.
    pub trick_play: bool,
    /// Our systems' time in each frame of trick play, in milliseconds.
    pub during_tricks: Vec<f32>,
    /// Seconds from start to the first frame with the main menu.
    pub menu_after: Option<f32>,
}

/// The table's schedule, run and timed from `Update`: the view needs only this.
pub fn table_schedule(app: &mut App) {
    app.init_schedule(TableUpdate)
        .init_resource::<FrameCost>()
        .add_systems(Update, run_table);
}

/// The rest of the accounting, in the window: the egui pass and the diagnostic.
pub fn plugin(app: &mut App) {
    app.register_diagnostic(Diagnostic::new(OUR_SYSTEMS).with_suffix("ms"))
        .configure_sets(EguiPrimaryContextPass, OurEgui)
        .add_systems(
            EguiPrimaryContextPass,
            (egui_start.before(OurEgui), egui_end.after(OurEgui)),
        )
        .add_systems(Last, record);
}

fn run_table(world: &mut World) {
    let start = Instant::now();
    world.run_schedule(TableUpdate);
    world.resource_mut::<FrameCost>().this_frame += start.elapsed();
}

fn egui_start(mut cost: ResMut<FrameCost>) {
    cost.egui_started = Some(Instant::now());
}

fn egui_end(mut cost: ResMut<FrameCost>) {
    if let Some(start) = cost.egui_started.take() {
        cost.this_frame += start.elapsed();
    }
}

fn record(
    mut cost: ResMut<FrameCost>,
    mut diagnostics: Diagnostics,
    launch: Res<super::Launch>,
    screen: Res<State<super::screen::Screen>>,
) {
    let ms = cost.this_frame.as_secs_f32() * 1000.0;
    cost.this_frame = Duration::ZERO;
    diagnostics.add_measurement(&OUR_SYSTEMS, || f64::from(ms));
    if std::mem::take(&mut cost.trick_play) {
        cost.during_tricks.push(ms);
    }
    if cost.menu_after.is_none()
        && *screen.get() == super::screen::Screen::Menu
        && let Some(started) = launch.started
    {
        cost.menu_after = Some(started.elapsed().as_secs_f32());
    }
}

/// Mean, 95th percentile and largest of the frames during trick play, in milliseconds.
pub fn summary(cost: &FrameCost) -> Option<(f64, f64, f64, usize)> {
    let mut v: Vec<f64> = cost.during_tricks.iter().copied().map(f64::from).collect();
    v.sort_by(f64::total_cmp);
    let (&max, n) = (v.last()?, v.len());
    let mean = v.iter().sum::<f64>() / n as f64;
    Some((mean, percentile(&v, 0.95), max, n))
}
