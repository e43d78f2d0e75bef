//! Every option of the rule book (`V-…`) as one serde value, and the named presets.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::{ParseError, RulesConflict};
use crate::seat::Seats;

/// `V-BATCHES`: how the deck is dealt. The first batch of five is always dealt before the call
/// (R-DEAL1); the rest follow the call (R-DEAL2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Batches {
    #[default]
    #[serde(rename = "5-4-4")]
    FiveFourFour,
    #[serde(rename = "5-3-3-2")]
    FiveThreeThreeTwo,
    #[serde(rename = "5-4-2-2")]
    FiveFourTwoTwo,
    #[serde(rename = "5-8")]
    FiveEight,
    /// Hokm for three: seventeen cards a seat (R3-DEAL).
    #[serde(rename = "5-4-4-4")]
    FiveFourFourFour,
    /// Hokm for two: five cards each, the rest a stock; after the call each player discards and
    /// the hands are filled to thirteen by the draw (R2-DEAL, R2-DRAW).
    #[serde(rename = "5-draw")]
    FiveThenDraw,
}

impl Batches {
    /// Cards per seat in each round of dealing.
    pub const fn sizes(self) -> &'static [u8] {
        match self {
            Batches::FiveFourFour => &[5, 4, 4],
            Batches::FiveThreeThreeTwo => &[5, 3, 3, 2],
            Batches::FiveFourTwoTwo => &[5, 4, 2, 2],
            Batches::FiveEight => &[5, 8],
            Batches::FiveFourFourFour => &[5, 4, 4, 4],
            Batches::FiveThenDraw => &[5],
        }
    }

    /// Cards each seat holds once all are dealt (or drawn).
    pub fn hand_size(self) -> u8 {
        match self {
            Batches::FiveThenDraw => 13,
            other => other.sizes().iter().sum(),
        }
    }

    /// Are the hands filled by the draw from a stock rather than by batches (R2-DRAW)?
    pub const fn draws(self) -> bool {
        matches!(self, Batches::FiveThenDraw)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Batches::FiveFourFour => "5-4-4",
            Batches::FiveThreeThreeTwo => "5-3-3-2",
            Batches::FiveFourTwoTwo => "5-4-2-2",
            Batches::FiveEight => "5-8",
            Batches::FiveFourFourFour => "5-4-4-4",
            Batches::FiveThenDraw => "5-draw",
        }
    }
}

impl fmt::Display for Batches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `V-REVOKE` (R-REVOKE).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Revoke {
    /// An illegal card can not be played at all.
    #[default]
    Prevent,
    /// Honour play: an illegal card is accepted and may be corrected or claimed.
    Penalty,
}

/// `V-STOP` (R-SEVEN).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// The hand stops when a team has 7 tricks (except for a play-on, R-PLAYON).
    #[default]
    Seven,
    /// All 13 tricks are always played.
    All,
}

/// `V-FAILED52`: what a court becomes when its team plays on for 13 and fails (R-PLAYON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Failed52 {
    /// The court stands.
    #[default]
    Keep,
    /// The court becomes a plain hand win.
    Simple,
    /// A plain hand win, and the opponents also score a plain win's points (Troefcall).
    Concede,
}

/// `V-CALL`: the way trumps are chosen (§5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Call {
    /// The caller names a suit.
    #[default]
    Announce,
    /// The caller shows one of the five cards face up.
    Show,
    /// Hidden (Blind) Rang: a card is laid face down as the trump indicator.
    Hidden,
    /// No call: the first card played by a seat that cannot follow suit fixes trumps (RB-TRUMP,
    /// Mindi without a caller).
    FirstVoid,
}

/// `V-MODE`: Single Sar (each trick to its winner) or Double Sar (the heap, §6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    SingleSar,
    DoubleSar,
}

/// What the tricks a team takes are worth toward the hand (RM-HEAP).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Count {
    /// Seven tricks win the hand (R-SEVEN, R-DSWIN).
    #[default]
    Tricks,
    /// Dehla Pakad (Mindi): the tens in the tricks a team collects (RM-HEAP, RM-WIN, RM-KOT).
    Tens,
}

/// `V-ACE`: may a second trick in a row won with an ace collect the heap?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AceCollect {
    #[default]
    Collect,
    NoCollect,
}

/// `V-FIRSTTWO`: may winning tricks 1 and 2 collect the heap?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstTwo {
    #[default]
    Collect,
    NoCollect,
}

