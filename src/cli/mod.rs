//! The command line.

// what the commands print goes through `say!`, which a closed pipe does not make panic
#![deny(clippy::print_stdout)]

/// `println!` for the commands: see [`out`].
macro_rules! say {
    () => {
        $crate::cli::out::write(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::cli::out::write(format_args!($($arg)*), true)
    };
}

/// `print!` for the commands, for a prompt: see [`out`].
macro_rules! say_part {
    ($($arg:tt)*) => {
        $crate::cli::out::write(format_args!($($arg)*), false)
    };
}

mod arena;
mod bench;
mod bench_solver;
mod history;
mod join;
mod netbench;
mod out;
mod play;
mod replay;
mod review;
mod rules_arg;
mod serve;
mod solve;
mod tick;

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use courtpiece::desktop::WindowSize;
use courtpiece::desktop::screenshot::ScriptName;
use courtpiece_bots::Level;
use courtpiece_rules::Preset;

#[derive(Debug, Parser)]
#[command(name = "courtpiece", version, about = "Court Piece (Rang, Rung, Coat, Hokm)")]
pub struct Cli {
    /// What to do; with none, the table opens in a window.
    #[command(subcommand)]
    command: Option<Command>,
    /// With the window: save screenshots here while a script plays, then quit.
    #[arg(long, requires = "screenshot_script")]
    screenshot_dir: Option<PathBuf>,
    /// The script to play for screenshots.
    #[arg(long, value_enum, requires = "screenshot_dir")]
    screenshot_script: Option<ScriptName>,
    /// The window's size, e.g. 1000x700 (1280x800 unless given).
    #[arg(long, value_name = "WxH")]
    window: Option<WindowSize>,
    /// The interface size for this run, 0.75 to 2 (the saved setting is left as it is).
    #[arg(long, value_name = "SCALE", value_parser = parse_ui_scale)]
    ui_scale: Option<f32>,
    /// With the window: the game of the quick game and of the screenshot script (a preset, e.g.
    /// hokm-3).
    #[arg(long = "rules", value_name = "PRESET", value_parser = parse_preset)]
    preset: Option<Preset>,
    /// With the window: play back this game record on the table (pause, a card or a hand
    /// forward and back, the speed).
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// The table the second window of the `lan` screenshot script joins (it starts that window
    /// itself).
    #[arg(long, value_name = "ADDR", hide = true, requires = "screenshot_script")]
    screenshot_join: Option<std::net::SocketAddr>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a match in the terminal: you and a bot at every other seat.
    Play(play::Options),
    /// Host a table headless: bots only, or a table on the LAN for people to join.
    Serve(serve::Options),
    /// Join a table on the LAN (or list the tables found), to play or to let a bot play.
    Join(join::Options),
    /// Check a game record and print the match summary.
    Replay {
        /// The record (JSON) to replay.
        file: PathBuf,
        /// Print the summary as one line of JSON.
        #[arg(long)]
        json: bool,
    },
    /// Double-dummy: read lines `<PBN deal> <trumps S|H|D|C|N> <leader N|E|S|W>` and print the
    /// tricks the leader's side takes with best play, one line each.
    Solve {
        /// A file of deals; standard input if not given.
        file: Option<PathBuf>,
        /// Print beside each answer its time in milliseconds and the positions at the start of a
        /// trick it searched (the nodes bridge solvers count), and a summary on standard error.
        #[arg(long)]
        times: bool,
    },
    /// Look back on a recorded match double-dummy: the cards that cost their side what the hand
    /// scores (while the race to seven is open, a worse end of the hand; once it is over, tricks,
    /// under the Double Sar heap tricks collected), and a card that would have kept it (four seats
    /// in two teams or Hokm for two, trumps in the open).
    Review(review::Options),
    /// Bots against bots on duplicate deals: win rates, courts, decision times.
    Arena(arena::Options),
    /// The matches kept in your match history (those played in the window or hosted with
    /// `serve`), newest first, and each player's figures.
    History(history::Options),
    /// A LAN table on this machine: intent-to-view times and bytes per hand.
    Netbench(netbench::Options),
    /// Play random full hands on one core and print hands per second; with `--solver`, time
    /// the double-dummy solver's queries on random positions instead.
    Bench {
        /// Seconds to measure for (the solver's timings count positions instead).
        #[arg(
            long,
            default_value_t = 3.0,
            allow_negative_numbers = true,
            conflicts_with = "solver"
        )]
        seconds: f64,
        /// Seed of the random hands.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Time the solver: a run of 7 tricks from full deals, the most tricks at 7, 8 and 9
        /// cards a hand, and the most tricks on whole deals of 13 cards a hand.
        #[arg(long)]
        solver: bool,
        /// Positions of each kind for `--solver`.
        #[arg(long, default_value_t = 200, requires = "solver")]
        positions: usize,
        /// Whole deals for `--solver`'s most tricks at 13 cards a hand.
        #[arg(long, default_value_t = 5, requires = "solver")]
        deals: usize,
        /// Whole deals of Mindi for `--solver`: how the hand ends, its tens counted (seconds a
        /// deal, where tricks alone take milliseconds).
        #[arg(long, default_value_t = 0, requires = "solver")]
        mindi: usize,
        /// Print the figures as one line of JSON.
        #[arg(long)]
        json: bool,
    },
}

