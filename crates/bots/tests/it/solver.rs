//! The double-dummy solver against brute force, and its consistency on full deals.

use std::collections::HashMap;

use courtpiece_bots::{Solver, TEN, counted};
use courtpiece_rules::{
    Card, CardSet, Deal, Deck, PlayState, PositionError, Preset, Rank, RuleSet, Seat, Side, Suit, Trick,
};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Plain minimax over every legal card, at a table of four or of two, remembering positions already valued (and nothing
/// else: no pruning, no bounds, no equivalent cards): the most tricks `team` takes from `pos`,
/// or under the Double Sar heap collects; under Mindi with [`TEN`] more for each ten collected
/// (RM-HEAP, RM-WIN).
pub(crate) fn brute(pos: &PlayState, team: Side, seen: &mut HashMap<PlayState, u8>) -> u8 {
    if pos.tricks_left() == 0 {
        return 0;
    }
    if let Some(&v) = seen.get(pos) {
        return v;
    }
    let maximizing = pos.seats().side(pos.to_play()) == team;
    let mut best = if maximizing { 0 } else { u8::MAX };
    for card in pos.legal() {
        let (child, _) = play(pos, card);
        let v = brute(&child, team, seen) + counted(&child, team) - counted(pos, team);
        best = if maximizing { best.max(v) } else { best.min(v) };
    }
    seen.insert(*pos, best);
    best
}

/// Plain search over every legal card: the longest run of tricks `team` can take from `pos`, the
/// trick in progress first.
pub(crate) fn brute_run(pos: &PlayState, team: Side) -> u8 {
    if pos.tricks_left() == 0 {
        return 0;
    }
    let maximizing = pos.seats().side(pos.to_play()) == team;
    let mut best = if maximizing { 0 } else { u8::MAX };
    for card in pos.legal() {
        let (child, won) = play(pos, card);
        let v = match won {
            Some(w) if pos.seats().side(w) == team => 1 + brute_run(&child, team),
            Some(_) => 0,
            None => brute_run(&child, team),
        };
        best = if maximizing { best.max(v) } else { best.min(v) };
    }
    best
}

/// The position after `card`, and the trick's winner if it completed one.
fn play(pos: &PlayState, card: Card) -> (PlayState, Option<Seat>) {
    let mut child = *pos;
    let won = child.play(card);
    (child, won)
}

fn rules() -> RuleSet {
    Preset::CourtPiece.rules()
}

/// The start of a trick in a deal of open hands.
fn open(deal: &Deal, trumps: Option<Suit>, leader: Seat) -> Result<PlayState, PositionError> {
    PlayState::open(deal, &Trick::new(leader, trumps), &rules())
}

fn random_trumps(rng: &mut SmallRng) -> Option<Suit> {
    let i = rng.random_range(0..5);
    (i < 4).then(|| Suit::ALL[i])
}

/// A random position with `n` cards a hand, possibly with up to three cards already on the table.
fn random_position(rng: &mut SmallRng, n: usize) -> PlayState {
    let hands = Deck::random_hands(rng);
    let cut = hands.map(|h| h.iter().take(n).collect::<CardSet>());
    let trumps = random_trumps(rng);
    let leader = Seat::ALL[rng.random_range(0..4)];
    let mut pos = open(&Deal::new(cut), trumps, leader).unwrap();
    for _ in 0..rng.random_range(0..4) {
        let legal = pos.legal();
        let card = legal.nth(rng.random_range(0..legal.len())).unwrap();
        pos.play(card);
    }
    pos
}

/// A Double Sar position with `n` cards a hand after up to two random tricks laid on the heap or
/// collected, and up to three cards of the next, under `V-FIRSTCOLLECT` late enough to matter
/// now and then.
fn random_heap_position(rng: &mut SmallRng, n: usize) -> PlayState {
    let mut rules = Preset::DoubleSar.rules();
    rules.first_collect = [0, 0, 11, 12][rng.random_range(0..4)];
    let tricks = rng.random_range(0..3);
    let hands = Deck::random_hands(rng);
    let cut = hands.map(|h| h.iter().take(n + tricks).collect::<CardSet>());
    let leader = Seat::ALL[rng.random_range(0..4)];
    let trick = Trick::new(leader, random_trumps(rng));
    let mut pos = PlayState::open(&Deal::new(cut), &trick, &rules).unwrap();
    for _ in 0..tricks * 4 + rng.random_range(0..4) {
        let legal = pos.legal();
        let card = legal.nth(rng.random_range(0..legal.len())).unwrap();
        pos.play(card);
    }
    pos
}

/// Asserts that the solver's most tricks for `team` are brute force's, and returns them.
fn solves_as_brute_force(solver: &mut Solver, pos: &PlayState, team: Side, case: usize) -> u8 {
    let expected = brute(pos, team, &mut HashMap::new());
    assert_eq!(
        solver.max_tricks(pos, team),
        expected,
        "case {case}: {pos:?} for {team}"
    );
    expected
}

#[test]
fn the_solver_equals_brute_force_on_small_positions() {
    let mut rng = SmallRng::seed_from_u64(42);
    let mut solver = Solver::new();
    // hands of 1 to 4 cards often, of 5 and 6 (costly for the brute force) now and then
    let sizes = [1, 2, 3, 4].repeat(40).into_iter().chain([5; 12]).chain([6; 3]);
    for (case, n) in sizes.enumerate() {
        let pos = random_position(&mut rng, n);
        for team in Side::TEAMS {
            let expected = solves_as_brute_force(&mut solver, &pos, team, case);
            for k in 0..=pos.tricks_left() {
                assert_eq!(solver.can_take(&pos, team, k), expected >= k);
            }
        }
    }
}

/// One solver, one trump suit, many small deals: positions of different deals with the same suit
/// lengths meet in the table, and an answer kept for one is used for another only where the cards
/// it depended on lie the same.
#[test]
fn answers_shared_between_deals_are_exact() {
    let mut rng = SmallRng::seed_from_u64(44);
    for trumps in [None, Some(Suit::Hearts)] {
        let mut solver = Solver::new();
        for case in 0..400 {
            let mut pos = random_position(&mut rng, 2 + case % 3);
            while pos.trumps() != trumps {
                pos = random_position(&mut rng, 2 + case % 3);
            }
            for team in Side::TEAMS {
                solves_as_brute_force(&mut solver, &pos, team, case);
            }
        }
    }
}

/// Small deals of the top cards of three suits, so that a side often holds the top cards of a
/// suit in either hand, or the top trumps: the leader cashes its top cards and then partner's, or
/// draws trumps before the other suits. One solver for each trump suit, so that answers built on
/// those counts meet positions of the same suit lengths with the top cards elsewhere.
#[test]
fn cashing_across_partners_and_after_trumps_is_exact() {
    let mut rng = SmallRng::seed_from_u64(46);
    let suits = [Suit::Spades, Suit::Hearts, Suit::Diamonds];
    let mut deck: Vec<Card> = suits
        .iter()
        .flat_map(|&suit| {
            Rank::HIGH_TO_LOW[..7]
                .iter()
                .map(move |&rank| Card::new(suit, rank))
        })
        .collect();
    for trumps in [None, Some(Suit::Spades)] {
        let mut solver = Solver::new();
        for case in 0..300 {
            let n = 3 + case % 2;
            for i in (1..deck.len()).rev() {
                deck.swap(i, rng.random_range(0..=i));
            }
            let hands: [CardSet; 4] =
                std::array::from_fn(|h| deck[h * n..(h + 1) * n].iter().copied().collect());
            let leader = Seat::ALL[rng.random_range(0..4)];
            let pos = open(&Deal::new(hands), trumps, leader).unwrap();
            for team in Side::TEAMS {
                solves_as_brute_force(&mut solver, &pos, team, case);
            }
        }
    }
}

/// Under the heap the solver counts what is collected: the heap, the run that may collect it and
/// the options that hold a collection back are all part of a position.
#[test]
fn the_solver_equals_brute_force_under_the_heap() {
    let mut rng = SmallRng::seed_from_u64(45);
    // one solver for all: answers of one heap are never taken for another
    let mut solver = Solver::new();
    let sizes = [1, 2, 3, 4].repeat(50).into_iter().chain([5; 12]);
    let mut heaps = 0;
    for (case, n) in sizes.enumerate() {
        let pos = random_heap_position(&mut rng, n);
        heaps += u32::from(pos.heap().is_some_and(|h| h.tricks > 0));
        let stake = courtpiece_bots::at_stake(&pos);
        let [a, b] = Side::TEAMS.map(|team| solves_as_brute_force(&mut solver, &pos, team, case));
        assert_eq!(a + b, stake, "case {case}: every trick is collected by the end");
        for k in 0..=stake {
            assert_eq!(solver.can_take(&pos, Side::TEAMS[0], k), a >= k);
        }
    }
    assert!(heaps > 50, "too few positions with tricks on the heap: {heaps}");
}

/// A position of Mindi with `n` cards a hand dealt from the eights to the aces, so that tens are
/// in most of them and touch the cards beside them, after up to two random tricks laid on the
/// heap or collected, and up to three cards of the next.
fn random_mindi_position(rng: &mut SmallRng, n: usize, trumps: Option<Suit>, first_collect: u8) -> PlayState {
    let mut rules = Preset::Mindi.rules();
    rules.first_collect = first_collect;
    let tricks = rng.random_range(0..2);
    let mut pool: Vec<Card> = Suit::ALL
        .into_iter()
        .flat_map(|suit| (6..13).map(move |r| Card::new(suit, Rank::new(r).unwrap())))
        .collect();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.random_range(0..=i));
    }
    let size = n + tricks;
    let hands: [CardSet; 4] =
        std::array::from_fn(|h| pool[h * size..(h + 1) * size].iter().copied().collect());
    let leader = Seat::ALL[rng.random_range(0..4)];
    let trick = Trick::new(leader, trumps);
    let mut pos = PlayState::open(&Deal::new(hands), &trick, &rules).unwrap();
    for _ in 0..tricks * 4 + rng.random_range(0..4) {
        let legal = pos.legal();
        let card = legal.nth(rng.random_range(0..legal.len())).unwrap();
        pos.play(card);
    }
    pos
}

