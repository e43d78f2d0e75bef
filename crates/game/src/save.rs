//! Saving: after every trick the match record is written to disk, atomically (a temporary file,
//! then a rename), so a host stopped at any moment can resume from its last trick.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use courtpiece_rules::Event;

use crate::messages::TableEvent;
use crate::table::{Record, table_set};

/// Where to keep the record of the match in play.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SavePath(pub PathBuf);

pub fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        save_after_trick.run_if(resource_exists::<SavePath>.and_then(table_set)),
    );
}

fn save_after_trick(record: Single<&Record>, path: Res<SavePath>, mut events: MessageReader<TableEvent>) {
    let after_trick = events.read().any(|e| {
        matches!(
            e.0,
            Event::TrickWon { .. } | Event::HandOver { .. } | Event::MatchOver { .. }
        )
    });
    if after_trick && let Err(e) = write_atomically(&path.0, &record.0.to_json()) {
        error!("could not save the match to {}: {e}", path.0.display());
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so that a
/// reader never sees half a file.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
