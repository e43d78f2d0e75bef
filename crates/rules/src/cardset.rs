//! A set of cards as one `u64`: a 16-bit lane per suit, a bit per rank.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};

const SUIT_LANE: u64 = 0x1FFF;

/// `select_table::<N, K>()[bits][k]`: the position of the `k`-th set bit of `bits`, for every
/// `bits` below `N`; the lookup tables of the branch-free card choices.
pub(crate) const fn select_table<const N: usize, const K: usize>() -> [[u8; K]; N] {
    let mut table = [[0u8; K]; N];
    let mut bits = 0;
    while bits < N {
        let mut k = 0;
        let mut pos: u8 = 0;
        while (pos as u32) < usize::BITS && (1 << pos) < N && k < K {
            if bits & (1 << pos) != 0 {
                table[bits][k] = pos;
                k += 1;
            }
            pos += 1;
        }
        bits += 1;
    }
    table
}

/// `count_table::<N>()[bits]`: the number of set bits of every `bits` below `N`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of set bits is at most 64"
)]
pub(crate) const fn count_table<const N: usize>() -> [u8; N] {
    let mut table = [0u8; N];
    let mut bits = 0;
    while bits < N {
        table[bits] = bits.count_ones() as u8;
        bits += 1;
    }
    table
}

/// The position of the `r`-th set bit of a byte.
const SELECT_IN_BYTE: [[u8; 8]; 256] = select_table::<256, 8>();
/// Bits set in each byte value.
const BYTE_COUNT: [u8; 256] = count_table::<256>();

/// The position of the `k`-th set bit of `x` (0-based), `k < x.count_ones()`, without a branch
/// or a loop: byte counts by SWAR, running sums by one multiplication, then a table for the byte
/// (Vigna, "Broadword implementation of rank/select queries").
#[inline]
fn select_bit(x: u64, k: u32) -> u32 {
    const L8: u64 = 0x0101_0101_0101_0101;
    const H8: u64 = 0x8080_8080_8080_8080;
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // byte i: bits set in bytes 0..=i (at most 64, so the high bit of each byte stays free)
    let running = s.wrapping_mul(L8);
    // high bit of byte i set where running_i <= k: their number is the byte holding the bit
    let at_most_k = ((u64::from(k).wrapping_mul(L8) | H8) - running) & H8;
    let byte = ((at_most_k >> 7).wrapping_mul(L8) >> 56) as u32;
    let before = (((running << 8) >> (byte * 8)) & 0xFF) as u32;
    let in_byte = ((x >> (byte * 8)) & 0xFF) as usize;
    byte * 8 + SELECT_IN_BYTE[in_byte][(k.wrapping_sub(before) & 7) as usize] as u32
}

/// Scales a 32-bit random number to `0..n` by multiply-and-shift: uniform up to a bias below
/// n / 2^32, which random playouts do not notice.
#[inline]
pub(crate) const fn scale(r: u32, n: u32) -> u32 {
    ((r as u64 * n as u64) >> 32) as u32
}

