//! The command line.

mod arena;
mod bench;
mod play;
mod replay;
mod serve;
mod solve;

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use courtpiece_bots::Level;
use courtpiece_rules::Preset;

#[derive(Debug, Parser)]
#[command(name = "courtpiece", version, about = "Court Piece (Rang, Rung, Coat, Hokm)")]
pub struct Cli {
    /// What to do; with none, a match in the terminal against three bots.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a match in the terminal: you and three bots.
    Play {
        /// Rules preset: court-piece, double-sar, hidden-rang, hokm, troefcall.
        #[arg(long, default_value = "court-piece", value_parser = parse_preset)]
        rules: Preset,
        /// Seed of the deals (a random one if not given); the same seed deals the same cards.
        #[arg(long)]
        seed: Option<u64>,
        /// Level of the three bots: easy, medium.
        #[arg(long, default_value = "medium", value_parser = parse_level)]
        bots: Level,
        /// End the match after this many hands.
        #[arg(long)]
        hands: Option<u32>,
        /// Write the game record here at the end.
        #[arg(long)]
        record: Option<PathBuf>,
    },
    /// Host a table headless; every seat a bot for now.
    Serve {
        /// Four seats, e.g. bot:easy,bot:medium,bot:easy,bot:medium.
        #[arg(long)]
        seats: String,
        #[arg(long, default_value = "court-piece", value_parser = parse_preset)]
        rules: Preset,
        /// Play one match of exactly this many hands.
        #[arg(long, conflicts_with = "matches")]
        hands: Option<u32>,
        /// Play this many matches under the rules' own end.
        #[arg(long, default_value_t = 1)]
        matches: u32,
        #[arg(long)]
        seed: Option<u64>,
        /// How long bots think before each decision, in milliseconds.
        #[arg(long, default_value_t = 0)]
        think_ms: u64,
        /// Keep the record here, saved after every trick.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Go on with the match this record stopped in.
        #[arg(long)]
        resume: Option<PathBuf>,
        /// Print each match summary as one line of JSON.
        #[arg(long)]
        json: bool,
    },
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
    },
    /// Bots against bots on duplicate deals: win rates, courts, decision times.
    Arena {
        /// Level of bot A: easy, medium.
        #[arg(long, value_parser = parse_level)]
        a: Level,
        /// Level of bot B.
        #[arg(long, value_parser = parse_level)]
        b: Level,
        /// Play matches until at least this many hands are played.
        #[arg(long, default_value_t = 2000)]
        hands: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "court-piece", value_parser = parse_preset)]
        rules: Preset,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Print the figures as one line of JSON at the end.
        #[arg(long)]
        json: bool,
    },
    /// Play random full hands on one core and print hands per second.
    Bench {
        /// Seconds to measure for.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Seed of the random hands.
        #[arg(long, default_value_t = 1)]
        seed: u64,
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
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|e: courtpiece_bots::UnknownLevel| e.to_string())
}

fn parse_preset(text: &str) -> Result<Preset, String> {
    text.parse()
        .map_err(|e: courtpiece_rules::ParseError| e.to_string())
}

pub fn run(cli: Cli) -> Result<(), CliError> {
    let command = cli.command.unwrap_or(Command::Play {
        rules: Preset::CourtPiece,
        seed: None,
        bots: Level::Medium,
        hands: None,
        record: None,
    });
    match command {
        Command::Play {
            rules,
            seed,
            bots,
            hands,
            record,
        } => play::run(play::Options {
            preset: rules,
            level: bots,
            seed,
            hands,
            record,
        }),
        Command::Replay { file, json } => replay::run(&file, json),
        Command::Serve {
            seats,
            rules,
            hands,
            matches,
            seed,
            think_ms,
            record,
            resume,
            json,
        } => serve::run(serve::Options {
            seats,
            preset: rules,
            hands,
            matches,
            seed,
            think_ms,
            record,
            resume,
            json,
        }),
        Command::Bench { seconds, seed, json } => bench::run(seconds, seed, json),
        Command::Solve { file } => solve::run(file.as_deref()),
        Command::Arena {
            a,
            b,
            hands,
            seed,
            rules,
            threads,
            json,
        } => arena::run(arena::Options {
            a,
            b,
            hands,
            seed,
            preset: rules,
            threads: threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            json,
        }),
    }
}
