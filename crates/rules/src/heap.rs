//! The Double Sar heap (§6): won tricks wait in the middle until one player wins two in a row.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank};
use crate::ruleset::{AceCollect, Call, Count, FirstTwo, RuleSet};
use crate::seat::Seat;

/// Tricks lying face down in the middle (R-HEAP) and the run that may collect them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Heap {
    /// Tricks on the heap now.
    pub tricks: u8,
    /// The player who won the last trick since the last collection: a second trick in a row by
    /// the same player collects (R-COLLECT).
    pub run: Option<Seat>,
    /// Tens in the tricks on the heap (RM-HEAP).
    #[serde(default)]
    pub tens: u8,
    /// Tricks on the heap that hold two aces (`V-DABBA-ACES`).
    #[serde(default)]
    pub doubles: u8,
}

/// What a team takes with a trick: the tricks, the tens in them (RM-HEAP), and how many of them
/// hold two aces (`V-DABBA-ACES`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Taken {
    pub tricks: u8,
    pub tens: u8,
    pub doubles: u8,
}

impl Taken {
    /// Nothing: a trick laid on the heap.
    pub const NOTHING: Taken = Taken {
        tricks: 0,
        tens: 0,
        doubles: 0,
    };

    /// One trick of these cards.
    pub fn trick(cards: impl IntoIterator<Item = Card>) -> Taken {
        let (mut tens, mut aces) = (0, 0);
        for card in cards {
            tens += u8::from(card.rank() == Rank::TEN);
            aces += u8::from(card.rank() == Rank::ACE);
        }
        Taken {
            tricks: 1,
            tens,
            doubles: u8::from(aces >= 2),
        }
    }
}

/// Where trumps stood at a trick, for the rules that hold a collection back until they are
/// known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrumpsAt {
    /// Known when the trick was led (always so where nothing waits for them).
    Led,
    /// Fixed, or revealed, by a card of this trick.
    FixedIn,
    /// Not known yet.
    NotYet,
}

/// Which tricks may not collect while trumps are not known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Waits {
    /// Trumps hold nothing back.
    Never,
    /// RB-HEAP: no collection before trumps are fixed, nor in the trick that fixes them.
    TrickAfter,
    /// RDB-HEAP, Mindi without a caller: no collection before trumps are known.
    UntilKnown,
}

/// The options that hold a collection back, in a few bytes for search positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Collect {
    /// `V-FIRSTCOLLECT`.
    pub first_collect: u8,
    /// `V-ACE=no-collect`.
    pub ace_blocks: bool,
    /// `V-FIRSTTWO=no-collect`.
    pub first_two_blocks: bool,
    /// What waits for trumps (RB-HEAP, RDB-HEAP).
    pub waits: Waits,
}

impl Collect {
    pub fn of(rules: &RuleSet) -> Collect {
        Collect {
            first_collect: rules.first_collect,
            ace_blocks: rules.ace == AceCollect::NoCollect,
            first_two_blocks: rules.first_two == FirstTwo::NoCollect,
            waits: if rules.bidding || (rules.call == Call::FirstVoid && rules.count == Count::Tens) {
                Waits::UntilKnown
            } else if rules.call == Call::FirstVoid {
                Waits::TrickAfter
            } else {
                Waits::Never
            },
        }
    }
}