/// Any set of cards: a hand, the cards played, a suit. Every operation is a few mask instructions,
/// which is what makes legal moves and playouts fast.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The full deck of 52 cards (R-DECK).
    pub const DECK: CardSet = CardSet(SUIT_LANE | SUIT_LANE << 16 | SUIT_LANE << 32 | SUIT_LANE << 48);

    /// The set whose bits are `bits`; bits that are not cards are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & Self::DECK.0)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.bit())
    }

    /// Every card of one suit.
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet(SUIT_LANE << (suit as u32 * 16))
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// How many cards, as the counts of a view keep them.
    #[expect(clippy::cast_possible_truncation, reason = "a set holds at most 64 cards")]
    pub const fn count(self) -> u8 {
        self.0.count_ones() as u8
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.bit()) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.bit();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.bit());
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub const fn without(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of one suit in this set.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & Self::suit_mask(suit).0)
    }

    pub const fn has_suit(self, suit: Suit) -> bool {
        self.of_suit(suit).0 != 0
    }

    pub const fn count_suit(self, suit: Suit) -> u32 {
        self.of_suit(suit).len()
    }

    /// The highest card in the set, by bit order (clubs over diamonds over hearts over spades):
    /// meaningful across suits only after masking to one suit.
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_bit_unchecked(63 - self.0.leading_zeros()))
        }
    }

    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_bit_unchecked(self.0.trailing_zeros()))
        }
    }

    pub const fn highest_of(self, suit: Suit) -> Option<Card> {
        self.of_suit(suit).highest()
    }

    pub const fn lowest_of(self, suit: Suit) -> Option<Card> {
        self.of_suit(suit).lowest()
    }

    /// The cards of this set's suits that rank above `card` (same suit only).
    pub const fn above(card: Card) -> CardSet {
        let lane_top = ((card.bit() as u32) & !15) + 13;
        let upto_top = if lane_top >= 64 {
            u64::MAX
        } else {
            (1u64 << lane_top) - 1
        };
        CardSet(upto_top & !((2u64 << card.bit()) - 1))
    }

    /// The `n`-th card (0-based, lowest first); `None` past the end. Branch-free, for playouts.
    #[inline]
    pub fn nth(self, n: u32) -> Option<Card> {
        if n >= self.len() {
            return None;
        }
        Some(Card::from_bit_unchecked(select_bit(self.0, n)))
    }

    /// A card of the set chosen by the 32-bit random number `r` (see [`scale`]); `None` if empty.
    #[inline]
    pub fn pick(self, r: u32) -> Option<Card> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        Some(Card::from_bit_unchecked(select_bit(self.0, scale(r, n))))
    }

    /// A card of `suit` in the set chosen by `r`, as [`Self::pick`] but with byte tables over the
    /// suit's 13 bits only: the common case of a playout, following suit.
    #[inline]
    pub fn pick_in_suit(self, suit: Suit, r: u32) -> Option<Card> {
        let shift = suit as u32 * 16;
        let lane = ((self.0 >> shift) & SUIT_LANE) as usize;
        let (low, high) = (lane & 0xFF, lane >> 8);
        let low_count = BYTE_COUNT[low] as u32;
        let n = low_count + BYTE_COUNT[high] as u32;
        if n == 0 {
            return None;
        }
        let k = scale(r, n);
        let in_low = SELECT_IN_BYTE[low][(k & 7) as usize] as u32;
        let in_high = 8 + SELECT_IN_BYTE[high][(k.wrapping_sub(low_count) & 7) as usize] as u32;
        let pos = std::hint::select_unpredictable(k < low_count, in_low, in_high);
        Some(Card::from_bit_unchecked(shift + pos))
    }

    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }

    /// Every set of `n` of these cards, the choices of a discard (R2-DEAL). Meant for a handful
    /// of cards: the count grows as the binomial coefficient.
    pub fn subsets(self, n: u8) -> Vec<CardSet> {
        fn choose(rest: CardSet, n: u8, chosen: CardSet, out: &mut Vec<CardSet>) {
            if n == 0 {
                out.push(chosen);
                return;
            }
            let mut rest = rest;
            while rest.count() >= n {
                let Some(card) = rest.lowest() else { return };
                rest.remove(card);
                choose(rest, n - 1, chosen | CardSet::single(card), out);
            }
        }
        let mut out = Vec::new();
        choose(self, n, CardSet::EMPTY, &mut out);
        out
    }

    /// Does the set hold a J, Q, K or A? (`V-REDEAL`)
    pub fn has_face_or_ace(self) -> bool {
        self.iter().any(|c| c.rank().is_face_or_ace())
    }

    /// Writes the set as PBN writes a hand: `AKQ2.JT9.8765.43` (spades, hearts, diamonds, clubs).
    pub fn to_pbn(self) -> String {
        let mut out = String::with_capacity(20);
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            for rank in Rank::HIGH_TO_LOW {
                if self.contains(Card::new(suit, rank)) {
                    out.push(rank.letter());
                }
            }
        }
        out
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;

    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

/// Iterates a set from its lowest bit up.
#[derive(Clone, Debug)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card::from_bit_unchecked(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

impl DoubleEndedIterator for CardIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = 63 - self.0.leading_zeros();
        self.0 &= !(1 << bit);
        Some(Card::from_bit_unchecked(bit))
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        self.union(rhs)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        self.intersection(rhs)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        self.without(rhs)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The cards of the deck not in this set.
    fn not(self) -> CardSet {
        CardSet(!self.0 & Self::DECK.0)
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({})", self.to_pbn())
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn())
    }
}

