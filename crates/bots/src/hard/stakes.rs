//! What the outcomes of a hand are worth, and the one case the solver settles in card play: a
//! team playing on for all thirteen.

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::score::hand_points;
use courtpiece_rules::{
    Card, HandKind, HandResult, Mode, PlayOn, PlayState, RuleSet, Scoring, SeatView, Side,
};

use super::{Judge, Value};
use crate::equity::Worth;
use crate::solver::Solver;

/// A hand already won, played on for all thirteen (R-PLAYON, or V-STOP=all with a team that has
/// every trick so far), or under the Double Sar heap a team on seven collected or more while the
/// other has none, still on course for all thirteen (R-DSWIN, R-DSKOT): what taking them all
/// and failing are worth to my team. Here the solver is exact and quick, so each sampled layout
/// is solved.
pub(crate) struct Stakes {
    team: Side,
    taken: [u8; 2],
    /// The team playing for all thirteen: what taking them all and failing are worth.
    all: (Side, [f32; 2]),
}

impl Stakes {
    pub(crate) fn of(view: &SeatView, rules: &RuleSet, worth: &Worth) -> Option<Stakes> {
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
        let (all, failed) = if rules.mode == Mode::DoubleSar {
            (all_collected(view, t), HandKind::Plain)
        } else if view.play_on == Some(PlayOn::Playing) {
            (HandKind::FiftyTwo, HandKind::FailedPlayOn)
        } else {
            (HandKind::FiftyTwo, HandKind::Court)
        };
        let all = (
            t,
            [worth.of(view, rules, all, t), worth.of(view, rules, failed, t)],
        );
        Some(Stakes { team, taken, all })
    }
}

impl Judge for Stakes {
    /// What playing `card` from `pos` is worth in this layout, with best play by all after it.
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> Value {
        let mut child = *pos;
        child.play(card);
        // what each team took, or collected, with the card
        let gained = |side: Side| child.taken()[side.index()] - pos.taken()[side.index()];
        let (t, [done, failed]) = self.all;
        let against = usize::from(t == self.team);
        let theirs = self.taken[against] + gained(t.other());
        let swept = theirs == 0 && solver.can_take_all(&child, t);
        Value::from(if swept { done } else { failed })
    }
}

/// All thirteen collected by `side` under the heap: a sar court by the calling team, a goon court
/// by the dealing team (R-DSKOT).
pub(crate) fn all_collected(view: &SeatView, side: Side) -> HandKind {
    if view.seats.side(view.caller) == side {
        HandKind::SarCourt
    } else {
        HandKind::GoonCourt
    }
}

