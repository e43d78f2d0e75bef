//! The database: opening it (created, brought up to date, or refused with a reason), adding a
//! match, listing matches and reading one back.

use std::path::{Path, PathBuf};
use std::time::Duration;

use courtpiece_rules::GameRecord;
use rusqlite::{Connection, OptionalExtension, params};

use crate::entry::{MatchEntry, MatchRow, Sitter};
use crate::error::HistoryError;
use crate::pending::{self, Imported};
use crate::schema::{SCHEMA, migrate};

/// The database's file name in the history's folder.
pub const DATABASE: &str = "history.sqlite3";

/// How long to wait for another program to let go of the database before calling it locked.
const BUSY: Duration = Duration::from_millis(1500);

/// The match history in one folder.
pub struct History {
    conn: Connection,
    path: PathBuf,
}

/// Which matches to list or count: all, or those of one preset's rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub rules: Option<String>,
}

/// Where a match was kept.
#[derive(Debug)]
pub enum Kept {
    /// In the database, with its id there.
    Database(i64),
    /// In a side file, to be imported later, because the database could not take it.
    SideFile { path: PathBuf, why: HistoryError },
}

/// Keeps a match: in the database of `folder` if it opens and takes it, else in a side file
/// beside it. The side file is the last resort, so only a folder that can not be written at all
/// loses the match, and that error is returned.
pub fn keep(folder: &Path, entry: &MatchEntry) -> Result<Kept, HistoryError> {
    let added = History::open(folder).and_then(|(mut history, _)| history.add(entry));
    match added {
        Ok(id) => Ok(Kept::Database(id)),
        // a record that does not replay would be refused again on import
        Err(e @ (HistoryError::Record(_) | HistoryError::People { .. })) => Err(e),
        Err(why) => Ok(Kept::SideFile {
            path: pending::write(folder, entry)?,
            why,
        }),
    }
}

impl History {
    /// Opens the history in `folder`, creating both if need be, and imports the matches kept in
    /// side files while it could not be used.
    pub fn open(folder: &Path) -> Result<(History, Vec<Imported>), HistoryError> {
        std::fs::create_dir_all(folder).map_err(|source| HistoryError::Io {
            path: folder.to_path_buf(),
            source,
        })?;
        let path = folder.join(DATABASE);
        let fail = |e: rusqlite::Error| HistoryError::of(&path, &e);
        let mut conn = Connection::open(&path).map_err(fail)?;
        conn.busy_timeout(BUSY).map_err(fail)?;
        conn.pragma_update(None, "foreign_keys", true).map_err(fail)?;
        // the first read of the file: a file that is not a database fails here
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(fail)?;
        if version > SCHEMA {
            return Err(HistoryError::Newer { path, found: version });
        }
        if version < SCHEMA {
            let tx = conn.transaction().map_err(fail)?;
            migrate(&tx, version).map_err(fail)?;
            tx.commit().map_err(fail)?;
        }
        let mut history = History { conn, path };
        let imported = pending::import(folder, &mut history);
        Ok((history, imported))
    }

    fn fail(&self, e: &rusqlite::Error) -> HistoryError {
        HistoryError::of(&self.path, e)
    }

