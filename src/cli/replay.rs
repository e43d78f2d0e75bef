//! `courtpiece replay FILE`: check a record move by move and print the match summary.

use std::path::Path;

use courtpiece_rules::GameRecord;

use super::CliError;

pub fn run(path: &Path, json: bool) -> Result<(), CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let record_error = |source| CliError::Record {
        path: path.to_path_buf(),
        source,
    };
    let record = GameRecord::from_json(&text).map_err(record_error)?;
    let summary = record.replay().map_err(record_error)?.summary();
    if json {
        println!("{}", serde_json::to_string(&summary).unwrap_or_default());
    } else {
        println!("{}", summary.to_text());
    }
    Ok(())
}
