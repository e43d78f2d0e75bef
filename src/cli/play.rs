//! `courtpiece play` (and `courtpiece` alone): a match in the terminal, you and three bots.
//!
//! The bots are of the level asked for (Medium by default); the 3D table comes with the desktop
//! view.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use courtpiece::figures::clock_seed;
use courtpiece::words;
use courtpiece_bots::{Bot, Level};
use courtpiece_rules::{
    CallView, Card, CardSet, Event, GameRecord, HandKind, Intent, Phase, Preset, Seat, SeatView, Suit,
};

use super::CliError;

const YOU: Seat = Seat::ALL[0];
const NAMES: [&str; 4] = ["You", "East", "Partner", "West"];

/// What a player at `you` calls the player at `seat`.
fn name(you: Seat, seat: Seat) -> &'static str {
    NAMES[(seat.index() + 4 - you.index()) % 4]
}

/// The player at `seat` doing something, as the player at `you` says it: "You deal", "East
/// deals".
fn does(you: Seat, seat: Seat, verb: &str) -> String {
    if seat == you {
        format!("You {verb}")
    } else {
        format!("{} {verb}s", name(you, seat))
    }
}

#[derive(Debug, clap::Args)]
pub struct Options {
    /// Rules preset: court-piece, double-sar, hidden-rang, hokm, troefcall.
    #[arg(long = "rules", default_value = "court-piece", value_parser = super::parse_preset)]
    pub preset: Preset,
    /// Level of the three bots: easy, medium, hard.
    #[arg(long = "bots", default_value = "medium", value_parser = super::parse_level)]
    pub level: Level,
    /// Seed of the deals (a random one if not given); the same seed deals the same cards.
    #[arg(long)]
    pub seed: Option<u64>,
    /// End the match after this many hands.
    #[arg(long)]
    pub hands: Option<u32>,
    /// Write the game record here at the end.
    #[arg(long)]
    pub record: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            preset: Preset::CourtPiece,
            level: Level::Medium,
            seed: None,
            hands: None,
            record: None,
        }
    }
}

pub fn run(options: Options) -> Result<(), CliError> {
    let seed = options.seed.unwrap_or_else(clock_seed);
    let mut rules = options.preset.rules();
    if options.hands.is_some() {
        rules.max_hands = options.hands;
    }
    let mut record = GameRecord::new(&rules, seed);
    let mut m = record.start().map_err(|e| CliError::Usage(e.to_string()))?;
    let mut bots: Vec<Box<dyn Bot>> = Seat::ALL
        .iter()
        .map(|s| options.level.bot(seed ^ s.index() as u64))
        .collect();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "Court Piece, {} rules, seed {seed}. You sit with your partner opposite.",
        options.preset
    );
    println!("Type a card to play it (AS, TH, 7C), or `help`.\n");
    show_events(&[m.round().opening_event()], YOU);
    loop {
        show_events(&m.advance(), YOU);
        if m.is_over() {
            break;
        }
        let Some(who) = m.to_act() else { break };
        let intent = if who == YOU {
            match ask(&m.view(YOU), &mut lines)? {
                Some(intent) => intent,
                None => {
                    println!("Goodbye.");
                    break;
                }
            }
        } else {
            bots[who.index()].decide(&m.view(who), m.rules())
        };
        match record.apply(&mut m, who, intent) {
            Ok(events) => show_events(&events, YOU),
            Err(e) => println!("  Not allowed: {e}"),
        }
    }
    println!("\n{}", m.summary().to_text());
    if let Some(path) = options.record {
        std::fs::write(&path, record.to_json()).map_err(|source| CliError::Io { path, source })?;
    }
    Ok(())
}

