//! What the outcomes still open in a hand are worth, and which of them the solver settles for
//! one card in one sampled layout.

use courtpiece_rules::score::hand_points;
use courtpiece_rules::{Card, HandKind, HandResult, PlayOn, RuleSet, Scoring, SeatView, Team};

use super::{ENDGAME, SEVEN};
use crate::solver::{Position, Solver};

/// What each trick of a run toward a court counts, as a share of the court: all seven together
/// count less than a tenth of the court itself.
const RUN_SHARE: f32 = 0.01;

/// What the hand's open outcomes are worth to my team, in match points, and which of them the
/// search can settle from here.
pub(super) struct Stakes {
    team: Team,
    taken: [u8; 2],
    /// A court for each team (mine first), while it is still possible.
    court: [Option<f32>; 2],
    /// Winning the hand and losing it, when the cards left are few enough to search.
    hand: Option<[f32; 2]>,
    /// The team playing for all thirteen: what taking them all and failing are worth.
    all: Option<(Team, [f32; 2])>,
}

impl Stakes {
    pub(super) fn of(view: &SeatView, rules: &RuleSet) -> Option<Stakes> {
        let team = view.seat.team();
        let other = team.other();
        let taken = [view.taken[team.index()], view.taken[other.index()]];
        let worth = |kind, winner| worth(view, rules, kind, winner);
        let decided = taken.iter().any(|&t| t >= SEVEN);
        let mut stakes = Stakes {
            team,
            taken,
            court: [None, None],
            hand: None,
            all: None,
        };
        if decided {
            // a team with every trick so far plays on for all thirteen (R-PLAYON, V-STOP=all)
            let t = if taken[1] == 0 {
                team
            } else if taken[0] == 0 {
                other
            } else {
                return None;
            };
            let playing_on = view.play_on == Some(PlayOn::Playing);
            let failed = if playing_on {
                HandKind::FailedPlayOn
            } else {
                HandKind::Court
            };
            stakes.all = Some((t, [worth(HandKind::FiftyTwo, t), worth(failed, t)]));
            return Some(stakes);
        }
        if taken[1] == 0 {
            stakes.court[0] = Some(worth(HandKind::Court, team));
        }
        if taken[0] == 0 {
            stakes.court[1] = Some(worth(HandKind::Court, other));
        }
        if view.hand.len() <= ENDGAME {
            stakes.hand = Some([worth(HandKind::Plain, team), worth(HandKind::Plain, other)]);
        }
        (stakes.court.iter().any(Option::is_some) || stakes.hand.is_some()).then_some(stakes)
    }

    /// What playing `card` from `pos` is worth in this layout, with best play by all after it.
    pub(super) fn value(&self, solver: &mut Solver, pos: &Position, card: Card) -> f32 {
        let (child, won) = pos.play(card.bit());
        let mut taken = self.taken;
        if let Some(w) = won {
            taken[usize::from(w & 1 != self.team.index() as u8)] += 1;
        }
        let teams = [self.team, self.team.other()];
        if let Some((t, [done, failed])) = self.all {
            let i = usize::from(t != self.team);
            let left = child.tricks_left();
            let swept = taken[1 - i] == 0 && (left == 0 || solver.can_sweep(&child, t, left));
            return if swept { done } else { failed };
        }
        // a court out of reach against perfect defence may still come against a real one: the
        // longer the run a team is sure of, the nearer it is, so the run counts a little
        let mut nearness = 0.0;
        for i in 0..2 {
            let Some(worth) = self.court[i] else { continue };
            if taken[1 - i] > 0 {
                continue;
            }
            let need = SEVEN - taken[i];
            if need == 0 || solver.can_sweep(&child, teams[i], need) {
                return worth;
            }
            let run = (1..need)
                .take_while(|&r| solver.can_sweep(&child, teams[i], r))
                .count();
            nearness += worth * RUN_SHARE * (taken[i] as usize + run) as f32;
        }
        let Some([win, loss]) = self.hand else {
            return nearness;
        };
        let won =
            taken[0] >= SEVEN || (taken[1] < SEVEN && solver.can_take(&child, self.team, SEVEN - taken[0]));
        nearness + if won { win } else { loss }
    }
}

/// What a hand ending as `kind`, won by `winner`, is worth to my team: the match points both
/// teams score from it (§8), and under court counting a quarter of a court for the win itself,
/// which keeps the call (R-ROT) and builds a streak (R-C7).
pub(super) fn worth(view: &SeatView, rules: &RuleSet, kind: HandKind, winner: Team) -> f32 {
    let result = HandResult {
        winner,
        kind,
        tricks: [0, 0],
        dealer: view.dealer,
        caller: view.caller,
    };
    let points = hand_points(&result, rules);
    let me = view.seat.team().index();
    let mut value = points[me] as f32 - points[1 - me] as f32;
    if rules.scoring == Scoring::Courts {
        value += if winner.index() == me { 0.25 } else { -0.25 };
    }
    value
}
