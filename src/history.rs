//! The match history from the binary's side: the folder it lives in (the OS data folder, or
//! `COURTPIECE_DATA_DIR`), who sat where, and a plugin that keeps each match a table finishes:
//! the window's (when it hosts) and `serve`'s.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_game::{Record, TableEvent, TableTop};
use courtpiece_history::{History, HistoryError, Imported, Kept, MatchEntry, Sitter, keep};
use courtpiece_net::{Host, SeatState};
use courtpiece_rules::{Event, Seat};

use crate::words;

/// Where the history lives unless `COURTPIECE_DATA_DIR` names another folder: the OS data folder
/// (`~/.local/share/courtpiece` on Linux).
pub fn folder() -> Option<PathBuf> {
    match std::env::var_os("COURTPIECE_DATA_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "courtpiece").map(|d| d.data_dir().to_path_buf()),
    }
}

/// The history's folder, for a table whose matches are kept.
#[derive(Resource, Clone, Debug)]
pub struct HistoryFolder(pub PathBuf);

/// Who sits at a table with no LAN host to ask (a headless table of bots and programs).
#[derive(Resource, Clone, Debug, Default)]
pub struct Sitters(pub Vec<Sitter>);

/// What became of the last match finished here, for the window to say.
#[derive(Resource, Clone, Debug, Default)]
pub struct LastKept(pub Option<Result<String, String>>);

pub fn plugin(app: &mut App) {
    app.init_resource::<LastKept>()
        .add_systems(PostUpdate, keep_finished.run_if(resource_exists::<HistoryFolder>));
}

/// A bot as the history names it: its seat's name and its level.
pub fn bot(seat: Seat, level: Level) -> Sitter {
    Sitter {
        name: words::bot(seat, level).0.to_owned(),
        kind: format!("bot:{}", level.name()),
    }
}

/// The people of a LAN table, as its lobby shows them.
fn from_host(host: &Host) -> Vec<Sitter> {
    (0u8..)
        .zip(host.seats())
        .map(|(i, state)| match state {
            SeatState::Bot(level) => bot(Seat::ALL[usize::from(i % 4)], level),
            SeatState::Program { name } => Sitter {
                name,
                kind: "outside".into(),
            },
            SeatState::Player { name, .. } => Sitter {
                name,
                kind: "person".into(),
            },
            SeatState::Open => Sitter {
                name: format!("Seat {}", i + 1),
                kind: "open".into(),
            },
        })
        .collect()
}

fn keep_finished(
    mut events: MessageReader<TableEvent>,
    record: Option<Single<&Record, With<TableTop>>>,
    folder: Res<HistoryFolder>,
    host: Option<Res<Host>>,
    sitters: Option<Res<Sitters>>,
    mut last: ResMut<LastKept>,
) {
    let over = events.read().any(|e| matches!(e.0, Event::MatchOver { .. }));
    let Some(record) = record.filter(|_| over) else {
        return;
    };
    let people = match (host, sitters) {
        (Some(host), _) => from_host(&host),
        (None, Some(sitters)) => sitters.0.clone(),
        (None, None) => return,
    };
    let entry = MatchEntry {
        played_at: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        people,
        record: record.0.clone(),
    };
    let said = match keep(&folder.0, &entry) {
        Ok(Kept::Database(id)) => {
            info!("the match is kept in the history as number {id}");
            Ok(format!("Kept in your match history (number {id})."))
        }
        Ok(Kept::SideFile { path, why }) => {
            let text = format!(
                "{why}; the match waits in {} and joins the history the next time it opens",
                path.display()
            );
            warn!("{text}");
            Err(text)
        }
        Err(e) => {
            let text = format!("the match could not be kept in the history: {e}");
            error!("{text}");
            Err(text)
        }
    };
    last.0 = Some(said);
}

/// Says what an opening of the history did with the matches waiting in side files.
pub fn report(imported: &[Imported]) -> Vec<String> {
    imported
        .iter()
        .map(|i| match i {
            Imported::Match { file, id } => format!(
                "a match kept aside in {} joined the history as number {id}",
                file.display()
            ),
            Imported::Refused { file, why } => format!("{} stays aside: {why}", file.display()),
        })
        .collect()
}

/// Opens the history in its folder, with what it imported said in words.
pub fn open() -> Result<(History, Vec<String>), HistoryError> {
    let dir = folder().ok_or_else(|| HistoryError::Io {
        path: PathBuf::from("the data folder"),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, "this system names no data folder"),
    })?;
    History::open(&dir).map(|(h, imported)| (h, report(&imported)))
}

/// Seconds since 1970 as a UTC date and time, "2026-11-25 16:40".
pub fn utc(seconds: u64) -> String {
    let days = seconds / 86_400;
    let minutes = (seconds % 86_400) / 60;
    // days since 1970-01-01 to a civil date (H. Hinnant's algorithm, for dates after 1970)
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

#[cfg(test)]
mod tests {
    use super::utc;

    #[test]
    fn dates_are_written_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00");
        assert_eq!(utc(1_795_628_400), "2026-11-25 17:40");
    }
}
