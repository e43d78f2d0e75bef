//! The double-dummy solver: with every hand open, the most tricks a side can take with best play
//! by everyone (R-FOLLOW, R-WIN); under the Double Sar heap, the most tricks it can collect
//! (R-HEAP, R-COLLECT, R-LASTHEAP, with `V-FIRSTCOLLECT` and `V-FIRSTTWO`).
//!
//! It searches the rules crate's [`PlayState`], the one position of trick play every bot plays
//! through, so a trick is won here exactly as at the table.
//!
//! Alpha-beta as a series of yes/no searches ("can this side take k more tricks?"), with:
//! partition search, in the manner of the bridge solvers: each answer comes with the cards it
//! depended on (in each suit, the cards from the top down to the lowest whose rank decided a
//! trick), and the transposition table at the start of each trick keeps it for every position
//! with the same suit lengths in each hand whose relevant cards are held by the same seats;
//! equivalent cards (touching once the cards between them are gone) searched once; bounds at the
//! start of a trick (tricks either side can cash, tricks its trumps take by rank and by length,
//! and the later-tricks bounds of the bridge solvers) and within one (a trick whose winner is
//! plain, when one trick decides); and move ordering that tries likely winners first, and first
//! of all the lead that decided the same position before, then leads that decided other
//! positions (killers, and a history of each seat's deciding leads).
//!
//! Under the heap the value of a position is the tricks still to be collected, which depend on
//! the heap and on the player who won the last trick: both are part of every key, and the bounds,
//! which count tricks won, are not used. Every trick is collected by the end (R-LASTHEAP), so
//! what one team does not collect the other does, as with tricks.
//! `V-ACE=no-collect` is not solved: it tells an ace from the king below it, which the
//! equivalent cards of the search do not.
//!
//! Under Mindi (RM-HEAP) what is collected is worth its tens first and its tricks next: the value
//! of a position is the tricks still to be collected and [`TEN`] for each ten among them, more
//! than every trick together, so one number orders the ends as RM-WIN does. A ten is never
//! equivalent to the cards touching it, and who holds each ten, and where it stands in its suit,
//! is part of every answer the table keeps.
//!
//! Numbers here are small by the rules of the game: card bits (below 64), seats and positions in
//! a trick (below 4), tricks and bounds (at most 13; under Mindi, with the tens, at most 69). They are kept in `u8` and `i8` so that
//! positions and table entries stay small, and cast between those types and the indices that
//! address arrays.
#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "card bits, seats, trick positions and trick counts are below 70 (module doc)"
)]

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::trick::{NO_TRUMPS, beats_bits as beats};
use courtpiece_rules::{
    Call, Card, CardSet, Collect, Count, Mode, PlayState, Rank, RuleSet, Seat, Side, Suit, Waits,
};

const LANE: u64 = 0x1FFF;

/// The number of cards in each set of one suit's 13 cards, for the suit lengths the search counts
/// at every trick: as fast as the processor's popcount instruction where the build has it, and
/// much faster than the software count of builds that do not.
const COUNT: [u8; 1 << 13] = {
    let mut table = [0; 1 << 13];
    let mut i = 0;
    while i < table.len() {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// The cards in a suit's lane (13 bits).
#[inline]
fn count(lane: u64) -> u32 {
    u32::from(COUNT[(lane & LANE) as usize])
}

/// The hands in relative ranks: in each suit, the cards still held renumbered from 0 so that
/// positions differing only in spent cards share one key.
pub(crate) fn key_of(pos: &PlayState) -> Key {
    let hands = pos.hands().map(CardSet::bits);
    let mut out = [0u64; 4];
    let all = held(&hands);
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
        heap: heap_of(pos),
    }
}

/// The heap as one number for the keys: 0 in Single Sar, else from the tricks on it and the
/// player whose next win in a row collects them.
#[inline]
fn heap_of(pos: &PlayState) -> u8 {
    pos.heap().map_or(0, |heap| {
        1 + heap.tricks * 5 + heap.run.map_or(4, |seat| seat.index() as u8)
    })
}

/// Does the solver count what the hand is played for under these rules? Tricks, or tricks
/// collected under the heap, at four seats in two teams, with trumps known to it once play
/// starts; under Mindi the tens collected with them ([`TEN`]). Not trumps fixed by a void
/// (RB-TRUMP), Satat's 2♥ (its quick-trick bounds know nothing of it), `V-ACE=no-collect`, or a
/// heap that waits for trumps (RB-HEAP, RDB-HEAP). A face-down indicator is the caller's to
/// check: the solver must be told the trumps.
pub fn solves(rules: &RuleSet) -> bool {
    let heap = Collect::of(rules);
    rules.seats().in_teams()
        && (rules.mode == Mode::SingleSar || (!heap.ace_blocks && heap.waits == Waits::Never))
        && (rules.count == Count::Tricks || rules.mode == Mode::DoubleSar)
        && rules.call != Call::FirstVoid
        && !rules.two_of_hearts
}

/// What a ten collected is worth under Mindi, in tricks: more than all thirteen, so that a side's
/// tens decide before its tricks (RM-WIN).
pub const TEN: u8 = 14;

/// Under Mindi, what a side collects to win the hand in the unit of [`at_stake`]: two tens and
/// seven tricks (two tens each, RM-WIN); three tens and no trick are more than two tens and
/// thirteen tricks.
pub const TENS_TO_WIN: u8 = 2 * TEN + SEVEN;

/// Under Mindi, all four tens: a mendikot (RM-KOT).
pub const MENDIKOT: u8 = 4 * TEN;

/// The tens, one bit in each suit's lane.
const TENS: u64 = 0x0100_0100_0100_0100;

/// The tricks still to be won, or under the heap to be collected: those left to play and
/// those on the heap; under Mindi with [`TEN`] for each ten among them.
pub fn at_stake(pos: &PlayState) -> u8 {
    let tricks = pos.tricks_left() + pos.heap().map_or(0, |heap| heap.tricks);
    if !pos.counts_tens() {
        return tricks;
    }
    tricks + TEN * tens_at_stake(pos)
}

/// The tens still to be collected: held, on the table and on the heap.
fn tens_at_stake(pos: &PlayState) -> u8 {
    let (_, trick) = pos.trick();
    let on_table = trick.iter().filter(|c| c.rank() == Rank::TEN).count() as u8;
    let held = (held(&bits_of(pos)) & TENS).count_ones() as u8;
    let heaped = pos.heap().map_or(0, |heap| heap.tens);
    held + on_table + heaped
}

/// What `side` has collected so far, in the unit of [`at_stake`].
pub fn counted(pos: &PlayState, side: Side) -> u8 {
    let tricks = pos.taken()[side.index()];
    if pos.counts_tens() {
        tricks + TEN * pos.tens()[side.index()]
    } else {
        tricks
    }
}

/// What a search counts. Whether a side collects `k` tens under Mindi does not depend on its
/// tricks, and asked only that, the search counts the tens alone: the positions on the way then
/// ask fewer different questions, and more of them find their answer in the table (measured: 8 %
/// fewer nodes on six whole deals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Measure {
    /// The tricks, and under Mindi [`TEN`] for each ten ([`at_stake`]).
    #[default]
    Counted,
    /// Under Mindi, [`TEN`] for each ten and nothing for a trick.
    Tens,
}

impl Measure {
    /// What is still at stake from `pos`.
    #[inline]
    fn stake(self, pos: &PlayState) -> u8 {
        match self {
            Measure::Counted => at_stake(pos),
            Measure::Tens => TEN * tens_at_stake(pos),
        }
    }

    /// What `side` takes, or collects, with the trick `next` completed after `pos`.
    #[inline]
    fn gain(self, pos: &PlayState, next: &PlayState, side: u8) -> i8 {
        let side = usize::from(side);
        let tricks = (next.taken()[side] - pos.taken()[side]) as i8;
        let tens = || (TEN * (next.tens()[side] - pos.tens()[side])) as i8;
        match self {
            Measure::Counted if pos.counts_tens() => tricks + tens(),
            Measure::Counted => tricks,
            Measure::Tens => tens(),
        }
    }

