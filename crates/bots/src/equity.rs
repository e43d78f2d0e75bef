//! What a hand's end is worth to the match: the chance of winning the match after it.
//!
//! Under court counting (§8) a match is first to `V-TARGET` courts, and the courts come from
//! first-seven courts (R-C1) and from seven plain wins in a row (R-C7); the team that wins a hand
//! calls the next (R-ROT), and the calling team takes most hands and most courts. So a plain win
//! is worth what keeping the call and the streak are worth, and a court what the score makes it:
//! on 2–0 a court of theirs is a step, on 0–2 the match. The chance of winning the match from each
//! score, streak and call is worked out once for the target, from how often hands end each way.

use courtpiece_rules::rotation::next_dealer;
use courtpiece_rules::score::{MatchScore, STREAK_FOR_COURT};
use courtpiece_rules::{Count, HandKind, Mode, RuleSet, Scoring, SeatView, Side};

use crate::hard::stakes::{self, ended};

/// How a Court Piece hand ends, by who called: the calling team wins it plain, or with a court;
/// the other team wins it plain, or with a court. Counted over 12 matches of four Hard bots
/// (405 hands): 0.521, 0.091 (and 0.002 all thirteen, counted here as a court), 0.368, 0.017;
/// the last rounded up so that the four add up to one.
const ENDS: [f32; 4] = [0.521, 0.093, 0.368, 0.018];

/// Targets past this are played as far off: the table would grow with their square.
const MOST_COURTS: u32 = 20;

const STREAKS: usize = STREAK_FOR_COURT as usize;

/// Four seats in two teams counting courts to a target, with no other end of the match: a race
/// to courts under either sar.
pub(crate) fn courts_to_a_target(rules: &RuleSet) -> bool {
    rules.players == 4
        && rules.scoring == Scoring::Courts
        && rules.target.is_some()
        && rules.max_hands.is_none()
}

/// The target in courts, where the odds apply: a race to courts ([`courts_to_a_target`]) in
/// single sar, won on tricks.
fn target(rules: &RuleSet) -> Option<u32> {
    let applies = courts_to_a_target(rules) && rules.mode == Mode::SingleSar && rules.count == Count::Tricks;
    rules
        .target
        .filter(|target| applies && (1..=MOST_COURTS).contains(target))
}

/// Is the match a race to a target in courts, where the odds apply?
pub(crate) fn race_to_courts(rules: &RuleSet) -> bool {
    target(rules).is_some()
}

/// The chance of winning the match, for my team, from every score short of the target, with my
/// team or the other calling the next hand and the calling team's streak of plain wins.
pub(crate) struct MatchOdds {
    target: u32,
    /// Indexed by `index(mine, theirs, we_call, streak)`.
    chance: Vec<f32>,
}

impl MatchOdds {
    /// The match odds where they apply ([`target`]).
    pub(crate) fn of(rules: &RuleSet) -> Option<MatchOdds> {
        target(rules).map(MatchOdds::new)
    }

    /// Are these the odds of the match `rules` play?
    pub(crate) fn fits(&self, rules: &RuleSet) -> bool {
        target(rules) == Some(self.target)
    }

    /// Works the chances out: each hand ends one of the four ways of `ENDS`, and every score's
    /// chance is set again from those of the scores it leads to until none moves (plain wins
    /// go round between the two teams without a court, so the scores do not simply follow one
    /// another back from the target).
    fn new(target: u32) -> MatchOdds {
        let t = target as usize;
        let mut odds = MatchOdds {
            target,
            chance: vec![0.5; t * t * 2 * STREAKS],
        };
        let [caller_plain, caller_court, other_plain, other_court] = ENDS;
        for _ in 0..10_000 {
            let mut moved = 0f32;
            for mine in 0..target {
                for theirs in 0..target {
                    for we_call in [true, false] {
                        for streak in 0..STREAK_FOR_COURT {
                            // the calling team's score first
                            let (us, them) = if we_call { (mine, theirs) } else { (theirs, mine) };
                            let run = streak + 1;
                            let court = odds.from(us + 1, them, true, 0);
                            let plain = if run == STREAK_FOR_COURT {
                                court
                            } else {
                                odds.from(us, them, true, run)
                            };
                            let lost = odds.from(them, us, true, 1);
                            let lost_court = odds.from(them + 1, us, true, 0);
                            // the calling team's chance, which is mine when we call
                            let callers = caller_plain * plain
                                + caller_court * court
                                + other_plain * (1.0 - lost)
                                + other_court * (1.0 - lost_court);
                            let value = if we_call { callers } else { 1.0 - callers };
                            let i = odds.index(mine, theirs, we_call, streak);
                            moved = moved.max((odds.chance[i] - value).abs());
                            odds.chance[i] = value;
                        }
                    }
                }
            }
            if moved < 1e-6 {
                break;
            }
        }
        odds
    }

