//! `courtpiece review RECORD`: every card of a match looked back on double-dummy, and the cards
//! that cost their side tricks, by how many, with a card that would have kept them.

use std::path::Path;

use courtpiece::words;
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
        say!("{}", serde_json::to_string(&figures).unwrap_or_default());
        return Ok(());
    }
    say_part!(
        "{}",
        describe(&figures, record.rules.mode == Mode::DoubleSar, o.from_trick)
    );
    Ok(())
}

/// The review in words, a line for each costly card and one for the whole.
fn describe(figures: &Figures, heap: bool, from_trick: u8) -> String {
    // under the heap what a side can lose is tricks it would have collected (R-COLLECT)
    let (verb, one, many) = if heap {
        ("collect", "collected trick", "collected tricks")
    } else {
        ("take", "trick", "tricks")
    };
    let mut text = String::new();
    for c in &figures.costly {
        let r = c.card;
        let better = r
            .better
            .map_or_else(String::new, |b| format!("; {b} would have kept {}", r.before));
        text += &format!(
            "hand {}, trick {}: seat {} played {}: its side could {verb} {} before, {} after (cost {}){better}\n",
            r.hand,
            r.trick,
            r.seat.index(),
            r.card,
            words::counted(r.before, "more trick", "more tricks"),
            r.after,
            c.cost
        );
    }
    text += &format!(
        "{} reviewed from trick {from_trick} of each hand; {} cost their side {} in all\n",
        words::cards(u32::try_from(figures.cards_reviewed).unwrap_or(u32::MAX)),
        figures.costly.len(),
        words::counted(figures.tricks_lost, one, many)
    );
    text
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Card, Seat};

    use super::*;

    fn costly(before: u8, after: u8, better: Option<Card>) -> CardReview {
        CardReview {
            hand: 2,
            trick: 10,
            seat: Seat::ALL[3],
            card: "8C".parse().expect("a card"),
            before,
            after,
            better,
        }
    }

    #[test]
    fn one_trick_is_said_as_one() {
        let one = costly(1, 0, "7S".parse().ok());
        let figures = Figures {
            cards_reviewed: 1,
            tricks_lost: 1,
            costly: vec![Costly { card: &one, cost: 1 }],
        };
        assert_eq!(
            describe(&figures, true, 9),
            "hand 2, trick 10: seat 3 played 8C: its side could collect 1 more trick before, 0 after (cost 1); \
             7S would have kept 1\n\
             a card reviewed from trick 9 of each hand; 1 cost their side 1 collected trick in all\n"
        );
    }

    #[test]
    fn more_tricks_are_said_as_more() {
        let two = costly(7, 5, None);
        let figures = Figures {
            cards_reviewed: 44,
            tricks_lost: 2,
            costly: vec![Costly { card: &two, cost: 2 }],
        };
        assert_eq!(
            describe(&figures, false, 1),
            "hand 2, trick 10: seat 3 played 8C: its side could take 7 more tricks before, 5 after (cost 2)\n\
             44 cards reviewed from trick 1 of each hand; 1 cost their side 2 tricks in all\n"
        );
    }
}
