//! Bots against bots on duplicate deals: every match is played again from the same seed with
//! the levels in other seats, so that the luck of the cards cancels out and each level plays
//! every seat.

use std::time::Instant;

use courtpiece_rules::{Intent, Match, Person, RuleSet, Seat, SeatView, Seats, Side};

use crate::bot::{Bot, Entrant};

pub mod divergence;

/// Who plays for which level in one match: `true` for A's people. A person is a seat, except in
/// Dummy Rang where three people move round four hands (and a bot driving the dummy plays both).
pub type Seating = [bool; 4];

/// The seatings of a duplicate set, all on the same seed. At four the teams swap; at two the
/// players swap; with three people A sits alone in each place in turn, then B does, so that two
/// equal levels come out at exactly one half, as a pair does at four.
pub fn seatings(seats: Seats) -> Vec<Seating> {
    let a_at = |a_seats: &[usize]| -> Seating { std::array::from_fn(|i| a_seats.contains(&i)) };
    match seats.people() {
        4 => vec![a_at(&[0, 2]), a_at(&[1, 3])],
        3 => vec![
            a_at(&[0]),
            a_at(&[1]),
            a_at(&[2]),
            a_at(&[1, 2]),
            a_at(&[0, 2]),
            a_at(&[0, 1]),
        ],
        _ => vec![a_at(&[0]), a_at(&[1])],
    }
}

/// One match of a duplicate set, from A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchOutcome {
    pub hands: u32,
    /// Hands won by A's seats.
    pub a_hands_won: u32,
    /// 1 for a match A won, 0.5 for a draw, 0 for a loss.
    pub a_match_points: f64,
    /// Courts (or points) A's seats scored together, then B's.
    pub score: [u32; 2],
    /// Hands each side won with a court (any kind): A, then B.
    pub courts: [u32; 2],
    /// How the hands ended by who called them: those A's people called, then B's.
    pub by_caller: [Calls; 2],
    /// Decision times of each side in nanoseconds: A, then B.
    pub a_nanos: Vec<u64>,
    pub b_nanos: Vec<u64>,
}

/// How the hands one level called ended: the courts come almost all from the calling side, so
/// these tell attack from defence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Calls {
    pub hands: u32,
    /// Hands the calling side won, and of those with a court.
    pub won: u32,
    pub courts: u32,
    /// Hands another side won with a court.
    pub courts_against: u32,
}

impl Calls {
    fn add(self, other: Calls) -> Calls {
        Calls {
            hands: self.hands + other.hands,
            won: self.won + other.won,
            courts: self.courts + other.courts,
            courts_against: self.courts_against + other.courts_against,
        }
    }
}

/// Plays one match with A for the people `seating` marks. The seed fixes the deals; the cuts are
/// fixed by the arena, not by the bots, so that every match of a set sees the same cards.
pub fn play_match(
    rules: &RuleSet,
    seed: u64,
    a: &dyn Entrant,
    b: &dyn Entrant,
    seating: Seating,
) -> MatchOutcome {
    play_match_watched(rules, seed, a, b, seating, &mut |_| {})
}

/// A decision one of A's bots has made, shown before the table applies it.
pub(crate) struct Decision<'a> {
    pub table: &'a Match,
    pub who: Seat,
    pub person: Person,
    pub view: &'a SeatView,
    pub intent: Intent,
}

/// The seed of `person`'s bot in the match on `seed`: a bot decides from its seed and the view
/// alone, so the same seed plays the same hand again.
pub(crate) fn bot_seed(seed: u64, person: Person) -> u64 {
    seed.wrapping_mul(31).wrapping_add(person.index() as u64)
}

/// Every person's bot for the match on `seed`: A's for the people `seating` marks, B's for the
/// rest.
pub(crate) fn table_bots(seed: u64, a: &dyn Entrant, b: &dyn Entrant, seating: Seating) -> Vec<Box<dyn Bot>> {
    Person::ALL
        .iter()
        .map(|&p| {
            let entrant = if seating[p.index()] { a } else { b };
            entrant.bot(bot_seed(seed, p))
        })
        .collect()
}

