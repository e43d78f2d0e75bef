//! A compact, copyable position of trick play for search and playouts: no allocation per move.

use rand::Rng;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deck::{Deck, bounded};
use crate::round::Round;
use crate::ruleset::{AceCollect, FirstTwo, Mode, RuleSet};
use crate::seat::{Seat, Team};

const NO_SUIT: u8 = 4;
const NO_SEAT: u8 = 4;

/// Trick play with every hand known: the four hands, the trick in progress, trumps, tricks taken,
/// and the Double Sar heap. Trumps are those that count on the table; a hidden indicator is the
/// searcher's assumption to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayState {
    hands: [CardSet; 4],
    /// Cards of the trick in progress, in play order.
    trick: [Card; 4],
    trick_len: u8,
    leader: u8,
    trumps: u8,
    /// The suit led, as a mask, or empty when leading.
    led: CardSet,
    win_card: Card,
    win_seat: u8,
    /// Tricks per team: taken, or collected from the heap in Double Sar.
    taken: [u8; 2],
    tricks_played: u8,
    total_tricks: u8,
    heap: DoubleSar,
}

/// The heap and its options, kept in a few bytes (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct DoubleSar {
    on: bool,
    tricks: u8,
    run: u8,
    first_collect: u8,
    ace_blocks: bool,
    first_two_blocks: bool,
}

impl PlayState {
    /// A position at the start of a trick: `leader` to lead, each seat holding `hands`.
    pub fn new(hands: [CardSet; 4], trumps: Option<Suit>, leader: Seat, rules: &RuleSet) -> PlayState {
        // A position with fewer cards is the end of a 13-trick hand: trick numbers stay true for
        // the heap options.
        let left = hands.iter().map(|h| h.len()).max().unwrap_or(0).min(13) as u8;
        PlayState {
            hands,
            trick: [Card::new(Suit::Spades, crate::Rank::TWO); 4],
            trick_len: 0,
            leader: leader.index() as u8,
            trumps: trumps.map_or(NO_SUIT, |s| s as u8),
            led: CardSet::EMPTY,
            win_card: Card::new(Suit::Spades, crate::Rank::TWO),
            win_seat: NO_SEAT,
            taken: [0; 2],
            tricks_played: 13 - left,
            total_tricks: 13,
            heap: DoubleSar {
                on: rules.mode == Mode::DoubleSar,
                tricks: 0,
                run: NO_SEAT,
                first_collect: rules.first_collect,
                ace_blocks: rules.ace == AceCollect::NoCollect,
                first_two_blocks: rules.first_two == FirstTwo::NoCollect,
            },
        }
    }

    /// The position of a hand in trick play, with trumps as they count on the table now.
    pub fn from_round(round: &Round) -> PlayState {
        let trick = round.trick();
        let mut hands = round.hands();
        for (seat, card) in trick.plays() {
            hands[seat.index()].insert(card);
        }
        let mut state = PlayState::new(hands, trick.trumps(), trick.leader, round.rules());
        state.taken = round.taken();
        let heap = round.heap();
        state.heap.tricks = heap.tricks;
        state.heap.run = heap.run.map_or(NO_SEAT, |s| s.index() as u8);
        for (_, card) in trick.plays() {
            state.play(card);
        }
        state
    }

    /// A random deal of 13 cards a seat, `leader` to lead.
    pub fn random<R: Rng + ?Sized>(rng: &mut R, trumps: Option<Suit>, leader: Seat, rules: &RuleSet) -> PlayState {
        let mut deck = Deck::ordered();
        deck.shuffle_with(rng);
        let hands = [deck.deal(13), deck.deal(13), deck.deal(13), deck.deal(13)];
        PlayState::new(hands, trumps, leader, rules)
    }

    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    pub fn trumps(&self) -> Option<Suit> {
        (self.trumps != NO_SUIT).then(|| Suit::from_index(self.trumps as usize))
    }

    /// Tricks each team has taken (collected, in Double Sar).
    pub fn taken(&self) -> [u8; 2] {
        self.taken
    }

    pub fn tricks_played(&self) -> u8 {
        self.tricks_played
    }

