//! What the cards Expert and Hard play cost in the deal as it lies: Expert's people (North and
//! South) play Hard's (East and West), and at every card either plays while neither team has
//! its seven, each card it could have played is solved double-dummy in the true deal. A card's
//! cost is how much less the hand comes to after it, with best play by everyone from there, than
//! after the best card: a hand won counts 1 and lost −1, a court (R-COURT, or under the Double
//! Sar heap every trick collected, R-DSKOT) one more either way. With `--omniscient` each of
//! Expert's decisions is also asked of an Expert shown every card: what is left of its cost then
//! is the search's, the rest the hidden cards'.
//!
//! `cargo run --release -p courtpiece-bots --example costs -- --rules double-sar --matches 25`

use std::process::ExitCode;

use courtpiece_bots::{Bot, Level, Solver};
use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::{Card, CardSet, Intent, Match, Mode, Phase, PlayState, Preset, RuleSet, Seat, Side};

const USAGE: &str = "usage: costs [--rules PRESET] [--matches N] [--from SEED] [--hands N] \
                     [--tricks FIRST-LAST] [--omniscient]";

struct Options {
    preset: Preset,
    matches: u64,
    from: u64,
    hands: usize,
    tricks: (usize, usize),
    omniscient: bool,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        preset: Preset::DoubleSar,
        matches: 25,
        from: 0,
        hands: 4,
        tricks: (5, 13),
        omniscient: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--omniscient" {
            options.omniscient = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} wants a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("{flag}: not a number: {v}"));
        let small = |v: &str| {
            v.parse::<usize>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--rules" => options.preset = value.parse().map_err(|_| format!("no preset {value}"))?,
            "--matches" => options.matches = number(&value)?,
            "--from" => options.from = number(&value)?,
            "--hands" => options.hands = small(&value)?,
            "--tricks" => {
                let (first, last) = value
                    .split_once('-')
                    .ok_or_else(|| format!("--tricks wants FIRST-LAST, not {value}"))?;
                let (first, last) = (small(first)?, small(last)?);
                if !(1..=last).contains(&first) || last > 13 {
                    return Err(format!("--tricks: {value} is not a range of tricks 1 to 13"));
                }
                options.tricks = (first, last);
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(options)
}

/// What the hand comes to for `team` after `card`, with best play by everyone.
fn worth(solver: &mut Solver, pos: &PlayState, card: Card, team: Side, heap: bool) -> i32 {
    let mut child = *pos;
    child.play(card);
    let ours = child.taken()[team.index()];
    let theirs = child.taken()[team.other().index()];
    let won = ours >= SEVEN || (theirs < SEVEN && solver.can_take(&child, team, SEVEN - ours));
    let (winner, taken, losers) = if won {
        (team, ours, theirs)
    } else {
        (team.other(), theirs, ours)
    };
    let court = losers == 0
        && if heap {
            solver.can_take_all(&child, winner)
        } else {
            taken >= SEVEN || solver.can_sweep(&child, winner, SEVEN - taken)
        };
    let worth = if court { 2 } else { 1 };
    if won { worth } else { -worth }
}

/// The cost of `card` among every card the seat could play in `pos`.
fn cost(solver: &mut Solver, pos: &PlayState, cards: CardSet, card: Card, team: Side, heap: bool) -> i32 {
    let best = cards
        .iter()
        .map(|c| worth(solver, pos, c, team, heap))
        .max()
        .unwrap_or(0);
    best - worth(solver, pos, card, team, heap)
}

/// Costs added up by trick: decisions, then Expert's, Hard's, and the shown Expert's.
#[derive(Default)]
struct Tally {
    decisions: [[u32; 13]; 2],
    cost: [[i32; 13]; 3],
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("costs: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let rules = options.preset.rules();
    let heap = rules.mode == Mode::DoubleSar;
    let mut solver = Solver::new();
    let mut tally = Tally::default();
    let mut hands = 0;
    for seed in options.from..options.from + options.matches {
        hands += play(&rules, seed, &options, heap, &mut solver, &mut tally);
        eprint!(".");
    }
    eprintln!();
    report(&options, hands, &tally);
    ExitCode::SUCCESS
}

/// One match of `options.hands` hands on `seed`; the hands played.
fn play(
    rules: &RuleSet,
    seed: u64,
    options: &Options,
    heap: bool,
    solver: &mut Solver,
    tally: &mut Tally,
) -> usize {
    let Ok(mut table) = Match::new(rules, seed) else {
        return 0;
    };
    let bots = |level: Level| -> Vec<Box<dyn Bot>> { (0..4).map(|i| level.bot(seed * 4 + i)).collect() };
    let (mut expert, mut shown, mut hard) = (bots(Level::Expert), bots(Level::Expert), bots(Level::Hard));
    while table.results().len() < options.hands {
        table.advance();
        let Some(who) = table.to_act() else { break };
        let view = table.view(who);
        let is_expert = who.team() == Seat::ALL[0].team();
        let bot = if is_expert { &mut expert } else { &mut hard };
        let intent = bot[who.index()].decide(&view, rules);
        let trick = view.tricks.len();
        let asked = view.phase == Phase::TrickPlay
            && view.taken.iter().all(|&t| t < SEVEN)
            && (options.tricks.0 - 1..options.tricks.1).contains(&trick)
            && view.playable().len() > 1;
        if let (true, Intent::Play { card }) = (asked, intent) {
            let truth: [CardSet; 4] = std::array::from_fn(|i| table.view(Seat::ALL[i]).hand);
            let pos = PlayState::from_view(&view, truth, rules);
            let cards = view.playable() & pos.legal();
            let team = who.team();
            let side = usize::from(!is_expert);
            tally.decisions[side][trick] += 1;
            tally.cost[side][trick] += cost(solver, &pos, cards, card, team, heap);
            if is_expert && options.omniscient {
                let mut open = view.clone();
                open.exposed = truth;
                if let Intent::Play { card } = shown[who.index()].decide(&open, rules) {
                    tally.cost[2][trick] += cost(solver, &pos, cards, card, team, heap);
                }
            }
        }
        if table.apply(who, intent).is_err() {
            break;
        }
    }
    table.results().len()
}

fn report(options: &Options, hands: usize, tally: &Tally) {
    println!(
        "{} matches from seed {}, {hands} hands of {}: cost by trick (decisions, cost)",
        options.matches, options.from, options.preset
    );
    // the shown Expert's column, where it was asked
    let shown = |cost: i32| {
        if options.omniscient {
            format!("  {cost:4}")
        } else {
            String::new()
        }
    };
    let heading = if options.omniscient { "  shown all" } else { "" };
    println!("trick  expert     hard{heading}");
    for t in options.tricks.0 - 1..options.tricks.1 {
        println!(
            "{:5}  {:4} {:4}  {:4} {:4}{}",
            t + 1,
            tally.decisions[0][t],
            tally.cost[0][t],
            tally.decisions[1][t],
            tally.cost[1][t],
            shown(tally.cost[2][t])
        );
    }
    let sum = |row: &[i32; 13]| row.iter().sum::<i32>();
    let decisions = |row: &[u32; 13]| row.iter().sum::<u32>();
    println!(
        "total  {:4} {:4}  {:4} {:4}{}",
        decisions(&tally.decisions[0]),
        sum(&tally.cost[0]),
        decisions(&tally.decisions[1]),
        sum(&tally.cost[1]),
        shown(sum(&tally.cost[2]))
    );
    let per100 = |cost: i32| f64::from(cost) * 100.0 / hands.max(1) as f64;
    let shown = if options.omniscient {
        format!(", expert shown all {:.1}", per100(sum(&tally.cost[2])))
    } else {
        String::new()
    };
    println!(
        "per 100 hands: expert {:.1}, hard {:.1}{shown}",
        per100(sum(&tally.cost[0])),
        per100(sum(&tally.cost[1]))
    );
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Deal, Tally, Trick};

    use super::*;

    /// No trumps, two tricks left, South to lead: the ace of spades takes the trick, the two of
    /// hearts gives East's ace and king both.
    fn two_left(taken: [u8; 2]) -> (PlayState, CardSet, Side) {
        let deal: Deal = "N:3.3.. .AK.. A.2.. .QJ..".parse().expect("a deal");
        let south = Seat::from_compass('S').expect("a seat");
        let rules = Preset::CourtPiece.rules();
        let pos = PlayState::open(&deal, &Trick::new(south, None), &rules).expect("a position");
        let mut tally = [0; courtpiece_rules::MAX_SIDES];
        tally[south.team().index()] = taken[0];
        tally[south.team().other().index()] = taken[1];
        let pos = pos.with_tally(Tally {
            tricks: 11,
            taken: tally,
            ..Default::default()
        });
        (pos, pos.legal(), south.team())
    }

    fn card(name: &str) -> Card {
        name.parse().expect("a card")
    }

    #[test]
    fn a_card_that_turns_a_won_hand_into_a_lost_one_costs_two() {
        let mut solver = Solver::new();
        let (pos, cards, team) = two_left([6, 5]);
        assert_eq!(worth(&mut solver, &pos, card("AS"), team, false), 1);
        assert_eq!(cost(&mut solver, &pos, cards, card("AS"), team, false), 0);
        assert_eq!(cost(&mut solver, &pos, cards, card("2H"), team, false), 2);
    }

    #[test]
    fn a_court_counts_one_more_either_way() {
        let mut solver = Solver::new();
        let (pos, cards, team) = two_left([6, 0]);
        assert_eq!(worth(&mut solver, &pos, card("AS"), team, false), 2);
        // the two gives both tricks away and the seventh with them: from a court to a loss
        assert_eq!(cost(&mut solver, &pos, cards, card("2H"), team, false), 3);
    }
}