/// Sets travel as a list of card names in readable formats, which a person can read in a record
/// or a view, and as their bits in compact binary ones (the network).
impl Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_seq(self.iter())
        } else {
            s.serialize_u64(self.0)
        }
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            let cards = Vec::<Card>::deserialize(d)?;
            Ok(cards.into_iter().collect())
        } else {
            let bits = u64::deserialize(d)?;
            if bits & !CardSet::DECK.0 != 0 {
                return Err(serde::de::Error::custom(format!(
                    "{bits:#x} is not a set of cards"
                )));
            }
            Ok(CardSet(bits))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_every_choice_once() {
        let five: CardSet = ["AS", "KH", "7D", "2C", "TC"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        for (n, expected) in [(0, 1), (2, 10), (3, 10), (5, 1), (6, 0)] {
            let sets = five.subsets(n);
            assert_eq!(sets.len(), expected, "{n} of 5");
            let distinct: std::collections::HashSet<u64> = sets.iter().map(|s| s.bits()).collect();
            assert_eq!(distinct.len(), expected);
            assert!(sets.iter().all(|s| s.count() == n && (*s - five).is_empty()));
        }
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn deck_has_52_cards_13_a_suit() {
        assert_eq!(CardSet::DECK.len(), 52);
        for suit in Suit::ALL {
            assert_eq!(CardSet::DECK.count_suit(suit), 13);
        }
        assert_eq!(CardSet::DECK.iter().count(), 52);
    }

    #[test]
    fn highest_and_lowest_of_a_suit() {
        let set: CardSet = ["AS", "3S", "KH", "2C", "TC"].iter().map(|s| c(s)).collect();
        assert_eq!(set.highest_of(Suit::Spades), Some(c("AS")));
        assert_eq!(set.lowest_of(Suit::Spades), Some(c("3S")));
        assert_eq!(set.highest_of(Suit::Clubs), Some(c("TC")));
        assert_eq!(set.lowest_of(Suit::Diamonds), None);
        assert_eq!(set.nth(0), Some(c("3S")));
        assert_eq!(set.nth(4), Some(c("TC")));
        assert_eq!(set.nth(5), None);
    }

    #[test]
    fn nth_matches_iteration() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let set = CardSet::from_bits(x);
            let cards: Vec<Card> = set.iter().collect();
            for (i, card) in cards.iter().enumerate() {
                assert_eq!(set.nth(u32::try_from(i).unwrap()), Some(*card));
            }
            assert_eq!(set.nth(set.len()), None);
        }
        assert_eq!(CardSet::DECK.nth(51), CardSet::DECK.highest());
    }

    #[test]
    fn pick_reaches_every_card_evenly() {
        let set: CardSet = ["AS", "3S", "KH", "2C", "TC", "9C", "4D"]
            .iter()
            .map(|s| c(s))
            .collect();
        let mut seen = std::collections::HashMap::new();
        let mut in_clubs = std::collections::HashMap::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..7000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let r = (x >> 32) as u32;
            *seen.entry(set.pick(r).unwrap()).or_insert(0) += 1;
            *in_clubs
                .entry(set.pick_in_suit(Suit::Clubs, r).unwrap())
                .or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 7);
        assert!(seen.values().all(|&n| (900..1100).contains(&n)), "{seen:?}");
        assert_eq!(in_clubs.len(), 3);
        assert!(
            in_clubs.values().all(|&n| (2200..2500).contains(&n)),
            "{in_clubs:?}"
        );
        assert_eq!(set.pick_in_suit(Suit::Hearts, 12345), Some(c("KH")));
        assert_eq!(CardSet::EMPTY.pick(5), None);
        assert_eq!(set.pick_in_suit(Suit::Diamonds, u32::MAX), Some(c("4D")));
    }

    #[test]
    fn above_stays_in_suit() {
        assert_eq!(
            CardSet::above(c("QH")),
            ["KH", "AH"].iter().map(|s| c(s)).collect()
        );
        assert_eq!(CardSet::above(c("AC")), CardSet::EMPTY);
        assert_eq!(CardSet::above(c("2C")).len(), 12);
    }

    #[test]
    fn pbn_hand_text() {
        let set: CardSet = ["AS", "KS", "QS", "2S", "JH", "TH", "9H"]
            .iter()
            .map(|s| c(s))
            .collect();
        assert_eq!(set.to_pbn(), "AKQ2.JT9..");
        assert_eq!(!CardSet::DECK, CardSet::EMPTY);
    }
}
