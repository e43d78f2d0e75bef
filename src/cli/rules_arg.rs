//! The rules of a table from the command line: `--rules` names a preset or a JSON file of
//! options, and each `--rule KEY=VALUE` changes one option.

use std::path::Path;

use courtpiece_rules::options::{parse_rules, with_option};
use courtpiece_rules::{Preset, RuleSet};

use super::CliError;

#[derive(clap::Args, Clone, Debug)]
pub struct RulesArgs {
    /// A preset (court-piece, double-sar, hidden-rang, hokm, troefcall, hokm-3, hokm-2, dummy,
    /// be-ranga, mindi, dabba, satat) or a JSON file of options, like {"preset":"double-sar","first_collect":5} or a record's
    /// "rules" object.
    #[arg(long = "rules", value_name = "PRESET|FILE", default_value = "court-piece", value_parser = parse_rules_arg)]
    pub rules: RuleSet,
    /// Change one option of the rules, like first_collect=5 or ace=no-collect (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub changes: Vec<String>,
}

impl RulesArgs {
    /// The rule set asked for, each change applied in turn and checked.
    pub fn rule_set(&self) -> Result<RuleSet, CliError> {
        self.changes.iter().try_fold(self.rules.clone(), |rules, change| {
            with_option(&rules, change).map_err(|e| CliError::Usage(format!("--rule {change}: {e}")))
        })
    }
}

/// A preset by its id, or the options in a file.
fn parse_rules_arg(text: &str) -> Result<RuleSet, String> {
    if let Ok(preset) = text.parse::<Preset>() {
        let rules = preset.rules();
        rules.validate().map_err(|e| format!("{preset}: {e}"))?;
        return Ok(rules);
    }
    let path = Path::new(text);
    if !path.is_file() {
        return Err(format!(
            "{text:?} is neither a preset (court-piece, double-sar, hidden-rang, hokm, troefcall, hokm-3, hokm-2, dummy, be-ranga, mindi, dabba, satat) nor a file of options"
        ));
    }
    let json = std::fs::read_to_string(path).map_err(|e| format!("{text}: {e}"))?;
    parse_rules(&json).map_err(|e| format!("{text}: {e}"))
}
