//! Saving: after every trick (or, for a table of people, every move) the match record is written
//! to disk, atomically (a temporary file, then a rename), so a host stopped at any moment can
//! resume from its last save.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use courtpiece_rules::Event;

use crate::messages::TableEvent;
use crate::table::{Record, table_set};

/// Where to keep the record of the match in play.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SavePath(pub PathBuf);

/// How often the record is saved. A table of people saves every move, so that a host that
/// stops mid-trick gives nobody a card back they already showed; a table of bots that plays
/// thousands of hands saves after each trick.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SaveAfter {
    #[default]
    Trick,
    Move,
}

/// Why the last save failed; `None` once one succeeds. A host with no log to read (the headless
/// `serve`) says it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveTrouble(pub Option<String>);

pub fn plugin(app: &mut App) {
    app.init_resource::<SaveTrouble>().add_systems(
        PostUpdate,
        save.run_if(resource_exists::<SavePath>.and_then(table_set)),
    );
}

fn save(
    record: Single<&Record>,
    path: Res<SavePath>,
    after: Option<Res<SaveAfter>>,
    mut events: MessageReader<TableEvent>,
    mut trouble: ResMut<SaveTrouble>,
) {
    let every_move = after.is_some_and(|a| *a == SaveAfter::Move);
    let due = events.read().any(|e| {
        every_move
            || matches!(
                e.0,
                Event::TrickWon { .. } | Event::HandOver { .. } | Event::MatchOver { .. }
            )
    });
    if !due {
        return;
    }
    let now = write_atomically(&path.0, &record.0.to_json())
        .err()
        .map(|e| format!("could not save the match to {}: {e}", path.0.display()));
    if let Some(why) = &now {
        error!("{why}");
    }
    trouble.set_if_neq(SaveTrouble(now));
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so that a
/// reader never sees half a file.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        // nothing to keep of a save that did not take
        let _ = std::fs::remove_file(&tmp);
    })
}
