//! PBN deal notation: `N:AKQ2.JT9.8765.43 … … …`, hands in seat order from the named seat.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::ParseError;
use crate::seat::Seat;

/// Four hands, by seat. A hand may hold fewer than 13 cards (a position in mid-play), but no
/// card may be in two hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: [CardSet; 4],
}

impl Deal {
    pub fn new(hands: [CardSet; 4]) -> Deal {
        Deal { hands }
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// Writes the deal from seat 0 (`N:`), hands in seat order 0..3.
    pub fn to_pbn(&self) -> String {
        let hands: Vec<String> = self.hands.iter().map(|h| h.to_pbn()).collect();
        format!("N:{}", hands.join(" "))
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn())
    }
}

impl FromStr for Deal {
    type Err = ParseError;

    /// Reads `N:…` (or `E:`, `S:`, `W:` for a first hand of seat 1, 2, 3); `-` is an empty hand.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = |why: String| ParseError::Pbn(why);
        let text = text.trim().trim_matches('"');
        let (first, rest) = text
            .split_once(':')
            .ok_or_else(|| err(format!("{text:?} lacks the first seat, as in N:")))?;
        let mut fc = first.trim().chars();
        let first_seat = match (fc.next(), fc.next()) {
            (Some(c), None) => Seat::from_compass(c),
            _ => None,
        }
        .ok_or_else(|| err(format!("first seat {first:?} is not N, E, S or W")))?;
        let parts: Vec<&str> = rest.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(err(format!("expected 4 hands, found {}", parts.len())));
        }
        let mut deal = Deal::default();
        let mut seen = CardSet::EMPTY;
        for (i, part) in parts.iter().enumerate() {
            let seat = first_seat.after(i);
            let hand =
                parse_hand(part).map_err(|why| err(format!("hand {} ({part}): {why}", seat.compass())))?;
            if let Some(card) = (seen & hand).iter().next() {
                return Err(err(format!("{card} is in two hands")));
            }
            seen |= hand;
            deal.hands[seat.index()] = hand;
        }
        Ok(deal)
    }
}

fn parse_hand(text: &str) -> Result<CardSet, String> {
    if text == "-" {
        return Ok(CardSet::EMPTY);
    }
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(format!(
            "expected 4 suits separated by dots, found {}",
            suits.len()
        ));
    }
    let mut hand = CardSet::EMPTY;
    for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
        let mut chars = ranks.chars().peekable();
        while let Some(c) = chars.next() {
            let rank = if c == '1' && chars.peek() == Some(&'0') {
                chars.next();
                Some(Rank::TEN)
            } else {
                Rank::from_letter(c)
            }
            .ok_or_else(|| format!("{c:?} is not a rank"))?;
            let card = Card::new(suit, rank);
            if hand.contains(card) {
                return Err(format!("{card} twice"));
            }
            hand.insert(card);
        }
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbn_round_trip() {
        let text = "N:AKQ2.JT9.8765.43 J9876.AKQ.AK.AKQ T543.8765.432.JT .432.QJT9.987652";
        let deal: Deal = text.parse().unwrap();
        assert_eq!(deal.to_pbn(), text);
        assert_eq!(deal.hands.iter().map(|h| h.len()).sum::<u32>(), 52);
    }

    #[test]
    fn pbn_first_seat_rotates() {
        let n: Deal = "N:AKQ2.JT9.8765.43 J9876.AKQ.AK.AKQ T543.8765.432.JT .432.QJT9.987652"
            .parse()
            .unwrap();
        let e: Deal = "E:J9876.AKQ.AK.AKQ T543.8765.432.JT .432.QJT9.987652 AKQ2.JT9.8765.43"
            .parse()
            .unwrap();
        assert_eq!(n, e);
    }

    #[test]
    fn pbn_errors() {
        assert!("AKQ.. . . .".parse::<Deal>().is_err());
        assert!("X:A... - - -".parse::<Deal>().is_err());
        assert_eq!(
            "N:A.K.. A.K.. - -".parse::<Deal>().map_err(|e| e.to_string()),
            Err("bad PBN deal: AS is in two hands".to_owned())
        );
        assert!("N:AX... - - -".parse::<Deal>().is_err());
        assert!("N:A... - -".parse::<Deal>().is_err());
        let partial: Deal = "N:A... K... Q... -".parse().unwrap();
        assert_eq!(partial.hands[3], CardSet::EMPTY);
    }
}
