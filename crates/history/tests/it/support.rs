//! Matches to keep: played by bots, each person named.

use std::path::{Path, PathBuf};

use courtpiece_bots::Level;
use courtpiece_history::{MatchEntry, Sitter};
use courtpiece_rules::{GameRecord, Intent, Match, Preset, RuleSet};

/// A whole match of `rules` between Easy bots, with the record of it.
pub fn played(rules: &RuleSet, seed: u64) -> (Match, GameRecord) {
    let mut m = Match::new(rules, seed).expect("the rules are valid");
    let mut record = GameRecord::new(rules, seed);
    let mut bots: Vec<_> = (0..4).map(|i| Level::Easy.bot(seed + i)).collect();
    loop {
        m.advance();
        let Some(seat) = m.to_act() else { break };
        let view = m.view(seat);
        let person = m.seating().person_at(seat);
        let intent = match view.legal.first() {
            Some(Intent::Cut { .. }) => view.legal[0],
            _ => bots[person.index()].decide(&view, rules),
        };
        record
            .apply(&mut m, seat, intent)
            .expect("a bot plays a legal intent");
    }
    (m, record)
}

/// A short match of `preset` with its people named `names`.
pub fn entry(preset: Preset, seed: u64, names: &[&str]) -> (Match, MatchEntry) {
    let rules = RuleSet {
        target: Some(3),
        ..preset.rules()
    };
    let (m, record) = played(&rules, seed);
    let people = names
        .iter()
        .map(|n| Sitter {
            name: (*n).to_owned(),
            kind: "bot:easy".to_owned(),
        })
        .collect();
    (
        m,
        MatchEntry {
            played_at: 1_790_000_000 + seed,
            people,
            record,
        },
    )
}

/// A fresh folder for a history, under the build's own temporary folder rather than the system's:
/// each test's is emptied when it starts, so nothing piles up from run to run, and a failed test's
/// files stay to be looked at until the next.
pub fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("courtpiece-history")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub const FOUR: [&str; 4] = ["Anna", "Bilal", "Chandni", "Darius"];
