//! `courtpiece`: Court Piece for a table of friends. For now the command line: replaying
//! records and measuring the rules engine.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("courtpiece: {e}");
            ExitCode::FAILURE
        }
    }
}
