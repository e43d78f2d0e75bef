//! What the cards Expert and Hard play cost in the deal as it lies: Expert's people (North and
//! South) play Hard's (East and West), and at every card either plays while neither team has
//! its seven, each card it could have played is solved double-dummy in the true deal. A card's
//! cost is how much less the hand comes to after it, with best play by everyone from there, than
//! after the best card: a hand won counts 1 and lost −1, a court (R-COURT, or under the Double
//! Sar heap every trick collected, R-DSKOT) one more either way. With `--omniscient` each of
//! Expert's decisions is also asked of an Expert shown every card: what is left of its cost then
//! is the search's, the rest the hidden cards'. With `--partner` it is asked of an Expert shown
//! its partner's hand only: the most any agreement between partners on what their cards say
//! could give back. With `--placed`, at each of Expert's decisions the layouts it draws (the
//! reads of the play and of the call as its search has them) are counted for how many of the
//! unseen cards they put in the hand that holds them, partner's and the other team's apart: the
//! measure a new read must move.
//!
//! `cargo run --release -p courtpiece-bots --example costs -- --rules double-sar --matches 25`

use std::process::ExitCode;

use courtpiece_bots::memory::Memory;
use courtpiece_bots::reads::Reads;
use courtpiece_bots::{Bot, Level, Solver};
use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::{
    Card, CardSet, Intent, Match, Mode, Phase, PlayState, Preset, RuleSet, Seat, SeatView, Side,
};

const USAGE: &str = "usage: costs [--rules PRESET] [--matches N] [--from SEED] [--hands N] \
                     [--tricks FIRST-LAST] [--omniscient | --partner] [--placed]";

/// Layouts drawn for each decision `--placed` counts.
const PLACED_LAYOUTS: u32 = 100;

/// What the second Expert, asked the same decisions, is shown of the true deal.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shown {
    Everything,
    Partner,
}

impl Shown {
    fn heading(self) -> &'static str {
        match self {
            Shown::Everything => "  shown all",
            Shown::Partner => "    partner",
        }
    }

    /// `view` with the cards this shows of `truth`, the hands as they lie, where the sampler
    /// deals them to their holders in every layout.
    fn view(self, view: &SeatView, truth: [CardSet; 4]) -> SeatView {
        let mut open = view.clone();
        match self {
            Shown::Everything => open.exposed = truth,
            Shown::Partner => {
                let partner = view.seat.partner().index();
                open.exposed[partner] = truth[partner];
            }
        }
        open
    }
}

struct Options {
    preset: Preset,
    matches: u64,
    from: u64,
    hands: usize,
    tricks: (usize, usize),
    shown: Option<Shown>,
    placed: bool,
}

fn options(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        preset: Preset::DoubleSar,
        matches: 25,
        from: 0,
        hands: 4,
        tricks: (5, 13),
        shown: None,
        placed: false,
    };
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        if flag == "--placed" {
            options.placed = true;
            continue;
        }
        let shown = match flag.as_str() {
            "--omniscient" => Some(Shown::Everything),
            "--partner" => Some(Shown::Partner),
            _ => None,
        };
        if let Some(shown) = shown {
            if options.shown.is_some_and(|s| s != shown) {
                return Err("--omniscient and --partner: choose one".to_string());
            }
            options.shown = Some(shown);
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
    let taken = child.taken();
    let taken = [taken[team.index()], taken[team.other().index()]];
    let end = solver.race_end(&child, team, taken, heap);
    let worth = if end.court { 2 } else { 1 };
    if end.winner == team { worth } else { -worth }
}

/// What the hand comes to after each card the seat could play, each solved once.
struct Prices {
    worth: [Option<i32>; 64],
    best: i32,
}

impl Prices {
    fn of(solver: &mut Solver, pos: &PlayState, cards: CardSet, team: Side, heap: bool) -> Prices {
        let mut worth = [None; 64];
        for card in cards {
            worth[usize::from(card.bit())] = Some(self::worth(solver, pos, card, team, heap));
        }
        let best = worth.iter().flatten().copied().max().unwrap_or(0);
        Prices { worth, best }
    }

    /// How much less the hand comes to after `card` than after the best card, if it was one of
    /// the cards priced.
    fn cost(&self, card: Card) -> Option<i32> {
        self.worth[usize::from(card.bit())].map(|worth| self.best - worth)
    }
}

