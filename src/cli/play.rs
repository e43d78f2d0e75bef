//! `courtpiece play`: a match in the terminal, you and a bot at every other seat.
//!
//! The bots are of the level asked for (Medium by default); the 3D table comes with the desktop
//! view.

use std::io::BufRead;
use std::path::PathBuf;

use courtpiece::figures::clock_seed;
use courtpiece::words;
use courtpiece_bots::{Bot, Level};
use courtpiece_rules::{
    CallView, Card, CardSet, Event, GameRecord, HandKind, Intent, MAX_SIDES, MatchSummary, Person, Phase,
    Seat, SeatView, Seats, Side, Suit,
};

use super::CliError;

/// The person at the terminal: seat 0, or in Dummy Rang person 0, who moves round the table.
const ME: Person = Person::ALL[0];

/// The seat after `you` where a person sits: the dummy is skipped (RD-SEATS).
fn next_person(seats: Seats, you: Seat) -> Seat {
    let next = seats.next(you);
    if Some(next) == seats.dummy() {
        seats.next(next)
    } else {
        next
    }
}

/// What a player at `you` calls the player at `seat`, at a table of `seats`. In Dummy Rang the
/// people move round the table, so they are named by the order of play among people: the next
/// one East, the one before West.
fn name(seats: Seats, you: Seat, seat: Seat) -> &'static str {
    if let Some(dummy) = seats.dummy() {
        return match seat {
            s if s == you => "You",
            s if s == dummy && seats.also_plays(you) == Some(dummy) => "Your dummy",
            s if s == dummy => "The dummy",
            s if s == next_person(seats, you) => "East",
            _ => "West",
        };
    }
    let names: &[&str] = match seats.count() {
        4 => &["You", "East", "Partner", "West"],
        3 => &["You", "East", "West"],
        _ => &["You", "Opponent"],
    };
    names[seats.places(you, seat) % names.len()]
}

/// The player at `seat` doing something, as the player at `you` says it: "You deal", "East
/// deals".
fn does(seats: Seats, you: Seat, seat: Seat, verb: &str) -> String {
    if seat == you {
        format!("You {verb}")
    } else {
        format!("{} {verb}s", name(seats, you, seat))
    }
}

/// A figure per side of the hand, the player's own first: "you 3 - them 2" at four, "you 3 -
/// East 2 - West 1" at smaller tables and in Dummy Rang (where the driver's side holds the
/// dummy's tricks too).
fn per_side<T: std::fmt::Display + Copy>(seats: Seats, you: Seat, values: &[T; MAX_SIDES]) -> String {
    let us = seats.side(you);
    if seats.in_teams() {
        return format!("you {} - them {}", values[us.index()], values[us.other().index()]);
    }
    std::iter::once(format!("you {}", values[us.index()]))
        .chain(
            (1..seats.count())
                .map(|n| seats.after(you, n))
                .filter(|&s| Some(s) != seats.dummy())
                .map(|s| format!("{} {}", name(seats, you, s), values[seats.side(s).index()])),
        )
        .collect::<Vec<_>>()
        .join(" - ")
}

/// The match score as the player of `view` reads it: per side, or in Dummy Rang per person
/// (RD-SCORE).
fn score_line<T: std::fmt::Display + Copy>(view: &SeatView, values: &[T; MAX_SIDES]) -> String {
    let (seats, you) = (view.seats, view.seat);
    if seats.dummy().is_none() {
        return per_side(seats, you, values);
    }
    let of = |seat: Seat| values[view.people[seat.index()].index()];
    let east = next_person(seats, you);
    let west = next_person(seats, east);
    format!("you {} - East {} - West {}", of(you), of(east), of(west))
}

/// Who won a hand, as the player at `you` says it.
fn winner(seats: Seats, you: Seat, side: Side) -> String {
    match (seats.in_teams(), side == seats.side(you)) {
        (true, true) => "Your team wins".into(),
        (true, false) => "The opponents win".into(),
        (false, true) => "You win".into(),
        (false, false) => {
            let seat = seats
                .all()
                .filter(|&s| Some(s) != seats.dummy())
                .find(|s| seats.side(*s) == side)
                .unwrap_or(you);
            format!("{} wins", name(seats, you, seat))
        }
    }
}