/// `V-FIRST`: how the first dealer (or first trump-caller) is chosen (R-FIRST).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstDealer {
    #[default]
    Random,
    /// Each seat draws a card; the lowest deals.
    DrawLow,
    /// Cards are dealt face up until the first ace: that seat is the first hâkem.
    HokmAce,
    /// The seat dealt the ace of this suit becomes the first trump-caller.
    Ekka(Suit),
}

/// `V-SCORING` (§8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Count courts (India, Pakistan): R-C1, R-C7. With `V-MODE=double-sar` a court is R-DSKOT.
    #[default]
    Courts,
    /// Iran: 1 a hand, 2 a court, 3 a court against the hâkem's team; R-ROT-HOKM.
    Hokm,
    /// Suriname, Netherlands: 2 a hand, 5 a kap, 15 a baunie.
    Troefcall,
    /// Dummy Rang: each person scores the tricks they collected, the driver those of the dummy
    /// too (RD-SCORE).
    Sars,
}

/// The whole rule set of a match: one field per `V-…` option of the rule book.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleSet {
    /// `V-PLAYERS`: four in two teams, or three or two each for themselves (§9).
    pub players: u8,
    /// Dummy Rang: one of the four hands is an open dummy played by the person opposite
    /// (RD-SEATS).
    pub dummy: bool,
    /// `V-REMOVED`: cards taken out before the first deal (R3-DECK: the 2♣ at a table of three).
    pub removed: CardSet,
    /// `V-CLOCKWISE`: draw the table clockwise; the seat order logic is the same (R-DIR).
    pub clockwise: bool,
    /// `V-BATCHES`.
    pub batches: Batches,
    /// `V-REVOKE`.
    pub revoke: Revoke,
    /// `V-STOP`.
    pub stop: Stop,
    /// `V-FAILED52`.
    pub failed_52: Failed52,
    /// `V-CALL`.
    pub call: Call,
    /// `V-CALL=defer`, on top of `announce` or `show`.
    pub defer: bool,
    /// `V-REDEAL`: the Under-ten redeal, at most twice in a row.
    pub redeal: bool,
    /// `V-MODE`.
    pub mode: Mode,
    /// What the hand is won on: tricks, or the tens in them (Mindi, RM-HEAP).
    pub count: Count,
    /// Dabba Rang: the seats bid for the call (RDB-BID) and the caller's team plays for the
    /// tricks it announced (RDB-SCORE).
    pub bidding: bool,
    /// `V-DABBA-ACES`: two aces in one trick collected by the caller's team count as two tricks
    /// toward the announcement.
    pub dabba_aces: bool,
    /// Satat: the 2♥ is the highest trump (RS-TWO), and after a court the losers pass their best
    /// cards to the winners (RS-PASS) unless trumps are hidden (Trup kasiet).
    pub two_of_hearts: bool,
    /// `V-FIRSTCOLLECT`: no collection before this many tricks have been played.
    pub first_collect: u8,
    /// `V-ACE`.
    pub ace: AceCollect,
    /// `V-FIRSTTWO`.
    pub first_two: FirstTwo,
    /// `V-GOON`: courts scored by a goon court (R-DSKOT).
    pub goon: u32,
    /// `V-FIRST`.
    pub first: FirstDealer,
    /// `V-SCORING`.
    pub scoring: Scoring,
    /// `V-TARGET`: courts or points that end the match; `None` plays on until another limit.
    pub target: Option<u32>,
    /// A set number of hands after which the match ends (§8).
    pub max_hands: Option<u32>,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet {
            players: 4,
            dummy: false,
            removed: CardSet::EMPTY,
            clockwise: false,
            batches: Batches::default(),
            revoke: Revoke::default(),
            stop: Stop::default(),
            failed_52: Failed52::default(),
            call: Call::default(),
            defer: false,
            redeal: true,
            mode: Mode::default(),
            count: Count::default(),
            bidding: false,
            dabba_aces: false,
            two_of_hearts: false,
            first_collect: 0,
            ace: AceCollect::default(),
            first_two: FirstTwo::default(),
            goon: 3,
            first: FirstDealer::default(),
            scoring: Scoring::default(),
            target: Some(3),
            max_hands: None,
        }
    }
}

