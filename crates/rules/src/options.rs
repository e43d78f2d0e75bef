//! A rule set written as its options: a preset and the options that differ from it
//! (`{"preset":"double-sar","first_collect":5,"ace":"no-collect"}`), every option (a game
//! record's `rules` object), or one option changed at a time (`first_collect=5`). The option
//! names are the fields of [`RuleSet`] as its JSON writes them; every rule set made here is
//! checked against the combinations the rules play ([`RuleSet::validate`]).

use serde_json::{Map, Value};
use thiserror::Error;

use crate::error::RulesConflict;
use crate::ruleset::{Preset, RuleSet};

/// Why options do not make a rule set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    #[error("the rules are not a JSON object of options: {0}")]
    NotJson(String),
    #[error("{0:?} is not an option (write KEY=VALUE, as first_collect=5)")]
    NotKeyValue(String),
    #[error("\"preset\" names a preset by its id, like \"double-sar\"")]
    PresetNotText,
    #[error(
        "unknown rules preset {0:?} (court-piece, double-sar, hidden-rang, hokm, troefcall, hokm-3, hokm-2, dummy, be-ranga, mindi, dabba, satat)"
    )]
    Preset(String),
    /// An unknown option or a value the option does not take, in serde's words (which list
    /// the options or values there are).
    #[error("{0}")]
    Option(String),
    #[error("rule set refused: {0}")]
    Refused(#[from] RulesConflict),
}

/// The rule set a JSON object of options describes: a `preset` (Court Piece if none) with the
/// other keys changing its options.
pub fn parse_rules(json: &str) -> Result<RuleSet, OptionsError> {
    let value: Value = serde_json::from_str(json).map_err(|e| OptionsError::NotJson(e.to_string()))?;
    let Value::Object(mut options) = value else {
        return Err(OptionsError::NotJson("expected { … }".into()));
    };
    let base = match options.remove("preset") {
        None => Preset::default(),
        Some(Value::String(name)) => name.parse().map_err(|_| OptionsError::Preset(name))?,
        Some(_) => return Err(OptionsError::PresetNotText),
    };
    changed(&base.rules(), options)
}

/// `rules` with one option changed: `KEY=VALUE`, the value as JSON (`5`, `true`, `null`), `none`
/// for no value (`target=none`), or else as text (`ace=no-collect`).
pub fn with_option(rules: &RuleSet, key_value: &str) -> Result<RuleSet, OptionsError> {
    let Some((key, value)) = key_value.split_once('=') else {
        return Err(OptionsError::NotKeyValue(key_value.to_string()));
    };
    let (key, value) = (key.trim(), value.trim());
    if key.is_empty() {
        return Err(OptionsError::NotKeyValue(key_value.to_string()));
    }
    let value = match value {
        "none" => Value::Null,
        _ => serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string())),
    };
    changed(rules, Map::from_iter([(key.to_string(), value)]))
}

/// `rules` with the `options` given changed, checked.
fn changed(rules: &RuleSet, options: Map<String, Value>) -> Result<RuleSet, OptionsError> {
    let Value::Object(mut all) = to_value(rules) else {
        return Err(OptionsError::Option("the rule set is not an object".into()));
    };
    for (key, value) in options {
        if !all.contains_key(&key) {
            // serde names the options there are
            return Err(option_error(serde_json::from_value::<RuleSet>(Value::Object(
                Map::from_iter([(key, value)]),
            ))));
        }
        all.insert(key, value);
    }
    let rules = serde_json::from_value::<RuleSet>(Value::Object(all))
        .map_err(|e| OptionsError::Option(e.to_string()))?;
    rules.validate()?;
    Ok(rules)
}

fn option_error(result: Result<RuleSet, serde_json::Error>) -> OptionsError {
    match result {
        Err(e) => OptionsError::Option(e.to_string()),
        Ok(_) => OptionsError::Option("unknown option".into()),
    }
}

fn to_value(rules: &RuleSet) -> Value {
    serde_json::to_value(rules).unwrap_or(Value::Null)
}

/// The options that set a match's length rather than how it is played (§8).
const LENGTH: [&str; 2] = ["target", "max_hands"];

/// How a rule set reads next to the preset it differs least from: that preset and each option
/// it changes, as `KEY=VALUE` (the match's length, `target` and `max_hands`, included).
pub fn describe(rules: &RuleSet) -> (Preset, Vec<String>) {
    nearest(rules, &[])
}

/// As [`describe`], leaving out how long the match is: the game that is played.
pub fn describe_game(rules: &RuleSet) -> (Preset, Vec<String>) {
    nearest(rules, &LENGTH)
}