    /// Adds a finished (or stopped) match; its id.
    pub fn add(&mut self, entry: &MatchEntry) -> Result<i64, HistoryError> {
        let counted = entry.count()?;
        let record = entry.record.to_json();
        let score = serde_json::to_string(&counted.summary.score).unwrap_or_default();
        let options = counted.options.join(" ");
        let winner = counted
            .summary
            .winner
            .and_then(|side| u8::try_from(side.index()).ok());
        let path = self.path.clone();
        let fail = |e: rusqlite::Error| HistoryError::of(&path, &e);
        let tx = self.conn.transaction().map_err(fail)?;
        tx.execute(
            "INSERT INTO matches (played_at, rules, options, seed, hands, finished, score, record)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                i64::try_from(entry.played_at).unwrap_or(i64::MAX),
                counted.rules,
                options,
                // SQLite keeps 64-bit integers signed: the seed's bits, as they are
                i64::from_ne_bytes(entry.record.seed.to_ne_bytes()),
                counted.summary.hands,
                counted.summary.finished,
                score,
                record,
            ],
        )
        .map_err(fail)?;
        let id = tx.last_insert_rowid();
        let names = names_apart(&entry.people);
        for (person, ((sitter, name), side)) in
            (0u8..).zip(entry.people.iter().zip(&names).zip(&counted.sides))
        {
            tx.execute(
                "INSERT INTO people (match_id, person, name, kind, side, won) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, person, name, sitter.kind, side, winner == Some(*side)],
            )
            .map_err(fail)?;
        }
        for h in &counted.hands {
            tx.execute(
                "INSERT INTO hands (match_id, hand, person, won, court, fifty_two, caller)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![id, h.hand, h.person, h.won, h.court, h.fifty_two, h.caller],
            )
            .map_err(fail)?;
        }
        tx.commit().map_err(fail)?;
        Ok(id)
    }

    /// The matches kept, newest first.
    pub fn list(&self, filter: &Filter) -> Result<Vec<MatchRow>, HistoryError> {
        let fail = |e: rusqlite::Error| self.fail(&e);
        let mut query = self
            .conn
            .prepare(
                "SELECT id, played_at, rules, options, hands, finished, score FROM matches
                 WHERE ?1 IS NULL OR rules = ?1 ORDER BY played_at DESC, id DESC",
            )
            .map_err(fail)?;
        let rows = query
            .query_map(params![filter.rules], |row| {
                let options: String = row.get(3)?;
                let score: String = row.get(6)?;
                Ok(MatchRow {
                    id: row.get(0)?,
                    played_at: u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0),
                    rules: row.get(2)?,
                    options: options.split_whitespace().map(str::to_owned).collect(),
                    people: Vec::new(),
                    sides: Vec::new(),
                    hands: row.get(4)?,
                    score: serde_json::from_str(&score).unwrap_or_default(),
                    finished: row.get(5)?,
                    winners: Vec::new(),
                })
            })
            .map_err(fail)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(fail)?;
        let mut people = self
            .conn
            .prepare("SELECT name, kind, side, won FROM people WHERE match_id = ?1 ORDER BY person")
            .map_err(fail)?;
        rows.into_iter()
            .map(|mut row| {
                let sat = people
                    .query_map(params![row.id], |p| {
                        Ok((
                            Sitter {
                                name: p.get(0)?,
                                kind: p.get(1)?,
                            },
                            p.get::<_, u8>(2)?,
                            p.get::<_, bool>(3)?,
                        ))
                    })
                    .map_err(fail)?
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(fail)?;
                for (sitter, side, won) in sat {
                    if won {
                        row.winners.push(sitter.name.clone());
                    }
                    row.people.push(sitter);
                    row.sides.push(side);
                }
                Ok(row)
            })
            .collect()
    }

    /// The game record of match `id`, to replay or watch.
    pub fn record(&self, id: i64) -> Result<Option<GameRecord>, HistoryError> {
        let text: Option<String> = self
            .conn
            .query_row("SELECT record FROM matches WHERE id = ?1", params![id], |row| {
                row.get(0)
            })
            .optional()
            .map_err(|e| self.fail(&e))?;
        text.map(|t| GameRecord::from_json(&t).map_err(HistoryError::Record))
            .transpose()
    }

    pub(crate) fn connection(&self) -> &Connection {
        &self.conn
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// The people's names as kept: a name that sat twice in one match as the same kind of player
/// (a program in two seats, the partners of one command) is numbered from its second seat on
/// ("Example bot 2"), since each player's figures count a match once.
fn names_apart(people: &[Sitter]) -> Vec<String> {
    let mut kept: Vec<(String, &str)> = Vec::with_capacity(people.len());
    for sitter in people {
        let taken = |name: &str| kept.iter().any(|(n, kind)| n == name && *kind == sitter.kind);
        let name = (1u32..)
            .map(|n| match n {
                1 => sitter.name.clone(),
                n => format!("{} {n}", sitter.name),
            })
            .find(|name| !taken(name))
            .unwrap_or_else(|| sitter.name.clone());
        kept.push((name, &sitter.kind));
    }
    kept.into_iter().map(|(name, _)| name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sitter(name: &str, kind: &str) -> Sitter {
        Sitter {
            name: name.to_owned(),
            kind: kind.to_owned(),
        }
    }

    #[test]
    fn a_name_that_sits_twice_as_one_kind_is_numbered() {
        let people = [
            sitter("Example bot", "outside"),
            sitter("Asha", "person"),
            sitter("Example bot", "outside"),
            sitter("Asha", "bot:medium"),
        ];
        assert_eq!(
            names_apart(&people),
            ["Example bot", "Asha", "Example bot 2", "Asha"]
        );
    }
}
