//! Why the history could not do what was asked, said so that a player knows what happened.

use std::path::PathBuf;

use courtpiece_rules::RecordError;
use rusqlite::ErrorCode;
use thiserror::Error;

use crate::schema::SCHEMA;

#[derive(Debug, Error)]
pub enum HistoryError {
    #[error("the match history {} is in use by another program (locked)", path.display())]
    Locked { path: PathBuf },
    #[error("the match history {} is damaged: {detail}", path.display())]
    Corrupt { path: PathBuf, detail: String },
    #[error(
        "the match history {} was written by a newer courtpiece (version {found}; this one reads up to {SCHEMA})",
        path.display()
    )]
    Newer { path: PathBuf, found: i64 },
    #[error("the match history {} could not be used: {detail}", path.display())]
    Database { path: PathBuf, detail: String },
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("the match does not replay from its record: {0}")]
    Record(#[from] RecordError),
    #[error("{named} people named for a table of {table}")]
    People { named: usize, table: usize },
    #[error("{} is not a kept match: {detail}", path.display())]
    BadSideFile { path: PathBuf, detail: String },
}

impl HistoryError {
    /// A database error, named for what it means to the player.
    pub(crate) fn of(path: &std::path::Path, e: &rusqlite::Error) -> HistoryError {
        let path = path.to_path_buf();
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => HistoryError::Locked { path },
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => HistoryError::Corrupt {
                path,
                detail: e.to_string(),
            },
            _ => HistoryError::Database {
                path,
                detail: e.to_string(),
            },
        }
    }
}
