//! `courtpiece review RECORD`: every card of a match looked back on double-dummy, and the cards
//! that cost their side what the hand scores: a worse end of the hand while the race to seven
//! is open (under Mindi, to the end), tricks once it is over; each with a card that would have
//! kept it.

use std::path::Path;

use courtpiece::words;
use courtpiece_bots::Solver;
use courtpiece_bots::review::{CardReview, ReviewError, Scope, Unit, first_trick, review};
use courtpiece_rules::{GameRecord, RuleSet};
use serde::Serialize;

use super::CliError;

#[derive(Debug, clap::Args)]
pub struct Options {
    /// The game record (JSON) to review.
    pub record: std::path::PathBuf,
    /// Review each hand from this trick on (1 to 13): the first tricks of a full deal take the
    /// solver longest. From the first unless the rules count tens (Mindi): from the fifth, as
    /// the first four take the solver minutes a hand there.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=13))]
    pub from_trick: Option<u8>,
    /// Review only this hand of the match (from 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub hand: Option<u32>,
    /// Print the review as one line of JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Figures<'a> {
    /// What `before` and `after` count: "tricks", "collected" (tricks, under the heap) or "tens"
    /// (Mindi).
    unit: &'static str,
    cards_reviewed: usize,
    /// Cards that made the end of the hand worse for their side.
    ends_made_worse: usize,
    /// Tricks lost once the race to seven was over.
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
    let hands = record.moves.iter().map(|m| m.hand).max().unwrap_or(0);
    if let Some(hand) = o.hand.filter(|&h| h > hands) {
        return Err(CliError::Usage(format!(
            "{}: there is no hand {hand}: the record holds {}",
            path.display(),
            words::counted(hands, "hand", "hands")
        )));
    }
    let scope = Scope {
        from_trick: o.from_trick.unwrap_or_else(|| first_trick(&record.rules)),
        hand: o.hand,
    };
    let reviewed = review(&record, &mut Solver::new(), scope).map_err(|e| match e {
        ReviewError::Record(source) => CliError::Record {
            path: path.to_path_buf(),
            source,
        },
        ReviewError::Rules | ReviewError::NotOver => CliError::Usage(format!("{}: {e}", path.display())),
    })?;
    let table = Table::of(&record.rules);
    let figures = figures(&reviewed, table.unit);
    if o.json {
        say!("{}", serde_json::to_string(&figures).unwrap_or_default());
        return Ok(());
    }
    say_part!("{}", describe(&figures, &table, &scope));
    Ok(())
}

/// The cards reviewed, counted, and those that cost their side.
fn figures(reviewed: &[CardReview], unit: Unit) -> Figures<'_> {
    let costly: Vec<Costly> = reviewed
        .iter()
        .filter(|r| r.costly())
        .map(|card| Costly {
            card,
            cost: card.cost(),
        })
        .collect();
    Figures {
        unit: match unit {
            Unit::Tricks => "tricks",
            Unit::Collected => "collected",
            Unit::Tens => "tens",
        },
        cards_reviewed: reviewed.len(),
        ends_made_worse: costly.iter().filter(|c| c.card.worse_end()).count(),
        tricks_lost: costly
            .iter()
            .filter(|c| !c.card.worse_end())
            .map(|c| u32::from(c.cost))
            .sum(),
        costly,
    }
}

/// What the review's words depend on at the table reviewed.
struct Table {
    /// What a side can lose: tricks, tricks collected (the Double Sar heap) or tens (Mindi).
    unit: Unit,
    /// The players sit in teams of two; at a table of two (§9) a side is one player.
    partners: bool,
}

impl Table {
    fn of(rules: &RuleSet) -> Table {
        Table {
            unit: Unit::of(rules),
            partners: rules.seats().in_teams(),
        }
    }
}

/// The review in words, a line for each costly card and one for the whole.
fn describe(figures: &Figures, table: &Table, scope: &Scope) -> String {
    let side = if table.partners { "side" } else { "player" };
    // under the heap what a side can lose is tricks it would have collected (R-COLLECT), under
    // Mindi tens
    let (verb, more) = match table.unit {
        Unit::Tricks => ("take", ["more trick", "more tricks"]),
        Unit::Collected => ("collect", ["more trick", "more tricks"]),
        Unit::Tens => ("collect", ["more ten", "more tens"]),
    };
    let tens = table.unit == Unit::Tens;
    let mut text = String::new();
    for c in &figures.costly {
        let r = c.card;
        let tricks = format!(
            "its {side} could {verb} {} before, {} after",
            words::counted(r.before, more[0], more[1]),
            r.after
        );
        let line = match (r.outcome_before, r.outcome_after) {
            (Some(before), Some(after)) if r.worse_end() => {
                let keeps = r.keeps.map_or_else(String::new, |k| {
                    format!("; {k} would have kept {}", words::hand_end(before, tens))
                });
                format!(
                    "it turned {} into {}{keeps} ({tricks})",
                    words::hand_end(before, tens),
                    words::hand_end(after, tens)
                )
            }
            _ => {
                let better = r
                    .better
                    .map_or_else(String::new, |b| format!("; {b} would have kept {}", r.before));
                format!("{tricks} (cost {}){better}", c.cost)
            }
        };
        text += &format!(
            "hand {}, trick {}: seat {} played {}: {line}\n",
            r.hand,
            r.trick,
            r.seat.index(),
            r.card
        );
    }
    let tricks_lost = figures.costly.len() - figures.ends_made_worse;
    let hands = scope
        .hand
        .map_or_else(|| "each hand".to_owned(), |h| format!("hand {h}"));
    text += &format!(
        "{} reviewed from trick {} of {hands}; {} made the end of the hand worse for their {side}",
        words::cards(u32::try_from(figures.cards_reviewed).unwrap_or(u32::MAX)),
        scope.from_trick,
        figures.ends_made_worse,
    );
    // under Mindi the tens decide to the end: there is no race to be over
    if !tens {
        text += &format!(
            "; once the race to seven was over, {} cost their {side} {} in all",
            tricks_lost,
            words::in_unit(figures.tricks_lost, table.unit)
        );
    }
    text + "\n"
}

