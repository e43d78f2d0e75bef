//! `courtpiece arena --diverge`: where A's bots and B's part ways, and what A's choices were
//! worth, played on both ways on the table's own deals.

use courtpiece_bots::arena::divergence::{Group, Parting, part_set};
use courtpiece_rules::RuleSet;
use serde::Serialize;

use super::{CliError, Options, describe_rules, run_sets};

#[derive(Serialize)]
struct Figures {
    a: String,
    b: String,
    rules: String,
    hands: u32,
    /// The seeds of the sets of deals played.
    seeds: Vec<u64>,
    groups: Vec<Group>,
}

/// The partings of every set of deals of `seeds`, together.
pub fn run(o: &Options, rules: &RuleSet, threads: usize, seeds: &[u64]) -> Result<(), CliError> {
    let sets: Vec<_> = seeds
        .iter()
        .flat_map(|&seed| {
            run_sets(o, threads, seed, |index| {
                let set = part_set(rules, seed, index, o.a.entrant(), o.b.entrant());
                (set.hands, set)
            })
        })
        .collect();
    let hands = sets.iter().map(|set| set.hands).sum();
    let partings: Vec<Parting> = sets.into_iter().flat_map(|set| set.partings).collect();
    let figures = Figures {
        a: o.a.to_string(),
        b: o.b.to_string(),
        rules: describe_rules(rules),
        hands,
        seeds: seeds.to_vec(),
        groups: Group::all(&partings),
    };
    o.say(format_args!(
        "{} (A) against {} (B), {} rules: {} hands on duplicate deals; each card of A's that B would not \
         have played, played on both ways",
        figures.a, figures.b, figures.rules, figures.hands
    ));
    o.say(format_args!(
        "{:<36} {:>6} {:>7} {:>22} {:>8} {:>6} {:>7} {:>8}",
        "cards", "count", "differ", "A's gain a card (±95%)", "total", "hands", "courts", "against"
    ));
    for g in &figures.groups {
        o.say(format_args!(
            "{:<36} {:>6} {:>7} {:>+12.5} ± {:<7.5} {:>+8.3} {:>+6} {:>+7} {:>+8}",
            g.label, g.cards, g.differ, g.gain, g.ci95, g.total, g.won, g.courts, g.courts_against
        ));
    }
    if o.json {
        say!("{}", serde_json::to_string(&figures).unwrap_or_default());
    }
    Ok(())
}
