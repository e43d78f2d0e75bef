//! Bots against bots on duplicate deals: every match is played twice from the same seed, the
//! teams swapping seats, so that the luck of the cards cancels out.

use std::time::Instant;

use courtpiece_rules::{Intent, Match, RuleSet, Seat, Side};

use crate::bot::{Bot, Level};

/// One match of a duplicate pair, from A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchOutcome {
    pub hands: u32,
    /// Hands won by A's team.
    pub a_hands_won: u32,
    /// 1 for a match A won, 0.5 for a draw, 0 for a loss.
    pub a_match_points: f64,
    /// Courts (or points) each side scored: A, then B.
    pub score: [u32; 2],
    /// Hands each side won with a court (any kind): A, then B.
    pub courts: [u32; 2],
    /// Decision times of each side in nanoseconds: A, then B.
    pub a_nanos: Vec<u64>,
    pub b_nanos: Vec<u64>,
}

/// Plays match number `index` with A's team on `a_team`. The seed fixes the deals; the cuts are
/// fixed by the arena, not by the bots, so that both halves of a pair see the same cards.
pub fn play_match(rules: &RuleSet, seed: u64, a: Level, b: Level, a_team: Side) -> MatchOutcome {
    let mut m = match Match::new(rules, seed) {
        Ok(m) => m,
        Err(_) => return MatchOutcome::default(),
    };
    let mut bots: Vec<Box<dyn Bot>> = Seat::ALL
        .iter()
        .map(|s| {
            let level = if s.team() == a_team { a } else { b };
            level.bot(seed.wrapping_mul(31).wrapping_add(s.index() as u64))
        })
        .collect();
    let mut out = MatchOutcome::default();
    loop {
        m.advance();
        let Some(who) = m.to_act() else { break };
        let view = m.view(who);
        let intent = match view.legal.first() {
            Some(Intent::Cut { .. }) => Intent::Cut {
                at: fixed_cut(seed, m.round().deal_no()),
            },
            _ => {
                let start = Instant::now();
                let intent = bots[who.index()].decide(&view, rules);
                let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                if who.team() == a_team {
                    out.a_nanos.push(nanos);
                } else {
                    out.b_nanos.push(nanos);
                }
                intent
            }
        };
        if m.apply(who, intent).is_err() {
            // a bot's mistake must not stop the arena: play the first legal intent instead
            let fallback = view.legal[0];
            if m.apply(who, fallback).is_err() {
                break;
            }
        }
    }
    let a = a_team.index();
    let score = m.score();
    out.hands = score.hands;
    out.a_hands_won = score.hands_won[a];
    out.score = [score.points[a], score.points[1 - a]];
    out.a_match_points = match m.winner() {
        Some(t) if t == a_team => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    for r in m.results() {
        if r.is_court(rules) {
            out.courts[usize::from(r.winner != a_team)] += 1;
        }
    }
    out
}

/// The cut of a deal in the arena: the same in both halves of a pair.
fn fixed_cut(seed: u64, deal: u64) -> u8 {
    let mixed = (seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    4 + ((mixed >> 32) % 45) as u8
}

/// Both halves of duplicate pair `index`: A as team 0, then A as team 1, on the same seed.
pub fn play_pair(rules: &RuleSet, base_seed: u64, index: u64, a: Level, b: Level) -> [MatchOutcome; 2] {
    let seed = base_seed.wrapping_add(index.wrapping_mul(0x2545_F491_4F6C_DD1D));
    [
        play_match(rules, seed, a, b, Side::TEAMS[0]),
        play_match(rules, seed, a, b, Side::TEAMS[1]),
    ]
}

/// What an arena run came to.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub matches: u32,
    pub hands: u32,
    pub a_hand_win_rate: f64,
    pub a_match_win_rate: f64,
    /// Half-width of the 95 % confidence interval of the match win rate.
    pub ci95: f64,
    pub courts: [u32; 2],
    pub a_ms_p50: f64,
    pub a_ms_p95: f64,
    pub b_ms_p50: f64,
    pub b_ms_p95: f64,
}

impl Summary {
    pub fn of(outcomes: &[MatchOutcome]) -> Summary {
        let matches = u32::try_from(outcomes.len()).unwrap_or(u32::MAX);
        let hands: u32 = outcomes.iter().map(|o| o.hands).sum();
        let won: u32 = outcomes.iter().map(|o| o.a_hands_won).sum();
        let points: f64 = outcomes.iter().map(|o| o.a_match_points).sum();
        let p = if matches == 0 {
            0.0
        } else {
            points / f64::from(matches)
        };
        // the outcomes of a pair are not independent, so the interval is over pairs
        let pairs: Vec<f64> = outcomes
            .chunks(2)
            .map(|c| c.iter().map(|o| o.a_match_points).sum::<f64>() / c.len() as f64)
            .collect();
        let ci95 = if pairs.len() > 1 {
            let mean = pairs.iter().sum::<f64>() / pairs.len() as f64;
            let var = pairs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (pairs.len() - 1) as f64;
            1.96 * (var / pairs.len() as f64).sqrt()
        } else {
            1.0
        };
        let mut a: Vec<u64> = outcomes.iter().flat_map(|o| o.a_nanos.iter().copied()).collect();
        let mut b: Vec<u64> = outcomes.iter().flat_map(|o| o.b_nanos.iter().copied()).collect();
        Summary {
            matches,
            hands,
            a_hand_win_rate: if hands == 0 {
                0.0
            } else {
                f64::from(won) / f64::from(hands)
            },
            a_match_win_rate: p,
            ci95,
            courts: outcomes
                .iter()
                .fold([0, 0], |acc, o| [acc[0] + o.courts[0], acc[1] + o.courts[1]]),
            a_ms_p50: percentile_ms(&mut a, 0.50),
            a_ms_p95: percentile_ms(&mut a, 0.95),
            b_ms_p50: percentile_ms(&mut b, 0.50),
            b_ms_p95: percentile_ms(&mut b, 0.95),
        }
    }
}

#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "q is in 0..=1, so the rounded index is within the list"
)]
fn percentile_ms(nanos: &mut [u64], q: f64) -> f64 {
    if nanos.is_empty() {
        return 0.0;
    }
    nanos.sort_unstable();
    let i = ((nanos.len() - 1) as f64 * q).round() as usize;
    nanos[i] as f64 / 1e6
}
