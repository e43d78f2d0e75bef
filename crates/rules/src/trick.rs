//! A trick (sar): a card from each seat in play order (four, or three or two at a smaller table), and who wins it (R-WIN,
//! R-HIDTRICK). [`beats`] is the one statement of who takes a trick: the table's [`Trick`], the
//! search position [`crate::PlayState`] and the bots' positions all decide by it.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::heap::TrumpsAt;
use crate::seat::{Seat, Seats};

/// The cards of one trick by position: position `i` was played by the seat `i` places after the
/// leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    pub leader: Seat,
    /// The table: a complete trick holds a card from each seat (R3-PLAY, R2-PLAY).
    #[serde(default)]
    seats: Seats,
    cards: [Option<Card>; 4],
    /// Trumps as known to the table for this trick; `None` while the hidden indicator lies face
    /// down, or with no trumps at all.
    trumps: Option<Suit>,
    /// With hidden trumps revealed during this trick, only cards from this position on count as
    /// trumps (`V-CALL=hidden`): a trump-suit card thrown earlier is a plain card.
    trump_from: u8,
    /// Satat: the 2♥ is the highest trump (RS-TWO).
    #[serde(default)]
    top_two: bool,
}

/// The 2♥, the highest trump of Satat (RS-TWO).
pub const TWO_OF_HEARTS: Card = Card::new(Suit::Hearts, Rank::TWO);

/// The card bits [`beats_bits`] compares the 2♥ of Satat as (RS-TWO): above the ace of trumps
/// (`trumps` a suit number), or with no trumps known (`NO_TRUMPS`) in a fifth suit that beats
/// every card and that no card beats.
#[inline(always)]
pub const fn top_two_bit(trumps: u8) -> u8 {
    trumps * 16 + 15
}

impl Trick {
    /// A trick of four, led by `leader`.
    pub const fn new(leader: Seat, trumps: Option<Suit>) -> Trick {
        Trick::at(Seats::FOUR, leader, trumps)
    }

    /// A trick at a table of `seats`, led by `leader`.
    pub const fn at(seats: Seats, leader: Seat, trumps: Option<Suit>) -> Trick {
        Trick {
            leader,
            seats,
            cards: [None; 4],
            trumps,
            trump_from: 0,
            top_two: false,
        }
    }

    /// The same trick where the 2♥ is the highest trump (RS-TWO).
    pub const fn with_top_two(mut self, top_two: bool) -> Trick {
        self.top_two = top_two;
        self
    }

    /// Is the 2♥ the highest trump here (RS-TWO)?
    pub const fn has_top_two(&self) -> bool {
        self.top_two
    }

    pub fn len(&self) -> usize {
        self.cards.iter().take_while(|c| c.is_some()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.cards[0].is_none()
    }

    pub fn is_complete(&self) -> bool {
        self.len() == self.size()
    }

    /// Cards in a complete trick.
    pub fn size(&self) -> usize {
        self.seats.count()
    }

    /// The seat that plays at `position`.
    fn seat_at(&self, position: usize) -> Seat {
        self.seats.after(self.leader, position)
    }

    /// The suit of the first card (R-FOLLOW): none before a card is led, nor when the 2♥ is led
    /// while trumps are not known (RS-TWO).
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards[0].and_then(|c| self.suit_at(c, 0))
    }

    /// The suit `card` belongs to, played next: the 2♥ of Satat is a trump, of no suit while
    /// trumps are not known (RS-TWO).
    pub fn suit_of(&self, card: Card) -> Option<Suit> {
        self.suit_at(card, self.len())
    }

    fn suit_at(&self, card: Card, position: usize) -> Option<Suit> {
        if self.top_two && card == TWO_OF_HEARTS {
            self.trumps_at(position)
        } else {
            Some(card.suit())
        }
    }

    /// The cards of `hand` that belong to `suit` in this trick (RS-TWO: the 2♥ to trumps).
    pub fn of_suit(&self, hand: CardSet, suit: Suit) -> CardSet {
        if !self.top_two {
            return hand.of_suit(suit);
        }
        let two = hand & CardSet::single(TWO_OF_HEARTS);
        let plain = hand.of_suit(suit) - two;
        if Some(suit) == self.trumps {
            plain | two
        } else {
            plain
        }
    }

