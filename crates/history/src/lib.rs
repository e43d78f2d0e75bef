//! The history of matches played. Every match finished in the window or hosted with `serve` is
//! kept in an embedded SQLite database in a folder the caller chooses (the OS data folder): when
//! it ended, under which rules, who sat where, how it came out and its full game record, from
//! which the hands of each player are counted for their figures.
//!
//! A database that can not take a match (another program holds it locked, the file is damaged,
//! or a newer build wrote it) loses nothing: [`keep`] writes the match to a side file in
//! `pending/` beside it, and the next [`History::open`] that succeeds imports it. No Bevy, and no
//! I/O but the database folder's.

mod entry;
mod error;
mod pending;
mod schema;
mod stats;
mod store;

pub use entry::{MatchEntry, MatchRow, Sitter};
pub use error::HistoryError;
pub use pending::{Imported, PENDING};
pub use stats::{PlayerStats, Split};
pub use store::{DATABASE, Filter, History, Kept, keep};
