//! The Double Sar heap (§6): won tricks wait in the middle until one player wins two in a row.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank};
use crate::ruleset::{AceCollect, Call, FirstTwo, RuleSet};
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
}

/// What a team takes with a trick: the tricks and the tens in them (RM-HEAP).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Taken {
    pub tricks: u8,
    pub tens: u8,
}

impl Taken {
    /// Nothing: a trick laid on the heap.
    pub const NOTHING: Taken = Taken { tricks: 0, tens: 0 };
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
    /// RB-HEAP: trumps fixed by the first void, no collection until the trick after the one
    /// that fixed them.
    pub waits_for_trumps: bool,
}

impl Collect {
    pub fn of(rules: &RuleSet) -> Collect {
        Collect {
            first_collect: rules.first_collect,
            ace_blocks: rules.ace == AceCollect::NoCollect,
            first_two_blocks: rules.first_two == FirstTwo::NoCollect,
            waits_for_trumps: rules.call == Call::FirstVoid,
        }
    }
}

impl Heap {
    /// Lays trick number `number` (1..=13), won by `winner` with `card` and holding `tens` tens,
    /// on the heap and returns what the winner's team collects, if anything. `trumps_settled`:
    /// trumps were known when this trick was led (RB-HEAP).
    ///
    /// Mindi without a caller forbids a collection only before trumps are fixed, where
    /// Be-ranga forbids it in the fixing trick too: the one test serves both, because the
    /// fixing trick never collects anyway. Its leader, who won the trick before, can not win
    /// it: the card that fixes trumps beats the suit led.
    pub fn add(
        &mut self,
        winner: Seat,
        card: Card,
        number: u8,
        tens: u8,
        collect: Collect,
        trumps_settled: bool,
    ) -> Option<Taken> {
        self.tricks += 1;
        self.tens += tens;
        let twice = self.run == Some(winner);
        // R-LASTHEAP: the thirteenth trick always takes what is left.
        let last = number >= 13;
        let early = number < collect.first_collect; // V-FIRSTCOLLECT
        let first_two = collect.first_two_blocks && number == 2; // V-FIRSTTWO
        let ace = collect.ace_blocks && card.rank() == Rank::ACE; // V-ACE
        // RB-HEAP: like V-FIRSTCOLLECT, a pair held back does not start the count again
        let waiting = collect.waits_for_trumps && !trumps_settled;
        if last || (twice && !early && !first_two && !ace && !waiting) {
            let collected = Taken {
                tricks: self.tricks,
                tens: self.tens,
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

    #[test]
    fn r_collect_two_in_a_row_by_the_same_player() {
        let rules = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap::default();
        assert_eq!(heap.add(seat(0), card("KS"), 1, 0, rules, true), None);
        // the partner winning next is not the same player
        assert_eq!(heap.add(seat(2), card("KS"), 2, 0, rules, true), None);
        assert_eq!(
            heap.add(seat(2), card("KH"), 3, 0, rules, true),
            Some(Taken { tricks: 3, tens: 0 })
        );
        // the count starts again: the collector must win two more
        assert_eq!(heap.add(seat(2), card("QH"), 4, 0, rules, true), None);
        assert_eq!(
            heap.add(seat(2), card("QD"), 5, 0, rules, true),
            Some(Taken { tricks: 2, tens: 0 })
        );
    }

    #[test]
    fn r_lastheap_thirteenth_trick_collects() {
        let rules = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap {
            tricks: 4,
            run: Some(seat(1)),
            tens: 0,
        };
        assert_eq!(
            heap.add(seat(3), card("2C"), 13, 0, rules, true),
            Some(Taken { tricks: 5, tens: 0 })
        );
    }

    #[test]
    fn rb_heap_no_collection_until_the_trick_after_trumps_are_fixed() {
        let rules = Collect::of(&Preset::BeRanga.rules());
        let mut heap = Heap::default();
        assert_eq!(heap.add(seat(1), card("AS"), 1, 0, rules, false), None);
        // trumps fixed in trick 2: the pair is held back
        assert_eq!(heap.add(seat(1), card("AH"), 2, 0, rules, false), None);
        // but the count goes on: the same seat winning trick 3 collects all three
        assert_eq!(
            heap.add(seat(1), card("KH"), 3, 0, rules, true),
            Some(Taken { tricks: 3, tens: 0 })
        );
        // R-LASTHEAP whatever trumps are
        let mut heap = Heap {
            tricks: 6,
            run: Some(seat(0)),
            tens: 0,
        };
        assert_eq!(
            heap.add(seat(2), card("2C"), 13, 0, rules, false),
            Some(Taken { tricks: 7, tens: 0 })
        );
        // elsewhere trumps never hold a collection back
        let double = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap::default();
        assert_eq!(heap.add(seat(0), card("AS"), 1, 0, double, false), None);
        assert_eq!(
            heap.add(seat(0), card("KS"), 2, 0, double, false),
            Some(Taken { tricks: 2, tens: 0 })
        );
    }

    #[test]
    fn rm_heap_tens_go_with_the_tricks_collected() {
        let rules = Collect::of(&Preset::Mindi.rules());
        let mut heap = Heap::default();
        assert_eq!(heap.add(seat(1), card("AS"), 1, 1, rules, true), None);
        assert_eq!(heap.add(seat(3), card("KD"), 2, 2, rules, true), None);
        assert_eq!(
            heap.add(seat(3), card("QD"), 3, 0, rules, true),
            Some(Taken { tricks: 3, tens: 3 })
        );
        assert_eq!(heap.tens, 0);
    }
}
