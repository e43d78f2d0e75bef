//! What the outcomes of a hand are worth, and the one case the solver settles in card play: a
//! team playing on for all thirteen.

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::score::hand_points;
use courtpiece_rules::{Card, HandKind, HandResult, PlayOn, PlayState, RuleSet, Scoring, SeatView, Side};

use super::{Judge, Value};
use crate::solver::Solver;

/// A hand already won, played on for all thirteen (R-PLAYON, or V-STOP=all with a team that has
/// every trick so far): what taking them all and failing are worth to my team. Here the solver
/// is exact and quick, so each sampled layout is solved.
pub(super) struct Stakes {
    team: Side,
    taken: [u8; 2],
    /// The team playing for all thirteen: what taking them all and failing are worth.
    all: (Side, [f32; 2]),
}

impl Stakes {
    pub(super) fn of(view: &SeatView, rules: &RuleSet) -> Option<Stakes> {
        let team = view.seat.team();
        let other = team.other();
        let taken = [view.taken[team.index()], view.taken[other.index()]];
        if taken.iter().all(|&t| t < SEVEN) {
            return None;
        }
        let t = if taken[1] == 0 {
            team
        } else if taken[0] == 0 {
            other
        } else {
            return None;
        };
        let failed = if view.play_on == Some(PlayOn::Playing) {
            HandKind::FailedPlayOn
        } else {
            HandKind::Court
        };
        let all = (
            t,
            [
                worth(view, rules, HandKind::FiftyTwo, t),
                worth(view, rules, failed, t),
            ],
        );
        Some(Stakes { team, taken, all })
    }
}

impl Judge for Stakes {
    /// What playing `card` from `pos` is worth in this layout, with best play by all after it.
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> Value {
        let mut child = *pos;
        let mut taken = self.taken;
        if let Some(w) = child.play(card) {
            taken[usize::from(pos.seats().side(w) != self.team)] += 1;
        }
        let (t, [done, failed]) = self.all;
        let i = usize::from(t != self.team);
        let left = child.tricks_left();
        let swept = taken[1 - i] == 0 && (left == 0 || solver.can_sweep(&child, t, left));
        Value::from(if swept { done } else { failed })
    }
}

/// What a hand ending as `kind`, won by `winner`, is worth to my side: the match points it scores
/// less those of the best other side (§8), and under court counting a quarter of a court for the win itself,
/// which keeps the call (R-ROT) and builds a streak (R-C7).
pub(crate) fn worth(view: &SeatView, rules: &RuleSet, kind: HandKind, winner: Side) -> f32 {
    let result = HandResult {
        winner,
        kind,
        tricks: [0; courtpiece_rules::MAX_SIDES],
        tens: [0; courtpiece_rules::MAX_SIDES],
        dealer: view.dealer,
        caller: view.caller,
    };
    let points = hand_points(&result, rules);
    let me = view.seats.side(view.seat).index();
    // against two or more opponents, what the best of them scores is what I must catch up
    let theirs = (0..view.seats.sides())
        .filter(|&i| i != me)
        .map(|i| points[i])
        .max()
        .unwrap_or(0);
    let mut value = points[me] as f32 - theirs as f32;
    if rules.scoring == Scoring::Courts {
        value += if winner.index() == me { 0.25 } else { -0.25 };
    }
    value
}
