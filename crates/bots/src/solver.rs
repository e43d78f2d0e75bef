//! The double-dummy solver: with every hand open, the most tricks a side can take with best play
//! by everyone (R-FOLLOW, R-WIN).
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
use courtpiece_rules::{CardSet, Deal, PlayState, Seat, Side, Suit, Trick};

const LANE: u64 = 0x1FFF;

/// Why a position can not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SolveError(pub String);

/// A position of trick play with all hands open: the hands, the trick in progress, trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    hands: [u64; 4],
    trick: [u8; 4],
    trick_len: u8,
    leader: u8,
    trumps: u8,
    /// The card winning the trick in progress and its position in the trick.
    win: u8,
    win_pos: u8,
}

impl Position {
    /// The start of a trick: `leader` to lead, hands of equal length.
    pub fn new(deal: &Deal, trumps: Option<Suit>, leader: Seat) -> Result<Position, SolveError> {
        Position::with_trick(deal, &Trick::new(leader, trumps))
    }

    /// A trick in progress, as the table has it (its trumps, and who is winning it: R-HIDTRICK);
    /// the hands hold what is left.
    pub fn with_trick(deal: &Deal, table: &Trick) -> Result<Position, SolveError> {
        let leader = table.leader;
        let played: Vec<_> = table.plays().map(|(_, c)| c).collect();
        if played.len() > 3 {
            return Err(SolveError("a trick in progress has at most three cards".into()));
        }
        let mut seen = CardSet::EMPTY;
        for h in deal.hands {
            seen |= h;
        }
        let mut trick = [0u8; 4];
        for (i, c) in played.iter().enumerate() {
            if seen.contains(*c) {
                return Err(SolveError(format!("{c} is both on the table and in a hand")));
            }
            seen.insert(*c);
            trick[i] = c.bit();
        }
        // every seat that has played to this trick holds one card fewer than those still to play
        let left = deal.hand(leader.after(played.len())).len();
        for i in 0..4 {
            let seat = leader.after(i);
            let expected = if i < played.len() {
                left.saturating_sub(1)
            } else {
                left
            };
            if deal.hand(seat).len() != expected {
                return Err(SolveError(format!(
                    "hand {} holds {} cards where {expected} were expected",
                    seat.compass(),
                    deal.hand(seat).len()
                )));
            }
        }
        if left == 0 {
            return Err(SolveError("there is no card left to play".into()));
        }
        let (win_seat, win) = table.winner().map_or((leader, 0), |(s, c)| (s, c.bit()));
        let pos = Position {
            hands: deal.hands.map(CardSet::bits),
            trick,
            trick_len: played.len() as u8,
            leader: leader.index() as u8,
            trumps: table.trumps().map_or(NO_TRUMPS, |s| s as u8),
            win,
            win_pos: ((win_seat.index() + 4 - leader.index()) % 4) as u8,
        };
        // the cards on the table must have been legal: each follows the led suit if it could
        if let Some(first) = played.first() {
            let led = CardSet::suit_mask(first.suit()).bits();
            for (i, c) in played.iter().enumerate().skip(1) {
                let seat = leader.after(i).index();
                if c.suit() != first.suit() && pos.hands[seat] & led != 0 {
                    return Err(SolveError(format!(
                        "{c} does not follow the suit led although {} holds it",
                        Seat::ALL[seat].compass()
                    )));
                }
            }
        }
        Ok(pos)
    }

    /// The position a search state stands in (its heap, if any, is not the solver's concern).
    pub fn from_play_state(state: &PlayState) -> Position {
        let (leader, played) = state.trick();
        let mut trick = [0u8; 4];
        for (i, c) in played.iter().enumerate() {
            trick[i] = c.bit();
        }
        let (win, win_pos) = state.winning().map_or((0, 0), |(seat, card)| {
            (card.bit(), ((seat.index() + 4 - leader.index()) % 4) as u8)
        });
        Position {
            hands: state.hands().map(CardSet::bits),
            trick,
            trick_len: played.len() as u8,
            leader: leader.index() as u8,
            trumps: state.trumps().map_or(NO_TRUMPS, |s| s as u8),
            win,
            win_pos,
        }
    }

    pub fn to_play(&self) -> Seat {
        Seat::ALL[((self.leader + self.trick_len) & 3) as usize]
    }