/// The named rule sets people ask for by name; Court Piece unless they say otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    #[default]
    CourtPiece,
    DoubleSar,
    HiddenRang,
    Hokm,
    Troefcall,
    #[serde(rename = "hokm-3")]
    HokmThree,
    #[serde(rename = "hokm-2")]
    HokmTwo,
    Dummy,
    BeRanga,
    Mindi,
    Dabba,
    Satat,
}

impl Preset {
    pub const ALL: [Preset; 12] = [
        Preset::CourtPiece,
        Preset::DoubleSar,
        Preset::HiddenRang,
        Preset::Hokm,
        Preset::Troefcall,
        Preset::HokmThree,
        Preset::HokmTwo,
        Preset::Dummy,
        Preset::BeRanga,
        Preset::Mindi,
        Preset::Dabba,
        Preset::Satat,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Preset::CourtPiece => "court-piece",
            Preset::DoubleSar => "double-sar",
            Preset::HiddenRang => "hidden-rang",
            Preset::Hokm => "hokm",
            Preset::Troefcall => "troefcall",
            Preset::HokmThree => "hokm-3",
            Preset::HokmTwo => "hokm-2",
            Preset::Dummy => "dummy",
            Preset::BeRanga => "be-ranga",
            Preset::Mindi => "mindi",
            Preset::Dabba => "dabba",
            Preset::Satat => "satat",
        }
    }

    /// The game's name for a player: "Court Piece", "Double Sar".
    pub const fn title(self) -> &'static str {
        match self {
            Preset::CourtPiece => "Court Piece",
            Preset::DoubleSar => "Double Sar",
            Preset::HiddenRang => "Hidden Rang",
            Preset::Hokm => "Hokm",
            Preset::Troefcall => "Troefcall",
            Preset::HokmThree => "Hokm for three",
            Preset::HokmTwo => "Hokm for two",
            Preset::Dummy => "Dummy Rang",
            Preset::BeRanga => "Be-ranga Double Sar",
            Preset::Mindi => "Dehla Pakad (Mindi)",
            Preset::Dabba => "Dabba Rang",
            Preset::Satat => "Satat",
        }
    }

    pub fn rules(self) -> RuleSet {
        let base = RuleSet::default();
        match self {
            Preset::CourtPiece => base,
            Preset::DoubleSar => RuleSet {
                mode: Mode::DoubleSar,
                ..base
            },
            Preset::HiddenRang => RuleSet {
                call: Call::Hidden,
                ..base
            },
            Preset::Hokm => RuleSet {
                scoring: Scoring::Hokm,
                first: FirstDealer::HokmAce,
                redeal: false,
                target: Some(7),
                ..base
            },
            Preset::Troefcall => RuleSet {
                scoring: Scoring::Troefcall,
                failed_52: Failed52::Concede,
                redeal: false,
                target: Some(30),
                ..base
            },
            // §9: R3-DECK, R3-FIRST, R3-DEAL, first to seven points (R3-ROT)
            Preset::HokmThree => RuleSet {
                players: 3,
                removed: CardSet::single(Card::new(Suit::Clubs, Rank::TWO)),
                batches: Batches::FiveFourFourFour,
                scoring: Scoring::Hokm,
                first: FirstDealer::HokmAce,
                redeal: false,
                target: Some(7),
                ..base
            },
            // §9: R2-FIRST, R2-DEAL, R2-DRAW, first to seven points (R2-SCORE)
            Preset::HokmTwo => RuleSet {
                players: 2,
                batches: Batches::FiveThenDraw,
                scoring: Scoring::Hokm,
                first: FirstDealer::HokmAce,
                redeal: false,
                target: Some(7),
                ..base
            },
            // §9: RD-SEATS, RD-PLAY (Double Sar, every trick counts, so all thirteen are
            // played), RD-SCORE to 104
            Preset::Dummy => RuleSet {
                dummy: true,
                mode: Mode::DoubleSar,
                stop: Stop::All,
                scoring: Scoring::Sars,
                target: Some(104),
                ..base
            },
            // §10: RB-DEAL (no call, no redeal), RB-TRUMP, RB-HEAP
            Preset::BeRanga => RuleSet {
                mode: Mode::DoubleSar,
                call: Call::FirstVoid,
                redeal: false,
                ..base
            },
            // §10: RM-HEAP (Double Sar, tens count), RM-WIN, RM-KOT, RM-ROT; the Under-ten redeal
            // is Court Piece's, and without it `call=first-void` is one option away
            Preset::Mindi => RuleSet {
                mode: Mode::DoubleSar,
                count: Count::Tens,
                redeal: false,
                ..base
            },
            // §10: RDB-BID, RDB-HIDE (a face-down indicator), RDB-HEAP, RDB-SCORE
            Preset::Dabba => RuleSet {
                mode: Mode::DoubleSar,
                call: Call::Hidden,
                bidding: true,
                redeal: false,
                ..base
            },
            // §10: RS-TWO, RS-PASS, RS-SCORE (courts to V-TARGET); otherwise Court Piece, its
            // Under-ten redeal included
            Preset::Satat => RuleSet {
                two_of_hearts: true,
                ..base
            },
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| ParseError::Preset(s.to_string()))
    }
}

