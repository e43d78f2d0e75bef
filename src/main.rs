//! `courtpiece`: Court Piece for a table of friends: the table in a window, and the command line.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    if let Some(failed) = courtpiece::outside::become_program_if_asked() {
        return failed;
    }
    courtpiece::outside::pass_on_termination();
    let args = cli::Cli::parse();
    match cli::run(args, started) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("courtpiece: {e}");
            ExitCode::FAILURE
        }
    }
}