/// How the match ended, as the player of `view` says it: who won, the score and the hands won.
pub(super) fn match_result(view: &SeatView, summary: &MatchSummary) -> String {
    let (seats, you) = (view.seats, view.seat);
    let result = match (summary.finished, summary.winner) {
        (false, _) => "The match stops before its end".to_string(),
        (true, None) => "The match is a draw".to_string(),
        // in Dummy Rang the match is won by a person, wherever they sit this hand
        (true, Some(side)) if seats.dummy().is_some() => {
            match seats
                .all()
                .find(|s| view.people[s.index()].index() == side.index())
            {
                Some(seat) => format!("{} the match", does(seats, you, seat, "win")),
                None => "The match is over".to_string(),
            }
        }
        (true, Some(side)) => format!("{} the match", winner(seats, you, side)),
    };
    // the summary's figures, not the view's: a joining client's last view may be a move behind
    let per_side = |values: &[u32]| {
        let mut sides = [0; MAX_SIDES];
        for (side, value) in sides.iter_mut().zip(values) {
            *side = *value;
        }
        score_line(view, &sides)
    };
    format!(
        "{result}: score {}, hands won {}.",
        per_side(&summary.score),
        per_side(&summary.hands_won)
    )
}

#[derive(Debug, clap::Args)]
pub struct Options {
    #[command(flatten)]
    pub rules: super::rules_arg::RulesArgs,
    /// Level of the bots: easy, medium, hard, expert.
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

pub fn run(options: Options) -> Result<(), CliError> {
    let seed = options.seed.unwrap_or_else(clock_seed);
    let mut rules = options.rules.rule_set()?;
    if let Some(n) = options.hands {
        if n == 0 {
            return Err(CliError::Usage("--hands must be at least 1".into()));
        }
        rules.max_hands = Some(n);
    }
    let seats = rules.seats();
    let mut record = GameRecord::new(&rules, seed);
    let mut m = record.start().map_err(|e| CliError::Usage(e.to_string()))?;
    let mut bots: Vec<Box<dyn Bot>> = m
        .seating()
        .all()
        .map(|p| options.level.bot(seed ^ p.index() as u64))
        .collect();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let company = match (seats.dummy(), seats.count()) {
        (Some(_), _) => {
            "Three of you and a dummy, each for themselves; the dummy's driver plays it, and the \
             role passes on each hand."
        }
        (None, 4) => "You sit with your partner opposite.",
        (None, 3) => "You play against two, each for themselves.",
        _ => "You play against one.",
    };
    let game = match courtpiece_rules::options::describe_game(&rules) {
        (preset, changes) if changes.is_empty() => preset.title().to_string(),
        (preset, changes) => format!("{} with {}", preset.title(), changes.join(", ")),
    };
    say!("{game}, seed {seed}. {company}");
    say!("Type a card to play it (AS, TH, 7C), or `help`.\n");
    show_events(&[m.round().opening_event()], &m.view_for(ME));
    loop {
        let events = m.advance();
        show_events(&events, &m.view_for(ME));
        if m.is_over() {
            break;
        }
        let Some(who) = m.to_act() else { break };
        let person = m.seating().person_at(who);
        let intent = if person == ME {
            match ask(&m.view_for(ME), &mut lines)? {
                Some(intent) => intent,
                None => {
                    say!("Goodbye.");
                    break;
                }
            }
        } else {
            bots[person.index()].decide(&m.view(who), m.rules())
        };
        match record.apply(&mut m, who, intent) {
            Ok(events) => show_events(&events, &m.view_for(ME)),
            Err(e) => say!("  Not allowed: {e}"),
        }
    }
    // kept before the last words, which a closed terminal would cut short
    if let Some(path) = options.record {
        std::fs::write(&path, record.to_json()).map_err(|source| CliError::Io { path, source })?;
    }
    let summary = m.summary();
    say!("\n  {}", match_result(&m.view_for(ME), &summary));
    say!("\n{}", summary.to_text());
    Ok(())
}

/// Reads what the player wants until it is one of their legal intents; `None` at the end of
/// input or on `quit`.
fn ask(
    view: &SeatView,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<Option<Intent>, CliError> {
    // the player sees from their seat and answers for the seat they act for (the dummy too)
    let acting = view.acting();
    loop {
        show_table(view);
        say_part!("{} > ", prompt(&acting));
        super::out::flush();
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let line = line.map_err(|source| CliError::Io {
            path: PathBuf::from("<stdin>"),
            source,
        })?;
        let typed = line.trim();
        let text = typed.to_ascii_lowercase();
        match text.as_str() {
            "q" | "quit" | "exit" => return Ok(None),
            "help" | "?" => {
                say!("  {}", describe_legal(&view.legal));
                continue;
            }
            _ => {}
        }
        match parse_intent(&text, &acting) {
            Some(intent) if view.legal.contains(&intent) => return Ok(Some(intent)),
            Some(intent @ Intent::Play { card }) => match view.why_not_play(card) {
                Some(why) => say!("  You may not {intent}: {why}."),
                None => say!("  You may not {intent} now. {}", describe_legal(&view.legal)),
            },
            Some(intent) => say!("  You may not {intent} now. {}", describe_legal(&view.legal)),
            // an Enter with nothing to take by default asks again, without a reproach
            None if text.is_empty() => {}
            None => say!(
                "  I did not understand {typed:?}. {}",
                describe_legal(&view.legal)
            ),
        }
    }
}

pub(super) fn prompt(view: &SeatView) -> String {
    match view.phase {
        Phase::Cut => "Cut the deck where? (4-48, or Enter for 26)".into(),
        Phase::Bidding if view.legal.contains(&Intent::Pass) => {
            let least = view.auction.map_or(7, |a| *a.bids().start());
            format!("Announce {least} to 13 tricks (e.g. bid {least}), or pass")
        }
        Phase::Bidding => "Nobody announced: bid 7".into(),
        Phase::TrumpCall if view.seats.dummy() == Some(view.seat) => {
            "Call trumps from your dummy's five (S, H, D, C)".into()
        }
        Phase::TrumpCall => "Call trumps (S, H, D, C)".into(),
        Phase::Discard => format!("Lay away {} cards (e.g. 2C 3D 4H)", discard_count(view)),
        Phase::Draw => "Keep it, or decline (lay it away and take the next)?".into(),
        Phase::Passing => match view.exchange {
            Some(e) if view.seats.side(view.seat) == e.losers => {
                format!(
                    "Your side lost the court: pass your best {} (e.g. give AS)",
                    words::cards(e.cards)
                )
            }
            Some(e) => format!(
                "Pass {} back, never the last of a plain suit (e.g. give 2C)",
                words::cards(e.cards)
            ),
            None => "Pass".into(),
        },
        _ if view.legal.contains(&Intent::PlayOn) => "You took the first seven! play on or stop?".into(),
        _ if view.seats.dummy() == Some(view.seat) => "Your dummy's card".into(),
        _ => "Your card".into(),
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
        (Phase::Draw, ["keep"]) => Some(Intent::Keep),
        (Phase::Draw, ["decline"]) => Some(Intent::Decline),
        (Phase::Discard, ["discard", cards @ ..] | cards) => cards
            .iter()
            .map(|w| w.parse::<Card>().ok())
            .collect::<Option<CardSet>>()
            .map(|cards| Intent::Discard { cards }),
        (Phase::Passing, ["give" | "pass", cards @ ..] | cards) => cards
            .iter()
            .map(|w| w.parse::<Card>().ok())
            .collect::<Option<CardSet>>()
            .map(|cards| Intent::Give { cards }),
        (_, ["stop"]) => Some(Intent::Stop),
        (Phase::Bidding, ["pass"]) => Some(Intent::Pass),
        (Phase::Bidding, ["bid", n] | [n]) => n.parse().ok().map(|tricks| Intent::Bid { tricks }),
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

/// How many cards the player lays away now (every set of that many is a legal intent).
fn discard_count(view: &SeatView) -> u32 {
    view.legal
        .iter()
        .find_map(|i| match i {
            Intent::Discard { cards } => Some(cards.len()),
            _ => None,
        })
        .unwrap_or(0)
}

pub(super) fn describe_legal(legal: &[Intent]) -> String {
    if let Some(Intent::Discard { cards }) = legal.first() {
        return format!("You may: lay away any {} cards of your hand", cards.len());
    }
    if let Some(Intent::Give { cards }) = legal.first()
        && legal.len() > 4
    {
        return format!(
            "You may: give any {} of your hand but the last card of a plain suit",
            words::cards(cards.count())
        );
    }
    let names: Vec<String> = legal.iter().take(16).map(|i| i.to_string()).collect();
    let more = if legal.len() > 16 { ", …" } else { "" };
    format!("You may: {}{more}", names.join(", "))
}

pub(super) fn show_table(view: &SeatView) {
    let trumps = match (view.trumps, view.known_trumps, view.call) {
        (Some(s), _, _) => format!("trumps {}", s.symbol()),
        (None, Some(s), _) => format!("trumps {} (hidden, only you know)", s.symbol()),
        (None, None, Some(CallView::FaceDown)) => "trumps hidden".to_string(),
        (None, None, Some(CallView::FirstVoid(None))) => {
            "trumps: the first who cannot follow fixes them".to_string()
        }
        _ => "no trumps yet".to_string(),
    };
    let (seats, you) = (view.seats, view.seat);
    say!(
        "\n  Hand {} | {trumps} | tricks: {} | score: {}",
        view.hand_no,
        per_side(seats, you, &view.taken),
        score_line(view, &view.score.points),
    );
    if let Some(tens) = view.tens {
        say!("  Tens collected: {}", per_side(seats, you, &tens));
    }
    match (view.contract, view.auction.and_then(|a| a.high)) {
        (Some((seat, tricks)), _) => say!("  {} plays for {tricks} tricks", name(seats, you, seat)),
        (None, Some((seat, tricks))) => {
            say!("  Highest announcement: {tricks}, by {}", name(seats, you, seat))
        }
        (None, None) if view.phase == Phase::Bidding => say!("  Nobody has announced yet"),
        _ => {}
    }
    if !view.trick.is_empty() {
        let plays: Vec<String> = view
            .trick
            .plays()
            .map(|(s, c)| format!("{} {}", name(seats, you, s), pretty(c)))
            .collect();
        say!("  On the table: {}", plays.join(", "));
    }
    match (view.hand.is_empty(), view.phase) {
        (true, Phase::Cut) => say!("  Your hand: not dealt yet"),
        (true, _) => say!("  Your hand: no cards"),
        (false, _) => say!("  Your hand: {}", pretty_hand(view.hand)),
    }
    if let Some(dummy) = seats.dummy().filter(|&d| d != you) {
        let cards = view.known(dummy);
        if !cards.is_empty() {
            say!("  {}'s hand: {}", name(seats, you, dummy), pretty_hand(cards));
        }
    }
    if view.stock > 0 {
        say!("  The stock: {}", words::counted(view.stock, "card", "cards"));
    }
    if !view.discards.is_empty() {
        say!("  Your discards: {}", pretty_hand(view.discards));
    }
    if let Some(card) = view.offer {
        say!("  You look at the top card of the stock: {}", pretty(card));
    }
    if let Some(card) = view.own_indicator {
        say!("  Your face-down indicator: {}", pretty(card));
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

/// Tells what happened, as the player of `view` (where they sit now) says it.
pub(super) fn show_events(events: &[Event], view: &SeatView) {
    let (you, seats) = (view.seat, view.seats);
    let does = |seat: Seat, verb: &str| does(seats, you, seat, verb);
    for e in events {
        let line = match e {
            Event::Shuffled { hand, dealer, .. } => {
                format!("-- Hand {hand}: {}.", does(*dealer, "deal"))
            }
            Event::Cut { seat, at } => format!("{} at {at}.", does(*seat, "cut")),
            Event::TrumpsCalled { seat, suit } => {
                format!("{} {} trumps.", does(*seat, "call"), suit.name())
            }
            Event::TrumpShown { seat, card } => {
                format!(
                    "{} {}: trumps are {}.",
                    does(*seat, "show"),
                    pretty(*card),
                    card.suit().name()
                )
            }
            Event::IndicatorLaid { seat } => format!("{} a trump face down.", does(*seat, "lay")),
            Event::Deferred { seat } => format!("{} the call.", does(*seat, "defer")),
            Event::Redeal { seat, .. } => format!("{} for a redeal.", does(*seat, "ask")),
            Event::Announced { seat, tricks } => format!("{} {tricks}.", does(*seat, "announce")),
            Event::Passed { seat } => format!("{}.", does(*seat, "pass")),
            Event::Contract { seat, tricks } => format!(
                "{} the call: {} side plays for {tricks} tricks.",
                does(*seat, "win"),
                if seats.side(*seat) == seats.side(you) {
                    "your"
                } else {
                    "their"
                }
            ),
            Event::Played { seat, card } => format!("{} {}.", does(*seat, "play"), pretty(*card)),
            Event::Discarded { seat, count } => {
                format!("{} {count} cards away, face down.", does(*seat, "lay"))
            }
            Event::Drew { seat, left } if *seat != you => {
                format!("{} a card from the stock ({left} left).", does(*seat, "take"))
            }
            Event::CardsGiven { seat, to, count } => format!(
                "{} {} to {}.",
                does(*seat, "pass"),
                words::cards(*count),
                name(seats, you, *to)
            ),
            Event::CardsExchanged => match view.exchange.filter(|e| !e.got.is_empty()) {
                Some(e) => format!(
                    "You pass {} and are passed {}.",
                    words::card_list(e.gave),
                    words::card_list(e.got)
                ),
                None => "The passed cards change hands.".to_string(),
            },
            Event::RevealAsked { seat } => format!("{} to see trumps.", does(*seat, "ask")),
            Event::TrumpsRevealed { suit, .. } => format!("Trumps are {}.", suit.name()),
            Event::TrumpsFixed { seat, card } => format!(
                "{} the suit led: {} are trumps.",
                does(*seat, "lack"),
                card.suit().name()
            ),
            Event::TrickWon { seat, number, .. } => format!("{} trick {number}.", does(*seat, "win")),
            Event::HeapCollected { seat, tricks, tens } => {
                format!(
                    "{} {} from the heap{}.",
                    does(*seat, "collect"),
                    words::tricks(*tricks),
                    words::tens_in(*tens, view.tens.is_some())
                )
            }
            Event::PlayedOn { seat } => format!("{} on for all thirteen!", does(*seat, "play")),
            Event::Stopped { seat } => format!("{} with a court.", does(*seat, "stop")),
            Event::HandOver { result } => {
                let who = winner(seats, you, result.winner);
                let kind = match result.kind {
                    HandKind::Plain => "",
                    HandKind::Court => " with a court",
                    HandKind::FiftyTwo => " with all thirteen",
                    HandKind::FailedPlayOn => " (the play-on failed)",
                    HandKind::SarCourt | HandKind::GoonCourt => " with a Double Sar court",
                    HandKind::Mendikot => " with a mendikot (all four tens)",
                    HandKind::EvenTens => " on tricks, two tens each",
                    HandKind::Made => " with the tricks announced",
                    HandKind::MadeAll => " with all thirteen announced and taken",
                    HandKind::Defeated => " against the announcement",
                    HandKind::Revoke => " on a revoke",
                    HandKind::FalseClaim => " on a wrong revoke claim",
                };
                let tens = match view.tens {
                    Some(_) => format!(", tens {}", per_side(seats, you, &result.tens)),
                    None => String::new(),
                };
                format!(
                    "{who} the hand{kind}, tricks {}{tens}.",
                    per_side(seats, you, &result.tricks)
                )
            }
            Event::HandScored { score } => format!("Score: {}.", score_line(view, &score.points)),
            Event::DummyOpened { seat, .. } => {
                format!("{}'s cards are turned face up.", name(seats, you, *seat))
            }
            Event::MatchOver { .. } => "The match is over.".to_string(),
            _ => continue,
        };
        say!("  {line}");
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Match, Person, Preset};

    use super::*;

    /// The first view of the player at `seat` in `phase` of a match of `preset`, playing the
    /// first legal intent of whoever acts until then.
    fn view_in(preset: Preset, phase: Phase) -> SeatView {
        let mut game = Match::new(&preset.rules(), 3).unwrap();
        loop {
            game.advance();
            let who = game.to_act().expect("someone acts");
            if game.phase() == phase {
                return game.view(who);
            }
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
    }

    #[test]
    fn the_discard_and_the_draw_of_hokm_for_two_are_typed() {
        let view = view_in(Preset::HokmTwo, Phase::Discard);
        let three: Vec<String> = view.hand.iter().take(3).map(|c| c.to_string()).collect();
        let typed = three.join(" ").to_ascii_lowercase();
        let intent = parse_intent(&typed, &view).unwrap();
        assert!(view.legal.contains(&intent), "{typed}");
        assert_eq!(parse_intent(&format!("discard {typed}"), &view), Some(intent));
        assert_eq!(parse_intent("2c nonsense", &view), None);
        assert!(prompt(&view).starts_with("Lay away 3 cards"));
        assert_eq!(
            describe_legal(&view.legal),
            "You may: lay away any 3 cards of your hand"
        );

        let view = view_in(Preset::HokmTwo, Phase::Draw);
        assert_eq!(parse_intent("keep", &view), Some(Intent::Keep));
        assert_eq!(parse_intent("decline", &view), Some(Intent::Decline));
        assert!(view.legal.contains(&Intent::Keep) && view.legal.contains(&Intent::Decline));
    }

    /// A match of `preset` played to its end by first legal intents, with the line that says
    /// how it ended to person 0 and the summary's winner.
    /// A match of `hands` hands played to its end: the last words of person 0, the winner, the
    /// last view, and where the match puts the winning person in the last hand.
    fn ended(preset: Preset, hands: u32, seed: u64) -> (String, Option<Side>, SeatView, Option<Seat>) {
        let rules = courtpiece_rules::RuleSet {
            max_hands: Some(hands),
            ..preset.rules()
        };
        let mut game = Match::new(&rules, seed).unwrap();
        loop {
            game.advance();
            let Some(who) = game.to_act() else { break };
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
        let summary = game.summary();
        let view = game.view_for(ME);
        // the winner's seat as the match seats people, not as the view's people say
        let seat = summary.winner.and_then(|side| {
            let best = summary.score.iter().max();
            assert_eq!(summary.score.get(side.index()), best, "the winner has the most");
            u8::try_from(side.index())
                .ok()
                .and_then(Person::new)
                .map(|p| game.seat_for(p))
        });
        (match_result(&view, &summary), summary.winner, view, seat)
    }

    #[test]
    fn the_end_of_the_match_is_said_in_the_players_words() {
        let (line, winner, view, _) = ended(Preset::CourtPiece, 3, 3);
        let who = match winner {
            Some(side) if side == view.seats.side(view.seat) => "Your team wins the match: ",
            Some(_) => "The opponents win the match: ",
            None => "The match is a draw: ",
        };
        assert!(line.starts_with(who), "{line}");
        assert!(
            line.contains("score you ") && line.contains(", hands won you "),
            "{line}"
        );
        assert!(line.contains(" - them "), "{line}");

        // in Dummy Rang the winner is a person, named where they sit in the last hand
        // the driver moves each hand, and the people with it: ends after one to three hands of
        // several deals find the winner in more than one place
        let mut named = std::collections::BTreeSet::new();
        for (hands, seed) in (1..=3).flat_map(|hands| (1..=4).map(move |seed| (hands, seed))) {
            let (line, winner, view, seat) = ended(Preset::Dummy, hands, seed);
            let Some(seat) = seat else {
                assert!(
                    winner.is_none() && line.starts_with("The match is a draw"),
                    "{line}"
                );
                continue;
            };
            let name = name(view.seats, view.seat, seat);
            let said = if name == "You" {
                "You win the match: ".to_string()
            } else {
                format!("{name} wins the match: ")
            };
            assert!(line.starts_with(&said), "{line}");
            assert!(line.contains(" - East ") && line.contains(" - West "), "{line}");
            named.insert(name);
        }
        assert!(named.len() > 1, "the winners were all {named:?}");
    }

    #[test]
    fn the_passing_of_satat_is_typed() {
        // varied intents until a court brings the passing (RS-PASS)
        let rules = courtpiece_rules::RuleSet {
            max_hands: Some(60),
            ..Preset::Satat.rules()
        };
        let mut game = Match::new(&rules, 3).unwrap();
        let mut step = 0usize;
        let view = loop {
            game.advance();
            let who = game.to_act().expect("a court within sixty hands");
            if game.phase() == Phase::Passing {
                break game.view(who);
            }
            let legal = game.round().legal_intents(who);
            step += 1;
            game.apply(who, legal[step * 7 % legal.len()]).unwrap();
        };
        let Some(Intent::Give { cards }) = view.legal.first().copied() else {
            panic!("the passing offers gifts: {:?}", view.legal);
        };
        let typed: Vec<String> = cards.iter().map(|c| c.to_string().to_ascii_lowercase()).collect();
        let typed = typed.join(" ");
        assert_eq!(parse_intent(&typed, &view), Some(Intent::Give { cards }));
        assert_eq!(
            parse_intent(&format!("give {typed}"), &view),
            Some(Intent::Give { cards })
        );
        assert!(prompt(&view).starts_with("Your side lost the court") || prompt(&view).starts_with("Pass"));
    }

    #[test]
    fn players_are_named_by_where_they_sit() {
        let three = Seats::new(3).unwrap();
        let [you, east, west, _] = Seat::ALL;
        assert_eq!(name(three, you, east), "East");
        assert_eq!(name(three, east, you), "West");
        assert_eq!(name(three, west, you), "East");
        assert_eq!(per_side(three, you, &[3, 2, 1, 0]), "you 3 - East 2 - West 1");
        assert_eq!(per_side(Seats::FOUR, east, &[3, 2, 0, 0]), "you 2 - them 3");
        assert_eq!(winner(three, you, three.side(west)), "West wins");
        assert_eq!(
            winner(Seats::new(2).unwrap(), east, three.side(you)),
            "Opponent wins"
        );
        // Dummy Rang: people by play order among people, the dummy by whose it is
        let dummy = Seats::WITH_DUMMY;
        let [driver, next, _, last] = Seat::ALL;
        assert_eq!(name(dummy, driver, Seats::DUMMY), "Your dummy");
        assert_eq!(name(dummy, next, Seats::DUMMY), "The dummy");
        assert_eq!(name(dummy, next, last), "East");
        assert_eq!(name(dummy, next, driver), "West");
        assert_eq!(name(dummy, last, driver), "East");
        assert_eq!(per_side(dummy, next, &[7, 4, 2, 0]), "you 4 - East 2 - West 7");
        assert_eq!(per_side(dummy, driver, &[7, 4, 2, 0]), "you 7 - East 4 - West 2");
        assert_eq!(winner(dummy, next, dummy.side(Seats::DUMMY)), "West wins");
    }

    /// In Dummy Rang the terminal shows the dummy's open hand and asks its driver for its cards.
    #[test]
    fn the_driver_is_asked_for_the_dummys_cards() {
        let rules = Preset::Dummy.rules();
        let mut game = Match::new(&rules, 2).unwrap();
        loop {
            game.advance();
            let who = game.to_act().expect("someone acts");
            if game.phase() == Phase::TrickPlay && who == Seats::DUMMY {
                break;
            }
            let intent = game.round().legal_intents(who)[0];
            game.apply(who, intent).unwrap();
        }
        let driver = game.seating().person_at(Seats::DUMMY);
        let view = game.view_for(driver);
        assert_eq!(prompt(&view.acting()), "Your dummy's card");
        let card = view.playable().lowest().expect("the dummy has a card to play");
        assert_eq!(
            parse_intent(&card.to_string().to_ascii_lowercase(), &view.acting()),
            Some(Intent::Play { card })
        );
        let line = score_line(&view, &[10, 20, 30, 0]);
        assert!(
            line.starts_with(&format!("you {}", [10, 20, 30][driver.index()])),
            "{line}"
        );
    }
}
