//! Each player's figures over the matches kept: matches and hands won, courts and 52-courts,
//! split by whether their side called trumps.

use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::error::HistoryError;
use crate::store::{Filter, History};

/// Hands of one kind of a player's: played, won, and won with a court.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    pub hands: u32,
    pub won: u32,
    pub courts: u32,
    pub fifty_twos: u32,
}

/// One player's figures, by name and what played: the bot at North is a player of each level
/// it played at, and a person who takes a bot's name is not that bot.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    pub name: String,
    /// As [`crate::Sitter::kind`].
    #[serde(default)]
    pub kind: String,
    pub matches: u32,
    pub matches_won: u32,
    /// Hands in which their side called trumps (or announced, or led where nobody calls).
    pub as_caller: Split,
    /// The other hands.
    pub not_caller: Split,
}

impl PlayerStats {
    /// Every hand, caller or not.
    pub fn all(&self) -> Split {
        let (a, b) = (self.as_caller, self.not_caller);
        Split {
            hands: a.hands + b.hands,
            won: a.won + b.won,
            courts: a.courts + b.courts,
            fifty_twos: a.fifty_twos + b.fifty_twos,
        }
    }
}

impl History {
    /// The figures of everyone who sat at a match kept, most matches first.
    pub fn stats(&self, filter: &Filter) -> Result<Vec<PlayerStats>, HistoryError> {
        let conn = self.connection();
        let fail = |e: rusqlite::Error| HistoryError::of(self.path(), &e);
        let mut players: Vec<PlayerStats> = conn
            .prepare(
                "SELECT p.name, p.kind, COUNT(*), SUM(p.won) FROM people p JOIN matches m ON m.id = p.match_id
                 WHERE ?1 IS NULL OR m.rules = ?1 GROUP BY p.name, p.kind
                 ORDER BY COUNT(*) DESC, p.name, p.kind",
            )
            .map_err(fail)?
            .query_map(params![filter.rules], |row| {
                Ok(PlayerStats {
                    name: row.get(0)?,
                    kind: row.get(1)?,
                    matches: row.get(2)?,
                    matches_won: row.get(3)?,
                    ..PlayerStats::default()
                })
            })
            .map_err(fail)?
            .collect::<Result<_, _>>()
            .map_err(fail)?;
        let mut hands = conn
            .prepare(
                "SELECT p.name, p.kind, h.caller, COUNT(*), SUM(h.won), SUM(h.court), SUM(h.fifty_two)
                 FROM hands h
                 JOIN people p ON p.match_id = h.match_id AND p.person = h.person
                 JOIN matches m ON m.id = h.match_id
                 WHERE ?1 IS NULL OR m.rules = ?1 GROUP BY p.name, p.kind, h.caller",
            )
            .map_err(fail)?;
        let rows = hands
            .query_map(params![filter.rules], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, bool>(2)?,
                    Split {
                        hands: row.get(3)?,
                        won: row.get(4)?,
                        courts: row.get(5)?,
                        fifty_twos: row.get(6)?,
                    },
                ))
            })
            .map_err(fail)?;
        for row in rows {
            let (name, kind, caller, split) = row.map_err(fail)?;
            if let Some(p) = players.iter_mut().find(|p| p.name == name && p.kind == kind) {
                if caller {
                    p.as_caller = split;
                } else {
                    p.not_caller = split;
                }
            }
        }
        Ok(players)
    }
}