    /// Trup kasiet: the 2♥ played before trumps were known lets every later card of the trick be
    /// any card (RS-TWO).
    pub fn is_free(&self) -> bool {
        self.top_two
            && self
                .cards
                .iter()
                .enumerate()
                .map_while(|(i, c)| c.map(|c| (i, c)))
                .any(|(i, c)| c == TWO_OF_HEARTS && self.trumps_at(i).is_none())
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
        (n < self.size()).then(|| self.seat_at(n))
    }

    /// Adds the next card. The caller has checked the card is legal.
    pub(crate) fn push(&mut self, card: Card) {
        let n = self.len();
        debug_assert!(n < self.size());
        self.cards[n] = Some(card);
    }

    /// Takes back the cards from `position` on (a corrected revoke, R-REVOKE), latest first.
    pub(crate) fn take_back_from(&mut self, position: usize) -> Vec<(Seat, Card)> {
        let mut back = Vec::new();
        for i in (position..4).rev() {
            if let Some(card) = self.cards[i].take() {
                back.push((self.seat_at(i), card));
            }
        }
        back
    }

    /// Trumps become known in the middle of this trick (hidden trumps revealed).
    pub(crate) fn reveal_trumps(&mut self, suit: Suit) {
        if self.trumps.is_none() {
            self.trumps = Some(suit);
            self.trump_from = u8::try_from(self.len()).unwrap_or(4);
        }
    }

    /// The cards in play order with the seat that played each.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards
            .iter()
            .enumerate()
            .map_while(move |(i, c)| c.map(|c| (self.seat_at(i), c)))
    }

    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        if seat.index() >= self.size() {
            return None;
        }
        let pos = self.seats.places(self.leader, seat);
        self.cards[pos]
    }

    pub fn cards(&self) -> CardSet {
        self.plays().map(|(_, c)| c).collect()
    }

    /// The position at which hidden trumps were revealed, when that happened after the lead of
    /// this trick (`V-CALL=hidden`).
    pub fn revealed_at(&self) -> Option<usize> {
        (self.trump_from > 0).then_some(self.trump_from as usize)
    }

    /// Were trumps known when this trick was led? Not while they lay hidden or waited for a void
    /// (RB-HEAP), nor where they became known during the trick.
    pub fn trumps_known_when_led(&self) -> bool {
        self.trumps.is_some() && self.trump_from == 0
    }

    /// Where trumps stood in this trick, as far as its cards are played: known when it was led,
    /// fixed or revealed by one of its cards, or not known yet (RB-HEAP, RDB-HEAP).
    pub fn trumps_at_end(&self) -> TrumpsAt {
        if self.trumps_known_when_led() {
            TrumpsAt::Led
        } else if self.trumps.is_some() {
            TrumpsAt::FixedIn
        } else {
            TrumpsAt::NotYet
        }
    }

    /// Trumps as they count for the card at `position`: none for a card played before hidden
    /// trumps were revealed in this trick.
    fn trumps_at(&self, position: usize) -> Option<Suit> {
        self.trumps.filter(|_| position >= self.trump_from as usize)
    }

    /// The seat and card winning the trick so far (R-WIN, R-HIDTRICK, RS-TWO).
    pub fn winner(&self) -> Option<(Seat, Card)> {
        let (pos, best) = self.winning()?;
        Some((self.seat_at(pos), best))
    }

    fn winning(&self) -> Option<(usize, Card)> {
        let mut plays = self.cards.iter().map_while(|c| *c).enumerate();
        let (_, mut best) = plays.next()?;
        let mut best_pos = 0;
        for (pos, card) in plays {
            if self.beats_at(card, pos, best, best_pos) {
                best = card;
                best_pos = pos;
            }
        }
        Some((best_pos, best))
    }

    /// Would `card`, played next, take the trick from the card winning it so far?
    pub fn would_win(&self, card: Card) -> bool {
        self.winning()
            .is_none_or(|(pos, best)| self.beats_at(card, self.len(), best, pos))
    }

    /// Does `card` at `position` take the trick from `best` at `best_pos`?
    fn beats_at(&self, card: Card, position: usize, best: Card, best_pos: usize) -> bool {
        if self.top_two && best == TWO_OF_HEARTS {
            // it wins the trick it is played to, even when trumps come out after it
            return false;
        }
        let trumps = self.trumps_at(position).map_or(NO_TRUMPS, |s| s as u8);
        beats_bits(self.bit_at(card, position), self.bit_at(best, best_pos), trumps)
    }

    /// The bits a card is compared by: the 2♥ of Satat above the trump ace (RS-TWO).
    fn bit_at(&self, card: Card, position: usize) -> u8 {
        if self.top_two && card == TWO_OF_HEARTS {
            top_two_bit(self.trumps_at(position).map_or(NO_TRUMPS, |s| s as u8))
        } else {
            card.bit()
        }
    }
}

