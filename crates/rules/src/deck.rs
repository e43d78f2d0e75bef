//! The shuffle, the cut and the deal (R-CUT, R-DEAL1, R-DEAL2).

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::card::Card;
use crate::cardset::CardSet;

/// A cut leaves at least this many cards in each part (R-CUT).
pub const MIN_CUT_PART: u8 = 4;

/// The deck in the dealer's hands, top card first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: [Card; 52],
    dealt: u8,
}

impl Deck {
    /// A fresh deck in suit order, before any shuffle.
    pub fn ordered() -> Deck {
        let mut cards = [Card::new(crate::Suit::Spades, crate::Rank::TWO); 52];
        for (slot, card) in cards.iter_mut().zip(Card::all()) {
            *slot = card;
        }
        Deck { cards, dealt: 0 }
    }

    /// The shuffle of deal number `deal` of the match with this seed. The same seed and number give
    /// the same order on every machine: ChaCha8 from the seed, the deal number as its stream, and a
    /// Fisher–Yates shuffle with unbiased bounded draws.
    pub fn shuffled(seed: u64, deal: u64) -> Deck {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(deal);
        let mut deck = Deck::ordered();
        deck.shuffle_with(&mut rng);
        deck
    }

    /// Fisher–Yates with any generator.
    pub fn shuffle_with<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for i in (1..52).rev() {
            let j = bounded(rng, i as u32 + 1) as usize;
            self.cards.swap(i, j);
        }
        self.dealt = 0;
    }

    /// The deck in order, top card first.
    pub fn cards(&self) -> &[Card; 52] {
        &self.cards
    }

    /// Is `at` a cut the rules allow: the top `at` cards lifted, at least 4 in each part?
    pub const fn cut_allowed(at: u8) -> bool {
        at >= MIN_CUT_PART && at <= 52 - MIN_CUT_PART
    }

    /// Cuts the deck: the top `at` cards go to the bottom (R-CUT). Returns false, leaving the deck
    /// unchanged, if the cut is not allowed.
    pub fn cut(&mut self, at: u8) -> bool {
        if !Self::cut_allowed(at) || self.dealt != 0 {
            return false;
        }
        self.cards.rotate_left(at as usize);
        true
    }

    /// Deals the next `n` cards from the top.
    pub fn deal(&mut self, n: u8) -> CardSet {
        let start = self.dealt as usize;
        let end = (start + n as usize).min(52);
        self.dealt = end as u8;
        self.cards[start..end].iter().copied().collect()
    }

    /// The next card to be dealt, if any.
    pub fn peek(&self) -> Option<Card> {
        self.cards.get(self.dealt as usize).copied()
    }

    pub fn remaining(&self) -> u8 {
        52 - self.dealt
    }
}

/// An unbiased draw from `0..n` (Lemire's method with rejection), `n > 0`.
pub fn bounded<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    let mut low = m as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
            low = m as u32;
        }
    }
    (m >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffle_is_reproducible_and_a_permutation() {
        let a = Deck::shuffled(42, 0);
        let b = Deck::shuffled(42, 0);
        let c = Deck::shuffled(42, 1);
        assert_eq!(a, b);
        assert_ne!(a.cards(), c.cards());
        assert_eq!(a.cards().iter().copied().collect::<CardSet>(), CardSet::DECK);
        // Pinned so that a change of generator or algorithm, which would break old records, is seen.
        let top: Vec<String> = a.cards()[..5].iter().map(|c| c.to_string()).collect();
        assert_eq!(top.join(" "), PINNED_TOP_FIVE);
    }

    const PINNED_TOP_FIVE: &str = "7S 6C JS 7H AD";

    #[test]
    fn r_cut_at_least_four_each_part() {
        let mut d = Deck::shuffled(1, 0);
        let before = *d.cards();
        assert!(!d.cut(3));
        assert!(!d.cut(49));
        assert_eq!(*d.cards(), before);
        assert!(d.cut(4));
        assert_eq!(d.cards()[0], before[4]);
        assert_eq!(d.cards()[48], before[0]);
    }

    #[test]
    fn deal_takes_from_the_top() {
        let mut d = Deck::shuffled(9, 3);
        let top = d.cards()[0];
        let five = d.deal(5);
        assert!(five.contains(top));
        assert_eq!(five.len(), 5);
        assert_eq!(d.remaining(), 47);
        assert!(!d.cut(10), "no cut once dealing started");
    }
}
