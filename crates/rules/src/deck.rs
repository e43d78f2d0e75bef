//! The shuffle, the cut and the deal (R-CUT, R-DEAL1, R-DEAL2).

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::ParseError;

/// A cut leaves at least this many cards in each part (R-CUT).
pub const MIN_CUT_PART: u8 = 4;

const ORDERED: [Card; 52] = {
    let mut cards = [Card::new(Suit::Spades, Rank::TWO); 52];
    let mut i = 0;
    while i < 52 {
        cards[i] = Card::new(Suit::ALL[i / 13], Rank::HIGH_TO_LOW[12 - i % 13]);
        i += 1;
    }
    cards
};

/// Draws sharing one 64-bit number in [`Deck::shuffle_with`]: ranges `top`, `top - 1`, … (`len`
/// of them) whose product `bound` fits in 64 bits; leftovers below `threshold` (2^64 mod
/// `bound`) are rejected.
#[derive(Clone, Copy)]
struct Batch {
    top: u8,
    len: u8,
    threshold: u64,
}

const MAX_BATCH: usize = 24;

/// Batches for the ranges `top`, `top - 1`, … down to `last + 1`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "ranges are at most 52 and a batch at most MAX_BATCH long"
)]
const fn batches(top: u64, last: u64) -> ([Batch; 16], usize) {
    let mut out = [Batch {
        top: 0,
        len: 0,
        threshold: 0,
    }; 16];
    let mut count = 0;
    let mut top = top;
    while top > last {
        let mut bound = top;
        let mut len = 1;
        while top - len > last && len < MAX_BATCH as u64 {
            match bound.checked_mul(top - len) {
                Some(b) => {
                    bound = b;
                    len += 1;
                }
                None => break,
            }
        }
        out[count] = Batch {
            top: top as u8,
            len: len as u8,
            threshold: bound.wrapping_neg() % bound,
        };
        count += 1;
        top -= len;
    }
    (out, count)
}

/// Fisher–Yates over the whole deck: ranges 52 down to 2.
const FULL: ([Batch; 16], usize) = batches(52, 1);
/// The first 39 cards of a deal: ranges 52 down to 14.
const HANDS: ([Batch; 16], usize) = batches(52, 13);

/// Calls `each(range, j)` with a uniform `j` in `0..range` for every range of the batches, in
/// order (Lemire and Brackett's batched ranged draws, exact thanks to the rejection).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the high word of x·range is below the range (at most 52); the low word is the next x"
)]
fn draw_batched<R: Rng + ?Sized>(rng: &mut R, batches: &[Batch], mut each: impl FnMut(usize, usize)) {
    for batch in batches {
        let (top, len) = (u64::from(batch.top), usize::from(batch.len));
        let mut picks = [0u8; MAX_BATCH];
        loop {
            let mut x = rng.next_u64();
            for (k, pick) in picks.iter_mut().enumerate().take(len) {
                let m = u128::from(x) * u128::from(top - k as u64);
                *pick = (m >> 64) as u8;
                x = m as u64;
            }
            if x >= batch.threshold {
                break;
            }
        }
        for (k, &j) in picks.iter().enumerate().take(len) {
            each(batch.top as usize - k, usize::from(j));
        }
    }
}

/// The deck in the dealer's hands, top card first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The first `size` are the deck, top card first; cards taken out of the game lie beyond.
    cards: [Card; 52],
    size: u8,
    dealt: u8,
}

impl Deck {
    /// A fresh deck in suit order, before any shuffle.
    pub const fn ordered() -> Deck {
        Deck {
            cards: ORDERED,
            size: 52,
            dealt: 0,
        }
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

    /// A deck in a given order, top card first: a replayed deal, a puzzle, a test. Refused unless
    /// it holds each of the 52 cards once.
    pub fn stacked(cards: &[Card]) -> Result<Deck, ParseError> {
        let set: CardSet = cards.iter().copied().collect();
        if cards.len() != 52 || set != CardSet::DECK {
            return Err(ParseError::Pbn(format!(
                "a deck needs each of the 52 cards once; cards given: {}, different: {}",
                cards.len(),
                set.len()
            )));
        }
        let mut deck = Deck::ordered();
        deck.cards.copy_from_slice(cards);
        Ok(deck)
    }

    /// Fisher–Yates with any generator: position `i` (51 down to 1) swaps with a uniform `j` in
    /// `0..=i`. Several draws share one 64-bit number (Lemire and Brackett's batched ranged
    /// draws): each multiplication by a range gives one index in its high half and passes on the
    /// low half, and a rare rejection keeps every index exactly uniform.
    pub fn shuffle_with<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        draw_batched(rng, &FULL.0[..FULL.1], |range, j| self.cards.swap(range - 1, j));
        self.dealt = 0;
    }

