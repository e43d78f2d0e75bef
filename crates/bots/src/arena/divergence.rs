//! Where two levels part ways, and what it is worth. At every card one of A's bots plays where
//! B's bot, in the same seat with the same seed, would have played another (not one of the same
//! run, which takes the same tricks), the hand is played on both ways to its end by the table's
//! own bots, and the two ends are compared. The deal is the one on the table and the play after
//! the card is the table's, so the difference is what that one choice was worth against these
//! opponents, free of the luck of the cards that a match's score carries; and the choices can be
//! grouped by where in the hand they came, which a match's score can not tell.

use courtpiece_rules::{Card, HandResult, Intent, Person, RuleSet, SeatView};

use super::{Decision, bot_seed, play_match_watched, seatings, set_seed, table_bots};
use crate::bot::{Bot, Entrant};
use crate::equity::Worth;
use crate::hard::runs;
use crate::memory::Memory;

/// One card of A's where B would have played another, and how the hand ended each way.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Parting {
    /// The trick, counted from 1, and the place in it (0 for the lead).
    pub trick: u8,
    pub place: u8,
    /// A's team called trumps this hand.
    pub calling: bool,
    /// Tricks taken so far: A's team's, then the other's.
    pub taken: [u8; 2],
    /// The hand played on from A's card, then from B's.
    pub ends: [End; 2],
}

/// How a hand played on ended, for A's team.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct End {
    pub won: bool,
    /// The hand was a court (any kind), won or lost.
    pub court: bool,
    /// What the end is worth to A's team as A's bots weigh it: the chance of winning the match
    /// after it where that is known (court counting to a target), else the points it scores.
    pub worth: f32,
}

impl Parting {
    /// What A's card was worth more than B's.
    pub fn gain(&self) -> f64 {
        f64::from(self.ends[0].worth) - f64::from(self.ends[1].worth)
    }
}

/// The partings of one duplicate set, and the hands its matches played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SetPartings {
    pub hands: u32,
    pub partings: Vec<Parting>,
}

/// Every match of duplicate set `index`, as [`super::play_set`] plays it, with each card of A's
/// that B would not have played played on both ways.
pub fn part_set(
    rules: &RuleSet,
    base_seed: u64,
    index: u64,
    a: &dyn Entrant,
    b: &dyn Entrant,
) -> SetPartings {
    let seed = set_seed(base_seed, index);
    let mut worth = Worth::for_the_match();
    worth.prepare(rules);
    let mut out = SetPartings::default();
    for seating in seatings(rules.seats()) {
        let mut b_in_a_seats: Vec<Box<dyn Bot>> =
            Person::ALL.iter().map(|&p| b.bot(bot_seed(seed, p))).collect();
        let mut players = table_bots(seed, a, b, seating);
        let mut partings = Vec::new();
        let outcome = play_match_watched(rules, seed, a, b, seating, &mut |d: &Decision| {
            let Intent::Play { card: mine } = d.intent else {
                return;
            };
            if d.view.legal.len() < 2 {
                return;
            }
            let Intent::Play { card: theirs } = b_in_a_seats[d.person.index()].decide(d.view, rules) else {
                return;
            };
            if alike(mine, theirs, d.view, rules) {
                return;
            }
            let mut end = |card| play_on(d, card, rules, &mut players, &worth);
            if let (Some(from_mine), Some(from_theirs)) = (end(mine), end(theirs)) {
                let team = d.view.seats.side(d.view.seat);
                partings.push(Parting {
                    trick: u8::try_from(d.view.tricks.len() + 1).unwrap_or(u8::MAX),
                    place: u8::try_from(d.view.trick.plays().count()).unwrap_or(u8::MAX),
                    calling: d.view.seats.side(d.view.caller) == team,
                    taken: [d.view.taken[team.index()], d.view.taken[team.other().index()]],
                    ends: [from_mine, from_theirs],
                });
            }
        });
        out.hands += outcome.hands;
        out.partings.append(&mut partings);
    }
    out
}