#[cfg(test)]
mod tests {
    use courtpiece_bots::review::Outcome;
    use courtpiece_rules::{Card, Seat};

    use super::*;

    const HEAP: Table = Table {
        unit: Unit::Collected,
        partners: true,
    };
    const TRICKS: Table = Table {
        unit: Unit::Tricks,
        partners: true,
    };

    fn costly(before: u8, after: u8, better: Option<Card>) -> CardReview {
        CardReview {
            hand: 2,
            trick: 10,
            seat: Seat::ALL[3],
            card: "8C".parse().expect("a card"),
            before,
            after,
            better,
            outcome_before: None,
            outcome_after: None,
            keeps: None,
        }
    }

    #[test]
    fn one_trick_is_said_as_one() {
        let reviewed = [costly(1, 0, "7S".parse().ok())];
        assert_eq!(
            describe(&figures(&reviewed, Unit::Collected), &HEAP, &Scope::from_trick(9)),
            "hand 2, trick 10: seat 3 played 8C: its side could collect 1 more trick before, 0 after (cost 1); \
             7S would have kept 1\n\
             a card reviewed from trick 9 of each hand; 0 made the end of the hand worse for their side; \
             once the race to seven was over, 1 cost their side 1 collected trick in all\n"
        );
    }

    #[test]
    fn more_tricks_are_said_as_more() {
        // a card that cost nothing is counted, not listed
        let reviewed = [costly(7, 5, None), costly(5, 5, None)];
        assert_eq!(
            describe(&figures(&reviewed, Unit::Tricks), &TRICKS, &Scope::ALL),
            "hand 2, trick 10: seat 3 played 8C: its side could take 7 more tricks before, 5 after (cost 2)\n\
             2 cards reviewed from trick 1 of each hand; 0 made the end of the hand worse for their side; \
             once the race to seven was over, 1 cost their side 2 tricks in all\n"
        );
    }

    /// While the race is open a card is judged by how the hand ends, not by the tricks.
    #[test]
    fn a_worse_end_is_said_as_the_hand_it_turned() {
        let lost = CardReview {
            outcome_before: Some(Outcome::Won),
            outcome_after: Some(Outcome::Lost),
            keeps: "8S".parse().ok(),
            ..costly(1, 0, "8S".parse().ok())
        };
        // tricks the race no longer needs are no cost while the end of the hand is kept
        let kept = CardReview {
            outcome_before: Some(Outcome::Court),
            outcome_after: Some(Outcome::Court),
            ..costly(6, 2, "2H".parse().ok())
        };
        assert_eq!(
            describe(&figures(&[lost, kept], Unit::Tricks), &TRICKS, &Scope::ALL),
            "hand 2, trick 10: seat 3 played 8C: it turned a won hand into a lost hand; 8S would have kept \
             a won hand (its side could take 1 more trick before, 0 after)\n\
             2 cards reviewed from trick 1 of each hand; 1 made the end of the hand worse for their side; \
             once the race to seven was over, 0 cost their side 0 tricks in all\n"
        );
    }

    /// Under Mindi a side collects tens, and a mendikot is the court: the hand's end decides to
    /// the last trick.
    #[test]
    fn under_mindi_tens_and_a_mendikot_are_said() {
        let lost = CardReview {
            outcome_before: Some(Outcome::Court),
            outcome_after: Some(Outcome::Won),
            keeps: "TS".parse().ok(),
            ..costly(4, 3, "TS".parse().ok())
        };
        let tens = Table {
            unit: Unit::Tens,
            partners: true,
        };
        assert_eq!(
            describe(&figures(&[lost], Unit::Tens), &tens, &Scope::ALL),
            "hand 2, trick 10: seat 3 played 8C: it turned a mendikot into a won hand; TS would have kept \
             a mendikot (its side could collect 4 more tens before, 3 after)\n\
             a card reviewed from trick 1 of each hand; 1 made the end of the hand worse for their side\n"
        );
    }

    /// At a table of two a side is one player.
    #[test]
    fn alone_a_card_costs_its_player() {
        let two = Table {
            unit: Unit::Tricks,
            partners: false,
        };
        assert_eq!(
            describe(
                &figures(&[costly(3, 2, None)], Unit::Tricks),
                &two,
                &Scope {
                    from_trick: 8,
                    hand: Some(2)
                }
            ),
            "hand 2, trick 10: seat 3 played 8C: its player could take 3 more tricks before, 2 after (cost 1)\n\
             a card reviewed from trick 8 of hand 2; 0 made the end of the hand worse for their player; \
             once the race to seven was over, 1 cost their player 1 trick in all\n"
        );
    }
}