/// Under Mindi the solver counts the tens collected before the tricks: the value of a
/// position, the most tens, and how the hand ends (RM-WIN, RM-KOT) are brute force's, with one
/// solver for every position.
#[test]
fn the_solver_equals_brute_force_under_mindi() {
    let mut rng = SmallRng::seed_from_u64(46);
    let mut solver = Solver::new();
    let sizes = [1, 2, 3, 4].repeat(40).into_iter().chain([5; 12]);
    let (mut heaped_tens, mut tens_in_play) = (0, 0);
    for (case, n) in sizes.enumerate() {
        let trumps = random_trumps(&mut rng);
        let first_collect = [0, 0, 5, 6][rng.random_range(0..4)];
        let pos = random_mindi_position(&mut rng, n, trumps, first_collect);
        heaped_tens += u32::from(pos.heap().is_some_and(|h| h.tens > 0));
        let stake = courtpiece_bots::at_stake(&pos);
        tens_in_play += u32::from(stake >= TEN);
        let [a, b] = Side::TEAMS.map(|team| {
            let expected = brute(&pos, team, &mut HashMap::new());
            assert_eq!(
                solver.max_tricks(&pos, team),
                expected,
                "case {case}: {pos:?} for {team}"
            );
            assert_eq!(solver.max_tens(&pos, team), expected / TEN, "case {case}: tens");
            expected
        });
        assert_eq!(
            a + b,
            stake,
            "case {case}: every trick and ten is collected by the end"
        );
        for k in 0..=stake {
            assert_eq!(
                solver.can_take(&pos, Side::TEAMS[0], k),
                a >= k,
                "case {case}: {k}"
            );
        }
        // how the hand ends, from the most team 0 can collect with what it has already
        let team = Side::TEAMS[0];
        let total = counted(&pos, team) + a;
        let others = counted(&pos, team.other()) + b;
        let end = solver.tens_end(&pos, team);
        assert_eq!(
            end.winner == team,
            total >= 2 * TEN + 7,
            "case {case}: the winner"
        );
        let winner_most = if end.winner == team { total } else { others };
        assert_eq!(end.court, winner_most >= 4 * TEN, "case {case}: a mendikot");
    }
    assert!(
        heaped_tens > 10,
        "too few positions with a ten on the heap: {heaped_tens}"
    );
    assert!(
        tens_in_play > 100,
        "too few positions with a ten at stake: {tens_in_play}"
    );
}

