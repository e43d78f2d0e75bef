//! The end of a hand (§4, §6): after each trick, whether the hand goes on, asks the court's team
//! to play on, or is over and how. The table's [`crate::Round`] and the search's
//! [`crate::PlayState`] both keep a [`Tally`] and ask [`Ending::after_trick`]: the rule is written
//! once.

use crate::outcome::HandKind;
use crate::ruleset::{Mode, RuleSet, Stop};
use crate::seat::Team;

/// Tricks in a hand.
pub const TRICKS: u8 = 13;
/// Tricks that win a hand (R-SEVEN) and, taken first, a court (R-COURT).
pub const SEVEN: u8 = 7;

/// The options that decide how a hand ends, in a few bytes for search positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    double_sar: bool,
    /// `V-STOP=seven`.
    stop_at_seven: bool,
    /// Is the court's team asked whether to play on (R-PLAYON, R-RULE-PLAYON)?
    play_on_offered: bool,
}

/// What a hand's end is judged on, kept trick by trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Tricks completed.
    pub tricks: u8,
    /// Tricks each team has taken (collected from the heap, in Double Sar).
    pub taken: [u8; 2],
    /// The team that took the first seven tricks, if one did (R-COURT).
    pub first_seven: Option<Team>,
    /// The court's team chose to play on for all thirteen (R-PLAYON).
    pub playing_on: bool,
}

impl Tally {
    /// Counts a completed trick: `team` won it and takes `taken` tricks with it (one in Single
    /// Sar; in Double Sar what it collects from the heap, maybe none).
    #[inline]
    pub fn add(&mut self, team: Team, taken: u8) {
        self.tricks += 1;
        self.taken[team.index()] += taken;
        if self.tricks == SEVEN {
            // only Single Sar asks who took the first seven, and there every trick is taken
            self.first_seven = Team::ALL.into_iter().find(|t| self.taken[t.index()] == SEVEN);
        }
    }
}

/// The hand after a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    GoesOn,
    /// A first-seven court: the winner of the seventh trick decides whether to play on.
    AskPlayOn,
    Over(Team, HandKind),
}

impl Ending {
    pub fn of(rules: &RuleSet) -> Ending {
        Ending {
            double_sar: rules.mode == Mode::DoubleSar,
            stop_at_seven: rules.stop == Stop::Seven,
            play_on_offered: rules.play_on_offered(),
        }
    }

    /// Where the hand stands after the trick just counted in `tally` (R-SEVEN, R-COURT,
    /// R-PLAYON, R-RULE-PLAYON, R-DSWIN, R-DSKOT). `calling` is the trump-caller's team.
    #[inline]
    pub fn after_trick(&self, tally: &Tally, calling: Team) -> Verdict {
        // every ending needs seven tricks taken by one side, or the last trick; a play-on only
        // starts after the seventh
        if tally.tricks < SEVEN {
            return Verdict::GoesOn;
        }
        let [t0, t1] = tally.taken;
        let leader = if t0 >= t1 { Team::ALL[0] } else { Team::ALL[1] };
        let lead = tally.taken[leader.index()];
        let behind = tally.taken[leader.other().index()];
        let last = tally.tricks >= TRICKS;
        if self.double_sar {
            if last {
                let kind = match lead {
                    TRICKS if leader == calling => HandKind::SarCourt,
                    TRICKS => HandKind::GoonCourt,
                    _ => HandKind::Plain,
                };
                return Verdict::Over(leader, kind);
            }
            // R-DSWIN: stop at seven collected unless still on course for all thirteen
            if self.stop_at_seven && lead >= SEVEN && behind > 0 {
                return Verdict::Over(leader, HandKind::Plain);
            }
            return Verdict::GoesOn;
        }
        if tally.playing_on {
            // R-RULE-PLAYON: a failed play-on ends at the first trick lost
            let court_team = tally.first_seven.unwrap_or(leader);
            return if tally.taken[court_team.other().index()] > 0 {
                Verdict::Over(court_team, HandKind::FailedPlayOn)
            } else if last {
                Verdict::Over(court_team, HandKind::FiftyTwo)
            } else {
                Verdict::GoesOn
            };
        }
        if last {
            let kind = if lead == TRICKS {
                HandKind::FiftyTwo
            } else if tally.first_seven == Some(leader) {
                HandKind::Court
            } else {
                HandKind::Plain
            };
            return Verdict::Over(leader, kind);
        }
        if self.stop_at_seven && lead >= SEVEN {
            if behind == 0 && tally.tricks == SEVEN && self.play_on_offered {
                return Verdict::AskPlayOn;
            }
            let kind = if behind == 0 {
                HandKind::Court
            } else {
                HandKind::Plain
            };
            return Verdict::Over(leader, kind);
        }
        Verdict::GoesOn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;

    fn tally(tricks: u8, taken: [u8; 2]) -> Tally {
        let mut t = Tally {
            tricks,
            taken,
            ..Tally::default()
        };
        if tricks >= SEVEN && taken.contains(&0) && taken.contains(&tricks) {
            t.first_seven = Team::ALL.into_iter().find(|x| taken[x.index()] > 0);
        }
        t
    }

    #[test]
    fn r_seven_and_r_court_in_single_sar() {
        let e = Ending::of(&Preset::CourtPiece.rules());
        let us = Team::ALL[0];
        assert_eq!(
            e.after_trick(&tally(8, [7, 1]), us),
            Verdict::Over(us, HandKind::Plain)
        );
        assert_eq!(e.after_trick(&tally(7, [7, 0]), us), Verdict::AskPlayOn);
        assert_eq!(e.after_trick(&tally(6, [5, 1]), us), Verdict::GoesOn);
        let hokm = Ending::of(&Preset::Hokm.rules());
        assert_eq!(
            hokm.after_trick(&tally(7, [7, 0]), us),
            Verdict::Over(us, HandKind::Court)
        );
    }

    #[test]
    fn r_playon_ends_at_the_first_trick_lost_or_with_all_thirteen() {
        let e = Ending::of(&Preset::CourtPiece.rules());
        let us = Team::ALL[1];
        let mut t = tally(7, [0, 7]);
        t.playing_on = true;
        t.add(us, 1);
        assert_eq!(e.after_trick(&t, us), Verdict::GoesOn);
        t.add(us.other(), 1);
        assert_eq!(e.after_trick(&t, us), Verdict::Over(us, HandKind::FailedPlayOn));
        let mut t = tally(12, [0, 12]);
        t.first_seven = Some(us);
        t.playing_on = true;
        t.add(us, 1);
        assert_eq!(e.after_trick(&t, us), Verdict::Over(us, HandKind::FiftyTwo));
    }

    #[test]
    fn r_dswin_and_r_dskot_in_double_sar() {
        let e = Ending::of(&Preset::DoubleSar.rules());
        let (callers, dealers) = (Team::ALL[1], Team::ALL[0]);
        assert_eq!(
            e.after_trick(&tally(9, [7, 2]), callers),
            Verdict::Over(dealers, HandKind::Plain)
        );
        assert_eq!(e.after_trick(&tally(9, [8, 0]), callers), Verdict::GoesOn);
        assert_eq!(
            e.after_trick(&tally(13, [13, 0]), callers),
            Verdict::Over(dealers, HandKind::GoonCourt)
        );
        assert_eq!(
            e.after_trick(&tally(13, [0, 13]), callers),
            Verdict::Over(callers, HandKind::SarCourt)
        );
    }
}