    /// The measure's mark in a [`Shape`]: answers of one measure are no answers of the other.
    fn mark(self) -> u32 {
        match self {
            Measure::Counted => 0,
            Measure::Tens => 1 << 31,
        }
    }
}

/// The side of a seat, as the search counts it: 0 or 1.
#[inline]
fn side_of(pos: &PlayState, seat: Seat) -> u8 {
    pos.seats().side(seat).index() as u8
}

/// A first guess at the most tricks `side` takes from `pos`, out of the `stake`, for
/// [`Solver::max_tricks`] to search around: half of them, and a trick more for every 3 points of
/// high cards (ace 4, king 3, queen 2, jack 1) the side holds beyond half of them, and for every 2
/// trumps it holds more than the other side.
fn guess(pos: &PlayState, side: u8, stake: u8) -> u8 {
    const ACES: u64 = 0x1000_1000_1000_1000;
    let points = |hand: u64| {
        (0..4)
            .map(|n| (4 - n) * (hand & (ACES >> n)).count_ones() as i32)
            .sum::<i32>()
    };
    let trump_lane = trump_lane_of(pos);
    let mut ahead = 0;
    for (seat, hand) in Seat::ALL.into_iter().zip(bits_of(pos)) {
        let weight = 2 * points(hand) + 6 * (hand & trump_lane).count_ones() as i32;
        ahead += if side_of(pos, seat) == side {
            weight
        } else {
            -weight
        };
    }
    // in twelfths of a trick, rounded: `ahead` is twice the points and six times the trumps the
    // side holds more than the other
    let twelfths = 6 * i32::from(stake) + ahead;
    (twelfths + 6).div_euclid(12).clamp(0, i32::from(stake)) as u8
}

/// The trump suit's lane of card bits, or none in no trumps.
fn trump_lane_of(pos: &PlayState) -> u64 {
    match trump_number(pos) {
        NO_TRUMPS => 0,
        trumps => LANE << (u32::from(trumps) * 16),
    }
}

/// The run of top cards a hand holds in a suit (`mine`, of the suit's held cards `suit_all`, both
/// lanes): its cards above every card anyone else holds.
fn top_run(mine: u64, suit_all: u64) -> u32 {
    let others = suit_all & !mine;
    if others == 0 {
        count(mine)
    } else {
        count(mine >> (64 - others.leading_zeros()))
    }
}

/// Plays `card` on a copy of `pos`: the new position and the side that won the trick, if the
/// card completed one.
#[inline]
fn child(pos: &PlayState, card: Card) -> (PlayState, Option<u8>) {
    let mut next = *pos;
    let won = next.play(card).map(|w| side_of(pos, w));
    (next, won)
}

/// Has `seat` played its card to the trick in progress?
fn played_to_trick(pos: &PlayState, seat: Seat) -> bool {
    let (leader, cards) = pos.trick();
    pos.seats().places(leader, seat) < cards.len()
}

/// Trumps as a suit number for [`beats`].
fn trump_number(pos: &PlayState) -> u8 {
    pos.trumps().map_or(NO_TRUMPS, |s| s as u8)
}

/// A position where a trick starts, in relative ranks, with its leader.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    hands: [u64; 4],
    leader: u8,
    heap: u8,
}

/// A table of what is known of positions where a trick starts.
pub(crate) type KeyMap<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// A multiply-and-rotate hasher: the keys are random-looking bit sets already.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

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

/// Bounds on the tricks team 0 takes from a position, from 0 to the tricks at stake.
type Bounds = (u8, u8);

/// The cards an answer depended on: in each suit, the lowest rank (a card bit within the suit)
/// from which every card up is relevant, or [`IRRELEVANT`] when no card of the suit is. Which
/// seat holds a card below it, and so its exact rank, did not change the answer.
type Relevant = [u8; 4];

const IRRELEVANT: u8 = 16;
const NOTHING: Relevant = [IRRELEVANT; 4];

/// Marks the card with bit `bit`, and every card above it in its suit, relevant.
#[inline]
fn mark(relevant: &mut Relevant, bit: u8) {
    let suit = usize::from(bit >> 4);
    relevant[suit] = relevant[suit].min(bit & 15);
}

#[inline]
fn union(a: Relevant, b: Relevant) -> Relevant {
    [a[0].min(b[0]), a[1].min(b[1]), a[2].min(b[2]), a[3].min(b[3])]
}

/// Positions an answer may be shared with: the same seat on lead and the same number of cards
/// of each suit in each hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Shape {
    lengths: u64,
    leader: u8,
    heap: u8,
    /// Under Mindi, the tens on the heap and where each ten stands in its suit (see
    /// [`tens_of`]); 0 where tens do not count.
    tens: u32,
}

/// Who holds each card of each suit, top card first, two bits a card, a suit in each 32 bits.
type Owners = u128;

/// What the table knows of the positions of one shape whose relevant cards lie as `owners` says
/// (only the bits `mask` covers: two per relevant card, from the top).
#[derive(Clone, Copy)]
struct Entry {
    mask: u128,
    owners: Owners,
    bounds: Bounds,
    /// The lead that last decided a search here, as its suit and its place from the top of the
    /// suit (`suit * 16 + place`), tried first next time; [`NO_LEAD`] if none did.
    lead: u8,
}

const NO_LEAD: u8 = u8::MAX;

/// What the table says of a position: an answer, or else the lead to try first.
enum Lookup {
    Answer(bool, Relevant),
    TryFirst(Option<Card>),
}

impl Entry {
    #[inline]
    fn fits(&self, owners: Owners) -> bool {
        (owners ^ self.owners) & self.mask == 0
    }
}

/// The answers kept for each shape.
type Partitions = HashMap<Shape, Vec<Entry>, BuildHasherDefault<KeyHasher>>;

/// How a race to seven ends with best play by everyone: who wins it, and whether with a court.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceEnd {
    pub winner: Side,
    pub court: bool,
}

/// The double-dummy solver. Keep one for many positions with the same trumps: what it learns
/// carries over.
#[derive(Default)]
pub struct Solver {
    table: Partitions,
    entries: usize,
    /// Bounds on the run of tricks each team can take from a position, by team.
    runs: [KeyMap<Bounds>; 2],
    /// What the table's answers hold for: the trumps, the heap's options, and whether tens count.
    game: Option<(u8, Option<Collect>, bool)>,
    clock: Clock,
    /// Of the nodes searched, the positions where a trick starts: the count the bridge solvers
    /// report.
    trick_nodes: u64,
    /// The lead that last decided a search, by tricks left: sibling positions often fall to
    /// the same lead, and trying it first saves searching the others.
    killers: [Option<Card>; 14],
    history: History,
    /// What the query being answered counts.
    measure: Measure,
}

/// Which leads decided searches, for each seat (the history heuristic): a lead that decided
/// positions with many tricks left is a lead to try early in others. It adds a little to the
/// score of a lead, enough to order leads the rules of thumb score alike: measured, a larger
/// weight searched more.
#[derive(Default)]
struct History(Vec<u32>);

const NO_HISTORY: History = History(Vec::new());

impl History {
    /// `card`, led by `seat` with `tricks_left` to play, decided a search.
    fn record(&mut self, seat: Seat, card: Card, tricks_left: u8) {
        if self.0.is_empty() {
            self.0 = vec![0; 4 * 64];
        }
        let weight = &mut self.0[seat.index() * 64 + usize::from(card.bit())];
        *weight = weight.saturating_add(1 << tricks_left);
    }

