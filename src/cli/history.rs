//! `courtpiece history`: the matches kept in the history, newest first, and each player's
//! figures; `--record N` prints match N's game record, to `replay` or watch.

use courtpiece::{history, words};
use courtpiece_history::{Filter, MatchRow, PlayerStats, Split};
use courtpiece_rules::Preset;

use super::CliError;

#[derive(Debug, clap::Args)]
pub struct Options {
    /// Only the matches of this preset's rules.
    #[arg(long, value_name = "PRESET", value_parser = super::parse_preset)]
    pub rules: Option<Preset>,
    /// Print match N's game record (JSON) instead of the list.
    #[arg(long, value_name = "N", conflicts_with_all = ["rules", "json"])]
    pub record: Option<i64>,
    /// Print the matches and the figures as one line of JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(o: &Options) -> Result<(), CliError> {
    let fail = |e: courtpiece_history::HistoryError| CliError::Usage(e.to_string());
    let (history, imported) = history::open().map_err(fail)?;
    for line in imported {
        eprintln!("{line}");
    }
    if let Some(id) = o.record {
        let record = history
            .record(id)
            .map_err(fail)?
            .ok_or_else(|| CliError::Usage(format!("the history has no match number {id}")))?;
        say!("{}", record.to_json());
        return Ok(());
    }
    let filter = Filter {
        rules: o.rules.map(|p| p.to_string()),
    };
    let matches = history.list(&filter).map_err(fail)?;
    let players = history.stats(&filter).map_err(fail)?;
    if o.json {
        let line = serde_json::json!({ "matches": matches, "players": players });
        say!("{line}");
        return Ok(());
    }
    if matches.is_empty() {
        say!(
            "No matches kept yet: the matches you play in the window or host with `serve` will be listed here."
        );
        return Ok(());
    }
    for row in &matches {
        say!("{}", match_line(row));
    }
    say!();
    say!("Players (calling: the hands in which their side called trumps):");
    for p in &players {
        say!("{}", player_line(p));
    }
    Ok(())
}

/// "#3    2026-11-25 16:40  Court Piece  Anna & Chandni 3 – Bilal & Darius 1, 12 hands".
fn match_line(row: &MatchRow) -> String {
    let game = courtpiece::words::game(&format!("{}: {}", row.rules, row.options.join(", ")));
    let end = if row.finished { "" } else { ", unfinished" };
    format!(
        "#{:<4} {}  {game}  {}, {}{end}",
        row.id,
        history::utc(row.played_at),
        row.sides_line(),
        courtpiece::words::hands(row.hands)
    )
}

/// "Asha (Hard bot): won 4 of 4 matches and 44 of 61 hands, courts 4, 52-courts 0; calling: 33 of 40, courts 2;
/// not calling: 11 of 21, courts 2".
fn player_line(p: &PlayerStats) -> String {
    let split = |s: Split| format!("{} of {}, courts {}", s.won, s.hands, s.courts);
    let all = p.all();
    format!(
        "{}: won {} of {} and {} of {}, courts {}, 52-courts {}; calling: {}; not calling: {}",
        words::history_player(&p.name, &p.kind),
        p.matches_won,
        words::counted(p.matches, "match", "matches"),
        all.won,
        words::hands(all.hands),
        all.courts,
        all.fifty_twos,
        split(p.as_caller),
        split(p.not_caller)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_of_one_match_and_one_hand_is_counted_in_the_singular() {
        let p = PlayerStats {
            name: "Asha".to_owned(),
            kind: "bot:hard".to_owned(),
            matches: 1,
            matches_won: 0,
            as_caller: Split {
                hands: 1,
                won: 0,
                courts: 0,
                fifty_twos: 0,
            },
            not_caller: Split::default(),
        };
        assert_eq!(
            player_line(&p),
            "Asha (Hard bot): won 0 of 1 match and 0 of 1 hand, courts 0, 52-courts 0; calling: 0 of 1, courts 0; \
             not calling: 0 of 0, courts 0"
        );
    }
}
