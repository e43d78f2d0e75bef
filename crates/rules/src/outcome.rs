//! How a hand ended (§4, §6, R-REVOKE).

use serde::{Deserialize, Serialize};

use crate::ruleset::{Failed52, RuleSet};
use crate::seat::{MAX_SIDES, Seat, Side};

/// The kind of win a hand ended in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandKind {
    /// 7 or more tricks, no court.
    Plain,
    /// The first seven tricks, opponents on zero (R-COURT).
    Court,
    /// All 13 tricks after playing on, or with `V-STOP=all` (R-PLAYON).
    FiftyTwo,
    /// The court's team played on for 13 and lost a trick; what it is worth is `V-FAILED52`.
    FailedPlayOn,
    /// Double Sar: all 13 tricks collected by the calling team (R-DSKOT).
    SarCourt,
    /// Double Sar: all 13 tricks collected by the dealing team, a goon court (R-DSKOT).
    GoonCourt,
    /// Mindi: all four tens collected by one team, worth a court (RM-KOT).
    Mendikot,
    /// Mindi: two tens each, won by the team with seven tricks or more (RM-WIN); it does not
    /// count toward seven wins in a row (RM-KOT).
    EvenTens,
    /// Dabba Rang: the caller's team collected the tricks it announced, a court (RDB-SCORE).
    Made,
    /// Dabba Rang: thirteen announced and all thirteen collected, two courts (RDB-SCORE).
    MadeAll,
    /// Dabba Rang: the caller's team fell short; the other team scores a court (RDB-SCORE).
    Defeated,
    /// A claimed revoke was upheld: the revoking team loses, the opponents score a court
    /// (R-REVOKE).
    Revoke,
    /// A revoke claim was wrong: the claiming team loses the hand (R-REVOKE).
    FalseClaim,
}

/// The result of one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    pub winner: Side,
    pub kind: HandKind,
    /// Tricks taken by each side (collected, in Double Sar) when the hand stopped.
    pub tricks: [u8; MAX_SIDES],
    /// Tens in those tricks, by side (RM-HEAP); counted at every table.
    #[serde(default)]
    pub tens: [u8; MAX_SIDES],
    pub dealer: Seat,
    pub caller: Seat,
}

impl HandResult {
    /// The losing side, at a table of two sides.
    pub fn loser(&self) -> Side {
        self.winner.other()
    }

    /// Does the hand count as a court under these rules? A failed play-on keeps its court only
    /// with `V-FAILED52=keep`.
    pub fn is_court(&self, rules: &RuleSet) -> bool {
        match self.kind {
            HandKind::Plain | HandKind::EvenTens | HandKind::FalseClaim => false,
            HandKind::FailedPlayOn => rules.failed_52 == Failed52::Keep,
            HandKind::Court
            | HandKind::FiftyTwo
            | HandKind::SarCourt
            | HandKind::GoonCourt
            | HandKind::Mendikot
            | HandKind::Made
            | HandKind::MadeAll
            | HandKind::Defeated
            | HandKind::Revoke => true,
        }
    }

    /// The trump-caller's (the hâkem's) side.
    pub fn calling_side(&self, rules: &RuleSet) -> Side {
        rules.seats().side(self.caller)
    }

    pub fn dealing_side(&self, rules: &RuleSet) -> Side {
        rules.seats().side(self.dealer)
    }
}