    fn index(&self, mine: u32, theirs: u32, we_call: bool, streak: u8) -> usize {
        let t = self.target as usize;
        ((mine as usize * t + theirs as usize) * 2 + usize::from(!we_call)) * STREAKS + usize::from(streak)
    }

    /// My team's chance of winning the match on `mine` courts to `theirs`, before a hand that
    /// my team calls or not, the caller on a streak of `streak` plain wins.
    fn from(&self, mine: u32, theirs: u32, we_call: bool, streak: u8) -> f32 {
        if mine >= self.target {
            1.0
        } else if theirs >= self.target {
            0.0
        } else {
            self.chance[self.index(mine, theirs, we_call, streak.min(STREAK_FOR_COURT - 1))]
        }
    }

    /// What the hand in `view`, won by `winner` as `kind`, is worth to my team: its chance of
    /// winning the match after it (the score and the streaks as the rules add the hand, R-C1,
    /// R-C7; the next caller by the rules' rotation, R-ROT).
    pub(crate) fn worth(&self, view: &SeatView, rules: &RuleSet, kind: HandKind, winner: Side) -> f32 {
        let result = ended(view, kind, winner);
        let mut score: MatchScore = view.score;
        score.add(&result, rules);
        let (_, caller) = next_dealer(&result, rules);
        let calls = view.seats.side(caller);
        let me = view.seats.side(view.seat);
        self.from(
            score.points[me.index()],
            score.points[me.other().index()],
            calls == me,
            score.streak[calls.index()],
        )
    }
}

/// How a bot weighs the ends of a hand: by the match points they score ([`stakes::worth`], Hard's
/// way), or, playing for the match, by the chance of winning it after them wherever the
/// [`MatchOdds`] apply.
#[derive(Default)]
pub(crate) struct Worth {
    for_the_match: bool,
    odds: Option<MatchOdds>,
}

impl Worth {
    /// The chance of winning the match where it is known, else the points.
    pub(crate) fn for_the_match() -> Worth {
        Worth {
            for_the_match: true,
            odds: None,
        }
    }

    /// Ready for a decision under `rules`: the odds worked out once for the match's target.
    pub(crate) fn prepare(&mut self, rules: &RuleSet) {
        if self.for_the_match && !self.odds.as_ref().is_some_and(|odds| odds.fits(rules)) {
            self.odds = MatchOdds::of(rules);
        }
    }

    /// What the hand in `view`, won by `winner` as `kind`, is worth to my side.
    pub(crate) fn of(&self, view: &SeatView, rules: &RuleSet, kind: HandKind, winner: Side) -> f32 {
        match &self.odds {
            Some(odds) => odds.worth(view, rules, kind, winner),
            None => stakes::worth(view, rules, kind, winner),
        }
    }

    /// What a court is worth, as the unit a margin between choices is counted in: the points a
    /// court of mine scores, or, in chances of the match, half the swing between a court of my
    /// team's and one of the other's (a chance has no zero to count from).
    pub(crate) fn court(&self, view: &SeatView, rules: &RuleSet) -> f32 {
        let me = view.seats.side(view.seat);
        let mine = self.of(view, rules, HandKind::Court, me);
        match self.odds {
            Some(_) => (mine - self.of(view, rules, HandKind::Court, me.other())) / 2.0,
            None => mine,
        }
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Match, Preset};

    use super::*;

    fn odds() -> MatchOdds {
        MatchOdds::of(&Preset::CourtPiece.rules()).expect("Court Piece is played to three courts")
    }

