//! The tables of the history and how a database of an older version is brought up to this one.
//! The version is SQLite's `user_version`: 0 for a new, empty file.

use rusqlite::Transaction;

/// The version this build writes.
pub const SCHEMA: i64 = 2;

/// What takes a database from version `i` to `i + 1`, in order.
const MIGRATIONS: [&str; 2] = [
    // 1: matches, the people who sat at them, and each person's hands
    "CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        played_at INTEGER NOT NULL,
        rules TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        hands INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        score TEXT NOT NULL,
        record TEXT NOT NULL
    );
    CREATE INDEX matches_by_rules ON matches (rules, played_at);
    CREATE TABLE people (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        person INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        side INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (match_id, person)
    );
    CREATE INDEX people_by_name ON people (name);
    CREATE TABLE hands (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        hand INTEGER NOT NULL,
        person INTEGER NOT NULL,
        won INTEGER NOT NULL,
        court INTEGER NOT NULL,
        fifty_two INTEGER NOT NULL,
        caller INTEGER NOT NULL,
        PRIMARY KEY (match_id, hand, person)
    );",
    // 2: a name kept twice in one match as one kind of player (a program in two seats) numbered
    // from its second seat on, as matches are kept now, so that its figures count the match once
    "CREATE TEMP TABLE renamed AS
        SELECT p.match_id, p.person, p.name || ' ' || (
            SELECT COUNT(*) + 1 FROM people q
            WHERE q.match_id = p.match_id AND q.name = p.name AND q.kind = p.kind AND q.person < p.person
        ) AS name
        FROM people p
        WHERE EXISTS (
            SELECT 1 FROM people q
            WHERE q.match_id = p.match_id AND q.name = p.name AND q.kind = p.kind AND q.person < p.person
        );
    UPDATE people SET name = (
        SELECT r.name FROM renamed r WHERE r.match_id = people.match_id AND r.person = people.person
    )
    WHERE EXISTS (SELECT 1 FROM renamed r WHERE r.match_id = people.match_id AND r.person = people.person);
    DROP TABLE renamed;",
];

/// Brings a database at version `from` (at most [`SCHEMA`]) up to this build's.
pub(crate) fn migrate(tx: &Transaction, from: i64) -> rusqlite::Result<()> {
    for (version, step) in (1..).zip(MIGRATIONS).skip(usize::try_from(from).unwrap_or(0)) {
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", version)?;
    }
    Ok(())
}
