//! Mindi's hand judged by the solver: the tens each team collects decide it (RM-WIN, RM-KOT), and
//! the solver counts them with the tricks, a ten worth more than every trick ([`TEN`]).

use courtpiece_rules::{Card, Count, HandKind, PlayState, RuleSet, SeatView, Side};

use crate::equity::Worth;
use crate::hard::playout::Ends;
use crate::hard::{Judge, Value};
use crate::solver::{MENDIKOT, Solver, TEN, TENS_TO_WIN, counted};

/// What my team collects by the end, in the solver's unit, from which each end begins: one ten
/// (the other team's three are a plain win), two tens (two each: the other team's seven
/// tricks), two tens and seven tricks, three tens, four (a mendikot). Below the first, the other
/// team has all four.
const STEPS: [u8; 5] = [TEN, 2 * TEN, TENS_TO_WIN, 3 * TEN, MENDIKOT];

/// How a hand of Mindi ends after a card, with best play by everyone, and what each end is worth
/// to my team.
pub(super) struct Tens {
    team: Side,
    /// My team's worth of each end, by the steps of [`STEPS`] my team reaches: none (their
    /// mendikot) to all five (mine).
    worth: [f32; 6],
    /// Hard's playouts, which tell apart the cards the solver values alike.
    ends: Ends,
}

impl Tens {
    /// The hand in `view`, where tens are counted; Expert asks only where the solver counts
    /// the rules.
    pub(super) fn of(view: &SeatView, rules: &RuleSet, worth: &Worth) -> Option<Tens> {
        if rules.count != Count::Tens {
            return None;
        }
        let team = view.seat.team();
        let other = team.other();
        let ends = Ends::of(view, rules, worth);
        let worth = [
            ends.worth_of(other, HandKind::Mendikot),
            ends.worth_of(other, HandKind::Plain),
            ends.worth_of(other, HandKind::EvenTens),
            ends.worth_of(team, HandKind::EvenTens),
            ends.worth_of(team, HandKind::Plain),
            ends.worth_of(team, HandKind::Mendikot),
        ];
        Some(Tens { team, worth, ends })
    }
}

/// How many of [`STEPS`] `team` reaches from `pos`, what it has collected included: the answer
/// halves the steps, two or three questions to the solver.
fn steps(solver: &mut Solver, pos: &PlayState, team: Side) -> usize {
    let have = counted(pos, team);
    // a number of tens whatever the tricks is the solver's cheaper question of tens alone
    let mut reaches = |step: u8| match step % TEN {
        0 => solver.can_collect_tens(pos, team, step / TEN),
        _ => have >= step || solver.can_take(pos, team, step - have),
    };
    let (mut lo, mut hi) = (0, STEPS.len());
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if reaches(STEPS[mid - 1]) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

impl Judge for Tens {
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> Value {
        let mut child = *pos;
        child.play(card);
        Value {
            outcome: self.worth[steps(solver, &child, self.team)],
            edge: self.ends.value(pos, Some(card)),
        }
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Intent, Match, Phase, Preset};

    use super::*;
    use crate::Level;

    /// The steps a team reaches are those of the most it can collect, with what it has: in the
    /// last five tricks of Mindi hands between Medium bots.
    #[test]
    fn the_steps_reached_are_those_of_the_most_collected() {
        let rules = Preset::Mindi.rules();
        let mut m = Match::new(&rules, 3).expect("a match");
        let mut bots: Vec<_> = (0..4).map(|i| Level::Medium.bot(i)).collect();
        let mut solver = Solver::new();
        let mut reached = [0; 6];
        while m.hand_no() <= 4 {
            m.advance();
            let Some(who) = m.to_act() else { break };
            let view = m.view(who);
            if m.round().phase() == Phase::TrickPlay && view.tricks.len() >= 8 {
                let pos = PlayState::from_round(m.round());
                for team in Side::TEAMS {
                    let most = counted(&pos, team) + solver.max_tricks(&pos, team);
                    let expected = STEPS.iter().filter(|&&s| most >= s).count();
                    assert_eq!(steps(&mut solver, &pos, team), expected, "{team}: {most}");
                    reached[expected] += 1;
                }
            }
            let intent: Intent = bots[who.index()].decide(&view, &rules);
            m.apply(who, intent).expect("a bot's intent is legal");
        }
        assert!(reached.iter().filter(|&&n| n > 0).count() >= 4, "{reached:?}");
    }
}
