//! How the table puts things in words, shared by the window and the terminal.

use courtpiece_bots::Level;
use courtpiece_bots::review::{Outcome, Unit};
use courtpiece_rules::{Card, CardSet, Preset, Seat};

/// `n` things, named `one` or `many` as English counts them: "1 seat", "2 seats", "0 seats".
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// What a review counts, `n` of it: "1 trick", "2 collected tricks" (the Double Sar heap),
/// "3 tens" (Mindi).
pub fn in_unit(n: impl Into<u64>, unit: Unit) -> String {
    match unit {
        Unit::Tricks => counted(n, "trick", "tricks"),
        Unit::Collected => counted(n, "collected trick", "collected tricks"),
        Unit::Tens => counted(n, "ten", "tens"),
    }
}

/// "1 trick", "2 tricks".
pub fn tricks(n: impl Into<u32>) -> String {
    counted(n.into(), "trick", "tricks")
}

/// "1 hand", "2 hands".
pub fn hands(n: impl Into<u32>) -> String {
    counted(n.into(), "hand", "hands")
}

/// `text` cut to at most `most` characters, the last of them "…" where it was cut: a name for a
/// narrow place (an outside program is named by its whole command).
pub fn elided(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_owned();
    }
    let kept: String = text.chars().take(most.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

/// "a card", "2 cards".
pub fn cards(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "a card".to_owned(),
        n => format!("{n} cards"),
    }
}

/// A card as a player writes it: "A♠", "10♥".
pub fn card(card: Card) -> String {
    format!("{}{}", card.rank(), card.suit().symbol())
}

/// Cards as a player lists them: "A♠ and K♠".
pub fn card_list(cards: CardSet) -> String {
    let names: Vec<String> = cards.iter().rev().map(card).collect();
    listed(&names)
}

/// Things listed as a sentence does: "Asha", "Asha and Bilal", "Asha, Bilal and Chandni".
pub fn listed(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// " with a ten", " with 2 tens" after a collection where tens count (Mindi); nothing elsewhere.
pub fn tens_in(tens: u8, counted: bool) -> String {
    match tens {
        _ if !counted => String::new(),
        0 => " with no ten".to_owned(),
        1 => " with a ten".to_owned(),
        n => format!(" with {n} tens"),
    }
}

/// The bots' names by seat: three bots at a table are three players to tell apart.
const BOTS: [&str; 4] = ["Asha", "Bilal", "Chandni", "Darius"];

/// A bot's name by its seat, and its level: ("Bilal", "Medium bot").
pub fn bot(seat: Seat, level: Level) -> (&'static str, String) {
    (BOTS[seat.index()], format!("{} bot", capitalised(level.name())))
}

/// A player of the match history, by name and kind: "Asha (Medium bot)", "Example bot
/// (program)", or a person's name alone. The bots are named by their seat, so the kind tells
/// the Asha of one level from the Asha of another.
pub fn history_player(name: &str, kind: &str) -> String {
    match kind.split_once(':') {
        Some(("bot", level)) => format!("{name} ({} bot)", capitalised(level)),
        _ if kind == "outside" => format!("{name} (program)"),
        _ => name.to_owned(),
    }
}

/// A game by its rules as a table announces them (a preset's id, and the options that differ
/// from it): "Double Sar", "Double Sar with first_collect=5".
pub fn game(rules: &str) -> String {
    let (id, changes) = rules.split_once(':').unwrap_or((rules, ""));
    let name = id
        .parse::<Preset>()
        .map_or_else(|_| "custom rules".to_owned(), |p| p.title().to_owned());
    match changes.trim() {
        "" => name,
        changes => format!("{name} with {changes}"),
    }
}

/// The first letter made a capital: "you" at the start of a sentence.
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// How a hand ends for a side, as a review says it: "a won hand", "a court against"; where tens
/// are counted (Mindi) the court is a mendikot (RM-KOT).
pub fn hand_end(outcome: Outcome, tens: bool) -> &'static str {
    match (outcome, tens) {
        (Outcome::FiftyTwo, _) => "a 52-court",
        (Outcome::FiftyTwoAgainst, _) => "a 52-court against",
        (Outcome::Court, false) => "a court",
        (Outcome::Court, true) => "a mendikot",
        (Outcome::Won, _) => "a won hand",
        (Outcome::Lost, _) => "a lost hand",
        (Outcome::CourtAgainst, false) => "a court against",
        (Outcome::CourtAgainst, true) => "a mendikot against",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_tells_a_bot_by_its_level_and_a_program_from_a_person() {
        assert_eq!(history_player("Asha", "bot:medium"), "Asha (Medium bot)");
        assert_eq!(history_player("Example bot", "outside"), "Example bot (program)");
        assert_eq!(history_player("Asha", "person"), "Asha");
    }

    #[test]
    fn cards_are_listed_as_a_player_writes_them() {
        let set: CardSet = ["AS", "KS", "TH"].iter().filter_map(|c| c.parse().ok()).collect();
        assert_eq!(card_list(set), "10♥, A♠ and K♠");
        assert_eq!(cards(1u8), "a card");
        assert_eq!(cards(2u8), "2 cards");
    }

    #[test]
    fn one_trick_or_hand_is_singular() {
        assert_eq!(tricks(1u8), "1 trick");
        assert_eq!(tricks(0u8), "0 tricks");
        assert_eq!(tricks(7u8), "7 tricks");
        assert_eq!(hands(1u32), "1 hand");
        assert_eq!(hands(12u32), "12 hands");
        assert_eq!(counted(1u8, "free seat", "free seats"), "1 free seat");
        assert_eq!(counted(0u8, "free seat", "free seats"), "0 free seats");
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(elided("Asha", 8), "Asha");
        assert_eq!(elided("Chandni!", 8), "Chandni!");
        assert_eq!(elided("ext:python3 bot.py", 8), "ext:pyt…");
        assert_eq!(elided("ext:sh -c x", 8), "ext:sh…");
        assert_eq!(elided("ḍḍḍḍḍḍḍḍḍḍ", 4).chars().count(), 4);
    }

    #[test]
    fn bots_at_one_table_have_distinct_names_with_their_level() {
        let names: Vec<(&str, String)> = Seat::ALL.iter().map(|&s| bot(s, Level::Medium)).collect();
        for (i, (name, level)) in names.iter().enumerate() {
            assert_eq!(level, "Medium bot");
            assert!(
                names[i + 1..].iter().all(|(other, _)| other != name),
                "{name} twice"
            );
        }
    }

    #[test]
    fn games_are_named_in_words() {
        assert_eq!(game("double-sar"), "Double Sar");
        assert_eq!(game("court-piece"), "Court Piece");
        assert_eq!(game("custom"), "custom rules");
        assert_eq!(
            game("double-sar: ace=no-collect, first_collect=5"),
            "Double Sar with ace=no-collect, first_collect=5"
        );
    }
}
