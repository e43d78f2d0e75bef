//! `courtpiece serve`: a headless host. With only bots it plays as fast as it can; with remote
//! seats (or a port) it opens a table on the LAN and deals once every remote seat is taken.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use courtpiece::figures::clock_seed;
use courtpiece::history::{self, HistoryFolder, LastKept, Sitters};
use courtpiece::outside::Program;
use courtpiece_bots::Entrant;
use courtpiece_bots::Level;
use courtpiece_game::{
    Controller, GamePlugin, Pacing, Phase, Programs, SavePath, SaveTrouble, StartMatch, snapshot,
};
use courtpiece_history::Sitter;
use courtpiece_net::{SeatPlan, TableCode};
use courtpiece_rules::{GameRecord, MatchSummary, RuleSet, Seat};

use super::CliError;

pub(crate) mod lan;

/// The longest `--grace`, an hour: a dropped player's client stops trying to come back long
/// before it, and past it the seconds no longer fit a clock's time.
const MAX_GRACE: f64 = 3600.0;

pub(crate) fn parse_code(text: &str) -> Result<TableCode, String> {
    text.parse()
        .map_err(|e: courtpiece_net::code::BadCode| e.to_string())
}

#[derive(Debug, clap::Args)]
pub struct Options {
    /// A seat each for the rules' players (four; three for hokm-3 and for dummy, whose dummy is
    /// played by its driver; two for hokm-2), each bot:easy, bot:medium, bot:hard, bot:expert,
    /// remote (a person who joins) or ext:COMMAND (an outside program, see docs/bot-protocol.md;
    /// a command without commas), e.g. bot:medium,remote,remote,remote.
    #[arg(long)]
    pub seats: String,
    /// Open the table on this UDP port (remote seats open it on 47777 by default).
    #[arg(long)]
    pub port: Option<u16>,
    /// The table code players need, like KOT-4821 (a fresh one is made if not given).
    #[arg(long, value_parser = parse_code, conflicts_with = "open")]
    pub code: Option<TableCode>,
    /// No code: anyone on the network may join.
    #[arg(long)]
    pub open: bool,
    /// The table's name in LAN listings.
    #[arg(long, default_value = "Court Piece table")]
    pub table: String,
    /// Seconds a dropped player keeps their seat before a bot plays it (0 to 3600).
    #[arg(long, default_value_t = 10.0, allow_negative_numbers = true)]
    pub grace: f64,
    /// Answer LAN discovery on this address (the default is every interface, port 47778;
    /// `off` answers nobody).
    #[arg(long)]
    pub discovery: Option<String>,
    #[command(flatten)]
    pub rules: super::rules_arg::RulesArgs,
    /// Play one match of exactly this many hands.
    #[arg(long, conflicts_with_all = ["matches", "resume"])]
    pub hands: Option<u32>,
    /// Play this many matches under the rules' own end.
    #[arg(long, default_value_t = 1)]
    pub matches: u32,
    /// Seed of the deals (a random one if not given, said on standard error); the same seed deals
    /// the same cards. With --matches N the later matches take the seeds after it. A resumed
    /// match keeps its record's.
    #[arg(long, conflicts_with = "resume")]
    pub seed: Option<u64>,
    /// Seconds each person has for a decision (5 to 600) before a bot makes it for them.
    #[arg(long, value_parser = clap::value_parser!(u16).range(5..=600))]
    pub turn_timer: Option<u16>,
    /// How long bots think before each decision, in milliseconds (up to 60000).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(..=60_000))]
    pub think_ms: u64,
    /// Keep the record here, saved after every trick (every move at a table of people, whose
    /// seats and their tokens go beside it in FILE's name with .seats.json). With --matches N
    /// each match has its own file: the first FILE itself, the others FILE with -2, -3, …
    /// before its extension (m.json, m-2.json, m-3.json).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Go on with the match this record stopped in, and keep saving it there unless --record
    /// names another file. A LAN table gives each saved seat back only to its owner, and keeps
    /// its code and port unless --code, --open or --port say otherwise. The match keeps its
    /// record's rules.
    #[arg(long, conflicts_with = "rules")]
    pub resume: Option<PathBuf>,
    /// Print each match summary as one line of JSON.
    #[arg(long)]
    pub json: bool,
    /// Keep the matches out of the match history (`courtpiece history`).
    #[arg(long)]
    pub no_history: bool,
}

