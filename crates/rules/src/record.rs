//! Game records: versioned JSON holding the rule set, the seed and every intent. Replaying one
//! reproduces the match exactly; the cut points are the `cut` intents.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::error::{ParseError, RuleError};
use crate::event::Event;
use crate::intent::Intent;
use crate::matchplay::Match;
use crate::outcome::HandResult;
use crate::people::Seating;
use crate::ruleset::RuleSet;
use crate::seat::Seat;

/// The `format` field every record carries.
pub const RECORD_FORMAT: &str = "courtpiece-record";
/// The version this build writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// A whole match, or one stopped midway, as a file can hold it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub rules: RuleSet,
    pub seed: u64,
    /// Every intent in the order it was applied.
    pub moves: Vec<Move>,
    /// Time was called: the match ended after the hand in progress (§8).
    #[serde(default)]
    pub time_called: bool,
}

/// One applied intent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The hand it belongs to, from 1: a check that the replay is where the record says.
    pub hand: u32,
    pub seat: Seat,
    pub intent: Intent,
}

impl Move {
    /// Makes this move, the `index`th of its record (from 1), on `m`, checking first that the
    /// match is where the record says: not over, in the move's hand.
    pub fn replay_on(&self, m: &mut Match, index: usize) -> Result<Vec<Event>, RecordError> {
        if m.is_over() {
            return Err(RecordError::AfterTheEnd {
                index,
                hand: self.hand,
                seat: self.seat,
                intent: self.intent,
            });
        }
        if self.hand != m.hand_no() {
            return Err(RecordError::WrongHand {
                index,
                found: self.hand,
                expected: m.hand_no(),
            });
        }
        m.apply(self.seat, self.intent)
            .map_err(|error| RecordError::IllegalMove {
                index,
                hand: self.hand,
                seat: self.seat,
                intent: self.intent,
                error,
            })
    }
}

/// Why a record can not be replayed. Moves are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("not a readable game record: {0}")]
    Json(String),
    #[error("not a courtpiece record (format {0:?}, expected {RECORD_FORMAT:?})")]
    Format(String),
    #[error("record version {0} is not supported (this build reads version {RECORD_VERSION})")]
    Version(u32),
    #[error("the record's rules are refused: {0}")]
    Rules(ParseError),
    #[error("move {index} ({seat}: {intent}, hand {hand}) is illegal: {error}")]
    IllegalMove {
        index: usize,
        hand: u32,
        seat: Seat,
        intent: Intent,
        error: RuleError,
    },
    #[error("move {index} says hand {found}, but the replay is in hand {expected}")]
    WrongHand { index: usize, found: u32, expected: u32 },
    #[error("the match is over at move {index} ({seat}: {intent}, hand {hand}): no move may follow")]
    AfterTheEnd {
        index: usize,
        hand: u32,
        seat: Seat,
        intent: Intent,
    },
}

impl GameRecord {
    pub fn new(rules: &RuleSet, seed: u64) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            rules: rules.clone(),
            seed,
            moves: Vec::new(),
            time_called: false,
        }
    }

    /// Starts the match this record describes, with no moves applied.
    pub fn start(&self) -> Result<Match, RecordError> {
        Match::new(&self.rules, self.seed).map_err(RecordError::Rules)
    }

    /// Applies an intent to `m` and records it if the rules accept it.
    pub fn apply(
        &mut self,
        m: &mut Match,
        seat: Seat,
        intent: Intent,
    ) -> Result<Vec<crate::Event>, RuleError> {
        let hand = m.hand_no();
        let events = m.apply(seat, intent)?;
        self.moves.push(Move { hand, seat, intent });
        Ok(events)
    }

    /// Notes that time was called on `m` (§8).
    pub fn call_time(&mut self, m: &mut Match) {
        m.call_time();
        self.time_called = true;
    }

    pub fn to_json(&self) -> String {
        // A record holds only plain data; serialising it can not fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a record and checks its format and version (not yet its moves: see [`Self::replay`]).
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        #[derive(Deserialize)]
        struct Header {
            format: Option<String>,
            version: Option<u32>,
        }
        let header: Header = serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        let format = header.format.unwrap_or_default();
        if format != RECORD_FORMAT {
            return Err(RecordError::Format(format));
        }
        match header.version {
            Some(RECORD_VERSION) => {}
            Some(v) => return Err(RecordError::Version(v)),
            None => return Err(RecordError::Json("missing field `version`".into())),
        }
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// Replays every move and returns the match where the record leaves it. The first illegal or
    /// misplaced move is named in the error.
    pub fn replay(&self) -> Result<Match, RecordError> {
        self.walk(|_, _| {})
    }

    /// Every hand the record plays to its end, with who sat where in it (in Dummy Rang the
    /// people move round the dummy each hand, RD-SEATS): what a history of matches counts.
    pub fn hands(&self) -> Result<Vec<(HandResult, Seating)>, RecordError> {
        let mut hands = Vec::new();
        self.walk(|result, seating| hands.push((*result, *seating)))?;
        Ok(hands)
    }

    /// [`Self::replay`], telling `scored` of each hand as it is scored, with its seating.
    fn walk(&self, mut scored: impl FnMut(&HandResult, &Seating)) -> Result<Match, RecordError> {
        let mut m = self.start()?;
        let mut advance = |m: &mut Match| {
            let (seating, before) = (*m.seating(), m.results().len());
            m.advance();
            for result in &m.results()[before..] {
                scored(result, &seating);
            }
        };
        for (i, mv) in self.moves.iter().enumerate() {
            advance(&mut m);
            mv.replay_on(&mut m, i + 1)?;
        }
        if self.time_called {
            m.call_time();
        }
        advance(&mut m);
        Ok(m)
    }
}
