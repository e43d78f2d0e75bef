//! The double-dummy solver: with every hand open, the most tricks a side can take with best play
//! by everyone (R-FOLLOW, R-WIN).
//!
//! It searches the rules crate's [`PlayState`], the one position of trick play every bot plays
//! through, so a trick is won here exactly as at the table.
//!
//! Alpha-beta as a series of yes/no searches ("can this side take k more tricks?"), with:
//! a transposition table at the start of each trick, keyed on the hands in relative ranks (cards
//! already played squeezed out, so positions that differ only in spent cards meet); equivalent
//! cards (touching once the cards between them are gone) searched once; quick-trick bounds; and
//! move ordering that tries likely winners first.
//!
//! Numbers here are small by the rules of the game: card bits (below 64), seats and positions in
//! a trick (below 4), tricks and bounds (at most 13). They are kept in `u8` and `i8` so that
//! positions and table entries stay small, and cast between those types and the indices that
//! address arrays.
#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "card bits, seats, trick positions and trick counts are below 64 (module doc)"
)]

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use courtpiece_rules::trick::{NO_TRUMPS, beats_bits as beats};
use courtpiece_rules::{Card, CardSet, PlayState, Rank, Seat, Side, Suit};

const LANE: u64 = 0x1FFF;

/// The hands in relative ranks: in each suit, the cards still held renumbered from 0 so that
/// positions differing only in spent cards share one key.
fn key_of(pos: &PlayState) -> Key {
    let hands = pos.hands().map(CardSet::bits);
    let mut out = [0u64; 4];
    let all = hands[0] | hands[1] | hands[2] | hands[3];
    for suit in 0..4 {
        let shift = suit * 16;
        let mut bits = (all >> shift) & LANE;
        let mut rel = 0;
        while bits != 0 {
            let b = bits.trailing_zeros() + shift;
            for (o, h) in out.iter_mut().zip(hands) {
                *o |= ((h >> b) & 1) << (shift + rel);
            }
            rel += 1;
            bits &= bits - 1;
        }
    }
    Key {
        hands: out,
        leader: pos.leader().index() as u8,
    }
}

/// The side of a seat, as the search counts it: 0 or 1.
#[inline]
fn side_of(pos: &PlayState, seat: Seat) -> u8 {
    pos.seats().side(seat).index() as u8
}

/// Plays `card` on a copy of `pos`: the new position and the side that won the trick, if the
/// card completed one.
#[inline]
fn child(pos: &PlayState, card: Card) -> (PlayState, Option<u8>) {
    let mut next = *pos;
    let won = next.play(card).map(|w| side_of(pos, w));
    (next, won)
}

/// Trumps as a suit number for [`beats`].
fn trump_number(pos: &PlayState) -> u8 {
    pos.trumps().map_or(NO_TRUMPS, |s| s as u8)
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [u64; 4],
    leader: u8,
}

/// A multiply-and-rotate hasher: the keys are random-looking bit sets already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
}

/// Bounds on the tricks team 0 takes from a position, from 0 to the tricks left.
type Bounds = (u8, u8);

/// The double-dummy solver. Keep one for many positions with the same trumps: what it learns
/// carries over.
#[derive(Default)]
pub struct Solver {
    table: HashMap<Key, Bounds, BuildHasherDefault<KeyHasher>>,
    /// Bounds on the run of tricks each team can take from a position, by team.
    runs: [HashMap<Key, Bounds, BuildHasherDefault<KeyHasher>>; 2],
    trumps: Option<u8>,
    nodes: u64,
    deadline: Option<Instant>,
    out_of_time: bool,
}

