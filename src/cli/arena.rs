//! `courtpiece arena`: bots against bots on duplicate deals, on every core asked for.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use courtpiece::figures::{describe_seeds, seeds};
use courtpiece::outside::Player;
use courtpiece::words;
use courtpiece_bots::arena::{Calls, Summary, play_set};
use courtpiece_rules::RuleSet;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::CliError;

mod partings;

#[derive(Debug, clap::Args)]
pub struct Options {
    /// Bot A: easy, medium, hard, expert, or an outside program as ext:"COMMAND" (see
    /// docs/bot-protocol.md; a process is started for each of its seats in each match).
    #[arg(long, value_parser = super::parse_player)]
    pub a: Player,
    /// Bot B, the same way.
    #[arg(long, value_parser = super::parse_player)]
    pub b: Player,
    /// Play matches until at least this many hands are played.
    #[arg(long, default_value_t = 2000)]
    pub hands: u32,
    /// The deals: another seed, another set of duplicate deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Several sets of deals, one after another, each played to --hands: seeds as 1-14, 1,3,7
    /// or 1-3,9. Each seed's figures are printed as it ends, then all of them together.
    #[arg(long, value_name = "LIST", value_parser = parse_seeds, conflicts_with = "seed")]
    pub seeds: Option<Seeds>,
    /// The rules: any preset (tables of three and two too) or file of options, and `--rule`
    /// changes.
    #[command(flatten)]
    pub rules: super::rules_arg::RulesArgs,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the figures as one line of JSON at the end, the only line on standard output (the
    /// lines for people go to standard error).
    #[arg(long)]
    pub json: bool,
    /// Instead of the match figures: at every card A's bots play where B's would have played
    /// another, play the hand on both ways and say what A's choices were worth, by where in
    /// the hand they came (docs/expert-log.md, "Where Expert and Hard part ways").
    #[arg(long)]
    pub diverge: bool,
}

impl Options {
    /// A line for people: on standard output, or with `--json` on standard error, where it does
    /// not get in the way of a script reading the JSON.
    fn say(&self, line: impl std::fmt::Display) {
        if self.json {
            eprintln!("{line}");
        } else {
            say!("{line}");
        }
    }
}

/// The seeds of `--seeds`.
#[derive(Clone, Debug)]
pub struct Seeds(Vec<u64>);

fn parse_seeds(text: &str) -> Result<Seeds, String> {
    seeds(text).map(Seeds)
}

impl Options {
    /// The seeds of the sets of deals to play, in order.
    fn seeds(&self) -> Vec<u64> {
        self.seeds
            .as_ref()
            .map_or_else(|| vec![self.seed], |s| s.0.clone())
    }
}

#[derive(Serialize)]
struct Figures {
    a: String,
    b: String,
    rules: String,
    matches: u32,
    hands: u32,
    a_hand_win_rate: f64,
    a_match_win_rate: f64,
    ci95: f64,
    a_courts: u32,
    b_courts: u32,
    /// How the hands A's bots called ended, then B's.
    a_calls: Calls,
    b_calls: Calls,
    a_ms_p50: f64,
    a_ms_p95: f64,
    b_ms_p50: f64,
    b_ms_p95: f64,
    /// The seeds of the sets of deals these figures count.
    seeds: Vec<u64>,
    /// With several seeds, each one's figures on its own.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    by_seed: Vec<Figures>,
}

impl Figures {
    fn of(o: &Options, rules: &RuleSet, s: &Summary, seeds: Vec<u64>) -> Figures {
        Figures {
            a: o.a.to_string(),
            b: o.b.to_string(),
            rules: describe_rules(rules),
            matches: s.matches,
            hands: s.hands,
            a_hand_win_rate: s.a_hand_win_rate,
            a_match_win_rate: s.a_match_win_rate,
            ci95: s.ci95,
            a_courts: s.courts[0],
            b_courts: s.courts[1],
            a_calls: s.by_caller[0],
            b_calls: s.by_caller[1],
            a_ms_p50: s.a_ms_p50,
            a_ms_p95: s.a_ms_p95,
            b_ms_p50: s.b_ms_p50,
            b_ms_p95: s.b_ms_p95,
            seeds,
            by_seed: Vec::new(),
        }
    }
}

pub fn run(o: Options) -> Result<(), CliError> {
    if o.hands == 0 {
        return Err(CliError::Usage("--hands must be at least 1".into()));
    }
    let threads = o
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > 256 {
        return Err(CliError::Usage("--threads must be between 1 and 256".into()));
    }
    // the figures name a program by its command, what was run, not by the name it gives
    for player in [&o.a, &o.b] {
        if let Player::Program(program) = player {
            program
                .clone()
                .check()
                .map_err(|e| CliError::Usage(e.to_string()))?;
        }
    }
    let rules = o.rules.rule_set()?;
    if !rules.ends_by_itself() {
        return Err(CliError::Usage(
            "these rules have no target and no number of hands: their matches would never end".into(),
        ));
    }
    let seeds = o.seeds();
    if o.diverge {
        return partings::run(&o, &rules, threads, &seeds);
    }
    let mut all = Vec::new();
    let mut by_seed = Vec::new();
    for &seed in &seeds {
        let sets = run_sets(&o, threads, seed, |index| {
            let set = play_set(&rules, seed, index, o.a.entrant(), o.b.entrant());
            (set.iter().map(|m| m.hands).sum(), set)
        });
        if seeds.len() > 1 {
            let figures = Figures::of(&o, &rules, &Summary::of(&sets), vec![seed]);
            o.say(describe_seed(seed, &figures));
            by_seed.push(figures);
        }
        all.extend(sets);
    }
    let mut figures = Figures::of(&o, &rules, &Summary::of(&all), seeds);
    figures.by_seed = by_seed;
    if figures.seeds.len() > 1 {
        o.say(format_args!(
            "{} sets of deals together (seeds {}):",
            figures.seeds.len(),
            describe_seeds(&figures.seeds)
        ));
    }
    o.say(format_args!(
        "{} (A) against {} (B), {} rules: {}, {} on duplicate deals",
        figures.a,
        figures.b,
        figures.rules,
        words::counted(figures.matches, "match", "matches"),
        words::hands(figures.hands)
    ));
    o.say(format_args!(
        "A wins {:.1} % of hands",
        100.0 * figures.a_hand_win_rate
    ));
    o.say(format_args!(
        "A wins {:.1} % of matches (95 % interval ± {:.1})",
        100.0 * figures.a_match_win_rate,
        100.0 * figures.ci95
    ));
    o.say(format_args!(
        "courts: A {} - B {}",
        figures.a_courts, figures.b_courts
    ));
    for (who, calls) in [("A", &figures.a_calls), ("B", &figures.b_calls)] {
        o.say(describe_calls(who, calls));
    }
    o.say(format_args!(
        "decision time: A p50 {:.4} ms, p95 {:.4} ms; B p50 {:.4} ms, p95 {:.4} ms",
        figures.a_ms_p50, figures.a_ms_p95, figures.b_ms_p50, figures.b_ms_p95
    ));
    if o.json {
        say!("{}", serde_json::to_string(&figures).unwrap_or_default());
    }
    Ok(())
}

/// The rules as the figures name them: the preset and any changes.
fn describe_rules(rules: &RuleSet) -> String {
    match courtpiece_rules::options::describe_game(rules) {
        (preset, changes) if changes.is_empty() => preset.to_string(),
        (preset, changes) => format!("{preset}: {}", changes.join(", ")),
    }
}

/// One seed's figures in a line, as it ends in a run of several.
fn describe_seed(seed: u64, f: &Figures) -> String {
    format!(
        "seed {seed}: A wins {:.1} % of {} (± {:.1}) and {:.1} % of {}; courts A {} - B {}; \
         p95 A {} ms, B {} ms",
        100.0 * f.a_match_win_rate,
        words::counted(f.matches, "match", "matches"),
        100.0 * f.ci95,
        100.0 * f.a_hand_win_rate,
        words::hands(f.hands),
        f.a_courts,
        f.b_courts,
        ms(f.a_ms_p95),
        ms(f.b_ms_p95),
    )
}

/// A decision time to a tenth of a millisecond, or to four places where it is under one.
fn ms(ms: f64) -> String {
    match ms < 1.0 {
        true => format!("{ms:.4}"),
        false => format!("{ms:.1}"),
    }
}

/// Plays the duplicate sets of `seed` on `threads` threads until `o.hands` hands are played, each
/// set by `play` (which says how many hands it played), and gives what each set came to in the
/// order of the sets. On one thread a seed plays the same sets every time, to the first that
/// reaches the count; on more, a set a thread has begun is finished, so a run may count a set or
/// two past it, more or fewer as the threads' timing falls.
fn run_sets<T: Send>(
    o: &Options,
    threads: usize,
    seed: u64,
    play: impl Fn(u64) -> (u32, T) + Sync,
) -> Vec<T> {
    let bar = ProgressBar::new(u64::from(o.hands));
    let template = format!("seed {seed} {{bar:40}} {{pos}}/{{len}} hands, {{elapsed}} (eta {{eta}})");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    let next_set = AtomicU64::new(0);
    let hands_done = AtomicU32::new(0);
    let outcomes: Mutex<Vec<(u64, T)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while hands_done.load(Ordering::Relaxed) < o.hands {
                    let index = next_set.fetch_add(1, Ordering::Relaxed);
                    let (hands, set) = play(index);
                    hands_done.fetch_add(hands, Ordering::Relaxed);
                    bar.inc(u64::from(hands));
                    if let Ok(mut all) = outcomes.lock() {
                        all.push((index, set));
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut all = outcomes.into_inner().unwrap_or_default();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, set)| set).collect()
}

/// How the hands one bot called ended, in shares of those hands.
fn describe_calls(who: &str, calls: &Calls) -> String {
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(calls.hands.max(1));
    format!(
        "{who} called {}: won {:.1} % ({:.1} % with a court), lost {:.1} % ({:.1} % to a court)",
        words::hands(calls.hands),
        share(calls.won),
        share(calls.courts),
        share(calls.hands - calls.won),
        share(calls.courts_against),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_that_called_one_hand_is_said_to_have_called_a_hand() {
        let one = Calls {
            hands: 1,
            won: 1,
            courts: 0,
            courts_against: 0,
        };
        assert_eq!(
            describe_calls("A", &one),
            "A called 1 hand: won 100.0 % (0.0 % with a court), lost 0.0 % (0.0 % to a court)"
        );
        let none = describe_calls("B", &Calls::default());
        assert_eq!(
            none,
            "B called 0 hands: won 0.0 % (0.0 % with a court), lost 0.0 % (0.0 % to a court)"
        );
    }
}
