//! A database that can not be used is reported clearly and loses no match: it waits in a side
//! file and is imported by the next opening that succeeds.

use std::path::Path;

use courtpiece_history::{DATABASE, Filter, History, HistoryError, Imported, Kept, PENDING, keep};
use courtpiece_rules::Preset;

use crate::support::{FOUR, entry, folder};

fn side_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join(PENDING))
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_damaged_database_sends_the_match_to_a_side_file_imported_once_mended() {
    let dir = folder("damaged");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(DATABASE),
        b"this is not a database, it is a shopping list",
    )
    .unwrap();
    let (_, e) = entry(Preset::CourtPiece, 1, &FOUR);
    let Ok(Kept::SideFile { path, why }) = keep(&dir, &e) else {
        panic!("a damaged database can not take the match");
    };
    assert!(matches!(why, HistoryError::Corrupt { .. }), "{why}");
    assert!(why.to_string().contains("is damaged"), "{why}");
    assert!(path.exists());
    assert!(matches!(History::open(&dir), Err(HistoryError::Corrupt { .. })));
    // the damaged file is left as it was for the player to look at
    assert!(
        std::fs::read(dir.join(DATABASE))
            .unwrap()
            .starts_with(b"this is not")
    );
    // once it is moved away, the next opening imports the match
    std::fs::rename(dir.join(DATABASE), dir.join("damaged.sqlite3")).unwrap();
    let (history, imported) = History::open(&dir).unwrap();
    assert!(
        matches!(imported.as_slice(), [Imported::Match { .. }]),
        "{imported:?}"
    );
    assert!(side_files(&dir).is_empty());
    let rows = history.list(&Filter::default()).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(history.record(rows[0].id).unwrap(), Some(e.record));
}

#[test]
fn a_locked_database_keeps_the_match_aside_until_it_is_free() {
    let dir = folder("locked");
    let (_, first) = entry(Preset::CourtPiece, 1, &FOUR);
    assert!(matches!(keep(&dir, &first), Ok(Kept::Database(_))));
    // another program holds the database for writing
    let other = rusqlite::Connection::open(dir.join(DATABASE)).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let (_, second) = entry(Preset::CourtPiece, 2, &FOUR);
    let Ok(Kept::SideFile { why, .. }) = keep(&dir, &second) else {
        panic!("a locked database can not take the match");
    };
    assert!(matches!(why, HistoryError::Locked { .. }), "{why}");
    assert!(why.to_string().contains("in use by another program"), "{why}");
    assert_eq!(side_files(&dir).len(), 1);
    other.execute_batch("ROLLBACK").unwrap();
    drop(other);
    let (history, imported) = History::open(&dir).unwrap();
    assert_eq!(imported.len(), 1);
    assert_eq!(history.list(&Filter::default()).unwrap().len(), 2);
    assert!(side_files(&dir).is_empty());
}

#[test]
fn a_database_of_a_newer_build_is_left_alone() {
    let dir = folder("newer");
    let (_, first) = entry(Preset::CourtPiece, 1, &FOUR);
    assert!(matches!(keep(&dir, &first), Ok(Kept::Database(_))));
    let other = rusqlite::Connection::open(dir.join(DATABASE)).unwrap();
    other.pragma_update(None, "user_version", 7).unwrap();
    drop(other);
    let (_, second) = entry(Preset::CourtPiece, 2, &FOUR);
    let Ok(Kept::SideFile { why, .. }) = keep(&dir, &second) else {
        panic!("a newer database can not take the match");
    };
    assert!(
        why.to_string()
            .contains("newer courtpiece (version 7; this one reads up to 2)"),
        "{why}"
    );
    // its matches are untouched
    let other = rusqlite::Connection::open(dir.join(DATABASE)).unwrap();
    let n: i64 = other
        .query_row("SELECT COUNT(*) FROM matches", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
    assert_eq!(side_files(&dir).len(), 1);
}

#[test]
fn a_side_file_that_is_not_a_match_is_set_aside_and_the_others_imported() {
    let dir = folder("bad-side-file");
    std::fs::create_dir_all(dir.join(PENDING)).unwrap();
    std::fs::write(
        dir.join(PENDING).join("0-broken.json"),
        "{\"format\": \"courtpiece-kept-match\"",
    )
    .unwrap();
    // a good one waiting beside it
    std::fs::write(dir.join(DATABASE), b"garbage").unwrap();
    let (_, e) = entry(Preset::HokmTwo, 3, &FOUR[..2]);
    assert!(matches!(keep(&dir, &e), Ok(Kept::SideFile { .. })));
    std::fs::remove_file(dir.join(DATABASE)).unwrap();
    let (history, imported) = History::open(&dir).unwrap();
    assert_eq!(imported.len(), 2);
    assert!(imported.iter().any(|i| matches!(i, Imported::Match { .. })));
    assert!(imported.iter().any(|i| matches!(
        i,
        Imported::Refused { why: HistoryError::BadSideFile { .. }, file } if file.extension().is_some_and(|x| x == "bad")
    )));
    assert_eq!(side_files(&dir), ["0-broken.bad"]);
    assert_eq!(history.list(&Filter::default()).unwrap()[0].rules, "hokm-2");
}

#[test]
fn a_record_that_does_not_replay_is_refused_and_nothing_is_kept() {
    let dir = folder("bad-record");
    let (_, mut e) = entry(Preset::CourtPiece, 1, &FOUR);
    e.record.moves.swap(3, 9);
    assert!(matches!(keep(&dir, &e), Err(HistoryError::Record(_))));
    let (_, mut wrong) = entry(Preset::CourtPiece, 2, &FOUR);
    wrong.people.pop();
    assert!(matches!(
        keep(&dir, &wrong),
        Err(HistoryError::People { named: 3, table: 4 })
    ));
    assert!(side_files(&dir).is_empty());
    let (history, _) = History::open(&dir).unwrap();
    assert!(history.list(&Filter::default()).unwrap().is_empty());
}