/// Two of the seat's cards of one run, which win and lose the same tricks (Hard's stand-ins).
fn alike(one: Card, other: Card, view: &SeatView, rules: &RuleSet) -> bool {
    let runs = runs(view, &Memory::read(view, rules));
    runs[usize::from(one.bit())] == runs[usize::from(other.bit())]
}

/// The hand from decision `d` on, with `card` played instead, by the table's bots to its end.
fn play_on(
    d: &Decision,
    card: Card,
    rules: &RuleSet,
    players: &mut [Box<dyn Bot>],
    worth: &Worth,
) -> Option<End> {
    let mut table = d.table.clone();
    let before = table.results().len();
    table.apply(d.who, Intent::Play { card }).ok()?;
    let result: HandResult = loop {
        table.advance();
        if table.results().len() > before {
            break table.results().last().copied()?;
        }
        let who = table.to_act()?;
        let view = table.view(who);
        let intent = players[table.seating().person_at(who).index()].decide(&view, rules);
        if table.apply(who, intent).is_err() {
            table.apply(who, *view.legal.first()?).ok()?;
        }
    };
    let team = d.view.seats.side(d.view.seat);
    Some(End {
        won: result.winner == team,
        court: result.is_court(rules),
        worth: worth.of(d.view, rules, result.kind, result.winner),
    })
}

/// The partings of a run, taken together: how many, how many ended otherwise, and what A's
/// cards were worth more than B's.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Group {
    pub label: String,
    pub cards: u32,
    /// Partings whose two ends were worth something different.
    pub differ: u32,
    /// The mean gain of A's card a parting, and the half-width of its 95 % interval (taking
    /// the partings as independent, which those of one hand are not quite).
    pub gain: f64,
    pub ci95: f64,
    /// The sum of the gains: what A's choices in the group came to over the run.
    pub total: f64,
    /// Hands A's team won, courts it made, and courts made against it, played on from A's
    /// cards less from B's.
    pub won: i32,
    pub courts: i32,
    pub courts_against: i32,
}

impl Group {
    pub fn of<'a>(label: &str, partings: impl IntoIterator<Item = &'a Parting>) -> Group {
        let partings: Vec<&Parting> = partings.into_iter().collect();
        let n = partings.len();
        let gains: Vec<f64> = partings.iter().map(|p| p.gain()).collect();
        let total: f64 = gains.iter().sum();
        let gain = if n == 0 { 0.0 } else { total / n as f64 };
        let ci95 = if n > 1 {
            let var = gains.iter().map(|g| (g - gain).powi(2)).sum::<f64>() / (n - 1) as f64;
            1.96 * (var / n as f64).sqrt()
        } else {
            0.0
        };
        let count = |f: &dyn Fn(&End) -> bool| -> i32 {
            partings
                .iter()
                .map(|p| i32::from(f(&p.ends[0])) - i32::from(f(&p.ends[1])))
                .sum()
        };
        Group {
            label: label.to_owned(),
            cards: u32::try_from(n).unwrap_or(u32::MAX),
            differ: u32::try_from(gains.iter().filter(|g| g.abs() > 1e-6).count()).unwrap_or(u32::MAX),
            gain,
            ci95,
            total,
            won: count(&|e| e.won),
            courts: count(&|e| e.won && e.court),
            courts_against: count(&|e| !e.won && e.court),
        }
    }

    /// The partings of a run: all, then by who called and the part of the hand, then by lead
    /// and follow.
    pub fn all(partings: &[Parting]) -> Vec<Group> {
        let mut groups = vec![Group::of("every card", partings)];
        for (calling, who) in [(true, "A's team called"), (false, "the other team called")] {
            let of_side = || partings.iter().filter(move |p| p.calling == calling);
            groups.push(Group::of(who, of_side()));
            for (low, high) in [(1, 3), (4, 6), (7, 13)] {
                groups.push(Group::of(
                    &format!("{who}, tricks {low}-{high}"),
                    of_side().filter(|p| (low..=high).contains(&p.trick)),
                ));
            }
        }
        groups.push(Group::of("leading", partings.iter().filter(|p| p.place == 0)));
        groups.push(Group::of("following", partings.iter().filter(|p| p.place > 0)));
        groups
    }
}