impl Heap {
    /// Lays trick number `number` (1..=13), won by `winner` with `card`, holding what `trick`
    /// counts, on the heap and returns what the winner's team collects, if anything. `trumps`:
    /// where trumps stood at this trick (RB-HEAP, RDB-HEAP).
    ///
    /// Mindi without a caller and Be-ranga word their rule differently, the fixing trick aside,
    /// but in play they never differ: a collection in that trick needs its winner to have won
    /// the trick before, and so to have led this one, and a leader can not win the trick in
    /// which a card that does not follow becomes a trump. Under a hidden indicator
    /// (RDB-HEAP) the trick of the reveal may collect: the one who asked may hold no trump.
    pub fn add(
        &mut self,
        winner: Seat,
        card: Card,
        number: u8,
        trick: Taken,
        collect: Collect,
        trumps: TrumpsAt,
    ) -> Option<Taken> {
        self.tricks += trick.tricks;
        self.tens += trick.tens;
        self.doubles += trick.doubles;
        let twice = self.run == Some(winner);
        // R-LASTHEAP: the thirteenth trick always takes what is left.
        let last = number >= 13;
        let early = number < collect.first_collect; // V-FIRSTCOLLECT
        let first_two = collect.first_two_blocks && number == 2; // V-FIRSTTWO
        let ace = collect.ace_blocks && card.rank() == Rank::ACE; // V-ACE
        // RB-HEAP, RDB-HEAP: like V-FIRSTCOLLECT, a pair held back does not start the count again
        let waiting = match (collect.waits, trumps) {
            (Waits::Never, _) | (_, TrumpsAt::Led) => false,
            (Waits::TrickAfter, _) | (Waits::UntilKnown, TrumpsAt::NotYet) => true,
            (Waits::UntilKnown, TrumpsAt::FixedIn) => false,
        };
        if last || (twice && !early && !first_two && !ace && !waiting) {
            let collected = Taken {
                tricks: self.tricks,
                tens: self.tens,
                doubles: self.doubles,
            };
            // R-COLLECT: after a collection the count starts again.
            *self = Heap::default();
            Some(collected)
        } else {
            self.run = Some(winner);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;

    fn seat(i: u8) -> Seat {
        Seat::new(i).unwrap()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// One trick holding `tens` tens.
    fn one(tens: u8) -> Taken {
        Taken {
            tricks: 1,
            tens,
            doubles: 0,
        }
    }

    #[test]
    fn r_collect_two_in_a_row_by_the_same_player() {
        let rules = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap::default();
        assert_eq!(
            heap.add(seat(0), card("KS"), 1, one(0), rules, TrumpsAt::Led),
            None
        );
        // the partner winning next is not the same player
        assert_eq!(
            heap.add(seat(2), card("KS"), 2, one(0), rules, TrumpsAt::Led),
            None
        );
        assert_eq!(
            heap.add(seat(2), card("KH"), 3, one(0), rules, TrumpsAt::Led),
            Some(Taken {
                tricks: 3,
                tens: 0,
                doubles: 0
            })
        );
        // the count starts again: the collector must win two more
        assert_eq!(
            heap.add(seat(2), card("QH"), 4, one(0), rules, TrumpsAt::Led),
            None
        );
        assert_eq!(
            heap.add(seat(2), card("QD"), 5, one(0), rules, TrumpsAt::Led),
            Some(Taken {
                tricks: 2,
                tens: 0,
                doubles: 0
            })
        );
    }

    #[test]
    fn r_lastheap_thirteenth_trick_collects() {
        let rules = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap {
            tricks: 4,
            run: Some(seat(1)),
            tens: 0,
            doubles: 0,
        };
        assert_eq!(
            heap.add(seat(3), card("2C"), 13, one(0), rules, TrumpsAt::Led),
            Some(Taken {
                tricks: 5,
                tens: 0,
                doubles: 0
            })
        );
    }

    #[test]
    fn rb_heap_no_collection_until_the_trick_after_trumps_are_fixed() {
        let rules = Collect::of(&Preset::BeRanga.rules());
        let mut heap = Heap::default();
        assert_eq!(
            heap.add(seat(1), card("AS"), 1, one(0), rules, TrumpsAt::NotYet),
            None
        );
        // trumps fixed in trick 2: the pair is held back
        assert_eq!(
            heap.add(seat(1), card("AH"), 2, one(0), rules, TrumpsAt::FixedIn),
            None
        );
        // but the count goes on: the same seat winning trick 3 collects all three
        assert_eq!(
            heap.add(seat(1), card("KH"), 3, one(0), rules, TrumpsAt::Led),
            Some(Taken {
                tricks: 3,
                tens: 0,
                doubles: 0
            })
        );
        // R-LASTHEAP whatever trumps are
        let mut heap = Heap {
            tricks: 6,
            run: Some(seat(0)),
            tens: 0,
            doubles: 0,
        };
        assert_eq!(
            heap.add(seat(2), card("2C"), 13, one(0), rules, TrumpsAt::NotYet),
            Some(Taken {
                tricks: 7,
                tens: 0,
                doubles: 0
            })
        );
        // elsewhere trumps never hold a collection back
        let double = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap::default();
        assert_eq!(
            heap.add(seat(0), card("AS"), 1, one(0), double, TrumpsAt::NotYet),
            None
        );
        assert_eq!(
            heap.add(seat(0), card("KS"), 2, one(0), double, TrumpsAt::NotYet),
            Some(Taken {
                tricks: 2,
                tens: 0,
                doubles: 0
            })
        );
    }

    #[test]
    fn rm_heap_tens_go_with_the_tricks_collected() {
        let rules = Collect::of(&Preset::Mindi.rules());
        let mut heap = Heap::default();
        assert_eq!(
            heap.add(seat(1), card("AS"), 1, one(1), rules, TrumpsAt::Led),
            None
        );
        assert_eq!(
            heap.add(seat(3), card("KD"), 2, one(2), rules, TrumpsAt::Led),
            None
        );
        assert_eq!(
            heap.add(seat(3), card("QD"), 3, one(0), rules, TrumpsAt::Led),
            Some(Taken {
                tricks: 3,
                tens: 3,
                doubles: 0
            })
        );
        assert_eq!(heap.tens, 0);
    }

    #[test]
    fn rdb_heap_no_collection_before_trumps_are_revealed_and_from_the_trick_of_the_reveal() {
        let rules = Collect::of(&Preset::Dabba.rules());
        let mut heap = Heap::default();
        assert_eq!(
            heap.add(seat(1), card("AS"), 1, one(0), rules, TrumpsAt::NotYet),
            None
        );
        assert_eq!(
            heap.add(seat(1), card("AD"), 2, one(0), rules, TrumpsAt::NotYet),
            None
        );
        // the heap grows while the indicator lies face down; the trick of the reveal collects
        assert_eq!(
            heap.add(seat(1), card("KD"), 3, one(1), rules, TrumpsAt::FixedIn),
            Some(Taken {
                tricks: 3,
                tens: 1,
                doubles: 0
            })
        );
        // V-DABBA-ACES: a trick holding two aces is counted with what is collected
        let aces = Taken::trick(["AS", "AH", "2S", "TS"].map(card));
        assert_eq!((aces.tens, aces.doubles), (1, 1));
        let mut heap = Heap::default();
        heap.add(seat(0), card("AS"), 4, aces, rules, TrumpsAt::Led);
        let taken = heap.add(seat(0), card("KS"), 5, one(0), rules, TrumpsAt::Led);
        assert_eq!(taken.map(|t| (t.tricks, t.doubles)), Some((2, 1)));
    }
}
