//! `--screenshot-dir DIR --screenshot-script demo|layout [--rules PRESET]`: a scripted quick game
//! (the player's seat played by a bot) that saves pages of the menu and moments of the table as
//! PNGs, then quits. `demo` shows the main menu, the rules page, the match history, the deal, a
//! trick in play and the hand's result (in Hokm for two also a turn of the draw, the player
//! looking at a stock card); `layout`, to check a window size quickly, the main menu, the host
//! page, the deal and a trick; `replay`, with `--replay FILE`, the record's replay paused on a
//! trick with its controls, then three cards back.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use courtpiece_bots::Level;
use courtpiece_net::{Autoplay, Session};
use courtpiece_rules::{Event, Phase, Preset};

use super::Launch;
use super::cost::{self, FrameCost};
use super::menu::MenuPage;
use super::replay::Replay;
use super::settings::Settings;
use super::start::{Start, start};
use super::table::pacing::{Shown, Speed, WaitAtResult};

/// Prints what the frames cost, for the record.
fn report(cost: &FrameCost) {
    if let Some(after) = cost.menu_after {
        println!("main menu after {after:.2} s");
    }
    if let Some((mean, p95, max, frames)) = cost::summary(cost) {
        println!(
            "our systems during trick play: mean {mean:.3} ms, p95 {p95:.3} ms, max {max:.3} ms ({frames} frames)"
        );
    }
}

/// Gives up if the script has not finished by then, in seconds.
const LIMIT: f32 = 240.0;

/// Which pictures to take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ScriptName {
    #[default]
    Demo,
    Layout,
    /// The replay of `--replay FILE`: a trick with the controls, then three cards back.
    Replay,
}

/// A picture of the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shot {
    /// A page of the menu.
    Page(MenuPage, &'static str),
    /// The first hand dealt, before the first card.
    Deal,
    /// The player looks at a card of the stock in a draw turn (Hokm for two only).
    Draw,
    /// A trick in play, after the first.
    Trick,
    /// The first hand's result.
    Scoring,
    /// A replay (`--replay FILE`) with its controls, paused on a trick after the first.
    ReplayTrick,
    /// The same replay three cards back.
    ReplayBack,
}

impl Shot {
    fn name(self) -> &'static str {
        match self {
            Shot::Page(_, name) => name,
            Shot::Deal => "deal",
            Shot::Draw => "draw",
            Shot::Trick => "trick",
            Shot::Scoring => "scoring",
            Shot::ReplayTrick => "replay",
            Shot::ReplayBack => "replay-back",
        }
    }
}

impl ScriptName {
    fn shots(self) -> &'static [Shot] {
        match self {
            ScriptName::Demo => &[
                Shot::Page(MenuPage::Main, "menu"),
                Shot::Page(MenuPage::Rules, "rules"),
                Shot::Page(MenuPage::History, "history"),
                Shot::Deal,
                Shot::Draw,
                Shot::Trick,
                Shot::Scoring,
            ],
            ScriptName::Layout => &[
                Shot::Page(MenuPage::Main, "menu"),
                Shot::Page(MenuPage::Host, "host"),
                Shot::Deal,
                Shot::Trick,
            ],
            ScriptName::Replay => &[Shot::ReplayTrick, Shot::ReplayBack],
        }
    }
}

#[derive(Resource)]
struct Script {
    dir: PathBuf,
    shots: &'static [Shot],
    preset: Preset,
    step: usize,
    /// Frames since the table was held still for the current picture.
    frames: u32,
    /// What the current picture asks of the replay was done.
    acted: bool,
    saved: Vec<PathBuf>,
}

/// Frames to let the cards glide into place before a picture.
const SETTLE: u32 = 4;

/// Frames to let the last capture finish before the window closes.
const DRAIN: u32 = 10;

/// How fast the table plays between pictures: the moments pictured are held still whatever the
/// pace, and the hand played out under a software renderer at the normal pace made the scripts
/// the longest part of a CI run.
const HURRY: f32 = 4.0;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, begin)
        .add_systems(super::cost::TableUpdate, run.run_if(resource_exists::<Script>));
}

fn shot_is(script: &Script, shot: Shot) -> bool {
    script.shots.get(script.step) == Some(&shot)
}