impl RuleSet {
    /// Does a match under these rules end by itself, at a target (`V-TARGET`) or after a set
    /// number of hands (§8)? Without either it goes on until the players call time.
    pub fn ends_by_itself(&self) -> bool {
        self.target.is_some() || self.max_hands.is_some()
    }

    /// Checks the combinations this implementation plays; returns why a rule set is refused.
    pub fn validate(&self) -> Result<(), RulesConflict> {
        if !(2..=4).contains(&self.players) {
            return Err(RulesConflict::Players(self.players));
        }
        let cards = 52 - self.removed.len();
        // R2-DEAL, R2-DRAW: two players share the whole pack between hands and discards
        let shared_out = if self.batches.draws() {
            self.players == 2 && self.removed.is_empty()
        } else {
            self.players > 2 && cards == u32::from(self.players) * u32::from(self.batches.hand_size())
        };
        if !shared_out {
            return Err(RulesConflict::Batches {
                players: self.players,
                cards,
                batches: self.batches,
            });
        }
        if self.players < 4
            && !self.dummy
            && (self.mode != Mode::SingleSar
                || self.call != Call::Announce
                || self.defer
                || self.redeal
                || self.revoke != Revoke::Prevent
                || self.scoring != Scoring::Hokm)
        {
            return Err(RulesConflict::SmallTable(self.players));
        }
        let sars = self.scoring == Scoring::Sars;
        if self.dummy != sars
            || (self.dummy
                && (self.players != 4
                    || self.mode != Mode::DoubleSar
                    || self.stop != Stop::All
                    || self.call == Call::Hidden
                    || self.revoke != Revoke::Prevent
                    || self.first != FirstDealer::Random))
        {
            return Err(RulesConflict::Dummy);
        }
        if self.defer && self.call == Call::Hidden {
            return Err(RulesConflict::DeferHidden);
        }
        if self.call == Call::FirstVoid
            && (self.players != 4
                || self.dummy
                || self.mode != Mode::DoubleSar
                || self.defer
                || self.redeal
                || self.revoke != Revoke::Prevent)
        {
            return Err(RulesConflict::FirstVoid);
        }
        if self.count == Count::Tens && (self.players != 4 || self.dummy || self.mode != Mode::DoubleSar) {
            return Err(RulesConflict::Tens);
        }
        if (self.bidding
            && (self.players != 4
                || self.dummy
                || self.mode != Mode::DoubleSar
                || self.call != Call::Hidden
                || self.count != Count::Tricks
                || self.redeal
                || self.revoke != Revoke::Prevent
                || self.scoring != Scoring::Courts))
            || (self.dabba_aces && !self.bidding)
        {
            return Err(RulesConflict::Bidding);
        }
        if self.two_of_hearts
            && (self.players != 4
                || self.dummy
                || self.mode != Mode::SingleSar
                || self.count != Count::Tricks
                || self.bidding
                || self.defer
                || self.call == Call::FirstVoid
                || self.revoke != Revoke::Prevent
                || self.scoring != Scoring::Courts)
        {
            return Err(RulesConflict::TwoOfHearts);
        }
        if self.first_collect > 13 {
            return Err(RulesConflict::FirstCollect(self.first_collect));
        }
        if self.target == Some(0) {
            return Err(RulesConflict::ZeroTarget);
        }
        if self.max_hands == Some(0) {
            return Err(RulesConflict::ZeroHands);
        }
        Ok(())
    }

