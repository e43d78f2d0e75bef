//! `courtpiece replay FILE`: check a record move by move and print the match summary; the
//! window's `--replay FILE` reads its record the same way.

use std::path::Path;

use courtpiece_rules::{GameRecord, Match};

use super::CliError;

/// Reads and checks a record: a file that is not one, or a move the rules refuse, is an error.
/// Gives the record, the match where it leaves it, and a title (the file's name).
pub fn load(path: &Path) -> Result<(GameRecord, Match, String), CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let record_error = |source| CliError::Record {
        path: path.to_path_buf(),
        source,
    };
    let record = GameRecord::from_json(&text).map_err(record_error)?;
    let played = record.replay().map_err(record_error)?;
    let title = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok((record, played, title))
}

pub fn run(path: &Path, json: bool) -> Result<(), CliError> {
    let (_, played, _) = load(path)?;
    let summary = played.summary();
    if json {
        say!("{}", serde_json::to_string(&summary).unwrap_or_default());
    } else {
        say!("{}", summary.to_text());
    }
    Ok(())
}
