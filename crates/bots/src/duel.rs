//! Hokm for two solved exactly: with both hands open, the most tricks a player can take with
//! best play by both (R-FOLLOW, R-WIN), and how the hand ends (R2-SCORE).
//!
//! The hand is a race to seven tricks. Whoever would take seven of the thirteen with every trick
//! played wins the race, so the question is the double-dummy one, "can this player take k of the
//! tricks left?", and a yes/no search answers it with alpha-beta cutoffs. Taking the first seven
//! is worth more (a kot): that is a second, cheaper search, "can this player take each of the
//! next k tricks?", asked only while the other player has none. Both searches keep what they
//! learn at the start of each trick, in relative ranks, so positions that differ only in cards
//! already played meet; they cut off early on the tricks the leader can cash and the trumps that
//! win whenever they are played.
//!
//! Hard solves each layout it samples at a table of two with it; a review solves the hands of a
//! record.

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::{Call, Card, CardSet, Count, Mode, PlayState, Rank, RuleSet, Side, Suit};
use std::time::Instant;

use crate::solver::{Clock, KeyMap, RaceEnd, key_of};

/// The cards of one suit in a card set's bits.
const LANE: u64 = 0x1FFF;

/// The most positions the tables keep before they are cleared, as the solver bounds its own.
const MAX_ENTRIES: usize = 4_000_000;

/// Does the duel count what the hand is played for under these rules? Tricks at a table of two,
/// with no heap (Double Sar is a game of four), trumps known once play starts and no 2♥ above
/// them (Satat).
pub fn duels(rules: &RuleSet) -> bool {
    rules.seats().count() == 2
        && rules.mode == Mode::SingleSar
        && rules.count == Count::Tricks
        && rules.call != Call::FirstVoid
        && !rules.two_of_hearts
}

/// The exact search of a table of two. Keep one for many positions with the same trumps: what it
/// learns carries over (and is forgotten when the trumps change).
#[derive(Default)]
pub struct Duel {
    /// The trumps of the positions searched, once there have been any.
    trumps: Option<Option<Suit>>,
    /// Bounds on the tricks seat 0 takes from a trick start, every trick played.
    tricks: KeyMap<(u8, u8)>,
    /// Bounds on the run of tricks each seat can take from a trick start.
    runs: [KeyMap<(u8, u8)>; 2],
    clock: Clock,
}

impl Duel {
    /// A search with no deadline.
    pub fn new() -> Duel {
        Duel::default()
    }

    /// A search that gives up at `deadline`.
    pub fn until(deadline: Instant) -> Duel {
        Duel {
            clock: Clock::until(Some(deadline)),
            ..Duel::default()
        }
    }

    /// Did the search give up at the deadline? Its answers since then mean nothing.
    pub fn out_of_time(&self) -> bool {
        self.clock.out_of_time()
    }

    /// The most tricks `side` can take of those left, the one in progress included, every
    /// trick played.
    pub fn max_tricks(&mut self, pos: &PlayState, side: Side) -> u8 {
        self.prepare(pos);
        let (mut lo, mut hi) = (0, pos.tricks_left());
        // the answer lies in lo..=hi: halve the range with yes/no searches
        while lo < hi {
            let k = (lo + hi).div_ceil(2);
            if self.can_take(pos, side, k) {
                lo = k;
            } else {
                hi = k - 1;
            }
        }
        lo
    }

    /// How the race to seven ends from `pos`, the tricks taken so far counted, with best play by
    /// both: its winner, and whether the winner takes it as a kot (the first seven).
    pub fn race_end(&mut self, pos: &PlayState, side: Side) -> RaceEnd {
        self.prepare(pos);
        let taken = pos.taken();
        let need = |side: Side| SEVEN.saturating_sub(taken[side.index()]);
        let won = taken[side.index()] >= SEVEN
            || (taken[side.other().index()] < SEVEN && self.can_take(pos, side, need(side)));
        let winner = if won { side } else { side.other() };
        let court = taken[winner.other().index()] == 0 && self.can_sweep(pos, winner, need(winner));
        RaceEnd { winner, court }
    }

    /// Can `side` take every trick left, the one in progress first?
    pub fn can_take_all(&mut self, pos: &PlayState, side: Side) -> bool {
        self.prepare(pos);
        let n = pos.tricks_left();
        n == 0 || self.can_sweep(pos, side, n)
    }

