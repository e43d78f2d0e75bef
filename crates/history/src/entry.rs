//! What the history keeps of a match, and what it counts from it.

use courtpiece_rules::options::describe_game;
use courtpiece_rules::{GameRecord, HandKind, MatchSummary, RuleSet, Seat};
use serde::{Deserialize, Serialize};

use crate::error::HistoryError;

/// Who sat in one place of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sitter {
    pub name: String,
    /// What played there: `person`, `bot:LEVEL` (`bot:medium`), `outside` (a program), or `open`
    /// (a seat nobody held).
    pub kind: String,
}

/// A match as it is handed to the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchEntry {
    /// When it ended, in seconds since 1970 (UTC).
    pub played_at: u64,
    /// By person: the seats in order, except in Dummy Rang, whose three people move round four
    /// hands (RD-SEATS).
    pub people: Vec<Sitter>,
    pub record: GameRecord,
}

/// One match as the history lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRow {
    pub id: i64,
    pub played_at: u64,
    /// The preset the rules are nearest to, and the options that differ from it.
    pub rules: String,
    pub options: Vec<String>,
    pub people: Vec<Sitter>,
    /// The side whose score is each person's, in `people`'s order.
    pub sides: Vec<u8>,
    pub hands: u32,
    /// Courts or points by side.
    pub score: Vec<u32>,
    pub finished: bool,
    /// The people whose side won, none for a draw or a match left unfinished.
    pub winners: Vec<String>,
}

impl MatchRow {
    /// Each side's people and score: "Asha & Chandni 3 – Bilal & Darius 0".
    pub fn sides_line(&self) -> String {
        self.sides_line_with(str::to_owned)
    }

    /// The same, each name written by `name` (shortened for a narrow place, say).
    pub fn sides_line_with(&self, name: impl Fn(&str) -> String) -> String {
        (0..self.score.len())
            .map(|side| {
                let names: Vec<String> = self
                    .people
                    .iter()
                    .zip(&self.sides)
                    .filter(|&(_, &s)| usize::from(s) == side)
                    .map(|(p, _)| name(&p.name))
                    .collect();
                format!("{} {}", names.join(" & "), self.score[side])
            })
            .collect::<Vec<_>>()
            .join(" – ")
    }
}

/// What is counted of one person in one hand.
pub(crate) struct PersonHand {
    pub hand: u32,
    pub person: u8,
    pub won: bool,
    pub court: bool,
    pub fifty_two: bool,
    /// The person's side called trumps (or announced, or led where nobody calls).
    pub caller: bool,
}

/// Everything the history stores of a match, worked out from its record.
pub(crate) struct Counted {
    pub rules: String,
    pub options: Vec<String>,
    pub summary: MatchSummary,
    /// By person: the side their score counts for.
    pub sides: Vec<u8>,
    pub hands: Vec<PersonHand>,
}

/// The side whose score is `person`'s: their seat's side, or in Dummy Rang their own (RD-SCORE).
pub(crate) fn scoring_side(rules: &RuleSet, person: usize) -> u8 {
    small(if rules.dummy {
        person
    } else {
        rules.seats().side(Seat::ALL[person % 4]).index()
    })
}

/// A person's or a side's number, below four.
fn small(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

impl MatchEntry {
    /// Replays the record and counts what the history keeps; a record that does not replay is
    /// refused, as is a list of people that does not fit the table.
    pub(crate) fn count(&self) -> Result<Counted, HistoryError> {
        let rules = &self.record.rules;
        let people = rules.seats().people();
        if self.people.len() != people {
            return Err(HistoryError::People {
                named: self.people.len(),
                table: people,
            });
        }
        let summary = self.record.replay()?.summary();
        let seats = rules.seats();
        let mut hands = Vec::new();
        for (no, (result, seating)) in (1..).zip(self.record.hands()?) {
            let calling = result.calling_side(rules);
            for person in seating.all() {
                let side = seats.side(seating.seat_of(person));
                let won = side == result.winner;
                hands.push(PersonHand {
                    hand: no,
                    person: small(person.index()),
                    won,
                    court: won && result.is_court(rules),
                    fifty_two: won && result.kind == HandKind::FiftyTwo,
                    caller: side == calling,
                });
            }
        }
        let (preset, options) = describe_game(rules);
        Ok(Counted {
            rules: preset.to_string(),
            options,
            summary,
            sides: (0..people).map(|p| scoring_side(rules, p)).collect(),
            hands,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sitter(name: &str) -> Sitter {
        Sitter {
            name: name.to_owned(),
            kind: "person".to_owned(),
        }
    }

    /// People are named with their side's score, partners together, whatever order they sat in.
    #[test]
    fn the_sides_line_names_each_side_with_its_score() {
        let row = MatchRow {
            id: 3,
            played_at: 0,
            rules: "court-piece".to_owned(),
            options: Vec::new(),
            people: ["Asha", "Bilal", "Chandni", "Darius"].map(sitter).to_vec(),
            sides: vec![0, 1, 0, 1],
            hands: 12,
            score: vec![3, 0],
            finished: true,
            winners: vec!["Asha".to_owned(), "Chandni".to_owned()],
        };
        assert_eq!(row.sides_line(), "Asha & Chandni 3 – Bilal & Darius 0");
    }
}
