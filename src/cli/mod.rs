//! The command line.

mod bench;
mod replay;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "courtpiece",
    version,
    about = "Court Piece (Rang, Rung, Coat, Hokm)"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a game record and print the match summary.
    Replay {
        /// The record (JSON) to replay.
        file: PathBuf,
        /// Print the summary as one line of JSON.
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
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Record {
        path: PathBuf,
        source: courtpiece_rules::RecordError,
    },
    #[error("{0}")]
    Usage(String),
}

pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Replay { file, json } => replay::run(&file, json),
        Command::Bench {
            seconds,
            seed,
            json,
        } => bench::run(seconds, seed, json),
    }
}