    /// Every chance is a chance, and the two teams' chances from the same place add up to one.
    #[test]
    fn the_two_teams_chances_add_up_to_one() {
        let odds = odds();
        for mine in 0..3 {
            for theirs in 0..3 {
                for streak in 0..STREAK_FOR_COURT {
                    let ours = odds.from(mine, theirs, true, streak);
                    let theirs = odds.from(theirs, mine, false, streak);
                    assert!((0.0..=1.0).contains(&ours));
                    assert!((ours + theirs - 1.0).abs() < 1e-6, "{ours} + {theirs}");
                }
            }
        }
        // calling is worth something, and a court more so
        assert!(odds.from(0, 0, true, 0) > 0.5);
        assert!(odds.from(1, 0, false, 0) > odds.from(0, 0, true, 0));
    }

    /// From the first view of a real match: a court beats a plain win beats a loss beats their
    /// court; on a streak of six, the seventh plain win is a court (R-C7); and when the other
    /// team is one court from the target, their court is the match.
    #[test]
    fn the_hands_ends_in_order_and_the_match_in_sight() {
        let rules = Preset::CourtPiece.rules();
        let odds = odds();
        let mut game = Match::new(&rules, 3).expect("a match");
        game.advance();
        let seat = game.to_act().expect("someone to act");
        let mut view = game.view(seat);
        let me = view.seats.side(seat);
        let other = me.other();
        let worth = |view: &SeatView, kind, winner| odds.worth(view, &rules, kind, winner);
        let ends = |view: &SeatView| {
            [
                worth(view, HandKind::Court, me),
                worth(view, HandKind::Plain, me),
                worth(view, HandKind::Plain, other),
                worth(view, HandKind::Court, other),
            ]
        };
        let [court, plain, lost, lost_court] = ends(&view);
        assert!(
            court > plain && plain > lost && lost > lost_court,
            "{:?}",
            ends(&view)
        );

        view.score.streak[me.index()] = STREAK_FOR_COURT - 1;
        let [court, plain, ..] = ends(&view);
        assert!((court - plain).abs() < 1e-6);

        view.score.streak = [0; courtpiece_rules::MAX_SIDES];
        view.score.points[other.index()] = 2;
        assert_eq!(worth(&view, HandKind::Court, other), 0.0);
        assert!(worth(&view, HandKind::Plain, other) > 0.0);
    }

    /// Other ways of keeping score, or a match to a number of hands, are not played for.
    #[test]
    fn only_a_race_to_courts_has_odds() {
        assert!(MatchOdds::of(&Preset::Hokm.rules()).is_none());
        assert!(MatchOdds::of(&Preset::DoubleSar.rules()).is_none());
        let mut rules = Preset::CourtPiece.rules();
        rules.max_hands = Some(20);
        assert!(MatchOdds::of(&rules).is_none());
    }

    /// Playing for the match weighs Court Piece's ends by the odds, and anything else, or a
    /// bot that plays for the points, as the points; either way a court is a positive unit.
    #[test]
    fn the_match_is_played_for_where_its_odds_are_known() {
        let rules = Preset::CourtPiece.rules();
        let mut game = Match::new(&rules, 5).expect("a match");
        game.advance();
        let seat = game.to_act().expect("someone to act");
        let view = game.view(seat);
        let me = view.seats.side(seat);

        let mut for_the_match = Worth::for_the_match();
        for_the_match.prepare(&rules);
        let odds = odds();
        for kind in [HandKind::Plain, HandKind::Court] {
            for winner in [me, me.other()] {
                let worth = for_the_match.of(&view, &rules, kind, winner);
                assert_eq!(worth, odds.worth(&view, &rules, kind, winner));
            }
        }
        let unit = for_the_match.court(&view, &rules);
        assert!(unit > 0.0 && unit < 0.5, "{unit}");

        let points = Worth::default();
        assert_eq!(
            points.court(&view, &rules),
            stakes::worth(&view, &rules, HandKind::Court, me)
        );

        let hokm = Preset::Hokm.rules();
        for_the_match.prepare(&hokm);
        assert_eq!(
            for_the_match.of(&view, &hokm, HandKind::Court, me),
            stakes::worth(&view, &hokm, HandKind::Court, me)
        );
    }
}
