//! `courtpiece review RECORD`: every card of a match looked back on double-dummy, and the cards
//! that cost their side tricks, by how many, with a card that would have kept them.

use std::path::Path;

use courtpiece_bots::Solver;
use courtpiece_bots::review::{CardReview, ReviewError, review};
use courtpiece_rules::{GameRecord, Mode};
use serde::Serialize;

use super::CliError;

#[derive(Debug, clap::Args)]
pub struct Options {
    /// The game record (JSON) to review.
    pub record: std::path::PathBuf,
    /// Review each hand from this trick on (1 to 13): the first tricks of a full deal take the
    /// solver longest.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=13))]
    pub from_trick: u8,
    /// Print the review as one line of JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Figures<'a> {
    cards_reviewed: usize,
    tricks_lost: u32,
    costly: Vec<Costly<'a>>,
}

#[derive(Serialize)]
struct Costly<'a> {
    #[serde(flatten)]
    card: &'a CardReview,
    cost: u8,
}

pub fn run(o: &Options) -> Result<(), CliError> {
    let path: &Path = &o.record;
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let record = GameRecord::from_json(&text).map_err(|source| CliError::Record {
        path: path.to_path_buf(),
        source,
    })?;
    let reviewed = review(&record, &mut Solver::new(), o.from_trick).map_err(|e| match e {
        ReviewError::Record(source) => CliError::Record {
            path: path.to_path_buf(),
            source,
        },
        ReviewError::Rules | ReviewError::NotOver => CliError::Usage(format!("{}: {e}", path.display())),
    })?;
    let costly: Vec<Costly> = reviewed
        .iter()
        .filter(|r| r.cost() > 0)
        .map(|card| Costly {
            card,
            cost: card.cost(),
        })
        .collect();
    let figures = Figures {
        cards_reviewed: reviewed.len(),
        tricks_lost: costly.iter().map(|c| u32::from(c.cost)).sum(),
        costly,
    };
    if o.json {
        println!("{}", serde_json::to_string(&figures).unwrap_or_default());
        return Ok(());
    }
    // under the heap what a side can lose is tricks it would have collected (R-COLLECT)
    let (verb, unit) = if record.rules.mode == Mode::DoubleSar {
        ("collect", "collected tricks")
    } else {
        ("take", "tricks")
    };
    for c in &figures.costly {
        let r = c.card;
        let better = r
            .better
            .map_or_else(String::new, |b| format!("; {b} would have kept {}", r.before));
        println!(
            "hand {}, trick {}: seat {} played {}: its side could {verb} {} more tricks before, {} after (cost {}){better}",
            r.hand,
            r.trick,
            r.seat.index(),
            r.card,
            r.before,
            r.after,
            c.cost
        );
    }
    println!(
        "{} cards reviewed from trick {} of each hand; {} cost their side {} {unit} in all",
        figures.cards_reviewed,
        o.from_trick,
        figures.costly.len(),
        figures.tricks_lost
    );
    Ok(())
}