pub fn run(o: Options) -> Result<(), CliError> {
    if o.matches == 0 {
        return Err(CliError::Usage("--matches must be at least 1".into()));
    }
    if let Some(path) = &o.record {
        record_folder(path)?;
    }
    if o.hands == Some(0) {
        return Err(CliError::Usage("--hands must be at least 1".into()));
    }
    if !(o.grace.is_finite() && (0.0..=MAX_GRACE).contains(&o.grace)) {
        return Err(CliError::Usage(format!(
            "--grace {}: give seconds, 0 to {MAX_GRACE}",
            o.grace
        )));
    }
    let resume = match &o.resume {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
                path: path.clone(),
                source,
            })?;
            Some(
                GameRecord::from_json(&text)
                    .and_then(|r| r.replay().map(|_| r))
                    .map_err(|source| CliError::Record {
                        path: path.clone(),
                        source,
                    })?,
            )
        }
        None => None,
    };
    let mut rules = match &resume {
        Some(_) if !o.rules.changes.is_empty() => {
            return Err(CliError::Usage(
                "a resumed match keeps the rules of its record: no --rule with --resume".into(),
            ));
        }
        Some(record) => record.rules.clone(),
        None => o.rules.rule_set()?,
    };
    if let (Some(n), None) = (o.hands, &resume) {
        rules.max_hands = Some(n);
        rules.target = None;
    }
    // a headless table cannot call time, so its match must end by itself
    if !rules.ends_by_itself() {
        return Err(CliError::Usage(
            "these rules have no target and no number of hands: give --hands N, or a target".into(),
        ));
    }
    let (plan, mut programs) = parse_seats(&o.seats, &rules)?;
    for program in &mut programs {
        program
            .check()
            .map_err(|e| CliError::Usage(format!("--seats: {e}")))?;
    }
    let programs = Programs(
        programs
            .into_iter()
            .map(|p| Arc::new(p) as Arc<dyn Entrant>)
            .collect(),
    );
    let first_seed = match (&resume, o.seed) {
        (Some(record), _) => record.seed,
        (None, Some(seed)) => seed,
        (None, None) => {
            // a table hosted again must not deal the same cards again
            let seed = clock_seed();
            eprintln!("Deals of seed {seed}: `--seed {seed}` deals them again.");
            seed
        }
    };
    if o.port.is_some() || plan.contains(&SeatPlan::Open) {
        return lan::run(&o, plan, programs, rules, first_seed, resume);
    }
    if o.turn_timer.is_some() {
        return Err(CliError::Usage(
            "--turn-timer times people, and every seat is a bot: give remote seats".into(),
        ));
    }
    // the LAN's flags with no table on the LAN would be passed over without a word
    let lan_flag = [
        (o.code.is_some(), "--code"),
        (o.open, "--open"),
        (o.discovery.is_some(), "--discovery"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag));
    if let Some(flag) = lan_flag {
        return Err(CliError::Usage(format!(
            "{flag} is for a table on the LAN, and every seat is a bot: give remote seats or --port"
        )));
    }
    let people: Vec<Controller> = plan
        .iter()
        .map(|p| match p {
            SeatPlan::Bot(level) => Controller::Bot(*level),
            SeatPlan::Program(i) => Controller::Program(*i),
            SeatPlan::Open => Controller::Local,
        })
        .collect();
    let started = Instant::now();
    let mut hands = 0;
    let mut resume = resume;
    for i in 0..o.matches {
        let seed = first_seed.wrapping_add(u64::from(i));
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, GamePlugin))
            .insert_resource(Pacing {
                think: Duration::from_millis(o.think_ms),
                turn_timer: None,
            })
            .insert_resource(programs.clone());
        if let Some(path) = o.record.as_ref().or(o.resume.as_ref()) {
            app.insert_resource(SavePath(match_record_path(path, i + 1)));
        }
        keep_in_history(&mut app, &o, Some(sitters(&plan, &programs)));
        app.world_mut().write_message(StartMatch {
            rules: rules.clone(),
            seed,
            people: people.clone(),
            resume: resume.take(),
        });
        let summary = run_match(&mut app)?;
        say_kept(app.world());
        hands += summary.hands;
        if o.json {
            say!("{}", serde_json::to_string(&summary).unwrap_or_default());
        } else {
            say!("{}", summary.to_text());
        }
        saved(app.world())?;
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "{} in {:.2} s: {:.0} hands per minute",
        courtpiece::words::hands(hands),
        minutes * 60.0,
        f64::from(hands) / minutes
    );
    Ok(())
}