/// Reads what the player wants until it is one of their legal intents; `None` at the end of
/// input or on `quit`.
fn ask(
    view: &SeatView,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<Option<Intent>, CliError> {
    loop {
        show_table(view);
        print!("{} > ", prompt(view));
        std::io::stdout().flush().ok();
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let line = line.map_err(|source| CliError::Io {
            path: PathBuf::from("<stdin>"),
            source,
        })?;
        let text = line.trim().to_ascii_lowercase();
        match text.as_str() {
            "q" | "quit" | "exit" => return Ok(None),
            "help" | "?" => {
                println!("  {}", describe_legal(&view.legal));
                continue;
            }
            _ => {}
        }
        match parse_intent(&text, view) {
            Some(intent) if view.legal.contains(&intent) => return Ok(Some(intent)),
            Some(intent @ Intent::Play { card }) => match view.why_not_play(card) {
                Some(why) => println!("  You may not {intent}: {why}."),
                None => println!("  You may not {intent} now. {}", describe_legal(&view.legal)),
            },
            Some(intent) => println!("  You may not {intent} now. {}", describe_legal(&view.legal)),
            None => println!("  I did not understand {text:?}. {}", describe_legal(&view.legal)),
        }
    }
}

pub(super) fn prompt(view: &SeatView) -> &'static str {
    match view.phase {
        Phase::Cut => "Cut the deck where? (4-48, or Enter for 26)",
        Phase::TrumpCall => "Call trumps (S, H, D, C)",
        _ if view.legal.contains(&Intent::PlayOn) => "You took the first seven! play on or stop?",
        _ => "Your card",
    }
}

pub(super) fn parse_intent(text: &str, view: &SeatView) -> Option<Intent> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match (view.phase, words.as_slice()) {
        (Phase::Cut, []) => Some(Intent::Cut { at: 26 }),
        (Phase::Cut, [n]) => n.parse().ok().map(|at| Intent::Cut { at }),
        (_, ["redeal"]) => Some(Intent::Redeal),
        (_, ["defer"]) => Some(Intent::Defer),
        (_, ["reveal"]) => Some(Intent::Reveal),
        (_, ["play", "on"]) | (_, ["on"]) => Some(Intent::PlayOn),
        (_, ["stop"]) => Some(Intent::Stop),
        (Phase::TrumpCall, [w]) => {
            if let Ok(suit) = w.parse::<Suit>() {
                return view
                    .legal
                    .iter()
                    .find(|i| match i {
                        Intent::Call { suit: s } => *s == suit,
                        Intent::Show { card } | Intent::Hide { card } => card.suit() == suit,
                        _ => false,
                    })
                    .copied()
                    .or(Some(Intent::Call { suit }));
            }
            let card: Card = w.parse().ok()?;
            view.legal
                .iter()
                .find(|i| matches!(i, Intent::Show { card: c } | Intent::Hide { card: c } if *c == card))
                .copied()
        }
        (_, [w]) => w.parse().ok().map(|card| Intent::Play { card }),
        _ => None,
    }
}

pub(super) fn describe_legal(legal: &[Intent]) -> String {
    let names: Vec<String> = legal.iter().take(16).map(|i| i.to_string()).collect();
    let more = if legal.len() > 16 { ", …" } else { "" };
    format!("You may: {}{more}", names.join(", "))
}

pub(super) fn show_table(view: &SeatView) {
    let trumps = match (view.trumps, view.known_trumps, view.call) {
        (Some(s), _, _) => format!("trumps {}", s.symbol()),
        (None, Some(s), _) => format!("trumps {} (hidden, only you know)", s.symbol()),
        (None, None, Some(CallView::FaceDown)) => "trumps hidden".to_string(),
        _ => "no trumps yet".to_string(),
    };
    let us = view.seat.team().index();
    println!(
        "\n  Hand {} | {trumps} | tricks: you {} - them {} | score {} - {}",
        view.hand_no,
        view.taken[us],
        view.taken[1 - us],
        view.score.points[us],
        view.score.points[1 - us]
    );
    if !view.trick.is_empty() {
        let plays: Vec<String> = view
            .trick
            .plays()
            .map(|(s, c)| format!("{} {}", name(view.seat, s), pretty(c)))
            .collect();
        println!("  On the table: {}", plays.join(", "));
    }
    println!("  Your hand: {}", pretty_hand(view.hand));
    if let Some(card) = view.own_indicator {
        println!("  Your face-down indicator: {}", pretty(card));
    }
}