    /// Forgets what was learnt under other trumps (the keys do not hold them), and all of it
    /// once the tables grow large over a long session.
    fn prepare(&mut self, pos: &PlayState) {
        debug_assert_eq!(pos.seats().count(), 2, "the duel plays a table of two");
        let entries = self.tricks.len() + self.runs.iter().map(KeyMap::len).sum::<usize>();
        if self.trumps != Some(pos.trumps()) || entries > MAX_ENTRIES {
            self.tricks.clear();
            self.runs.iter_mut().for_each(KeyMap::clear);
            self.trumps = Some(pos.trumps());
        }
    }

    /// Can `side` take `target` of the tricks left, the one in progress included?
    fn can_take(&mut self, s: &PlayState, side: Side, target: u8) -> bool {
        if self.clock.tick() {
            return false;
        }
        if target == 0 {
            return true;
        }
        let left = s.tricks_left();
        if target > left {
            return false;
        }
        let mut key = None;
        if s.winning().is_none() {
            let (leader, other) = seats(s);
            let hands = s.hands().map(CardSet::bits);
            let cashed = cashing(hands[leader], hands[other], s.trumps());
            let held = top_trumps(hands[other], hands[leader], s.trumps());
            if leader == side.index() {
                if cashed >= target {
                    return true;
                }
                if held > left - target {
                    return false;
                }
            } else {
                if cashed > left - target {
                    return false;
                }
                if held >= target {
                    return true;
                }
            }
            let k = key_of(s);
            if let Some(&(lo, hi)) = self.tricks.get(&k) {
                let (lo, hi) = if side.index() == 0 {
                    (lo, hi)
                } else {
                    (left - hi, left - lo)
                };
                if lo >= target {
                    return true;
                }
                if hi < target {
                    return false;
                }
            }
            key = Some(k);
        }
        let maximizing = s.seats().side(s.to_play()) == side;
        let mut result = !maximizing;
        for card in ordered(s) {
            let mut child = *s;
            let won = child.play(card).map(|w| s.seats().side(w));
            let t = if won == Some(side) { target - 1 } else { target };
            if self.can_take(&child, side, t) == maximizing {
                result = maximizing;
                break;
            }
        }
        if let Some(k) = key.filter(|_| !self.clock.out_of_time()) {
            // in seat 0's tricks
            let (at_least, at_most) = if result { (target, left) } else { (0, target - 1) };
            let (lo, hi) = if side.index() == 0 {
                (at_least, at_most)
            } else {
                (left - at_most, left - at_least)
            };
            let bounds = self.tricks.entry(k).or_insert((0, left));
            bounds.0 = bounds.0.max(lo);
            bounds.1 = bounds.1.min(hi);
        }
        result
    }

    /// Can `side` take each of the next `n` tricks, the one in progress first?
    fn can_sweep(&mut self, s: &PlayState, side: Side, n: u8) -> bool {
        if self.clock.tick() {
            return false;
        }
        if n == 0 {
            return true;
        }
        let left = s.tricks_left();
        if n > left {
            return false;
        }
        let mut key = None;
        if s.winning().is_none() {
            let (leader, other) = seats(s);
            let hands = s.hands().map(CardSet::bits);
            let cashed = cashing(hands[leader], hands[other], s.trumps());
            if leader == side.index() {
                if cashed >= n {
                    return true;
                }
            } else if cashed > 0 {
                return false;
            }
            let k = key_of(s);
            if let Some(&(lo, hi)) = self.runs[side.index()].get(&k) {
                if lo >= n {
                    return true;
                }
                if hi < n {
                    return false;
                }
            }
            key = Some(k);
        }
        let maximizing = s.seats().side(s.to_play()) == side;
        let mut result = !maximizing;
        for card in ordered(s) {
            let mut child = *s;
            let ok = match child.play(card).map(|w| s.seats().side(w)) {
                Some(w) if w == side => self.can_sweep(&child, side, n - 1),
                Some(_) => false,
                None => self.can_sweep(&child, side, n),
            };
            if ok == maximizing {
                result = maximizing;
                break;
            }
        }
        if let Some(k) = key.filter(|_| !self.clock.out_of_time()) {
            let bounds = self.runs[side.index()].entry(k).or_insert((0, left));
            if result {
                bounds.0 = bounds.0.max(n);
            } else {
                bounds.1 = bounds.1.min(n - 1);
            }
        }
        result
    }
}

/// The seat to lead and the other, as indices.
fn seats(s: &PlayState) -> (usize, usize) {
    let leader = s.to_play();
    (leader.index(), s.seats().next(leader).index())
}