/// What a hand ending as `kind`, won by `winner`, is worth to my side: the match points it scores
/// less those of the best other side (§8), and under court counting a quarter of a court for the win itself,
/// which keeps the call (R-ROT) and builds a streak (R-C7).
pub(crate) fn worth(view: &SeatView, rules: &RuleSet, kind: HandKind, winner: Side) -> f32 {
    let points = hand_points(&ended(view, kind, winner), rules);
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

/// The hand in `view` ended as `kind`, won by `winner`, as far as scoring it needs (the tricks
/// and tens are not counted by the kinds the bots weigh).
pub(crate) fn ended(view: &SeatView, kind: HandKind, winner: Side) -> HandResult {
    HandResult {
        winner,
        kind,
        tricks: [0; courtpiece_rules::MAX_SIDES],
        tens: [0; courtpiece_rules::MAX_SIDES],
        dealer: view.dealer,
        caller: view.caller,
    }
}

/// Double Sar, no trumps, two tricks left to play: South has won the trick before (it lies on
/// the heap) and is on lead. South's ace of hearts wins a second trick in a row and collects the
/// heap, and the last trick after it; South's two of clubs gives North the lead for one trick
/// and West the last, with everything on the heap.
#[cfg(test)]
pub(crate) fn two_heap_tricks_left() -> (PlayState, courtpiece_rules::Seat) {
    use courtpiece_rules::{Deal, Preset, Seat, Trick};
    let deal: Deal = "N:3..3.A .5.4.4 .A.A.2 K..2.3".parse().expect("a deal");
    let south = Seat::from_compass('S').expect("a seat");
    let mut pos =
        PlayState::open(&deal, &Trick::new(south, None), &Preset::DoubleSar.rules()).expect("a position");
    for c in ["AD", "2D", "3D", "4D"] {
        pos.play(c.parse().expect("a card"));
    }
    (pos, south)
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::Suit;

    use super::*;

    fn card(name: &str) -> Card {
        name.parse().expect("a card")
    }

    /// On ten collected to none, the ace of hearts collects all thirteen; the two of clubs lets
    /// West collect the last trick and its heap. For East-West, defending, the same cards are
    /// worth the same outcomes.
    #[test]
    fn under_the_heap_all_thirteen_are_every_trick_collected() {
        let (pos, south) = two_heap_tricks_left();
        let (court, plain) = (3.0, 0.25);
        let ours = Stakes {
            team: south.team(),
            taken: [10, 0],
            all: (south.team(), [court, plain]),
        };
        let mut solver = Solver::new();
        assert_eq!(ours.value(&mut solver, &pos, card("AH")).outcome, court);
        assert_eq!(ours.value(&mut solver, &pos, card("2C")).outcome, plain);
        let theirs = Stakes {
            team: south.team().other(),
            taken: [0, 10],
            all: (south.team(), [-court, -plain]),
        };
        assert_eq!(theirs.value(&mut solver, &pos, card("AH")).outcome, -court);
        assert_eq!(theirs.value(&mut solver, &pos, card("2C")).outcome, -plain);
    }

    /// Does `other` collect nothing more than `base` from `pos` to the end of the hand, with
    /// best play by both sides? Every card tried, nothing remembered.
    fn none_collected(pos: &PlayState, other: Side, base: u8) -> bool {
        if pos.taken()[other.index()] > base {
            return false;
        }
        if pos.tricks_left() == 0 {
            return true;
        }
        let mut after = pos.legal().iter().map(|card| {
            let mut child = *pos;
            child.play(card);
            none_collected(&child, other, base)
        });
        if pos.to_play().team() == other {
            after.all(|ok| ok)
        } else {
            after.any(|ok| ok)
        }
    }

    /// Under the heap, on random small positions: a card keeps all thirteen exactly when, with
    /// best play after it, the other team collects nothing more (the heap and the last trick
    /// counted by the rules' own play).
    #[test]
    fn under_the_heap_all_thirteen_agrees_with_brute_force() {
        use courtpiece_rules::{CardSet, Deal, Deck, Preset, Seat, Trick};
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};

        let rules = Preset::DoubleSar.rules();
        let mut rng = SmallRng::seed_from_u64(17);
        let (court, plain) = (3.0, 0.25);
        let mut solver = Solver::new();
        let (mut kept, mut lost) = (0, 0);
        for _ in 0..300 {
            let n = rng.random_range(2..5);
            let hands = Deck::random_hands(&mut rng).map(|h| h.iter().take(n).collect::<CardSet>());
            let trumps = Suit::ALL.get(rng.random_range(0..5)).copied();
            let leader = Seat::ALL[rng.random_range(0..4)];
            let Ok(mut pos) = PlayState::open(&Deal::new(hands), &Trick::new(leader, trumps), &rules) else {
                continue;
            };
            for _ in 0..rng.random_range(0..6) {
                let legal = pos.legal();
                if let Some(card) = legal.nth(rng.random_range(0..legal.len().max(1))) {
                    pos.play(card);
                }
            }
            let t = Side::TEAMS[rng.random_range(0..2)];
            let other = t.other();
            if pos.tricks_left() == 0 || pos.taken()[other.index()] > 0 {
                continue;
            }
            let stakes = Stakes {
                team: t,
                taken: [7, 0],
                all: (t, [court, plain]),
            };
            for card in pos.legal() {
                let mut child = pos;
                child.play(card);
                let expected = none_collected(&child, other, pos.taken()[other.index()]);
                let value = stakes.value(&mut solver, &pos, card).outcome;
                assert_eq!(value == court, expected, "{card} in {pos:?} for {t}");
                if expected {
                    kept += 1;
                } else {
                    lost += 1;
                }
            }
        }
        assert!(
            kept > 20 && lost > 20,
            "both answers come up: {kept} kept, {lost} lost"
        );
    }
}