/// [`play_match`], with every decision of A's bots shown to `watch` (outside the time it took).
pub(crate) fn play_match_watched(
    rules: &RuleSet,
    seed: u64,
    a: &dyn Entrant,
    b: &dyn Entrant,
    seating: Seating,
    watch: &mut dyn FnMut(&Decision),
) -> MatchOutcome {
    let mut m = match Match::new(rules, seed) {
        Ok(m) => m,
        Err(_) => return MatchOutcome::default(),
    };
    let seats = rules.seats();
    let mut bots = table_bots(seed, a, b, seating);
    let mut out = MatchOutcome::default();
    loop {
        m.advance();
        let Some(who) = m.to_act() else { break };
        let person = m.seating().person_at(who);
        let is_a = seating[person.index()];
        let view = m.view(who);
        let intent = match view.legal.first() {
            Some(Intent::Cut { .. }) => Intent::Cut {
                at: fixed_cut(seed, m.round().deal_no()),
            },
            _ => {
                let start = Instant::now();
                let intent = bots[person.index()].decide(&view, rules);
                let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                if is_a {
                    out.a_nanos.push(nanos);
                    watch(&Decision {
                        table: &m,
                        who,
                        person,
                        view: &view,
                        intent,
                    });
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
    // every side is all A's or all B's (partners play for one level); in Dummy Rang the match
    // scores people, not sides
    let side_is_a = |side: Side| match seats.dummy() {
        Some(_) => seating[side.index()],
        None => seats.all().any(|s| seats.side(s) == side && seating[s.index()]),
    };
    let score = m.score();
    out.hands = score.hands;
    for side in (0..seats.sides()).filter_map(Side::from_index) {
        let i = side.index();
        let to = usize::from(!side_is_a(side));
        out.score[to] += score.points[i];
        if to == 0 {
            out.a_hands_won += score.hands_won[i];
        }
    }
    out.a_match_points = match m.winner() {
        Some(side) if side_is_a(side) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    for r in m.results() {
        let court = r.is_court(rules);
        if court {
            out.courts[usize::from(!side_is_a(r.winner))] += 1;
        }
        let calling = seats.side(r.caller);
        let calls = &mut out.by_caller[usize::from(!side_is_a(calling))];
        calls.hands += 1;
        if r.winner == calling {
            calls.won += 1;
            calls.courts += u32::from(court);
        } else {
            calls.courts_against += u32::from(court);
        }
    }
    out
}

/// The cut of a deal in the arena: the same in both halves of a pair.
fn fixed_cut(seed: u64, deal: u64) -> u8 {
    let mixed = (seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    4 + ((mixed >> 32) % 45) as u8
}

/// Every match of duplicate set `index` (see [`seatings`]), on the same seed.
pub fn play_set(
    rules: &RuleSet,
    base_seed: u64,
    index: u64,
    a: &dyn Entrant,
    b: &dyn Entrant,
) -> Vec<MatchOutcome> {
    let seed = set_seed(base_seed, index);
    seatings(rules.seats())
        .into_iter()
        .map(|seating| play_match(rules, seed, a, b, seating))
        .collect()
}

/// The seed of duplicate set `index` of a run on `base_seed`.
fn set_seed(base_seed: u64, index: u64) -> u64 {
    base_seed.wrapping_add(index.wrapping_mul(0x2545_F491_4F6C_DD1D))
}

/// The half-width of the Agresti–Coull 95 % interval of `won` matches of `matches`: the rate's
/// interval as if each match stood alone, with about two wins and two losses added, so that a run won
/// (or lost) throughout still gets the width its size allows.
fn adjusted_half_width(won: f64, matches: u32) -> f64 {
    const Z: f64 = 1.96;
    let n = f64::from(matches) + Z * Z;
    let p = (won + Z * Z / 2.0) / n;
    Z * (p * (1.0 - p) / n).sqrt()
}

/// What an arena run came to.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub matches: u32,
    pub hands: u32,
    pub a_hand_win_rate: f64,
    pub a_match_win_rate: f64,
    /// Half-width of the 95 % confidence interval of the match win rate: over whole duplicate
    /// sets, whose two matches share their deals; where every set came out alike, the
    /// Agresti–Coull interval of the matches.
    pub ci95: f64,
    pub courts: [u32; 2],
    /// How the hands ended by who called them: A, then B ([`MatchOutcome::by_caller`]).
    pub by_caller: [Calls; 2],
    pub a_ms_p50: f64,
    pub a_ms_p95: f64,
    pub b_ms_p50: f64,
    pub b_ms_p95: f64,
}

impl Summary {
    /// The figures of whole duplicate sets, in the order [`play_set`] gives them.
    pub fn of(sets: &[Vec<MatchOutcome>]) -> Summary {
        let outcomes: Vec<&MatchOutcome> = sets.iter().flatten().collect();
        let matches = u32::try_from(outcomes.len()).unwrap_or(u32::MAX);
        let hands: u32 = outcomes.iter().map(|o| o.hands).sum();
        let won: u32 = outcomes.iter().map(|o| o.a_hands_won).sum();
        let points: f64 = outcomes.iter().map(|o| o.a_match_points).sum();
        let p = if matches == 0 {
            0.0
        } else {
            points / f64::from(matches)
        };
        // the outcomes of a set are not independent, so the interval is over sets
        let per_set: Vec<f64> = sets
            .iter()
            .filter(|set| !set.is_empty())
            .map(|set| set.iter().map(|o| o.a_match_points).sum::<f64>() / set.len() as f64)
            .collect();
        let spread = if per_set.len() > 1 {
            let mean = per_set.iter().sum::<f64>() / per_set.len() as f64;
            let var = per_set.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (per_set.len() - 1) as f64;
            1.96 * (var / per_set.len() as f64).sqrt()
        } else {
            0.0
        };
        // sets that all came out alike (every match won, say) show no spread, which says too
        // few were played to see one, not that the rate is exact
        let ci95 = if spread > 0.0 {
            spread
        } else {
            adjusted_half_width(points, matches)
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
            by_caller: outcomes.iter().fold([Calls::default(); 2], |acc, o| {
                [acc[0].add(o.by_caller[0]), acc[1].add(o.by_caller[1])]
            }),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(points: &[[f64; 2]]) -> Vec<Vec<MatchOutcome>> {
        points
            .iter()
            .map(|set| {
                set.iter()
                    .map(|&a_match_points| MatchOutcome {
                        a_match_points,
                        ..MatchOutcome::default()
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_run_won_throughout_still_has_an_interval() {
        // three sets, every match won: no spread between sets, but six matches prove little
        let s = Summary::of(&sets(&[[1.0, 1.0]; 3]));
        assert_eq!(s.a_match_win_rate, 1.0);
        assert!((s.ci95 - 0.248).abs() < 0.001, "{}", s.ci95);
        // one set alone has no spread either
        let s = Summary::of(&sets(&[[0.0, 1.0]]));
        assert!((s.ci95 - 0.405).abs() < 0.001, "{}", s.ci95);
        // sets that differ keep the interval over sets, narrower than the matches' for
        // duplicate sets that split evenly
        let s = Summary::of(&sets(&[[1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.5, 0.5]]));
        let mean: f64 = 0.625;
        let var = [0.5f64, 1.0, 0.5, 0.5]
            .iter()
            .map(|x| (x - mean).powi(2))
            .sum::<f64>()
            / 3.0;
        assert!((s.ci95 - 1.96 * (var / 4.0).sqrt()).abs() < 1e-12, "{}", s.ci95);
    }
}