/// The cards worth trying, likely best first. Of cards with no live card between them only the
/// highest is tried (they win and lose the same tricks). Leading, the cards the other can not
/// beat in their suit come first, from the highest; following, the winners from the cheapest;
/// then the rest from the lowest.
fn ordered(s: &PlayState) -> Moves {
    let legal = s.legal();
    let hands = s.hands();
    let live = hands.iter().fold(CardSet::EMPTY, |acc, &h| acc | h)
        | s.trick().1.iter().copied().collect::<CardSet>();
    let tried: CardSet = legal
        .iter()
        .filter(|&c| {
            !(CardSet::above(c) & live)
                .lowest()
                .is_some_and(|next| legal.contains(next))
        })
        .collect();
    let mut moves = Moves::default();
    if s.winning().is_some() {
        let winners: CardSet = tried.iter().filter(|&c| s.would_win(c)).collect();
        winners.iter().for_each(|c| moves.push(c));
        (tried - winners).iter().for_each(|c| moves.push(c));
    } else {
        let (_, other) = seats(s);
        let other = hands[other];
        let tops: CardSet = tried
            .iter()
            .filter(|&c| (CardSet::above(c) & other).is_empty())
            .collect();
        tops.iter().rev().for_each(|c| moves.push(c));
        (tried - tops).iter().for_each(|c| moves.push(c));
    }
    moves
}

/// The moves of one node: a hand holds thirteen cards at most.
struct Moves {
    cards: [Card; 13],
    len: usize,
}

impl Default for Moves {
    fn default() -> Moves {
        Moves {
            cards: [Card::new(Suit::Spades, Rank::TWO); 13],
            len: 0,
        }
    }
}

impl Moves {
    fn push(&mut self, card: Card) {
        if let Some(slot) = self.cards.get_mut(self.len) {
            *slot = card;
            self.len += 1;
        }
    }
}

impl IntoIterator for Moves {
    type Item = Card;
    type IntoIter = std::iter::Take<std::array::IntoIter<Card, 13>>;

    fn into_iter(self) -> Self::IntoIter {
        self.cards.into_iter().take(self.len)
    }
}

/// The cards of `hand` above every card of `other` in one suit's lane.
fn above_all(hand: u64, other: u64) -> u64 {
    match other {
        0 => hand,
        _ => hand & !((1u64 << (64 - other.leading_zeros())) - 1),
    }
}

/// The suit's lane of a hand's bits.
fn lane(hand: u64, suit: u32) -> u64 {
    (hand >> (suit * 16)) & LANE
}

/// Tricks the leader takes for sure by cashing: in each plain suit its cards above all of the
/// other's while the other follows (all of them if it has no trumps: it can only throw a card),
/// and its trumps above all of the other's. Each suit cashed while the other follows costs the
/// other nothing elsewhere, so the suits add up.
fn cashing(me: u64, them: u64, trumps: Option<Suit>) -> u8 {
    let t = trumps.map(|s| s as u32);
    let they_trump = t.is_some_and(|t| lane(them, t) != 0);
    let total: u32 = (0..4)
        .map(|suit| {
            let (mine, theirs) = (lane(me, suit), lane(them, suit));
            let run = above_all(mine, theirs).count_ones();
            if Some(suit) == t || !they_trump {
                run
            } else {
                run.min(theirs.count_ones())
            }
        })
        .sum();
    u8::try_from(total).unwrap_or(u8::MAX)
}

/// Trumps of `me` above every trump of `them`: each takes a trick whenever it is played.
fn top_trumps(me: u64, them: u64, trumps: Option<Suit>) -> u8 {
    let Some(t) = trumps else { return 0 };
    let t = t as u32;
    u8::try_from(above_all(lane(me, t), lane(them, t)).count_ones()).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::{cashing, top_trumps};
    use courtpiece_rules::{CardSet, Suit};

    fn bits(cards: &str) -> u64 {
        cards
            .split_whitespace()
            .map(|c| c.parse::<courtpiece_rules::Card>().expect("a card"))
            .collect::<CardSet>()
            .bits()
    }

    #[test]
    fn cashing_counts_winners_while_the_other_follows() {
        // the other holds one spade and two hearts, and a trump to ruff with after them: one of
        // my top spades and two of my top hearts cash
        let me = bits("AS KS AH KH QH");
        let them = bits("QS 2H 3H 2C");
        assert_eq!(cashing(me, them, Some(Suit::Clubs)), 1 + 2);
        // with no trumps over there every top card cashes
        assert_eq!(cashing(me, bits("QS 2H 3H"), Some(Suit::Clubs)), 5);
    }

    #[test]
    fn top_trumps_win_whenever_played() {
        assert_eq!(top_trumps(bits("AC KC 2C"), bits("QC 3C"), Some(Suit::Clubs)), 2);
        assert_eq!(top_trumps(bits("2C"), bits("AS"), Some(Suit::Clubs)), 1);
        assert_eq!(top_trumps(bits("AC"), bits("KC"), None), 0);
    }
}