/// The options that make a game of their own rather than a way of playing one: between two
/// presets equally near, the one these agree with names the game (Satat with `call=hidden`, not
/// Hidden Rang with `two_of_hearts=true`).
const DEFINING: [&str; 6] = ["players", "dummy", "count", "bidding", "two_of_hearts", "scoring"];

fn nearest(rules: &RuleSet, leave_out: &[&str]) -> (Preset, Vec<String>) {
    let mine = to_value(rules);
    Preset::ALL
        .into_iter()
        .map(|preset| (preset, changes(&to_value(&preset.rules()), &mine, leave_out)))
        .min_by_key(|(_, changes)| {
            let defining = changes
                .iter()
                .filter(|c| DEFINING.iter().any(|key| c.split('=').next() == Some(*key)))
                .count();
            (changes.len(), defining)
        })
        .unwrap_or((Preset::default(), Vec::new()))
}

fn changes(from: &Value, to: &Value, leave_out: &[&str]) -> Vec<String> {
    let (Value::Object(from), Value::Object(to)) = (from, to) else {
        return Vec::new();
    };
    to.iter()
        .filter(|(key, value)| !leave_out.contains(&key.as_str()) && from.get(*key) != Some(value))
        .map(|(key, value)| match value {
            Value::String(text) => format!("{key}={text}"),
            Value::Null => format!("{key}=none"),
            other => format!("{key}={other}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{AceCollect, Mode};

    #[test]
    fn a_game_is_named_by_its_own_preset_before_an_option_of_another() {
        let trup_kasiet = with_option(&Preset::Satat.rules(), "call=hidden").unwrap();
        assert_eq!(
            describe_game(&trup_kasiet),
            (Preset::Satat, vec!["call=hidden".to_string()])
        );
    }

    #[test]
    fn a_preset_with_changed_options() {
        let rules = parse_rules(r#"{"preset":"double-sar","first_collect":5,"ace":"no-collect"}"#)
            .expect("options double sar takes");
        assert_eq!(rules.mode, Mode::DoubleSar);
        assert_eq!(rules.first_collect, 5);
        assert_eq!(rules.ace, AceCollect::NoCollect);
        let (preset, changes) = describe(&rules);
        assert_eq!(preset, Preset::DoubleSar);
        assert_eq!(changes, ["ace=no-collect", "first_collect=5"]);
    }

    #[test]
    fn a_records_rules_object_reads_back_as_itself() {
        for preset in Preset::ALL {
            let json = serde_json::to_string(&preset.rules()).expect("a rule set writes");
            assert_eq!(parse_rules(&json), Ok(preset.rules()), "{preset}");
            assert_eq!(describe(&preset.rules()), (preset, Vec::new()));
        }
    }

    #[test]
    fn one_option_at_a_time() {
        let rules = with_option(&Preset::DoubleSar.rules(), "first_collect=5").expect("a number");
        let rules = with_option(&rules, "ace = no-collect").expect("text without quotes");
        let rules = with_option(&rules, "target=none").expect("no target");
        assert_eq!(
            (rules.first_collect, rules.ace, rules.target),
            (5, AceCollect::NoCollect, None)
        );
        assert_eq!(with_option(&rules, "target=null"), Ok(rules.clone()));
        let (_, changes) = describe(&rules);
        assert!(changes.contains(&"target=none".to_string()), "{changes:?}");
        assert_eq!(describe_game(&rules).1, ["ace=no-collect", "first_collect=5"]);
        // what a listing shows reads back as the same rule set
        let again = changes
            .iter()
            .try_fold(Preset::DoubleSar.rules(), |r, c| with_option(&r, c));
        assert_eq!(again, Ok(rules));
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let court = Preset::CourtPiece.rules();
        let e = with_option(&court, "frist_collect=5").expect_err("a typo");
        assert!(e.to_string().contains("first_collect"), "lists the options: {e}");
        let e = with_option(&court, "ace=sometimes").expect_err("no such value");
        assert!(e.to_string().contains("no-collect"), "lists the values: {e}");
        assert!(matches!(
            with_option(&court, "ace"),
            Err(OptionsError::NotKeyValue(_))
        ));
        assert!(matches!(parse_rules("[1, 2]"), Err(OptionsError::NotJson(_))));
        assert!(matches!(
            parse_rules(r#"{"preset":"bridge"}"#),
            Err(OptionsError::Preset(_))
        ));
        // the rule book's reason for a combination the rules do not play
        let e = with_option(&court, "players=3").expect_err("Court Piece is played by four");
        assert!(matches!(e, OptionsError::Refused(_)), "{e}");
    }
}
