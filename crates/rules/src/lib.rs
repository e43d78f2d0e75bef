//! The rules of Court Piece (Rang, Rung, Coat, Hokm) as the project's rule book states them,
//! with the rule ids (`R-…`, `V-…`) of `RULES.md` in the doc comments.
//!
//! Pure and deterministic: no I/O, no clock, no global randomness. A [`Match`] is fixed by its
//! [`RuleSet`], its seed and the [`Intent`]s applied to it, which is what a [`GameRecord`] stores.
//! Seats see the table only through a [`SeatView`]. Search code uses the compact [`PlayState`].

pub mod card;
pub mod cardset;
pub mod deck;
pub mod ending;
pub mod error;
pub mod event;
pub mod first;
pub mod heap;
pub mod intent;
pub mod matchplay;
pub mod options;
pub mod outcome;
pub mod pbn;
pub mod people;
pub mod phase;
pub mod playstate;
pub mod record;
pub mod rotation;
pub mod round;
pub mod ruleset;
pub mod score;
pub mod seat;
pub mod trick;
pub mod view;

pub use card::{Card, Rank, Suit};
pub use cardset::CardSet;
pub use deck::Deck;
pub use ending::{Ending, Tally, Verdict};
pub use error::{Barred, NotInRules, ParseError, RuleError, RulesConflict};
pub use event::Event;
pub use first::FirstDraw;
pub use heap::{Collect, Heap, Taken, TrumpsAt, Waits};
pub use intent::Intent;
pub use matchplay::{Match, MatchParts, MatchSummary, Progress};
pub use options::OptionsError;
pub use outcome::{HandKind, HandResult};
pub use pbn::Deal;
pub use people::{Person, Seating};
pub use phase::Phase;
pub use playstate::{PlayState, PositionError};
pub use record::{GameRecord, Move, RecordError};
pub use rotation::next_dealer;
pub use round::{Auction, Board, Exchange, Holding, PlayOn, Round, TrumpCall};
pub use ruleset::{
    AceCollect, Batches, Call, Count, Failed52, FirstDealer, FirstTwo, Mode, Preset, Revoke, RuleSet,
    Scoring, Stop,
};
pub use score::MatchScore;
pub use seat::{MAX_SIDES, Seat, Seats, Side};
pub use trick::{TWO_OF_HEARTS, Trick};
pub use view::{CallView, ExchangeView, SeatView};