fn begin(launch: Res<Launch>, mut commands: Commands) {
    if let Some(dir) = &launch.screenshot_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            error!("could not make {}: {e}", dir.display());
        }
        commands.insert_resource(Script {
            dir: dir.clone(),
            shots: launch.screenshot_script.shots(),
            preset: launch.preset.unwrap_or(Preset::CourtPiece),
            step: 0,
            frames: 0,
            acted: false,
            saved: Vec::new(),
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    mut script: ResMut<Script>,
    mut shown: ResMut<Shown>,
    mut speed: ResMut<Speed>,
    mut wait: ResMut<WaitAtResult>,
    page: Option<Res<State<MenuPage>>>,
    mut next_page: Option<ResMut<NextState<MenuPage>>>,
    session: Option<Res<Session>>,
    autoplay: Option<Res<Autoplay>>,
    mut replay: Option<ResMut<Replay>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    cost: Res<FrameCost>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    if time.elapsed_secs() > LIMIT {
        error!(
            "the screenshot script did not finish in {LIMIT} s (at step {})",
            script.step
        );
        exit.write(AppExit::error());
        return;
    }
    if let Some(replay) = replay.as_mut() {
        // the replay sets the table's pace itself
        if replay.speed != HURRY {
            replay.speed = HURRY;
        }
    } else {
        // the player's seat plays itself once the quick game is on
        if session.is_some() && autoplay.is_none() {
            commands.insert_resource(Autoplay::new(Level::Medium, 7));
        }
        // nothing is pictured between a trick and the hand's result: the rest of the hand is
        // shown at once (the table stops at the result by itself)
        let pace = if shot_is(&script, Shot::Scoring) {
            f32::INFINITY
        } else {
            HURRY
        };
        if speed.0 != pace {
            speed.0 = pace;
        }
        if !wait.0 {
            wait.0 = true;
        }
    }
    let saved = |p: &PathBuf| std::fs::metadata(p).is_ok_and(|m| m.len() > 0);
    if shot_is(&script, Shot::Draw) && !script.preset.rules().batches.draws() {
        script.step += 1;
    }
    let Some(&shot) = script.shots.get(script.step) else {
        if script.saved.iter().all(saved) {
            // a file is on disk before its capture's task has let go of the GPU buffer; a task
            // left behind at exit is dropped after the renderer and aborts the process
            script.frames += 1;
            if script.frames == DRAIN {
                info!("screenshots saved in {}", script.dir.display());
                report(&cost);
                exit.write(AppExit::Success);
            }
        }
        return;
    };
    // the last picture must be on disk before the table moves on
    if let Some(last) = script.saved.last()
        && !saved(last)
    {
        return;
    }
    shown.paused = false;
    // the next page or the game only once the last picture is taken: a picture is captured a
    // frame or two after it is asked for
    let on = |p: MenuPage| page.as_ref().is_some_and(|s| *s.get() == p);
    let view = shown.view.as_ref();
    let ready = match shot {
        Shot::Page(wanted, _) => {
            if !on(wanted)
                && let Some(next) = next_page.as_mut()
            {
                next.set(wanted);
            }
            on(wanted)
        }
        Shot::ReplayTrick | Shot::ReplayBack if replay.is_none() => false,
        Shot::ReplayTrick => {
            let on_a_trick = view
                .is_some_and(|v| v.phase == Phase::TrickPlay && v.trick.len() >= 2 && !v.tricks.is_empty());
            if on_a_trick && let Some(replay) = replay.as_mut() {
                replay.playing = false;
            }
            on_a_trick
        }
        Shot::ReplayBack => match replay.as_mut() {
            Some(replay) if !script.acted => {
                script.acted = true;
                for _ in 0..3 {
                    replay.card_back();
                }
                false
            }
            _ => shown.caught_up(),
        },
        _ if session.is_none() => {
            let quick = Start::Quick {
                seed: 7,
                preset: script.preset,
            };
            start(&mut commands, quick, settings.name.clone());
            false
        }
        Shot::Deal => view.is_some_and(|v| {
            v.hand.len() >= 5 && v.phase != Phase::Cut && v.tricks.is_empty() && v.trick.is_empty()
        }),
        Shot::Draw => view.is_some_and(|v| v.offer.is_some()),
        Shot::Trick => {
            // two cards down, or at a table of two the lead of a later trick
            let down = |v: &courtpiece_rules::SeatView| v.trick.len() >= v.seats.count().min(3) - 1;
            view.is_some_and(|v| v.phase == Phase::TrickPlay && down(v) && !v.tricks.is_empty())
        }
        Shot::Scoring => shown.events.iter().any(|e| matches!(e, Event::HandOver { .. })),
    };
    if !ready {
        script.frames = 0;
        return;
    }
    shown.paused = true;
    script.frames += 1;
    if script.frames < SETTLE {
        return;
    }
    let path = script.dir.join(format!("{}.png", shot.name()));
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path.clone()));
    script.saved.push(path);

    script.step += 1;
    script.frames = 0;
    script.acted = false;
}