    /// Tricks still to be played, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.to_play().index()].count_ones() as u8
    }

    /// The legal cards of the seat to play (R-FOLLOW).
    pub fn legal(&self) -> CardSet {
        CardSet::from_bits(self.legal_bits())
    }

    fn legal_bits(&self) -> u64 {
        let hand = self.hands[((self.leader + self.trick_len) & 3) as usize];
        if self.trick_len == 0 {
            return hand;
        }
        let follow = hand & (LANE << (self.trick[0] & !15));
        if follow == 0 { hand } else { follow }
    }

    /// The card and position winning the trick so far (R-WIN).
    fn winning(&self) -> (u8, usize) {
        (self.win, usize::from(self.win_pos))
    }

    /// The seat and card winning the trick in progress, if a card has been played to it.
    pub fn winning_play(&self) -> Option<(Seat, u8)> {
        (self.trick_len > 0).then(|| {
            let (card, pos) = self.winning();
            (Seat::ALL[((self.leader + pos as u8) & 3) as usize], card)
        })
    }

    /// Would `card`, played now, win the trick so far? (R-WIN)
    pub fn would_win(&self, card: u8) -> bool {
        self.winning_play()
            .is_none_or(|(_, best)| beats(card, best, self.trumps))
    }

    /// Trumps, if any.
    pub fn trumps(&self) -> Option<Suit> {
        (self.trumps < NO_TRUMPS).then(|| Suit::from_index(usize::from(self.trumps)))
    }

    /// All four hands as they stand.
    pub fn hands(&self) -> [CardSet; 4] {
        self.hands.map(CardSet::from_bits)
    }

    /// Plays a card of the seat to play; returns the new position and the trick's winner if the
    /// card completed it.
    pub fn play(&self, card: u8) -> (Position, Option<u8>) {
        let mut next = *self;
        let seat = ((self.leader + self.trick_len) & 3) as usize;
        next.hands[seat] &= !(1 << card);
        next.trick[self.trick_len as usize] = card;
        if self.trick_len == 0 || beats(card, self.win, self.trumps) {
            next.win = card;
            next.win_pos = self.trick_len;
        }
        next.trick_len += 1;
        if next.trick_len < 4 {
            return (next, None);
        }
        let winner = (self.leader + next.win_pos) & 3;
        next.leader = winner;
        next.trick_len = 0;
        (next, Some(winner))
    }

    /// The hands in relative ranks: in each suit, the cards still held renumbered from 0 so that
    /// positions differing only in spent cards share one key.
    fn key(&self) -> Key {
        let mut out = [0u64; 4];
        let all = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        for suit in 0..4 {
            let shift = suit * 16;
            let mut bits = (all >> shift) & LANE;
            let mut rel = 0;
            while bits != 0 {
                let b = bits.trailing_zeros() + shift;
                for (o, h) in out.iter_mut().zip(self.hands) {
                    *o |= ((h >> b) & 1) << (shift + rel);
                }
                rel += 1;
                bits &= bits - 1;
            }
        }
        Key {
            hands: out,
            leader: self.leader,
        }
    }
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

    /// The most tricks `team` can take from `pos` (the trick in progress included).
    pub fn max_tricks(&mut self, pos: &Position, team: Side) -> u8 {
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
    pub fn can_take(&mut self, pos: &Position, team: Side, k: u8) -> bool {
        self.prepare(pos);
        self.search(pos, team.index() as u8, k as i8)
    }

    /// Can `team` take each of the next `n` tricks, the one in progress first? Seven in a row
    /// from the start of a hand is a court (R-COURT); one trick is enough to stop it, so this
    /// search is far cheaper than counting tricks.
    pub fn can_sweep(&mut self, pos: &Position, team: Side, n: u8) -> bool {
        self.prepare(pos);
        self.sweep(pos, team.index() as u8, n)
    }

    fn prepare(&mut self, pos: &Position) {
        if self.trumps != Some(pos.trumps) {
            self.table.clear();
            self.runs.iter_mut().for_each(HashMap::clear);
            self.trumps = Some(pos.trumps);
        }
        // keep memory bounded over long sessions
        if self.table.len() + self.runs[0].len() + self.runs[1].len() > 4_000_000 {
            self.table.clear();
            self.runs.iter_mut().for_each(HashMap::clear);
        }
    }

    fn sweep(&mut self, pos: &Position, side: u8, n: u8) -> bool {
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
        if pos.trick_len == 0 {
            if pos.leader & 1 == side {
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
            let k = pos.key();
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
        let maximizing = pos.to_play().index() as u8 & 1 == side;
        let moves = ordered_moves(pos);
        let mut result = !maximizing;
        for &card in &moves.cards[..moves.len] {
            let (child, won) = pos.play(card);
            let ok = match won {
                Some(w) if w & 1 == side => self.sweep(&child, side, n - 1),
                Some(_) => false,
                None => self.sweep(&child, side, n),
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

    fn search(&mut self, pos: &Position, side: u8, target: i8) -> bool {
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
        if pos.trick_len == 0 {
            let quick = quick_tricks(pos) as i8;
            let (mut ours, mut theirs) = sure_trump_tricks(pos, side);
            if pos.leader & 1 == side {
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
            let k = pos.key();
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
        let maximizing = pos.to_play().index() as u8 & 1 == side;
        let moves = ordered_moves(pos);
        let mut result = !maximizing;
        for &card in &moves.cards[..moves.len] {
            let (child, won) = pos.play(card);
            let t = match won {
                Some(w) if w & 1 == side => target - 1,
                _ => target,
            };
            if self.search(&child, side, t) == maximizing {
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

/// Tricks the side on lead can cash at once, a lower bound: the leader's run of top trumps, and in
/// each other suit its run of top cards, counted only as far as every opponent who still holds a
/// trump must follow suit.
fn quick_tricks(pos: &Position) -> u8 {
    let me = pos.leader as usize;
    let opponents = [(me + 1) & 3, (me + 3) & 3];
    let all = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3];
    let trump_lane = if pos.trumps == NO_TRUMPS {
        0
    } else {
        LANE << (pos.trumps * 16)
    };
    let mut total = 0u32;
    for suit in 0..4u32 {
        let shift = suit * 16;
        let suit_all = (all >> shift) & LANE;
        if suit_all == 0 {
            continue;
        }
        let mine = (pos.hands[me] >> shift) & LANE;
        // the leader's cards above every card of the suit held by anyone else
        let others = suit_all & !mine;
        let run = if others == 0 {
            mine.count_ones()
        } else {
            (mine >> (64 - others.leading_zeros())).count_ones()
        };
        let cashable = if u64::from(suit) == u64::from(pos.trumps) || trump_lane == 0 {
            run
        } else {
            opponents
                .iter()
                .filter(|&&o| pos.hands[o] & trump_lane != 0)
                .map(|&o| ((pos.hands[o] >> shift) & LANE).count_ones())
                .fold(run, u32::min)
        };
        total += cashable;
    }
    total.min(pos.hands[me].count_ones()) as u8
}

/// How promising a lead is, for move ordering: cash a suit's top card; lead low toward partner's
/// top card; lead trumps when the side holds most of them; otherwise lead low from length.
fn lead_score(pos: &Position, me: usize, card: u8, occupied: u64) -> i32 {
    let suit = card >> 4;
    let shift = u32::from(suit) * 16;
    let lane = |h: u64| (h >> shift) & LANE;
    let suit_all = lane(occupied);
    let top = 63 - suit_all.leading_zeros();
    let mine = lane(pos.hands[me]);
    let partner = lane(pos.hands[(me + 2) & 3]);
    let rank = i32::from(card & 15);
    let length = mine.count_ones() as i32;
    if mine & (1 << top) != 0 && u32::from(card & 15) == top {
        return 100 + length;
    }
    if partner & (1 << top) != 0 {
        return 80 - rank;
    }
    if suit == pos.trumps {
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
fn sure_trump_tricks(pos: &Position, side: u8) -> (i8, i8) {
    if pos.trumps == NO_TRUMPS {
        return (0, 0);
    }
    let shift = u32::from(pos.trumps) * 16;
    let lanes = pos.hands.map(|h| (h >> shift) & LANE);
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
    if holder as u8 & 1 == side {
        (run, 0)
    } else {
        (0, run)
    }
}

/// Up to 13 cards to try, in order.
struct Moves {
    cards: [u8; 13],
    len: usize,
}

/// One card of each group of equivalent cards, likely winners first.
fn ordered_moves(pos: &Position) -> Moves {
    let me = ((pos.leader + pos.trick_len) & 3) as usize;
    let legal = pos.legal_bits();
    let mut occupied = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3];
    for &c in &pos.trick[..pos.trick_len as usize] {
        occupied |= 1 << c;
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
    if pos.trick_len == 0 {
        reps.sort_by_key(|&c| -lead_score(pos, me, c, occupied));
    } else {
        let (best, pos_best) = pos.winning();
        let partner_wins = (pos_best as u8 + pos.leader) & 3 == ((me + 2) & 3) as u8;
        let last = pos.trick_len == 3;
        reps.sort_by_key(|&c| {
            let wins = beats(c, best, pos.trumps);
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
    let mut cards = [0u8; 13];
    cards[..n].copy_from_slice(reps);
    Moves { cards, len: n }
}