/// How many nodes go by between looks at the clock.
const CLOCK_EVERY: u64 = 1024;

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A time after which every query gives up: it answers `false` and [`Solver::out_of_time`]
    /// says that the answer means nothing. `None` searches to the end, however long it takes.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.out_of_time = false;
    }

    /// Did a query give up at the deadline? What it learnt before is kept; what it was
    /// working on is not stored.
    pub fn out_of_time(&self) -> bool {
        self.out_of_time
    }

    /// Counts a node; true once the deadline has passed.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.out_of_time
            && self.nodes.is_multiple_of(CLOCK_EVERY)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// The most tricks `team` can take from `pos` (the trick in progress included). The
    /// position is one of four seats in two teams (R-SEAT).
    pub fn max_tricks(&mut self, pos: &PlayState, team: Side) -> u8 {
        let (mut lo, mut hi) = (0, pos.tricks_left());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if self.can_take(pos, team, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Can `team` take at least `k` of the tricks left?
    pub fn can_take(&mut self, pos: &PlayState, team: Side, k: u8) -> bool {
        self.prepare(pos);
        self.search(pos, team.index() as u8, k as i8)
    }

    /// Can `team` take each of the next `n` tricks, the one in progress first? Seven in a row
    /// from the start of a hand is a court (R-COURT); one trick is enough to stop it, so this
    /// search is far cheaper than counting tricks.
    pub fn can_sweep(&mut self, pos: &PlayState, team: Side, n: u8) -> bool {
        self.prepare(pos);
        self.sweep(pos, team.index() as u8, n)
    }

    fn prepare(&mut self, pos: &PlayState) {
        debug_assert!(pos.seats().in_teams(), "the solver plays four seats in two teams");
        let trumps = trump_number(pos);
        if self.trumps != Some(trumps) {
            self.table.clear();
            self.runs.iter_mut().for_each(HashMap::clear);
            self.trumps = Some(trumps);
        }
        // keep memory bounded over long sessions
        if self.table.len() + self.runs[0].len() + self.runs[1].len() > 4_000_000 {
            self.table.clear();
            self.runs.iter_mut().for_each(HashMap::clear);
        }
    }

    fn sweep(&mut self, pos: &PlayState, side: u8, n: u8) -> bool {
        if self.tick() {
            return false;
        }
        if n == 0 {
            return true;
        }
        let left = pos.tricks_left();
        if n > left {
            return false;
        }
        let mut key = None;
        if pos.trick_len() == 0 {
            if side_of(pos, pos.leader()) == side {
                if quick_tricks(pos) >= n {
                    return true;
                }
            } else if quick_tricks(pos) > 0 {
                // the other side cashes a trick at once
                return false;
            }
            if n == left && sure_trump_tricks(pos, side).1 > 0 {
                return false;
            }
            let k = key_of(pos);
            if let Some(&(lo, hi)) = self.runs[side as usize].get(&k) {
                if lo >= n {
                    return true;
                }
                if hi < n {
                    return false;
                }
            }
            key = Some(k);
        }
        let maximizing = side_of(pos, pos.to_play()) == side;
        let moves = ordered_moves(pos);
        let mut result = !maximizing;
        for &card in &moves.cards[..moves.len] {
            let (next, won) = child(pos, card);
            let ok = match won {
                Some(w) if w == side => self.sweep(&next, side, n - 1),
                Some(_) => false,
                None => self.sweep(&next, side, n),
            };
            if ok == maximizing {
                result = maximizing;
                break;
            }
        }
        if let Some(k) = key
            && !self.out_of_time
        {
            let bounds = self.runs[side as usize].entry(k).or_insert((0, left));
            if result {
                bounds.0 = bounds.0.max(n);
            } else {
                bounds.1 = bounds.1.min(n - 1);
            }
        }
        result
    }

    fn search(&mut self, pos: &PlayState, side: u8, target: i8) -> bool {
        if self.tick() {
            return false;
        }
        let left = pos.tricks_left() as i8;
        if target <= 0 {
            return true;
        }
        if target > left {
            return false;
        }
        let mut key = None;
        if pos.trick_len() == 0 {
            let quick = quick_tricks(pos) as i8;
            let (mut ours, mut theirs) = sure_trump_tricks(pos, side);
            if side_of(pos, pos.leader()) == side {
                ours = ours.max(quick);
            } else {
                theirs = theirs.max(quick);
            }
            if ours >= target {
                return true;
            }
            if left - theirs < target {
                return false;
            }
            let k = key_of(pos);
            if let Some(&(lo0, hi0)) = self.table.get(&k) {
                let (lo, hi) = if side == 0 {
                    (lo0 as i8, hi0 as i8)
                } else {
                    (left - hi0 as i8, left - lo0 as i8)
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
        let maximizing = side_of(pos, pos.to_play()) == side;
        let moves = ordered_moves(pos);
        let mut result = !maximizing;
        for &card in &moves.cards[..moves.len] {
            let (next, won) = child(pos, card);
            let t = match won {
                Some(w) if w == side => target - 1,
                _ => target,
            };
            if self.search(&next, side, t) == maximizing {
                result = maximizing;
                break;
            }
        }
        if let Some(k) = key
            && !self.out_of_time
        {
            let bounds = self.table.entry(k).or_insert((0, left as u8));
            let left = left as u8;
            let target = target as u8;
            match (side == 0, result) {
                (true, true) => bounds.0 = bounds.0.max(target),
                (true, false) => bounds.1 = bounds.1.min(target - 1),
                (false, true) => bounds.1 = bounds.1.min(left - target),
                (false, false) => bounds.0 = bounds.0.max(left - target + 1),
            }
        }
        result
    }
}

/// The four hands as card bits.
#[inline]
fn bits_of(pos: &PlayState) -> [u64; 4] {
    pos.hands().map(CardSet::bits)
}

/// Tricks the side on lead can cash at once, a lower bound: the leader's run of top trumps, and in
/// each other suit its run of top cards, counted only as far as every opponent who still holds a
/// trump must follow suit.
fn quick_tricks(pos: &PlayState) -> u8 {
    let hands = bits_of(pos);
    let trumps = trump_number(pos);
    let me = pos.leader().index();
    let opponents = [(me + 1) & 3, (me + 3) & 3];
    let all = hands[0] | hands[1] | hands[2] | hands[3];
    let trump_lane = if trumps == NO_TRUMPS {
        0
    } else {
        LANE << (trumps * 16)
    };
    let mut total = 0u32;
    for suit in 0..4u32 {
        let shift = suit * 16;
        let suit_all = (all >> shift) & LANE;
        if suit_all == 0 {
            continue;
        }
        let mine = (hands[me] >> shift) & LANE;
        // the leader's cards above every card of the suit held by anyone else
        let others = suit_all & !mine;
        let run = if others == 0 {
            mine.count_ones()
        } else {
            (mine >> (64 - others.leading_zeros())).count_ones()
        };
        let cashable = if u64::from(suit) == u64::from(trumps) || trump_lane == 0 {
            run
        } else {
            opponents
                .iter()
                .filter(|&&o| hands[o] & trump_lane != 0)
                .map(|&o| ((hands[o] >> shift) & LANE).count_ones())
                .fold(run, u32::min)
        };
        total += cashable;
    }
    total.min(hands[me].count_ones()) as u8
}

/// How promising a lead is, for move ordering: cash a suit's top card; lead low toward partner's
/// top card; lead trumps when the side holds most of them; otherwise lead low from length.
fn lead_score(hands: &[u64; 4], trumps: u8, me: usize, card: u8, occupied: u64) -> i32 {
    let suit = card >> 4;
    let shift = u32::from(suit) * 16;
    let lane = |h: u64| (h >> shift) & LANE;
    let suit_all = lane(occupied);
    let top = 63 - suit_all.leading_zeros();
    let mine = lane(hands[me]);
    let partner = lane(hands[(me + 2) & 3]);
    let rank = i32::from(card & 15);
    let length = mine.count_ones() as i32;
    if mine & (1 << top) != 0 && u32::from(card & 15) == top {
        return 100 + length;
    }
    if partner & (1 << top) != 0 {
        return 80 - rank;
    }
    if suit == trumps {
        let ours = (mine | partner).count_ones() as i32;
        let theirs = suit_all.count_ones() as i32 - ours;
        if ours > theirs {
            return 60 + rank;
        }
        return 10 - rank;
    }
    40 + length - rank
}

/// Tricks each side is sure of from its top trumps: a run of the highest trumps held by one
/// player wins a trick with each card, whenever it is played (nobody holds a higher one, and its
/// holder plays one card a trick). Returns (`side`'s, the other side's).
fn sure_trump_tricks(pos: &PlayState, side: u8) -> (i8, i8) {
    let trumps = trump_number(pos);
    if trumps == NO_TRUMPS {
        return (0, 0);
    }
    let shift = u32::from(trumps) * 16;
    let lanes = bits_of(pos).map(|h| (h >> shift) & LANE);
    let all = lanes[0] | lanes[1] | lanes[2] | lanes[3];
    if all == 0 {
        return (0, 0);
    }
    let top = 63 - all.leading_zeros();
    let Some(holder) = (0..4).find(|&s| lanes[s] & (1 << top) != 0) else {
        return (0, 0);
    };
    let others = all & !lanes[holder];
    let run = if others == 0 {
        lanes[holder].count_ones()
    } else {
        (lanes[holder] >> (64 - others.leading_zeros())).count_ones()
    } as i8;
    if side_of(pos, Seat::ALL[holder]) == side {
        (run, 0)
    } else {
        (0, run)
    }
}

/// What fills the unused end of [`Moves`].
const FILLER: Card = Card::new(Suit::Spades, Rank::TWO);

/// Up to 13 cards to try, in order.
struct Moves {
    cards: [Card; 13],
    len: usize,
}

/// One card of each group of equivalent cards, likely winners first.
fn ordered_moves(pos: &PlayState) -> Moves {
    let hands = bits_of(pos);
    let trumps = trump_number(pos);
    let me = pos.to_play().index();
    let legal = pos.legal().bits();
    let (_, trick) = pos.trick();
    let mut occupied = hands[0] | hands[1] | hands[2] | hands[3];
    for c in trick {
        occupied |= 1 << c.bit();
    }
    // representatives: the highest card of each run of the player's cards that no other card
    // still in play separates
    let mut reps = [0u8; 13];
    let mut n = 0;
    let mut bits = legal;
    while bits != 0 {
        let top = 63 - bits.leading_zeros();
        reps[n] = top as u8;
        n += 1;
        // skip the cards of this run
        let mut b = top;
        loop {
            bits &= !(1 << b);
            if b.is_multiple_of(16) {
                break;
            }
            let below = occupied & ((1u64 << b) - 1) & (LANE << (b & !15));
            if below == 0 {
                break;
            }
            let next = 63 - below.leading_zeros();
            if legal & (1 << next) == 0 {
                break;
            }
            b = next;
        }
    }
    let reps = &mut reps[..n];
    match pos.winning() {
        None => reps.sort_by_key(|&c| -lead_score(&hands, trumps, me, c, occupied)),
        Some((winner, best)) => {
            let partner_wins = winner.index() == (me + 2) & 3;
            let last = trick.len() == 3;
            reps.sort_by_key(|&c| {
                let wins = beats(c, best.bit(), trumps);
                let rank = (c & 15) as i32;
                match (partner_wins, wins) {
                    (true, false) => (0, rank),
                    (true, true) => (1, rank),
                    (false, true) if last => (0, rank),
                    (false, true) => (0, -rank),
                    (false, false) => (1, rank),
                }
            });
        }
    }
    let mut cards = [FILLER; 13];
    for (slot, c) in cards
        .iter_mut()
        .zip(reps.iter().filter_map(|&c| Card::from_bit(c)))
    {
        *slot = c;
    }
    Moves { cards, len: n }
}