/// Under Mindi the table's answers are shared only between positions whose tens stand alike,
/// and between questions that count alike (tricks and tens, or tens alone): one solver for many
/// small positions of one trump suit, so that positions of the same suit lengths with the
/// relevant cards in the same hands meet, a ten at another place or gone, each asked both.
#[test]
fn mindi_answers_shared_between_deals_are_exact() {
    let mut rng = SmallRng::seed_from_u64(47);
    for trumps in [None, Some(Suit::Hearts)] {
        let mut solver = Solver::new();
        for case in 0..500 {
            let pos = random_mindi_position(&mut rng, 1 + case % 3, trumps, 0);
            for team in Side::TEAMS {
                let expected = brute(&pos, team, &mut HashMap::new());
                assert_eq!(solver.max_tricks(&pos, team), expected, "case {case}: {pos:?}");
                assert_eq!(solver.max_tens(&pos, team), expected / TEN, "case {case}: tens");
            }
        }
    }
}

#[test]
fn the_run_search_equals_brute_force_on_small_positions() {
    let mut rng = SmallRng::seed_from_u64(43);
    let mut solver = Solver::new();
    let sizes = [1, 2, 3, 4].repeat(40).into_iter().chain([5; 10]);
    for (case, n) in sizes.enumerate() {
        let pos = random_position(&mut rng, n);
        for team in Side::TEAMS {
            let run = brute_run(&pos, team);
            for k in 0..=pos.tricks_left() {
                assert_eq!(
                    solver.can_sweep(&pos, team, k),
                    run >= k,
                    "case {case}: {pos:?} for {team}, {k} in a row"
                );
            }
        }
    }
}

