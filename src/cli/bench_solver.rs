//! `courtpiece bench --solver`: how long the double-dummy solver's queries take on random
//! positions, one fresh solver per query, one core: the whole-deal question last (the one a
//! bridge solver answers in tens of milliseconds), then the same under the Double Sar heap, and
//! on request how whole deals of Mindi end.

use std::time::Instant;

use courtpiece::figures::percentile;
use courtpiece_bots::Solver;
use courtpiece_rules::{Card, CardSet, Deal, PlayState, Preset, RuleSet, Seat, Suit, Trick};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use super::CliError;

/// One kind of query over many positions: times in milliseconds.
#[derive(Serialize)]
struct Timing {
    query: String,
    positions: usize,
    median_ms: f64,
    p90_ms: f64,
    max_ms: f64,
}

/// `cards` random cards a hand, random trumps (or none) and leader, under `rules`.
fn position(rng: &mut SmallRng, cards: usize, rules: &RuleSet) -> Result<(PlayState, Seat), CliError> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    let mut hands = [CardSet::EMPTY; 4];
    for (i, hand) in hands.iter_mut().enumerate() {
        *hand = deck[i * cards..(i + 1) * cards].iter().copied().collect();
    }
    let trumps = match rng.next_u32() % 5 {
        4 => None,
        s => Some(Suit::ALL[s as usize]),
    };
    let leader = Seat::ALL[(rng.next_u32() % 4) as usize];
    let pos = PlayState::open(&Deal::new(hands), &Trick::new(leader, trumps), rules)
        .map_err(|e| CliError::Usage(format!("a random position was refused: {e}")))?;
    Ok((pos, leader))
}

fn timing(query: String, mut ms: Vec<f64>) -> Timing {
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| percentile(&ms, q);
    Timing {
        query,
        positions: ms.len(),
        median_ms: at(0.5),
        p90_ms: at(0.9),
        max_ms: at(1.0),
    }
}

/// The positions of one measurement: how many, of how many cards a hand, under which rules.
struct Positions {
    cards: usize,
    count: usize,
    rules: RuleSet,
}

/// Times `query` on fresh positions.
fn measure(
    rng: &mut SmallRng,
    name: String,
    of: &Positions,
    query: impl Fn(&mut Solver, &PlayState, Seat) -> u8,
) -> Result<Timing, CliError> {
    let mut ms = Vec::with_capacity(of.count);
    let mut checksum = 0u64;
    for _ in 0..of.count {
        let (pos, leader) = position(rng, of.cards, &of.rules)?;
        let mut solver = Solver::new();
        let start = Instant::now();
        checksum += u64::from(query(&mut solver, &pos, leader));
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    std::hint::black_box(checksum);
    Ok(timing(name, ms))
}

/// `deals`: whole deals of tricks (Court Piece's and the Double Sar heap's), and of Mindi.
pub fn run(positions: usize, deals: [usize; 2], seed: u64, json: bool) -> Result<(), CliError> {
    if positions == 0 || positions > 100_000 {
        return Err(CliError::Usage(format!(
            "--positions {positions}: give a number from 1 to 100000"
        )));
    }
    for (n, flag) in deals.into_iter().zip(["--deals", "--mindi"]) {
        if n > 10_000 {
            return Err(CliError::Usage(format!(
                "{flag} {n}: give a number from 0 to 10000"
            )));
        }
    }
    let [deals, mindi] = deals;
    let mut rng = SmallRng::seed_from_u64(seed);
    let of = |cards: usize, count: usize, preset: Preset| Positions {
        cards,
        count,
        rules: preset.rules(),
    };
    let most = |s: &mut Solver, p: &PlayState, l: Seat| s.max_tricks(p, l.team());
    let mut timings = vec![measure(
        &mut rng,
        "full deal: can the leader's side take the first 7 tricks".into(),
        &of(13, positions, Preset::CourtPiece),
        |s, p, l| u8::from(s.can_sweep(p, l.team(), 7)),
    )?];
    for cards in [7, 8, 9] {
        timings.push(measure(
            &mut rng,
            format!("{cards} cards a hand: most tricks for the leader's side"),
            &of(cards, positions, Preset::CourtPiece),
            most,
        )?);
    }
    if deals > 0 {
        timings.push(measure(
            &mut rng,
            "whole deal: most tricks for the leader's side".into(),
            &of(13, deals, Preset::CourtPiece),
            most,
        )?);
        timings.push(measure(
            &mut rng,
            "whole deal, Double Sar heap: most tricks collected by the leader's side".into(),
            &of(13, deals, Preset::DoubleSar),
            most,
        )?);
    }
    if mindi > 0 {
        timings.push(measure(
            &mut rng,
            "whole deal, Mindi: how the hand ends for the leader's side, tens counted".into(),
            &of(13, mindi, Preset::Mindi),
            |s, p, l| {
                let end = s.tens_end(p, l.team());
                u8::from(end.winner == l.team()) + 2 * u8::from(end.court)
            },
        )?);
    }
    for t in &timings {
        if json {
            say!("{}", serde_json::to_string(t).unwrap_or_default());
        } else {
            say!(
                "{}: median {:.3} ms, p90 {:.3} ms, max {:.3} ms ({})",
                t.query,
                t.median_ms,
                t.p90_ms,
                t.max_ms,
                courtpiece::words::counted(
                    u64::try_from(t.positions).unwrap_or(u64::MAX),
                    "position",
                    "positions"
                )
            );
        }
    }
    Ok(())
}
