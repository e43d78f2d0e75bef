//! The `Bot` interface and its levels.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use courtpiece_rules::{Intent, RuleSet, SeatView};

use crate::easy::Easy;
use crate::expert::Expert;
use crate::hard::Hard;
use crate::medium::Medium;

/// A player that answers every decision a seat can face, from the seat's view and the rule set
/// alone. Its random choices follow its seed; Hard and Expert search until their budget's time
/// is up, so how far they got, and so their card, can differ on a faster or busier machine.
pub trait Bot: Send + Sync {
    /// One of `view.legal`, which is not empty when a bot is asked.
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent;
}

/// Whoever takes seats in a match: one of our levels, or anything else that makes a bot for a
/// seed (a program that speaks the outside-bot protocol, say). Each seat gets a bot of its own.
pub trait Entrant: Send + Sync {
    fn bot(&self, seed: u64) -> Box<dyn Bot>;
    /// What to call it in the figures.
    fn label(&self) -> String;
}

impl Entrant for Level {
    fn bot(&self, seed: u64) -> Box<dyn Bot> {
        Level::bot(*self, seed)
    }

    fn label(&self) -> String {
        self.name().to_owned()
    }
}

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Legal cards with a little sense: follows cheaply, wins cheaply when it can.
    Easy,
    /// Rules of thumb with card memory.
    Medium,
    /// Determinized search: playouts, and the double-dummy solver once a hand is won.
    Hard,
    /// Determinized search with every sampled layout solved double-dummy where the solver can
    /// answer the hand's questions.
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// A bot of this level whose random choices follow `seed`.
    pub fn bot(self, seed: u64) -> Box<dyn Bot> {
        match self {
            Level::Easy => Box::new(Easy::new(seed)),
            Level::Medium => Box::new(Medium::new(seed)),
            Level::Hard => Box::new(Hard::new(seed)),
            Level::Expert => Box::new(Expert::new(seed)),
        }
    }

    /// A bot of this level that takes at most `budget` a decision: Hard and Expert search for
    /// that long, the others decide at once anyway.
    pub fn bot_within(self, seed: u64, budget: Duration) -> Box<dyn Bot> {
        match self {
            Level::Hard => Box::new(Hard::within(seed, budget)),
            Level::Expert => Box::new(Expert::within(seed, budget)),
            _ => self.bot(seed),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level {0:?} (easy, medium, hard, expert)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}