#[test]
fn full_double_sar_deals_are_consistent() {
    let mut rng = SmallRng::seed_from_u64(8);
    for _ in 0..2 {
        let deal = Deal::new(Deck::random_hands(&mut rng));
        let trick = Trick::new(Seat::ALL[rng.random_range(0..4)], random_trumps(&mut rng));
        let pos = PlayState::open(&deal, &trick, &Preset::DoubleSar.rules()).unwrap();
        let mut solver = Solver::new();
        let a = solver.max_tricks(&pos, Side::TEAMS[0]);
        let b = solver.max_tricks(&pos, Side::TEAMS[1]);
        assert_eq!(a + b, 13, "{}", deal.to_pbn());
    }
}

#[test]
fn full_deals_are_consistent() {
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..4 {
        let deal = Deal::new(Deck::random_hands(&mut rng));
        let trumps = random_trumps(&mut rng);
        let pos = open(&deal, trumps, Seat::ALL[rng.random_range(0..4)]).unwrap();
        let mut solver = Solver::new();
        let a = solver.max_tricks(&pos, Side::TEAMS[0]);
        let b = solver.max_tricks(&pos, Side::TEAMS[1]);
        assert_eq!(a + b, 13, "{} {trumps:?}", deal.to_pbn());
    }
}

/// Fresh random full deals, `<PBN deal> <trumps> <leader>`, with the tricks of the leader's side
/// as an established bridge double-dummy solver gives them.
const BRIDGE_SOLVED: [(&str, u8); 12] = [
    (
        "N:932.Q873.Q953.84 KQ85.J962.76.AJT AJ7.A5.AKT82.Q95 T64.KT4.J4.K7632 N S",
        8,
    ),
    (
        "N:KJT9843.Q8.T3.65 Q5.KJ652.QJ7.T73 A6.AT943.8654.K8 72.7.AK92.AQJ942 C W",
        11,
    ),
    (
        "N:AQT54.765.98.AKJ 962.QT3.A6532.Q9 K3.A84.KJT7.T542 J87.KJ92.Q4.8763 D N",
        9,
    ),
    (
        "N:J54.A97.JT.J5432 KT98.JT4.985.876 AQ76.K832.7632.A 32.Q65.AKQ4.KQT9 C W",
        6,
    ),
    (
        "N:T7.AKQT73.AT9.T8 85.865.KQ75.J542 AJ962.J94.842.Q7 KQ43.2.J63.AK963 S E",
        7,
    ),
    (
        "N:AQJ642.952.76.A4 97.AK74.93.KQT92 KT3.QJT6.AT52.J5 85.83.KQJ84.8763 S S",
        10,
    ),
    (
        "N:T32.J74.KJ7.AK54 98.K95.AT982.Q73 AQJ74.AQ3.654.82 K65.T862.Q3.JT96 D N",
        8,
    ),
    (
        "N:KQ973.J96.T54.72 62.T742.K72.A964 J8.AKQ3.6.KQJT85 AT54.85.AQJ983.3 C W",
        3,
    ),
    (
        "N:8652.93.T3.AKJ53 97.KQJ854.96.Q86 Q4.A72.AKJ872.94 AKJT3.T6.Q54.T72 H N",
        6,
    ),
    (
        "N:A.AKT85.KQ7.Q863 T954.Q974..AKT54 Q872.63.86532.97 KJ63.J2.AJT94.J2 H S",
        6,
    ),
    (
        "N:AT765.AK986.32.J K83.T42.86.AKT73 QJ942.Q75.KJT7.Q .J3.AQ954.986542 N W",
        8,
    ),
    (
        "N:Q753.876.AKJ85.Q AT4.QJT3.T97.KJ6 J86.52.Q42.AT872 K92.AK94.63.9543 S S",
        7,
    ),
];

