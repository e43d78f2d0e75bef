//! Cards, suits and ranks (R-DECK).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// The four suits, in the order PBN writes them (spades, hearts, diamonds, clubs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    #[serde(rename = "S")]
    Spades = 0,
    #[serde(rename = "H")]
    Hearts = 1,
    #[serde(rename = "D")]
    Diamonds = 2,
    #[serde(rename = "C")]
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// The letter used in PBN and in card names: `S`, `H`, `D`, `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' | '♠' => Some(Suit::Spades),
            'H' | '♥' => Some(Suit::Hearts),
            'D' | '♦' => Some(Suit::Diamonds),
            'C' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c),
            _ => match s.trim().to_ascii_lowercase().as_str() {
                "spades" => Some(Suit::Spades),
                "hearts" => Some(Suit::Hearts),
                "diamonds" => Some(Suit::Diamonds),
                "clubs" => Some(Suit::Clubs),
                _ => None,
            },
        }
        .ok_or_else(|| ParseError::Suit(s.to_string()))
    }
}

/// Ranks from the two (0) up to the ace (12): A K Q J 10 9 8 7 6 5 4 3 2 in every suit (R-DECK).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const TEN: Rank = Rank(8);
    pub const JACK: Rank = Rank(9);
    pub const QUEEN: Rank = Rank(10);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);

    /// Every rank from high to low, in the order cards are written.
    pub const HIGH_TO_LOW: [Rank; 13] = [
        Rank(12),
        Rank(11),
        Rank(10),
        Rank(9),
        Rank(8),
        Rank(7),
        Rank(6),
        Rank(5),
        Rank(4),
        Rank(3),
        Rank(2),
        Rank(1),
        Rank(0),
    ];

    /// A rank from 0 (the two) to 12 (the ace).
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 13 { Some(Rank(index)) } else { None }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    /// J, Q, K and A: the cards the Under-ten redeal rule looks for (`V-REDEAL`).
    pub const fn is_face_or_ace(self) -> bool {
        self.0 >= Rank::JACK.0
    }

    /// The single character of PBN: `A K Q J T 9 … 2`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self.0 as usize] as char
    }

    pub fn from_letter(c: char) -> Option<Rank> {
        let c = c.to_ascii_uppercase();
        b"23456789TJQKA"
            .iter()
            .position(|&b| b as char == c)
            .and_then(|i| u8::try_from(i).ok())
            .map(Rank)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Rank::TEN {
            f.write_str("10")
        } else {
            write!(f, "{}", self.letter())
        }
    }
}

/// One of the 52 cards. Its value is the bit it occupies in a [`crate::CardSet`]:
/// `suit * 16 + rank`, so that each suit owns one 16-bit lane of the set.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(((suit as u8) << 4) | rank.0)
    }

    /// The card at a bit position of a [`crate::CardSet`], if that bit is a card.
    pub const fn from_bit(bit: u8) -> Option<Card> {
        if bit < 64 && (bit & 15) < 13 {
            Some(Card(bit))
        } else {
            None
        }
    }

    /// Caller guarantees `bit` is a card's bit (taken from a valid set).
    pub(crate) const fn from_bit_unchecked(bit: u32) -> Card {
        Card((bit & 63) as u8)
    }

    pub const fn bit(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 4) as usize)
    }

    pub const fn rank(self) -> Rank {
        Rank(self.0 & 15)
    }

    /// All 52 cards, spades first, each suit from the two up.
    pub fn all() -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|s| (0..13).map(move |r| Card::new(s, Rank(r))))
    }
}

impl fmt::Display for Card {
    /// Cards are written rank then suit letter: `AS`, `TH`, `2C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;

    /// Reads `AS`, `th`, `10H`, `Q♦`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseError::Card(s.to_string());
        let t = s.trim();
        let mut chars: Vec<char> = t.chars().collect();
        let suit = Suit::from_letter(chars.pop().ok_or_else(bad)?).ok_or_else(bad)?;
        let rank_text: String = chars.into_iter().collect();
        let rank = if rank_text == "10" {
            Rank::TEN
        } else {
            let mut rc = rank_text.chars();
            match (rc.next(), rc.next()) {
                (Some(c), None) => Rank::from_letter(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            }
        };
        Ok(Card::new(suit, rank))
    }
}

/// A card travels by name ("AS") in readable formats (records, JSON) and as its bit index in
/// compact binary ones (the network).
impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            s.serialize_u8(self.bit())
        }
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            let text = String::deserialize(d)?;
            text.parse().map_err(serde::de::Error::custom)
        } else {
            let bit = u8::deserialize(d)?;
            Card::from_bit(bit).ok_or_else(|| serde::de::Error::custom(format!("no card has index {bit}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_deck_ranks_high_to_low() {
        let order: String = Rank::HIGH_TO_LOW.iter().map(|r| r.letter()).collect();
        assert_eq!(order, "AKQJT98765432");
        assert!(Rank::ACE > Rank::KING && Rank::TEN > Rank::new(7).unwrap());
    }

    #[test]
    fn card_names_round_trip() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
        assert_eq!("10h".parse::<Card>().unwrap(), "TH".parse().unwrap());
        assert!("1H".parse::<Card>().is_err());
        assert!("AX".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("AKS".parse::<Card>().is_err());
    }
}