/// Decisions and their costs added up by trick: Expert's, Hard's, and the shown Expert's.
#[derive(Default)]
struct Tally {
    decisions: [[u32; 13]; 3],
    cost: [[i32; 13]; 3],
    /// By trick, of partner's unseen cards and then the other team's: how many the layouts put
    /// in the hand that holds them, of how many they dealt.
    placed: [[Placed; 2]; 13],
}

/// Unseen cards dealt by layouts, and of those, how many to the hand that holds them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Placed {
    right: u64,
    dealt: u64,
}

impl Placed {
    fn add(&mut self, other: Placed) {
        self.right += other.right;
        self.dealt += other.dealt;
    }

    fn share(self) -> f64 {
        self.right as f64 / self.dealt.max(1) as f64
    }

    /// The share placed right, or a dash where nothing was dealt.
    fn shown(self) -> String {
        if self.dealt == 0 {
            "    —".to_string()
        } else {
            format!("{:.3}", self.share())
        }
    }
}

/// How well `layouts` layouts drawn as Expert's search draws them for `view` place the cards
/// of partner's hand and of the other team's hands, as they lie in `truth`.
fn placed(view: &SeatView, rules: &RuleSet, truth: [CardSet; 4], layouts: u32, seed: u64) -> [Placed; 2] {
    use rand::SeedableRng;
    let memory = Memory::read(view, rules);
    let reads = Reads::of(view, rules, &memory).and_the_call(view, rules);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut placed = [Placed::default(); 2];
    for _ in 0..layouts {
        let hands = reads.sample(view, &memory, &mut rng);
        for seat in Seat::ALL.into_iter().filter(|&s| s != view.seat) {
            let held = truth[seat.index()] & memory.unseen;
            let group = usize::from(seat != view.seat.partner());
            placed[group].add(Placed {
                right: u64::from((hands[seat.index()] & held).len()),
                dealt: u64::from(held.len()),
            });
        }
    }
    placed
}

impl Tally {
    fn add(&mut self, row: usize, trick: usize, cost: Option<i32>) {
        if let Some(cost) = cost {
            self.decisions[row][trick] += 1;
            self.cost[row][trick] += cost;
        }
    }
}

