//! `--screenshot-dir DIR --screenshot-script demo|layout [--rules PRESET]`: a scripted quick game
//! (the player's seat played by a bot) that saves pages of the menu and moments of the table as
//! PNGs, then quits. `demo` shows the main menu, the rules page, the match history, the deal, a
//! trick in play, the hand's result and, where the rules can be reviewed, the hand looked back on
//! (in Hokm for two also a turn of the draw, the player looking at a stock card); `layout`, to
//! check a window size quickly, the main menu, the host page, the deal and a trick; `replay`,
//! with `--replay FILE`, the record's replay paused on a trick with its controls, then three
//! cards back, then played on to the hand's end and the hand looked back on; `lan`, a LAN table
//! hosted here and joined by a second window process ([`lan`]), the lobby, a trick and the
//! hand's result from each side.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Child;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use courtpiece_bots::Level;
use courtpiece_net::{Autoplay, ClientMessage, Host, LobbyAction, Session, ToHost};
use courtpiece_rules::{Event, Phase, Preset};

use super::Launch;
use super::cost::{self, FrameCost};
use super::hud::review::HandReview;
use super::menu::MenuPage;
use super::replay::Replay;
use super::settings::Settings;
use super::start::{Start, start};
use super::table::pacing::{Shown, Speed, WaitAtResult};

mod lan;

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
    /// A quick game: the menu, the rules, the history, the deal, a trick, the hand's result
    /// and, where the hand can be looked back on, the look back.
    #[default]
    Demo,
    /// The menu, the host page, the deal and a trick, to check the layout at a window's size.
    Layout,
    /// The replay of `--replay FILE`: a trick with the controls, then three cards back, then
    /// the hand looked back on at its end.
    Replay,
    /// A LAN table hosted here and joined by a second window process: the lobby, a trick and the
    /// hand's result from each side (the guest's in `DIR/guest`).
    Lan,
    /// The second window of `lan`, started by it.
    #[value(hide = true)]
    LanGuest,
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
    /// The first hand looked back on, once the solver has valued every card (where the rules
    /// can be reviewed).
    Review,
    /// A replay (`--replay FILE`) with its controls, paused on a trick after the first.
    ReplayTrick,
    /// The same replay three cards back.
    ReplayBack,
    /// The replay played on to a hand's end, and that hand looked back on (where the rules can
    /// be reviewed).
    ReplayReview,
    /// The lobby of a LAN table: the host's with the guest seated, the guest's in its seat.
    Lobby,
    /// Not a picture: the host deals once the guest has pictured its lobby.
    DealWhenGuestReady,
}

impl Shot {
    fn name(self) -> &'static str {
        match self {
            Shot::Page(_, name) => name,
            Shot::Deal => "deal",
            Shot::Draw => "draw",
            Shot::Trick => "trick",
            Shot::Scoring => "scoring",
            Shot::Review => "review",
            Shot::ReplayTrick => "replay",
            Shot::ReplayBack => "replay-back",
            Shot::ReplayReview => "replay-review",
            Shot::Lobby => "lobby",
            Shot::DealWhenGuestReady => "",
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
                Shot::Review,
            ],
            ScriptName::Layout => &[
                Shot::Page(MenuPage::Main, "menu"),
                Shot::Page(MenuPage::Host, "host"),
                Shot::Deal,
                Shot::Trick,
            ],
            ScriptName::Replay => &[Shot::ReplayTrick, Shot::ReplayBack, Shot::ReplayReview],
            ScriptName::Lan => &[Shot::Lobby, Shot::DealWhenGuestReady, Shot::Trick, Shot::Scoring],
            ScriptName::LanGuest => &[Shot::Lobby, Shot::Trick, Shot::Scoring],
        }
    }
}

#[derive(Resource)]
struct Script {
    dir: PathBuf,
    name: ScriptName,
    /// The table the guest of `lan` joins.
    join: Option<SocketAddr>,
    /// The guest's process, once the host of `lan` has started it.
    guest: Option<Child>,
    window: Option<super::WindowSize>,
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
            name: launch.screenshot_script,
            join: launch.screenshot_join,
            guest: None,
            window: launch.window,
            shots: launch.screenshot_script.shots(),
            preset: launch.preset.unwrap_or(Preset::CourtPiece),
            step: 0,
            frames: 0,
            acted: false,
            saved: Vec::new(),
        });
    }
}

