//! The Double Sar heap (§6): won tricks wait in the middle until one player wins two in a row.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank};
use crate::ruleset::{AceCollect, FirstTwo, RuleSet};
use crate::seat::Seat;

/// Tricks lying face down in the middle (R-HEAP) and the run that may collect them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Heap {
    /// Tricks on the heap now.
    pub tricks: u8,
    /// The player who won the last trick since the last collection: a second trick in a row by
    /// the same player collects (R-COLLECT).
    pub run: Option<Seat>,
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
}

impl Collect {
    pub fn of(rules: &RuleSet) -> Collect {
        Collect {
            first_collect: rules.first_collect,
            ace_blocks: rules.ace == AceCollect::NoCollect,
            first_two_blocks: rules.first_two == FirstTwo::NoCollect,
        }
    }
}

impl Heap {
    /// Lays trick number `number` (1..=13), won by `winner` with `card`, on the heap and returns how
    /// many tricks the winner's team collects, if any.
    pub fn add(&mut self, winner: Seat, card: Card, number: u8, collect: Collect) -> Option<u8> {
        self.tricks += 1;
        let twice = self.run == Some(winner);
        // R-LASTHEAP: the thirteenth trick always takes what is left.
        let last = number >= 13;
        let early = number < collect.first_collect; // V-FIRSTCOLLECT
        let first_two = collect.first_two_blocks && number == 2; // V-FIRSTTWO
        let ace = collect.ace_blocks && card.rank() == Rank::ACE; // V-ACE
        if last || (twice && !early && !first_two && !ace) {
            let collected = self.tricks;
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
        assert_eq!(heap.add(seat(0), card("KS"), 1, rules), None);
        // the partner winning next is not the same player
        assert_eq!(heap.add(seat(2), card("KS"), 2, rules), None);
        assert_eq!(heap.add(seat(2), card("KH"), 3, rules), Some(3));
        // the count starts again: the collector must win two more
        assert_eq!(heap.add(seat(2), card("QH"), 4, rules), None);
        assert_eq!(heap.add(seat(2), card("QD"), 5, rules), Some(2));
    }

    #[test]
    fn r_lastheap_thirteenth_trick_collects() {
        let rules = Collect::of(&Preset::DoubleSar.rules());
        let mut heap = Heap {
            tricks: 4,
            run: Some(seat(1)),
        };
        assert_eq!(heap.add(seat(3), card("2C"), 13, rules), Some(5));
    }
}