fn main() -> ExitCode {
    let options = match options(std::env::args().skip(1)) {
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
            if is_expert && options.placed {
                let seed = seed ^ (table.results().len() as u64) << 32 ^ (trick as u64) << 8;
                for (sum, more) in
                    tally.placed[trick]
                        .iter_mut()
                        .zip(placed(&view, rules, truth, PLACED_LAYOUTS, seed))
                {
                    sum.add(more);
                }
            }
            let pos = PlayState::from_view(&view, truth, rules);
            let prices = Prices::of(solver, &pos, view.playable() & pos.legal(), who.team(), heap);
            tally.add(usize::from(!is_expert), trick, prices.cost(card));
            if let (true, Some(what)) = (is_expert, options.shown)
                && let Intent::Play { card } = shown[who.index()].decide(&what.view(&view, truth), rules)
            {
                tally.add(2, trick, prices.cost(card));
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
    // Expert's, Hard's, and the shown Expert's where it was asked
    let rows = if options.shown.is_some() { 3 } else { 2 };
    let line = |cell: &dyn Fn(usize) -> (u32, i32)| {
        (0..rows)
            .map(|row| {
                let (decisions, cost) = cell(row);
                format!("  {decisions:5} {cost:4}")
            })
            .collect::<String>()
    };
    let heading = [
        "     expert",
        "       hard",
        options.shown.map_or("", Shown::heading),
    ];
    println!("trick{}", heading[..rows].concat());
    for t in options.tricks.0 - 1..options.tricks.1 {
        println!(
            "{:5}{}",
            t + 1,
            line(&|row| (tally.decisions[row][t], tally.cost[row][t]))
        );
    }
    let total = |row: usize| {
        (
            tally.decisions[row].iter().sum::<u32>(),
            tally.cost[row].iter().sum::<i32>(),
        )
    };
    println!("total{}", line(&total));
    let per100 = (0..rows)
        .map(|row| {
            let per100 = f64::from(total(row).1) * 100.0 / hands.max(1) as f64;
            format!("{} {per100:.1}", heading[row].trim())
        })
        .collect::<Vec<_>>();
    println!("per 100 hands: {}", per100.join(", "));
    if options.placed {
        println!("trick  unseen cards Expert's layouts place right: partner's, the other team's");
        let mut all = [Placed::default(); 2];
        for t in options.tricks.0 - 1..options.tricks.1 {
            let [partner, others] = tally.placed[t];
            println!("{:5}  {} {}", t + 1, partner.shown(), others.shown());
            all[0].add(partner);
            all[1].add(others);
        }
        println!("all    {} {}", all[0].shown(), all[1].shown());
    }
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
        let prices = Prices::of(&mut solver, &pos, cards, team, false);
        assert_eq!(prices.cost(card("AS")), Some(0));
        assert_eq!(prices.cost(card("2H")), Some(2));
        // a card the seat could not play is not priced
        assert_eq!(prices.cost(card("KH")), None);
    }

    #[test]
    fn a_court_counts_one_more_either_way() {
        let mut solver = Solver::new();
        let (pos, cards, team) = two_left([6, 0]);
        assert_eq!(worth(&mut solver, &pos, card("AS"), team, false), 2);
        // the two gives both tricks away and the seventh with them: from a court to a loss
        let prices = Prices::of(&mut solver, &pos, cards, team, false);
        assert_eq!(prices.cost(card("2H")), Some(3));
    }

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_second_expert_is_shown_every_card_or_its_partners_but_not_both() {
        let shown = |line: &str| options(args(line)).map(|o| o.shown);
        assert_eq!(shown(""), Ok(None));
        assert_eq!(shown("--omniscient"), Ok(Some(Shown::Everything)));
        assert_eq!(shown("--partner --rules court-piece"), Ok(Some(Shown::Partner)));
        assert!(shown("--omniscient --partner").is_err());
        assert!(shown("--tricks 5-14").is_err());
        assert!(options(args("--placed --partner")).is_ok_and(|o| o.placed));
    }

    /// A match of four Medium bots on `seed`, played into trick play until `tricks` tricks are
    /// done: South's view there, and the four hands as they lie.
    fn south_after(rules: &RuleSet, seed: u64, tricks: usize) -> (SeatView, [CardSet; 4]) {
        let mut table = Match::new(rules, seed).expect("a match");
        let mut bots: Vec<Box<dyn Bot>> = (0..4).map(|i| Level::Medium.bot(i)).collect();
        loop {
            let north = table.view(Seat::ALL[0]);
            if north.phase == Phase::TrickPlay && north.tricks.len() >= tricks {
                break;
            }
            table.advance();
            let Some(who) = table.to_act() else { break };
            let intent = bots[who.index()].decide(&table.view(who), rules);
            table.apply(who, intent).expect("a legal intent");
        }
        let truth = std::array::from_fn(|i| table.view(Seat::ALL[i]).hand);
        (table.view(Seat::from_compass('S').expect("a seat")), truth)
    }

    #[test]
    fn shown_its_partners_hand_a_seat_sees_that_hand_and_no_other() {
        let (view, truth) = south_after(&Preset::CourtPiece.rules(), 7, 0);
        let south = view.seat;
        let open = Shown::Partner.view(&view, truth);
        for seat in Seat::ALL {
            let expected = if seat == south.partner() {
                truth[seat.index()]
            } else {
                view.exposed[seat.index()]
            };
            assert_eq!(open.exposed[seat.index()], expected, "{seat:?}");
        }
        assert_eq!(open.exposed[south.partner().index()].len(), 13);
        assert_eq!(Shown::Everything.view(&view, truth).exposed, truth);
    }

    #[test]
    fn the_layouts_place_a_hand_they_are_shown_and_guess_at_the_others() {
        let rules = Preset::DoubleSar.rules();
        // at the fifth trick, where `costs` starts asking
        let (view, truth) = south_after(&rules, 11, 4);
        let [partner, others] = placed(&view, &rules, truth, 50, 1);
        // nine cards in each of the three other hands
        assert_eq!((partner.dealt, others.dealt), (50 * 9, 50 * 18));
        assert!(partner.share() > 0.0 && partner.share() < 1.0, "{partner:?}");
        assert!(others.share() > 0.0 && others.share() < 1.0, "{others:?}");
        let [partner, others] = placed(&Shown::Partner.view(&view, truth), &rules, truth, 50, 1);
        assert_eq!(partner.right, partner.dealt);
        assert!(others.share() < 1.0, "{others:?}");
    }
}