    /// A uniformly random deal of 13 cards to each seat, for playouts and benchmarks: a partial
    /// Fisher–Yates that draws the first 39 cards and leaves the last hand to the rest.
    pub fn random_hands<R: Rng + ?Sized>(rng: &mut R) -> [CardSet; 4] {
        let mut cards = ORDERED;
        draw_batched(rng, &HANDS.0[..HANDS.1], |range, j| {
            let i = 52 - range;
            cards.swap(i, i + j);
        });
        let mut hands = [0u64; 4];
        for (hand, chunk) in hands.iter_mut().zip(cards.chunks_exact(13)) {
            for card in chunk {
                *hand |= 1 << card.bit();
            }
        }
        hands.map(CardSet::from_bits)
    }

    /// The deck in order, top card first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.size)]
    }

    /// Cards in the deck.
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Takes `removed` out of the game, the rest keeping their order (`V-REMOVED`, R3-DECK).
    /// Only before the deal.
    pub fn remove(&mut self, removed: CardSet) {
        if self.dealt != 0 {
            return;
        }
        let mut kept = 0;
        for i in 0..usize::from(self.size) {
            let card = self.cards[i];
            if !removed.contains(card) {
                self.cards.swap(kept, i);
                kept += 1;
            }
        }
        self.size = u8::try_from(kept).unwrap_or(self.size);
    }

    /// Is `at` a cut the rules allow: the top `at` cards lifted, at least 4 in each part?
    pub fn cut_allowed(&self, at: u8) -> bool {
        self.cuts().contains(&at)
    }

    /// The cuts the rules allow (R-CUT).
    pub fn cuts(&self) -> std::ops::RangeInclusive<u8> {
        MIN_CUT_PART..=self.size.saturating_sub(MIN_CUT_PART)
    }

    /// Cuts the deck: the top `at` cards go to the bottom (R-CUT). Returns false, leaving the deck
    /// unchanged, if the cut is not allowed.
    pub fn cut(&mut self, at: u8) -> bool {
        if !self.cut_allowed(at) || self.dealt != 0 {
            return false;
        }
        self.cards[..usize::from(self.size)].rotate_left(at as usize);
        true
    }

    /// Deals the next `n` cards from the top.
    pub fn deal(&mut self, n: u8) -> CardSet {
        let start = usize::from(self.dealt);
        self.dealt = self.dealt.saturating_add(n).min(self.size);
        let end = usize::from(self.dealt);
        let mut bits = 0u64;
        for card in &self.cards[start..end] {
            bits |= 1 << card.bit();
        }
        CardSet::from_bits(bits)
    }

    /// The cards not dealt yet, top card first.
    pub fn undealt(&self) -> &[Card] {
        &self.cards()[usize::from(self.dealt)..]
    }

    /// The next card to be dealt, if any.
    pub fn peek(&self) -> Option<Card> {
        self.cards().get(self.dealt as usize).copied()
    }

    pub fn remaining(&self) -> u8 {
        self.size - self.dealt
    }
}

/// An unbiased draw from `0..n` (Lemire's method with rejection), `n > 0`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the low word of the product is what the rejection test reads"
)]
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

    const PINNED_TOP_FIVE: &str = "3H 4D KC 5D 7S";

    #[test]
    fn shuffles_and_random_deals_are_uniform() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let n = 52_000;
        let mut top = [0u32; 64];
        let mut first_hand = [0u32; 64];
        for _ in 0..n {
            let mut d = Deck::ordered();
            d.shuffle_with(&mut rng);
            top[d.cards()[0].bit() as usize] += 1;
            let hands = Deck::random_hands(&mut rng);
            assert_eq!(hands.iter().fold(CardSet::EMPTY, |a, h| a | *h), CardSet::DECK);
            for card in hands[3] {
                first_hand[card.bit() as usize] += 1;
            }
        }
        // Each card tops the deck 1000 times on average (sd about 31), and is in the last hand
        // 13000 times (sd about 99).
        for card in CardSet::DECK {
            let t = top[card.bit() as usize];
            assert!((850..1150).contains(&t), "{card} on top {t} times");
            let h = first_hand[card.bit() as usize];
            assert!((12500..13500).contains(&h), "{card} in the last hand {h} times");
        }
    }

    #[test]
    fn r_cut_at_least_four_each_part() {
        let mut d = Deck::shuffled(1, 0);
        let before = d.cards().to_vec();
        assert!(!d.cut(3));
        assert!(!d.cut(49));
        assert_eq!(d.cards(), before);
        assert!(d.cut(4));
        assert_eq!(d.cards()[0], before[4]);
        assert_eq!(d.cards()[48], before[0]);
    }

    #[test]
    fn r3_deck_the_removed_card_is_gone_and_the_rest_keep_their_order() {
        let two_clubs = Card::new(Suit::Clubs, Rank::TWO);
        let mut d = Deck::shuffled(4, 0);
        let before: Vec<Card> = d.cards().iter().copied().filter(|&c| c != two_clubs).collect();
        d.remove(CardSet::single(two_clubs));
        assert_eq!(d.size(), 51);
        assert_eq!(d.cards(), before);
        assert!(!d.cut(48) && d.cut(47), "four cards in each part of 51");
        let mut dealt = CardSet::EMPTY;
        for _ in 0..3 {
            dealt |= d.deal(17);
        }
        assert_eq!(dealt.len(), 51);
        assert!(!dealt.contains(two_clubs));
        assert_eq!(d.remaining(), 0);
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