    /// The seats at the table (`V-PLAYERS`); a rule set that was not validated sits four.
    pub fn seats(&self) -> Seats {
        match Seats::new(self.players) {
            Some(seats) if self.dummy && seats == Seats::FOUR => Seats::WITH_DUMMY,
            Some(seats) => seats,
            None => Seats::FOUR,
        }
    }

    /// After a court the losers pass cards to the winners (RS-PASS): Satat with trumps named
    /// or shown, not Trup kasiet.
    pub fn passes_after_court(&self) -> bool {
        self.two_of_hearts && self.call != Call::Hidden
    }

    /// Tricks in a hand: the cards each seat holds.
    pub fn tricks(&self) -> u8 {
        self.batches.hand_size()
    }

    /// Does this scoring ever reward all 13 tricks more than a court? If not, nobody is asked
    /// to play on (Hokm stops at a court, R-PLAYON).
    pub fn play_on_offered(&self) -> bool {
        self.mode == Mode::SingleSar && self.stop == Stop::Seven && self.scoring != Scoring::Hokm
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_validate() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>().unwrap(), p);
            p.rules().validate().unwrap();
        }
        assert!("bridge".parse::<Preset>().is_err());
    }

    #[test]
    fn rules_json_round_trip_and_unknown_field() {
        for p in Preset::ALL {
            let text = serde_json::to_string(&p.rules()).unwrap();
            let back: RuleSet = serde_json::from_str(&text).unwrap();
            assert_eq!(back, p.rules());
        }
        assert!(serde_json::from_str::<RuleSet>(r#"{"bogus":1}"#).is_err());
        let partial: RuleSet = serde_json::from_str(r#"{"batches":"5-8"}"#).unwrap();
        assert_eq!(partial.batches, Batches::FiveEight);
        assert_eq!(partial.goon, 3);
    }

    #[test]
    fn v_batches_deal_thirteen() {
        for b in [
            Batches::FiveFourFour,
            Batches::FiveThreeThreeTwo,
            Batches::FiveFourTwoTwo,
            Batches::FiveEight,
        ] {
            assert_eq!(b.hand_size(), 13);
            assert_eq!(b.sizes()[0], 5);
        }
    }

    #[test]
    fn r3_deck_and_r3_deal_share_out_fifty_one_cards() {
        let rules = Preset::HokmThree.rules();
        assert_eq!(
            rules.removed.to_pbn(),
            CardSet::single(Card::new(Suit::Clubs, Rank::TWO)).to_pbn()
        );
        assert_eq!(rules.batches.sizes(), &[5, 4, 4, 4]);
        assert_eq!(rules.tricks(), 17);
        assert_eq!(rules.seats().count(), 3);
        let wrong = RuleSet {
            batches: Batches::FiveFourFour,
            ..rules.clone()
        };
        assert!(matches!(wrong.validate(), Err(RulesConflict::Batches { .. })));
        let doubled = RuleSet {
            mode: Mode::DoubleSar,
            ..rules
        };
        assert_eq!(doubled.validate(), Err(RulesConflict::SmallTable(3)));
        let five = RuleSet {
            players: 5,
            ..RuleSet::default()
        };
        assert_eq!(five.validate(), Err(RulesConflict::Players(5)));
    }
}

#[cfg(test)]
mod dummy_tests {
    use super::*;
    use crate::seat::Seats;

    #[test]
    fn rd_play_and_rd_score_are_double_sar_counted_in_tricks() {
        let rules = Preset::Dummy.rules();
        assert_eq!(rules.seats(), Seats::WITH_DUMMY);
        assert_eq!((rules.mode, rules.stop), (Mode::DoubleSar, Stop::All));
        assert_eq!((rules.scoring, rules.target), (Scoring::Sars, Some(104)));
        for wrong in [
            RuleSet {
                mode: Mode::SingleSar,
                ..rules.clone()
            },
            RuleSet {
                stop: Stop::Seven,
                ..rules.clone()
            },
            RuleSet {
                call: Call::Hidden,
                ..rules.clone()
            },
            RuleSet {
                scoring: Scoring::Courts,
                ..rules.clone()
            },
            RuleSet {
                dummy: false,
                ..rules.clone()
            },
        ] {
            assert_eq!(wrong.validate(), Err(RulesConflict::Dummy));
        }
        // the heap's options stay the players' to choose (RD-PLAY: "with its options")
        RuleSet {
            first_collect: 5,
            ace: AceCollect::NoCollect,
            ..rules
        }
        .validate()
        .unwrap();
    }
}