    /// Tricks still to be played, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        self.total_tricks - self.tricks_played
    }

    pub fn trick_len(&self) -> u8 {
        self.trick_len
    }

    /// The cards of the trick in progress, in play order, and its leader.
    pub fn trick(&self) -> (Seat, &[Card]) {
        (Seat::ALL[self.leader as usize], &self.trick[..self.trick_len as usize])
    }

    /// The seat to play, and the seat winning the trick so far.
    pub fn to_play(&self) -> Seat {
        Seat::ALL[((self.leader + self.trick_len) & 3) as usize]
    }

    pub fn winning(&self) -> Option<(Seat, Card)> {
        (self.trick_len > 0).then(|| (Seat::ALL[self.win_seat as usize], self.win_card))
    }

    pub fn is_over(&self) -> bool {
        self.tricks_played >= self.total_tricks
    }

    /// The legal cards of the seat to play (R-FOLLOW).
    #[inline]
    pub fn legal(&self) -> CardSet {
        let hand = self.hands[((self.leader + self.trick_len) & 3) as usize];
        let follow = hand & self.led;
        if follow.is_empty() { hand } else { follow }
    }

    /// Plays a legal card of the seat to play. Returns the winner when it completes a trick.
    #[inline]
    pub fn play(&mut self, card: Card) -> Option<Seat> {
        let seat = (self.leader + self.trick_len) & 3;
        debug_assert!(self.legal().contains(card), "{card} is not legal here");
        self.hands[seat as usize].remove(card);
        self.trick[self.trick_len as usize] = card;
        if self.trick_len == 0 {
            self.led = CardSet::suit_mask(card.suit());
            self.win_card = card;
            self.win_seat = seat;
        } else if (card.suit() == self.win_card.suit() && card.rank() > self.win_card.rank())
            || (card.suit() as u8 == self.trumps && self.win_card.suit() as u8 != self.trumps)
        {
            // R-WIN: a higher card of the winning suit, or the first trump.
            self.win_card = card;
            self.win_seat = seat;
        }
        self.trick_len += 1;
        if self.trick_len < 4 {
            return None;
        }
        let winner = self.win_seat;
        self.end_trick(winner);
        Some(Seat::ALL[winner as usize])
    }

    fn end_trick(&mut self, winner: u8) {
        self.tricks_played += 1;
        let team = (winner & 1) as usize;
        if self.heap.on {
            self.collect(winner, team);
        } else {
            self.taken[team] += 1;
        }
        self.leader = winner;
        self.trick_len = 0;
        self.led = CardSet::EMPTY;
    }

    /// The heap rules of [`crate::Heap::add`], on bytes (R-COLLECT, R-LASTHEAP, `V-…COLLECT`).
    fn collect(&mut self, winner: u8, team: usize) {
        let h = &mut self.heap;
        let n = self.tricks_played;
        h.tricks += 1;
        let blocked = n < h.first_collect
            || (h.first_two_blocks && n == 2)
            || (h.ace_blocks && self.win_card.rank() == crate::Rank::ACE);
        if n >= self.total_tricks || (h.run == winner && !blocked) {
            self.taken[team] += h.tricks;
            h.tricks = 0;
            h.run = NO_SEAT;
        } else {
            h.run = winner;
        }
    }

    /// Plays random legal cards to the end of the hand (all tricks) and returns tricks per team.
    #[inline]
    pub fn playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> [u8; 2] {
        while !self.is_over() {
            let legal = self.legal();
            let pick = ((u64::from(rng.next_u32()) * u64::from(legal.len())) >> 32) as u32;
            if let Some(card) = legal.nth(pick) {
                self.play(card);
            }
        }
        self.taken
    }

    /// A uniformly random legal card (unbiased), for callers that need exact uniformity.
    pub fn random_legal<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Card> {
        let legal = self.legal();
        if legal.is_empty() {
            return None;
        }
        legal.nth(bounded(rng, legal.len()))
    }

    pub fn team_tricks(&self, team: Team) -> u8 {
        self.taken[team.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn playout_plays_all_tricks_and_conserves_cards() {
        let mut rng = SmallRng::seed_from_u64(3);
        for preset in [Preset::CourtPiece, Preset::DoubleSar] {
            let rules = preset.rules();
            for _ in 0..200 {
                let mut s = PlayState::random(&mut rng, Some(Suit::Hearts), Seat::ALL[1], &rules);
                let [a, b] = s.playout(&mut rng);
                assert_eq!(a + b, 13);
                assert!(s.hands().iter().all(|h| h.is_empty()));
            }
        }
    }
}
