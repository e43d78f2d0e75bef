//! Scoring a hand into the match (§8).

use serde::{Deserialize, Serialize};

use crate::outcome::{HandKind, HandResult};
use crate::ruleset::{Failed52, RuleSet, Scoring};
use crate::seat::{MAX_SIDES, Side};

/// Seven plain wins in a row score a court (R-C7).
pub const STREAK_FOR_COURT: u8 = 7;

/// The match score: courts or points per side, and the streaks of plain wins (R-C7). Sides a
/// table does not have stay at zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchScore {
    /// Courts (`V-SCORING=courts`) or points (`hokm`, `troefcall`) per side.
    pub points: [u32; MAX_SIDES],
    /// Plain wins in a row per side (R-C7); only counted with `V-SCORING=courts`.
    pub streak: [u8; MAX_SIDES],
    /// Hands played to the end.
    pub hands: u32,
    /// Hands won per side.
    pub hands_won: [u32; MAX_SIDES],
}

impl MatchScore {
    /// Adds one hand's result; returns what each side scored with it.
    pub fn add(&mut self, result: &HandResult, rules: &RuleSet) -> [u32; MAX_SIDES] {
        let won = hand_points(result, rules);
        self.hands += 1;
        self.hands_won[result.winner.index()] += 1;
        let mut gained = won;
        if rules.scoring == Scoring::Courts {
            gained[result.winner.index()] += self.streak_step(result, rules);
        }
        for (points, gain) in self.points.iter_mut().zip(gained) {
            *points += gain;
        }
        gained
    }

    /// R-C7: a court resets both streaks; a plain win adds one to the winner's and zeroes the
    /// loser's; reaching seven scores a court and resets the streak. In Mindi only wins with
    /// three tens or more make a streak (RM-KOT).
    fn streak_step(&mut self, result: &HandResult, rules: &RuleSet) -> u32 {
        if result.is_court(rules) || result.kind == HandKind::EvenTens {
            self.streak = [0; MAX_SIDES];
            return 0;
        }
        let w = result.winner.index();
        let run = self.streak[w] + 1;
        self.streak = [0; MAX_SIDES];
        self.streak[w] = run;
        if self.streak[w] >= STREAK_FOR_COURT {
            self.streak[w] = 0;
            1
        } else {
            0
        }
    }

    /// The side with the most, if only one has it.
    pub fn leader(&self) -> Option<Side> {
        let best = self.points.iter().max()?;
        let mut leaders = (0..MAX_SIDES).filter(|&i| self.points[i] == *best);
        match (leaders.next(), leaders.next()) {
            (Some(i), None) => Side::from_index(i),
            _ => None,
        }
    }
}

/// What one hand is worth to each side, before streaks (§8).
pub fn hand_points(result: &HandResult, rules: &RuleSet) -> [u32; MAX_SIDES] {
    let w = result.winner.index();
    let mut pts = [0u32; MAX_SIDES];
    let court = result.is_court(rules);
    let conceded = result.kind == HandKind::FailedPlayOn && rules.failed_52 == Failed52::Concede;
    pts[w] = match rules.scoring {
        // R-C1, R-DSKOT
        Scoring::Courts => match result.kind {
            HandKind::FiftyTwo => 52,
            HandKind::GoonCourt => rules.goon,
            HandKind::MadeAll => 2,
            _ if court => 1,
            _ => 0,
        },
        // Hokm: 1 a hand, 2 a court, 3 a court against the hâkem's side (R3-KOT, R3-TIE).
        Scoring::Hokm => {
            if !court {
                1
            } else if result.winner != result.calling_side(rules) {
                3
            } else {
                2
            }
        }
        // Troefcall: 2 a hand, 5 a kap, 15 a baunie.
        Scoring::Troefcall => match result.kind {
            HandKind::FiftyTwo | HandKind::SarCourt | HandKind::GoonCourt => 15,
            _ if court => 5,
            _ => 2,
        },
        // RD-SCORE: every trick collected is a point to whoever collected it
        Scoring::Sars => return result.tricks.map(u32::from),
    };
    if conceded {
        // V-FAILED52=concede: the opponents also score a plain win.
        let l = result.loser().index();
        pts[l] = hand_points(
            &HandResult {
                kind: HandKind::Plain,
                winner: result.loser(),
                ..*result
            },
            rules,
        )[l];
    }
    pts
}