/// Does `card` take the trick from `best`, the card winning it so far? (R-WIN, R-HIDTRICK)
///
/// A card of the winning card's suit competes by rank, whether or not that suit is trumps: so
/// when the suit led turns out to be the hidden trumps, every card that followed it competes by
/// rank. A card of another suit wins only as a trump; `trumps` are the trumps that count for
/// `card` (none before hidden trumps are revealed). A trump-suit card thrown before the reveal
/// never becomes the winning card, so the winning card is always of the suit led or a trump.
#[inline(always)]
pub const fn beats(card: Card, best: Card, trumps: Option<Suit>) -> bool {
    let trumps = match trumps {
        Some(suit) => suit as u8,
        None => NO_TRUMPS,
    };
    beats_bits(card.bit(), best.bit(), trumps)
}

/// Trumps as a suit number for [`beats_bits`]: no suit.
pub const NO_TRUMPS: u8 = 4;

/// [`beats`] on card bits (`suit * 16 + rank`) and a suit number (`NO_TRUMPS` for none), without
/// branches, for the search code's inner loops.
#[inline(always)]
pub const fn beats_bits(card: u8, best: u8, trumps: u8) -> bool {
    let suit = card >> 4;
    let same = suit == best >> 4;
    (same & (card > best)) | (!same & (suit == trumps))
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
    fn r_hidtrick_a_forced_indicator_that_follows_suit_competes_by_rank() {
        // Diamonds are the hidden trumps; 9D is led, and the caller's only diamond is the
        // face-down 4D, played last: every card followed suit, so the 10D wins.
        let mut t = trick(0, None, &["9D", "5D", "TD"]);
        t.reveal_trumps(Suit::Diamonds);
        assert!(!t.would_win("4D".parse().unwrap()));
        t.push("4D".parse().unwrap());
        assert_eq!(t.revealed_at(), Some(3));
        assert_eq!(
            t.winner().unwrap(),
            (Seat::new(2).unwrap(), "TD".parse().unwrap())
        );
    }

    #[test]
    fn r_hidtrick_a_led_suit_that_turns_out_trumps_is_won_by_its_highest_card() {
        // Spades led before the reveal; a later player void in spades asks, and has no trump.
        let mut t = trick(0, None, &["3S", "QS"]);
        t.reveal_trumps(Suit::Spades);
        t.push("AH".parse().unwrap());
        t.push("KS".parse().unwrap());
        assert_eq!(
            t.winner().unwrap(),
            (Seat::new(3).unwrap(), "KS".parse().unwrap())
        );
    }

    #[test]
    fn beats_bits_agrees_with_beats_on_every_pair() {
        let all: Vec<Card> = Card::all().collect();
        for trumps in [None, Some(Suit::Spades), Some(Suit::Clubs)] {
            for &a in &all {
                for &b in &all {
                    let by_rule = if a.suit() == b.suit() {
                        a.rank() > b.rank()
                    } else {
                        Some(a.suit()) == trumps
                    };
                    assert_eq!(beats(a, b, trumps), by_rule, "{a} over {b}, trumps {trumps:?}");
                }
            }
        }
    }

    #[test]
    fn r_hidtrick_a_trump_suit_card_thrown_before_the_reveal_is_plain() {
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