#[test]
fn full_deals_equal_a_bridge_solver() {
    // One solver for all, as `courtpiece solve` runs a file: answers and move hints carried from
    // one deal to the next must not change the next deal's answer.
    let mut solver = Solver::new();
    for (line, tricks) in BRIDGE_SOLVED {
        let words: Vec<&str> = line.split_whitespace().collect();
        let deal: Deal = words[..4].join(" ").parse().unwrap();
        let trumps = match words[4] {
            "N" => None,
            t => Some(t.parse::<Suit>().unwrap()),
        };
        let leader = Seat::from_compass(words[5].chars().next().unwrap()).unwrap();
        let pos = open(&deal, trumps, leader).unwrap();
        assert_eq!(solver.max_tricks(&pos, leader.team()), tricks, "{line}");
    }
}

#[test]
fn bad_positions_are_refused() {
    let deal: Deal = "N:AK... QJ... T9... 8...".parse().unwrap();
    assert!(
        open(&deal, None, Seat::ALL[0]).is_err(),
        "a hand of one card among hands of two"
    );
    let ok: Deal = "N:AK... QJ... T9... 87...".parse().unwrap();
    assert!(open(&ok, None, Seat::ALL[0]).is_ok());
    let empty: Deal = "N:- - - -".parse().unwrap();
    assert!(open(&empty, None, Seat::ALL[0]).is_err());
}

#[test]
fn a_search_cut_short_by_its_deadline_leaves_no_wrong_answers_behind() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut cut_short = 0;
    for _ in 0..20 {
        let pos = random_position(&mut rng, 8);
        let team = Side::TEAMS[rng.random_range(0..2)];
        let expected = Solver::new().max_tricks(&pos, team);
        let mut solver = Solver::new();
        // a deadline already past: the first look at the clock gives up
        solver.set_deadline(Some(std::time::Instant::now()));
        for k in 0..=pos.tricks_left() {
            let _ = solver.can_take(&pos, team, k);
        }
        cut_short += u32::from(solver.out_of_time());
        solver.set_deadline(None);
        assert!(!solver.out_of_time());
        assert_eq!(solver.max_tricks(&pos, team), expected);
    }
    assert!(cut_short > 0, "no search ran long enough to look at the clock");
}