/// Keeps the table's matches in the history unless `--no-history` says not to: with `sitters`
/// at a table of bots, or as a LAN host's lobby shows them.
pub(crate) fn keep_in_history(app: &mut App, o: &Options, sitters: Option<Vec<Sitter>>) {
    if o.no_history {
        return;
    }
    let Some(folder) = history::folder() else {
        eprintln!("This system names no data folder: the matches are not kept in the history.");
        return;
    };
    app.add_plugins(history::plugin)
        .insert_resource(HistoryFolder(folder));
    if let Some(sitters) = sitters {
        app.insert_resource(Sitters(sitters));
    }
}

/// Says on the standard error where the match just finished was kept, or why not.
pub(crate) fn say_kept(world: &World) {
    if let Some(said) = world.get_resource::<LastKept>().and_then(|l| l.0.as_ref()) {
        match said {
            Ok(text) => eprintln!("{text}"),
            Err(text) => eprintln!("courtpiece: {text}"),
        }
    }
}

/// Who sits at a table of bots and programs.
fn sitters(plan: &[SeatPlan], programs: &Programs) -> Vec<Sitter> {
    plan.iter()
        .zip(Seat::ALL)
        .map(|(p, seat)| match p {
            SeatPlan::Bot(level) => history::bot(seat, *level),
            SeatPlan::Program(i) => Sitter {
                name: programs
                    .0
                    .get(usize::from(*i))
                    .map_or_else(|| "outside program".to_owned(), |p| p.label()),
                kind: "outside".to_owned(),
            },
            SeatPlan::Open => Sitter {
                name: "remote".to_owned(),
                kind: "person".to_owned(),
            },
        })
        .collect()
}

