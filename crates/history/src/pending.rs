//! Side files: a match the database could not take waits in `pending/` beside it, one file a
//! match, until a later opening imports it. A file that does not read as a match is set aside
//! with a `.bad` name, never deleted.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::entry::MatchEntry;
use crate::error::HistoryError;
use crate::store::History;

/// The side files' folder, in the history's.
pub const PENDING: &str = "pending";

const FORMAT: &str = "courtpiece-kept-match";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SideFile {
    format: String,
    version: u32,
    entry: MatchEntry,
}

/// What an opening did with a side file.
#[derive(Debug)]
pub enum Imported {
    /// Now in the database with this id; the file is gone.
    Match { file: PathBuf, id: i64 },
    /// Not taken: the file stays (renamed `.bad` if it is not a match), and why.
    Refused { file: PathBuf, why: HistoryError },
}

/// Writes `entry` to a new side file in `folder`; its path.
pub(crate) fn write(folder: &Path, entry: &MatchEntry) -> Result<PathBuf, HistoryError> {
    let dir = folder.join(PENDING);
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| HistoryError::Io { path, source }
    };
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let path = dir.join(format!(
        "{}-{nanos:09}-{}.json",
        entry.played_at,
        std::process::id()
    ));
    let file = SideFile {
        format: FORMAT.into(),
        version: VERSION,
        entry: entry.clone(),
    };
    let text = serde_json::to_string(&file).map_err(|e| HistoryError::BadSideFile {
        path: path.clone(),
        detail: e.to_string(),
    })?;
    // a temporary name, then the real one: an import never sees half a file
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).map_err(io(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(io(&path))?;
    Ok(path)
}

/// Imports every side file of `folder` into `history`, oldest first.
pub(crate) fn import(folder: &Path, history: &mut History) -> Vec<Imported> {
    let Ok(dir) = std::fs::read_dir(folder.join(PENDING)) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = dir
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|file| match read(&file) {
            Ok(entry) => match history.add(&entry) {
                Ok(id) => {
                    if let Err(source) = std::fs::remove_file(&file) {
                        // imported; left behind it would be imported twice
                        return Imported::Refused {
                            why: HistoryError::Io {
                                path: file.clone(),
                                source,
                            },
                            file,
                        };
                    }
                    Imported::Match { file, id }
                }
                Err(why @ (HistoryError::Record(_) | HistoryError::People { .. })) => set_aside(file, why),
                Err(why) => Imported::Refused { file, why },
            },
            Err(why) => set_aside(file, why),
        })
        .collect()
}

fn read(file: &Path) -> Result<MatchEntry, HistoryError> {
    let bad = |detail: String| HistoryError::BadSideFile {
        path: file.to_path_buf(),
        detail,
    };
    let text = std::fs::read_to_string(file).map_err(|source| HistoryError::Io {
        path: file.to_path_buf(),
        source,
    })?;
    let side: SideFile = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    if side.format != FORMAT || side.version != VERSION {
        return Err(bad(format!("format {:?} version {}", side.format, side.version)));
    }
    Ok(side.entry)
}

/// Renames a side file that will never import to `NAME.bad`, so it is kept but not tried again.
fn set_aside(file: PathBuf, why: HistoryError) -> Imported {
    let bad = file.with_extension("bad");
    match std::fs::rename(&file, &bad) {
        Ok(()) => Imported::Refused { file: bad, why },
        Err(_) => Imported::Refused { file, why },
    }
}