    /// What the history adds to the score of a lead: from 0 to 5, a quarter of the log of its
    /// weight.
    fn bonus(&self, seat: usize, bit: u8) -> i32 {
        let weight = self.0.get(seat * 64 + usize::from(bit)).copied().unwrap_or(0);
        (32 - weight.leading_zeros()) as i32 / 4
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}

/// How many nodes go by between looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// A search's count of the nodes it searched, and the time it gives up at.
#[derive(Default)]
pub(crate) struct Clock {
    nodes: u64,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Clock {
    pub(crate) fn until(deadline: Option<Instant>) -> Clock {
        Clock {
            deadline,
            ..Clock::default()
        }
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Gives up at `deadline` from now on; the nodes counted so far stay counted.
    fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.out_of_time = false;
    }

    /// Did the search give up at the deadline?
    pub(crate) fn out_of_time(&self) -> bool {
        self.out_of_time
    }

    /// Counts a node; true once the deadline has passed.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.out_of_time
            && self.nodes.is_multiple_of(CLOCK_EVERY)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.out_of_time = true;
        }
        self.out_of_time
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
    }

    /// Positions searched so far where a trick starts, the root's included.
    pub fn trick_nodes(&self) -> u64 {
        self.trick_nodes
    }

    /// A time after which every query gives up: it answers `false` and [`Solver::out_of_time`]
    /// says that the answer means nothing. `None` searches to the end, however long it takes.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.clock.set_deadline(deadline);
    }

    /// Did a query give up at the deadline? What it learnt before is kept; what it was
    /// working on is not stored.
    pub fn out_of_time(&self) -> bool {
        self.clock.out_of_time()
    }

    /// The most tricks `team` can take from `pos` (the trick in progress included), or under
    /// the heap collect (those on it included). The position is one of four seats in two teams
    /// (R-SEAT).
    ///
    /// Searches "can it take k?" from a guess one trick at a time, up or down, as MTD(f) does:
    /// the searches near the answer cost the most and two of them are needed anyway (the answer
    /// and one more), where halving the range asks others near it too (measured: 4 % to 11 % fewer
    /// nodes than halving, 2 % to 5 % fewer than halving after the guess and its neighbour).
    ///
    /// Under Mindi the answer is in the unit of [`at_stake`], tricks and [`TEN`] a ten, and the
    /// range is halved: the guess knows nothing of tens.
    pub fn max_tricks(&mut self, pos: &PlayState, team: Side) -> u8 {
        let (mut lo, mut hi) = (0, at_stake(pos));
        if pos.counts_tens() {
            while lo < hi {
                let k = lo + (hi - lo).div_ceil(2);
                if self.can_take(pos, team, k) {
                    lo = k;
                } else {
                    hi = k - 1;
                }
            }
            return lo;
        }
        let mut k = guess(pos, team.index() as u8, hi);
        while lo < hi {
            k = k.clamp(lo + 1, hi);
            if self.can_take(pos, team, k) {
                lo = k;
                k += 1;
            } else {
                hi = k - 1;
                k -= 1;
            }
        }
        lo
    }

    /// Can `team` take, or collect, at least `k` of the tricks at stake ([`at_stake`])?
    pub fn can_take(&mut self, pos: &PlayState, team: Side, k: u8) -> bool {
        self.reaches(pos, team, k, Measure::Counted)
    }

    /// Can `team` reach `k` of what is at stake, counted by `measure`?
    fn reaches(&mut self, pos: &PlayState, team: Side, k: u8, measure: Measure) -> bool {
        self.prepare(pos);
        self.measure = measure;
        self.search(pos, team.index() as u8, k as i8).0
    }

    /// Can `team` take each of the next `n` tricks, the one in progress first? Seven in a row
    /// from the start of a hand is a court (R-COURT); one trick is enough to stop it, so this
    /// search is far cheaper than counting tricks. Not under the heap, where tricks won in a
    /// row are not tricks collected.
    pub fn can_sweep(&mut self, pos: &PlayState, team: Side, n: u8) -> bool {
        debug_assert!(pos.heap().is_none(), "a run of tricks is asked in Single Sar");
        self.prepare(pos);
        self.sweep(pos, team.index() as u8, n)
    }

    /// How the race to seven tricks (R-SEVEN; seven collected under the heap, R-DSWIN) ends from
    /// `pos`, `taken` the tricks counted so far, `team`'s and then the other team's. A court is
    /// the loser on none and the winner taking every trick to its seventh (R-COURT), or under
    /// the heap every trick still to be collected (R-DSKOT).
    pub fn race_end(&mut self, pos: &PlayState, team: Side, taken: [u8; 2], heap: bool) -> RaceEnd {
        let [ours, theirs] = taken;
        let won = ours >= SEVEN || (theirs < SEVEN && self.can_take(pos, team, SEVEN - ours));
        let (winner, taken, losers) = if won {
            (team, ours, theirs)
        } else {
            (team.other(), theirs, ours)
        };
        let court = losers == 0
            && if heap {
                self.can_take_all(pos, winner)
            } else {
                taken >= SEVEN || self.can_sweep(pos, winner, SEVEN - taken)
            };
        RaceEnd { winner, court }
    }

    /// Under Mindi, the most tens `team` can still collect (those on the heap and on the table
    /// included).
    pub fn max_tens(&mut self, pos: &PlayState, team: Side) -> u8 {
        debug_assert!(pos.counts_tens(), "tens are counted under Mindi");
        let mut tens = 0;
        while TEN * (tens + 1) <= Measure::Tens.stake(pos)
            && self.reaches(pos, team, TEN * (tens + 1), Measure::Tens)
        {
            tens += 1;
        }
        tens
    }

    /// Under Mindi, can `team` end the hand with `tens` tens, those collected before `pos`
    /// included, whatever its tricks?
    pub fn can_collect_tens(&mut self, pos: &PlayState, team: Side, tens: u8) -> bool {
        debug_assert!(pos.counts_tens(), "tens are counted under Mindi");
        let have = pos.tens()[team.index()];
        have >= tens || self.reaches(pos, team, TEN * (tens - have), Measure::Tens)
    }

    /// How a hand of Mindi ends from `pos` with best play by everyone: the side with three or
    /// four tens wins, with two each the side with seven tricks or more (RM-WIN), and all four
    /// tens are a mendikot, the court of RM-KOT. What was collected before `pos` counts.
    pub fn tens_end(&mut self, pos: &PlayState, team: Side) -> RaceEnd {
        debug_assert!(pos.counts_tens(), "tens are counted under Mindi");
        let have = counted(pos, team);
        let winner = if have >= TENS_TO_WIN || self.can_take(pos, team, TENS_TO_WIN - have) {
            team
        } else {
            team.other()
        };
        RaceEnd {
            winner,
            court: self.can_collect_tens(pos, winner, MENDIKOT / TEN),
        }
    }

    /// Can `team` take, or under the heap collect, every trick still at stake ([`at_stake`])?
    /// All thirteen (R-PLAYON), or every trick collected (R-DSKOT). In Single Sar that is a run
    /// of every trick left, the cheaper search; under the heap a count, since tricks won in a row
    /// are not tricks collected.
    pub fn can_take_all(&mut self, pos: &PlayState, team: Side) -> bool {
        let n = at_stake(pos);
        n == 0
            || if pos.heap().is_some() {
                self.can_take(pos, team, n)
            } else {
                self.can_sweep(pos, team, n)
            }
    }

    fn prepare(&mut self, pos: &PlayState) {
        debug_assert!(pos.seats().in_teams(), "the solver plays four seats in two teams");
        debug_assert!(
            pos.collect().is_none_or(|c| !c.ace_blocks),
            "V-ACE=no-collect is not solved"
        );
        let game = (trump_number(pos), pos.collect(), pos.counts_tens());
        if self.game != Some(game) {
            self.forget();
            self.game = Some(game);
        }
        // keep memory bounded over long sessions
        if self.entries + self.runs[0].len() + self.runs[1].len() > 4_000_000 {
            self.forget();
        }
    }

    fn forget(&mut self) {
        self.table.clear();
        self.history.clear();
        self.entries = 0;
        self.runs.iter_mut().for_each(HashMap::clear);
    }

    fn sweep(&mut self, pos: &PlayState, side: u8, n: u8) -> bool {
        if pos.trick_len() == 0 {
            self.trick_nodes += 1;
        }
        if self.clock.tick() {
            return false;
        }
        if n == 0 {
            return true;
        }
        let left = pos.tricks_left();
        if n > left {
            return false;
        }
        // RS-TWO: Satat's 2♥ takes any trick its holder plays it to; the quick bounds below
        // know nothing of it
        let two = pos.top_two_holder();
        if let Some(holder) = two
            && side_of(pos, holder) != side
            && (n > 1 || !played_to_trick(pos, holder))
        {
            return false;
        }
        let mut key = None;
        if pos.trick_len() == 0 && two.is_none() {
            if side_of(pos, pos.leader()) == side {
                if quick_tricks(pos).total >= n {
                    return true;
                }
            } else if quick_tricks(pos).total > 0 {
                // the other side cashes a trick at once
                return false;
            }
            if n == left && sure_trump_tricks(pos, side).1.total > 0 {
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
        let moves = ordered_moves(pos, &NO_HISTORY);
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
            && !self.clock.out_of_time()
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

    /// Can `side` take `target` more tricks? With the cards the answer depended on.
    fn search(&mut self, pos: &PlayState, side: u8, target: i8) -> (bool, Relevant) {
        if pos.trick_len() == 0 {
            self.trick_nodes += 1;
        }
        if self.clock.tick() {
            return (false, NOTHING);
        }
        let most = self.measure.stake(pos) as i8;
        if target <= 0 {
            return (true, NOTHING);
        }
        if target > most {
            return (false, NOTHING);
        }
        let mut at = None;
        let mut first = None;
        // one trick to take, or none to lose: the trick in progress may settle it
        if (target == 1 || target == most)
            && pos.trick_len() > 0
            && pos.heap().is_none()
            && let Some((team, cards)) = sure_winner(pos)
        {
            if team == side && target == 1 {
                return (true, cards);
            }
            if team != side && target == most {
                return (false, cards);
            }
        }
        if pos.trick_len() == 0 && pos.heap().is_some() {
            // the last trick is played as it must be: a table's answer would cost more
            if pos.tricks_left() > 1 {
                let (shape, owners) = shape_of(pos, self.measure);
                match self.look_up(pos, shape, owners, side, target) {
                    Lookup::Answer(ok, cards) => return (ok, cards),
                    Lookup::TryFirst(lead) => first = lead,
                }
                at = Some((shape, owners));
            }
        } else if pos.trick_len() == 0 {
            let (own, own_after_trumps) = cashing(pos, pos.leader().index());
            let quick = quick_tricks_from(pos, own_after_trumps);
            let (ours, theirs) = sure_trump_tricks(pos, side);
            let leading = side_of(pos, pos.leader()) == side;
            let (ours, theirs) = if leading {
                (ours.or(quick), theirs)
            } else {
                (ours, theirs.or(quick))
            };
            if ours.total as i8 >= target {
                return (true, ours.relevant(pos, target as u8));
            }
            let enough = most - target + 1;
            if theirs.total as i8 >= enough {
                return (false, theirs.relevant(pos, enough as u8));
            }
            // the tricks the leaders and the defenders need for the answer
            let (leaders, defenders) = if leading {
                (target as u8, enough as u8)
            } else {
                (enough as u8, target as u8)
            };
            if let Some(cards) = trump_length_tricks(pos, own, leaders) {
                return (leading, cards);
            }
            if let Some(cards) = later_tricks(pos, defenders) {
                return (!leading, cards);
            }
            let (shape, owners) = shape_of(pos, self.measure);
            match self.look_up(pos, shape, owners, side, target) {
                Lookup::Answer(ok, cards) => return (ok, cards),
                Lookup::TryFirst(lead) => first = lead,
            }
            at = Some((shape, owners));
        }
        let maximizing = side_of(pos, pos.to_play()) == side;
        let mut moves = ordered_moves(pos, &self.history);
        if let Some(lead) = first {
            moves.put_first(lead);
        }
        // The killer goes before even the table's hint: measured, that order searches least.
        let killer = at.and_then(|_| self.killers[usize::from(pos.tricks_left())]);
        if let Some(killer) = killer {
            moves.put_exact_first(killer);
        }
        let mut result = !maximizing;
        let mut relevant = with_tens(pos, NOTHING);
        let mut decided = None;
        // The lowest card of each suit tried so far that did not decide.
        let mut tried = [IRRELEVANT; 4];
        for &card in &moves.cards[..moves.len] {
            let suit = card.suit().index();
            let rank = card.bit() & 15;
            // A card below every relevant card of its suit, like one already tried that did not
            // decide, is equivalent to that one here: it cannot decide either.
            if tried[suit] < relevant[suit] && rank < relevant[suit] {
                continue;
            }
            let (next, won) = child(pos, card);
            let (ok, mut cards) = self.search(&next, side, target - self.measure.gain(pos, &next, side));
            if won.is_some() {
                decided_by_rank(pos, card, &mut cards);
            }
            if ok == maximizing {
                result = maximizing;
                relevant = cards;
                decided = Some(card);
                if at.is_some() {
                    self.killers[usize::from(pos.tricks_left())] = Some(card);
                    self.history.record(pos.to_play(), card, pos.tricks_left());
                }
                break;
            }
            relevant = union(relevant, cards);
            tried[suit] = tried[suit].min(rank);
        }
        if decided.is_none() {
            extend_through_runs(pos, &mut relevant);
        }
        let relevant = with_tens(pos, relevant);
        if let Some((shape, owners)) = at
            && !self.clock.out_of_time()
        {
            let answer = Answer {
                relevant,
                side,
                target,
                result,
                lead: decided,
            };
            self.store(pos, shape, owners, &answer);
        }
        (result, relevant)
    }

    /// An answer the table holds for a position of this shape whose relevant cards lie as here.
    /// An entry that answers moves halfway to the front of its bucket, so that the useful ones are
    /// met first (measured: faster than one place up, or all the way).
    fn look_up(&mut self, pos: &PlayState, shape: Shape, owners: Owners, side: u8, target: i8) -> Lookup {
        let most = self.measure.stake(pos) as i8;
        let Some(bucket) = self.table.get_mut(&shape) else {
            return Lookup::TryFirst(None);
        };
        let mut lead = NO_LEAD;
        for i in 0..bucket.len() {
            let entry = bucket[i];
            if !entry.fits(owners) {
                continue;
            }
            let (lo0, hi0) = entry.bounds;
            let (lo, hi) = if side == 0 {
                (lo0 as i8, hi0 as i8)
            } else {
                (most - hi0 as i8, most - lo0 as i8)
            };
            if lo >= target || hi < target {
                if i > 0 {
                    bucket.swap(i, i / 2);
                }
                return Lookup::Answer(lo >= target, relevant_of(pos, entry.mask));
            }
            if lead == NO_LEAD {
                lead = entry.lead;
            }
        }
        Lookup::TryFirst(card_at_place(pos, lead))
    }

    fn store(&mut self, pos: &PlayState, shape: Shape, owners: Owners, answer: &Answer) {
        let Answer {
            relevant,
            side,
            target,
            result,
            lead,
        } = *answer;
        let most = self.measure.stake(pos);
        let mask = mask_of(pos, relevant);
        let owners = owners & mask;
        let bucket = self.table.entry(shape).or_default();
        let at = match bucket.iter().position(|e| e.mask == mask && e.owners == owners) {
            Some(at) => at,
            None => {
                bucket.push(Entry {
                    mask,
                    owners,
                    bounds: (0, most),
                    lead: NO_LEAD,
                });
                self.entries += 1;
                bucket.len() - 1
            }
        };
        if let Some(card) = lead {
            bucket[at].lead = place_of(pos, card);
        }
        let bounds = &mut bucket[at].bounds;
        let target = target as u8;
        match (side == 0, result) {
            (true, true) => bounds.0 = bounds.0.max(target),
            (true, false) => bounds.1 = bounds.1.min(target - 1),
            (false, true) => bounds.1 = bounds.1.min(most - target),
            (false, false) => bounds.0 = bounds.0.max(most - target + 1),
        }
    }
}

/// One search's answer at the start of a trick, as the table keeps it.
struct Answer {
    relevant: Relevant,
    side: u8,
    target: i8,
    result: bool,
    /// The card that decided it, if one did.
    lead: Option<Card>,
}

/// A card as its suit and its place from the top among the cards of its suit still held.
fn place_of(pos: &PlayState, card: Card) -> u8 {
    let hands = bits_of(pos);
    let all = held(&hands);
    let bit = card.bit();
    let suit = bit >> 4;
    let lane = (all >> (u32::from(suit) * 16)) & LANE;
    let above = count(lane >> (bit & 15)) - 1;
    suit * 16 + above as u8
}

/// The card at a place of [`place_of`], if the seat to play holds it.
fn card_at_place(pos: &PlayState, place: u8) -> Option<Card> {
    if place == NO_LEAD {
        return None;
    }
    let hands = bits_of(pos);
    let all = held(&hands);
    let suit = place >> 4;
    let shift = u32::from(suit) * 16;
    let lane = (all >> shift) & LANE;
    let n = u32::from(place & 15) + 1;
    if count(lane) < n {
        return None;
    }
    let bit = nth_from_top(lane, n) + suit * 16;
    let mine = hands[pos.to_play().index()];
    if mine >> bit & 1 == 0 {
        return None;
    }
    Card::from_bit(bit)
}

/// The shape of a position at the start of a trick, and who holds each card.
fn shape_of(pos: &PlayState, measure: Measure) -> (Shape, Owners) {
    let hands = bits_of(pos);
    let low = hands[1] | hands[3];
    let high = hands[2] | hands[3];
    let all = held(&hands);
    let mut lengths = 0u64;
    let mut owners = 0u128;
    // the holder's number in two bits for each card still held, from the top of each suit
    for suit in 0..4 {
        let shift = suit * 16;
        let mut bits = (all >> shift) & LANE;
        let mut out = 0u64;
        let mut at = 0;
        while bits != 0 {
            let top = 63 - bits.leading_zeros();
            let card = top + shift;
            let seat = (low >> card & 1) | (high >> card & 1) << 1;
            out |= seat << at;
            lengths += 1 << ((seat * 4 + u64::from(suit)) * 4);
            at += 2;
            bits &= !(1 << top);
        }
        owners |= u128::from(out) << (32 * suit);
    }
    (
        Shape {
            lengths,
            leader: pos.leader().index() as u8,
            heap: heap_of(pos),
            tens: tens_of(pos) | measure.mark(),
        },
        owners,
    )
}

/// Under Mindi, the tens of a position at the start of a trick for its shape: those on the heap,
/// and in each suit the place of its ten from the top among the cards still held (from 1; 0 if
/// nobody holds it). Positions with the same relevant cards but a ten elsewhere are worth more or
/// less, so they share no answer.
fn tens_of(pos: &PlayState) -> u32 {
    if !pos.counts_tens() {
        return 0;
    }
    let all = held(&bits_of(pos));
    let mut out = u32::from(pos.heap().map_or(0, |heap| heap.tens));
    for suit in 0..4 {
        let lane = (all >> (suit * 16)) & LANE;
        let place = if lane >> 8 & 1 == 0 { 0 } else { count(lane >> 8) };
        out |= place << (4 + 4 * suit);
    }
    out
}

/// Under Mindi, every ten still held as relevant: its holder decides whose tricks it lands in.
fn with_tens(pos: &PlayState, mut relevant: Relevant) -> Relevant {
    if pos.counts_tens() {
        let tens = held(&bits_of(pos)) & TENS;
        let mut bits = tens;
        while bits != 0 {
            mark(&mut relevant, bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
    }
    relevant
}

/// The relevant cards of a position at the start of a trick as owner bits: two for each card of
/// a suit from the top down to the lowest relevant one.
fn mask_of(pos: &PlayState, relevant: Relevant) -> u128 {
    let hands = bits_of(pos);
    let all = held(&hands);
    let mut mask = 0u128;
    for (suit, &from) in relevant.iter().enumerate() {
        if from >= IRRELEVANT {
            continue;
        }
        let n = count(((all >> (suit * 16)) & LANE) >> from);
        mask |= ((1u128 << (2 * n)) - 1) << (32 * suit);
    }
    mask
}

/// The relevant cards of a table entry, in this position's ranks: the same number of top cards
/// of each suit.
fn relevant_of(pos: &PlayState, mask: u128) -> Relevant {
    let hands = bits_of(pos);
    let all = held(&hands);
    let mut out = NOTHING;
    for (suit, from) in out.iter_mut().enumerate() {
        let n = ((mask >> (32 * suit)) as u32).count_ones() / 2;
        if n > 0 {
            *from = nth_from_top((all >> (suit * 16)) & LANE, n);
        }
    }
    out
}

/// When `card` completes a trick, the rank of its winner decided it if another card of the
/// winning suit was played to it: that card becomes relevant.
fn decided_by_rank(pos: &PlayState, card: Card, relevant: &mut Relevant) {
    let Some((_, best)) = pos.winning() else {
        return;
    };
    let trumps = trump_number(pos);
    let winner = if beats(card.bit(), best.bit(), trumps) {
        card
    } else {
        best
    };
    let (_, trick) = pos.trick();
    let same = trick
        .iter()
        .chain(std::iter::once(&card))
        .filter(|c| c.suit() == winner.suit())
        .count();
    if same >= 2 {
        mark(relevant, winner.bit());
    }
}

/// Where every card of the seat to play was refuted, the search tried one card of each run of
/// touching cards: where the lowest relevant card of a suit is in such a run, the answer holds
/// for the others of the run only if they are relevant too. (Where one card decided, the others
/// did not matter.)
fn extend_through_runs(pos: &PlayState, relevant: &mut Relevant) {
    let hands = bits_of(pos);
    let mine = hands[pos.to_play().index()];
    let (_, trick) = pos.trick();
    let mut occupied = held(&hands);
    for c in trick {
        occupied |= 1 << c.bit();
    }
    for (suit, from) in relevant.iter_mut().enumerate() {
        if *from >= IRRELEVANT {
            continue;
        }
        let shift = suit * 16;
        let lane = (occupied >> shift) & LANE;
        let held = (mine >> shift) & LANE;
        let up = lane >> *from << *from;
        if up == 0 {
            continue;
        }
        let mut lowest = up.trailing_zeros();
        while held >> lowest & 1 != 0 {
            let below = lane & ((1 << lowest) - 1);
            if below == 0 || held >> (63 - below.leading_zeros()) & 1 == 0 {
                break;
            }
            lowest = 63 - below.leading_zeros();
        }
        *from = (*from).min(lowest as u8);
    }
}

/// Every card still held, as card bits.
#[inline]
fn held(hands: &[u64; 4]) -> u64 {
    hands[0] | hands[1] | hands[2] | hands[3]
}

/// The four hands as card bits.
#[inline]
fn bits_of(pos: &PlayState) -> [u64; 4] {
    pos.hands().map(CardSet::bits)
}

/// Tricks the side on lead can cash at once, a lower bound: the leader's run of top trumps, and in
/// each other suit its run of top cards, counted only as far as every opponent who still holds a
/// trump must follow suit; or the same of partner's cards, where the leader can reach partner.
fn quick_tricks(pos: &PlayState) -> Sure {
    let me = pos.leader().index();
    quick_tricks_from(pos, cashing(pos, me).1)
}

/// [`quick_tricks`], given what the leader could cash itself.
///
/// Where the leader can reach partner's top cards, the leader cashes its own first and then
/// leads to partner, who cashes the rest: both counts add up as long as partner can follow or
/// discard on the leader's tricks without throwing one of its own, that is while the two counts
/// together are no more than the cards each hand holds. The opponents who hold trumps after the
/// leader's have been played follow suit to every trick counted, so they keep the cards of the
/// suit that reaches partner, and discard nothing that would let them ruff partner's tricks.
fn quick_tricks_from(pos: &PlayState, own: Sure) -> Sure {
    let me = pos.leader().index();
    let partner = (me + 2) & 3;
    let Some(entry) = entry_to(pos, me, partner) else {
        return own;
    };
    let mut theirs = cashing(pos, partner).1;
    theirs.entry = Some(entry);
    if own.total + theirs.total <= pos.tricks_left() {
        let mut cash = own.cash;
        for (c, t) in cash.iter_mut().zip(theirs.cash) {
            *c += t;
        }
        return Sure {
            cash,
            total: own.total + theirs.total,
            drawn: own.drawn.max(theirs.drawn),
            entry: Some(entry),
        };
    }
    own.or(theirs)
}

/// A suit in which `me` can lead to a card of partner's that wins the trick whatever the
/// opponents hold: partner holds its top card, `me` a card of it, and every opponent holding a
/// trump must follow it (or it is the trump suit).
fn entry_to(pos: &PlayState, me: usize, partner: usize) -> Option<u8> {
    let hands = bits_of(pos);
    let all = held(&hands);
    let trumps = trump_number(pos);
    let trump_lane = trump_lane_of(pos);
    (0..4u32)
        .find(|&suit| {
            let shift = suit * 16;
            let lane = |h: u64| (h >> shift) & LANE;
            let suit_all = lane(all);
            suit_all != 0
                && lane(hands[me]) != 0
                && lane(hands[partner]) >> (63 - suit_all.leading_zeros()) != 0
                && (suit == u32::from(trumps)
                    || [(me + 1) & 3, (me + 3) & 3]
                        .iter()
                        .all(|&o| hands[o] & trump_lane == 0 || lane(hands[o]) != 0))
        })
        .map(|suit| suit as u8)
}

/// The tricks `me` could cash from the lead: in each suit its run of top cards, counted only as
/// far as every opponent who still holds a trump must follow suit. Twice: as the cards lie, and
/// with `me`'s top trumps cashed first, which leave without trumps the opponents who hold no
/// more trumps than they are, so that only the others can ruff.
fn cashing(pos: &PlayState, me: usize) -> (Sure, Sure) {
    let hands = bits_of(pos);
    let trumps = trump_number(pos);
    let opponents = [(me + 1) & 3, (me + 3) & 3];
    let all = held(&hands);
    let run_of = |shift: u32| top_run((hands[me] >> shift) & LANE, (all >> shift) & LANE);
    let (top_trumps, ruff_lengths) = if trumps == NO_TRUMPS {
        (0, [None; 2])
    } else {
        let trump_shift = u32::from(trumps) * 16;
        (
            run_of(trump_shift),
            opponents.map(|o| Some(count(hands[o] >> trump_shift))),
        )
    };
    let mut plain = Sure::NONE;
    let mut drawn = Sure::NONE;
    for suit in 0..4u32 {
        let shift = suit * 16;
        let run = run_of(shift);
        if run == 0 {
            continue;
        }
        let (at_once, after) = if suit == u32::from(trumps) {
            (run, run)
        } else {
            // the lengths in this suit of the opponents who could ruff, before and after
            let mut at_once = run;
            let mut after = run;
            for (&o, trumps_held) in opponents.iter().zip(ruff_lengths) {
                let Some(held) = trumps_held.filter(|&t| t > 0) else {
                    continue;
                };
                let length = count(hands[o] >> shift);
                at_once = at_once.min(length);
                if held > top_trumps {
                    after = after.min(length);
                }
            }
            (at_once, after)
        };
        plain.cash[suit as usize] = at_once as u8;
        plain.total += at_once as u8;
        drawn.cash[suit as usize] = after as u8;
        drawn.total += after as u8;
    }
    let left = pos.tricks_left();
    plain.total = plain.total.min(left);
    if drawn.total > plain.total {
        drawn.drawn = top_trumps as u8;
    }
    drawn.total = drawn.total.min(left);
    (plain, drawn)
}

/// Tricks one seat is sure of: in each suit, each of the top `cash` cards (all the seat's) wins
/// one, and `total` of them can be taken. They depend on those cards and on suit lengths only.
#[derive(Clone, Copy)]
struct Sure {
    cash: [u8; 4],
    total: u8,
    /// The top trumps that must be played first for the count to hold (0 if none must).
    drawn: u8,
    /// The suit whose top card is the way to partner's tricks, where partner's are counted.
    entry: Option<u8>,
}

impl Sure {
    const NONE: Sure = Sure {
        cash: [0; 4],
        total: 0,
        drawn: 0,
        entry: None,
    };

    /// The larger of two counts.
    fn or(self, other: Sure) -> Sure {
        if other.total > self.total { other } else { self }
    }

    /// The cards that prove `need` of these tricks: the top cards of as few suits as will do.
    fn relevant(&self, pos: &PlayState, need: u8) -> Relevant {
        let hands = bits_of(pos);
        let all = held(&hands);
        let mut suits = [0usize, 1, 2, 3];
        suits.sort_by_key(|&s| std::cmp::Reverse(self.cash[s]));
        let mut relevant = NOTHING;
        let mut need = need;
        for suit in suits {
            if need == 0 || self.cash[suit] == 0 {
                break;
            }
            let take = self.cash[suit].min(need);
            relevant[suit] = nth_from_top((all >> (suit * 16)) & LANE, u32::from(take));
            need -= take;
        }
        if self.drawn > 0
            && let Some(trumps) = pos.trumps()
        {
            let suit = trumps as usize;
            let top = nth_from_top((all >> (suit * 16)) & LANE, u32::from(self.drawn));
            relevant[suit] = relevant[suit].min(top);
        }
        if let Some(suit) = self.entry {
            let top = nth_from_top((all >> (suit * 16)) & LANE, 1);
            relevant[usize::from(suit)] = relevant[usize::from(suit)].min(top);
        }
        relevant
    }
}

/// The rank of the `n`th highest card of a suit's lane (`n` from 1).
fn nth_from_top(mut lane: u64, n: u32) -> u8 {
    let mut rank = IRRELEVANT;
    for _ in 0..n {
        let top = 63 - lane.leading_zeros();
        rank = top as u8;
        lane &= !(1 << top);
    }
    rank
}

/// How promising a lead is, for move ordering: cash a suit's top card; give partner a ruff; lead
/// low toward partner's top card; otherwise lead low, trumps last but for leads the other side
/// ruffs.
fn lead_score(hands: &[u64; 4], trumps: u8, me: usize, card: u8, occupied: u64) -> i32 {
    let suit = card >> 4;
    let shift = u32::from(suit) * 16;
    let lane = |h: u64| (h >> shift) & LANE;
    let suit_all = lane(occupied);
    let top = 63 - suit_all.leading_zeros();
    let mine = lane(hands[me]);
    let partner = lane(hands[(me + 2) & 3]);
    let rank = i32::from(card & 15);
    let length = count(mine) as i32;
    if suit != trumps && trumps != NO_TRUMPS {
        let trump_lane = LANE << (u32::from(trumps) * 16);
        let ruffs = |seat: usize| lane(hands[seat]) == 0 && hands[seat] & trump_lane != 0;
        // the next hand ruffs it
        if ruffs((me + 1) & 3) {
            return 5 - rank;
        }
        // partner ruffs it, and the last hand cannot overruff for want of the suit
        if ruffs((me + 2) & 3) && lane(hands[(me + 3) & 3]) != 0 {
            return 90 - rank;
        }
        // the last hand ruffs it
        if ruffs((me + 3) & 3) {
            return 15 - rank;
        }
    }
    if mine & (1 << top) != 0 && u32::from(card & 15) == top {
        return 100 + length;
    }
    if partner & (1 << top) != 0 {
        return 80 - rank;
    }
    // low cards first; trumps after the other suits, but ahead of a lead the last hand ruffs
    // (measured: the length of the suit, or who holds more trumps, ordered worse)
    if suit == trumps {
        return 30 - rank;
    }
    40 - rank
}

/// Can a hand play a card that beats `card` in a trick whose led suit is `led`?
fn overtakes(hand: u64, card: u8, led: u8, trumps: u8) -> bool {
    let lane = |suit: u8| (hand >> (u32::from(suit) * 16)) & LANE;
    let follow = lane(led);
    if follow != 0 {
        return card >> 4 == led && 63 - follow.leading_zeros() > u32::from(card & 15);
    }
    if trumps == NO_TRUMPS {
        return false;
    }
    let trump = lane(trumps);
    trump != 0 && (card >> 4 != trumps || 63 - trump.leading_zeros() > u32::from(card & 15))
}

/// Tricks each side is sure of from its top trumps: a run of the highest trumps held by one
/// player wins a trick with each card, whenever it is played (nobody holds a higher one, and its
/// holder plays one card a trick). Returns (`side`'s, the other side's).
fn sure_trump_tricks(pos: &PlayState, side: u8) -> (Sure, Sure) {
    let none = (Sure::NONE, Sure::NONE);
    let trumps = trump_number(pos);
    if trumps == NO_TRUMPS {
        return none;
    }
    let shift = u32::from(trumps) * 16;
    let lanes = bits_of(pos).map(|h| (h >> shift) & LANE);
    let all = lanes[0] | lanes[1] | lanes[2] | lanes[3];
    if all == 0 {
        return none;
    }
    let top = 63 - all.leading_zeros();
    let Some(holder) = (0..4).find(|&s| lanes[s] & (1 << top) != 0) else {
        return none;
    };
    let run = top_run(lanes[holder], all) as u8;
    let mut cash = [0; 4];
    cash[usize::from(trumps)] = run;
    let sure = Sure {
        cash,
        total: run,
        drawn: 0,
        entry: None,
    };
    if side_of(pos, Seat::ALL[holder]) == side {
        (sure, Sure::NONE)
    } else {
        (Sure::NONE, sure)
    }
}

/// Can the side on lead take `need` tricks with the length of its trumps and the top cards its
/// leader can cash (`cash`, as [`cashing`] counts them)? With the cards that depends on.
///
/// Every trump of a hand is played to a trick of its own, which its side wins unless the other
/// side plays a higher trump to it, and each of the other side's trumps can do that once: so the
/// side wins as many tricks as the hand has trumps beyond the other side's count. Besides those,
/// the leader cashes its top cards of the other suits, on tricks the hand plays no trump to: its
/// own leads, or where partner leads, as many as the hand has other cards to play.
fn trump_length_tricks(pos: &PlayState, mut cash: Sure, need: u8) -> Option<Relevant> {
    let trumps = trump_number(pos);
    if trumps == NO_TRUMPS {
        return None;
    }
    let hands = bits_of(pos);
    let lengths = hands.map(|h| count(h >> (u32::from(trumps) * 16)));
    let leader = pos.leader().index();
    cash.total -= cash.cash[usize::from(trumps)].min(cash.total);
    cash.cash[usize::from(trumps)] = 0;
    for hand in [leader, (leader + 2) & 3] {
        let sure = trumps_beyond(&lengths, hand) as u8;
        if sure == 0 {
            continue;
        }
        let others = (hands[hand].count_ones() - lengths[hand]) as u8;
        let extra = if hand == leader {
            cash.total
        } else {
            cash.total.min(others)
        };
        if sure >= need {
            return Some(NOTHING);
        }
        if sure + extra >= need {
            return Some(cash.relevant(pos, need - sure));
        }
    }
    None
}

/// How many trumps `hand` holds beyond the count of the other side's (see
/// [`trump_length_tricks`]), from the trump lengths of the four hands.
fn trumps_beyond(lengths: &[u32; 4], hand: usize) -> u32 {
    lengths[hand].saturating_sub(lengths[(hand + 1) & 3] + lengths[(hand + 3) & 3])
}

/// Can the side not on lead take `need` tricks, by bounds that hold whatever the leaders do?
/// With the cards that depends on:
/// - every trump of the defenders' longer trump holding beyond the leaders' count of trumps (as
///   in [`trump_length_tricks`]);
/// - with no trumps in play, one trick if the leaders cannot take them all: they win tricks only
///   in suits they lead, and in a suit whose top card a defender holds only once the defender has
///   thrown it, which a defender never has to do while holding another card; so the leaders take
///   at most, in the suits whose top card they hold, the longer of their two holdings;
/// - one trick for the top trump, two for the top two when one defender holds both or either
///   holds another trump to keep them apart, one for the second trump guarded behind the top one
///   or backed by the third.
fn later_tricks(pos: &PlayState, need: u8) -> Option<Relevant> {
    let hands = bits_of(pos);
    let leader = pos.leader().index();
    let leaders = [leader, (leader + 2) & 3];
    let defenders = [(leader + 1) & 3, (leader + 3) & 3];
    let trumps = trump_number(pos);
    let lanes = if trumps == NO_TRUMPS {
        [0; 4]
    } else {
        hands.map(|h| (h >> (u32::from(trumps) * 16)) & LANE)
    };
    let trump_all = lanes[0] | lanes[1] | lanes[2] | lanes[3];
    if trump_all == 0 {
        return if need == 1 {
            leaders_lose_one(pos, &hands, leaders)
        } else {
            None
        };
    }
    let lengths = lanes.map(count);
    let length = |seat: usize| lengths[seat];
    if defenders
        .iter()
        .any(|&seat| trumps_beyond(&lengths, seat) >= u32::from(need))
    {
        return Some(NOTHING);
    }
    if need > 2 {
        return None;
    }
    // the holders of the three top trumps
    let mut order = [None; 3];
    let mut rest = trump_all;
    for slot in &mut order {
        if rest == 0 {
            break;
        }
        let top = 63 - rest.leading_zeros();
        *slot = (0..4).find(|&seat| lanes[seat] >> top & 1 == 1);
        rest &= !(1 << top);
    }
    let defends = |seat: Option<usize>| seat.is_some_and(|seat| defenders.contains(&seat));
    let guarded = |seat: usize| length(seat) > 1;
    let (tricks, down_to) = match order {
        [top, Some(second), _]
            if defends(top) && defends(Some(second)) && (guarded(second) || guarded((second + 2) & 3)) =>
        {
            (2, 2)
        }
        [top, _, _] if defends(top) => (1, 1),
        // the second trump guarded, sitting just after the top one
        [Some(top), Some(second), _]
            if defends(Some(second)) && guarded(second) && top == (second + 3) & 3 =>
        {
            (1, 2)
        }
        // the second and the third
        [_, second, third] if defends(second) && second.is_some_and(guarded) && defends(third) => (1, 3),
        _ => (0, 0),
    };
    (tricks >= need).then(|| {
        let mut relevant = NOTHING;
        mark(&mut relevant, trumps * 16 + nth_from_top(trump_all, down_to));
        relevant
    })
}

/// With no trumps in play, the leaders cannot take every trick left if, in the suits whose top
/// card they hold, the longer of their two holdings adds up to fewer cards than there are tricks
/// (see [`later_tricks`]): then the cards that proves, the defenders' top cards.
fn leaders_lose_one(pos: &PlayState, hands: &[u64; 4], leaders: [usize; 2]) -> Option<Relevant> {
    let all = held(hands);
    let mut sum = 0;
    let mut relevant = NOTHING;
    for suit in 0..4u8 {
        let lane = |seat: usize| (hands[seat] >> (u32::from(suit) * 16)) & LANE;
        let suit_all = (all >> (u32::from(suit) * 16)) & LANE;
        if suit_all == 0 {
            continue;
        }
        let top = (63 - suit_all.leading_zeros()) as u8;
        if leaders.iter().any(|&seat| lane(seat) >> top & 1 == 1) {
            sum += count(lane(leaders[0])).max(count(lane(leaders[1])));
        } else {
            mark(&mut relevant, suit * 16 + top);
        }
    }
    (sum < u32::from(pos.tricks_left())).then_some(relevant)
}

/// The team sure to win the trick in progress whatever is played to it, with the cards that
/// depend on, where that is plain: nobody still to play can ruff, and the highest card of the
/// suit led still to come, or else the card winning now, takes it; or the card winning now is a
/// trump and nobody still to play who could ruff holds a higher one.
fn sure_winner(pos: &PlayState) -> Option<(u8, Relevant)> {
    let (winner, best) = pos.winning()?;
    let (_, trick) = pos.trick();
    let hands = bits_of(pos);
    let trumps = trump_number(pos);
    let led = trick[0].bit() >> 4;
    let lane = |seat: usize, suit: u8| (hands[seat] >> (u32::from(suit) * 16)) & LANE;
    let first = pos.to_play().index();
    let to_come = (0..4 - trick.len()).map(|i| (first + i) & 3);
    let could_ruff =
        |seat: usize| trumps != NO_TRUMPS && led != trumps && lane(seat, led) == 0 && lane(seat, trumps) != 0;
    let best_bit = best.bit();
    let mut relevant = NOTHING;
    if best_bit >> 4 != led {
        // ruffed: sure if nobody to come can overruff
        let above = |seat: usize| could_ruff(seat) && lane(seat, trumps) >> (best_bit & 15) > 1;
        if to_come.clone().any(above) {
            return None;
        }
        if to_come.clone().any(could_ruff) {
            mark(&mut relevant, best_bit);
        }
        return Some((side_of(pos, winner), relevant));
    }
    if to_come.clone().any(could_ruff) {
        return None;
    }
    // the highest card of the suit led among those to come, if above the card winning now
    let mut top = (best_bit & 15, winner.index());
    for seat in to_come {
        let mine = lane(seat, led);
        if mine != 0 {
            let high = (63 - mine.leading_zeros()) as u8;
            if high > top.0 {
                top = (high, seat);
            }
        }
    }
    mark(&mut relevant, led * 16 + top.0);
    Some((side_of(pos, Seat::ALL[top.1]), relevant))
}

/// What fills the unused end of [`Moves`].
const FILLER: Card = Card::new(Suit::Spades, Rank::TWO);

/// Up to 13 cards to try, in order.
struct Moves {
    cards: [Card; 13],
    len: usize,
}

impl Moves {
    /// Tries `card` itself first, if it is among the moves.
    fn put_exact_first(&mut self, card: Card) {
        if let Some(at) = self.cards[..self.len].iter().position(|&c| c == card) {
            self.cards[..=at].rotate_right(1);
        }
    }

    /// Tries first the card of `card`'s run (the lowest card tried at or above it in its suit).
    fn put_first(&mut self, card: Card) {
        let at = self.cards[..self.len]
            .iter()
            .enumerate()
            .filter(|(_, c)| c.suit() == card.suit() && c.bit() >= card.bit())
            .min_by_key(|(_, c)| c.bit())
            .map(|(i, _)| i);
        if let Some(at) = at {
            self.cards[..=at].rotate_right(1);
        }
    }
}

/// One card of each group of equivalent cards, likely winners first.
fn ordered_moves(pos: &PlayState, history: &History) -> Moves {
    let hands = bits_of(pos);
    let trumps = trump_number(pos);
    let me = pos.to_play().index();
    let legal = pos.legal().bits();
    let (_, trick) = pos.trick();
    let mut occupied = held(&hands);
    for c in trick {
        occupied |= 1 << c.bit();
    }
    // representatives: the highest card of each run of the player's cards that no other card
    // still in play separates; under Mindi a ten is a run of its own
    let tens = if pos.counts_tens() { TENS } else { 0 };
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
            if b.is_multiple_of(16) || tens >> b & 1 != 0 {
                break;
            }
            let below = occupied & ((1u64 << b) - 1) & (LANE << (b & !15));
            if below == 0 {
                break;
            }
            let next = 63 - below.leading_zeros();
            if legal & (1 << next) == 0 || tens >> next & 1 != 0 {
                break;
            }
            b = next;
        }
    }
    // each card's sort key computed once (a sort that asks for keys as it compares measured
    // slower), (order, rank) packed as order * 256 + rank + 128
    let mut keys = [0i32; 13];
    let pack = |(order, rank): (i32, i32)| order * 256 + rank + 128;
    match pos.winning() {
        None => {
            for (k, &c) in keys.iter_mut().zip(&reps[..n]) {
                *k = -(lead_score(&hands, trumps, me, c, occupied) + history.bonus(me, c));
            }
        }
        Some((winner, best)) => {
            let partner_wins = winner.index() == (me + 2) & 3;
            let led = trick[0].bit() >> 4;
            let after = hands[(me + 1) & 3];
            for (k, &c) in keys.iter_mut().zip(&reps[..n]) {
                let wins = beats(c, best.bit(), trumps);
                // a discard comes from the longest suit first (measured: sparing the suits where
                // the hand or partner holds the top card searched more)
                let rank = if c >> 4 != led && !wins {
                    i32::from(c & 15) - 6 * count(hands[me] >> (u32::from(c >> 4) * 16)) as i32
                } else {
                    i32::from(c & 15)
                };
                // the order, the rank, and whether the trick is then sure to be the side's
                let (order, rank, ours) = match trick.len() {
                    // third hand: only the last hand, an opponent, plays after
                    2 => {
                        let taken = |card: u8| overtakes(after, card, led, trumps);
                        match (partner_wins, wins) {
                            (true, false) if !taken(best.bit()) => (0, rank, true),
                            (true, false) => (1, rank, false),
                            (_, true) if !taken(c) => (0, rank, true),
                            (_, true) => (2, -rank, false),
                            (false, false) => (1, rank, false),
                        }
                    }
                    // second hand: an opponent plays third, partner last
                    1 => {
                        if !wins {
                            (1, rank, false)
                        } else if overtakes(after, c, led, trumps) {
                            (2, rank, false)
                        } else {
                            (0, rank, true)
                        }
                    }
                    // last hand: win as cheaply as possible, or throw the lowest card
                    _ => match (partner_wins, wins) {
                        (true, false) | (false, true) => (0, rank, true),
                        (true, true) => (1, rank, true),
                        (false, false) => (1, rank, false),
                    },
                };
                // under Mindi a ten goes first into a trick the side is sure of, last elsewhere
                // (measured: a third fewer nodes on ten deals played to their second trick)
                let order = match (tens >> c & 1 != 0, ours) {
                    (false, _) => order,
                    (true, true) => -1,
                    (true, false) => 3,
                };
                *k = pack((order, rank));
            }
        }
    }
    // the place of each card after its key keeps cards of equal keys in the order found
    let mut order = [0i32; 13];
    for (i, (slot, key)) in order.iter_mut().zip(&keys[..n]).enumerate() {
        *slot = key * 16 + i as i32;
    }
    order[..n].sort_unstable();
    let mut cards = [FILLER; 13];
    for (slot, c) in cards.iter_mut().zip(
        order[..n]
            .iter()
            .filter_map(|&k| Card::from_bit(reps[(k & 15) as usize])),
    ) {
        *slot = c;
    }
    Moves { cards, len: n }
}