/// The record file of match number `n` (from 1) of a run: the path itself for the first, the
/// path with `-n` before its extension for the others, so that no match overwrites another.
pub(crate) fn match_record_path(path: &Path, n: u32) -> PathBuf {
    if n <= 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

/// The folder `--record` names must be there before the first trick is saved into it.
fn record_folder(path: &Path) -> Result<(), CliError> {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if folder.is_dir() {
        Ok(())
    } else {
        Err(CliError::Usage(format!(
            "--record {}: there is no folder {}",
            path.display(),
            folder.display()
        )))
    }
}

/// Says on standard error when saving the record starts to fail, and when it works again, as
/// the match goes on.
pub(crate) fn tell_save_trouble(world: &World, told: &mut Option<String>) {
    let now = world.get_resource::<SaveTrouble>().and_then(|t| t.0.clone());
    if now != *told {
        match &now {
            Some(why) => eprintln!("courtpiece: {why}"),
            None => eprintln!("The match is saved again."),
        }
        *told = now;
    }
}

/// An error if the match's last save failed: the record on disk is behind the match.
pub(crate) fn saved(world: &World) -> Result<(), CliError> {
    match world.get_resource::<SaveTrouble>().and_then(|t| t.0.clone()) {
        Some(why) => Err(CliError::Save(why)),
        None => Ok(()),
    }
}

fn run_match(app: &mut App) -> Result<MatchSummary, CliError> {
    // the table takes its match in the first frame, or refuses it and waits for another
    app.update();
    if snapshot(app.world()).is_none() {
        return Err(CliError::Usage(
            "the table refused the match: its rules or seats do not play".into(),
        ));
    }
    let mut told = None;
    loop {
        app.update();
        tell_save_trouble(app.world(), &mut told);
        if *app.world().resource::<State<Phase>>().get() == Phase::MatchOver {
            break;
        }
    }
    snapshot(app.world())
        .map(|table| table.game.summary())
        .ok_or_else(|| CliError::Usage("the table was cleared before the match ended".into()))
}

/// A seat for each of the rules' players (`V-PLAYERS`), each a bot of a level that plays at
/// such a table, a remote person, or an outside program (the programs come second, in the
/// order of their seats' `SeatPlan::Program` numbers).
fn parse_seats(text: &str, rules: &RuleSet) -> Result<(Vec<SeatPlan>, Vec<Program>), CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let bad = |why: String| CliError::Usage(format!("--seats {text:?}: {why}"));
    let players = rules.seats().people();
    if parts.len() != players {
        let table = if rules.dummy {
            "Dummy Rang's table of three people and a dummy".to_string()
        } else {
            format!("a table of {players}")
        };
        return Err(bad(format!(
            "{table} needs {players} seats, {} given",
            parts.len()
        )));
    }
    let mut seats = vec![SeatPlan::Open; players];
    let mut programs = Vec::new();
    for (slot, part) in seats.iter_mut().zip(&parts) {
        *slot = match part.split_once(':') {
            Some(("bot", level)) => SeatPlan::Bot(level.parse::<Level>().map_err(|e| bad(e.to_string()))?),
            Some(("ext", command)) if !command.trim().is_empty() => {
                let number = u8::try_from(programs.len()).map_err(|_| bad("too many programs".into()))?;
                programs.push(Program::new(command));
                SeatPlan::Program(number)
            }
            _ if *part == "remote" => SeatPlan::Open,
            _ if *part == "local" => {
                return Err(bad(
                    "a local seat is the desktop table's; a headless host has none".into(),
                ));
            }
            _ => return Err(bad(format!("{part:?} is not bot:LEVEL, remote or ext:COMMAND"))),
        };
    }
    Ok((seats, programs))
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use courtpiece_bots::Level;
    use courtpiece_net::SeatPlan;
    use courtpiece_rules::Preset;

    use super::{match_record_path, parse_seats};

    #[test]
    fn seats_are_counted_against_the_rules() {
        let three = Preset::HokmThree.rules();
        assert_eq!(
            parse_seats("bot:medium, bot:easy ,remote", &three).unwrap().0,
            vec![
                SeatPlan::Bot(Level::Medium),
                SeatPlan::Bot(Level::Easy),
                SeatPlan::Open
            ]
        );
        let four = parse_seats("bot:easy,bot:easy,bot:easy,bot:easy", &three).unwrap_err();
        assert!(
            four.to_string().contains("a table of 3 needs 3 seats, 4 given"),
            "{four}"
        );
        let two = Preset::HokmTwo.rules();
        assert!(parse_seats("bot:hard,bot:medium", &two).is_ok());
        assert!(parse_seats("bot:easy,bot:medium,remote", &Preset::Hokm.rules()).is_err());
        // Dummy Rang seats its three people; the dummy has nobody of its own
        let dummy = Preset::Dummy.rules();
        assert_eq!(
            parse_seats("bot:hard,remote,bot:easy", &dummy).unwrap().0.len(),
            3
        );
        let (seats, programs) = parse_seats("ext:./a --x,bot:easy,ext: b", &three).unwrap();
        assert_eq!(
            seats,
            vec![
                SeatPlan::Program(0),
                SeatPlan::Bot(Level::Easy),
                SeatPlan::Program(1)
            ]
        );
        assert_eq!(
            programs.iter().map(|p| p.command.as_str()).collect::<Vec<_>>(),
            ["./a --x", "b"]
        );
        assert!(parse_seats("ext:,bot:easy,remote", &three).is_err());
        let four = parse_seats("bot:easy,bot:easy,bot:easy,bot:easy", &dummy).unwrap_err();
        assert!(
            four.to_string()
                .contains("Dummy Rang's table of three people and a dummy needs 3 seats, 4 given"),
            "{four}"
        );
    }

    #[test]
    fn each_match_of_a_run_has_its_own_record() {
        let p = Path::new("out/m.json");
        assert_eq!(match_record_path(p, 1), PathBuf::from("out/m.json"));
        assert_eq!(match_record_path(p, 2), PathBuf::from("out/m-2.json"));
        assert_eq!(match_record_path(p, 12), PathBuf::from("out/m-12.json"));
        assert_eq!(match_record_path(Path::new("rec"), 3), PathBuf::from("rec-3"));
        assert_eq!(
            match_record_path(Path::new("a.b.json"), 2),
            PathBuf::from("a.b-2.json")
        );
    }
}
