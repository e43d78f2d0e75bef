//! A trick (sar): four cards, one from each seat in play order, and who wins it (R-WIN).

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::seat::Seat;

/// The cards of one trick by position: position `i` was played by `leader.after(i)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    pub leader: Seat,
    cards: [Option<Card>; 4],
    /// Trumps as known to the table for this trick; `None` while the hidden indicator lies face
    /// down, or with no trumps at all.
    trumps: Option<Suit>,
    /// With hidden trumps revealed during this trick, only cards from this position on count as
    /// trumps (`V-CALL=hidden`): a trump-suit card thrown earlier is a plain card.
    trump_from: u8,
}

impl Trick {
    pub const fn new(leader: Seat, trumps: Option<Suit>) -> Trick {
        Trick {
            leader,
            cards: [None; 4],
            trumps,
            trump_from: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.cards.iter().take_while(|c| c.is_some()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.cards[0].is_none()
    }

    pub fn is_complete(&self) -> bool {
        self.cards[3].is_some()
    }

    /// The suit of the first card (R-FOLLOW).
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards[0].map(Card::suit)
    }

    pub fn trumps(&self) -> Option<Suit> {
        self.trumps
    }

    /// The position from which trump-suit cards count as trumps.
    pub fn trump_from(&self) -> usize {
        self.trump_from as usize
    }

    /// The seat to play next, if the trick is not complete.
    pub fn to_play(&self) -> Option<Seat> {
        let n = self.len();
        (n < 4).then(|| self.leader.after(n as u8))
    }

    /// Adds the next card. The caller has checked the card is legal.
    pub(crate) fn push(&mut self, card: Card) {
        let n = self.len();
        debug_assert!(n < 4);
        self.cards[n] = Some(card);
    }

    /// Takes back the cards from `position` on (a corrected revoke, R-REVOKE), latest first.
    pub(crate) fn take_back_from(&mut self, position: usize) -> Vec<(Seat, Card)> {
        let mut back = Vec::new();
        for i in (position..4).rev() {
            if let Some(card) = self.cards[i].take() {
                back.push((self.leader.after(i as u8), card));
            }
        }
        back
    }

    /// Trumps become known in the middle of this trick (hidden trumps revealed).
    pub(crate) fn reveal_trumps(&mut self, suit: Suit) {
        if self.trumps.is_none() {
            self.trumps = Some(suit);
            self.trump_from = self.len() as u8;
        }
    }

    /// The cards in play order with the seat that played each.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards
            .iter()
            .enumerate()
            .map_while(move |(i, c)| c.map(|c| (self.leader.after(i as u8), c)))
    }

    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        let pos = (seat.index() + 4 - self.leader.index()) % 4;
        self.cards[pos]
    }

    pub fn cards(&self) -> CardSet {
        self.plays().map(|(_, c)| c).collect()
    }

    /// Does this card count as a trump at this position of the trick?
    pub fn is_trump_at(&self, position: usize, card: Card) -> bool {
        self.trumps == Some(card.suit()) && position >= self.trump_from as usize
    }

    /// The seat and card winning the trick so far (R-WIN): the highest trump played, else the
    /// highest card of the suit led. A card of a third suit never wins.
    pub fn winner(&self) -> Option<(Seat, Card)> {
        let led = self.led_suit()?;
        let mut best: Option<(usize, Card, bool)> = None;
        for (pos, card) in self
            .cards
            .iter()
            .enumerate()
            .map_while(|(i, c)| c.map(|c| (i, c)))
        {
            let trump = self.is_trump_at(pos, card);
            if !trump && card.suit() != led {
                continue;
            }
            let better = match best {
                None => true,
                Some((_, b, b_trump)) => (trump && !b_trump) || (trump == b_trump && card.rank() > b.rank()),
            };
            if better {
                best = Some((pos, card, trump));
            }
        }
        best.map(|(pos, card, _)| (self.leader.after(pos as u8), card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trick(leader: u8, trumps: Option<Suit>, cards: &[&str]) -> Trick {
        let mut t = Trick::new(Seat::new(leader).unwrap(), trumps);
        for c in cards {
            t.push(c.parse().unwrap());
        }
        t
    }

    #[test]
    fn r_win_highest_of_led_suit_without_trumps() {
        let t = trick(1, Some(Suit::Clubs), &["TH", "AH", "AS", "2H"]);
        assert_eq!(
            t.winner().unwrap(),
            (Seat::new(2).unwrap(), "AH".parse().unwrap())
        );
        assert_eq!(t.card_of(Seat::new(0).unwrap()), Some("2H".parse().unwrap()));
    }

    #[test]
    fn r_win_highest_trump_wins() {
        let t = trick(0, Some(Suit::Spades), &["AH", "2S", "KH", "3S"]);
        assert_eq!(t.winner().unwrap().0, Seat::new(3).unwrap());
    }

    #[test]
    fn r_win_third_suit_never_wins() {
        let t = trick(0, None, &["2D", "AC", "AS", "AH"]);
        assert_eq!(t.winner().unwrap().0, Seat::new(0).unwrap());
    }

    #[test]
    fn hidden_reveal_mid_trick_earlier_trump_suit_is_plain() {
        // Spades are the hidden trumps. Seat 1 throws AS before the reveal: a plain card.
        let mut t = trick(0, None, &["5H", "AS"]);
        t.reveal_trumps(Suit::Spades);
        t.push("2S".parse().unwrap());
        t.push("6H".parse().unwrap());
        assert_eq!(
            t.winner().unwrap(),
            (Seat::new(2).unwrap(), "2S".parse().unwrap())
        );
    }
}
