//! `courtpiece serve`: a headless host. For now every seat is a bot; remote seats come with the
//! network.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece_bots::Level;
use courtpiece_game::{Controller, GamePlugin, Pacing, Phase, SavePath, StartMatch, Table};
use courtpiece_rules::{GameRecord, MatchSummary, Preset};

use super::CliError;

#[derive(Debug, clap::Args)]
pub struct Options {
    /// Four seats, e.g. bot:easy,bot:medium,bot:easy,bot:medium.
    #[arg(long)]
    pub seats: String,
    #[arg(long = "rules", default_value = "court-piece", value_parser = super::parse_preset)]
    pub preset: Preset,
    /// Play one match of exactly this many hands.
    #[arg(long, conflicts_with = "matches")]
    pub hands: Option<u32>,
    /// Play this many matches under the rules' own end.
    #[arg(long, default_value_t = 1)]
    pub matches: u32,
    #[arg(long)]
    pub seed: Option<u64>,
    /// How long bots think before each decision, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// Keep the record here, saved after every trick.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Go on with the match this record stopped in.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Print each match summary as one line of JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(o: Options) -> Result<(), CliError> {
    let seats = parse_seats(&o.seats)?;
    if o.matches == 0 {
        return Err(CliError::Usage("--matches must be at least 1".into()));
    }
    let resume = match &o.resume {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
                path: path.clone(),
                source,
            })?;
            Some(
                GameRecord::from_json(&text)
                    .and_then(|r| r.replay().map(|_| r))
                    .map_err(|source| CliError::Record {
                        path: path.clone(),
                        source,
                    })?,
            )
        }
        None => None,
    };
    let mut rules = resume
        .as_ref()
        .map_or_else(|| o.preset.rules(), |r| r.rules.clone());
    if let (Some(n), None) = (o.hands, &resume) {
        rules.max_hands = Some(n);
        rules.target = None;
    }
    let first_seed = resume.as_ref().map_or(o.seed.unwrap_or(1), |r| r.seed);
    let started = Instant::now();
    let mut hands = 0;
    let mut resume = resume;
    for i in 0..o.matches {
        let seed = first_seed.wrapping_add(u64::from(i));
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin))
            .insert_resource(Pacing {
                think: Duration::from_millis(o.think_ms),
                turn_timer: None,
            });
        if let Some(path) = &o.record {
            app.insert_resource(SavePath(path.clone()));
        }
        app.world_mut().write_message(StartMatch {
            rules: rules.clone(),
            seed,
            seats,
            resume: resume.take(),
        });
        let summary = run_match(&mut app);
        hands += summary.hands;
        if o.json {
            println!("{}", serde_json::to_string(&summary).unwrap_or_default());
        } else {
            println!("{}", summary.to_text());
        }
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "{hands} hands in {:.2} s: {:.0} hands per minute",
        minutes * 60.0,
        f64::from(hands) / minutes
    );
    Ok(())
}

fn run_match(app: &mut App) -> MatchSummary {
    loop {
        app.update();
        if *app.world().resource::<State<Phase>>().get() == Phase::MatchOver {
            break;
        }
    }
    app.world().resource::<Table>().game.summary()
}

fn parse_seats(text: &str) -> Result<[Controller; 4], CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let bad = |why: String| CliError::Usage(format!("--seats {text:?}: {why}"));
    if parts.len() != 4 {
        return Err(bad(format!("four seats are needed, {} given", parts.len())));
    }
    let mut seats = [Controller::Local; 4];
    for (slot, part) in seats.iter_mut().zip(&parts) {
        *slot = match part.split_once(':') {
            Some(("bot", level)) => Controller::Bot(level.parse::<Level>().map_err(|e| bad(e.to_string()))?),
            _ if *part == "remote" || *part == "local" => {
                return Err(bad(
                    "remote and local seats come with the network; use bot:LEVEL for now".into(),
                ));
            }
            _ => return Err(bad(format!("{part:?} is not bot:easy, bot:medium or bot:hard"))),
        };
    }
    Ok(seats)
}
