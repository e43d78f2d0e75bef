//! The end of a hand (§4, §6): after each trick, whether the hand goes on, asks the court's team
//! to play on, or is over and how. The table's [`crate::Round`] and the search's
//! [`crate::PlayState`] both keep a [`Tally`] and ask [`Ending::after_trick`]: the rule is written
//! once.

use crate::heap::Taken;
use crate::outcome::HandKind;
use crate::ruleset::{Count, Mode, RuleSet, Stop};
use crate::seat::{MAX_SIDES, Side};

/// Tricks in a hand at a table of four.
pub const TRICKS: u8 = 13;
/// Tricks that win a hand (R-SEVEN) and, taken first, a court (R-COURT).
pub const SEVEN: u8 = 7;
/// Tens in the pack: all four to one team is a mendikot (RM-KOT).
pub const TENS: u8 = 4;

/// The options that decide how a hand ends, in a few bytes for search positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    double_sar: bool,
    /// `V-STOP=seven`.
    stop_at_seven: bool,
    /// Is the court's team asked whether to play on (R-PLAYON, R-RULE-PLAYON)?
    play_on_offered: bool,
    /// Three players, each for themselves (R3-END).
    three: bool,
    /// Dummy Rang: three sides at four hands, every trick played (RD-PLAY).
    dummy: bool,
    /// Tricks in a hand: 13, or 17 at a table of three.
    tricks: u8,
    /// Mindi: the tens decide (RM-WIN).
    tens: bool,
    /// Dabba Rang: the caller's team plays for the tricks it announced (RDB-SCORE).
    contract: bool,
    /// `V-DABBA-ACES`.
    aces: bool,
}

/// What a hand's end is judged on, kept trick by trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Tricks completed.
    pub tricks: u8,
    /// Tricks each side has taken (collected from the heap, in Double Sar).
    pub taken: [u8; MAX_SIDES],
    /// The side that took the first seven tricks, if one did (R-COURT, R3-KOT).
    pub first_seven: Option<Side>,
    /// The court's team chose to play on for all thirteen (R-PLAYON).
    pub playing_on: bool,
    /// Tens in the tricks each side has taken (RM-HEAP).
    pub tens: [u8; MAX_SIDES],
    /// Tricks holding two aces among those each side has taken (`V-DABBA-ACES`).
    pub doubles: [u8; MAX_SIDES],
    /// Dabba Rang: the tricks the caller's team announced (RDB-BID), 0 before the bidding ends.
    pub contract: u8,
}

impl Tally {
    /// Counts a completed trick: `team` won it and takes `taken` with it (the trick in Single
    /// Sar; in Double Sar what it collects from the heap, maybe nothing).
    #[inline]
    pub fn add(&mut self, team: Side, taken: Taken) {
        self.tricks += 1;
        self.taken[team.index()] += taken.tricks;
        self.tens[team.index()] += taken.tens;
        self.doubles[team.index()] += taken.doubles;
        if self.tricks == SEVEN {
            // only Single Sar asks who took the first seven, and there every trick is taken
            self.first_seven = self
                .taken
                .iter()
                .position(|&t| t == SEVEN)
                .and_then(Side::from_index);
        }
    }
}

/// The hand after a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    GoesOn,
    /// A first-seven court: the winner of the seventh trick decides whether to play on.
    AskPlayOn,
    Over(Side, HandKind),
}

impl Ending {
    pub fn of(rules: &RuleSet) -> Ending {
        Ending {
            double_sar: rules.mode == Mode::DoubleSar,
            stop_at_seven: rules.stop == Stop::Seven,
            play_on_offered: rules.play_on_offered(),
            three: rules.players == 3,
            dummy: rules.dummy,
            tricks: rules.tricks(),
            tens: rules.count == Count::Tens,
            contract: rules.bidding,
            aces: rules.dabba_aces,
        }
    }

    /// Does the hand count the tens in the tricks (RM-HEAP)?
    pub fn counts_tens(&self) -> bool {
        self.tens
    }

    /// Does the hand count cards in the tricks, tens or aces (RM-HEAP, `V-DABBA-ACES`)?
    pub fn counts_cards(&self) -> bool {
        self.tens || self.aces
    }