/// An error for the person at the terminal.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: {source}")]
    Record {
        path: PathBuf,
        source: courtpiece_rules::RecordError,
    },
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Net(String),
    /// The match was played, but its record could not be kept.
    #[error("{0}")]
    Save(String),
}

/// One of our levels, or an outside program as `ext:COMMAND`.
pub(crate) fn parse_player(text: &str) -> Result<courtpiece::outside::Player, String> {
    text.parse()
        .map_err(|e: courtpiece::outside::BadPlayer| e.to_string())
}

pub(crate) fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|e: courtpiece_bots::UnknownLevel| e.to_string())
}

fn parse_ui_scale(text: &str) -> Result<f32, String> {
    text.trim()
        .parse::<f32>()
        .ok()
        .filter(|s| (0.75..=2.0).contains(s))
        .ok_or_else(|| format!("{text:?} is not an interface size from 0.75 to 2"))
}

/// A preset the rules play, by its id.
pub(crate) fn parse_preset(text: &str) -> Result<Preset, String> {
    let preset: Preset = text
        .parse()
        .map_err(|e: courtpiece_rules::ParseError| e.to_string())?;
    preset.rules().validate().map_err(|e| format!("{preset}: {e}"))?;
    Ok(preset)
}

pub fn run(cli: Cli, started: std::time::Instant) -> Result<(), CliError> {
    let Some(command) = cli.command else {
        let replay = match &cli.replay {
            Some(path) => {
                let (record, _, title) = replay::load(path)?;
                Some((record, title))
            }
            None => None,
        };
        return desktop(courtpiece::desktop::Launch {
            screenshot_dir: cli.screenshot_dir,
            screenshot_script: cli.screenshot_script.unwrap_or_default(),
            window: cli.window,
            ui_scale: cli.ui_scale,
            preset: cli.preset,
            started: Some(started),
            replay,
            screenshot_join: cli.screenshot_join,
        });
    };
    match command {
        Command::Play(options) => play::run(options),
        Command::Serve(options) => serve::run(options),
        Command::Join(options) => join::run(options),
        Command::Netbench(options) => netbench::run(options),
        Command::Arena(options) => arena::run(options),
        Command::History(options) => history::run(&options),
        Command::Replay { file, json } => replay::run(&file, json),
        Command::Bench {
            solver: true,
            positions,
            deals,
            mindi,
            seed,
            json,
            ..
        } => bench_solver::run(positions, [deals, mindi], seed, json),
        Command::Bench {
            seconds, seed, json, ..
        } => bench::run(seconds, seed, json),
        Command::Solve { file, times } => solve::run(file.as_deref(), times),
        Command::Review(o) => review::run(&o),
    }
}

/// Opens the window, if there is a display to open it on.
fn desktop(launch: courtpiece::desktop::Launch) -> Result<(), CliError> {
    let has_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()));
    if cfg!(target_os = "linux") && !has_display {
        return Err(CliError::Usage(
            "no display to open the table on; `courtpiece play` plays in the terminal".into(),
        ));
    }
    let backends = courtpiece::desktop::graphics::backends().map_err(|e| CliError::Usage(e.to_string()))?;
    match courtpiece::desktop::run(launch, backends) {
        bevy::app::AppExit::Success => Ok(()),
        bevy::app::AppExit::Error(code) => {
            Err(CliError::Usage(format!("the window closed with error {code}")))
        }
    }
}
