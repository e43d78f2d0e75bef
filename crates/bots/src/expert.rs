//! Expert: Hard's sampling, with every card valued by solving each sampled layout double-dummy.
//!
//! In single sar, before either team has its seven tricks, the questions that decide the hand are
//! the ones the solver answers exactly: can my team still take the tricks it needs to reach seven
//! (R-SEVEN), and, while the other team has none, can it take them all in a row (a court,
//! R-COURT) — or the other team likewise against us. Each candidate card is played in each sampled
//! layout and those questions are asked of the position after it; the card worth most over the
//! layouts, by the scoring in force, is played. After seven, Hard's play-on search already solves
//! each layout (R-PLAYON).
//!
//! Where the first layout takes too long to solve (early in a hand, the solver's slowest deals),
//! where trumps are hidden (V-CALL=hidden: the solver knows the trumps), where the tens or the
//! heap decide rather than the tricks (Mindi, Double Sar), and at tables of three and two, Expert
//! plays as Hard does, with Expert's budget.

use std::time::Duration;

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::{
    Call, CallView, Card, Count, HandKind, Intent, Mode, PlayState, RuleSet, SeatView, Side,
};

use crate::bot::Bot;
use crate::hard::playout::Ends;
use crate::hard::stakes::worth;
use crate::hard::{Hard, Judge, Verdict, searchable};
use crate::solver::Solver;

/// The time a decision may take (on one core).
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(250);

/// The share of the budget the first sampled layout may take: slower than that, too few layouts
/// would be solved in the time to judge by, and the budget left goes to Hard's playouts.
const PATIENCE: u32 = 8;

pub struct Expert {
    hard: Hard,
    patience: Duration,
}

impl Expert {
    pub fn new(seed: u64) -> Expert {
        Expert::within(seed, DEFAULT_BUDGET)
    }

    /// An Expert that takes at most `budget` a decision.
    pub fn within(seed: u64, budget: Duration) -> Expert {
        let patience = budget / PATIENCE;
        Expert {
            hard: Hard::within(seed ^ 0xE4E7, budget.saturating_sub(patience)),
            patience,
        }
    }
}

impl Bot for Expert {
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        let solvable = searchable(view)
            && view.seats.in_teams()
            && rules.mode == Mode::SingleSar
            && rules.count == Count::Tricks
            && !matches!(rules.call, Call::FirstVoid)
            && view.call != Some(CallView::FaceDown);
        if solvable && let Some(race) = Race::of(view, rules) {
            match self.hard.search(view, rules, &race, Some(self.patience)) {
                Verdict::Card(card) => return Intent::Play { card },
                Verdict::Alike => return self.hard.medium(view, rules),
                Verdict::TooSlow => {}
            }
        }
        self.hard.decide(view, rules)
    }
}

/// The race to seven tricks in single sar, judged in a layout by the solver with Hard's playout
/// as the tie-break.
struct Race {
    outcome: Outcome,
    /// Hard's playouts, which tell apart the cards the solver values alike.
    ends: Ends,
}

/// The weight of a playout beside the solver's answer: over every layout of a search it adds
/// up to less than the smallest difference between two outcomes, so it only breaks ties.
const PLAYOUT_WEIGHT: f32 = 1e-4;

impl Race {
    fn of(view: &SeatView, rules: &RuleSet) -> Option<Race> {
        let team = view.seat.team();
        let other = team.other();
        let taken = [view.taken[team.index()], view.taken[other.index()]];
        if taken.iter().any(|&t| t >= SEVEN) {
            return None;
        }
        let worth = [
            worth(view, rules, HandKind::Court, team),
            worth(view, rules, HandKind::Plain, team),
            worth(view, rules, HandKind::Plain, other),
            worth(view, rules, HandKind::Court, other),
        ];
        Some(Race {
            outcome: Outcome { team, taken, worth },
            ends: Ends::of(view, rules),
        })
    }
}

impl Judge for Race {
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> f32 {
        self.outcome.after(solver, pos, card) + PLAYOUT_WEIGHT * self.ends.value(pos, Some(card))
    }
}

/// Before either team has seven: what winning the race, and a court for either team, are worth
/// to my team.
struct Outcome {
    team: Side,
    /// Tricks taken so far: my team's, then the other's.
    taken: [u8; 2],
    /// My team's worth of: our court, our plain win, their plain win, their court.
    worth: [f32; 4],
}

impl Outcome {
    /// What the hand comes to after `card` with best play by everyone.
    fn after(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> f32 {
        let mut child = *pos;
        let mut taken = self.taken;
        if let Some(w) = child.play(card) {
            taken[usize::from(pos.seats().side(w) != self.team)] += 1;
        }
        let [ours, theirs] = taken;
        let [our_court, our_win, their_win, their_court] = self.worth;
        let other = self.team.other();
        let we_win = ours >= SEVEN || (theirs < SEVEN && solver.can_take(&child, self.team, SEVEN - ours));
        if we_win {
            // a court needs the other team on none: every trick from here to our seventh
            let court = theirs == 0 && (ours >= SEVEN || solver.can_sweep(&child, self.team, SEVEN - ours));
            if court { our_court } else { our_win }
        } else {
            let court = ours == 0 && (theirs >= SEVEN || solver.can_sweep(&child, other, SEVEN - theirs));
            if court { their_court } else { their_win }
        }
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Deal, Preset, Seat, Trick};

    use super::*;

    const WORTH: [f32; 4] = [1.25, 0.25, -0.25, -1.25];

    fn position(deal: &str, leader: char) -> (PlayState, Seat) {
        let deal: Deal = deal.parse().expect("a deal");
        let leader = Seat::from_compass(leader).expect("a seat");
        let pos = PlayState::open(&deal, &Trick::new(leader, None), &Preset::CourtPiece.rules())
            .expect("a position");
        (pos, leader)
    }

    fn card(name: &str) -> Card {
        name.parse().expect("a card")
    }

    /// Two tricks left, no trumps, South's side one trick from seven: the ace of spades takes it,
    /// the two of hearts gives both tricks and the hand away.
    #[test]
    fn the_card_that_reaches_seven_wins_the_race() {
        let (pos, south) = position("N:3.3.. .AK.. A.2.. .QJ..", 'S');
        let race = Outcome {
            team: south.team(),
            taken: [6, 5],
            worth: WORTH,
        };
        let mut solver = Solver::new();
        assert_eq!(race.after(&mut solver, &pos, card("AS")), WORTH[1]);
        assert_eq!(race.after(&mut solver, &pos, card("2H")), WORTH[2]);
    }

    /// With the other team on none, the same ace is a court; behind with none, the two of hearts
    /// lets the other team's court through.
    #[test]
    fn courts_are_told_from_plain_wins() {
        let (pos, south) = position("N:3.3.. .AK.. A.2.. .QJ..", 'S');
        let mut solver = Solver::new();
        let ours = Outcome {
            team: south.team(),
            taken: [6, 0],
            worth: WORTH,
        };
        assert_eq!(ours.after(&mut solver, &pos, card("AS")), WORTH[0]);
        let theirs = Outcome {
            team: south.team(),
            taken: [0, 5],
            worth: WORTH,
        };
        assert_eq!(theirs.after(&mut solver, &pos, card("2H")), WORTH[3]);
        assert_eq!(theirs.after(&mut solver, &pos, card("AS")), WORTH[2]);
    }
}