    /// Where the hand stands after the trick just counted in `tally` (R-SEVEN, R-COURT,
    /// R-PLAYON, R-RULE-PLAYON, R-DSWIN, R-DSKOT). `calling` is the trump-caller's team.
    #[inline]
    pub fn after_trick(&self, tally: &Tally, calling: Side) -> Verdict {
        if self.tens {
            return self.by_tens(tally);
        }
        if self.contract {
            return self.by_contract(tally, calling);
        }
        // every ending needs seven tricks taken by one side, or the last trick; a play-on only
        // starts after the seventh
        if tally.tricks < SEVEN {
            return Verdict::GoesOn;
        }
        if self.three {
            return self.at_three(tally);
        }
        if self.dummy {
            return self.with_dummy(tally);
        }
        let (t0, t1) = (tally.taken[0], tally.taken[1]);
        let leader = if t0 >= t1 { Side::TEAMS[0] } else { Side::TEAMS[1] };
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

    /// Mindi (RM-WIN, RM-KOT): three or four tens win, two each go to the team with seven
    /// tricks or more. With `V-STOP=seven` the hand stops once its winner and kind are settled:
    /// a team with three tens plays on while the other has none, for the mendikot.
    fn by_tens(&self, tally: &Tally) -> Verdict {
        let last = tally.tricks >= self.tricks;
        if !last && !self.stop_at_seven {
            return Verdict::GoesOn;
        }
        for team in Side::TEAMS {
            let (mine, theirs) = (tally.tens[team.index()], tally.tens[team.other().index()]);
            if mine == TENS {
                return Verdict::Over(team, HandKind::Mendikot);
            }
            if mine >= 3 && (theirs > 0 || last) {
                return Verdict::Over(team, HandKind::Plain);
            }
            if mine == 2 && theirs == 2 && tally.taken[team.index()] >= SEVEN {
                return Verdict::Over(team, HandKind::EvenTens);
            }
        }
        if last {
            // R-LASTHEAP takes every ten by the end: only a tie of two is left, and thirteen
            // tricks do not split evenly
            let team = Side::TEAMS
                .into_iter()
                .max_by_key(|t| tally.taken[t.index()])
                .unwrap_or(Side::TEAMS[0]);
            return Verdict::Over(team, HandKind::EvenTens);
        }
        Verdict::GoesOn
    }

    /// Dabba Rang (RDB-SCORE): the caller's team wins if it collects the tricks it announced,
    /// all thirteen announced and taken being worth more; otherwise the other team wins. With
    /// `V-STOP=seven` the hand stops once that is settled.
    fn by_contract(&self, tally: &Tally, calling: Side) -> Verdict {
        let (c, o) = (calling.index(), calling.other().index());
        let bonus = |side: usize| if self.aces { tally.doubles[side] } else { 0 };
        let count = tally.taken[c] + bonus(c);
        let bid = tally.contract;
        let last = tally.tricks >= self.tricks;
        let all = bid == self.tricks && tally.taken[c] == self.tricks;
        if last {
            return match count >= bid {
                true if all => Verdict::Over(calling, HandKind::MadeAll),
                true => Verdict::Over(calling, HandKind::Made),
                false => Verdict::Over(calling.other(), HandKind::Defeated),
            };
        }
        if !self.stop_at_seven {
            return Verdict::GoesOn;
        }
        // the tricks still to be collected, and at most two doubled by the aces
        let open = self.tricks - tally.taken[c] - tally.taken[o];
        let doubles_left = if self.aces {
            2u8.saturating_sub(tally.doubles[c] + tally.doubles[o])
        } else {
            0
        };
        let sweep_open = bid == self.tricks && tally.taken[o] == 0;
        if count >= bid && !sweep_open {
            Verdict::Over(calling, HandKind::Made)
        } else if count + open + doubles_left.min(open) < bid {
            Verdict::Over(calling.other(), HandKind::Defeated)
        } else {
            Verdict::GoesOn
        }
    }

    /// Dummy Rang plays every trick, for each trick counts (RD-PLAY, RD-SCORE): the hand is over
    /// after the last, and the side that collected most is named its winner (the first of them
    /// on a tie: the hand's winner scores nothing of its own).
    fn with_dummy(&self, tally: &Tally) -> Verdict {
        if tally.tricks < self.tricks {
            return Verdict::GoesOn;
        }
        let best = tally.taken[..3].iter().copied().max().unwrap_or(0);
        let leader = (0..3)
            .find(|&i| tally.taken[i] == best)
            .and_then(Side::from_index)
            .unwrap_or(Side::TEAMS[0]);
        Verdict::Over(leader, HandKind::Plain)
    }

    /// A table of three: the first seven tricks to one seat end the hand as a court (R3-KOT);
    /// otherwise it ends as soon as one seat is out of reach of both others (R3-END), and a
    /// hand played out with the two leaders level goes to the third seat (R3-TIE).
    fn at_three(&self, tally: &Tally) -> Verdict {
        if tally.tricks == SEVEN
            && let Some(side) = tally.first_seven
        {
            return Verdict::Over(side, HandKind::Court);
        }
        let mut order = [0u8, 1, 2];
        order.sort_by_key(|&i| std::cmp::Reverse(tally.taken[usize::from(i)]));
        let [first, second, third] = order.map(|i| (Side::ALL[usize::from(i)], tally.taken[usize::from(i)]));
        let left = self.tricks.saturating_sub(tally.tricks);
        if first.1 > second.1 + left {
            return Verdict::Over(first.0, HandKind::Plain);
        }
        if left == 0 {
            return Verdict::Over(third.0, HandKind::Plain);
        }
        Verdict::GoesOn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Preset, RuleSet};

    const ONE: Taken = Taken {
        tricks: 1,
        ..Taken::NOTHING
    };

    #[test]
    fn rm_win_and_rm_kot_three_tens_or_two_and_seven_tricks() {
        let e = Ending::of(&Preset::Mindi.rules());
        let callers = Side::TEAMS[1];
        let (us, them) = (Side::TEAMS[0], Side::TEAMS[1]);
        let t = |tricks, taken, tens| Tally {
            tricks,
            taken,
            tens,
            ..Tally::default()
        };
        // three tens against one: settled, even early
        assert_eq!(
            e.after_trick(&t(5, [4, 1, 0, 0], [3, 1, 0, 0]), callers),
            Verdict::Over(us, HandKind::Plain)
        );
        // three against none: on for the mendikot
        assert_eq!(
            e.after_trick(&t(9, [9, 0, 0, 0], [3, 0, 0, 0]), callers),
            Verdict::GoesOn
        );
        assert_eq!(
            e.after_trick(&t(10, [0, 10, 0, 0], [0, 4, 0, 0]), callers),
            Verdict::Over(them, HandKind::Mendikot)
        );
        // two each: seven tricks decide
        assert_eq!(
            e.after_trick(&t(10, [6, 4, 0, 0], [2, 2, 0, 0]), callers),
            Verdict::GoesOn
        );
        assert_eq!(
            e.after_trick(&t(11, [4, 7, 0, 0], [2, 2, 0, 0]), callers),
            Verdict::Over(them, HandKind::EvenTens)
        );
        // seven tricks alone decide nothing
        assert_eq!(
            e.after_trick(&t(12, [9, 0, 0, 0], [2, 0, 0, 0]), callers),
            Verdict::GoesOn
        );
        assert_eq!(
            e.after_trick(&t(13, [9, 4, 0, 0], [2, 2, 0, 0]), callers),
            Verdict::Over(us, HandKind::EvenTens)
        );
    }

    #[test]
    fn rdb_score_the_callers_team_makes_its_announcement_or_is_defeated() {
        let rules = Preset::Dabba.rules();
        let e = Ending::of(&rules);
        let (callers, others) = (Side::TEAMS[1], Side::TEAMS[0]);
        let t = |tricks, taken, contract| Tally {
            tricks,
            taken,
            contract,
            ..Tally::default()
        };
        // nine announced: made once nine are collected, defeated once five are lost
        assert_eq!(e.after_trick(&t(10, [1, 8, 0, 0], 9), callers), Verdict::GoesOn);
        assert_eq!(
            e.after_trick(&t(10, [1, 9, 0, 0], 9), callers),
            Verdict::Over(callers, HandKind::Made)
        );
        assert_eq!(
            e.after_trick(&t(6, [5, 0, 0, 0], 9), callers),
            Verdict::Over(others, HandKind::Defeated)
        );
        // thirteen: on while every trick is theirs, two courts for all of them
        assert_eq!(e.after_trick(&t(12, [0, 12, 0, 0], 13), callers), Verdict::GoesOn);
        assert_eq!(
            e.after_trick(&t(13, [0, 13, 0, 0], 13), callers),
            Verdict::Over(callers, HandKind::MadeAll)
        );
        assert_eq!(
            e.after_trick(&t(3, [1, 0, 0, 0], 13), callers),
            Verdict::Over(others, HandKind::Defeated)
        );
        // V-DABBA-ACES: a trick of two aces counts two toward the announcement
        let aces = Ending::of(&RuleSet {
            dabba_aces: true,
            ..rules
        });
        let mut doubled = t(9, [1, 8, 0, 0], 9);
        assert_eq!(aces.after_trick(&doubled, callers), Verdict::GoesOn);
        doubled.doubles = [0, 1, 0, 0];
        assert_eq!(
            aces.after_trick(&doubled, callers),
            Verdict::Over(callers, HandKind::Made)
        );
        // five lost is not yet a defeat where two doubles may still come
        assert_eq!(aces.after_trick(&t(6, [5, 0, 0, 0], 9), callers), Verdict::GoesOn);
    }

    #[test]
    fn rd_play_every_trick_is_played_and_the_most_collected_leads() {
        let e = Ending::of(&Preset::Dummy.rules());
        let driver = Side::TEAMS[0];
        let t = |tricks, taken| Tally {
            tricks,
            taken,
            ..Tally::default()
        };
        assert_eq!(e.after_trick(&t(12, [12, 0, 0, 0]), driver), Verdict::GoesOn);
        assert_eq!(e.after_trick(&t(9, [0, 9, 0, 0]), driver), Verdict::GoesOn);
        assert_eq!(
            e.after_trick(&t(13, [3, 4, 6, 0]), driver),
            Verdict::Over(Side::ALL[2], HandKind::Plain)
        );
    }

    fn tally(tricks: u8, [a, b]: [u8; 2]) -> Tally {
        let taken = [a, b, 0, 0];
        let mut t = Tally {
            tricks,
            taken,
            ..Tally::default()
        };
        if tricks >= SEVEN && taken.contains(&0) && taken.contains(&tricks) {
            t.first_seven = Side::TEAMS.into_iter().find(|x| taken[x.index()] > 0);
        }
        t
    }

    #[test]
    fn r_seven_and_r_court_in_single_sar() {
        let e = Ending::of(&Preset::CourtPiece.rules());
        let us = Side::TEAMS[0];
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
        let us = Side::TEAMS[1];
        let mut t = tally(7, [0, 7]);
        t.playing_on = true;
        t.add(us, ONE);
        assert_eq!(e.after_trick(&t, us), Verdict::GoesOn);
        t.add(us.other(), ONE);
        assert_eq!(e.after_trick(&t, us), Verdict::Over(us, HandKind::FailedPlayOn));
        let mut t = tally(12, [0, 12]);
        t.first_seven = Some(us);
        t.playing_on = true;
        t.add(us, ONE);
        assert_eq!(e.after_trick(&t, us), Verdict::Over(us, HandKind::FiftyTwo));
    }

    #[test]
    fn r_dswin_and_r_dskot_in_double_sar() {
        let e = Ending::of(&Preset::DoubleSar.rules());
        let (callers, dealers) = (Side::TEAMS[1], Side::TEAMS[0]);
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

    /// Plays out tricks won by the seats in `winners` (0, 1, 2) at a table of three.
    fn three(winners: &[u8]) -> (Tally, Verdict) {
        let e = Ending::of(&Preset::HokmThree.rules());
        let hakem = Side::TEAMS[0];
        let mut t = Tally::default();
        let mut verdict = Verdict::GoesOn;
        for &w in winners {
            assert_eq!(verdict, Verdict::GoesOn, "the hand went on after it ended");
            t.add(Side::new(w).unwrap(), ONE);
            verdict = e.after_trick(&t, hakem);
        }
        (t, verdict)
    }

    #[test]
    fn r3_end_stops_once_a_seat_is_out_of_reach() {
        let (t, v) = three(&[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 0, 0, 0]);
        assert_eq!((t.taken[0], t.taken[1], t.taken[2], t.tricks), (7, 3, 3, 13));
        assert_eq!(v, Verdict::GoesOn, "7 is not above 3 + 4");
        // 7-4-4 with two left stops (7 > 4 + 2)
        let (t, v) = three(&[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 0, 2, 0, 0]);
        assert_eq!((t.taken[0], t.taken[1], t.taken[2]), (7, 4, 4));
        assert_eq!(v, Verdict::Over(Side::new(0).unwrap(), HandKind::Plain));
        // 8-3-1 with five left does not stop (8 is not above 3 + 5)
        let (t, v) = three(&[0, 0, 0, 1, 0, 0, 1, 2, 1, 0, 0, 0]);
        assert_eq!((t.taken[0], t.taken[1], t.taken[2]), (8, 3, 1));
        assert_eq!(v, Verdict::GoesOn);
    }

    #[test]
    fn r3_tie_gives_a_hand_played_out_level_to_the_third_seat() {
        // 6-6-5 after all seventeen: the seat with five wins
        let mut winners = Vec::new();
        for _ in 0..5 {
            winners.extend([0, 1, 2]);
        }
        winners.extend([0, 1]);
        let (t, v) = three(&winners);
        assert_eq!((t.taken[0], t.taken[1], t.taken[2], t.tricks), (6, 6, 5, 17));
        assert_eq!(v, Verdict::Over(Side::new(2).unwrap(), HandKind::Plain));
    }

    #[test]
    fn r3_kot_the_first_seven_to_one_seat_stop_the_hand_as_a_court() {
        let (_, v) = three(&[1; 7]);
        assert_eq!(v, Verdict::Over(Side::new(1).unwrap(), HandKind::Court));
        let (_, v) = three(&[1, 1, 1, 1, 1, 1, 0, 1]);
        assert_ne!(v, Verdict::Over(Side::new(1).unwrap(), HandKind::Court));
    }
}