fn pretty(card: Card) -> String {
    format!("{}{}", card.rank(), card.suit().symbol())
}

fn pretty_hand(hand: CardSet) -> String {
    Suit::ALL
        .into_iter()
        .filter(|s| hand.has_suit(*s))
        .map(|s| {
            let ranks: Vec<String> = hand
                .of_suit(s)
                .iter()
                .rev()
                .map(|c| c.rank().to_string())
                .collect();
            format!("{} {}", s.symbol(), ranks.join(" "))
        })
        .collect::<Vec<_>>()
        .join("   ")
}

pub(super) fn show_events(events: &[Event], you: Seat) {
    for e in events {
        let line = match e {
            Event::Shuffled { hand, dealer, .. } => {
                format!("-- Hand {hand}: {}.", does(you, *dealer, "deal"))
            }
            Event::Cut { seat, at } => format!("{} at {at}.", does(you, *seat, "cut")),
            Event::TrumpsCalled { seat, suit } => {
                format!("{} {} trumps.", does(you, *seat, "call"), suit.name())
            }
            Event::TrumpShown { seat, card } => {
                format!(
                    "{} {}: trumps are {}.",
                    does(you, *seat, "show"),
                    pretty(*card),
                    card.suit().name()
                )
            }
            Event::IndicatorLaid { seat } => format!("{} a trump face down.", does(you, *seat, "lay")),
            Event::Deferred { seat } => format!("{} the call.", does(you, *seat, "defer")),
            Event::Redeal { seat, .. } => format!("{} for a redeal.", does(you, *seat, "ask")),
            Event::Played { seat, card } if *seat != you => {
                format!("{} plays {}.", name(you, *seat), pretty(*card))
            }
            Event::RevealAsked { seat } => format!("{} to see trumps.", does(you, *seat, "ask")),
            Event::TrumpsRevealed { suit, .. } => format!("Trumps are {}.", suit.name()),
            Event::TrickWon { seat, number, .. } => format!("{} trick {number}.", does(you, *seat, "win")),
            Event::HeapCollected { seat, tricks } => {
                format!(
                    "{} {} from the heap.",
                    does(you, *seat, "collect"),
                    words::tricks(*tricks)
                )
            }
            Event::PlayedOn { seat } => format!("{} on for all thirteen!", does(you, *seat, "play")),
            Event::Stopped { seat } => format!("{} with a court.", does(you, *seat, "stop")),
            Event::HandOver { result } => {
                let us = you.team();
                let who = if result.winner == us {
                    "Your team wins"
                } else {
                    "The opponents win"
                };
                let kind = match result.kind {
                    HandKind::Plain => "",
                    HandKind::Court => " with a court",
                    HandKind::FiftyTwo => " with all thirteen",
                    HandKind::FailedPlayOn => " (the play-on failed)",
                    HandKind::SarCourt | HandKind::GoonCourt => " with a Double Sar court",
                    HandKind::Revoke => " on a revoke",
                    HandKind::FalseClaim => " on a wrong revoke claim",
                };
                format!(
                    "{who} the hand{kind}, tricks {} - {} (us - them).",
                    result.tricks[us.index()],
                    result.tricks[us.other().index()]
                )
            }
            Event::HandScored { score } => {
                let us = you.team();
                format!(
                    "Score: {} - {} (us - them).",
                    score.points[us.index()],
                    score.points[us.other().index()]
                )
            }
            Event::MatchOver { .. } => "The match is over.".to_string(),
            _ => continue,
        };
        println!("  {line}");
    }
}