/// The menu's page now, and the way to another.
#[derive(SystemParam)]
struct Pages<'w> {
    page: Option<Res<'w, State<MenuPage>>>,
    next: Option<ResMut<'w, NextState<MenuPage>>>,
}

/// The table the script sits at, and the pace it is shown at.
#[derive(SystemParam)]
struct Table<'w> {
    shown: ResMut<'w, Shown>,
    speed: ResMut<'w, Speed>,
    wait: ResMut<'w, WaitAtResult>,
    session: Option<Res<'w, Session>>,
    autoplay: Option<Res<'w, Autoplay>>,
    replay: Option<ResMut<'w, Replay>>,
    host: Option<Res<'w, Host>>,
    review: ResMut<'w, HandReview>,
}

/// Gives up on the script, and on the guest's window with it.
fn give_up(script: &mut Script, why: &str, exit: &mut MessageWriter<AppExit>) {
    error!("{why}");
    if let Some(mut guest) = script.guest.take() {
        let _ = guest.kill();
        let _ = guest.wait();
    }
    exit.write(AppExit::error());
}

/// Whether the script may close: the guest's window of `lan` has ended well, or there is none.
fn guest_done(script: &mut Script, exit: &mut MessageWriter<AppExit>) -> bool {
    let Some(guest) = script.guest.as_mut() else {
        return true;
    };
    match guest.try_wait() {
        Ok(Some(status)) if status.success() => true,
        Ok(Some(status)) => {
            give_up(script, &format!("the guest's window failed: {status}"), exit);
            false
        }
        Ok(None) => false,
        Err(e) => {
            give_up(script, &format!("the guest's window is lost: {e}"), exit);
            false
        }
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "a system: each argument is a resource it reads or writes"
)]
fn run(
    mut script: ResMut<Script>,
    mut table: Table,
    mut pages: Pages,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    cost: Res<FrameCost>,
    mut commands: Commands,
    mut to_host: MessageWriter<ToHost>,
    mut exit: MessageWriter<AppExit>,
) {
    if time.elapsed_secs() > LIMIT {
        let why = format!(
            "the screenshot script did not finish in {LIMIT} s (at step {})",
            script.step
        );
        give_up(&mut script, &why, &mut exit);
        return;
    }
    pace(&script, &mut table, &mut commands);
    // the host of `lan` starts the guest's window once its table is open
    if script.name == ScriptName::Lan
        && script.guest.is_none()
        && let Some(host) = table.host.as_ref()
    {
        match lan::spawn_guest(host, &script.dir, script.window) {
            Ok(child) => script.guest = Some(child),
            Err(e) => {
                give_up(
                    &mut script,
                    &format!("could not start the guest's window: {e}"),
                    &mut exit,
                );
                return;
            }
        }
    }
    let saved = |p: &PathBuf| std::fs::metadata(p).is_ok_and(|m| m.len() > 0);
    if shot_is(&script, Shot::Draw) && !script.preset.rules().batches.draws() {
        script.step += 1;
    }
    if shot_is(&script, Shot::Review) && courtpiece_bots::review::reviewable(&script.preset.rules()).is_err()
    {
        script.step += 1;
    }
    // the replay's rules are the record's
    let rules = table
        .session
        .as_ref()
        .and_then(|s| s.lobby.as_ref())
        .map(|l| &l.rules);
    if shot_is(&script, Shot::ReplayReview)
        && rules.is_some_and(|r| courtpiece_bots::review::reviewable(r).is_err())
    {
        script.step += 1;
    }
    let Some(&shot) = script.shots.get(script.step) else {
        if script.saved.iter().all(saved) && guest_done(&mut script, &mut exit) {
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
    table.shown.paused = false;
    // the next page or the game only once the last picture is taken: a picture is captured a
    // frame or two after it is asked for
    let on = |p: MenuPage| pages.page.as_ref().is_some_and(|s| *s.get() == p);
    let shown = &table.shown;
    let view = shown.view.as_ref();
    let ready = match shot {
        Shot::Page(wanted, _) => {
            if !on(wanted)
                && let Some(next) = pages.next.as_mut()
            {
                next.set(wanted);
            }
            on(wanted)
        }
        Shot::ReplayTrick | Shot::ReplayBack | Shot::ReplayReview if table.replay.is_none() => false,
        Shot::ReplayTrick => {
            let on_a_trick = view.is_some_and(on_a_later_trick);
            if on_a_trick && let Some(replay) = table.replay.as_mut() {
                replay.playing = false;
            }
            on_a_trick
        }
        Shot::ReplayBack => match table.replay.as_mut() {
            Some(replay) if !script.acted => {
                script.acted = true;
                for _ in 0..3 {
                    replay.card_back();
                }
                false
            }
            _ => shown.caught_up(),
        },
        Shot::ReplayReview => match (table.replay.as_mut(), rules) {
            (Some(replay), Some(rules)) if !script.acted => {
                // on to a hand's end, where the table shows every card
                replay.playing = true;
                let over = shown.events.iter().any(|e| matches!(e, Event::HandOver { .. }));
                if over && let Some(view) = view.filter(|v| HandReview::offered(v, rules)) {
                    replay.playing = false;
                    script.acted = true;
                    table.review.start(view, rules);
                }
                false
            }
            _ => table.review.answered(),
        },
        _ if table.session.is_none() => {
            let sit = match (script.name, script.join) {
                (ScriptName::Lan, _) => lan::host_table(script.preset),
                (ScriptName::LanGuest, Some(addr)) => lan::join(addr),
                (ScriptName::LanGuest, None) => {
                    give_up(
                        &mut script,
                        "the guest's window was given no table to join",
                        &mut exit,
                    );
                    return;
                }
                _ => Start::Quick {
                    seed: 7,
                    preset: script.preset,
                },
            };
            // two windows of one machine share its settings: the guest says who it is
            let name = if script.name == ScriptName::LanGuest {
                "Guest".to_owned()
            } else {
                settings.name.clone()
            };
            start(&mut commands, sit, name);
            false
        }
        Shot::Lobby => table.session.as_ref().is_some_and(|s| match script.name {
            ScriptName::Lan => lan::guest_seated(s),
            _ => lan::seated_in_lobby(s),
        }),
        Shot::DealWhenGuestReady => {
            if saved(&script.dir.join("guest").join("lobby.png")) {
                to_host.write(ToHost(ClientMessage::Lobby(LobbyAction::Start)));
                script.step += 1;
            }
            return;
        }
        Shot::Deal => view.is_some_and(|v| {
            v.hand.len() >= 5 && v.phase != Phase::Cut && v.tricks.is_empty() && v.trick.is_empty()
        }),
        Shot::Draw => view.is_some_and(|v| v.offer.is_some()),
        Shot::Trick => view.is_some_and(on_a_later_trick),
        Shot::Scoring => shown.events.iter().any(|e| matches!(e, Event::HandOver { .. })),
        Shot::Review => {
            if !script.acted
                && let Some(view) = view
            {
                script.acted = true;
                table.review.start(view, &script.preset.rules());
            }
            table.review.answered()
        }
    };
    if !ready {
        script.frames = 0;
        return;
    }
    table.shown.paused = true;
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

/// A trick after the first with two cards down, or at a table of two its lead: a picture of
/// a trick being played at any table (a trick of two is gathered as its second card falls).
fn on_a_later_trick(v: &courtpiece_rules::SeatView) -> bool {
    let down = v.trick.len() >= v.seats.count().min(3) - 1;
    v.phase == Phase::TrickPlay && down && !v.tricks.is_empty()
}

/// The table plays itself, fast between pictures: the player's seat by a bot, a replay at the
/// script's pace.
fn pace(script: &Script, table: &mut Table, commands: &mut Commands) {
    if let Some(replay) = table.replay.as_mut() {
        // the replay sets the table's pace itself
        if replay.speed != HURRY {
            replay.speed = HURRY;
        }
        return;
    }
    // the player's seat plays itself once the game is on
    if table.session.is_some() && table.autoplay.is_none() {
        commands.insert_resource(Autoplay::new(Level::Medium, 7));
    }
    // nothing is pictured between a trick and the hand's result: the rest of the hand is shown
    // at once (the table stops at the result by itself)
    let pace = if shot_is(script, Shot::Scoring) {
        f32::INFINITY
    } else {
        HURRY
    };
    if table.speed.0 != pace {
        table.speed.0 = pace;
    }
    if !table.wait.0 {
        table.wait.0 = true;
    }
}
